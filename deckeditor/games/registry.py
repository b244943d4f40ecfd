"""The one registry of games: what each game package declares, found without a list of games.

Every subpackage of `deckeditor.games` with a module `declaration` (defining ``DECLARATION``, a
`GameDeclaration`) is a game; so is every module named in the environment variable
``DECKEDITOR_GAMES`` (comma-separated module paths, each defining ``DECLARATION``: a game kept
outside the tree, such as the test suite's third game), and any declaration passed to `register`.
Importing this module registers them all; the engines then loop over `declarations()` and
`file_kinds()`, and the core's table of games and sections (`deckeditor.deck_games`), the card
database's games (`deckeditor.carddb.card_games`) and search's keys are filled.

`game(code)` gives the game object of a deck's game (`deck.game`); the session and the window ask
it for sections, rules, actions, statistics, views and files, so they never test a game's code.
It is loaded on first use from the declaration's `game_module` (a game's modules cost a window
start ~15 ms; the declarations alone cost nothing worth measuring).
"""

from __future__ import annotations

import os
import pkgutil
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

from deckeditor import deck_games, format_catalog
from deckeditor.carddb import card_games
from deckeditor.games.declaration import FileKind, GameDeclaration
from deckeditor.search import context as search_context
from deckeditor.search import key_loaders
from deckeditor.search.context import SearchFormat

if TYPE_CHECKING:  # a game's modules load the interface, search its keys: a command skips them
    from deckeditor.games.interface import Game
    from deckeditor.search import keys as search_keys

ENV = "DECKEDITOR_GAMES"
_DECLARED: dict[str, GameDeclaration] = {}
_LOADED: dict[str, Game] = {}


def register(declaration: GameDeclaration) -> None:
    """Add a game. Its code and its file kinds' names must be new (a second `register` of the
    same declaration object is a no-op)."""
    code = declaration.code
    if _DECLARED.get(code) is declaration:
        return
    if code in _DECLARED:
        raise ValueError(f"game {code!r} is declared twice")
    taken = set(file_kinds()) | {"json"}
    for kind in declaration.file_kinds:
        if kind.kind in taken:
            raise ValueError(f"{code}: deck-file kind {kind.kind!r} is already declared")
        taken.add(kind.kind)
    ranked = sorted([*_DECLARED.values(), declaration], key=lambda d: d.order)
    _DECLARED.clear()
    _DECLARED.update((d.code, d) for d in ranked)
    _hand_to_engines()


def unregister(code: str) -> None:
    """Forget a registered game (a test's game, once the test is over)."""
    _DECLARED.pop(code, None)
    _LOADED.pop(code, None)
    _hand_to_engines()


def _hand_to_engines() -> None:
    """Enter the declared games, in order, into the engines that take them: the core's games
    and sections, the format catalog's families, search's keys (loaded on a game's first
    query) and default game."""
    for name in deck_games.codes():
        deck_games.withdraw(name)
        format_catalog.withdraw(name)
    for name in card_games.codes():
        card_games.withdraw(name)
    for d in _DECLARED.values():
        deck_games.declare(d.code, d.sections)
        format_catalog.declare(d.code, d.formats, d.default_format)
        if d.search_keys:
            key_loaders.register_loader(d.code, search_keys_loader(d.search_keys))
        if d.card_sources:
            card_games.register_loader(d.code, card_sources_loader(d.card_sources))
    if _DECLARED:
        key_loaders.set_default_game(deck_games.default())


def _discover() -> None:
    package = import_module("deckeditor.games")
    for info in pkgutil.iter_modules(package.__path__):
        name = f"deckeditor.games.{info.name}.declaration"
        if info.ispkg and find_spec(name) is not None:
            register(import_module(name).DECLARATION)
    for name in (n.strip() for n in os.environ.get(ENV, "").split(",")):
        if name:
            _register_named(name)


def _register_named(name: str) -> None:
    """A game named in DECKEDITOR_GAMES; one that cannot be loaded is said in one line on stderr
    and left out (the program still runs with the others)."""
    try:
        register(import_module(name).DECLARATION)
    except (ImportError, AttributeError, ValueError) as exc:
        print(f"deckeditor: {ENV} names {name!r}, which is no game: {exc}", file=sys.stderr)


def declarations() -> list[GameDeclaration]:
    """Every game's declaration, in menu order (the default game first)."""
    return list(_DECLARED.values())


def declaration(code: str) -> GameDeclaration:
    found = _DECLARED.get(code)
    if found is None:
        raise KeyError(f"unknown game {code!r} (known: {', '.join(_DECLARED)})")
    return found


def codes() -> tuple[str, ...]:
    return tuple(_DECLARED)


def file_kinds() -> dict[str, FileKind]:
    """Every game's deck-file kinds by name, each knowing its game, in declaration order."""
    out: dict[str, FileKind] = {}
    for d in _DECLARED.values():
        for kind in d.file_kinds:
            out[kind.kind] = kind if kind.game else _owned(kind, d.code)
    return out


def _owned(kind: FileKind, code: str) -> FileKind:
    return replace(kind, game=code)


def game(code: str) -> Game:
    found = _LOADED.get(code)
    if found is None:
        found = _LOADED[code] = import_module(declaration(code).game_module).GAME
    return found


def games() -> list[Game]:
    """Every game, in menu order."""
    return [game(code) for code in _DECLARED]


def new_deck_labels() -> list[tuple[str, str]]:
    """(code, File › New label) of every game in menu order, without loading the games."""
    return [(d.code, d.new_deck_label) for d in _DECLARED.values()]


def default() -> Game:
    return game(deck_games.default())


def game_for_card(card: Any) -> Game:
    """The game whose card model `card` is (the default game when none claims it)."""
    for g in games():
        if g.owns(card):
            return g
    return default()


# --- what the games hand to the search engine ---------------------------------------------------


def search_keys_loader(module: str) -> Callable[[], search_keys.GameSearch]:
    """The loader of a game's search keys: the `SEARCH` of the module its declaration names,
    imported on the game's first query."""

    def load() -> search_keys.GameSearch:
        found: search_keys.GameSearch = import_module(module).SEARCH
        return found

    return load


def card_sources_loader(module: str) -> Callable[[], card_games.CardGame]:
    """The loader of a game's card sources, record codec and starter pool: the `CARDS` of the
    module its declaration names, imported on the card database's first use of the game."""

    def load() -> card_games.CardGame:
        found: card_games.CardGame = import_module(module).CARDS
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
        # search's rule sets are the default game's (`is:commander`): another game's word is none
        return format_catalog.variant_of_code(code, game=deck_games.default())


def __getattr__(name: str) -> Any:
    # GAMES and DEFAULT_GAME as the callers before the registry knew them, computed when read
    # so a game registered later is in them
    if name == "GAMES":
        return codes()
    if name == "DEFAULT_GAME":
        return deck_games.default()
    raise AttributeError(name)


search_context.set_format_source(_BuiltinFormats())
_discover()
