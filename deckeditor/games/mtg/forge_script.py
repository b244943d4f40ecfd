"""Forge card scripts (`cardsfolder`): one `Key:Value` per line, faces separated by `ALTERNATE`.

Reads both the older syntax (CRLF, `AlternateMode:DoubleFaced`, `AlternateMode: Split`, no final
newline, `SVar:Picture:` lines, `//` comments) and the current one (`DeckRule:`, `SETCOLORID:`,
adventures, modal faces, Specialize variants, `Defense:`). Only the keys the card model needs are
read; ability lines (`A:`, `T:`, `S:`, `SVar:` …) are skipped unread, which keeps 18k scripts fast.

A bad script raises `ForgeScriptError` (never another exception); a folder, zip or tar import
records it as an `ImportIssue` and goes on with the next file.
"""

from __future__ import annotations

import os
import re
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deckeditor.games.mtg.build import (
    ImportIssue,
    build_card,
    keyword_name,
    number,
    parse_type_line,
)
from deckeditor.games.mtg.card import Card, DeckRuleLine, Face, Layout
from deckeditor.games.mtg.colors import ALL, from_word
from deckeditor.games.mtg.forge_editions import editions_beside, printed_as, with_printings
from deckeditor.games.mtg.mana import ManaCostError, cost_colors, from_forge, mana_value
from deckeditor.readlimits import (
    MAX_SCRIPT_BYTES,
    Budget,
    check_size,
    read_limited,
    regular_files,
    zip_entries,
)

Progress = Callable[[int, int | None], object]

# `Key:` lines this importer reads; every other key is skipped without a warning.
_READ_KEYS = frozenset(
    {"Name", "ManaCost", "Colors", "Types", "PT", "Loyalty", "Defense", "K", "Oracle", "DeckRule",
     "SETCOLORID", "AlternateMode", "Text"}
)  # fmt: skip
_FACE_SEPARATORS = ("ALTERNATE",)
_FORGE_PHYREXIAN = re.compile(r"\{P/([WUBRG])\}")
_PARTNER_TYPES = {"friends forever", "survivors", "father & son", "character select"}
# K: lines that are deck-building facts or Forge internals, not keywords a player would search.
_NOT_KEYWORDS = ("DeckLimit", "A deck can have", "Hidden")


class ForgeScriptError(ValueError):
    """A script that cannot be read; `line` is 1-based (0 when not tied to a line)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.reason = message


@dataclass(slots=True)
class _RawFace:
    first_line: int
    name: str = ""
    cost: str | None = None
    cost_line: int = 0
    colors: str | None = None
    types: str = ""
    pt: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    oracle: str = ""
    keywords: list[tuple[int, str]] = field(default_factory=list)  # (line, value)
    deck_rules: list[str] = field(default_factory=list)
    set_color_id: str | None = None
    alternate_mode: str | None = None
    specialize: bool = False
    lines: dict[str, int] = field(default_factory=dict)  # key -> line it was read from

    def line_of(self, key: str) -> int:
        return self.lines.get(key, self.first_line)


def decode(data: bytes) -> tuple[str, str | None]:
    """Script bytes to text; a non-UTF-8 script is read as Latin-1 with a warning."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return data.decode("latin-1"), f"not UTF-8 (byte {exc.start}); read as Latin-1"


def _oracle(value: str) -> str:
    """Oracle text as printed: Forge writes line breaks as `\\n` and, in older scripts, Phyrexian
    symbols as `{P/U}` (the rules-text regex of §2 knows only `{U/P}`)."""
    text = value.replace("\\n", "\n")
    return _FORGE_PHYREXIAN.sub(r"{\1/P}", text) if "{P/" in text else text


