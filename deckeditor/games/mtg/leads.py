"""What an MTG deck line offers beyond counts and moves: "Set as commander" (one copy to the
command zone, with its colour budget asked), and "Add as partner" for a second commander.

A card that can partner the lone commander offers "Add as partner" first (Ctrl+Shift+C on Tymna
beside a lone Thrasios makes her the second commander, not Thrasios's replacement); from the
catalog, such a card outside the commander's colour identity can join the deck only as the
partner, so an add aimed at Main puts it in the command zone (issue 24.3)."""

from __future__ import annotations

from deckeditor.deck import Deck
from deckeditor.games.interface import LeadAction
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.choices import color_budget, with_colors
from deckeditor.games.mtg.commander import can_partner, is_background, partner_capable

LEAD = "Commander"
SET_COMMANDER = "set-commander"
ADD_PARTNER = "add-partner"


PARTNER_LABEL = "Add as partner (second commander)"
# the section whose adds of an off-identity partner go to the command zone instead: the deck's
# own cards (a side section the player picked keeps what was asked)
_MAIN = "Main"


def _lone_commander(deck: Deck, pool: Pool | None) -> Card | None:
    """The command zone's only card when it could take a partner, else None."""
    if pool is None or deck.section(LEAD).total != 1:
        return None
    lone = pool.get(deck.section(LEAD).entries[0].card)
    return lone if lone is not None and partner_capable(lone) else None


def lead_actions(deck: Deck, section: str, index: int, pool: Pool | None) -> list[LeadAction]:
    if section == LEAD:
        return []
    entry = deck.section(section).entries[index]
    card = pool.get(entry.card) if pool is not None else None
    budget = color_budget(card)
    asks = budget is not None and not budget.exactly
    if deck.section(LEAD).total != 1:
        return [LeadAction(SET_COMMANDER, "Set as commander", asks)]
    lone = _lone_commander(deck, pool)
    if card is not None and lone is not None and can_partner(lone, card):
        current = deck.section(LEAD).entries[0].card
        return [
            LeadAction(ADD_PARTNER, PARTNER_LABEL, asks),
            LeadAction(SET_COMMANDER, f"Set as commander (instead of {current})", asks),
        ]
    present = pool.get(deck.section(LEAD).entries[0].card) if pool is not None else None
    if card is not None and present is not None:
        return [LeadAction(SET_COMMANDER, "Set as commander", asks)]  # no pair these two make
    return [  # a card the pool does not know: both, the check says what is wrong
        LeadAction(SET_COMMANDER, "Set as commander", asks),
        LeadAction(ADD_PARTNER, PARTNER_LABEL, asks),
    ]


def catalog_actions(
    deck: Deck, card: Card | None, pool: Pool | None, section: str
) -> list[LeadAction]:
    """A catalog card's way into the command zone beside the lone commander: "Add as partner",
    the add's own meaning (`instead`) when the card is outside the commander's identity and the
    add aims at Main (it could join the deck no other way)."""
    lone = _lone_commander(deck, pool)
    if card is None or lone is None or not can_partner(lone, card):
        return []
    budget = color_budget(card)
    asks = budget is not None and not budget.exactly
    only = section == _MAIN and bool(card.identity & ~lone.identity)
    return [LeadAction(ADD_PARTNER, PARTNER_LABEL, asks, instead=only)]


def add_hint(deck: Deck, card: Card | None, pool: Pool | None, section: str) -> str:
    """A Background added to Main beside a lone commander that chooses one stays in Main (a
    Background may be one of the 99): the message says how it becomes the commander's."""
    lone = _lone_commander(deck, pool)
    if section != _MAIN or card is None or lone is None or not is_background(card):
        return ""
    if not lone.partner.choose_background:
        return ""
    return (
        " — to make it your commander's Background, select its line (Alt+3) and press Ctrl+Shift+C"
    )


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


def apply(
    action: str, deck: Deck, section: str, index: int, colors: str | None
) -> tuple[Deck, str]:
    if action not in (SET_COMMANDER, ADD_PARTNER):
        raise ValueError(f"{action!r} is not an MTG deck action")
    name = deck.section(section).entries[index].card
    if action == SET_COMMANDER and section != LEAD:
        # the previous lone commander goes back to Main: "Set as" replaces, "Add as partner" adds
        for old_index in reversed(range(len(deck.section(LEAD).entries))):
            if deck.section(LEAD).entries[old_index].card != name:
                deck = deck.move(LEAD, old_index, "Main")
                if section == "Main":
                    index = next(
                        i for i, e in enumerate(deck.section("Main").entries) if e.card == name
                    )
    deck, _ = to_lead(deck, section, index, colors)
    if action == ADD_PARTNER:
        return deck, f"{name} is now a second commander"
    return deck, f"{name} is now the commander"
