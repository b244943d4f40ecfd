"""What an MTG deck line offers beyond counts and moves: "Set as commander" (one copy to the
command zone, with its colour budget asked), and "Add as partner" for a second commander."""

from __future__ import annotations

from typing import Any

from deckeditor.deck import Deck
from deckeditor.games.interface import LeadAction
from deckeditor.games.mtg.choices import color_budget, with_colors

LEAD = "Commander"
SET_COMMANDER = "set-commander"
ADD_PARTNER = "add-partner"


def lead_actions(deck: Deck, section: str, index: int, pool: Any) -> list[LeadAction]:
    if section == LEAD:
        return []
    entry = deck.section(section).entries[index]
    card = pool.get(entry.card) if pool is not None else None
    budget = color_budget(card)
    asks = budget is not None and not budget.exactly
    if deck.section(LEAD).total == 1:
        return [
            LeadAction(SET_COMMANDER, "Set as commander", asks),
            LeadAction(ADD_PARTNER, "Add as partner (second commander)", asks),
        ]
    return [LeadAction(SET_COMMANDER, "Set as commander", asks)]


def to_lead(deck: Deck, section: str, index: int, colors: str | None) -> tuple[Deck, int]:
    """Move one copy of the line into the command zone; its index there."""
    entry = deck.section(section).entries[index]
    if section != LEAD:
        deck = deck.move(section, index, LEAD, 1)
        index = len(deck.section(LEAD).entries) - 1
        for i, e in enumerate(deck.section(LEAD).entries):
            if e.card == entry.card:
                index = i
    if colors is not None:
        moved = deck.section(LEAD).entries[index]
        deck = deck.replace_entry(LEAD, index, with_colors(moved, colors))
    return deck, index


def apply(action: str, deck: Deck, section: str, index: int, colors: str | None) -> tuple[Deck, str]:
    if action not in (SET_COMMANDER, ADD_PARTNER):
        raise ValueError(f"{action!r} is not an MTG deck action")
    name = deck.section(section).entries[index].card
    if action == SET_COMMANDER and section != LEAD:
        # the previous lone commander goes back to Main: "Set as" replaces, "Add as partner" adds
        for old_index in reversed(range(len(deck.section(LEAD).entries))):
            if deck.section(LEAD).entries[old_index].card != name:
                deck = deck.move(LEAD, old_index, "Main")
                if section == "Main":
                    index = next(i for i, e in enumerate(deck.section("Main").entries) if e.card == name)
    deck, _ = to_lead(deck, section, index, colors)
    if action == ADD_PARTNER:
        return deck, f"{name} is now a second commander"
    return deck, f"{name} is now the commander"
