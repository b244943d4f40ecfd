"""What the search index keeps per pool stays small (issue 24.10, resident memory): a type line
of few cards keeps its row ids, not a bitset as long as the pool (the full MTG pool's ~3,400
type lines were 7.7 MB of bitsets), and `t:` finds the same cards either way; the searcher
lists every row only when asked; the format keys' card ids leave `slug`'s cache alone."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from deckeditor.names import slug, slug_uncached, strip_marks
from deckeditor.search import compile_query
from deckeditor.search.index import SearchIndex
from tests.unit.test_derived_cache import card


def many_cards():
    """200 plain instants, then a lone artifact and three goblins late in the pool."""
    cards = [card(f"Study {i}", "Draw a card.") for i in range(200)]
    cards.append(card("Lone Relic", "", ("Artifact",)))
    cards += [card(f"Goblin {i}", "", ("Creature",)) for i in range(3)]
    return cards


def test_a_rare_type_line_keeps_its_rows_not_a_bitset():
    index = SearchIndex("mtg", many_cards())
    groups = index.distinct("types")
    assert isinstance(groups[" instant"], int)  # most of the pool: one bitset
    assert list(groups[" artifact"]) == [200]
    assert list(groups[" creature"]) == [201, 202, 203]


def test_type_searches_find_the_same_cards_with_rare_groups():
    cards = many_cards()

    def names(query: str) -> list[str]:
        return [cards[r].name for r in compile_query(query, "mtg").filter_rows(cards)]

    assert names("t:artifact") == ["Lone Relic"]
    assert names("t:creature or t:artifact") == ["Lone Relic", "Goblin 0", "Goblin 1", "Goblin 2"]
    assert len(names("t:instant")) == 200
    assert names("-t:instant") == ["Lone Relic", "Goblin 0", "Goblin 1", "Goblin 2"]


def test_a_searcher_lists_every_row_only_when_asked():
    from deckeditor.search import Searcher

    cards = many_cards()
    searcher = Searcher(cards, "mtg")
    assert searcher._rows == []  # nothing listed until asked
    assert searcher.last_rows == list(range(len(cards)))
    assert searcher.search("t:artifact") == [200]
    assert searcher.last_rows == [200]


@given(st.text())
def test_the_uncached_slug_is_the_card_id(name):
    """Format card ids over the whole pool are slugged without `slug`'s cache (a pass over
    ~30,000 cards kept ~4 MB of cache entries); the id is the same."""
    expected = re.sub(r"[^a-z0-9]+", "-", strip_marks(name).lower()).strip("-")
    assert slug_uncached(name) == slug(name) == expected


def test_format_card_ids_leave_the_slug_cache_alone():
    from deckeditor.games.mtg.search_keys.columns import lazy_columns

    cards = many_cards()
    slug.cache_clear()
    ids = lazy_columns(cards, {})["format_cards"]()
    assert [card_id for card_id, _, _ in ids][:2] == ["study-0", "study-1"]
    assert ids[0] == (cards[0].id, None, False)
    assert slug.cache_info().currsize == 1  # only the card asked for by `.id` above


def test_a_rare_keyword_keeps_its_rows_and_kw_finds_it():
    from dataclasses import replace

    from deckeditor.games.mtg.search_keys.columns import build_columns

    cards = many_cards()
    cards = [replace(c, keywords=frozenset({"Cycling"})) for c in cards[:100]] + cards[100:]
    cards[203] = replace(cards[203], keywords=frozenset({"Flying"}))
    columns = build_columns(cards)
    assert isinstance(columns["keywords"]["cycling"], int)  # 100 cards: a bitset
    assert columns["keywords"]["flying"] == (203,)
    found = compile_query("kw:flying", "mtg").filter_rows(cards)
    assert [cards[r].name for r in found] == ["Goblin 2"]
    assert len(compile_query("kw:cycling -kw:flying", "mtg").filter_rows(cards)) == 100
