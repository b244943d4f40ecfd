"""Layered card sources (issue 24.2): a full pool, then a newer source on top, give one card per
Oracle card with the newest source's text; our own card records (the shipped starter pool) import
as the cards they describe, types included; a search that finds nothing says whether the card is
in no source or hidden by the deck's rules."""

from __future__ import annotations

import json
import shutil

import pytest
from PySide6.QtCore import Qt

from deckeditor.carddb.records import to_record
from deckeditor.carddb.sources import detect_source, load_source
from deckeditor.carddb.starter import starter_file, starter_pool
from deckeditor.carddb.store import import_sources, open_pool
from deckeditor.names import name_key
from deckeditor.paths import AppPaths
from tests.conftest import shared_data
from tests.support.player_window import open_window

TOLABOW = "Tolabow, Loch Rascal"


def _paths(tmp_path):
    return AppPaths.resolve(tmp_path / "home").ensure()


def _records_file(tmp_path, name: str, cards) -> str:
    path = tmp_path / name
    path.write_text(json.dumps([to_record(c) for c in cards]), encoding="utf-8")
    return str(path)


# --- our own records as a source ---------------------------------------------------------------


def test_the_starter_file_is_read_as_card_records_with_its_types():
    assert detect_source(starter_file("mtg")) == "records"
    result = load_source(starter_file("mtg"))
    assert (result.kind, result.game, len(result.cards), result.issues) == (
        "records",
        "mtg",
        210,
        [],
    )
    tolabow = next(c for c in result.cards if c.name == TOLABOW)
    assert tolabow.faces[0].type_line == "Legendary Creature — Otter"


def test_riftbound_records_are_read_for_riftbound():
    result = load_source(starter_file("riftbound"))
    assert (result.kind, result.game) == ("records", "riftbound")
    assert len(result.cards) == len(starter_pool("riftbound"))


def test_a_scryfall_array_is_still_scryfall(tmp_path):
    path = tmp_path / "oracle-cards.json"
    path.write_text(
        json.dumps(
            [
                {
                    "object": "card",
                    "name": "Opt",
                    "layout": "normal",
                    "type_line": "Instant",
                    "mana_cost": "{U}",
                    "oracle_text": "Scry 1.\nDraw a card.",
                    "colors": ["U"],
                    "color_identity": ["U"],
                    "cmc": 1.0,
                    "set": "xln",
                }
            ]
        ),
        encoding="utf-8",
    )
    assert detect_source(path) == "scryfall"


def test_a_bad_record_is_named_by_its_index_and_its_neighbours_are_kept(tmp_path):
    cards = list(starter_pool("mtg").cards[:3])
    path = tmp_path / "mine.json"
    records = [to_record(c) for c in cards]
    records.insert(1, {"name": "Broken", "layout": "normal", "faces": "not a list"})
    path.write_text(json.dumps(records), encoding="utf-8")
    result = load_source(path)
    assert [c.name for c in result.cards] == [c.name for c in cards]
    assert [(i.where, i.severity) for i in result.issues] == [("[1]", "error")]
    assert "faces" in result.issues[0].message


def test_the_starter_file_imported_over_a_pool_keeps_tolabow_a_commander(tmp_path):
    from deckeditor.games.mtg.commander import can_be_commander

    paths = _paths(tmp_path)
    (summary,) = import_sources([starter_file("mtg")], app_paths=paths)
    assert (summary.kind, summary.cards, summary.errors, summary.warnings) == ("records", 210, 0, 0)
    tolabow = open_pool(paths).get(TOLABOW)
    assert tolabow.faces[0].type_line == "Legendary Creature — Otter"
    assert can_be_commander(tolabow, "commander")


def test_the_newest_source_gives_the_text_and_each_card_stays_one(tmp_path):
    from dataclasses import replace

    paths = _paths(tmp_path)
    base = [
        c for c in starter_pool("mtg").cards if c.name in ("Brainstorm", "Counterspell", TOLABOW)
    ]
    old = _records_file(tmp_path, "old.json", base)
    brainstorm = next(c for c in base if c.name == "Brainstorm")
    reworded = replace(
        brainstorm,
        faces=(
            replace(
                brainstorm.faces[0], oracle_text="Draw three cards, then put two back. (newer)"
            ),
        ),
    )
    new = _records_file(tmp_path, "new.json", [reworded])
    import_sources([old, new], app_paths=paths)
    pool = open_pool(paths)
    assert sorted(c.name for c in pool.cards) == sorted(c.name for c in base)
    assert pool.get("Brainstorm").faces[0].oracle_text.endswith("(newer)")
    import_sources([old], app_paths=paths)  # imported again: now it is the newest
    assert not open_pool(paths).get("Brainstorm").faces[0].oracle_text.endswith("(newer)")


# --- what an empty catalog says ------------------------------------------------------------------


@pytest.fixture
def window(make_window):
    win = make_window()
    win.show()
    return win


def _search(win, qtbot, text: str) -> None:
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, text)


