"""The window's deck files: which pool a file needs, reading any deck file the program reads,
writing and saving a deck in a kind, and what a kind offers and loses (the game's export list).
"""

from __future__ import annotations

import os
from typing import Any

from deckeditor import deck_games
from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.deckfile.report import ImportResult
from deckeditor.games import registry
from deckeditor.games.interface import ExportKind
from deckeditor.saving import save_atomic


def deck_file_game(path: str | os.PathLike[str]) -> str:
    """The game whose pool a deck file needs (its kind, or our own file's `game`), so it is read
    once, against that pool; the default game for a file that cannot be read."""
    from deckeditor import deckio  # lazy: the deck files' readers, not needed to open a window

    game = deckio.game_of(path)
    return game if game is not None and game in registry.codes() else deck_games.default()


def read_deck_file(
    path_or_text: str | bytes | os.PathLike[str],
    pool: CardPool[Any] | None,
    kind: str | None = None,
) -> ImportResult:
    """Any deck file the program reads -> an ImportResult (deck, kind, lines, notes)."""
    from deckeditor import deckio  # lazy: the deck files' readers, not needed to open a window

    return deckio.read_deck(path_or_text, pool, kind=kind)


def write_deck_text(deck: Deck, kind: str, pool: CardPool[Any] | None) -> str | bytes:
    if kind == "json":
        from deckeditor.deckfile import write_json_deck  # lazy: as deckio, for start-up

        return write_json_deck(deck)
    from deckeditor import deckio  # lazy: the deck files' writers, not needed to open a window

    return deckio.write_deck(deck, kind, pool)


def save_deck_file(
    path: str | os.PathLike[str], deck: Deck, kind: str = "json", pool: CardPool[Any] | None = None
) -> None:
    save_atomic(path, write_deck_text(deck, kind, pool))


def export_kinds(game: str) -> list[str]:
    """The kinds the Export dialog offers for a deck of this game."""
    return [k.kind for k in registry.game(game).export_kinds()]


def export_kind(game: str, kind: str) -> ExportKind:
    """One export kind of the game (label, extension); an unknown kind gets a plain label."""
    for k in registry.game(game).export_kinds():
        if k.kind == kind:
            return k
    return ExportKind(kind, kind, ".txt")


def share_kinds(game: str) -> list[ExportKind]:
    """The kinds players paste to share a deck (Edit › Copy deck as…), from the game's list."""
    return [k for k in registry.game(game).export_kinds() if k.shares]


def deck_text(deck: Deck, kind: str, pool: CardPool[Any] | None) -> str:
    """The deck written as a text kind (what goes on the clipboard)."""
    text = write_deck_text(deck, kind, pool)
    return text.decode("utf-8") if isinstance(text, bytes) else text


def export_losses(
    deck: Deck, kind: str, pool: CardPool[Any] | None = None, *, reread_only: bool = False
) -> list[str]:
    """What a `kind` file loses of the deck, against the pool it will be written with (a Forge
    line's set comes from the pool's printings); `reread_only`: only what Deck Editor itself
    loses reading it back (a save in place), not what the other program ignores of it."""
    if kind == "json":
        return []
    from deckeditor import deckio  # lazy: the deck files' writers, not needed to open a window

    return list(deckio.export_losses(deck, kind, pool, reread_only=reread_only))
