"""`deckeditor cards search QUERY [--cards SRC]... [--format F --on DAY] [--json]`.

Prints the matching card names one a line (or `{"query", "count", "cards"}` as JSON): the typed
name's exact match first, then names that start with it, then the rest, alphabetically within each
(`search.ranking`, as the catalog lists them).
`--format` selects the format the query's `f:`/`banned:`/`is:commander` follow (a built-in code or
a format file); `--on` the day. A bad query, format, day or card source exits 2 with one clear
message on stderr (for a query: the message, the position and a caret under the culprit).
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from typing import Any

from deckeditor import format_catalog
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.store import CardSourceError, open_pool
from deckeditor.games.registry import DEFAULT_GAME
from deckeditor.paths import AppPaths
from deckeditor.search.context import SearchContext
from deckeditor.search.errors import SearchError
from deckeditor.search.searcher import compile_query

PROG = "deckeditor cards search"


class _Unusable(Exception):
    """Input the command cannot use: printed as one line, exit 2."""


def _day(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise _Unusable(f"--on {text!r}: expected a day as YYYY-MM-DD") from None


def _context(args: argparse.Namespace) -> tuple[str, SearchContext]:
    """The game searched and the query's context: without --game, the game of --format (a
    Riftbound format searches Riftbound's cards, as `check` takes a deck's game), else MTG."""
    named = getattr(args, "game", None)
    day = _day(getattr(args, "on", None))
    code = getattr(args, "format", None)
    if not code:
        return named or DEFAULT_GAME, SearchContext(day=day)
    try:
        info = format_catalog.load_format(code, named)
    except (ValueError, OSError) as exc:
        raise _Unusable(str(exc)) from None
    if named and info.game != named:
        raise _Unusable(f"--format {code} is a {info.game} format, and --game is {named}")
    # the format's own rule set (a game whose keys follow no rule set never reads it)
    return info.game, SearchContext(format=info.format, day=day, ruleset=info.variant)


def _pool(args: argparse.Namespace, game: str) -> CardPool[Any]:
    try:
        return open_pool(
            AppPaths.resolve(getattr(args, "home", None)),
            extra_sources=list(getattr(args, "cards", None) or []),
            game=game,
            lazy=True,  # a search reads its stored columns and decodes only the cards it lists
        )
    except CardSourceError as exc:
        raise _Unusable(str(exc)) from None
    except OSError as exc:
        raise _Unusable(f"cannot read the card database: {exc}") from None


def run_search(args: argparse.Namespace) -> int:
    query_text = args.query
    game = getattr(args, "game", None) or DEFAULT_GAME
    try:
        game, context = _context(args)
        # Check the query before loading any cards: a typo answers at once.
        query = compile_query(query_text, game, context)
        pool = _pool(args, game)
    except SearchError as exc:
        print(f"{PROG}: {exc.message} (at position {exc.position})", file=sys.stderr)
        print(exc.render(query_text).rsplit("\n", 1)[0], file=sys.stderr)
        return 2
    except _Unusable as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except KeyError as exc:  # no key table for this game
        print(f"{PROG}: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    names = query.ranked_names(pool)  # an exact name first, then names starting with it
    if getattr(args, "json", False):
        print(
            json.dumps(
                {"query": query_text, "count": len(names), "cards": names}, ensure_ascii=False
            )
        )
    else:
        for name in names:
            print(name)
    return 0
