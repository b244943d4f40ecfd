"""Counts in a player's words: `1 card`, `3 cards`, `1 copy`, `2 copies` (never "1 cards")."""

from __future__ import annotations

_IRREGULAR = {"copy": "copies", "is": "are", "was": "were"}


def plural(noun: str, n: int) -> str:
    """The noun as `n` takes it."""
    if n == 1:
        return noun
    return _IRREGULAR.get(noun, noun + "s")


def count(n: int, noun: str) -> str:
    """`1 card`, `12 cards`, `1,234 cards`."""
    return f"{n:,} {plural(noun, n)}"
