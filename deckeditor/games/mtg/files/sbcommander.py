"""The sideboard-commander rule (`deck-files.md` §6.3) for files with no commander section.

Eligibility and pairing follow `mtg-rules.md` §5.1–§5.2. They are written here in small form, on
the card model only, so importers do not depend on the rules engine being loaded.
"""

from __future__ import annotations

import re
from dataclasses import replace

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.files.common import move_one


def rule_set(format_code: str | None) -> str:
    """`mtg-rules.md` §4: the first word `commander`/`edh`, `brawl` or `oathbreaker` decides."""
    for word in re.split(r"[-_.]", (format_code or "").lower()):
        if word in ("commander", "edh"):
            return "commander"
        if word in ("brawl", "oathbreaker"):
            return word
    return "constructed"


def _front_types(card: Card) -> tuple[set[str], set[str], set[str]]:
    f = card.front
    return set(f.supertypes), set(f.types), set(f.subtypes)


def can_lead(card: Card, rules: str = "commander") -> bool:
    """§5.1, front face only; a Background leads only as the second of a pair."""
    supers, types, subs = _front_types(card)
    if card.commander_text:
        return True
    if "Legendary" not in supers:
        return False
    if rules in ("brawl", "oathbreaker") and "Planeswalker" in types:
        return True
    if "Creature" in types or card.creature_in_command_zone or "Vehicle" in subs:
        return True
    f = card.front
    return "Spacecraft" in subs and f.power is not None and f.toughness is not None


def can_partner(a: Card, b: Card) -> bool:
    """§5.2: the five ways two cards may lead together."""
    if a.name == b.name:
        return False
    pa, pb = a.partner, b.partner
    if pa.plain and pb.plain:
        return True
    if b.name in pa.with_names and a.name in pb.with_names:
        return True
    if pa.types & pb.types:
        return True
    if (pa.choose_background and pb.is_background) or (pb.choose_background and pa.is_background):
        return True
    return (pa.doctors_companion and pb.is_doctor) or (pb.doctors_companion and pa.is_doctor)


def _leads(card: Card, rules: str) -> bool:
    return can_lead(card, rules) and not card.partner.is_background


def apply(
    deck: Deck, pool: CardPool | None, format_code: str | None = None
) -> tuple[Deck, list[str]]:
    """Move the sideboard's commander(s)/companion to their sections when §6.3 allows it."""
    if deck.section("Commander").entries or pool is None or pool.game != "mtg":
        return deck, []
    side = deck.section("Sideboard")
    total = side.total
    if total not in (1, 2):
        return deck, []
    cards: list[Card] = []
    for entry in side.entries:
        card = pool.get(entry.card)
        if card is None:
            return deck, []
        cards.extend([card] * entry.count)
    code = format_code or deck.format
    rules = rule_set(code)
    command_zone = rules != "constructed"
    if rules == "constructed":
        rules = "commander"
    moves: list[tuple[Card, str]] = []
    if len(cards) == 1:
        if _leads(cards[0], rules):
            moves = [(cards[0], "Commander")]
    else:
        a, b = cards
        if can_partner(a, b) and all(can_lead(c, rules) or c.partner.is_background for c in cards):
            moves = [(a, "Commander"), (b, "Commander")]
        elif _leads(a, rules) and b.companion:
            moves = [(a, "Commander"), (b, "Companion")]
        elif _leads(b, rules) and a.companion:
            moves = [(b, "Commander"), (a, "Companion")]
    if not moves:
        return deck, []
    commanders = sum(1 for _, target in moves if target == "Commander")
    if not command_zone and deck.count("Main") + commanders != 100:
        return deck, []
    notes = []
    for card, target in moves:
        moved = move_one(deck, card.name, "Sideboard", target)
        if moved is None:
            return deck, []
        deck = moved
        notes.append(f"{card.name} read as {target.lower()}")
    deck = replace(deck, sections=tuple(s for s in deck.sections if s.entries))
    return deck, notes
