"""Official precon lists in the taw/magic-preconstructed-decks text form (kind `precon`).

`// NAME:`/`// SOURCE:`/`// DATE:` header comments, `COUNT Card Name` lines with bracket
annotations (`[SET]`, `[SET:CN]`, `[foil]`, `[etched]`, `[token]`, before or after the name),
`COMMANDER: 1 Card Name` lines and the headers `Sideboard`, `Commander`, `Display Commander`,
`Planar Deck`, `Scheme Deck`. Its brackets clash with Archidekt categories, so it is read here
rather than by the plain-text parser; `deckio` recognises it by its `// NAME:` first line.
"""

from __future__ import annotations

import re
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files.cardlines import CardLines, CardMemo
from deckeditor.games.mtg.files.common import (
    DeckBuilder,
    bad_line,
    clean_name,
    parse_count,
    with_foreign,
)
from deckeditor.games.mtg.files.plainline import plain
from deckeditor.linereader import report_for

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


class _PreconLines(CardLines):
    """How a precon list's line reads; a card line goes under the last header unless it names
    its own section (`COMMANDER:`, `[token]`)."""

    def __init__(self, b: DeckBuilder) -> None:
        super().__init__(b, "Main")
        self.meta: dict[str, str] = {}

    def classify(self, number: int, text: str, shown: str | None, line: str) -> CardMemo | None:
        b = self.b
        if (got := plain(line)) is not None and "  " not in line:  # `4 Opt`: no brackets
            return self.plain_card(got[0], got[1])  # (and no spaces to fold)
        if reason := bad_line(line):
            b.reject(number, text, reason)
        elif line.startswith("//"):
            if m := _META.match(line):
                self.meta.setdefault(m.group(1).strip().lower(), m.group(2).strip())
                b.mark(number, shown, LineKind.METADATA)
            else:
                b.mark(number, shown, LineKind.COMMENT)
        elif head := _HEADERS.get(re.sub(r"\s+", " ", line.rstrip(":")).lower()):
            self.enter(head)
            b.mark(number, shown, LineKind.SECTION)
        else:
            return self._card_line(number, text, line)
        return None

    def _card_line(self, number: int, text: str, line: str) -> CardMemo | None:
        override = None  # the line's own section (COMMANDER:, [token]), else the header's
        rest = line
        if rest.upper().startswith("COMMANDER:"):
            override = "Commander"
            rest = rest[len("COMMANDER:") :].strip()
        m = _CARD.match(rest)
        if m is None:
            self.b.reject(number, text, "not a precon card line")
            return None
        count = parse_count(m.group(1))
        if count is None:
            self.b.reject(number, text, "count outside 1–9999")
            return None
        set_code, cn, finish, token = _annotations(m.group(2))
        if token:
            override = "Tokens"
        card_name = re.sub(r"\s+", " ", _BRACKET.sub(" ", m.group(2))).strip()
        if not card_name:
            self.b.reject(number, text, "no card name")
            return None
        printing = Printing(set=set_code.upper() if set_code else None, number=cn, finish=finish)
        return self.card(count, self.b.prepare(card_name, printing), override)


def _annotations(rest: str) -> tuple[str | None, str | None, str | None, bool]:
    """(set code, collector number, finish, token?) from a card line's bracket annotations."""
    set_code = cn = finish = None
    token = False
    for ann in _BRACKET.findall(rest):
        word = ann.strip()
        low = word.lower()
        if low in ("foil", "etched"):
            finish = low
        elif low == "token":
            token = True
        elif ":" in word:
            set_code, _, cn = word.partition(":")
            cn = None if cn in ("", "*") else cn
        elif word:
            set_code = word
    return set_code, cn, finish, token


def read(
    lines: str | list[str], pool: CardPool[Any] | None, *, name: str = "Imported deck"
) -> ImportResult:
    b = DeckBuilder(pool, KIND, report_for(lines))
    reader = _PreconLines(b)
    reader.read(lines)
    reader.done()
    if b.card_lines() == 0:
        raise DeckFileError(None, None, None, "no card lines")
    meta = reader.meta
    deck = b.deck(name=clean_name(meta.pop("name", None), name))
    deck = with_foreign(deck, "precon", meta)
    return ImportResult(deck, KIND, b.lines, ["read as a precon list"] + b.notes)
