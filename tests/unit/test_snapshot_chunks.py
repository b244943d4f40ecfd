"""Issue 24.10: the snapshot keeps its rows in marshalled chunks (`snapshot.CHUNK_ROWS` rows
each), so a lazy pool reads back only the chunks of the cards it is asked for; a snapshot written
before, its rows whole, is still read; and names resolve from the index read back with them."""

from __future__ import annotations

import marshal

from deckeditor.carddb import snapshot
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.store import CardStore, open_pool
from deckeditor.paths import AppPaths
from tests.support.mtg_cards import POOL, card


def stored_home(tmp_path, cards=None) -> AppPaths:
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(cards or POOL.cards), 0)
    return paths


def test_a_lazy_pool_reads_back_only_the_chunks_of_the_cards_asked_for(tmp_path):
    assert len(POOL) > snapshot.CHUNK_ROWS  # two chunks at least
    pool = open_pool(stored_home(tmp_path), lazy=True)
    assert pool._lazy is not None
    rows = pool._lazy[0]
    assert isinstance(rows, snapshot.ChunkedRows) and len(rows) == len(POOL)
    last = len(POOL) - 1
    assert pool[last] == POOL[last]
    assert [raw is None for raw in rows._chunks] == [False, True]  # the last chunk only
    assert pool.cards == POOL.cards  # every chunk read and decoded, in order


def test_the_whole_pool_is_read_back_across_its_chunks(tmp_path):
    assert open_pool(stored_home(tmp_path)).cards == POOL.cards


def test_a_snapshot_written_before_with_its_rows_whole_is_still_read():
    codec = snapshot._tuple_codec("mtg")
    assert codec is not None
    cards = POOL.cards[:3]
    index = snapshot.pool_index(CardPool("mtg", cards))
    blob = marshal.dumps(([codec.encode(c) for c in cards], index))
    assert snapshot.load("mtg", snapshot.TUPLES_RAW, blob) == (cards, index)
    rows, decode, read_index = snapshot.load_rows("mtg", snapshot.TUPLES_RAW, blob)
    assert [decode(rows[i]) for i in range(3)] == cards and read_index == index


def test_a_name_key_keeps_one_row_and_a_shared_key_its_rows(tmp_path):
    twins = [card("Lim-Dûl's Vault", "{U}{B}", "Instant"), card("Lim-Dul's Vault", "", "Instant")]
    pool = open_pool(stored_home(tmp_path, [*POOL.cards[:5], *twins]), lazy=True)
    assert pool._folded[POOL.cards[0].key] == (0,)  # read back as stored
    assert pool.resolve("lim-dul's vault").ambiguous  # the two spellings fold alike
    assert pool.resolve(POOL.cards[1].name.upper()).card == POOL.cards[1]
