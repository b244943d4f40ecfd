"""What a Riftbound deck line offers (riftbound.md §3.1): "Make chosen champion" on a champion
unit in Main (one copy moves, the rest stay; a previous champion goes back to Main), and "Set as
legend" on a Legend outside the Legend section (the previous legend takes its place)."""

from __future__ import annotations

from typing import Any

from deckeditor.deck import Deck
from deckeditor.games.interface import LeadAction
from deckeditor.games.riftbound.card import Card
from deckeditor.games.riftbound.deckops import make_chosen_champion
from deckeditor.games.riftbound.pool import find_card

MAKE_CHAMPION = "make-chosen-champion"
SET_LEGEND = "set-legend"


def _card(deck: Deck, section: str, index: int, pool: Any) -> Card | None:
    entry = deck.section(section).entries[index]
    if pool is None:
        return None
    return find_card(pool, entry.card, entry.printing.code if entry.printing else None)


def lead_actions(deck: Deck, section: str, index: int, pool: Any) -> list[LeadAction]:
    card = _card(deck, section, index, pool)
    if card is None:
        return []
    out = []
    if section == "Main" and card.is_champion and "Unit" in card.types:
        out.append(LeadAction(MAKE_CHAMPION, "Make chosen champion"))
    if section != "Legend" and card.is_legend:
        out.append(LeadAction(SET_LEGEND, "Set as legend"))
    return out


def set_legend(deck: Deck, section: str, index: int) -> Deck:
    """The line's card becomes the legend (one copy); any previous legend goes where it was."""
    entry = deck.section(section).entries[index]
    previous = list(deck.section("Legend").entries)
    deck = deck.remove(section, index, 1).with_entries("Legend", [entry.with_count(1)])
    for old in previous:
        deck = deck.add(section, old)
    return deck


def apply(action: str, deck: Deck, section: str, index: int, pool: Any) -> tuple[Deck, str]:
    offered = {a.action for a in lead_actions(deck, section, index, pool)}
    name = deck.section(section).entries[index].card
    if action not in offered:
        raise ValueError(f"{name}: {action!r} is not offered on this line")
    if action == MAKE_CHAMPION:
        return make_chosen_champion(deck, index, pool), f"{name} is now the chosen champion"
    return set_legend(deck, section, index), f"{name} is now the legend"