def _split_faces(text: str) -> list[_RawFace]:
    faces = [_RawFace(first_line=1)]
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line in _FACE_SEPARATORS or line.startswith("SPECIALIZE"):
            faces.append(_RawFace(first_line=lineno + 1, specialize=line.startswith("SPECIALIZE")))
            continue
        key, sep, value = line.partition(":")
        if not sep:
            continue  # comments and stray continuation lines carry nothing we read
        key = key.strip()
        if key not in _READ_KEYS:
            continue
        value = value.strip()
        face = faces[-1]
        face.lines[key] = lineno
        if key == "Name":
            face.name = value
        elif key == "ManaCost":
            face.cost, face.cost_line = value, lineno
        elif key == "Types":
            face.types = value
        elif key == "Oracle":
            face.oracle = _oracle(value)
        elif key == "K":
            face.keywords.append((lineno, value))
        elif key == "DeckRule":
            face.deck_rules.append(value)
        elif key == "PT":
            face.pt = value
        elif key == "Colors":
            face.colors = value
        elif key == "Loyalty":
            face.loyalty = value
        elif key == "Defense":
            face.defense = value
        elif key == "SETCOLORID":
            face.set_color_id = value
        elif key == "AlternateMode":
            face.alternate_mode = value
        elif key == "Text" and not face.oracle:
            face.oracle = _oracle(value)  # kept only until an Oracle: line comes
    return faces


def _colors_mask(value: str) -> int | None:
    """`Colors:red,green` -> mask; `colorless` -> 0; unknown words -> None."""
    m = 0
    for word in value.replace(" ", ",").split(","):
        w = word.strip().lower()
        if not w or w == "colorless":
            continue
        if w in ("multicolor", "all"):
            m |= ALL
            continue
        bit = from_word(w)
        if not bit:
            return None
        m |= bit
    return m


@dataclass(slots=True)
class _FaceFacts:
    """What a face's `K:` lines say beyond its keywords."""

    partner_with: list[str] = field(default_factory=list)
    partner_types: list[str] = field(default_factory=list)
    deck_limit: int | None = None
    partner: bool = False  # plain Partner


def _build_face(raw: _RawFace, warn: Callable[[int, str], None]) -> tuple[Face, _FaceFacts]:
    if not raw.name:
        raise ForgeScriptError("face has no Name: line", raw.first_line)
    try:
        cost = from_forge(raw.cost or "")
    except ManaCostError as exc:
        raise ForgeScriptError(f"ManaCost: {exc}", raw.cost_line) from None
    colors, indicator = _face_colors(raw, cost, warn)
    supers, types, subs = parse_type_line(raw.types)
    power = toughness = None
    if raw.pt is not None:
        p, sep, t = raw.pt.partition("/")
        if sep:
            power, toughness = p.strip(), t.strip()
        else:
            warn(raw.line_of("PT"), f"PT:{raw.pt} has no '/'")
    keywords, facts = _keyword_lines(raw, warn)
    face = Face(
        name=raw.name,
        mana_cost=cost,
        colors=colors,
        color_indicator=indicator,
        supertypes=supers,
        types=types,
        subtypes=subs,
        power=power,
        toughness=toughness,
        loyalty=raw.loyalty,
        defense=raw.defense,
        oracle_text=raw.oracle,
        keywords=tuple(dict.fromkeys(keywords)),
        mana_value=mana_value(cost),
    )
    return face, facts


def _face_colors(
    raw: _RawFace, cost: str, warn: Callable[[int, str], None]
) -> tuple[int, int | None]:
    """The face's colours and its colour indicator (None: none)."""
    colors = cost_colors(cost)
    indicator = None
    if raw.colors is not None:
        given = _colors_mask(raw.colors)
        if given is None:
            warn(raw.line_of("Colors"), f"unknown colour in Colors:{raw.colors}")
        else:
            # A Colors: line on a face whose cost shows no colour is its colour indicator or a
            # colour-setting ability (Delver's back face, Dryad Arbor, Crimson Kobolds, Transguild
            # Courier): both count for identity. On a coloured cost it only sets the face colours
            # and never removes the cost's colours from identity (Ghostfire stays R, §2).
            colors = given
            if given and not cost_colors(cost):
                indicator = given
    return colors, indicator


