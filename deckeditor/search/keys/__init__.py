"""Per-game key tables, pluggable: each game registers a `GameSearch` and the compiler asks for it.

MTG registers in `deckeditor.search.mtg_keys`; Riftbound registers in
`deckeditor.games.riftbound.search_keys` (its own module, not this package): that module builds a
`GameSearch` from the generic key kinds of `deckeditor.search.keys.kinds` and calls `register()`.

A game supplies:

* `keys`: alias -> KeySpec (`NameKey`, `TextKey`, `TypeKey`, `WordSetKey`, `MaskKey`, `NumberKey`,
  `IsKey`, `FormatKey`, or its own subclass of `KeySpec`);
* `build_columns(cards) -> dict`: the pre-folded columns those keys read, one entry per card in
  row order. The generic kinds name the columns they read (see each kind's docstring); the
  usual ones are `name`, `name_exact`, `name_raw` (names), `format_cards` (formats);
* `lazy_columns(cards, columns) -> dict` (optional): the columns `build_columns` returns as
  functions (built on first use), made again over stored columns, so the columns can be kept in
  the card database between starts;
* `refused`: alias -> message for the other game's keys (`"c:" is an MTG key; use "domain:"`);
* `unsupported`: keys that exist on Scryfall but are not supported yet;
* `help`: for the search help dialog, what each key matches and examples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

_MODULES = {
    "mtg": "deckeditor.search.mtg_keys",
    "riftbound": "deckeditor.games.riftbound.search_keys",
}


@dataclass
class GameSearch:
    game: str
    keys: dict[str, Any]  # alias -> KeySpec
    build_columns: Callable[[Sequence[Any]], dict]
    # (cards, columns) -> the columns build_columns makes as functions, over columns read back
    # from a cache; a game without it gets its columns built at every start
    lazy_columns: Callable[[Sequence[Any], dict], dict] | None = None
    refused: dict[str, str] = field(default_factory=dict)
    unsupported: frozenset[str] = frozenset()
    # the search help (F1): canonical alias -> (what it matches, examples); every key of `keys`
    # is covered by one entry (tests/test_search_help.py), so the help lists exactly this build's
    help: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)

    @property
    def name_key(self):
        return self.keys["name"]


_REGISTRY: dict[str, GameSearch] = {}


def register(search: GameSearch) -> GameSearch:
    _REGISTRY[search.game] = search
    return search


def game_search(game: str) -> GameSearch:
    """The game's key table, importing the module that registers it on first use."""
    found = _REGISTRY.get(game)
    if found is None:
        module = _MODULES.get(game)
        if module is None:
            raise KeyError(f"no search keys for game {game!r}")
        import_module(module)
        found = _REGISTRY.get(game)
        if found is None:
            raise KeyError(f"{module} did not register search keys for {game!r}")
    return found
