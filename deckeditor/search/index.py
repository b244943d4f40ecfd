"""The per-pool column store the search runs on (`search.md` §7), and the Searcher the catalog
calls on every keystroke.

Folding, reminder stripping and `~` substitution happen once, when the index is built; a search
is then a few tight scans over pre-folded columns and big-int set operations. Leaf results are
cached by their canonical key, so typing the next term recomputes one leaf.
"""

from __future__ import annotations

import weakref
from array import array
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from datetime import date
from typing import Any, TypeVar

from deckeditor.carddb.derived import DerivedCache, cache_for, code_fingerprint
from deckeditor.carddb.pool import CardPool, LazyCards
from deckeditor.search import bits, ranking, stored_columns
from deckeditor.search.compiler import plan_query
from deckeditor.search.context import SearchContext, SearchFormat
from deckeditor.search.keys import Columns, default_game, game_search
from deckeditor.search.plan import Leaf

T = TypeVar("T")
# what an index is built over: a card pool, or any sequence of a game's cards
Pool = CardPool[Any] | Sequence[Any]

LEAF_CACHE = 512


# a value's rows in `SearchIndex.distinct`: a bitset, or the ascending row ids of a rare value
Group = int | Sequence[int]


# below this many rows a value keeps its row ids: a bitset up to a late row costs up to n/8 bytes,
# and setting a few dozen rows at a query costs no more than OR-ing their bitset (measured)
RARE_ROWS = 64


def _group(rows: list[int], n: int) -> Group:
    return array("I", rows) if len(rows) < RARE_ROWS else bits.from_rows(rows, n)


class _FormatCardView:
    """The card-like shape `Ruling` asks about: an id and an own copy limit."""

    __slots__ = ("copy_limit", "id")

    def __init__(self, card_id: str, copy_limit: int | None) -> None:
        self.id = card_id
        self.copy_limit = copy_limit


class SearchIndex:
    def __init__(self, game: str, cards: Sequence[Any], cache: DerivedCache | None = None) -> None:
        self.game = game
        # a lazy pool's view stays a view (its cards decoded as keys read them); else a copy
        self.cards: Sequence[Any] = cards if isinstance(cards, LazyCards) else list(cards)
        self.n = len(self.cards)
        self.all = bits.all_rows(self.n)
        self.cache = cache  # the pool's `carddb.derived` cache (values stored beside the snapshot)
        self.columns: Columns = _columns(game, self.cards, cache)
        self.narrowing: dict[str, tuple[str, int]] = {}
        self._leaves: OrderedDict[tuple[Hashable, ...], int] = OrderedDict()
        self._derived: dict[tuple[Hashable, ...], Any] = {}

    # --- leaves ------------------------------------------------------------------------------

    def has_leaf(self, leaf: Leaf) -> bool:
        return leaf.key in self._leaves

    def leaf_bits(self, leaf: Leaf) -> int:
        cache = self._leaves
        found = cache.get(leaf.key)
        if found is not None:
            cache.move_to_end(leaf.key)
            return found
        result = leaf.compute(self)
        cache[leaf.key] = result
        if len(cache) > LEAF_CACHE:
            cache.popitem(last=False)
        return result

    def derived(self, key: tuple[Hashable, ...], build: Callable[[], T]) -> T:
        """Something computed once per index on first use (number groups, format answers)."""
        found: T | None = self._derived.get(key)
        if found is None:
            found = self._derived[key] = build()
        return found

    def distinct(self, column: str) -> dict[str, Group] | None:
        """value -> its rows, for a string column with few distinct values (type lines: about
        one for every ten cards), else None. A value's rows are a bitset, or, for a value of
        fewer than RARE_ROWS rows, their ids (4 bytes a row): the full MTG pool's ~3,400 type
        lines were 8.4 MB of bitsets, 0.5 MB so."""

        def build() -> dict[str, Group] | bool:
            rows: dict[str, list[int]] = {}
            for row, value in enumerate(self.columns[column]):
                rows.setdefault(value, []).append(row)
            if len(rows) * 4 > self.n:
                return False  # too many distinct values: scanning the column is no slower
            return {value: _group(r, self.n) for value, r in rows.items()}

        found = self.derived(("distinct", column), build)
        return found if isinstance(found, dict) else None

    def warm(self, context: SearchContext | None = None) -> None:
        """Compute the per-pool answers a first keystroke would otherwise wait for: number groups,
        the game's costly `is:` values under the context's rule set, the selected format's bans.
        For the catalog to call once the pool is loaded (in the background)."""
        context = context or SearchContext()
        if isinstance(self.columns, stored_columns.StoredColumns):
            self.columns.load_all()  # every column read here, so no keystroke waits for one
        for field in ("mv", "pow", "tou"):
            if "num:" + field in self.columns:
                self.number_groups(field)
        if "types" in self.columns:
            self.distinct("types")
        search = game_search(self.game)
        warmers = list(search.warm_queries)
        code = context.selected_code or search.default_format
        if code:
            warmers.append(f'f:"{code}"')
        for text in warmers:
            try:
                plan_query(text, self.game, context).bits(self)
            except Exception:  # noqa: BLE001 - a format not loadable: the first search says so
                continue
        ranking.warm(self)

    # --- numbers -----------------------------------------------------------------------------

    def number_groups(self, field: str) -> dict[float, int]:
        """value -> rows with a face of that value (faces without the value are left out)."""

        def build() -> dict[float, int]:
            rows: dict[float, list[int]] = {}
            for row, values in enumerate(self.columns["num:" + field]):
                for value in values:
                    if value is not None:
                        rows.setdefault(value, []).append(row)
            return {v: bits.from_rows(r, self.n) for v, r in rows.items()}

        return self.derived(("num", field), build)

    def number_pairs(self, a: str, b: str) -> dict[tuple[float, float], int]:
        """(a, b) -> rows with a face having both values; a card-level number (a 1-tuple) is
        compared with every face."""

        def build() -> dict[tuple[float, float], int]:
            rows: dict[tuple[float, float], list[int]] = {}
            col_a, col_b = self.columns["num:" + a], self.columns["num:" + b]
            for row, (va, vb) in enumerate(zip(col_a, col_b)):
                if len(va) == 1 and len(vb) > 1:
                    va = va * len(vb)
                elif len(vb) == 1 and len(va) > 1:
                    vb = vb * len(va)
                for x, y in zip(va, vb):
                    if x is not None and y is not None:
                        rows.setdefault((x, y), []).append(row)
            return {pair: bits.from_rows(r, self.n) for pair, r in rows.items()}

        return self.derived(("pair", a, b), build)

    # --- formats -----------------------------------------------------------------------------

    def column(self, name: str) -> Any:
        """A column; one a game builds lazily (a function) is built on first use."""
        found = self.columns[name]
        return self.derived(("column", name), found) if callable(found) else found

    def format_cards(self) -> list[tuple[str, int | None, bool]]:
        """(card id, own copy limit, forbids itself) per row; slugging every name waits until a
        format key is first used."""
        found: list[tuple[str, int | None, bool]] = self.column("format_cards")
        return found

    def format_outside(self, code: str, fmt: SearchFormat, day: date) -> int:
        """Rows outside the format's card pool on `day`, when the game knows pools (column
        `format_pool`: a function of (format, day) giving those rows); 0 otherwise."""
        column = self.columns.get("format_pool")
        if column is None:
            return 0
        outside: Callable[[SearchFormat, date], list[int]] = self.column("format_pool")

        def build() -> int:
            return bits.from_rows(outside(fmt, day), self.n)

        return self.derived(("format-pool", code, id(fmt), day), build)

    def format_status(self, code: str, fmt: SearchFormat, day: date) -> tuple[int, int]:
        """(banned, restricted) bitsets under `fmt` on `day`."""

        def build() -> tuple[int, int]:
            ruling = fmt.ruling_on(day)
            banned: list[int] = []
            restricted: list[int] = []
            for row, (card_id, limit, forbids) in enumerate(self.format_cards()):
                if forbids:
                    banned.append(row)
                    continue
                view = _FormatCardView(card_id, limit)
                try:
                    if ruling.banned_by(view) is not None:
                        banned.append(row)
                    elif ruling.restricted_by(view) is not None:
                        restricted.append(row)
                except (TypeError, ValueError):  # a limit the format refuses: not its business
                    continue
            return bits.from_rows(banned, self.n), bits.from_rows(restricted, self.n)

        return self.derived(("format", code, id(fmt), day), build)


