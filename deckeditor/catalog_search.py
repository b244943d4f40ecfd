"""The catalog's search box: the search engine over a pool, built in a worker thread after the
window is shown, or a name-substring fallback while it is absent; the last good result is kept
while the typed text is malformed.
"""

from __future__ import annotations

import datetime as _dt
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from deckeditor.search.bits import rows_of


@dataclass
class SearchState:
    """The catalog search: the last good result is kept while the text is malformed.

    `bits`, when the search engine gave its result as a bitset: the catalog intersects it with
    the legal rows directly, and `rows` is converted from it only when asked for."""

    text: str = ""
    rows: list[int] | None = None  # None: every row
    error: str | None = None
    position: int | None = None
    _extra: dict = field(default_factory=dict)
    bits: int | None = field(default=None, compare=False, repr=False)
    rows_of: Callable[[], list[int]] | None = field(default=None, compare=False, repr=False)
    # the typed name's tiers (exact, then prefix) as bitsets, asked for only when listed
    ranks_of: Callable[[], tuple[int, ...]] | None = field(default=None, compare=False, repr=False)

    def ranks(self) -> tuple[int, ...]:
        """What the catalog lists first (`search.ranking`): () when the query names no card."""
        return self.ranks_of() if self.ranks_of is not None else ()

    def __getattribute__(self, name: str):
        if name == "rows":
            get = object.__getattribute__
            rows_of = get(self, "rows_of")
            if rows_of is not None:
                self.rows = rows_of()
                self.rows_of = None
        return object.__getattribute__(self, name)


class CatalogSearch:
    """The search engine over a pool, or a name-substring fallback while it is absent."""

    def __init__(self, pool: Any, fmt: Any = None, day: _dt.date | None = None) -> None:
        self.pool = pool
        self.state = SearchState()
        self._context = (fmt, day)
        self._searcher: Any = None
        self._ready = False
        self._error_type: type[Exception] | None = None
        self._names: list[str] | None = None
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
        search = import_module("deckeditor.search")
        searcher = None
        error_type = None
        if search is not None and hasattr(search, "Searcher"):
            error_type = getattr(search, "SearchError", None)
            try:
                searcher = search.Searcher(self.pool, getattr(self.pool, "game", None))
                fmt, day = self._context
                searcher.set_context(
                    search.SearchContext(format=getattr(fmt, "format", None), day=day)
                )
            except Exception:  # no search keys for this game yet: names only
                searcher = None
        if searcher is None:
            self._names = [getattr(c, "name", "").casefold() for c in self.pool.cards]
        self._error_type = error_type
        self._searcher = searcher
        self._ready = True

    def set_context(self, fmt: Any, day: _dt.date | None) -> None:
        """`f:` and `banned:` follow the selected format on the selected day."""
        self._context = (fmt, day)
        if self._thread is not None:
            self.warm()  # the index being built took the context it read: set this one after
        if self._searcher is None:
            return
        search = import_module("deckeditor.search")
        self._searcher.set_context(
            search.SearchContext(format=getattr(fmt, "format", None), day=day)
        )

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
        search = import_module("deckeditor.search")
        from deckeditor.search.tree import top_terms

        try:
            for term in top_terms(search.parse(text)):
                piece = search.to_text(term)
                query = search.compile_query(piece, self._searcher.game, self._searcher.context)
                if not query.bits(self._searcher.index) >> row & 1:
                    return piece
        except Exception:  # a term that cannot be checked alone: say nothing rather than guess
            return None
        return None

    def search(self, text: str) -> SearchState:
        text = text.strip()
        if not text:
            self.state = SearchState("", None)
            return self.state
        self.warm()
        found = lazy = ranks = None
        try:
            searcher = self._searcher
            if searcher is not None and hasattr(searcher, "search_bits"):
                found = searcher.search_bits(text)  # rows converted only when asked for
                rows = None
                size = len(self.pool)
                lazy = lambda: rows_of(found, size)  # noqa: E731 - this result, not a later one
                query, index = searcher.last_query, searcher.index
                ranks = lambda: query.ranks(index)  # noqa: E731 - this query's, not a later one
            elif searcher is not None:
                rows = list(searcher.search(text))
            else:
                needle = text.casefold()
                rows = [i for i, n in enumerate(self._names) if needle in n]
        except Exception as exc:
            if self._error_type is None or not isinstance(exc, self._error_type):
                raise
            last = self.state
            if getattr(exc, "unsupported", False):  # a real key not supported: no card shown
                last = SearchState(text, [], bits=0)
            self.state = SearchState(
                text,
                last.rows,
                str(getattr(exc, "message", exc)),
                getattr(exc, "position", None),
                bits=last.bits,
                ranks_of=last.ranks_of,
            )
            return self.state
        self.state = SearchState(text, rows, bits=found, rows_of=lazy, ranks_of=ranks)
        return self.state
