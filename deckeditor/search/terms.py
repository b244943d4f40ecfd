"""One term checked against a game's key table (`search.md` §6): the key's spec and the checked
value, or a SearchError pointing at the culprit. The parser checks each term as it reads it, so
the first mistake in reading order is the one reported; the compiler plans from the same answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckeditor.search.context import SearchContext
from deckeditor.search.errors import SearchError
from deckeditor.search.keys import GameSearch, game_search
from deckeditor.search.keys.kinds import EQ_OPS, KeySpec, NumberKey
from deckeditor.search.tree import Bare, Keyed

Checked = tuple[KeySpec[Any], Any]  # the key's spec, and the value as that spec parsed it


def check_term(term: Keyed | Bare, search: GameSearch, ctx: SearchContext) -> Checked:
    """The key spec and the checked value of one term, or a SearchError pointing at the culprit."""
    if isinstance(term, Bare):
        name = search.name_key
        return name, name.check(term, ctx)
    key = term.key
    key_span = max(1, term.op_start - term.start)
    if key in search.unsupported:
        error = SearchError(term.start, key_span, f'"{key}:" is not supported yet')
        error.unsupported = True  # a real key: the catalog shows nothing rather than old results
        raise error
    if key in search.refused:
        raise SearchError(term.start, key_span, search.refused[key])
    found = search.keys.get(key)
    if found is None:
        raise SearchError(
            term.start, key_span, f'unknown key "{key}" (put text with ":" in quotes)'
        )
    if term.op not in found.ops:
        raise SearchError(term.op_start, len(term.op), _no_such_op(term, search))
    if not term.value.strip():
        raise SearchError(term.value_start, 1, f'missing value after "{key}{term.op}"')
    if term.kind == "regex" and not found.regex:
        raise SearchError(
            term.value_start,
            max(1, term.end - term.value_start),
            f'"{key}:" does not take a regular expression',
        )
    return found, found.check(term, ctx)


def _no_such_op(term: Keyed, search: GameSearch) -> str:
    """search.md §6's "does not apply"; for a number compared on a key that takes none (`e>=9`:
    `e:` is the set there as in MTG) also the number key meant — the one the key begins
    (`energy>=9`) — or else the game's number keys."""
    key, op = term.key, term.op
    message = f'"{op}" does not apply to "{key}:"'
    if op in EQ_OPS or not _is_number(term.value):
        return message
    numbers = [alias for alias in search.help if isinstance(search.keys.get(alias), NumberKey)]
    meant = [n for n in numbers if n.startswith(key) and n != key]
    if meant:
        return f'{message}, which is not a number key: for {meant[0]}, write "{meant[0]}{op}{term.value}"'
    return f"{message}, which is not a number key (number keys: {', '.join(numbers)})"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def term_checker(game: str, context: SearchContext | None) -> Callable[[Keyed | Bare], Checked]:
    """`check_term` bound to a game's key table and a context (for the parser)."""
    search = game_search(game)
    ctx = context or SearchContext()
    return lambda term: check_term(term, search, ctx)
