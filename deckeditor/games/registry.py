"""The games Deck Editor knows, each behind the interface of `deckeditor.games.interface.Game`.

`game(code)` gives the game object of a deck's game (`deck.game`); the session and the window ask
it for sections, rules, actions, statistics, views and files, so they never test a game's code.
Each game has a module `deckeditor.games.<code>.game` that defines ``GAME`` (the object) and, for
older callers, module-level ``check``/``make_predicate``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from deckeditor.games import GAMES, NEW_DECK_LABELS
from deckeditor.games.interface import Game

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
