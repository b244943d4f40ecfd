"""Search columns kept in the card database beside the snapshot (`carddb.derived`, issue 17):
read back at the next start instead of rebuilt, identical to built ones, and never used for a
pool that changed since it was loaded or for a snapshot that was replaced."""

from __future__ import annotations

from deckeditor.carddb import derived
from deckeditor.carddb.store import CardStore, open_pool
from deckeditor.games.mtg.card import Card, Face, Layout
from deckeditor.paths import AppPaths
from deckeditor.search import compile_query
from deckeditor.search import index as index_mod


def card(name: str, text: str, types=("Instant",), mv=1.0) -> Card:
    return Card(
        name=name,
        layout=Layout.NORMAL,
        mana_value=mv,
        faces=(Face(name=name, oracle_text=text, types=types),),
    )


CARDS = [
    card("Quick Study", "Draw two cards."),
    card("Stone Wall", "Defender", ("Creature",), 2.0),
    card("Long Think", "Draw a card. (Reminder: ~ draws.)"),
]


def stored_home(tmp_path, cards=CARDS) -> AppPaths:
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(cards), 0)
    return paths


def plain(columns: dict) -> dict:
    return {k: v for k, v in columns.items() if not callable(v)}


def test_columns_are_stored_once_and_read_back_identical(tmp_path, monkeypatch):
    paths = stored_home(tmp_path)
    loaded = open_pool(paths)
    first = index_mod.SearchIndex("mtg", loaded.cards, derived.cache_for(loaded))
    built = []
    real = index_mod.game_search("mtg").build_columns

    def counting(cards):
        built.append(1)
        return real(cards)

    counting.__module__ = real.__module__  # the same code: the same fingerprint
    monkeypatch.setattr(index_mod.game_search("mtg"), "build_columns", counting)
    pool = open_pool(paths)
    again = index_mod.index_for(pool)
    assert built == []  # read back, not built
    assert plain(again.columns) == plain(first.columns)
    assert set(again.columns) == set(first.columns)  # the lazy columns are made again
    assert again.column("text_raw") == first.column("text_raw")
    hits = compile_query("o:draw", "mtg").filter_rows(pool)
    assert sorted(pool[r].name for r in hits) == ["Long Think", "Quick Study"]
    assert [pool[r].name for r in compile_query("o:/two/", "mtg").filter_rows(pool)] == [
        "Quick Study"
    ]


def test_a_changed_pool_gets_no_cache(tmp_path):
    paths = stored_home(tmp_path)
    pool = open_pool(paths)
    assert derived.cache_for(pool) is not None
    pool.add(card("Late Addition", "Draw three cards."))  # as a --cards source does
    assert derived.cache_for(pool) is None
    names = {pool[r].name for r in compile_query("o:draw", "mtg").filter_rows(pool)}
    assert "Late Addition" in names


def test_a_replaced_snapshot_is_not_answered_by_old_columns(tmp_path):
    paths = stored_home(tmp_path)
    index_mod.index_for(open_pool(paths))  # stores the columns
    with CardStore(paths.card_db) as store:
        store.write_source("other", "mtgjson", "mtg", [card("Fresh Idea", "Draw four cards.")], 0)
    pool = open_pool(paths)
    names = {pool[r].name for r in compile_query("o:draw", "mtg").filter_rows(pool)}
    assert "Fresh Idea" in names and len(pool) == 4


def test_a_pool_not_from_a_store_has_no_cache():
    from deckeditor.carddb.pool import CardPool

    assert derived.cache_for(CardPool("mtg", CARDS)) is None


def test_remembered_values_are_read_back_and_follow_the_code(tmp_path):
    paths = stored_home(tmp_path)
    pool = open_pool(paths)
    calls = []

    def build():
        calls.append(1)
        return {"a": [1, 2]}

    modules = ("deckeditor.names",)
    assert derived.remembered(pool, "thing", modules, build) == {"a": [1, 2]}
    again = open_pool(paths)
    assert derived.remembered(again, "thing", modules, build) == {"a": [1, 2]}
    assert calls == [1]
    # other code computing it: built again
    assert derived.remembered(again, "thing", ("deckeditor.deck",), build) == {"a": [1, 2]}
    assert calls == [1, 1]


def test_the_legality_predicate_reads_its_card_ids_back(tmp_path):
    # the predicate's per-pool bitsets (and its card-id table) live in games/mtg/pool_bits.py
    from deckeditor.games.mtg import pool_bits

    paths = stored_home(tmp_path)
    built = pool_bits.PoolIndex(open_pool(paths))._rows_by_id()
    pool = open_pool(paths)
    cache = derived.cache_for(pool)
    fingerprint = derived.code_fingerprint(pool_bits.__name__, "deckeditor.names")
    assert cache.get("card-ids", fingerprint) is not None
    assert (
        pool_bits.PoolIndex(pool)._rows_by_id()
        == built
        == {"quick-study": [0], "stone-wall": [1], "long-think": [2]}
    )


def test_storing_columns_does_not_make_the_next_start_check_the_whole_file(tmp_path, monkeypatch):
    from deckeditor.carddb import repair

    paths = stored_home(tmp_path)
    pool = open_pool(paths)
    index_mod.index_for(pool)  # stores the columns: the file changed
    assert derived.cache_for(pool).get(index_mod._COLUMNS, "x") is None  # (a wrong fingerprint)
    checked = []
    monkeypatch.setattr(repair, "quick_check", lambda db: checked.append(db))
    open_pool(paths)
    assert checked == []


def test_a_search_reads_back_only_the_columns_its_keys_read(tmp_path):
    paths = stored_home(tmp_path)
    first = index_mod.index_for(open_pool(paths))  # builds and stores the columns
    pool = open_pool(paths)
    index = index_mod.index_for(pool)
    assert dict.keys(index.columns) == {"text_raw", "format_cards", "format_pool"}  # made again
    hits = compile_query("t:instant o:draw", "mtg").filter_rows(pool)
    assert sorted(pool[r].name for r in hits) == ["Long Think", "Quick Study"]
    assert {"types", "text"} <= set(dict.keys(index.columns))
    assert "full_raw" not in dict.keys(index.columns) and "full_raw" in index.columns
    assert plain(index.columns) == plain(first.columns)  # listing reads the rest


def test_the_window_warm_up_reads_every_stored_column(tmp_path):
    paths = stored_home(tmp_path)
    first = index_mod.index_for(open_pool(paths))
    index = index_mod.index_for(open_pool(paths))
    index.warm()
    assert set(dict.keys(index.columns)) == set(first.columns)


def test_a_stored_column_gone_has_them_all_built_again(tmp_path):
    import sqlite3

    paths = stored_home(tmp_path)
    index_mod.index_for(open_pool(paths))
    pool = open_pool(paths)
    index = index_mod.index_for(pool)
    with sqlite3.connect(paths.card_db) as conn:
        conn.execute("DELETE FROM derived WHERE name = ?", (index_mod._COLUMNS + ":text",))
    hits = compile_query("o:draw", "mtg").filter_rows(pool)
    assert sorted(pool[r].name for r in hits) == ["Long Think", "Quick Study"]
    assert "num:mv" in dict.keys(index.columns)  # built with the rest
