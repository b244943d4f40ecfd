"""A game registers its own key table (as Riftbound does from its own module), built from the
generic key kinds, and the parser, compiler and Searcher serve it without knowing the game."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

import pytest

from deckeditor.search import Searcher, SearchError, compile_query
from deckeditor.search.folding import fold_name
from deckeditor.search.keys import GameSearch, game_search, register
from deckeditor.search.keys.kinds import NameKey, NumberKey, WordSetKey


@dataclass(frozen=True)
class Toy:
    name: str
    size: int
    tags: tuple[str, ...] = ()

    @property
    def face_names(self):
        return (self.name,)


def _columns(cards):
    tags: dict[str, list[int]] = {}
    for row, card in enumerate(cards):
        for tag in card.tags:
            tags.setdefault(fold_name(tag), []).append(row)
    n = len(cards)
    from deckeditor.search import bits

    return {
        "name": [fold_name(c.name) for c in cards],
        "name_raw": [(c.name,) for c in cards],
        "name_exact": {fold_name(c.name): [i] for i, c in enumerate(cards)},
        "tags": {k: bits.from_rows(v, n) for k, v in tags.items()},
        "num:size": [(float(c.size),) for c in cards],
    }


@pytest.fixture(scope="module")
def toy_game():
    register(GameSearch(
        game="toy",
        keys={"name": NameKey(), "tag": WordSetKey("tag", "tags"),
              "size": NumberKey("size", "size", {"size": "size"})},
        build_columns=_columns,
        refused={"c": '"c:" is an MTG key; use "tag:"'},
    ))  # fmt: skip
    yield "toy"


CARDS = [
    Toy("Red Ball", 3, ("round", "red")),
    Toy("Blue Cube", 5, ("square",)),
    Toy("Tiny Ball", 1),
]


def test_registered_game_is_searchable(toy_game):
    assert game_search(toy_game).game == "toy"
    searcher = Searcher(CARDS, toy_game)
    assert searcher.search("ball") == [0, 2]
    assert searcher.search("size>=3 -tag:red") == [1]
    assert searcher.search('tag:round or !"tiny ball"') == [0, 2]


def test_keys_of_other_games_are_refused(toy_game):
    with pytest.raises(SearchError) as err:
        compile_query("c:r", toy_game)
    assert err.value.message == '"c:" is an MTG key; use "tag:"'
    with pytest.raises(SearchError) as err:
        compile_query("t:ball", toy_game)
    assert err.value.message.startswith('unknown key "t"')


def test_a_game_hands_over_a_loader_called_on_its_first_query():
    """How the games' registry hands a game's keys to search: a loader, called once, on the
    game's first query (a window of another game never imports them)."""
    from deckeditor.search.keys import register_loader

    calls = []

    def load():
        calls.append("loaded")
        return GameSearch(
            game="lazy-toy",
            keys={"name": NameKey(), "size": NumberKey("size", "size", {"size": "size"})},
            build_columns=_columns,
        )

    register_loader("lazy-toy", load)
    assert calls == []
    assert Searcher(CARDS, "lazy-toy").search("size<=3 ball") == [0, 2]
    assert compile_query("cube", "lazy-toy").filter_rows(CARDS) == [1]
    assert calls == ["loaded"]


def test_a_game_without_keys_is_a_clear_error():
    with pytest.raises(KeyError, match="no search keys for game 'nogame'"):
        compile_query("bolt", "nogame")


def test_the_registry_hands_every_game_s_declared_keys_to_search():
    from deckeditor.games import registry

    for game in registry.games():
        declared = import_module(f"deckeditor.games.{game.code}.search_keys").SEARCH
        assert game_search(game.code) is declared
    assert compile_query("bolt").game == registry.DEFAULT_GAME
