"""XMage `.dck` (`deck-files.md` §5), read only: `[SB: ]<count> [<SET>:<CN>] <name>` lines.

XMage keeps a Commander deck's commander in the sideboard, so the sideboard-commander rule runs
after reading.
"""

from __future__ import annotations

import re

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files import sbcommander
from deckeditor.games.mtg.files.common import (
    CONTROL,
    DeckBuilder,
    bad_line,
    clean_name,
    parse_count,
    with_foreign,
)

KIND = "xmage"

_CARD = re.compile(r"^(SB:\s*)?(\d+)\s+(?:\[([A-Za-z0-9]+):([^\]]*)\]\s+)?(\S.*)$")


def read(
    lines: list[str], pool: CardPool | None, *, name: str = "Imported deck",
    format_code: str | None = None,
) -> ImportResult:
    b = DeckBuilder(pool, KIND)
    deck_name = None
    foreign: dict[str, object] = {}
    layout: list[str] = []
    for number, text in enumerate(lines, 1):
        line = text.strip()
        if not line:
            b.mark(number, text, LineKind.BLANK)
            continue
        if line.startswith("LAYOUT ") and not CONTROL.search(line):
            # metadata of any length (over 1,000 characters in real Commander files): kept in
            # foreign.xmage, not unparsed
            layout.append(line)
            b.mark(number, text, LineKind.METADATA)
            continue
        if reason := bad_line(line):
            b.reject(number, text, reason)
            continue
        if line.startswith("NAME:"):
            deck_name = line[5:].strip()
            b.mark(number, text, LineKind.METADATA)
            continue
        if line.startswith("AUTHOR:"):
            foreign["author"] = line[7:].strip()
            b.mark(number, text, LineKind.METADATA)
            continue
        if line[0] in "#;" or line.startswith("//"):
            b.mark(number, text, LineKind.COMMENT)
            continue
        m = _CARD.match(line)
        if m is None:
            b.reject(number, text, "not an XMage card line")
            continue
        count = parse_count(m.group(2))
        if count is None:
            b.reject(number, text, "count outside 1–9999")
            continue
        printing = Printing(set=m.group(3).upper() if m.group(3) else None,
                            number=(m.group(4) or "").strip() or None)
        section = "Sideboard" if m.group(1) else "Main"
        b.add_card(number, text, section, m.group(5).strip(), count, printing)
    if b.card_lines() == 0:
        raise DeckFileError(None, None, None, "no card lines")
    if layout:
        foreign["layout"] = layout
    deck = b.deck(name=clean_name(deck_name, name), format=format_code)
    deck, moved = sbcommander.apply(deck, b.pool, format_code)
    deck = with_foreign(deck, "xmage", foreign)
    return ImportResult(deck, KIND, b.lines, b.notes + moved)
