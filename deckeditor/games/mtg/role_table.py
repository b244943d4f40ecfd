"""A card's role bits read from the table the card database keeps beside its pool's snapshot
(`games.mtg.roles.roles_for_pool`, stored by the import), without loading the recognisers:
importing `games.mtg.roles` compiles some fifty regexes (~0.17 s), which `check` and the
window's first paint would otherwise pay to read 100 stored numbers. Anything the table cannot
answer (a card not in the pool, no stored table, a changed recogniser) goes to `roles`.
"""

from __future__ import annotations

import weakref

from deckeditor.carddb import derived
from deckeditor.games.mtg.card import Card, Pool

# the modules whose source stamps the stored table: `games.mtg.roles._MODULES` (a test keeps
# the two the same; were they to differ, the table is only not found, never wrong)
ROLE_MODULES = (
    "deckeditor.games.mtg.roles",
    "deckeditor.games.mtg.role_readers",
    "deckeditor.games.mtg.role_names",
    "deckeditor.games.mtg.bracket_categories",
    "deckeditor.search.folding",
)
_NAME = "mtg-roles"

# pool -> ((generation, size), table or None): one read of the database per pool as loaded
_TABLES: weakref.WeakKeyDictionary[Pool, tuple[tuple[int | None, int], dict[str, int] | None]] = (
    weakref.WeakKeyDictionary()
)


def mask_in(pool: Pool | None, card: Card) -> int:
    """`roles.mask_in(pool, card)`, from the stored table when the pool's card is this one."""
    table = _stored_table(pool)
    if table is not None and pool is not None and pool.get(card.name) is card:
        return table.get(card.name, 0)
    from deckeditor.games.mtg import roles  # lazy: the recognisers compile ~50 regexes (0.17 s)

    return roles.mask_in(pool, card)


def _stored_table(pool: Pool | None) -> dict[str, int] | None:
    if pool is None or not callable(getattr(pool, "get", None)) or not hasattr(pool, "__len__"):
        return None  # not a CardPool (its `cards` are not asked for: a lazy pool decodes them all)
    stamp = (getattr(pool, "generation", None), len(pool))
    try:
        found = _TABLES.get(pool)
    except TypeError:  # not weakly referenceable: no table kept for it
        return None
    if found is not None and found[0] == stamp:
        return found[1]
    table = derived.stored(derived.cache_for(pool), _NAME, ROLE_MODULES)
    _TABLES[pool] = (stamp, table if isinstance(table, dict) else None)
    return _TABLES[pool][1]
