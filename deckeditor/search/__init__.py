"""Catalog search language: parser -> tree -> predicate over a game's card fields.

`parse(text)` gives the tree (or a SearchError with a position), `to_text(tree)` prints it back,
`compile_query(text, game, context)` gives a CompiledQuery (`matches(card)`,
`filter_rows(pool, rows)`), and `Searcher(pool).search(text)` is the catalog's per-keystroke call.

Layers, each importing only those before it: tree, errors, folding, bits, lexer < keys (the key
kinds and the games' key tables) < terms < parser < compiler < ranking, index < searcher.

The names below are loaded on first use (PEP 562): the games' registry hands its key tables to
`search.keys` at start, and that must not load the whole engine before the first search.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckeditor.search.compiler import is_slow
    from deckeditor.search.context import SearchContext
    from deckeditor.search.errors import SearchError
    from deckeditor.search.folding import fold_name, fold_text
    from deckeditor.search.index import SearchIndex, index_for
    from deckeditor.search.parser import parse
    from deckeditor.search.printer import to_text
    from deckeditor.search.searcher import CompiledQuery, Searcher, compile_query

_WHERE = {
    "CompiledQuery": "searcher",
    "SearchContext": "context",
    "SearchError": "errors",
    "SearchIndex": "index",
    "Searcher": "searcher",
    "compile_query": "searcher",
    "fold_name": "folding",
    "fold_text": "folding",
    "index_for": "index",
    "is_slow": "compiler",
    "parse": "parser",
    "to_text": "printer",
}

__all__ = [
    "CompiledQuery",
    "SearchContext",
    "SearchError",
    "SearchIndex",
    "Searcher",
    "compile_query",
    "fold_name",
    "fold_text",
    "index_for",
    "is_slow",
    "parse",
    "to_text",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # lazy: the registry loads search.keys at start; the engine loads with the first search
    return getattr(import_module(f"{__name__}.{module}"), name)
