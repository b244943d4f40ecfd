"""MTGJSON `AtomicCards` (`{"data": {name: [face, ...]}}`) from `.json`, `.json.xz`, `.json.gz`
or a `.zip` holding one `.json`.

The whole document is read with `json.load` (measured: ~1 s for the 29,521-card pool, inside the
10 s budget), then each name is turned into a Card on its own: a bad record becomes an
`ImportIssue` with its JSON path and never takes a neighbour down. Unknown keys are ignored.
The source's `colorIdentity` is kept in `Card.source_identity` so mismatches can be reported.
"""

from __future__ import annotations

import gzip
import json
import lzma
import os
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any, TypeAlias

from deckeditor.deckfile.lone_surrogates import refuse_in_json_bytes
from deckeditor.games.mtg.build import ImportIssue, build_card, parse_type_line
from deckeditor.games.mtg.card import Card, Face, Layout
from deckeditor.games.mtg.colors import letters, mask
from deckeditor.games.mtg.identity import card_identity
from deckeditor.games.mtg.legality import encode, source_day, with_statement
from deckeditor.games.mtg.mana import ManaCostError, cost_colors, mana_value, symbols
from deckeditor.games.mtg.set_calendar import first_day
from deckeditor.readlimits import check_size, read_limited, zip_entries

Progress = Callable[[int, int | None], object]


class MtgjsonError(ValueError):
    """The file as a whole cannot be used (not JSON, no `data` object)."""


def open_json_bytes(path: str | os.PathLike[str]) -> bytes:
    """The raw JSON bytes of a `.json`, `.json.xz`, `.json.gz` or single-JSON `.zip`, within
    the size limits of `deckeditor.readlimits` (TooLarge, a ValueError, past them)."""
    p = Path(path)
    size = p.stat().st_size
    with open(p, "rb") as fh:
        head = fh.read(6)
    if head.startswith(b"\xfd7zXZ"):
        with lzma.open(p) as fh:
            return read_limited(fh, str(p), compressed=size)
    if head.startswith(b"\x1f\x8b"):
        with gzip.open(p) as fh:
            return read_limited(fh, str(p), compressed=size)
    if head.startswith(b"PK"):
        with zipfile.ZipFile(p) as zf:
            zip_entries(zf, str(p))  # refuses overlapping and encrypted entries
            names = [n for n in zf.namelist() if n.lower().endswith(".json")]
            if not names:
                raise MtgjsonError(f"{p}: the zip holds no .json file")
            info = zf.getinfo(names[0])
            what = f"{p}:{names[0]}"
            check_size(what, info.file_size, compressed=info.compress_size)
            with zf.open(info) as fh:
                return read_limited(fh, what, compressed=info.compress_size)
    check_size(str(p), size)
    with open(p, "rb") as fh:
        return read_limited(fh, str(p))


def load_document(path: str | os.PathLike[str]) -> Any:
    """The whole JSON document (any JSON value); MtgjsonError when it cannot be read."""
    try:
        data = open_json_bytes(path)
        refuse_in_json_bytes(data, str(path))  # `\ud800`: a name no file or database can store
        return json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MtgjsonError(f"{path}: not valid JSON ({exc})") from None
    except (OSError, lzma.LZMAError, zipfile.BadZipFile, EOFError) as exc:
        raise MtgjsonError(f"{path}: cannot be read ({exc})") from None


def _opt_str(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (str, int, float)):
        return str(value)
    raise TypeError(f"expected a string, got {type(value).__name__}")


