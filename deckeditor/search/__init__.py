"""Catalog search language: parser -> tree -> predicate over a game's card fields.

`parse(text)` gives the tree (or a SearchError with a position), `to_text(tree)` prints it back,
`compile_query(text, game, context)` gives a CompiledQuery (`matches(card)`,
`filter_rows(pool, rows)`), and `Searcher(pool).search(text)` is the catalog's per-keystroke call.
"""

from deckeditor.search.compiler import CompiledQuery, compile_query, is_slow
from deckeditor.search.context import SearchContext
from deckeditor.search.errors import SearchError
from deckeditor.search.folding import fold_name, fold_text
from deckeditor.search.index import Searcher, SearchIndex, index_for
from deckeditor.search.parser import parse
from deckeditor.search.printer import to_text

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
