"""Riftbound lookups over a CardPool: card code -> (card, printing), and the extra name forms
of §1.6 (`Short - Subtitle`, a legend's subtitle alone when unambiguous).

Indexes are built once per pool and rebuilt only when the pool grows or is replaced.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from deckeditor.carddb.pool import CardPool
from deckeditor.games.riftbound.card import Card, CardCodeError, Printing, parse_code
from deckeditor.names import name_key

Pool = CardPool[Card]
CodeIndex = dict[str, tuple[Card, Printing]]
NameIndex = dict[str, set[str]]
_Stamp = tuple[int, int | None]

_CACHE: weakref.WeakKeyDictionary[Pool, tuple[_Stamp, CodeIndex, NameIndex]] = (
    weakref.WeakKeyDictionary()
)


def _indexes(pool: Pool) -> tuple[CodeIndex, NameIndex]:
    stamp = (len(pool), id(pool.cards[-1]) if len(pool) else None)
    cached = _CACHE.get(pool)
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    codes: CodeIndex = {}
    names: NameIndex = {}
    for card in pool:
        # getattr: a list read against another game's pool finds cards without these
        for p in getattr(card, "printings", ()):
            codes[p.code] = (card, p)
        subtitle: str | None = getattr(card, "subtitle", None)
        if subtitle:
            names.setdefault(name_key(f"{card.short_name} - {subtitle}"), set()).add(card.name)
            if card.is_legend:
                names.setdefault(name_key(subtitle), set()).add(card.name)
    try:
        _CACHE[pool] = (stamp, codes, names)
    except TypeError:  # a pool that cannot be weakly referenced: no cache
        pass
    return codes, names


def code_index(pool: Pool) -> CodeIndex:
    """Canonical card code -> (Card, Printing)."""
    return _indexes(pool)[0]


def by_code(pool: Pool, code: str) -> Card | None:
    try:
        canonical = str(parse_code(code))
    except CardCodeError:
        return None
    found = code_index(pool).get(canonical)
    return found[0] if found else None


def resolve_name(pool: Pool, written: str) -> Card | None:
    """The pool's own resolution, then `Short - Subtitle` and a legend's bare subtitle."""
    return name_resolver(pool)(written)


def name_resolver(pool: Pool) -> Callable[[str], Card | None]:
    """`resolve_name` for one pool, its indexes looked up once (a reader resolving every line
    of a large list calls it a million times)."""
    names_index = _indexes(pool)[1]
    lookup = pool.lookup

    def resolve(written: str) -> Card | None:
        card = lookup(written)
        if card is not None:
            return card
        names = names_index.get(name_key(written))
        if names and len(names) == 1:
            return pool.get(next(iter(names)))
        if written.rstrip().endswith(" - Starter"):  # the gallery's product marker (§1.6)
            return resolve(written.rstrip()[: -len(" - Starter")])
        return None

    return resolve


def find_card(pool: Pool, name: str, code: str | None = None) -> Card | None:
    """A deck entry's card: by name (as the pool spells it, or another accepted form), else by
    the printing's card code."""
    card = pool.get(name) or resolve_name(pool, name)
    if card is None and code:
        card = by_code(pool, code)
    return card
