"""A Riftbound deck's statistics as values (game interface): the energy curve of the main deck,
power symbols by domain, copies per type, and the Might spread of its units (no MTG pips, no
"starting library": the main deck is counted as the rules count it, Main + Chosen Champion)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from deckeditor.deck import Deck
from deckeditor.games.interface import Bar, Chart, Statistics
from deckeditor.games.riftbound.card import DOMAINS
from deckeditor.games.riftbound.rules import MAIN_SIZE_SECTIONS
from deckeditor.games.riftbound.sections import count_summary, main_count
from deckeditor.games.riftbound.symbols import DOMAIN_COLORS

ENERGY_COLOR = "#6b7fa8"
MIGHT_COLOR = "#b07a2a"
TYPE_ORDER = ("Unit", "Gear", "Spell", "Legend", "Rune", "Battlefield")
_TOP = 7  # the last bar of the energy and Might charts is "7+"


def _label(n: int) -> str:
    return f"{_TOP}+" if n == _TOP else str(n)


def statistics(deck: Deck, pool: Any, primary_type: Callable[[Any], str]) -> Statistics:
    """`primary_type` names the group a card counts under (the game's `Game.primary_type`)."""
    energy: Counter[int] = Counter()
    power: Counter[str] = Counter()
    might: Counter[int] = Counter()
    types: Counter[str] = Counter()
    for _, entry in deck.entries(*MAIN_SIZE_SECTIONS):
        card = pool.get(entry.card) if pool is not None else None
        types[primary_type(card)] += entry.count
        if card is None:
            continue
        if card.energy is not None:
            energy[min(_TOP, card.energy)] += entry.count
        for domain in card.domains:  # a card's power pips are of its domain(s) (§1.4)
            power[domain] += (card.power or 0) * entry.count
        if "Unit" in card.types and card.might is not None:
            might[min(_TOP, max(0, card.might))] += entry.count
    main = main_count(deck)
    charts = (
        Chart(
            "energy",
            "Energy curve (main deck)",
            tuple(Bar(_label(n), energy.get(n, 0), ENERGY_COLOR) for n in range(_TOP + 1)),
        ),
        Chart(
            "power",
            "Power symbols by domain",
            tuple(Bar(d, power.get(d, 0), DOMAIN_COLORS[d]) for d in DOMAINS),
        ),
        Chart(
            "might",
            "Might of units",
            tuple(Bar(_label(n), might.get(n, 0), MIGHT_COLOR) for n in range(_TOP + 1)),
        ),
    )
    groups = tuple(sorted(types.items(), key=lambda t: (-t[1], t[0])))
    runes, fields = deck.section("Runes").total, deck.section("Battlefields").total
    values = {
        "energy": dict(energy),
        "power": dict(power),
        "might": dict(might),
        "types": dict(types),
        "main": main,
        "runes": runes,
        "battlefields": fields,
        "sideboard": deck.section("Sideboard").total,
        "total": deck.count("Legend", "Champion", "Main", "Runes", "Battlefields"),
    }
    summary = (
        f"<b>Main deck: {main} cards</b> &nbsp; · &nbsp; runes {runes} · battlefields {fields}"
    )
    return Statistics(charts, groups, summary, count_summary(deck), values)
