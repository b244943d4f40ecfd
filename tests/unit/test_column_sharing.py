"""Search columns share equal values (issue 24.10, resident memory): a column whose rows are
mostly an earlier column's row objects is stored as the rows that differ, and read back sharing
the earlier column's objects; MTG's builder makes equal texts, type lines and stat tuples one
object each."""

from __future__ import annotations

import sqlite3

from deckeditor.carddb.store import open_pool
from deckeditor.games.mtg.search_keys.columns import build_columns
from deckeditor.search import compile_query, stored_columns
from deckeditor.search import index as index_mod
from tests.unit.test_derived_cache import card, plain, stored_home


class DictCache:
    """The two calls `stored_columns` makes of a `carddb.derived.DerivedCache`."""

    def __init__(self) -> None:
        self.rows: dict[str, tuple[str, bytes]] = {}

    def get(self, name: str, fingerprint: str) -> bytes | None:
        found = self.rows.get(name)
        return found[1] if found is not None and found[0] == fingerprint else None

    def put(self, name: str, fingerprint: str, blob: bytes) -> bool:
        self.rows[name] = (fingerprint, blob)
        return True


def read(cache: DictCache) -> stored_columns.StoredColumns:
    found = stored_columns.read_back(cache, "f", lambda: {})
    assert found is not None
    return found


def test_a_column_sharing_most_rows_is_stored_as_its_differences():
    full = ["draw a card.", "flying (this creature can't be blocked…)", "trample"]
    text = [full[0], "flying", full[2]]
    columns = {"full": full, "text": text, "other": ["a", "b", "c"]}
    assert stored_columns.shared_bases(columns) == {"text": "full"}
    cache = DictCache()
    stored_columns.store(cache, "f", columns)
    back = read(cache)
    assert back["text"] == text and back["full"] == full and back["other"] == ["a", "b", "c"]
    assert back["text"][0] is back["full"][0] and back["text"][2] is back["full"][2]
    assert len(cache.rows["search-columns:text"][1]) < len(cache.rows["search-columns:full"][1])


def test_equal_but_separate_rows_are_not_taken_for_shared():
    full = ["draw a card", "trample"]
    copied = [s.encode().decode() for s in full]  # equal strings, other objects
    assert stored_columns.shared_bases({"full": full, "text": copied}) == {}


def test_a_patch_of_another_shape_has_every_column_built_again():
    cache = DictCache()
    stored_columns.store(cache, "f", {"a": ["x", "y"], "b": ["x", "y"]})
    cache.put("search-columns:b", "f", b"\xe9")  # not marshal
    rebuilt = {"a": ["x", "y"], "b": ["x", "y"]}
    found = stored_columns.read_back(cache, "f", lambda: rebuilt)
    assert found is not None and found["b"] == ["x", "y"]


def test_mtg_columns_share_equal_texts_and_stats():
    cards = [
        card("Quick Study", "Draw two cards."),
        card("Stone Wall", "Defender", ("Creature",), 2.0),
        card("Long Think", "Draw a card. (Reminder: ~ draws.)"),
        card("Quicker Study", "Draw two cards."),
    ]
    columns = build_columns(cards)
    text, full = columns["text"], columns["full"]
    assert text[0] is full[0] and columns["text_tilde"][0] is full[0]
    assert text[2] != full[2]  # the reminder is left out of `o:`
    assert full[3] is full[0]
    assert columns["types"][0] is columns["types"][2]
    assert columns["num:pow"][0] is columns["num:pow"][1] is columns["num:loy"][3]


def test_shared_columns_read_back_equal_and_answer_the_same(tmp_path):
    paths = stored_home(tmp_path)
    first = index_mod.index_for(open_pool(paths))  # builds and stores the columns
    pool = open_pool(paths)
    index = index_mod.index_for(pool)
    assert isinstance(index.columns, stored_columns.StoredColumns)
    assert index.columns["text"][0] is index.columns["full"][0]
    assert plain(index.columns) == plain(first.columns)
    hits = compile_query("o:draw -o:reminder", "mtg").filter_rows(pool)
    assert sorted(pool[r].name for r in hits) == ["Long Think", "Quick Study"]


def test_the_raw_names_and_texts_are_the_cards_own_strings(tmp_path):
    """`name_raw` and `full_raw` are what each card says as it is: made from the cards when first
    read, not stored (read back, they were copies of the cards' strings: ~9 MB)."""
    paths = stored_home(tmp_path)
    first = index_mod.index_for(open_pool(paths))
    pool = open_pool(paths)
    index = index_mod.index_for(pool)
    assert plain(index.columns) == plain(first.columns)
    card = pool[2]
    assert index.columns["full_raw"][2][0] is card.faces[0].oracle_text
    assert index.columns["name_raw"][2][0] is card.name
    with sqlite3.connect(paths.card_db) as conn:
        stored = {name for (name,) in conn.execute("SELECT name FROM derived")}
    assert "search-columns:text" in stored and "search-columns:full_raw" not in stored
    hits = compile_query("fo:/reminder: ~/", "mtg").filter_rows(pool)
    assert [pool[r].name for r in hits] == ["Long Think"]
