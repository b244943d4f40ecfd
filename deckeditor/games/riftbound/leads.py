"""What a Riftbound deck line offers (riftbound.md §3.1): "Make chosen champion" on a champion
unit in Main (one copy moves, the rest stay; a previous champion goes back to Main), and "Set as
legend" on a Legend outside the Legend section (the previous legend takes its place).

A catalog card offers the same before it is in the deck (Ctrl+Shift+C, the catalog's menu, the
Deck menu): a champion unit "Make chosen champion", a legend beside another "Set as legend". The
session applies a catalog action to the line its add made (`EditorSession.add_by_lead_action`);
these actions take that copy back off first, so the deck holds what the player asked for."""

from __future__ import annotations

from typing import Any

from deckeditor.deck import Deck
from deckeditor.games.interface import LeadAction
from deckeditor.games.riftbound.card import Card
from deckeditor.games.riftbound.deckops import make_chosen_champion
from deckeditor.games.riftbound.pool import find_card

MAKE_CHAMPION = "make-chosen-champion"
SET_LEGEND = "set-legend"
# the catalog's card (not yet a deck line) as the chosen champion or the legend
CHOOSE_CHAMPION = "choose-champion"
CHOOSE_LEGEND = "choose-legend"


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


def _is_champion_unit(card: Any) -> bool:
    return bool(getattr(card, "is_champion", False)) and "Unit" in getattr(card, "types", ())


def catalog_actions(deck: Deck, card: Any) -> list[LeadAction]:
    """What a catalog card offers as a lead: a champion unit that is not the chosen champion
    already becomes it; a legend other than the deck's takes its place. An empty Legend section
    takes a legend by an ordinary add, so none is offered then."""
    name = getattr(card, "name", None)
    if _is_champion_unit(card):
        if all(e.card != name for e in deck.section("Champion").entries):
            return [LeadAction(CHOOSE_CHAMPION, "Make chosen champion")]
    elif getattr(card, "is_legend", False):
        legends = [e.card for e in deck.section("Legend").entries]
        if legends and legends != [name]:
            return [LeadAction(CHOOSE_LEGEND, "Set as legend")]
    return []


def refusal(card: Any) -> str | None:
    """A card that is neither a legend nor a champion unit leads nothing (§3.1)."""
    if getattr(card, "is_legend", False) or _is_champion_unit(card):
        return None
    return f"{card.name} cannot lead the deck: only a legend or a champion unit can"


def choose_champion(deck: Deck, section: str, index: int, pool: Any) -> Deck:
    """The card the add put on this line becomes the chosen champion. A deck that held it in
    Main already moves one of those copies instead (its count of the card stays), as "Make
    chosen champion" on the line does; a previous champion goes back to Main."""
    entry = deck.section(section).entries[index]
    deck = deck.remove(section, index, 1)  # the copy the add made
    in_main = [i for i, e in enumerate(deck.section("Main").entries) if e.card == entry.card]
    if in_main:
        return make_chosen_champion(deck, in_main[0], pool)
    previous = list(deck.section("Champion").entries)
    deck = deck.with_entries("Champion", [entry.with_count(1)])
    for old in previous:
        deck = deck.add("Main", old)
    return deck


def choose_legend(deck: Deck, section: str, index: int) -> tuple[Deck, list[str]]:
    """The card the add put on this line becomes the legend; the previous one leaves the deck
    (it was never a copy the player asked to keep elsewhere). Also returns the names replaced."""
    entry = deck.section(section).entries[index]
    replaced = [e.card for e in deck.section("Legend").entries]
    deck = deck.remove(section, index, 1)
    return deck.with_entries("Legend", [entry.with_count(1)]), replaced


def _tag_note(deck: Deck, name: str, pool: Any) -> str:
    """Said with the change when the new champion lacks the legend's champion tag (rule 3): the
    player asked for it by name, so it is made, and the status bar's problem is explained."""
    legends = deck.section("Legend").entries
    legend = find_card(pool, legends[0].card, None) if legends and pool is not None else None
    card = find_card(pool, name, None) if pool is not None else None
    tag = legend.champion_tag if legend is not None else None
    if card is None or not tag or tag in card.tags:
        return ""
    return f" — it lacks the legend's champion tag {tag}"


def apply(action: str, deck: Deck, section: str, index: int, pool: Any) -> tuple[Deck, str]:
    name = deck.section(section).entries[index].card
    if action == CHOOSE_CHAMPION:
        deck = choose_champion(deck, section, index, pool)
        return deck, f"{name} is now the chosen champion{_tag_note(deck, name, pool)}"
    if action == CHOOSE_LEGEND:
        deck, replaced = choose_legend(deck, section, index)
        return deck, f"{name} is now the legend, in place of {', '.join(replaced)}"
    offered = {a.action for a in lead_actions(deck, section, index, pool)}
    if action not in offered:
        raise ValueError(f"{name}: {action!r} is not offered on this line")
    if action == MAKE_CHAMPION:
        return make_chosen_champion(deck, index, pool), f"{name} is now the chosen champion"
    return set_legend(deck, section, index), f"{name} is now the legend"
