"""Cards as plain JSON-able dicts ("records"): the one serialisation of the SQLite rows, the
starter pools (`resources/<game>/starter-cards.json`) and own records files.

Each game's record codec (`card_games.RecordCodec`, registered by the game) writes and reads its
cards; the game is stored beside each record (a database row) or named by a records file's first
record (`"game": ...`; none: the default game).
"""

from __future__ import annotations

from typing import Any

from deckeditor.carddb import card_games
from deckeditor.carddb.card_games import Record


class RecordError(ValueError):
    """A record that does not describe a card; the message names the card and the key."""


def game_of(card: Any) -> str:
    """The code of the game `card` is a card of."""
    return card_games.game_of(card).code


def to_record(card: Any) -> Record:
    """Any game's card as a JSON-able dict (the game itself is stored beside it, per row)."""
    return card_games.game_of(card).codec.to_record(card)


def from_record(rec: Record, game: str | None = None) -> Any:
    """The card `rec` describes, read by `game`'s codec (None: the default game)."""
    found = card_games.find(game if game is not None else card_games.default_code())
    if found is None:
        raise RecordError(f"unknown game {game!r}")
    return found.codec.from_record(rec)


def inherit(game: str, old: Any, new: Any) -> Any:
    """`new` replacing `old` in a pool of `game` (a later source, same name), keeping what only
    `old`'s source knew (the game's codec says what: MTG's printings and legalities)."""
    found = card_games.find(game)
    if found is None or found.codec.inherit is None:
        return new
    return found.codec.inherit(old, new)


def records_game(first: object) -> str:
    """The game a records file is of, from its first record: the registered game it names, else
    the default game."""
    named = first.get("game") if isinstance(first, dict) else None
    if isinstance(named, str) and card_games.find(named) is not None:
        return named
    return card_games.default_code()
