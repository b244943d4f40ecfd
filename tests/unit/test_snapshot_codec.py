"""The MTG snapshot keeps its tuple form (issue 24.10): every field of the card model has a
tuple encoding, so the card database stores the pool as rows a start decodes in ~50 ms; a field
type the codec does not know made every snapshot a pickle (~250 ms more at each start, and no
lazy pool for `check`), silently."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

from deckeditor.carddb import snapshot
from deckeditor.carddb.store import CardStore, open_pool
from deckeditor.games.mtg.card_snapshot import tuple_codec
from deckeditor.paths import AppPaths
from tests.unit.test_lazy_pool import CARDS


def test_every_card_field_has_a_tuple_form():
    assert tuple_codec() is not None


def test_the_pool_is_stored_as_rows(tmp_path):
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(CARDS), 0)
    assert len(open_pool(paths)) == len(CARDS)
    with sqlite3.connect(paths.card_db) as conn:
        (codec,) = conn.execute("SELECT codec FROM snapshots WHERE game = 'mtg'").fetchone()
    assert codec == snapshot.TUPLES_RAW


def test_decoded_cards_share_equal_word_sets(tmp_path):
    """Keyword and trait sets come back as one frozenset per distinct value (each costs 216
    bytes however small: ~12 MB over the full pool when every card had its own)."""
    flying = [replace(c, keywords=frozenset({"Flying"})) for c in CARDS[:2]]
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", flying + list(CARDS[2:]), 0)
    pool = open_pool(paths)
    first, second, third = (pool[i] for i in range(3))
    assert first.keywords == second.keywords == frozenset({"Flying"})
    assert first.keywords is second.keywords
    assert first.traits is second.traits is third.traits == frozenset()


def test_decoded_faces_share_their_card_name_and_equal_word_tuples(tmp_path):
    """The encoder writes a face named as its card with the card's own name, and each distinct
    tuple of face words (types, subtypes, keywords) once: read back, they are shared (~5 MB of
    copies over the full pool)."""
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(CARDS), 0)
    pool = open_pool(paths)
    quick, wall = pool.get("Quick Study"), pool.get("Stone Wall")
    assert quick.faces[0].name is quick.name
    assert quick.faces[0].types == wall.faces[0].types == ("Instant",)
    assert quick.faces[0].types is wall.faces[0].types
    delver = pool.get("Delver of Secrets // Insectile Aberration")
    assert [f.name for f in delver.faces] == ["Delver of Secrets", "Insectile Aberration"]
