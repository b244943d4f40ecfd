"""The top of the search engine: `compile_query` (cached) gives a CompiledQuery that answers
over pools and cards, and `Searcher` is the catalog's per-keystroke call."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from deckeditor.search import bits, ranking
from deckeditor.search.bits import rows_of
from deckeditor.search.compiler import QueryPlan, plan_query
from deckeditor.search.context import SearchContext
from deckeditor.search.index import Pool, SearchIndex, index_for, pool_game
from deckeditor.search.keys import default_game


class CompiledQuery(QueryPlan):
    """A checked, planned query, with the calls that build an index of their own."""

    def ranked_names(self, pool: Pool) -> list[str]:
        """The matching cards' names: the typed name's exact matches, then the names starting
        with it, then the rest, alphabetically within each (`deckeditor cards search`)."""
        index = index_for(pool, self.game)
        ranks = self.ranks(index)
        rows = bits.to_rows(self.bits(index))
        return [name for _, name in sorted((ranking.tier_of(r, ranks), pool[r].name) for r in rows)]

    def matches(self, card: Any) -> bool:
        """Does this one card match? (Builds a one-card index: for tests and the card view.)"""
        return bool(self.bits(SearchIndex(self.game, [card])))

    def filter_rows(self, pool: Pool, rows: Iterable[int] | None = None) -> list[int]:
        """The rows of `pool` (all, or those given, in their order) that match."""
        index = index_for(pool, self.game)
        found = self.bits(index)
        if rows is None:
            return bits.to_rows(found)
        if found == index.all:
            return list(rows)
        flags = bits.to_flags(found, index.n)
        return [row for row in rows if flags[row]]

    def first_failing_term(self, card: Any) -> str | None:
        """The first top-level AND term `card` fails, printed canonically (for "why is this card
        hidden?"), or None when it matches."""
        return self.failing_term(SearchIndex(self.game, [card]))

    def filter_cards(self, cards: Sequence[Any]) -> list[Any]:
        index = SearchIndex(self.game, cards)
        return [cards[row] for row in bits.to_rows(self.bits(index))]


_COMPILED: OrderedDict[tuple[Hashable, ...], CompiledQuery] = OrderedDict()


def compile_query(text: str, game: str = "", context: SearchContext | None = None) -> CompiledQuery:
    """Parse, check and plan `text` for `game` ("" the default game); raises SearchError on a bad
    query. The last 256 are kept: typing back to an earlier query costs nothing."""
    game = game or default_game()
    ctx = context or SearchContext()
    key = (text, game, ctx.cache_key(), id(ctx.loader))
    found = _COMPILED.get(key)
    if found is not None:
        return found
    planned = plan_query(text, game, ctx)
    compiled = CompiledQuery(planned.text, game, ctx, planned.tree, planned.plan)
    _COMPILED[key] = compiled
    if len(_COMPILED) > 256:
        _COMPILED.popitem(last=False)
    return compiled


class Searcher:
    """The catalog's search: `search(text) -> list[int]` (ascending row ids).

    It remembers the last good result: an unchanged result is returned as the same list (no
    conversion), and on a SearchError `last_text`/`last_rows` still describe what the catalog
    shows ("showing results for <last good query>"). Growing a query by one letter only rescans
    the previous hits of the term being typed (see `substring_bits`).
    """

    def __init__(
        self,
        pool: Pool | SearchIndex,
        game: str | None = None,
        context: SearchContext | None = None,
    ) -> None:
        self.pool = pool
        own = pool.game if isinstance(pool, SearchIndex) else pool_game(pool)
        self.game = game or own or default_game()
        self.context = context or SearchContext()
        self.index = pool if isinstance(pool, SearchIndex) else index_for(pool, self.game)
        self.last_text: str = ""
        self.last_bits: int = self.index.all
        # no result listed yet (a bitset is never negative): the first `last_rows` lists it, so a
        # catalog that never asks keeps no list of every row (~1.2 MB over the full pool)
        self._rows_bits: int = -1
        self._rows: list[int] = []
        self.last_error: Exception | None = None
        self.last_query: CompiledQuery | None = (
            None  # the last good CompiledQuery (its name tiers order the catalog)
        )
        # Built with the index, so no keystroke waits for is:commander or the format's bans.
        self.index.warm(self.context)

    def set_context(self, context: SearchContext) -> None:
        self.context = context

    def refresh_index(self) -> None:
        if not isinstance(self.pool, SearchIndex):
            self.index = index_for(self.pool, self.game)

    @property
    def last_rows(self) -> list[int]:
        """The last good result as ascending row ids (converted once per distinct result)."""
        if self._rows_bits != self.last_bits:
            self._rows = rows_of(self.last_bits, self.index.n)
            self._rows_bits = self.last_bits
        return self._rows

    def search_bits(self, text: str) -> int:
        """`search` without the row list: the result as a bitset (the catalog intersects it with
        the legal rows before converting)."""
        try:
            query = compile_query(text, self.game, self.context)
        except Exception as exc:
            self.last_error = exc
            raise
        found = query.bits(self.index)
        self.last_error = None
        self.last_text = text
        self.last_query = query
        if found != self.last_bits:
            self.last_bits = found
        return self.last_bits

    def search(self, text: str) -> list[int]:
        self.search_bits(text)
        return self.last_rows

    def ranks(self) -> tuple[int, ...]:
        """The last good query's name tiers (`ranking`): what the catalog lists first."""
        return self.last_query.ranks(self.index) if self.last_query is not None else ()
