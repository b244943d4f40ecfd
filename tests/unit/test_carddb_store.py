"""The local card database: import, info, schema rebuild, home isolation, open_pool order."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import sys
import types
from dataclasses import dataclass
from pathlib import Path

import pytest

from deckeditor.carddb import snapshot_table, sources
from deckeditor.carddb import store as store_mod
from deckeditor.carddb.card_games import SourceResult
from deckeditor.carddb.import_issue import ImportIssue
from deckeditor.carddb.records import to_record
from deckeditor.carddb.store import (
    SCHEMA_VERSION,
    CardSourceError,
    CardStore,
    import_sources,
    info,
    open_pool,
)
from deckeditor.games.mtg.card import Card, Face, Layout
from deckeditor.paths import AppPaths
from tests.conftest import shared_data


def card(name: str, text: str = "", identity: int = 0) -> Card:
    return Card(
        name=name,
        layout=Layout.NORMAL,
        faces=(Face(name=name, oracle_text=text, types=("Instant",)),),
        identity=identity,
    )


@dataclass(frozen=True)
class RCard:
    """A Riftbound card stand-in (module level, so snapshots can pickle it)."""

    name: str
    face_names: tuple = ()


@pytest.fixture
def fake_sources(monkeypatch):
    """A stand-in for `deckeditor.carddb.sources`: a source is a JSON file
    {"kind", "game", "cards": [records], "errors": n}."""
    calls = []

    def load_source(path, progress=None):
        calls.append(path)
        data = json.loads(Path(path).read_text())
        from deckeditor.carddb.records import from_record

        cards = [from_record(r, data["game"]) for r in data["cards"]]
        issue = lambda severity: ImportIssue("", "", "", severity)  # noqa: E731
        issues = [issue("error")] * data.get("errors", 0) + [issue("warning")]
        if progress:
            progress(len(cards), len(cards))
        return SourceResult(data["kind"], data["game"], cards, issues)

    monkeypatch.setattr(sources, "load_source", load_source)
    return calls


def write_source(path: Path, cards, kind="mtgjson", game="mtg", errors=0) -> Path:
    path.write_text(
        json.dumps(
            {"kind": kind, "game": game, "errors": errors, "cards": [to_record(c) for c in cards]}
        )
    )
    return path


def test_import_and_info_json_shape(home, tmp_path, fake_sources):
    a = write_source(tmp_path / "a.json", [card("Alpha"), card("Beta")], errors=2)
    b = write_source(tmp_path / "b.json", [card("Beta", "newer"), card("Gamma")], kind="forge")
    summaries = import_sources([a, b])
    assert [(s.kind, s.cards, s.errors) for s in summaries] == [("mtgjson", 2, 2), ("forge", 2, 0)]
    assert info() == {
        "sources": [
            {
                "path": str(a.resolve()),
                "kind": "mtgjson",
                "cards": 2,
                "errors": 2,
                "issues": {
                    "kinds": {"error": 2, "warning": 1},
                    "messages": ["error: ", "error: ", "warning: "],
                },
            },
            {
                "path": str(b.resolve()),
                "kind": "forge",
                "cards": 2,
                "errors": 0,
                "issues": {"kinds": {"warning": 1}, "messages": ["warning: "]},
            },
        ],
        "games": {"mtg": {"cards": 3}},
    }
    # The database lives under DECKEDITOR_HOME, nowhere else.
    assert (home / "cache" / "cards.sqlite3").is_file()
    pool = open_pool(AppPaths.resolve())
    assert [c.name for c in pool] == ["Alpha", "Beta", "Gamma"]
    assert pool.get("Beta").front.oracle_text == "newer"  # the later source wins


def test_reimport_replaces_a_source(home, tmp_path, fake_sources):
    a = write_source(tmp_path / "a.json", [card("Alpha"), card("Beta")])
    import_sources([a])
    write_source(a, [card("Alpha", "v2")])
    import_sources([a])
    result = info()
    assert result["sources"] == [
        {
            "path": str(a.resolve()),
            "kind": "mtgjson",
            "cards": 1,
            "errors": 0,
            "issues": {"kinds": {"warning": 1}, "messages": ["warning: "]},
        }
    ]
    assert result["games"] == {"mtg": {"cards": 1}}
    assert open_pool().get("Alpha").front.oracle_text == "v2"


def test_riftbound_is_listed_only_when_it_has_cards(home, tmp_path, fake_sources, monkeypatch):
    # A Riftbound card stand-in, stored through the records hook.
    rb = types.ModuleType("deckeditor.games.riftbound.card")
    rb.Card = RCard
    rb.to_record = lambda c: {"name": c.name}
    rb.from_record = lambda r: RCard(r["name"], (r["name"],))
    monkeypatch.setitem(sys.modules, "deckeditor.games.riftbound.card", rb)
    import deckeditor.games.riftbound as rb_pkg

    monkeypatch.setattr(rb_pkg, "card", rb, raising=False)
    assert info()["games"] == {"mtg": {"cards": 0}}
    src = tmp_path / "rb.json"
    src.write_text(
        json.dumps(
            {
                "kind": "riftbound-gallery",
                "game": "riftbound",
                "cards": [{"name": "Jinx, Loose Cannon"}],
            }
        )
    )
    import_sources([src])
    assert info()["games"] == {"mtg": {"cards": 0}, "riftbound": {"cards": 1}}
    assert [c.name for c in open_pool(game="riftbound")] == ["Jinx, Loose Cannon"]


def test_schema_version_change_rebuilds_the_database(home, tmp_path, fake_sources):
    a = write_source(tmp_path / "a.json", [card("Alpha")])
    import_sources([a])
    db = AppPaths.resolve().card_db
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    a.unlink()  # the source is gone: nothing to rebuild from
    # Another version: the cache is thrown away, not misread.
    assert info() == {"sources": [], "games": {"mtg": {"cards": 0}}}
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert open_pool().get("Alpha") is None


def test_a_garbage_file_is_replaced(home):
    db = AppPaths.resolve().card_db
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not sqlite" * 100)
    assert info() == {"sources": [], "games": {"mtg": {"cards": 0}}}


def test_stale_snapshot_is_rebuilt_from_rows(home, tmp_path, fake_sources):
    import_sources([write_source(tmp_path / "a.json", [card("Alpha"), card("Beta")])])
    db = AppPaths.resolve().card_db
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE snapshots SET model = 'old', blob = x'00'")
    with CardStore(db) as s:
        assert [c.name for c in s.load_cards("mtg")] == ["Alpha", "Beta"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT model FROM snapshots").fetchone()[0] != "old"


def test_home_isolation(tmp_path, monkeypatch, fake_sources):
    a = write_source(tmp_path / "a.json", [card("Alpha")])
    monkeypatch.setenv("DECKEDITOR_HOME", str(tmp_path / "one"))
    import_sources([a])
    monkeypatch.setenv("DECKEDITOR_HOME", str(tmp_path / "two"))
    assert info()["sources"] == []
    assert info(AppPaths.resolve(tmp_path / "one"))["games"]["mtg"]["cards"] == 1
    assert (
        not (tmp_path / "two" / "cache" / "cards.sqlite3").exists()
        or info()["games"]["mtg"]["cards"] == 0
    )


def test_open_pool_falls_back_to_the_starter_pool(home):
    pool = open_pool()
    assert len(pool) > 100
    assert pool.get("Tolabow, Loch Rascal") is not None
    # The cached starter pool is not changed by what callers add to theirs.
    pool.add(card("Zzz Test"))
    assert open_pool().get("Zzz Test") is None


def test_cards_sources_go_in_front_later_wins(home, tmp_path, fake_sources):
    one = write_source(tmp_path / "one.json", [card("Island", "one"), card("New Card")])
    two = write_source(tmp_path / "two.json", [card("Island", "two")])
    pool = open_pool(extra_sources=[one, two])
    assert pool.get("Island").front.oracle_text == "two"
    assert pool.get("New Card") is not None
    assert pool.get("Tolabow, Loch Rascal") is not None  # the base pool is still there
    # Order reversed: the first file now wins.
    assert open_pool(extra_sources=[two, one]).get("Island").front.oracle_text == "one"
    # A source with no cards at all is an error, not a silent no-op (issue 16 point 8).
    empty = write_source(tmp_path / "empty.json", [], kind="riftbound-gallery", game="riftbound")
    with pytest.raises(CardSourceError, match="no cards found"):
        open_pool(extra_sources=[empty])


def test_database_pool_then_cards_sources(home, tmp_path, fake_sources):
    import_sources([write_source(tmp_path / "db.json", [card("Alpha", "db"), card("Beta")])])
    pool = open_pool(extra_sources=[write_source(tmp_path / "x.json", [card("Alpha", "x")])])
    assert [c.name for c in pool] == ["Alpha", "Beta"]  # the database replaces the starter pool
    assert pool.get("Alpha").front.oracle_text == "x"


def test_missing_source_is_a_clear_error(home, tmp_path, fake_sources):
    with pytest.raises(CardSourceError, match="no such file"):
        import_sources([tmp_path / "nope.json"])
    assert info()["sources"] == []


def test_a_bad_source_leaves_the_database_untouched(home, tmp_path, fake_sources):
    good = write_source(tmp_path / "good.json", [card("Alpha")])
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(CardSourceError, match=r"bad\.json"):
        import_sources([good, bad])
    assert info()["sources"] == []


@pytest.mark.realdata
def test_real_mtgjson_import(home):
    if importlib.util.find_spec("deckeditor.carddb.sources") is None:
        pytest.skip("deckeditor.carddb.sources (card source readers) is not there yet")
    path = shared_data("mtg", "cards.json.xz")
    (summary,) = import_sources([path])
    assert summary.cards > 29_000
    result = info()
    assert result["games"]["mtg"]["cards"] == summary.cards
    pool = open_pool()
    assert len(pool) == summary.cards
    assert pool.get("Fire // Ice") is not None
    assert store_mod.database_cards(AppPaths.resolve())[0] == pool[0]


def test_snapshot_pool_index_matches_a_fresh_pool(home, tmp_path, fake_sources):
    from deckeditor.carddb.pool import CardPool
    from deckeditor.carddb.starter import starter_pool

    cards = list(starter_pool("mtg"))
    import_sources([write_source(tmp_path / "a.json", cards)])
    with CardStore(AppPaths.resolve().card_db) as s:
        pool = s.load_pool("mtg")
    fresh = CardPool("mtg", cards)
    assert vars(pool) == vars(fresh)
    assert pool.resolve("fire/ice").card.name == "Fire // Ice"
    assert pool.resolve("Insectile Aberration").note  # back-face match, from the stored index
    # The stored index is put back only when it fits the cards.
    from deckeditor.carddb import snapshot

    assert snapshot.pool_from("mtg", cards[:3], snapshot.pool_index(fresh)) is None
    assert snapshot.pool_from("mtg", cards, {"bogus": 1}) is None


@pytest.mark.realdata
def test_real_riftbound_gallery_import(home):
    if importlib.util.find_spec("deckeditor.carddb.sources") is None:
        pytest.skip("deckeditor.carddb.sources (card source readers) is not there yet")
    path = shared_data("riftbound", "cards.json")
    (summary,) = import_sources([path])
    assert summary.game == "riftbound" and summary.cards > 500
    result = info()
    assert result["games"]["riftbound"] == {"cards": summary.cards}
    assert result["games"]["mtg"] == {"cards": 0}
    pool = open_pool(game="riftbound")
    assert len(pool) == summary.cards
    assert pool.get("Jinx, Loose Cannon") is not None
    # The MTG pool is still the starter pool: the database has no MTG cards.
    assert open_pool().get("Tolabow, Loch Rascal") is not None


def test_merged_snapshot_equals_the_rows(home, tmp_path, fake_sources):
    """The snapshot is merged in memory on import; it must say exactly what the rows say."""
    a = write_source(tmp_path / "a.json", [card("A1"), card("Shared", "a"), card("A2")])
    b = write_source(tmp_path / "b.json", [card("Shared", "b"), card("B1"), card("B1", "dup")])
    import_sources([a, b])
    write_source(a, [card("A2", "again"), card("A3")])
    import_sources([a])
    db = AppPaths.resolve().card_db
    with CardStore(db) as s:
        merged = s.load_cards("mtg")
        conn = s.connect()
        from_rows = snapshot_table.cards_from_rows(conn, "mtg")
    assert merged == from_rows
    assert [c.name for c in merged] == ["Shared", "B1", "A2", "A3"]
    assert merged[1].front.oracle_text == "dup"


def test_schema_version_change_rebuilds_from_the_sources(home, tmp_path, fake_sources):
    a = write_source(tmp_path / "a.json", [card("Alpha"), card("Shared", "a")])
    b = write_source(tmp_path / "b.json", [card("Shared", "b")], kind="forge")
    gone = write_source(tmp_path / "gone.json", [card("Gone")])
    import_sources([a, b, gone])
    gone.unlink()
    db = AppPaths.resolve().card_db
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 0")
    fake_sources.clear()
    result = info()  # opening the store rebuilds it from the sources still there, in order
    assert fake_sources == [str(a.resolve()), str(b.resolve())]
    assert [s["path"] for s in result["sources"]] == [str(a.resolve()), str(b.resolve())]
    assert result["games"] == {"mtg": {"cards": 2}}
    assert open_pool().get("Shared").front.oracle_text == "b"
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
