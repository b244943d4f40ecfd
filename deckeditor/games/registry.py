"""The games Deck Editor knows, each behind the interface of `deckeditor.games.interface.Game`.

`game(code)` gives the game object of a deck's game (`deck.game`); the session and the window ask
it for sections, rules, actions, statistics, views and files, so they never test a game's code.
Each game has a module `deckeditor.games.<code>.game` that defines ``GAME`` (the object) and, for
older callers, module-level ``check``/``make_predicate``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from importlib import import_module
from typing import Any

from deckeditor import format_catalog
from deckeditor.games import GAMES, NEW_DECK_LABELS
from deckeditor.games.interface import Game
from deckeditor.search import context as search_context
from deckeditor.search import keys as search_keys
from deckeditor.search.context import SearchFormat

DEFAULT_GAME = GAMES[0]  # a new window's deck; a card or deck file naming no game
_LOADED: dict[str, Game] = {}


def game(code: str) -> Game:
    if code not in GAMES:
        raise KeyError(f"unknown game {code!r} (known: {', '.join(GAMES)})")
    found = _LOADED.get(code)
    if found is None:
        found = _LOADED[code] = import_module(f"deckeditor.games.{code}.game").GAME
    return found


def games() -> list[Game]:
    """Every game, in `GAMES` order (the File > New menu's order)."""
    return [game(code) for code in GAMES]


def new_deck_labels() -> list[tuple[str, str]]:
    """(code, File > New label) of every game in `GAMES` order, without loading the games."""
    return [(code, NEW_DECK_LABELS[code]) for code in GAMES]


def default() -> Game:
    return game(DEFAULT_GAME)


def game_for_card(card: Any) -> Game:
    """The game whose card model `card` is (the default game when none claims it)."""
    for g in games():
        if g.owns(card):
            return g
    return default()


# --- what the games hand to the search engine ---------------------------------------------------


def search_keys_loader(package: str) -> Callable[[], search_keys.GameSearch]:
    """The loader of a game's search keys: its package's `search_keys` module's `SEARCH`,
    imported on the game's first query."""

    def load() -> search_keys.GameSearch:
        found: search_keys.GameSearch = import_module(f"{package}.search_keys").SEARCH
        return found

    return load


class _BuiltinFormats:
    """The format catalog's built-ins, as search asks for them (`search.context.FormatSource`)."""

    @lru_cache(maxsize=1)  # noqa: B019 - one instance, living as long as the program
    def codes(self) -> tuple[str, ...]:
        try:
            return tuple(code.lower() for code in format_catalog.builtin_codes())
        except format_catalog.FormatLoadError:  # no readable index: no built-ins to search
            return ()

    def load(self, code: str) -> SearchFormat | None:
        try:
            return format_catalog.load_format(code).format
        except (format_catalog.FormatLoadError, OSError, ValueError):
            return None  # an unusable file is "unknown" to search, not a crash

    def ruleset(self, code: str) -> str:
        # search's rule sets are the card game's (`is:commander`): another game's word is none
        return format_catalog.variant_of_code(code, mtg_only=True)


def _install_search() -> None:
    for code in GAMES:
        search_keys.register_loader(code, search_keys_loader(f"deckeditor.games.{code}"))
    search_keys.set_default_game(DEFAULT_GAME)
    search_context.set_format_source(_BuiltinFormats())


_install_search()