def _str_list(value: Any, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if type(value) is not list:
        raise TypeError(f"{key} must be a list of strings")
    try:
        "".join(value)  # a C-speed check that every item is a string
    except TypeError:
        raise TypeError(f"{key} must be a list of strings") from None
    return tuple(value)


def face_from_json(obj: dict[str, Any], name_key: str = "faceName") -> Face:
    """One MTGJSON face object -> Face. Raises TypeError/ValueError on a malformed field; the
    caller turns that into an issue naming the path."""
    if not isinstance(obj, dict):
        raise TypeError("a face must be an object")
    name = obj.get(name_key) or obj.get("name")
    if not isinstance(name, str) or not name:
        raise TypeError("face has no name")
    cost = obj.get("manaCost") or ""
    if not isinstance(cost, str):
        raise TypeError("manaCost must be a string")
    if "{" not in cost and cost:
        raise ManaCostError(f"manaCost {cost!r} is not in {{}} notation")
    colors_list = obj.get("colors")
    colors = (
        mask("".join(_str_list(colors_list, "colors")))
        if colors_list is not None
        else cost_colors(cost)
    )
    indicator = obj.get("colorIndicator")
    ind_mask = mask("".join(_str_list(indicator, "colorIndicator"))) if indicator else None
    if "types" in obj:
        supers = _str_list(obj.get("supertypes"), "supertypes")
        types = _str_list(obj.get("types"), "types")
        subs = _str_list(obj.get("subtypes"), "subtypes")
    else:
        supers, types, subs = parse_type_line(str(obj.get("type") or ""))
    text = obj.get("text") or ""
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    face_mv = obj.get("faceManaValue")
    mv = float(face_mv) if isinstance(face_mv, (int, float)) else mana_value(cost)
    return Face(
        name=name,
        mana_cost=cost,
        colors=colors,
        color_indicator=ind_mask,
        supertypes=supers,
        types=types,
        subtypes=subs,
        power=_opt_str(obj.get("power")),
        toughness=_opt_str(obj.get("toughness")),
        loyalty=_opt_str(obj.get("loyalty")),
        defense=_opt_str(obj.get("defense")),
        oracle_text=text,
        keywords=_str_list(obj.get("keywords"), "keywords"),
        mana_value=mv,
    )


def _side_order(obj: Any) -> str:
    if not isinstance(obj, dict):
        return "z"
    side = obj.get("side")
    return side if isinstance(side, str) else "a"


def card_from_entry(
    name: str, faces_json: Any, known: Known | None = None, also_printed: tuple[str, ...] = ()
) -> Card:
    """One `data` entry (a name and its list of face objects) -> Card. `known` gives the format
    keys the source knows (per data day), so a key a card lacks reads as "not legal";
    `also_printed` the printings of the same Oracle card under its other names (folded into it)."""
    if not isinstance(faces_json, list) or not faces_json:
        raise TypeError("the value must be a non-empty list of faces")
    ordered = faces_json if len(faces_json) == 1 else sorted(faces_json, key=_side_order)
    if is_reversible(name):
        # `Sol Ring // Sol Ring`: two printed sides of one Oracle card; the card is its front.
        ordered, name = ordered[:1], name.split(" // ")[0]
    faces = tuple(face_from_json(f) for f in ordered)
    first = ordered[0]
    layout = Layout.parse(first.get("layout"))
    # MTGJSON gives the whole card's mana value on every face; split cards sum their halves.
    if layout is Layout.SPLIT:
        mv = None
    else:
        total = first.get("manaValue", first.get("convertedManaCost"))
        mv = float(total) if isinstance(total, (int, float)) and len(faces) == 1 else None
    if mv is not None and faces[0].mana_value != mv:
        faces = (_with_mv(faces[0], mv),) + faces[1:]
    src_id = first.get("colorIdentity")
    printings = _str_list(first.get("printings"), "printings")
    for other in ordered[1:]:  # back faces may list printings the front does not
        more = _str_list(other.get("printings"), "printings")
        if more != printings:
            printings = tuple(dict.fromkeys(printings + more))
    card = build_card(
        faces,
        layout,
        name=name,
        printings=printings,
        source_identity=mask("".join(_str_list(src_id, "colorIdentity")))
        if src_id is not None
        else None,
        extra=_extra(first),
    )
    # The first printing's release day (issue 12), from the shipped set calendar.
    released = first_day(printings + also_printed, (name,))
    return _with_legality(card, ordered, known, released)


# data day -> format keys any card of that day states; "_day": the document's own day
Known: TypeAlias = dict[str, frozenset[str] | str]


def _document_day(known: Known | None) -> str:
    day = (known or {}).get("_day", "")
    return day if isinstance(day, str) else ""


def _data_day(face: dict[str, Any], default: str = "") -> str:
    printing = face.get("_sourcePrinting")
    day = printing.get("dataDate") if isinstance(printing, dict) else None
    return day if isinstance(day, str) else default


def known_keys(data: dict[str, Any], default_day: str = "") -> Known:
    """Per data day, every legality key some card of that day states: what the source knew."""
    out: dict[str, set[str]] = {}
    for faces in data.values():
        if not isinstance(faces, list):
            continue
        for face in faces:
            if isinstance(face, dict) and isinstance(face.get("legalities"), dict):
                out.setdefault(_data_day(face, default_day), set()).update(face["legalities"])
    return {day: frozenset(keys) for day, keys in out.items()}


def _with_legality(
    card: Card, ordered: list[dict[str, Any]], known: Known | None, released: str = ""
) -> Card:
    """The source's legalities (front face first; a face with an empty map says nothing) and the
    facts that decide where it says nothing."""
    default_day = _document_day(known)
    stated: dict[str, str] = {}
    day = _data_day(ordered[0], default_day)
    for face in ordered:
        legal = face.get("legalities") if isinstance(face, dict) else None
        if isinstance(legal, dict) and legal:
            stated, day = legal, _data_day(face, default_day)
            break
    keys: Iterable[str] = (known or {}).get(day, ()) if stated else ()
    # Every MTGJSON card names its source: an empty map is "unknown", said by MTGJSON.
    return with_statement(
        card,
        encode(stated, keys) if stated else "",
        f"MTGJSON {day}".strip(),
        funny=any(isinstance(f, dict) and f.get("isFunny") for f in ordered),
        non_deck=str(ordered[0].get("layout", "")).lower() in ("planar", "scheme", "vanguard"),
        # An entry of only back sides: a meld result (Brisela) stored as its own card.
        back_face=all(isinstance(f, dict) and f.get("side") not in (None, "a") for f in ordered),
        released=released,
    )


def is_reversible(name: str) -> bool:
    """`A // A`: a reversible printing, every side the same card."""
    parts = name.split(" // ")
    return len(parts) > 1 and len(set(parts)) == 1


def oracle_folds(data: dict[str, Any]) -> dict[str, list[str]]:
    """Canonical name -> the other names of the same Oracle card (same `scryfallOracleId`):
    reversible printings and Universes Beyond names. The canonical one is the plain name whose
    source states legalities (the Oracle name), else the first by name."""
    groups: dict[str, list[str]] = {}
    for name, faces in data.items():
        if not isinstance(faces, list) or not faces or not isinstance(faces[0], dict):
            continue
        ids = faces[0].get("identifiers")
        oracle = ids.get("scryfallOracleId") if isinstance(ids, dict) else None
        if isinstance(oracle, str) and oracle:
            groups.setdefault(oracle, []).append(name)
    out: dict[str, list[str]] = {}
    for names in groups.values():
        if len(names) < 2:
            continue

        def rank(n: str) -> tuple[bool, bool, str]:
            return (is_reversible(n), not data[n][0].get("legalities"), n)

        first, *rest = sorted(names, key=rank)
        out[first] = rest
    return out


def _with_mv(face: Face, mv: float) -> Face:
    return replace(face, mana_value=mv)


def _extra(first: dict[str, Any]) -> dict[str, Any]:
    """Source facts other modules may want (leadership skills for the real-data comparison)."""
    out: dict[str, Any] = {}
    skills = first.get("leadershipSkills")
    if isinstance(skills, dict):
        out["leadershipSkills"] = {k: bool(v) for k, v in skills.items()}
    if first.get("isGameChanger") is True:  # the Game Changers list when the file was made
        out["gameChanger"] = True
    return out


def iter_cards(
    path: str | os.PathLike[str], issues: list[ImportIssue], progress: Progress | None = None
) -> Iterator[Card]:
    source = str(path)
    doc = load_document(path)
    data = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(data, dict):
        raise MtgjsonError(f'{path}: no "data" object of cards (is this AtomicCards?)')
    total = len(data)
    meta = doc.get("meta") if isinstance(doc.get("meta"), dict) else {}
    stamp = meta.get("date")
    day = stamp if isinstance(stamp, str) else ""
    known = known_keys(data, day)
    known["_day"] = day
    folds = oracle_folds(data)
    folded = {other for others in folds.values() for other in others}
    for done, (name, faces_json) in enumerate(data.items(), 1):
        if name in folded:
            continue  # the same Oracle card under another name: its canonical entry carries it
        try:
            card = card_from_entry(
                name, faces_json, known, _printings_of(data, folds.get(name, ()))
            )
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            issues.append(
                ImportIssue(source, f"data[{json.dumps(name, ensure_ascii=False)}]", str(exc))
            )
        else:
            card = _statement_of_aliases(card, data, folds.get(name, ()), known)
            aliases = set(folds.get(name, ())) | {name}
            aliases.discard(card.name)
            if aliases:
                card.extra["aliases"] = sorted(aliases)
            yield card
        if progress is not None and (done % 1024 == 0 or done == total):
            progress(done, total)


def _statement_of_aliases(
    card: Card, data: dict[str, Any], names: Iterable[str], known: Known
) -> Card:
    """The newest statement among the names of one Oracle card: a canonical entry whose
    legalities are empty, or older than a folded name's (a Universes Beyond name in newer data),
    takes the folded name's (`Zombie Master // Zombie Master`)."""
    best: list[dict[str, Any]] | None = None
    best_day = source_day(card) if card.legalities else None
    for other in names:
        faces = data.get(other)
        if not isinstance(faces, list):
            continue
        stated = [f for f in faces if isinstance(f, dict) and f.get("legalities")]
        if not stated:
            continue
        day = _data_day(stated[0], _document_day(known))
        if best_day is None or day > best_day.isoformat():
            try:
                best, best_day = faces, date.fromisoformat(day)
            except ValueError:
                continue
    return card if best is None else _with_legality(card, best, known, card.released)


def _printings_of(data: dict[str, Any], names: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for other in names:
        for face in data.get(other) or ():
            if isinstance(face, dict) and isinstance(face.get("printings"), list):
                out.extend(c for c in face["printings"] if isinstance(c, str))
    return tuple(out)


def load_mtgjson(
    path: str | os.PathLike[str], progress: Progress | None = None
) -> tuple[list[Card], list[ImportIssue]]:
    issues: list[ImportIssue] = []
    cards = list(iter_cards(path, issues, progress))
    report_identity_mismatches(cards, source=str(path), issues=issues)
    return cards, issues


def report_identity_mismatches(
    cards: list[Card],
    source: str,
    issues: list[ImportIssue],
    where: str = "data[{name}].colorIdentity",
) -> None:
    """§2: identity is computed for every source; a disagreement with the source is a warning."""
    for card in cards:
        if card.source_identity is None:
            continue
        computed = card_identity(card.layout, card.faces)
        if card.source_identity != computed:
            union = (
                ""
                if computed | card.source_identity == computed
                else (f"; using {letters(card.identity)}")
            )
            issues.append(
                ImportIssue(
                    source,
                    where.format(name=json.dumps(card.name, ensure_ascii=False)),
                    f"source says {letters(card.source_identity) or 'colourless'}, "
                    f"computed {letters(computed) or 'colourless'}{union}",
                    "warning",
                )
            )


__all__ = [
    "MtgjsonError",
    "card_from_entry",
    "face_from_json",
    "iter_cards",
    "load_mtgjson",
    "symbols",
]
