"""The sideboard-commander rule (`deck-files.md` §6.3) for files with no commander section.

Eligibility and pairing are `mtg-rules.md` §5.1–§5.2 as `games.mtg.commander` answers them (the one
answer the checker, the predicate and search share; it needs only the card model).
"""

from __future__ import annotations

import re
from dataclasses import replace

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.commander import can_be_commander, can_partner, is_background
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
        if can_partner(a, b) and all(can_lead(c, rules) or is_background(c) for c in cards):
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
