"""Import Riot's card gallery JSON (`riftbound.md` §2; the shape of ../shared/data/riftbound's
`cards.json`) into Cards and Printings.

Two passes: every entry is validated and turned into a Printing (a bad entry aborts the whole
import with its key path, so the card store is never half-updated); then printings are grouped
into Cards by rules name, each Card taking its characteristics from its reference printing, and
supertypes are derived (§2.6), since the gallery has no supertype field.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from deckeditor.deckfile.lone_surrogates import refuse_in_json
from deckeditor.games.riftbound.card import (
    DOMAINS,
    TYPES,
    Card,
    CardCodeError,
    Printing,
    parse_code,
)
from deckeditor.games.riftbound.gallery_cards import GalleryIssue, build_cards
from deckeditor.names import slug

KIND = "riftbound-gallery"
GAME = "riftbound"
REQUIRED_KEYS = (
    "id", "code", "name", "setId", "type", "rarity", "domains", "energy", "power", "might",
    "mightBonus", "tags", "rulesText", "abilityHtml", "effectHtml",
)  # fmt: skip
_STR = (str,)
_OPT_STR = (str, type(None))
_KEY_TYPES = {
    "id": _STR, "code": _STR, "name": _STR, "setId": _STR, "type": _OPT_STR, "rarity": _STR,
    "domains": (list,), "energy": _OPT_STR, "power": _OPT_STR, "might": _OPT_STR,
    "mightBonus": _OPT_STR, "tags": (list,), "rulesText": _OPT_STR, "abilityHtml": _OPT_STR,
    "effectHtml": _OPT_STR,
}  # fmt: skip
_OPTIONAL_STR_KEYS = ("illustrator", "image", "orientation")
_JSON_TYPE = {str: "a string", list: "a list", type(None): "null", dict: "an object",
              int: "a number", float: "a number", bool: "a boolean"}  # fmt: skip


Entry = dict[str, Any]  # one JSON object of the gallery


class GalleryError(ValueError):
    """The file cannot be imported; the message names the key path (`cards[17].energy: …`)."""


@dataclass(slots=True)
class GalleryResult:
    kind: str
    game: str
    cards: list[Card]
    issues: list[GalleryIssue]
    tokens: list[Printing] = field(default_factory=list)
    printings_read: int = 0
    generated_at: str | None = None
    source: str | None = None


# --- HTML and glyphs (§2.3) ----------------------------------------------------------------

_GLYPHS = {
    ":rb_might:": "[S]",
    ":rb_exhaust:": "[T]",
    ":rb_rune_rainbow:": "[A]",
    ":rb_rune_fury:": "[R]",
    ":rb_rune_calm:": "[G]",
    ":rb_rune_mind:": "[B]",
    ":rb_rune_body:": "[O]",
    ":rb_rune_chaos:": "[P]",
    ":rb_rune_order:": "[Y]",
}
_GLYPH = re.compile(r":rb_(?:energy_([0-9]+)|[a-z_]+):")
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_LI = re.compile(r"<li(?:\s[^>]*)?>", re.IGNORECASE)
_BLOCK = re.compile(r"</?(?:p|ul|ol|li)(?:\s[^>]*)?>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def _glyph(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return f"[{int(m.group(1))}]"
    found: str = m.group(0)
    return _GLYPHS.get(found, found)


def html_to_text(fragment: str | None) -> str:
    """`<p>` blocks and `<br />` become lines, `<li>` a line `- …`, glyphs text symbols."""
    if not fragment:
        return ""
    text = _BR.sub("\n", fragment)
    text = _LI.sub("\n- ", text)
    text = _BLOCK.sub("\n", text)
    text = _TAG.sub("", text)
    text = html.unescape(text)
    text = _GLYPH.sub(_glyph, text)
    lines = [line.strip() for line in text.split("\n")]
    text = "\n".join(line for line in lines if line)
    return "" if text == "[NO TEXT]" else text.replace("[NO TEXT]", "").strip()


# --- validation ----------------------------------------------------------------------------


def _type_name(value: object) -> str:
    return _JSON_TYPE.get(type(value), type(value).__name__)


def _int_field(value: str | None, where: str) -> int | None:
    if value is None or value.strip() == "":
        return None
    if not re.fullmatch(r"[0-9]+", value.strip()):
        raise GalleryError(f"{where}: {json.dumps(value)} is not an integer")
    return int(value.strip())


def parse_might_bonus(value: str | None, where: str = "mightBonus") -> int | None:
    """`+2` -> 2, `+0` -> 0, `-1` and `−1` -> -1; None or "" -> None (§1.4)."""
    if value is None or value.strip() == "":
        return None
    m = re.fullmatch(r"([+\-\u2212]?)([0-9]+)", value.strip())
    if m is None:
        raise GalleryError(f"{where}: {json.dumps(value)} is not a signed integer")
    n = int(m.group(2))
    return -n if m.group(1) in ("-", "\u2212") else n


_PREFIX = re.compile(r"Riftbound ([^:]*):")


def _types(entry: Entry, where: str) -> tuple[str, ...]:
    """`type`, widened by the `rulesText` prefix when it lists more (`Unit, Gear`)."""
    declared = [t.strip() for t in (entry["type"] or "").split(",") if t.strip()]
    m = _PREFIX.match(entry["rulesText"] or "")
    if m:
        listed = [t.strip() for t in m.group(1).split(",") if t.strip() and t.strip() != "None"]
        if len(listed) > len(declared) and all(t in TYPES for t in listed):
            declared = listed
    for t in declared:
        if t not in TYPES:
            raise GalleryError(f"{where}.type: unknown type {json.dumps(t)}")
    return tuple(declared)


def _check_entry(entry: object, i: int) -> None:
    where = f"cards[{i}]"
    if not isinstance(entry, dict):
        raise GalleryError(f"{where}: expected an object, found {_type_name(entry)}")
    for key in REQUIRED_KEYS:
        if key not in entry:
            raise GalleryError(f"{where}.{key}: missing required key")
        if not isinstance(entry[key], _KEY_TYPES[key]) or isinstance(entry[key], bool):
            raise GalleryError(
                f"{where}.{key}: expected {' or '.join(_JSON_TYPE[t] for t in _KEY_TYPES[key])}, found {_type_name(entry[key])}"
            )
    for key in ("domains", "tags"):
        for j, item in enumerate(entry[key]):
            if not isinstance(item, str):
                raise GalleryError(
                    f"{where}.{key}[{j}]: expected a string, found {_type_name(item)}"
                )
    for j, d in enumerate(entry["domains"]):
        if d != "Colorless" and d not in DOMAINS:
            raise GalleryError(f"{where}.domains[{j}]: unknown domain {json.dumps(d)}")
    for key in _OPTIONAL_STR_KEYS:
        if key in entry and not isinstance(entry[key], _OPT_STR):
            raise GalleryError(f"{where}.{key}: expected a string, found {_type_name(entry[key])}")


def _printing(entry: Entry, i: int) -> Printing:
    where = f"cards[{i}]"
    try:
        code = parse_code(entry["code"])
    except CardCodeError as exc:
        raise GalleryError(f"{where}.code: {exc}") from None
    return Printing(
        code=str(code),
        set=code.set,
        prefix=code.prefix,
        number=code.number,
        variant=code.variant,
        public_code=entry["code"],
        riot_id=entry["id"],
        rarity=entry["rarity"],
        artist=entry.get("illustrator") or "",
        image_url=entry.get("image") or "",
        orientation=entry.get("orientation") or "portrait",
        overnumbered=code.overnumbered,
        name=entry["name"],
        types=_types(entry, where),
        tags=tuple(entry["tags"]),
        domains=frozenset(d for d in entry["domains"] if d != "Colorless"),
        energy=_int_field(entry["energy"], f"{where}.energy"),
        power=_int_field(entry["power"], f"{where}.power"),
        might=_int_field(entry["might"], f"{where}.might"),
        might_bonus=parse_might_bonus(entry["mightBonus"], f"{where}.mightBonus"),
        rules_text=html_to_text(entry["abilityHtml"]),
        effect_text=None if entry["effectHtml"] is None else html_to_text(entry["effectHtml"]),
    )


def read_document(
    doc: object, source: str = "gallery"
) -> tuple[list[Printing], list[GalleryIssue]]:
    """Validate the whole document and return its printings (a later duplicate code wins)."""
    if not isinstance(doc, dict):
        raise GalleryError(f"top level: expected an object, found {_type_name(doc)}")
    cards = doc.get("cards")
    if not isinstance(cards, list):
        raise GalleryError("cards: expected a list of card objects")
    issues: list[GalleryIssue] = []
    by_code: dict[str, Printing] = {}
    for i, entry in enumerate(cards):
        _check_entry(entry, i)
        p = _printing(entry, i)
        if p.code in by_code:
            issues.append(
                GalleryIssue(
                    source, f"cards[{i}].code", f"{p.code} appears twice; the later entry wins"
                )
            )
        by_code[p.code] = p
    return list(by_code.values()), issues


def looks_like_gallery(doc: object) -> bool:
    """Recognised by content: a `cards` list whose entries have `code` and `abilityHtml`."""
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list) or not doc["cards"]:
        return False
    first = doc["cards"][0]
    return isinstance(first, dict) and "code" in first and "abilityHtml" in first


def load_document(doc: Entry, source: str = "gallery") -> GalleryResult:
    printings, issues = read_document(doc, source)
    cards, tokens, more = build_cards(printings, source)
    return GalleryResult(
        kind=KIND,
        game=GAME,
        cards=cards,
        issues=issues + more,
        tokens=tokens,
        printings_read=len(printings),
        generated_at=doc.get("generatedAt") if isinstance(doc.get("generatedAt"), str) else None,
        source=doc.get("source") if isinstance(doc.get("source"), str) else None,
    )


def load_gallery(
    path: str | os.PathLike[str], progress: Callable[[int, int], object] | None = None
) -> GalleryResult:
    """Read a gallery JSON file; raises GalleryError (a ValueError) naming what is wrong."""
    file = Path(path)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise GalleryError(f"{file}: cannot read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8-sig")
        refuse_in_json(text, str(file))  # `\ud800`: a name no file or database can store
        doc = json.loads(text)
    except UnicodeDecodeError as exc:
        raise GalleryError(f"{file}: not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise GalleryError(f"{file}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    try:
        result = load_document(doc, str(file))
    except GalleryError as exc:
        raise GalleryError(f"{file}: {exc}") from None
    if progress is not None:
        try:
            progress(len(result.cards), len(result.cards))
        except TypeError:
            pass
    return result


# --- the supplementary supertype file (§2.6) ----------------------------------------------


def read_supertypes(doc: object) -> dict[str, frozenset[str]]:
    """`{"source": …, "supertypes": {name: [..]}}` -> {name: supertypes}; bad shapes abort."""
    if not isinstance(doc, dict):
        raise GalleryError(f"top level: expected an object, found {_type_name(doc)}")
    for key in doc:
        if key not in ("source", "supertypes"):
            raise GalleryError(f"{key}: unknown key")
    table = doc.get("supertypes")
    if not isinstance(table, dict):
        raise GalleryError("supertypes: expected an object of rules name -> list")
    out: dict[str, frozenset[str]] = {}
    for name, values in table.items():
        if not isinstance(values, list):
            raise GalleryError(f"supertypes.{name}: expected a list, found {_type_name(values)}")
        for j, v in enumerate(values):
            if v not in ("Champion", "Signature"):
                raise GalleryError(
                    f"supertypes.{name}[{j}]: {json.dumps(v)} is not Champion or Signature"
                )
        out[name] = frozenset(values)
    return out


def looks_like_supertypes(doc: object) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("supertypes"), dict) and "cards" not in doc


def apply_supertypes(
    cards: Sequence[Card], table: dict[str, frozenset[str]], source: str = "supertypes"
) -> tuple[list[Card], list[GalleryIssue]]:
    """Each entry replaces the derived value and makes it known; unknown names are reported."""
    issues: list[GalleryIssue] = []
    by_name = {c.name: c for c in cards}
    for name, supertypes in table.items():
        card = by_name.get(name)
        if card is None:
            issues.append(GalleryIssue(source, name, "not in the card pool"))
            continue
        by_name[name] = replace(card, supertypes=supertypes, supertypes_known=True)
    return [by_name[c.name] for c in cards], issues


def slug_of(name: str) -> str:
    return slug(name)
