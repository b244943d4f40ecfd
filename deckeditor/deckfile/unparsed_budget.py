"""How many of a deck's unparsed lines a written file keeps, so that every file a writer makes can
be read back (issue 26 point 2).

A reader accepts at most 8 MiB, but an import keeps every line it could not read, and a writer
spends more bytes on each than the line took: the own JSON file about a hundred (an object with
four keys, indented), Forge and text files a comment prefix. A text file of 100,000 short lines
of junk became a 13 MB deck file the program then refused to open; 8 MiB of `0 x` lines, 255 MB.

So a writer keeps the first unparsed lines whose written size, counted as the own JSON file
writes them (the largest any writer does), fits `BUDGET`, and drops the rest, which
`export_losses` reports with their number. The count stops at the budget, so a file of two
million junk lines costs the writer a few thousand lines' work, not two million. What is left for
cards (`MAX_BYTES - BUDGET`) holds ~100,000 distinct entries; a deck whose cards alone pass
8 MiB is refused by `check_size` rather than written unreadable.
"""

from __future__ import annotations

import json
from dataclasses import replace

from deckeditor.deck import Deck, Unparsed
from deckeditor.deckfile.report import DeckFileError

MAX_BYTES = 8 * 1024 * 1024  # what every reader accepts (deck-files.md §1)
BUDGET = 2 * 1024 * 1024  # written bytes for unparsed lines, at most
_FRAME = 100  # an item's braces, keys, indentation and line number in the own JSON file


def written_size(item: Unparsed) -> int:
    """An upper bound of the bytes the own JSON file spends on one unparsed line."""
    return _FRAME + sum(
        len(json.dumps(s, ensure_ascii=False).encode("utf-8", "replace"))
        for s in (item.source, item.text, item.reason)
    )


def kept_count(unparsed: tuple[Unparsed, ...], budget: int = BUDGET) -> int:
    """How many of the first unparsed lines fit the budget (the rest are dropped)."""
    spent = 0
    for index, item in enumerate(unparsed):
        spent += written_size(item)
        if spent > budget:
            return index
    return len(unparsed)


def fit(deck: Deck) -> tuple[Deck, int]:
    """The deck a writer writes (unparsed lines beyond the budget dropped) and how many were."""
    kept = kept_count(deck.unparsed)
    dropped = len(deck.unparsed) - kept
    return (replace(deck, unparsed=deck.unparsed[:kept]) if dropped else deck), dropped


def loss(deck: Deck) -> list[str]:
    """The export-loss line for the unparsed lines a writer drops (none when all fit)."""
    kept = kept_count(deck.unparsed)
    dropped = len(deck.unparsed) - kept
    if not dropped:
        return []
    return [
        f"{dropped:,} of {len(deck.unparsed):,} unparsed lines not written: a deck file holds "
        f"at most 8 MiB (the first {kept:,} are kept)"
    ]


def check_size(text: str | bytes) -> str | bytes:
    """Refuse (DeckFileError) to hand over a file no reader would accept."""
    size = len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if size > MAX_BYTES:
        raise DeckFileError(
            None,
            None,
            None,
            (
                f"the deck is too large to write: {size / 1048576:.1f} MiB, and a deck file holds at "
                "most 8 MiB"
            ),
        )
    return text
