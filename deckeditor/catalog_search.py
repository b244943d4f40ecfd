"""The catalog's search box: the search engine over a pool, built in a worker thread after the
window is shown, or a name-substring fallback while it is absent; the last good result is kept
while the typed text is malformed.
"""

from __future__ import annotations

import datetime as _dt
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deckeditor import search
from deckeditor.carddb.pool import CardPool
from deckeditor.format_catalog import FormatInfo
from deckeditor.search.bits import rows_of
from deckeditor.search.tree import top_terms

if TYPE_CHECKING:
    from deckeditor.search.nothing_found import NothingFound


class SearchState:
    """The catalog search: the last good result is kept while the text is malformed.

    `bits`, when the search engine gave its result as a bitset: the catalog intersects it with
    the legal rows directly, and `rows` is converted from it only when asked for (`rows_of`)."""

    __slots__ = ("_rows", "bits", "error", "position", "ranks_of", "rows_of", "text")

    def __init__(
        self,
        text: str = "",
        rows: list[int] | None = None,  # None: every row
        error: str | None = None,
        position: int | None = None,
        *,
        bits: int | None = None,
        rows_of: Callable[[], list[int]] | None = None,
        # the typed name's tiers (exact, then prefix) as bitsets, asked for only when listed
        ranks_of: Callable[[], tuple[int, ...]] | None = None,
    ) -> None:
        self.text = text
        self._rows = rows
        self.error = error
        self.position = position
        self.bits = bits
        self.rows_of = rows_of
        self.ranks_of = ranks_of

    @property
    def rows(self) -> list[int] | None:
        if self.rows_of is not None:
            self._rows = self.rows_of()
            self.rows_of = None
        return self._rows

    @rows.setter
    def rows(self, rows: list[int] | None) -> None:
        self._rows = rows
        self.rows_of = None

    def found(self, size: int) -> int:
        """How many cards of a pool of `size` the search finds, before the deck's rules."""
        if self.bits is not None:
            return int(self.bits).bit_count()
        rows = self.rows
        return size if rows is None else len(rows)

    def ranks(self) -> tuple[int, ...]:
        """What the catalog lists first (`search.ranking`): () when the query names no card."""
        return self.ranks_of() if self.ranks_of is not None else ()

    def __repr__(self) -> str:
        return f"SearchState({self.text!r}, error={self.error!r}, position={self.position!r})"


def _context(fmt: FormatInfo | None, day: _dt.date | None) -> search.SearchContext:
    return search.SearchContext(format=fmt.format if fmt is not None else None, day=day)