def _keyword_lines(raw: _RawFace, warn: Callable[[int, str], None]) -> tuple[list[str], _FaceFacts]:
    """The face's keywords and what its `K:` lines say of deck limits and partners."""
    facts = _FaceFacts()
    keywords: list[str] = []
    for kw_line, kw in raw.keywords:
        name = keyword_name(kw)
        params = kw[len(name) :].lstrip(":$ ").strip() if ":" in kw else ""
        if name == "DeckLimit":
            n = number(params.split(":", 1)[0]) if params else None
            if n is None:
                warn(kw_line, f"K:{kw}: DeckLimit needs a number")
            else:
                facts.deck_limit = n
            continue
        if name.startswith("Partner") and name not in ("Partner", "Partner with"):
            # `Partner - Survivors` / `Partner—Friends forever`
            kind = name[len("Partner") :].strip(" -—–")
            if kind:
                facts.partner_types.append(kind)
                keywords.append("Partner")
                continue
        if name == "Partner" and not params:
            facts.partner = True  # the K: line is authoritative, whatever the Oracle line says
        if name in ("Partner", "Partner with") and params:
            target = params.split(":", 1)[0].strip()
            if target.casefold() in _PARTNER_TYPES:
                facts.partner_types.append(target)
            else:
                facts.partner_with.append(target)
                name = "Partner with"
        if name.casefold() == "friends forever":
            facts.partner_types.append("Friends forever")
        if not name or name.startswith(_NOT_KEYWORDS) or "CARDNAME" in name or name[0].islower():
            continue
        keywords.append(name)
    return keywords, facts


def _layout(raw: _RawFace, nfaces: int, warn: Callable[[int, str], None]) -> Layout:
    mode = (raw.alternate_mode or "").strip()
    if not mode:
        if nfaces > 1:
            warn(raw.first_line, "several faces but no AlternateMode: line; read as normal")
        return Layout.NORMAL
    layout = Layout.parse(mode)
    if layout is Layout.NORMAL and mode.lower() != "normal":
        warn(raw.line_of("AlternateMode"), f"unknown AlternateMode:{mode}; read as normal")
    return layout


def parse_script(
    text: str, source: str = "<script>", issues: list[ImportIssue] | None = None
) -> Card:
    """One script's text -> Card. Warnings go to `issues`; a bad script raises ForgeScriptError."""
    try:
        return _parse(text, source, issues)
    except ForgeScriptError:
        raise
    except Exception as exc:  # a safety net: the contract is "only ForgeScriptError"
        raise ForgeScriptError(f"unreadable script ({type(exc).__name__}: {exc})") from None


def _parse(text: str, source: str, issues: list[ImportIssue] | None) -> Card:
    def warn(line: int, message: str) -> None:
        if issues is not None:
            issues.append(ImportIssue(source, f"line {line}", message, "warning"))

    if not isinstance(text, str):
        raise ForgeScriptError("script is not text")
    raws = [r for r in _split_faces(text) if r.name or r.cost is not None or r.types]
    if not raws:
        raise ForgeScriptError("empty script (no Name: line)", 1)
    main = [r for r in raws if not r.specialize]
    variants = [r for r in raws if r.specialize]
    if not main:
        raise ForgeScriptError("script has only Specialize variants", raws[0].first_line)
    if not main[0].types:
        raise ForgeScriptError("front face has no Types: line", main[0].first_line)
    mode_face = next((r for r in main if r.alternate_mode), main[0])
    layout = _layout(mode_face, len(main), warn)
    if variants:
        layout = Layout.SPECIALIZE
    faces: list[Face] = []
    rules: list[DeckRuleLine] = []
    facts = _FaceFacts()
    scid = 0
    for raw in main + variants:
        face, f = _build_face(raw, warn)
        faces.append(face)
        rules.extend(DeckRuleLine(face.name, r) for r in raw.deck_rules)
        if raw is main[0] or not raw.specialize:
            facts.partner_with += f.partner_with
            facts.partner_types += f.partner_types
            facts.partner = facts.partner or (raw is main[0] and f.partner)
            if f.deck_limit is not None:
                facts.deck_limit = f.deck_limit
        if raw.set_color_id is not None:
            n = number(raw.set_color_id)
            if n is None or not 0 <= n <= 5:
                warn(
                    raw.line_of("SETCOLORID"), f"SETCOLORID:{raw.set_color_id} is not a number 0-5"
                )
            else:
                scid = n
    return build_card(
        faces,
        layout,
        deck_rule_lines=rules,
        set_color_id=scid,
        deck_limit=facts.deck_limit,
        partner_with=facts.partner_with,
        partner_types=facts.partner_types,
        partner_plain=facts.partner,
        use_overlay=True,
    )


