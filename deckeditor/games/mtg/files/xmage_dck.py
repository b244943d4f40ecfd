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
from deckeditor.games.mtg.files.plainline import PlainLines, plain
from deckeditor.textlines import reading

KIND = "xmage"

_CARD = re.compile(r"^(SB:\s*)?(\d+)\s+(?:\[([A-Za-z0-9]+):([^\]]*)\]\s+)?(\S.*)$")


def read(
    lines: str | list[str],
    pool: CardPool | None,
    *,
    name: str = "Imported deck",
    format_code: str | None = None,
) -> ImportResult:
    # the lines a chunk at a time, the report cutting each line's text from the source
    # (8 bytes a line, not a string: issue 15)
    report, numbered = reading(lines, trim=True)
    b = DeckBuilder(pool, KIND, report)
    fast = PlainLines(b)
    deck_name = None
    foreign: dict[str, object] = {}
    layout: list[str] = []
    seen: dict[str, tuple] = {}  # card lines read so far (linear time on repeated lines)
    for number, text, shown in numbered:
        line = text.strip()
        if not line:
            b.mark(number, shown, LineKind.BLANK)
            continue
        hit = seen.get(line)
        if hit is not None:  # a card line read before: counted again, nothing parsed again
            b.add_prepared(number, shown, *hit[:3])
            continue
        if (got := plain(line)) is not None:  # `4 Opt`: no SB:, no [SET:CN]
            count = got[0]
            prep = fast.add("Main", count, got[1])
            if prep is None:
                prep = b.prepare(got[1])
                b.add_prepared(number, shown, "Main", count, prep)
            if len(seen) < 50_000:
                seen[line] = ("Main", count, prep, line)
            continue
        if line.startswith("LAYOUT ") and not CONTROL.search(line):
            # metadata of any length (over 1,000 characters in real Commander files): kept in
            # foreign.xmage, not unparsed
            layout.append(line)
            b.mark(number, shown, LineKind.METADATA)
            continue
        if reason := bad_line(line):
            b.reject(number, text, reason)
            continue
        if line.startswith("NAME:"):
            deck_name = line[5:].strip()
            b.mark(number, shown, LineKind.METADATA)
            continue
        if line.startswith("AUTHOR:"):
            foreign["author"] = line[7:].strip()
            b.mark(number, shown, LineKind.METADATA)
            continue
        if line[0] in "#;" or line.startswith("//"):
            b.mark(number, shown, LineKind.COMMENT)
            continue
        m = _CARD.match(line)
        if m is None:
            b.reject(number, text, "not an XMage card line")
            continue
        count = parse_count(m.group(2))
        if count is None:
            b.reject(number, text, "count outside 1–9999")
            continue
        printing = Printing(
            set=m.group(3).upper() if m.group(3) else None,
            number=(m.group(4) or "").strip() or None,
        )
        section = "Sideboard" if m.group(1) else "Main"
        prep = b.prepare(m.group(5).strip(), printing)
        if len(seen) < 50_000:
            seen[line] = (section, count, prep, line)
        b.add_prepared(number, shown, section, count, prep)
    fast.done()
    if b.card_lines() == 0:
        raise DeckFileError(None, None, None, "no card lines")
    if layout:
        foreign["layout"] = layout
    deck = b.deck(name=clean_name(deck_name, name), format=format_code)
    deck, moved = sbcommander.apply(deck, b.pool, format_code)
    deck = with_foreign(deck, "xmage", foreign)
    return ImportResult(deck, KIND, b.lines, b.notes + moved)