class CatalogSearch:
    """The search engine over a pool, or a name-substring fallback while it is absent."""

    def __init__(
        self, pool: CardPool[Any], fmt: FormatInfo | None = None, day: _dt.date | None = None
    ) -> None:
        self.pool = pool
        self.state = SearchState()
        self._context = (fmt, day)
        self._searcher: search.Searcher | None = None
        self._ready = False
        self._names: list[str] = []  # each card's name folded, while there is no searcher
        self._thread: threading.Thread | None = None

    def warm(self) -> None:
        """Build the search index (most of a second on 30,000 cards): done after the window is
        shown (`warm_in_background`), or at the first keystroke, so start-up does not wait."""
        thread = self._thread
        if thread is not None:
            thread.join()  # a keystroke while it builds waits only for the rest of the build
            self._thread = None
        if self._ready:
            return
        self._build()

    def warm_in_background(self, then: Callable[[], None] | None = None) -> None:
        """Build the index in a worker thread while the window stays responsive (the build reads
        the pool only; `search` and `warm` wait for it). `then` runs in the worker afterwards, or
        at once when there is nothing to build."""
        if self._ready or self._thread is not None:  # built, or being built: nothing to wait for
            if then is not None:
                then()
            return

        def work() -> None:
            try:
                self._build()
            finally:
                if then is not None:
                    then()

        self._thread = threading.Thread(target=work, name="deckeditor-search-index", daemon=True)
        self._thread.start()

    @property
    def building(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive()

    def _build(self) -> None:
        if self._ready:
            return
        # A window's pool decodes its cards when read (`ui.main_window.load_pool`): all of them
        # now, in this worker, so no later edit waits for it, and the snapshot's rows are freed
        # before the index's columns are read (the two are never resident together)
        self.pool.cards  # noqa: B018 - read for its decoding
        searcher: search.Searcher | None = None
        try:
            searcher = search.Searcher(self.pool, self.pool.game)
            searcher.set_context(_context(*self._context))
        except Exception:  # no search keys for this game yet: names only
            searcher = None
        if searcher is None:
            self._names = [c.name.casefold() for c in self.pool.cards]
        self._searcher = searcher
        self._ready = True

    def set_context(self, fmt: FormatInfo | None, day: _dt.date | None) -> None:
        """`f:` and `banned:` follow the selected format on the selected day."""
        self._context = (fmt, day)
        if self._thread is not None:
            self.warm()  # the index being built took the context it read: set this one after
        if self._searcher is None:
            return
        self._searcher.set_context(_context(fmt, day))

    def exact_rows(self) -> list[int]:
        """The rows the search's typed name names exactly (a face name too; search.md §7's
        first tier), lowest first; none while the text is malformed or no index is built."""
        state = self.state
        ranks = state.ranks() if state.bits is not None and not state.error else ()
        exact = ranks[0] & state.bits if ranks and state.bits is not None else 0
        rows = []
        while exact:  # the few exact rows
            low = exact & -exact
            rows.append(low.bit_length() - 1)
            exact ^= low
        return rows

    def failed_term(self, row: int) -> str | None:
        """The first top-level search term the card at `row` fails (mtg-rules.md §11: "why is
        this card hidden?" names it), or None when it matches or nothing is searched."""
        text = self.state.text
        if not text or self._searcher is None:
            return None
        found = self.state.bits
        if found is not None:
            if found >> row & 1:
                return None
        elif self.state.rows is not None and row in self.state.rows:
            return None
        try:
            for term in top_terms(search.parse(text)):
                piece = search.to_text(term)
                query = search.compile_query(piece, self._searcher.game, self._searcher.context)
                if not query.bits(self._searcher.index) >> row & 1:
                    return piece
        except Exception:  # a term that cannot be checked alone: say nothing rather than guess
            return None
        return None

    def nothing_found(self) -> NothingFound | None:
        """Why the search finds no card (`search.nothing_found`); None while it finds cards, is
        malformed, or no index is built (names only)."""
        state, searcher = self.state, self._searcher
        if searcher is None or not state.text or state.error or state.bits != 0:
            return None
        # lazy: only an empty result reads it; the engine's modules load with the first search
        from deckeditor.search.nothing_found import nothing_found

        try:
            return nothing_found(state.text, searcher.index, searcher.game, searcher.context)
        except Exception:  # a term that cannot be checked alone: say nothing rather than guess
            return None

    def search(self, text: str) -> SearchState:
        text = text.strip()
        if not text:
            self.state = SearchState("", None)
            return self.state
        self.warm()
        searcher = self._searcher
        if searcher is None:
            needle = text.casefold()
            self.state = SearchState(text, [i for i, n in enumerate(self._names) if needle in n])
            return self.state
        try:
            found = searcher.search_bits(text)  # rows converted only when asked for
        except search.SearchError as exc:
            last = self.state
            if exc.unsupported:  # a real key not supported: no card shown
                last = SearchState(text, [], bits=0)
            self.state = SearchState(
                text, last.rows, exc.message, exc.position, bits=last.bits, ranks_of=last.ranks_of
            )
            return self.state
        size = len(self.pool)
        query, index = searcher.last_query, searcher.index

        def rows() -> list[int]:  # this result's, not a later one's
            return rows_of(found, size)

        def ranks() -> tuple[int, ...]:  # this query's, not a later one's
            return query.ranks(index) if query is not None else ()

        self.state = SearchState(text, None, bits=found, rows_of=rows, ranks_of=ranks)
        return self.state