@pytest.mark.gui
def test_a_card_in_no_source_says_so_with_the_import_at_hand(window, qtbot):
    _search(window, qtbot, "Zzyzx Nonesuch")
    catalog = window.catalog
    assert catalog.model.rowCount() == 0
    assert catalog.empty_box.isVisible()
    assert catalog.empty_label.text().startswith(
        "“Zzyzx Nonesuch”: not in your card pool — File › Import cards…"
    )
    assert catalog.import_button.isVisible() and not catalog.show_hidden_button.isVisible()
    asked = []
    window.import_cards_dialog = lambda: asked.append(True)
    catalog.importRequested.disconnect()
    catalog.importRequested.connect(window.import_cards_dialog)
    qtbot.mouseClick(catalog.import_button, Qt.MouseButton.LeftButton)
    assert asked == [True]
    _search(window, qtbot, "t:otter c:r")  # a keyed search: says what finds nothing, no import
    assert catalog.empty_label.text() == (
        "No card matches “t:otter” and “c:r” together — each finds cards on its own"
    )
    assert not catalog.import_button.isVisible()


@pytest.mark.gui
def test_a_card_the_rules_hide_is_named_with_why(window, qtbot):
    window.target_box.setCurrentText("Commander")
    _search(window, qtbot, '!"Atraxa, Praetors\' Voice"')
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)  # Atraxa leads: no red
    _search(window, qtbot, '!"Lightning Bolt"')
    catalog = window.catalog
    assert catalog.model.rowCount() == 0
    text = catalog.empty_label.text()
    assert text.startswith("hidden: the deck's rules hide 1 matching card — Lightning Bolt: ")
    assert "identity" in text
    assert catalog.show_hidden_button.isVisible() and not catalog.import_button.isVisible()


# --- real data -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mtgjson_home(tmp_path_factory):
    """A home whose database holds the MTGJSON pool (read once for the module)."""
    source = shared_data("mtg", "cards.json.xz")
    root = tmp_path_factory.mktemp("mtgjson")
    paths = AppPaths.resolve(root / "home").ensure()
    import_sources([source], app_paths=paths)
    return root


def _copy_home(mtgjson_home, tmp_path):
    shutil.copytree(mtgjson_home / "home", tmp_path / "home")
    return AppPaths.resolve(tmp_path / "home")


@pytest.mark.realdata
def test_mtgjson_then_the_current_forge_rulebreakers_layer_into_one_card_each(
    mtgjson_home, tmp_path
):
    paths = _copy_home(mtgjson_home, tmp_path)
    before = open_pool(paths)
    assert TOLABOW not in before  # the pool predates the card
    forge = shared_data("forge", "upstream-sample-cardscripts.tar.xz")
    scripts = load_source(forge).cards
    import_sources([forge], app_paths=paths)
    pool = open_pool(paths)
    keys = [name_key(c.name) for c in pool.cards]
    assert len(keys) == len(set(keys))  # one card per Oracle card
    new = {c.name for c in scripts} - {c.name for c in before.cards}
    assert TOLABOW in new
    assert len(pool) == len(before) + len(new)
    for script in scripts:  # the newest source's text, the older pool's printings kept
        card = pool.get(script.name)
        assert [f.oracle_text for f in card.faces] == [f.oracle_text for f in script.faces], (
            script.name
        )
        if (
            before.get(script.name) is not None
            and before.get(script.name).printings
            and not script.printings
        ):
            assert card.printings == before.get(script.name).printings
    assert pool.get(TOLABOW).deck_rule_lines


@pytest.mark.realdata
def test_mtgjson_then_the_starter_file_adds_the_showcase_cards_with_their_types(
    mtgjson_home, tmp_path
):
    from deckeditor.games.mtg.commander import can_be_commander

    paths = _copy_home(mtgjson_home, tmp_path)
    before = {c.name for c in open_pool(paths).cards}
    import_sources([starter_file("mtg")], app_paths=paths)
    pool = open_pool(paths)
    starter = {c.name for c in starter_pool("mtg").cards}
    assert starter - before  # the showcase cards the full pool predates
    assert {c.name for c in pool.cards} == before | starter
    keys = [name_key(c.name) for c in pool.cards]
    assert len(keys) == len(set(keys))
    assert can_be_commander(pool.get(TOLABOW), "commander")


@pytest.mark.realdata
@pytest.mark.gui
def test_the_window_says_tolabow_is_not_in_the_pool_then_finds_it_once_imported(
    mtgjson_home, qtbot, tmp_path
):
    _copy_home(mtgjson_home, tmp_path)
    win = open_window(qtbot, tmp_path)
    win.show()
    _search(win, qtbot, "Tolabow")
    assert win.catalog.model.rowCount() == 0
    assert win.catalog.empty_label.text().startswith(
        "“Tolabow”: not in your card pool — File › Import cards…"
    )
    win.import_cards([str(starter_file("mtg"))])
    qtbot.waitUntil(lambda: "Imported" in win.last_message, timeout=60000)
    _search(win, qtbot, "Tolabow")
    assert win.catalog.model.rowCount() == 1
    row = [win.catalog.model.index(0, c).data() for c in range(win.catalog.model.columnCount())]
    assert row[0] == TOLABOW and "Legendary Creature — Otter" in row
    assert not win.catalog.empty_box.isVisible()
