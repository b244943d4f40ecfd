"""Pebbles' search keys: the name, and `hue:` (one search key of its own)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckeditor.search import bits
from deckeditor.search.folding import fold_name
from deckeditor.search.keys import GameSearch
from deckeditor.search.keys.kinds import NameKey, WordSetKey


def build_columns(cards: Sequence[Any]) -> dict[str, Any]:
    hues: dict[str, list[int]] = {}
    for row, card in enumerate(cards):
        hues.setdefault(fold_name(card.hue), []).append(row)
    return {
        "name": [fold_name(c.name) for c in cards],
        "name_raw": [(c.name,) for c in cards],
        "name_exact": {fold_name(c.name): [row] for row, c in enumerate(cards)},
        "hue": {hue: bits.from_rows(rows, len(cards)) for hue, rows in hues.items()},
    }


SEARCH = GameSearch(
    game="pebbles",
    keys={"name": NameKey(), "hue": WordSetKey("hue", "hue")},
    build_columns=build_columns,
    help={"name": ("the card's name", ("pebble",)), "hue": ("the pebble's hue", ("hue:red",))},
)
