"""The upfront colour choices of MTG cards (mtg-rules.md §8, §9): a Rulebreaker commander's
additional colours, Cryptic Spires' circled colours, a wild colour. Read from the card's raw facts
(Forge's `AllowedAdditionalColor$`, `SetColorID`), for the window's colour dialog."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from deckeditor.deck import Deck, Entry
from deckeditor.games.interface import ChoiceOption, ColorBudget
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.colors import WUBRG

_BUDGET_RE = re.compile(r"AllowedAdditionalColor\$\s*(\d+)")

OPTIONS = (
    ChoiceOption("W", "White", "#f8f3d8"),
    ChoiceOption("U", "Blue", "#b9d9f2"),
    ChoiceOption("B", "Black", "#c9c2bf"),
    ChoiceOption("R", "Red", "#f2b7a2"),
    ChoiceOption("G", "Green", "#a9d6b5"),
)
_TITLES = {
    "additional colour": "Additional-colour budget",
    "circled colours": "Circles",
    "wild colour": "Wild colour",
}


def _budget(count: int, exactly: bool, why: str) -> ColorBudget:
    return ColorBudget(count, exactly, why, OPTIONS, _TITLES[why])


def color_budget(card: Card | None) -> ColorBudget | None:
    """The upfront colour choice a card offers, or None."""
    if card is None:
        return None
    spires = getattr(card, "set_color_id", 0) or 0
    if spires > 0:
        return _budget(spires, True, "circled colours")
    for line in getattr(card, "deck_rule_lines", ()) or ():
        found = _BUDGET_RE.search(line.text)
        if found and int(found.group(1)) > 0:
            return _budget(min(5, int(found.group(1))), False, "additional colour")
    if getattr(card, "wild_color", False):
        return _budget(1, False, "wild colour")
    return None


def letters_of(mask: int) -> str:
    return "".join(c for i, c in enumerate(WUBRG) if mask >> i & 1)


def ordered(colors: str) -> str:
    """Colour letters in WUBRG order, others dropped."""
    return "".join(c for c in WUBRG if c in colors.upper())


def with_colors(entry: Entry, colors: str) -> Entry:
    return replace(entry, colors=ordered(colors))


def zone_letters(deck: Deck, pool: Pool | None) -> str:
    """The commanders' own colours (the dialog marks colours outside them)."""
    zone = 0
    for _, e in deck.entries("Commander"):
        card = pool.get(e.card) if pool is not None else None
        zone |= getattr(card, "identity", 0) or 0
    return letters_of(zone)


def relied_on(deck: Deck, pool: Pool | None) -> dict[str, int]:
    """Per colour, how many deck cards of Main/Sideboard/Companion show it beyond the
    commanders' own identity (what the colour dialog lists)."""
    zone = 0
    for _, e in deck.entries("Commander"):
        card = pool.get(e.card) if pool is not None else None
        zone |= getattr(card, "identity", 0) or 0
    counts: Counter[str] = Counter()
    for _, e in deck.entries("Main", "Sideboard", "Companion"):
        card = pool.get(e.card) if pool is not None else None
        extra = (getattr(card, "identity", 0) or 0) & ~zone
        for letter in letters_of(extra):
            counts[letter] += e.count
    return dict(counts)


def chosen_for(deck: Deck, card_name: str, budget: ColorBudget) -> str | None:
    """The colours recorded for the card: a commander's budget, or any circled copy."""
    for section, entry in deck.entries():
        if entry.card == card_name and (section == "Commander" or budget.exactly):
            return entry.colors
    return None
