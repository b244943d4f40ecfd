"""A game registers its own key table (as Riftbound does from its own module), built from the
generic key kinds, and the parser, compiler and Searcher serve it without knowing the game."""

from __future__ import annotations

from dataclasses import dataclass

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
