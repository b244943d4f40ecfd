"""Per-game key tables, pluggable: each game declares a `GameSearch` and hands it to this
registry; the search engine asks for it by game code and never imports a game.

How a game plugs in (README, "Adding a game, a file kind or a search key"): the game's package
has a module `search_keys` whose `SEARCH` is a `GameSearch` built from the generic key kinds of
`deckeditor.search.keys.kinds` (or its own `KeySpec` subclasses). `deckeditor.games.registry`
registers a loader for every game it knows (`register_loader`, kept in `search.key_loaders`),
called on the game's first query, and names the default game (`set_default_game`). Code outside
the games' registry (a test package's game) may `register(GameSearch(...))` directly.

A game supplies:

* `keys`: alias -> KeySpec (`NameKey`, `TextKey`, `TypeKey`, `WordSetKey`, `MaskKey`, `NumberKey`,
  `IsKey`, `FormatKey`, or its own subclass of `KeySpec`);
* `build_columns(cards) -> dict`: the pre-folded columns those keys read, one entry per card in
  row order. The generic kinds name the columns they read (see each kind's docstring); the
  usual ones are `name`, `name_exact`, `name_raw` (names), `format_cards` (formats);
* `lazy_columns(cards, columns) -> dict` (optional): the columns `build_columns` returns as
  functions (built on first use), made again over stored columns, so the columns can be kept in
  the card database between starts;
* `card_columns` (optional): column -> card -> its row, for columns a card gives as it is
  (printed names, raw text): made from the cards, never stored, so they share the cards' strings;
* `refused`: alias -> message for another game's keys (`"c:" is another game's key; use ...`);
* `unsupported`: keys that exist on Scryfall but are not supported yet;
* `help`: for the search help dialog, what each key matches and examples;
* `warm_queries` and `default_format`: what the index computes ahead of the first keystroke
  (the game's costly `is:` values; the format searched when none is selected).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckeditor.search.key_loaders import LOADERS
from deckeditor.search.key_loaders import default_game as default_game
from deckeditor.search.key_loaders import register_loader as register_loader
from deckeditor.search.key_loaders import set_default_game as set_default_game
from deckeditor.search.keys.kinds import KeySpec, NameKey, TextKey

# A game's columns: name -> a list per row, a value -> rows map, a list of bitsets, or a function
# building one of those on first use. Each key kind documents the shape of the columns it reads.
Columns = dict[str, Any]


@dataclass
class GameSearch:
    game: str
    keys: dict[str, KeySpec[Any]]  # alias -> KeySpec
    build_columns: Callable[[Sequence[Any]], Columns]
    # (cards, columns) -> the columns build_columns makes as functions, over columns read back
    # from a cache; a game without it gets its columns built at every start
    lazy_columns: Callable[[Sequence[Any], Columns], Columns] | None = None
    # column -> the row a card gives as it is (its printed names, its raw rules text): not kept
    # with the stored columns but made again from the cards when first read, so the rows hold
    # the cards' own strings instead of copies read back (MTG: ~9 MB over the full pool)
    card_columns: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    unsupported: frozenset[str] = frozenset()
    # the search help (F1): canonical alias -> (what it matches, examples); every key of `keys`
    # is covered by one entry (tests/test_search_help.py), so the help lists exactly this build's
    help: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    # computed with the index, so no first keystroke waits for them
    warm_queries: tuple[str, ...] = ()
    # the format whose bans the index computes ahead when the catalog has none selected
    default_format: str | None = None

    @property
    def name_key(self) -> NameKey:
        key = self.keys["name"]
        assert isinstance(key, NameKey), "a game's `name` key is a NameKey"
        return key

    def name_aliases(self) -> frozenset[str]:
        """The aliases of the name key (`name:`), for the typed-name ranking."""
        name = self.keys.get("name")
        return frozenset(alias for alias, key in self.keys.items() if key is name)

    def is_slow(self, key: str) -> bool:
        """Whether `key` scans rules text (the catalog waits for a pause in typing)."""
        return isinstance(self.keys.get(key), TextKey)


_REGISTRY: dict[str, GameSearch] = {}


def register(search: GameSearch) -> GameSearch:
    """Make `search` the key table of its game, at once."""
    _REGISTRY[search.game] = search
    return search


def game_search(game: str) -> GameSearch:
    """The game's key table, loading it on first use."""
    found = _REGISTRY.get(game)
    if found is not None:
        return found
    load = LOADERS.get(game)
    if load is None:
        raise KeyError(f"no search keys for game {game!r}")
    found = register(load())
    if found.game != game:
        raise KeyError(f"the search keys loaded for {game!r} are {found.game!r}'s")
    return found
