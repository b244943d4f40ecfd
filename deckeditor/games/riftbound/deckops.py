"""Deck edits that follow Riftbound's sections (`riftbound.md` §3.1): adding from the catalog
puts a card in the section for its type; "Make Chosen Champion" moves one copy of a champion
unit from Main to Champion, sending any previous champion back to Main. Decks are immutable;
each function returns a new deck."""

from __future__ import annotations

from deckeditor.deck import Deck, Entry, Printing
from deckeditor.games.riftbound.card import Card
from deckeditor.games.riftbound.pool import Pool, find_card


def add_card(deck: Deck, card: Card, count: int = 1, code: str | None = None) -> Deck:
    """Add `count` copies of `card` (a Riftbound Card) to the section for its type."""
    printing = Printing(code=code) if code else None
    return deck.add(card.section, Entry(card.name, count, printing))


def make_chosen_champion(deck: Deck, main_index: int, pool: Pool | None = None) -> Deck:
    """Move one copy of Main's entry `main_index` to Champion, keeping its exact printing."""
    entry = deck.section("Main").entries[main_index]
    if pool is not None:
        card = find_card(pool, entry.card, entry.printing.code if entry.printing else None)
        if card is None or not card.is_champion or "Unit" not in card.types:
            raise ValueError(f"{entry.card} is not a champion unit")
    previous = list(deck.section("Champion").entries)
    deck = deck.remove("Main", main_index, 1).with_entries("Champion", [entry.with_count(1)])
    for old in previous:
        deck = deck.add("Main", old)
    return deck
