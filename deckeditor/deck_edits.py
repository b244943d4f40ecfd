"""The edits a deck line takes from the window, each as the new deck and the status line's words
(the session pushes the pair as one undo step), and how the window finds a problem's lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from deckeditor.deck import Deck, Printing

MAX_COUNT = 9999  # the most copies a line holds (a count typed beyond it is this)

Edit = tuple[Deck, str]  # the new deck and what the status line says about it


def remove(deck: Deck, section: str, index: int, count: int | None = 1) -> Edit:
    entry = deck.section(section).entries[index]
    return deck.remove(section, index, count), f"Removed {entry.card}"


def set_count(deck: Deck, section: str, index: int, count: int) -> Edit:
    """The line holds `count` copies (none: it goes)."""
    entry = deck.section(section).entries[index]
    if count <= 0:
        return deck.remove(section, index), f"Removed {entry.card}"
    changed = deck.replace_entry(section, index, entry.with_count(min(count, MAX_COUNT)))
    return changed, f"{entry.card}: {count}"


def move(
    deck: Deck, section: str, index: int, target: str, count: int | None = None
) -> Edit | None:
    """Copies of the line to `target`; None when that is the line's own section."""
    entry = deck.section(section).entries[index]
    if target == section:
        return None
    return deck.move(section, index, target, count), f"Moved {entry.card} to {target}"


def set_colors(deck: Deck, section: str, index: int, chosen: str) -> Edit:
    """The line's upfront choice (`chosen`: the game's normalised letters)."""
    entry = deck.section(section).entries[index]
    changed = deck.replace_entry(section, index, replace(entry, colors=chosen))
    return changed, f"{entry.card}: colours {chosen or 'none'}"


def set_printing(deck: Deck, section: str, index: int, printing: Printing | None) -> Edit | None:
    """Give a line a printing (None or an empty one: any printing); None when it has it already.
    A merge with an equal line is the deck's."""
    entry = deck.section(section).entries[index]
    wanted = None if printing is None or printing.is_empty() else printing
    if wanted == entry.printing:
        return None
    changed = deck.replace_entry(section, index, replace(entry, printing=wanted))
    return changed, f"{entry.card}: {wanted.label() if wanted is not None else 'any printing'}"


def find_entries(deck: Deck, names: Iterable[str]) -> list[tuple[str, int]]:
    """(section, index) of every entry naming one of `names` (a problem's cards)."""
    wanted = set(names)
    return [
        (sec.name, i)
        for sec in deck.sections
        for i, entry in enumerate(sec.entries)
        if entry.card in wanted
    ]
