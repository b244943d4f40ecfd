"""search.md §5: the Riftbound keys, checked against plain-Python filters over the real pool."""

from __future__ import annotations

import pytest

from deckeditor.games.registry import game
from deckeditor.search import compile_query
from deckeditor.search.errors import SearchError
from tests.conftest import shared_data
from tests.support.riftbound import gallery_pool


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


def names(pool, query):
    return {pool[r].name for r in compile_query(query, "riftbound").filter_rows(pool)}


def expect(pool, test):
    return {c.name for c in pool if test(c)}


CASES = [
    ("domain:rp", lambda c: {"Fury", "Chaos"} <= c.domains),
    ("d:fury,chaos", lambda c: {"Fury", "Chaos"} <= c.domains),
    ("domain=rp", lambda c: c.domains == {"Fury", "Chaos"}),
    ("domain:colorless", lambda c: not c.domains),
    ("id:fury,chaos", lambda c: c.domains <= {"Fury", "Chaos"}),
    ("id:g", lambda c: c.domains <= {"Calm"}),
    ("t:champion", lambda c: c.is_champion),
    ("t:gear", lambda c: "Gear" in c.types),
    ('t:"signature spell"', lambda c: c.is_signature and c.types[0] == "Spell"),
    ("tag:jinx", lambda c: "Jinx" in c.tags),
    ("tag:equipment", lambda c: c.is_equipment),
    ('tag:"piltover & zaun"', lambda c: "Piltover & Zaun" in c.tags),
    ("kw:assault", lambda c: any(k.name == "Assault" for k in c.keywords + c.effect_keywords)),
    ("effect:tank", lambda c: "tank" in (c.effect_text or "").lower()),
    ("might>=5", lambda c: c.might is not None and c.might >= 5),
    ("energy=0", lambda c: c.energy == 0),
    ("power>1", lambda c: c.power is not None and c.power > 1),
    ("is:signature", lambda c: c.is_signature),
    ("is:unique", lambda c: c.has_keyword("Unique")),
    ("is:equipment", lambda c: c.is_equipment),
    ("is:champion", lambda c: c.is_champion),
    ("is:token", lambda c: False),
    ("-domain:colorless t:unit", lambda c: c.domains and "Unit" in c.types),
]


@pytest.mark.parametrize("query, test", CASES)
def test_keys_match_plain_filters(pool, query, test):
    assert names(pool, query) == expect(pool, test)


def test_names_and_forms(pool):
    assert names(pool, '!"Long Sword"') == {"Long Sword"}
    assert names(pool, '!"Jinx - Loose Cannon"') == {"Jinx, Loose Cannon"}
    assert "Jinx, Demolitionist" in names(pool, "jinx")


def test_formats_follow_the_day(pool):
    assert len(names(pool, "banned:riftbound")) in (3, 7, 10)  # the day is today's
    assert "Fight or Flight" not in names(pool, "f:riftbound")


@pytest.mark.parametrize("query, message", [("c:r", '"c:" is an MTG key; use "domain:"'), ("mv=2", '"mv:" is an MTG key'),
                                            ("domain:purple", 'unknown domain "purple"')])  # fmt: skip
def test_mtg_keys_are_errors(query, message):
    with pytest.raises(SearchError, match=message):
        compile_query(query, "riftbound")


def test_game_module_exposes_search_fields():
    fields = game("riftbound").SEARCH_FIELDS
    assert {
        "domain",
        "id",
        "tag",
        "kw",
        "effect",
        "might",
        "energy",
        "power",
        "is",
        "t",
        "o",
    } <= set(fields)
