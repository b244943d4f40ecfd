"""What the games' registry hands to search at start: a loader of each game's key table and
the default game. Kept apart from `search.keys` (the key kinds, the query tree) so a command
that never searches (`check`) does not load them to be told where the tables are."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the table's type only; search.keys reads this module, not the reverse
    from deckeditor.search.keys import GameSearch

LOADERS: dict[str, Callable[[], GameSearch]] = {}
_DEFAULT: list[str] = []


def register_loader(game: str, load: Callable[[], GameSearch]) -> None:
    """Make `load()` give the game's key table on its first query (importing a game's keys costs
    start-up time a window of the other game need not pay)."""
    LOADERS[game] = load


def set_default_game(game: str) -> None:
    """The game a query names no game for (a new window's game)."""
    _DEFAULT[:] = [game]


def default_game() -> str:
    if not _DEFAULT:
        raise LookupError("no default game for search (deckeditor.games.registry sets it)")
    return _DEFAULT[0]
