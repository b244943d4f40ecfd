"""Official precon lists in the taw/magic-preconstructed-decks text form (kind `precon`).

`// NAME:`/`// SOURCE:`/`// DATE:` header comments, `COUNT Card Name` lines with bracket
annotations (`[SET]`, `[SET:CN]`, `[foil]`, `[etched]`, `[token]`, before or after the name),
`COMMANDER: 1 Card Name` lines and the headers `Sideboard`, `Commander`, `Display Commander`,
`Planar Deck`, `Scheme Deck`. Its brackets clash with Archidekt categories, so it is read here
rather than by the plain-text parser; `deckio` recognises it by its `// NAME:` first line.
"""

from __future__ import annotations

import re

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files.common import (
    DeckBuilder,
    bad_line,
    clean_name,
    parse_count,
    with_foreign,
)
from deckeditor.games.mtg.files.plainline import PlainLines, plain
from deckeditor.textlines import reading

KIND = "precon"

_HEADERS = {
    "sideboard": "Sideboard",
    "commander": "Commander",
    "display commander": "Display Commander",
    "planar deck": "Planes",
    "scheme deck": "Schemes",
    "deck": "Main",
    "main": "Main",
}
_META = re.compile(r"^//\s*([A-Z][A-Z ]*):\s*(.*)$")
_CARD = re.compile(r"^(\d+)\s+(\S.*)$")
_BRACKET = re.compile(r"\[([^\[\]]*)\]")


def looks_like(lines: list[str]) -> bool:
    first = next((line.strip() for line in lines if line.strip()), "")
    return bool(re.match(r"^//\s*NAME:", first))


def read(
    lines: str | list[str], pool: CardPool | None, *, name: str = "Imported deck"
) -> ImportResult:
    # the lines a chunk at a time, the report cutting each line's text from the source
    # (8 bytes a line, not a string: issue 15)
    report, numbered = reading(lines, trim=True)
    b = DeckBuilder(pool, KIND, report)
    fast = PlainLines(b)
    section = "Main"
    meta: dict[str, str] = {}
    seen: dict[str, tuple] = {}  # card lines read so far (linear time on repeated lines)
    for number, text, shown in numbered:
        line = text.strip()
        if not line:
            b.mark(number, shown, LineKind.BLANK)
            continue
        hit = seen.get(line)
        if hit is not None:  # a card line read before: counted again, nothing parsed again
            override, count, prep, _ = hit
            b.add_prepared(number, shown, override or section, count, prep)
            continue
        if (got := plain(line)) is not None and "  " not in line:  # `4 Opt`: no brackets
            count = got[0]  # (and no spaces to fold)
            prep = fast.add(section, count, got[1])
            if prep is None:
                prep = b.prepare(got[1])
                b.add_prepared(number, shown, section, count, prep)
            if len(seen) < 50_000:
                seen[line] = (None, count, prep, line)
            continue
        if reason := bad_line(line):
            b.reject(number, text, reason)
            continue
        if line.startswith("//"):
            if m := _META.match(line):
                meta.setdefault(m.group(1).strip().lower(), m.group(2).strip())
                b.mark(number, shown, LineKind.METADATA)
            else:
                b.mark(number, shown, LineKind.COMMENT)
            continue
        head = _HEADERS.get(re.sub(r"\s+", " ", line.rstrip(":")).lower())
        if head:
            section = head
            b.mark(number, shown, LineKind.SECTION)
            continue
        target = section
        override = None  # the line's own section (COMMANDER:, [token]), else the header's
        rest = line
        if rest.upper().startswith("COMMANDER:"):
            target = override = "Commander"
            rest = rest[len("COMMANDER:") :].strip()
        m = _CARD.match(rest)
        if m is None:
            b.reject(number, text, "not a precon card line")
            continue
        count = parse_count(m.group(1))
        if count is None:
            b.reject(number, text, "count outside 1–9999")
            continue
        set_code = cn = finish = None
        for ann in _BRACKET.findall(m.group(2)):
            word = ann.strip()
            low = word.lower()
            if low in ("foil", "etched"):
                finish = low
            elif low == "token":
                target = override = "Tokens"
            elif ":" in word:
                set_code, _, cn = word.partition(":")
                cn = None if cn in ("", "*") else cn
            elif word:
                set_code = word
        card_name = re.sub(r"\s+", " ", _BRACKET.sub(" ", m.group(2))).strip()
        if not card_name:
            b.reject(number, text, "no card name")
            continue
        printing = Printing(set=set_code.upper() if set_code else None, number=cn, finish=finish)
        prep = b.prepare(card_name, printing)
        if len(seen) < 50_000:
            seen[line] = (override, count, prep, line)
        b.add_prepared(number, shown, target, count, prep)
    fast.done()
    if b.card_lines() == 0:
        raise DeckFileError(None, None, None, "no card lines")
    deck = b.deck(name=clean_name(meta.pop("name", None), name))
    deck = with_foreign(deck, "precon", meta)
    return ImportResult(deck, KIND, b.lines, ["read as a precon list"] + b.notes)
