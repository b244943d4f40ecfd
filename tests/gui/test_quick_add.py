"""Quick add by name (issue 24.1): Alt+1, type a name, Enter, Enter adds that card — an exact name
(folded as search.md §2 folds names) first, then names that start with the text, then the rest.
`deckeditor cards search` lists in the same order. On the starter pool and on the full MTGJSON
pool, where `Forest` also finds Deep Forest Hermit and `fire` two split cards."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from deckeditor.carddb.pool import CardPool
from deckeditor.cli import main
from deckeditor.search import SearchIndex, compile_query, parse
from deckeditor.search.ranking import ranked_rows, typed_name
from tests.conftest import shared_data
from tests.support.player_window import open_window, show_active

pytestmark = pytest.mark.gui


def quick_add(win, qtbot, text: str) -> None:
    """Alt+1, type, Enter (to the first result), Enter (add it): what a player does."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert win.catalog.search_box.hasFocus()
    qtbot.keyClicks(win.catalog.search_box, text)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    assert win.catalog.table.hasFocus()
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def main_counts(win) -> dict[str, int]:
    return {e.card: e.count for e in win.session.deck.section("Main").entries}


def shown_names(win, first: int) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(min(first, model.rowCount()))]


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


@pytest.mark.parametrize(
    "typed, added",
    [
        ("Forest", "Forest"),
        ("island", "Island"),
        ("Swamp", "Swamp"),
        ("ponder", "Ponder"),
        ("FIRE", "Fire // Ice"),
    ],
)
def test_starter_pool_quick_add_takes_the_exact_name(window, qtbot, typed, added):
    quick_add(window, qtbot, typed)
    assert main_counts(window) == {added: 1}
    assert window.last_message == f"Added 1 × {added} to Main"


def _records(path, cards):
    import json

    from deckeditor.carddb.records import to_record

    path.write_text(
        json.dumps(cards if isinstance(cards[0], dict) else [to_record(c) for c in cards]),
        encoding="utf-8",
    )
    return str(path)


def test_a_layered_pool_out_of_name_order_still_takes_the_exact_name(qtbot, tmp_path):
    """A source imported over another appends its new cards to the pool, so the pool is no longer
    in name order and the catalog sorts it itself: the typed name's tiers must still come first
    (on the MTGJSON pool plus the starter file, Alt+1 Island Enter Enter added Dirgur Island
    Dragon). Here: a pool of basics and a land named like Crescent Island Temple, then a newer
    source with Island; and the same when the player sorts by another column."""
    from deckeditor.carddb.records import to_record
    from deckeditor.carddb.store import import_sources, open_pool, starter_pool
    from deckeditor.paths import AppPaths

    starter = starter_pool("mtg")
    temple = to_record(starter.get("Island"))
    temple["name"] = temple["faces"][0]["name"] = "Crescent Island Temple"
    temple["faces"][0]["supertypes"] = []
    older = [to_record(starter.get(n)) for n in ("Forest", "Plains", "Swamp")] + [temple]
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    import_sources(
        [
            _records(tmp_path / "older.json", older),
            _records(tmp_path / "newer.json", [starter.get("Island")]),
        ],
        app_paths=paths,
    )
    names = [c.name for c in open_pool(paths).cards]
    assert names != sorted(names, key=str.casefold)  # the newer source's card came last
    win = open_window(qtbot, tmp_path)
    show_active(qtbot, win)
    quick_add(win, qtbot, "Island")
    assert main_counts(win) == {"Island": 1}
    header = win.catalog.table.horizontalHeader()  # sorted by type: still the exact name first
    qtbot.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=header.viewport().rect().topLeft() + QPoint(header.sectionViewportPosition(2) + 5, 5),
    )
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, "Island")
    assert win.catalog._sort_column == 2
    assert shown_names(win, 2) == ["Island", "Crescent Island Temple"]


# --- the full pool -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mtgjson_pool():
    from deckeditor.games.mtg.mtgjson import load_mtgjson

    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    cards.sort(key=lambda c: c.name.casefold())  # the card database's order
    return CardPool("mtg", cards)


@pytest.fixture
def full_window(qtbot, tmp_path, mtgjson_pool):
    from deckeditor.paths import AppPaths
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow
    from deckeditor.ui.settings import Settings

    make_app()
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    win = MainWindow(
        paths, pools={"mtg": mtgjson_pool}, settings=Settings(image_downloads=False), autosave=False
    )
    win.confirm_discard = lambda: True
    win.confirm_hidden = lambda name, reasons: True
    qtbot.addWidget(win)
    show_active(qtbot, win)
    return win


