"""XMage `.dck` (`deck-files.md` §5), read only: `[SB: ]<count> [<SET>:<CN>] <name>` lines.

XMage keeps a Commander deck's commander in the sideboard, so the sideboard-commander rule runs
after reading.
"""

from __future__ import annotations

import re
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files import sbcommander
from deckeditor.games.mtg.files.cardlines import CardLines, CardMemo
from deckeditor.games.mtg.files.common import (
    CONTROL,
    DeckBuilder,
    bad_line,
    clean_name,
    parse_count,
    with_foreign,
)
from deckeditor.games.mtg.files.plainline import plain
from deckeditor.linereader import report_for

KIND = "xmage"

_CARD = re.compile(r"^(SB:\s*)?(\d+)\s+(?:\[([A-Za-z0-9]+):([^\]]*)\]\s+)?(\S.*)$")


class _XMageLines(CardLines):
    """How an XMage line reads (`deck-files.md` §5); a card line's section is its own."""

    def __init__(self, b: DeckBuilder) -> None:
        super().__init__(b, "Main")
        self.deck_name: str | None = None
        self.foreign: dict[str, object] = {}
        self.layout: list[str] = []

    def classify(self, number: int, text: str, shown: str | None, line: str) -> CardMemo | None:
        b = self.b
        if (got := plain(line)) is not None:  # `4 Opt`: no SB:, no [SET:CN]
            return self.plain_card(got[0], got[1])  # (the current section: always Main)
        if line.startswith("LAYOUT ") and not CONTROL.search(line):
            # metadata of any length (over 1,000 characters in real Commander files): kept in
            # foreign.xmage, not unparsed
            self.layout.append(line)
            b.mark(number, shown, LineKind.METADATA)
        elif reason := bad_line(line):
            b.reject(number, text, reason)
        elif line.startswith("NAME:"):
            self.deck_name = line[5:].strip()
            b.mark(number, shown, LineKind.METADATA)
        elif line.startswith("AUTHOR:"):
            self.foreign["author"] = line[7:].strip()
            b.mark(number, shown, LineKind.METADATA)
        elif line[0] in "#;" or line.startswith("//"):
            b.mark(number, shown, LineKind.COMMENT)
        else:
            return self._card_line(number, text, line)
        return None

    def _card_line(self, number: int, text: str, line: str) -> CardMemo | None:
        m = _CARD.match(line)
        if m is None:
            self.b.reject(number, text, "not an XMage card line")
            return None
        count = parse_count(m.group(2))
        if count is None:
            self.b.reject(number, text, "count outside 1–9999")
            return None
        printing = Printing(
            set=m.group(3).upper() if m.group(3) else None,
            number=(m.group(4) or "").strip() or None,
        )
        section = "Sideboard" if m.group(1) else "Main"
        return self.card(count, self.b.prepare(m.group(5).strip(), printing), section)


def read(
    lines: str | list[str],
    pool: CardPool[Any] | None,
    *,
    name: str = "Imported deck",
    format_code: str | None = None,
) -> ImportResult:
    b = DeckBuilder(pool, KIND, report_for(lines))
    reader = _XMageLines(b)
    reader.read(lines)
    reader.done()
    if b.card_lines() == 0:
        raise DeckFileError(None, None, None, "no card lines")
    foreign = reader.foreign
    if reader.layout:
        foreign["layout"] = reader.layout
    deck = b.deck(name=clean_name(reader.deck_name, name), format=format_code)
    deck, moved = sbcommander.apply(deck, b.pool, format_code)
    deck = with_foreign(deck, "xmage", foreign)
    return ImportResult(deck, KIND, b.lines, b.notes + moved)
