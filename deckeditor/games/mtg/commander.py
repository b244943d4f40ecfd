"""Who may lead a deck (`mtg-rules.md` §5.1) and which two commanders may lead together (§5.2).

Eligibility reads the front face only (§1, "characteristics outside the game" — and for split
cards the union of both halves, which `Card.types` already gives): Westvale Abbey // Ormendahl
cannot lead, Esika, God of the Tree can.
"""

from __future__ import annotations

from enum import Enum

from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.legality import BACK_FACE


class RuleSet(str, Enum):
    COMMANDER = "commander"
    BRAWL = "brawl"
    OATHBREAKER = "oathbreaker"
    CONSTRUCTED = "constructed"
    PAUPERCOMMANDER = "paupercommander"


def _ruleset(ruleset: object) -> str:
    """Accept a RuleSet, any enum whose value is the name, or the plain string."""
    value = getattr(ruleset, "value", ruleset)
    return str(value).lower()


def _is_legendary(card: Card) -> bool:
    return "Legendary" in card.supertypes


def is_background(card: Card) -> bool:
    """A Background enchantment: eligible only as the second of a Choose a Background pair."""
    return "Background" in card.subtypes and "Enchantment" in card.types


def _leads_as_creature(card: Card) -> bool:
    types = card.types
    if "Creature" in types or card.creature_in_command_zone:
        return True
    subtypes = card.subtypes
    if "Vehicle" in subtypes:
        return True
    front = card.front
    # A Spacecraft leads only when it prints power/toughness (it can become a creature).
    return "Spacecraft" in subtypes and front.power is not None and front.toughness is not None


def can_be_commander(card: Card, ruleset: object = RuleSet.COMMANDER) -> bool:
    """§5.1. A lone Background enchantment is not eligible (it needs a Choose a Background
    partner); a Background that is also a legendary creature is."""
    rs = _ruleset(ruleset)
    if BACK_FACE in card.traits:
        return False  # a meld result or back face never starts the game: it cannot lead
    if rs == RuleSet.OATHBREAKER.value:
        return can_be_oathbreaker(card)
    if rs == RuleSet.CONSTRUCTED.value:
        return False
    # A Background enchantment is no creature, so it fails the test below on its own (it leads
    # only as a Choose a Background partner); a Background creature (Faceless One) leads.
    if card.commander_text:
        return True
    if rs == RuleSet.PAUPERCOMMANDER.value:
        # Pauper Commander: any creature printed at uncommon, legendary or not; the printing's
        # rarity is judged by the format's pool (legality.py), the card's type here.
        return _leads_as_creature(card) and not is_background(card)
    if not _is_legendary(card):
        return False
    if _leads_as_creature(card):
        return True
    return rs == RuleSet.BRAWL.value and "Planeswalker" in card.types


def can_be_oathbreaker(card: Card) -> bool:
    if BACK_FACE in card.traits:
        return False
    return "Planeswalker" in card.types or card.commander_text


def can_be_signature_spell(card: Card) -> bool:
    """An instant or sorcery card; its identity is checked against the oathbreaker's elsewhere."""
    return bool({"Instant", "Sorcery"} & card.types)


def partner_capable(card: Card) -> bool:
    """Any partner field set, or a Background or Doctor (§5.2)."""
    p = card.partner
    return p.capable or is_background(card)


def _is_doctor(card: Card) -> bool:
    return card.partner.is_doctor


def can_partner(a: Card, b: Card) -> bool:
    """§5.2: may these two different cards lead together?"""
    if a.name == b.name:
        return False  # two copies of one card are a copy-limit problem, never a pair
    pa, pb = a.partner, b.partner
    if pa.plain and pb.plain:
        return True
    if _names(pa.with_names, b) and _names(pb.with_names, a):
        return True
    if pa.types and pb.types and pa.types & pb.types:
        return True
    if (pa.choose_background and is_background(b)) or (pb.choose_background and is_background(a)):
        return True
    if (pa.doctors_companion and _is_doctor(b)) or (pb.doctors_companion and _is_doctor(a)):
        return True
    return False


def _names(names: frozenset[str], card: Card) -> bool:
    if not names:
        return False
    folded = {n.casefold() for n in names}
    return card.name.casefold() in folded or card.front.name.casefold() in folded
