"""What part a card plays in a deck — ramp, card draw, removal… — per card of a pool.

Commander players build to a shape ("10 ramp, 10 draw, 10 removal, 3 board wipes, 37 lands"),
so every card of the pool gets its roles once, when the pool is stored (`roles_for_pool`, kept
beside the snapshot by `carddb.derived`), and a deck counts them (`count_roles`). What each role
means, and the phrasings that read it, are `deckeditor.games.mtg.role_readers`.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from functools import lru_cache

from deckeditor.carddb.derived import DerivedCache, cache_for, remembered_in
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.role_names import (  # noqa: F401  (the names, re-exported)
    BIT,
    BOARDWIPE,
    COMMANDER_TEMPLATE,
    COUNTERSPELL,
    DRAW,
    LAND,
    PROTECTION,
    QUERIES,
    RAMP,
    RECURSION,
    REMOVAL,
    ROLES,
    TITLES,
    TUTOR,
    default_template,
)
from deckeditor.games.mtg.role_readers import face_text, role_mask


def roles_of_mask(mask: int) -> tuple[str, ...]:
    return tuple(role for role in ROLES if mask & BIT[role])


def roles_of(card: Card) -> tuple[str, ...]:
    """The card's roles, in `ROLES` order."""
    return roles_of_mask(role_mask(card))


def has_role(card: Card, role: str) -> bool:
    return role in roles_of(card)


# --- the whole pool ------------------------------------------------------------------------------


def masks_for(cards: Sequence[Card]) -> list[int]:
    return [role_mask(c) for c in cards]


def roles_for_pool(pool: Pool) -> dict[str, int]:
    """Card name -> role bits for every card of `pool`: read back from the card database when an
    import (or an earlier start) stored them, else computed (~0.6 s for 30,000 cards) and stored."""
    return roles_for_cards(pool.cards, cache_for(pool))


def roles_for_cards(cards: Sequence[Card], cache: DerivedCache | None = None) -> dict[str, int]:
    """`roles_for_pool` over a card list and the `carddb.derived` cache of the pool it came from."""

    def build() -> dict[str, int]:
        return {c.name: m for c, m in zip(cards, masks_for(cards)) if m}

    table: dict[str, int] = remembered_in(cache, "mtg-roles", _MODULES, build)
    return table


_MODULES = (
    __name__,
    "deckeditor.games.mtg.role_readers",
    "deckeditor.games.mtg.role_names",
    "deckeditor.games.mtg.bracket_categories",
    "deckeditor.search.folding",
)


@lru_cache(maxsize=4096)
def _mask_memo(card: Card) -> int:
    return role_mask(card)


def mask_in(pool: Pool | None, card: Card) -> int:
    """One card's role bits: from the pool's table when it has the card, else read now."""
    table = _pool_table(pool)
    if table is not None and pool is not None and pool.get(card.name) is card:
        return table.get(card.name, 0)
    try:
        return _mask_memo(card)
    except TypeError:  # an unhashable test double
        return role_mask(card)


_TABLES: weakref.WeakKeyDictionary[Pool, tuple[tuple[int | None, int], dict[str, int]]] = (
    weakref.WeakKeyDictionary()
)


def _pool_table(pool: Pool | None) -> dict[str, int] | None:
    if pool is None or not hasattr(pool, "cards"):
        return None
    stamp = (getattr(pool, "generation", None), len(pool.cards))
    try:
        found = _TABLES.get(pool)
    except TypeError:  # not weakly referenceable: read the cards one by one
        return None
    if found is not None and found[0] == stamp:
        return found[1]
    table = roles_for_pool(pool)
    _TABLES[pool] = (stamp, table)
    return table


def count_roles(
    cards_and_counts: Iterable[tuple[Card, int]], pool: Pool | None = None
) -> dict[str, int]:
    """Copies per role over (card, count) pairs; every role is present (0 when none)."""
    totals = dict.fromkeys(ROLES, 0)
    for card, count in cards_and_counts:
        mask = mask_in(pool, card)
        if mask:
            for role in ROLES:
                if mask & BIT[role]:
                    totals[role] += count
    return totals


__all__ = [
    "BIT",
    "BOARDWIPE",
    "COUNTERSPELL",
    "DRAW",
    "LAND",
    "PROTECTION",
    "RAMP",
    "RECURSION",
    "REMOVAL",
    "ROLES",
    "TITLES",
    "TUTOR",
    "count_roles",
    "face_text",
    "has_role",
    "mask_in",
    "masks_for",
    "role_mask",
    "roles_for_pool",
    "roles_of",
    "roles_of_mask",
]