# --- folders, zips, tars ---------------------------------------------------------------------


def _is_script(name: str) -> bool:
    return name.lower().endswith(".txt") and not os.path.basename(name).startswith(".")


def _compressed_tar(path: Path) -> bool:
    """A tar inside xz, gzip or bzip2 (by its magic bytes, whatever its name)."""
    with open(path, "rb") as fh:
        head = fh.read(6)
    return head.startswith((b"\xfd7zXZ\x00", b"\x1f\x8b", b"BZh"))


def iter_script_bytes(path: str | os.PathLike[str]) -> Iterator[tuple[str, bytes, int | None]]:
    """(member name, bytes, total count or None) for every `.txt` script under a folder (walked
    recursively, sorted), in a `.zip`, or in a tar archive (`.tar`, `.tar.xz`, `.tar.gz`).
    A script over `readlimits.MAX_SCRIPT_BYTES` (real ones are a few KB) is refused (TooLarge)."""
    p = Path(path)
    cap = MAX_SCRIPT_BYTES
    if p.is_dir():
        files = [f for f in regular_files(p) if _is_script(f)]
        Budget(str(p)).take_all(os.path.getsize(f) for f in files)
        for f in files:
            with open(f, "rb") as fh:
                yield os.path.relpath(f, p), read_limited(fh, f, limit=cap), len(files)
        return
    if zipfile.is_zipfile(p):
        with zipfile.ZipFile(p) as zf:
            infos = [i for i in zip_entries(zf, str(p)) if _is_script(i.filename)]
            for info in infos:
                check_size(
                    f"{p}:{info.filename}", info.file_size, compressed=info.compress_size, limit=cap
                )
            # the declared sizes bound what is read (zipfile stops at them): all checked first
            Budget(str(p), p.stat().st_size).take_all(i.file_size for i in infos)
            for info in infos:
                what = f"{p}:{info.filename}"
                with zf.open(info) as stream:
                    data = read_limited(stream, what, info.compress_size, cap)
                    yield info.filename, data, len(infos)
        return
    if tarfile.is_tarfile(p):
        # every member counts, scripts or not: the archive is unpacked through all of them
        budget = Budget(str(p), p.stat().st_size if _compressed_tar(p) else None)
        with tarfile.open(p, "r:*") as tf:
            for member in tf:
                budget.take(member.size)
                if member.isfile() and _is_script(member.name):
                    check_size(f"{p}:{member.name}", member.size, limit=cap)
                    extracted = tf.extractfile(member)
                    if extracted is not None:
                        yield member.name, extracted.read(), None
        return
    if p.is_file() and _is_script(p.name):
        with open(p, "rb") as fh:
            yield p.name, read_limited(fh, str(p), limit=cap), 1
        return
    raise FileNotFoundError(f"{p}: not a Forge cardsfolder (folder, .zip or tar of .txt scripts)")


def iter_cards(
    path: str | os.PathLike[str], issues: list[ImportIssue], progress: Progress | None = None
) -> Iterator[Card]:
    """Stream the Cards of a cardsfolder; bad scripts are recorded in `issues` and skipped."""
    done = 0
    for name, data, total in iter_script_bytes(path):
        text, note = decode(data)
        if note:
            issues.append(ImportIssue(name, "file", note, "warning"))
        try:
            card = parse_script(text, name, issues)
        except ForgeScriptError as exc:
            issues.append(ImportIssue(name, f"line {exc.line}" if exc.line else "file", exc.reason))
        else:
            yield card
        done += 1
        if progress is not None and (done % 256 == 0 or done == total):
            progress(done, total)


def load_forge(
    path: str | os.PathLike[str], progress: Progress | None = None
) -> tuple[list[Card], list[ImportIssue]]:
    issues: list[ImportIssue] = []
    cards = list(iter_cards(path, issues, progress))
    # A folder from a Forge install: `res/editions` beside it gives printings and release days.
    editions = editions_beside(path) if Path(path).is_dir() else {}
    if editions:
        cards = [with_printings(c, printed_as(editions, c)) for c in cards]
    return cards, issues
