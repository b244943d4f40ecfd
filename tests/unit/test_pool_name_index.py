"""A card pool's name index keeps each name's rows as a tuple (issue 24.10, resident memory: the
full MTG pool's ~29,500 one-row sets were 6.4 MB, 1.4 MB as tuples), and resolves names as
before: exact, folded, a face, a back face, two cards of one folded name ambiguous."""

from __future__ import annotations

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.store import open_pool
from tests.unit.test_lazy_pool import CARDS, card, home


def test_name_rows_are_tuples_and_each_row_is_kept_once():
    pool = CardPool("mtg", CARDS)
    assert pool._folded["quick study"] == (0,)
    assert all(type(rows) is tuple for rows in pool._folded.values())
    assert all(type(rows) is tuple for rows in pool._faces.values())
    pool.add(CARDS[0])  # the same card again: replaced, not listed twice
    assert pool._folded["quick study"] == (0,)


def test_names_resolve_as_before():
    pool = CardPool("mtg", [*CARDS, card("QUICK STUDY", "")])
    assert pool._folded["quick study"] == (0, 4)
    assert pool.resolve("quick study").ambiguous
    assert pool.resolve("QUICK STUDY").card.name == "QUICK STUDY"  # the exact name first
    assert pool.resolve("Stone Wall").card.name == "Stone Wall"
    assert pool.resolve("stone   wall").card.name == "Stone Wall"
    assert pool.resolve("Delver of Secrets").card.name.startswith("Delver of Secrets")
    back = pool.resolve("Insectile Aberration")
    assert back.card.name.startswith("Delver") and "back face" in back.note
    assert pool.resolve("Nothing Like It").card is None


def test_a_stored_pool_reads_its_index_back_as_tuples(tmp_path):
    paths = home(tmp_path)
    pool = open_pool(paths)
    assert pool._folded and all(type(rows) is tuple for rows in pool._folded.values())
    assert pool.resolve("lim-dûl's vault").card.name == "Lim-Dûl's Vault"
