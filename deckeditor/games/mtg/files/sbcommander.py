"""The sideboard-commander rule (`deck-files.md` §6.3) for files with no commander section.

Eligibility and pairing are `mtg-rules.md` §5.1–§5.2 as `games.mtg.commander` answers them (the one
answer the checker, the predicate and search share; it needs only the card model).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.commander import (
    can_be_commander,
    can_partner,
    is_background,
    partner_capable,
)
from deckeditor.games.mtg.files.common import move_one


def rule_set(format_code: str | None) -> str:
    """`mtg-rules.md` §4: the first word `commander`/`edh`, `brawl` or `oathbreaker` decides."""
    for word in re.split(r"[-_.]", (format_code or "").lower()):
        if word in ("commander", "edh"):
            return "commander"
        if word in ("brawl", "oathbreaker"):
            return word
    return "constructed"


def can_lead(card: Card, rules: str = "commander") -> bool:
    """§6.3 "eligible as a commander": `mtg-rules.md` §5.1 as the rules engine answers it (a
    Brawl deck's planeswalker too); a lone Background enchantment needs a partner."""
    return can_be_commander(card, "brawl" if rules == "brawl" else "commander")


def _leads(card: Card, rules: str) -> bool:
    return can_lead(card, rules)


Copy = tuple[Card | None, str]  # a sideboard copy: its card (None: unknown) and its name


def _moves(cards: list[Copy], rules: str) -> list[tuple[Copy, str]]:
    """Which of the one or two sideboard cards become commander or companion (§6.3)."""
    if len(cards) == 1:
        card = cards[0][0]
        return [(cards[0], "Commander")] if card is None or _leads(card, rules) else []
    (a, _), (b, _) = cards
    first, second = cards
    if a is not None and b is not None:
        if can_partner(a, b) and all(can_lead(c, rules) or is_background(c) for c in (a, b)):
            return [(first, "Commander"), (second, "Commander")]
        if _leads(a, rules) and b.companion:
            return [(first, "Commander"), (second, "Companion")]
        if _leads(b, rules) and a.companion:
            return [(second, "Commander"), (first, "Companion")]
        return []
    if a is None and b is None:  # written Commander first: two unknown cards lead together
        if first[1] == second[1]:  # two copies of one card are no pair
            return []
        return [(first, "Commander"), (second, "Commander")]
    if a is not None:
        known, unknown, entry_known = a, second, first
    else:
        assert b is not None  # (both known or both unknown: answered above)
        known, unknown, entry_known = b, first, second
    if known.companion and not _leads(known, rules):
        return [(unknown, "Commander"), (entry_known, "Companion")]
    if not (_leads(known, rules) or is_background(known)):
        return []
    if partner_capable(known):  # a partner's second: the unknown one leads beside it
        return [(entry_known, "Commander"), (unknown, "Commander")]
    if known.companion:
        return [(unknown, "Commander"), (entry_known, "Companion")]
    return [(entry_known, "Commander"), (unknown, "Companion")]


def apply(
    deck: Deck, pool: CardPool[Any] | None, format_code: str | None = None
) -> tuple[Deck, list[str]]:
    """Move the sideboard's commander(s)/companion to their sections when §6.3 allows it."""
    if deck.section("Commander").entries or pool is None or pool.game != "mtg":
        return deck, []
    side = deck.section("Sideboard")
    total = side.total
    if total not in (1, 2):
        return deck, []
    # One item per copy: the card, or None for an unknown entry (a name the pool does not know).
    # An unknown card cannot be checked, but the writers of these kinds put the command zone
    # there and nothing else, so the shape alone must restore it (issue 15: a commander newer
    # than the pool came back in the sideboard): an unknown card is taken as able to lead, and
    # its role in a pair comes from the known one.
    cards: list[Copy] = []
    for entry in side.entries:
        cards.extend([(pool.get(entry.card), entry.card)] * entry.count)
    code = format_code or deck.format
    rules = rule_set(code)
    command_zone = rules != "constructed"
    if rules == "constructed":
        rules = "commander"
    moves = _moves(cards, rules)
    if not moves:
        return deck, []
    commanders = sum(1 for _, target in moves if target == "Commander")
    if not command_zone and deck.count("Main") + commanders != 100:
        return deck, []
    # in the order the file lists them (a partner pair's unknown half may be first)
    order = [name for _, name in cards]
    moves = sorted(moves, key=lambda move: order.index(move[0][1]))
    notes = []
    for (card, name), target in moves:
        moved = move_one(deck, name, "Sideboard", target)
        if moved is None:
            return deck, []
        deck = moved
        notes.append(
            f"{name} read as {target.lower()}"
            + ("" if card is not None else " (not in the card pool)")
        )
    deck = replace(deck, sections=tuple(s for s in deck.sections if s.entries))
    return deck, notes
