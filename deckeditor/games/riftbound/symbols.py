"""Riftbound's text symbols (riftbound.md §1.3) for the card view, which draws them as icons:
`[n]` energy, `[R]` … `[Y]` one power of a domain, `[A]` any domain, `[C]` the card's own
domain, `[S]` Might, `[T]` exhaust."""

from __future__ import annotations

from deckeditor.games.interface import Symbol
from deckeditor.games.riftbound.card import DOMAIN_LETTER, DOMAINS

DOMAIN_COLORS = {
    "Fury": "#d23c2e",
    "Calm": "#3f9a5a",
    "Mind": "#3f76c4",
    "Body": "#e8862a",
    "Chaos": "#8a4fb8",
    "Order": "#d8b62a",
}
MAX_ENERGY_SYMBOL = 20


def _table() -> tuple[Symbol, ...]:
    out = [
        Symbol(f"[{DOMAIN_LETTER[d]}]", DOMAIN_LETTER[d], DOMAIN_COLORS[d], f"{d} power")
        for d in DOMAINS
    ]
    out += [
        Symbol("[A]", "A", "#9a9a9a", "power of any domain"),
        Symbol("[C]", "C", "#707070", "power of this card's domain"),
        Symbol("[S]", "⚔", "#7a5a2a", "Might", "square"),
        Symbol("[T]", "⟳", "#505050", "exhaust", "square"),
    ]
    out += [
        Symbol(f"[{n}]", str(n), "#2b2b2b", f"{n} energy", "diamond")
        for n in range(MAX_ENERGY_SYMBOL + 1)
    ]
    return tuple(out)


SYMBOLS = _table()