@pytest.mark.realdata
def test_full_pool_basic_lands_and_cantrips_come_first(full_window, qtbot):
    win = full_window
    for typed, wanted, not_wanted in [
        ("Forest", "Forest", "Deep Forest Hermit"),
        ("Island", "Island", "Crescent Island Temple"),
        ("Swamp", "Swamp", "Foggy Swamp Hunters"),
        ("Opt", "Opt", "Canoptek Scarab Swarm"),
        ("Ponder", "Ponder", "Aerial Responder"),
    ]:
        quick_add(win, qtbot, typed)
        assert wanted in main_counts(win), (typed, main_counts(win))
        assert not_wanted not in main_counts(win)
    assert main_counts(win) == {"Forest": 1, "Island": 1, "Swamp": 1, "Opt": 1, "Ponder": 1}


@pytest.mark.realdata
def test_full_pool_prefixes_come_before_the_rest_and_faces_count(full_window, qtbot):
    win = full_window
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, "Forest")
    names = shown_names(win, 50)
    assert names[0] == "Forest"
    starts = [n for n in names[1:] if n.casefold().startswith("forest")]
    assert starts and names[1 : 1 + len(starts)] == starts  # then the names starting with it
    assert names.index("Deep Forest Hermit") > len(starts)
    # a face name is a name: Fire // Ice first (Start // Fire is a joke card the rules hide),
    # then Fire Ambush, Fireball…, before Akoum Firebird
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, "fire")
    names = shown_names(win, 5)
    assert names[0] == "Fire // Ice"
    assert all(n.casefold().startswith("fire") for n in names[1:])
    # a DFC by its front face's name, and an "A // B" name typed in full
    for typed, wanted in [
        ("delver of secrets", "Delver of Secrets // Insectile Aberration"),
        ("Fire // Ice", "Fire // Ice"),
    ]:
        qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
        qtbot.keyClicks(win.catalog.search_box, typed)
        assert shown_names(win, 1) == [wanted]
    quick_add(win, qtbot, "Fire // Ice")
    assert main_counts(win) == {"Fire // Ice": 1}


# --- the command line, same order ----------------------------------------------------------------


def test_cards_search_lists_the_exact_name_first(tmp_path, capsys):
    assert main(["cards", "search", "fire", "--home", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Fire // Ice"
    assert lines[1:] == sorted(lines[1:])  # no other name starts with "fire": alphabetical


@pytest.mark.realdata
def test_cards_search_orders_like_the_catalog_on_the_full_pool(mtgjson_pool):
    names = compile_query("Forest").ranked_names(mtgjson_pool)
    assert names[0] == "Forest"
    prefix = [n for n in names if n.casefold().startswith("forest")]
    assert names[1 : 1 + len(prefix) - 1] == [n for n in prefix if n != "Forest"]
    rest = names[len(prefix) :]
    assert rest == sorted(rest, key=str.casefold) or rest == sorted(rest)
    assert "Deep Forest Hermit" in rest


@pytest.mark.parametrize(
    "query, name",
    [
        ("forest", "forest"),
        ("t:land Forest", "forest"),
        ("lightning bolt", "lightning bolt"),
        ('"Lim-Dûl\'s"', "lim duls"),
        ("name:jace", "jace"),
        ("-forest", ""),
        ("forest or island", ""),
        ("t:land", ""),
        ("name:/^for/", ""),
    ],
)
def test_the_typed_name_is_the_positive_top_level_name_terms(query, name):
    assert typed_name(parse(query)) == name


def test_ranked_rows_keeps_every_hit_once():
    from deckeditor.carddb.store import starter_pool

    pool = starter_pool("mtg")
    index = SearchIndex("mtg", pool.cards)
    query = compile_query("island")
    found = query.bits(index)
    rows = ranked_rows(found, query.ranks(index), index.n)
    assert sorted(rows) == [r for r in range(index.n) if found >> r & 1]
    assert pool.cards[rows[0]].name == "Island"


@pytest.mark.realdata
def test_a_name_typed_whole_comes_before_its_possessive(mtgjson_pool):
    """`Kenrith` lists Kenrith, the Returned King before Kenrith's Transformation (both start
    with the text; the first ends it at a word's end), and both before Rowan Kenrith."""
    names = compile_query("Kenrith").ranked_names(mtgjson_pool)
    assert names[:3] == ["Kenrith, the Returned King", "Kenrith's Transformation", "Rowan Kenrith"]
