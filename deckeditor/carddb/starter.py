"""The starter pools each game declares (`card_games.CardGame.starter`, shipped as
`resources/<game>/starter-cards.json`): what the app shows before any card database exists. The
file is a JSON list of card records (`deckeditor.carddb.records`), the same shape as the database
rows.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from deckeditor.carddb import card_games
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.records import RecordError, from_record
from deckeditor.paths import resources_dir

STARTER_FILE = "starter-cards.json"


class StarterPoolError(ValueError):
    """A broken starter file (a packaging bug, reported with the file and record index)."""


def starter_file(game: str) -> Path:
    """The game's starter records file (it may not exist: a game with no starter pool yet)."""
    declared = card_games.find(game)
    if declared is not None and declared.starter is not None:
        return declared.starter
    return resources_dir() / game / STARTER_FILE


def load_records(path: Path, game: str) -> list[Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise StarterPoolError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    if not isinstance(data, list):
        raise StarterPoolError(f"{path}: expected a JSON list of card records")
    cards = []
    for i, rec in enumerate(data):
        try:
            cards.append(from_record(rec, game))
        except (RecordError, KeyError, TypeError) as exc:
            raise StarterPoolError(f"{path}: record [{i}]: {exc}") from None
    return cards


def starter_pool(game: str | None = None) -> CardPool[Any]:
    """The starter pool of `game` (None: the default game). Cached; callers that add cards must
    copy it (`CardPool(game, pool.cards)`)."""
    return _starter_pool(game if game is not None else card_games.default_code())


@cache
def _starter_pool(game: str) -> CardPool[Any]:
    path = starter_file(game)
    if not path.is_file():
        return CardPool(game)  # no starter pool for this game yet
    return CardPool(game, load_records(path, game))


def starter_decks_dir() -> Path:
    return resources_dir() / "decks"