# --- columns, read back from the card database when it has them ---------------------------------


_COLUMNS = stored_columns.NAMES


def _columns(game: str, cards: Sequence[Any], cache: DerivedCache | None) -> Columns:
    """The game's columns over `cards`: from `cache` (a pool's `carddb.derived` cache) when it
    holds them for this code, each read when a key first reads it, else built, and stored there
    for the next start. Columns a game builds lazily (functions) are not stored; the game's
    `lazy_columns` makes them again. Its `card_columns` are made from the cards when first
    read."""
    search = game_search(game)
    if cache is None or search.lazy_columns is None:
        return search.build_columns(cards)
    modules = (
        search.build_columns.__module__,
        "deckeditor.search.folding",
        "deckeditor.search.bits",
        stored_columns.__name__,  # how they are stored
    )
    fingerprint = code_fingerprint(*modules)
    made = {name: _made_from(cards, row) for name, row in search.card_columns.items()}
    found = stored_columns.read_back(cache, fingerprint, lambda: search.build_columns(cards), made)
    if found is not None:
        found.update(search.lazy_columns(cards, found))
        return found
    columns = search.build_columns(cards)
    stored_columns.store(cache, fingerprint, columns, frozenset(made))
    return columns


def _made_from(cards: Sequence[Any], row: Callable[[Any], Any]) -> Callable[[], list[Any]]:
    return lambda: [row(card) for card in cards]


# --- one index per pool -----------------------------------------------------------------------

Stamp = tuple[str, int | None, int]  # (game, the pool's generation, its length)
_INDEXES: weakref.WeakKeyDictionary[Any, tuple[Stamp, SearchIndex]] = weakref.WeakKeyDictionary()


def pool_game(pool: Pool) -> str | None:
    """The game of a card pool (None for a plain list of cards)."""
    return pool.game if isinstance(pool, CardPool) else None


def index_for(pool: Pool, game: str | None = None) -> SearchIndex:
    """The pool's index, built on first use and rebuilt when the pool's generation changes."""
    game = game or pool_game(pool) or default_game()
    generation = pool.generation if isinstance(pool, CardPool) else None
    stamp = (game, generation, len(pool))
    try:
        found = _INDEXES.get(pool)
    except TypeError:  # not weak-referenceable: build every time
        return SearchIndex(game, list(pool))
    if found is not None and found[0] == stamp:
        return found[1]
    # a lazily decoded pool's cards stay undecoded until a key reads them (`CardPool.card_list`)
    cards = pool.card_list() if isinstance(pool, CardPool) else list(pool)
    index = SearchIndex(game, cards, cache_for(pool))
    _INDEXES[pool] = (stamp, index)
    return index
