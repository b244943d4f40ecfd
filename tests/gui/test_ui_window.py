"""The real window, driven offscreen with pytest-qt (Qt warnings fail the tests: pyproject)."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from deckeditor.deck import Entry
from deckeditor.deck_edits import find_entries
from deckeditor.paths import AppPaths

# The offscreen platform plugin warns that it cannot propagate size hints whenever a top-level
# window is shown; that is the test platform talking, not the program.
pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window(settings=None)  # the home's own settings
    win.answers = []  # what the colour dialog answers, in order (None = Cancel)
    win.asked = []

    def ask(name, budget, chosen):
        win.asked.append((name, budget.count, budget.exactly))
        return win.answers.pop(0) if win.answers else None

    win.ask_colors = ask
    win.hidden_asked = []  # (card, reasons) of each hidden card added; the answer is "add it"
    win.confirm_hidden = lambda name, reasons: win.hidden_asked.append((name, reasons)) or True
    win.show()
    return win


def shown(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


def needs_predicate():
    try:
        from deckeditor.games.registry import game

        module = game("mtg")
        assert hasattr(module, "make_predicate")
    except (ImportError, AssertionError, KeyError):
        pytest.skip("the MTG rules engine (games/mtg/game.py) has not landed")


def add_commander(win, name: str, colors: str | None) -> None:
    win.session.add_card(name, "Main")
    ((section, index),) = find_entries(win.session.deck, [name])
    win.answers.append(colors)
    win.set_commander(section, index)


# --- catalog ------------------------------------------------------------------------------------


def test_typing_a_query_changes_the_rows(window, qtbot):
    everything = shown(window)
    legal = window.session.legal_rows("Main")
    assert len(everything) == (len(window.session.pool) if legal is None else len(legal))
    qtbot.keyClicks(window.catalog.search_box, "lightning b")
    assert shown(window) == ["Lightning Bolt"]
    window.catalog.search_box.clear()
    assert shown(window) == everything


def test_a_bad_query_is_shown_beside_the_box_and_the_rows_stay(window, qtbot):
    window.catalog.search_box.setText("t:instant")
    rows = shown(window)
    window.catalog.search_box.setText('t:instant o:"')
    if not window.catalog.error_label.isVisible():
        pytest.skip("the search engine accepts an unclosed quote")
    assert (
        "position" in window.catalog.error_label.text()
        or "at " in window.catalog.error_label.text()
    )
    assert shown(window) == rows


def test_enter_and_double_click_add_the_card(window, qtbot):
    table = window.catalog.table
    qtbot.keyClicks(window.catalog.search_box, "counterspell")
    table.setCurrentIndex(window.catalog.model.index(0, 0))
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert window.session.deck.section("Main").entries == (Entry("Counterspell", 1),)
    window.catalog.search_box.setText("brainstorm")
    rect = table.visualRect(window.catalog.model.index(0, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.deck.section("Main").entries == (
        Entry("Counterspell"),
        Entry("Brainstorm"),
    )


def test_sorting_by_a_column_reorders_the_rows(window, qtbot):
    qtbot.keyClicks(window.catalog.search_box, "t:instant")
    by_name = shown(window)
    assert by_name == sorted(by_name, key=str.casefold)
    window.catalog._on_header(0)  # the header click: descending
    assert shown(window) == by_name[::-1]


def test_tolabow_as_commander_hides_red_cards(window):
    needs_predicate()
    before = shown(window)
    assert {"Goblin Guide", "Lightning Bolt", "Boros Charm"} <= set(before)
    add_commander(window, "Tolabow, Loch Rascal", None)  # the dialog is left open (Cancel)
    assert window.asked == [("Tolabow, Loch Rascal", 1, False)]
    assert window.session.deck.section("Commander").entries[0].card == "Tolabow, Loch Rascal"
    now = set(shown(window))
    assert "Goblin Guide" not in now  # red creature: not an instant
    assert "Boros Charm" not in now  # two colours beyond U
    assert {"Counterspell", "Lightning Bolt", "Mountain"} <= now  # open budget; exempt basics


def test_choosing_red_upfront_shows_red_instants_not_red_creatures(window):
    needs_predicate()
    add_commander(window, "Tolabow, Loch Rascal", "R")
    assert window.session.deck.section("Commander").entries[0].colors == "R"
    now = set(shown(window))
    assert "Lightning Bolt" in now and "Izzet Charm" in now
    assert "Goblin Guide" not in now
    assert "Growth Spiral" not in now  # G no longer fits: red uses the budget


def test_leaving_the_choice_open_then_adding_a_red_instant_commits_red(window):
    needs_predicate()
    add_commander(window, "Tolabow, Loch Rascal", None)
    assert "Growth Spiral" in shown(window)
    window.add_card("Lightning Bolt", "Main")
    assert window.session.deck.section("Commander").entries[0].colors == "R"
    assert "Red" in window.last_message and "Undo" in window.last_message
    assert "Growth Spiral" not in shown(window)
    window.undo_actions.undo.trigger()  # one step: the card and the colour
    assert window.session.deck.section("Commander").entries[0].colors == ""
    assert window.session.deck.section("Main").entries == ()


def test_show_hidden_greys_hidden_cards_with_the_reason(window):
    needs_predicate()
    add_commander(window, "Tolabow, Loch Rascal", "R")
    window.catalog.show_hidden.setChecked(True)
    names = shown(window)
    row = names.index("Goblin Guide")
    model = window.catalog.model
    assert model.is_hidden(row)
    tip = model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Hidden:") and len(tip) > len("Hidden: ")
    assert model.data(model.index(row, 0), Qt.ItemDataRole.ForegroundRole) is not None
    window.card_view.show_card("Goblin Guide")
    assert "Why the catalog hides it" in window.card_view.text.toPlainText()


# --- deck pane, problems, undo ------------------------------------------------------------------


def test_second_copy_of_a_nonbasic_is_a_problem_and_clicking_selects_it(window, qtbot):
    window.add_card("Sol Ring", "Main")
    window.add_card("Island", "Main")
    window.add_card("Sol Ring", "Main")
    problems = window.problems.problems
    if window.session.engine_note():
        pytest.skip(window.session.engine_note())
    copies = [p for p in problems if p.kind.value == "TOO_MANY_COPIES"]
    assert copies and copies[0].cards == ("Sol Ring",)
    status = window.status.problem_label.text()
    assert "error" in status
    for i in range(window.problems.count()):
        if window.problems.item(i).data(Qt.ItemDataRole.UserRole + 20) is copies[0]:
            item = window.problems.item(i)
    rect = window.problems.visualItemRect(item)
    qtbot.mouseClick(window.problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    selected = window.deck_pane.selected_entries()
    assert [window.session.deck.section(s).entries[i].card for s, i in selected] == ["Sol Ring"]


def test_plus_minus_delete_and_move_in_the_deck_pane(window, qtbot):
    window.add_card("Counterspell", "Main")
    pane = window.deck_pane
    assert pane.select_cards(["Counterspell"]) == 1
    qtbot.keyClick(pane.tree, Qt.Key.Key_Plus)
    assert window.session.deck.section("Main").entries[0].count == 2
    qtbot.keyClick(pane.tree, Qt.Key.Key_Minus)
    assert window.session.deck.section("Main").entries[0].count == 1
    pane.select_cards(["Counterspell"])
    pane._move_current("Sideboard")
    assert window.session.deck.section("Sideboard").entries == (Entry("Counterspell"),)
    pane.select_cards(["Counterspell"])
    qtbot.keyClick(pane.tree, Qt.Key.Key_Delete)
    assert window.session.deck.count() == 0


def test_grouping_by_mana_value_and_type(window):
    for name in ("Counterspell", "Lightning Bolt", "Island", "Goblin Guide"):
        window.session.add_card(name, "Main")
    model = window.deck_pane.model
    main = next(
        model.index(r, 0)
        for r in range(model.rowCount())
        if model.index(r, 0).data(Qt.ItemDataRole.UserRole + 10) == "Main"
    )
    groups = [model.index(r, 0, main).data() for r in range(model.rowCount(main))]
    assert groups == ["Creature  (1)", "Instant  (2)", "Land  (1)"]
    window.deck_pane.group_box.setCurrentText("Mana value")
    main = next(
        model.index(r, 0)
        for r in range(model.rowCount())
        if model.index(r, 0).data(Qt.ItemDataRole.UserRole + 10) == "Main"
    )
    groups = [model.index(r, 0, main).data() for r in range(model.rowCount(main))]
    assert groups == ["Mana value 1  (2)", "Mana value 2  (1)", "Lands  (1)"]


def test_undo_redo_through_the_edit_menu(window):
    window.add_card("Counterspell", "Main")
    window.add_card("Island", "Main")
    assert window.session.deck.count() == 2
    window.undo_actions.undo.trigger()
    assert window.session.deck.count() == 1
    assert window.undo_actions.redo.isEnabled()
    window.undo_actions.redo.trigger()
    assert window.session.deck.count() == 2
    assert window.windowTitle().startswith("Untitled deck*")


def test_spires_asks_for_exactly_two_colours_and_keeps_them(window):
    window.answers.append("UR")
    window.add_card("Cryptic Spires", "Main")
    assert window.asked[-1] == ("Cryptic Spires", 2, True)
    assert window.session.deck.section("Main").entries == (Entry("Cryptic Spires", colors="UR"),)
    window.answers.append("BG")
    window.choose_colors("Main", 0)
    assert window.session.deck.section("Main").entries[0].colors == "BG"


# --- files --------------------------------------------------------------------------------------


def test_save_reopen_same_deck(window, tmp_path):
    window.answers.append("R")
    add_commander(window, "Tolabow, Loch Rascal", "R")
    for name in ("Counterspell", "Island", "Island", "Lightnig Bolt"):
        window.session.add_card(name, "Main")
    deck = window.session.deck
    path = tmp_path / "mine.deck.json"
    assert window.save_as(str(path))
    assert not window.session.dirty and "*" not in window.windowTitle()
    window.new_deck("mtg")
    assert window.session.deck.count() == 0
    assert window.open_path(str(path))
    assert window.session.deck.sections == deck.sections
    assert window.current_path == str(path)
    assert str(path.resolve()) in window.settings.recent_files


def test_export_dck_and_read_it_back(window, tmp_path):
    pytest.importorskip("deckeditor.deckio")
    from deckeditor.ui.export_dialog import ExportDialog

    add_commander(window, "Tolabow, Loch Rascal", "R")
    window.session.add_card("Counterspell", "Main")
    window.session.add_card("Cryptic Spires", "Main", colors="UR")
    dialog = ExportDialog(window.session.deck, window.session.pool, window)
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("forge"))
    out = tmp_path / "deck.dck"
    dialog.export_to(str(out))
    assert "[Commander]" in out.read_text(encoding="utf-8")
    assert window.open_path(str(out))
    back = window.session.deck
    assert back.section("Commander").entries[0].card == "Tolabow, Loch Rascal"
    # losses are stated before writing; whatever is not listed as lost comes back
    losses = [dialog.losses.item(i).text() for i in range(dialog.losses.count())]
    lost_choice = {
        name
        for name in ("Tolabow, Loch Rascal", "Cryptic Spires")
        if any(name in x for x in losses)
    }
    want_cmd = "" if "Tolabow, Loch Rascal" in lost_choice else "R"
    want_spires = "" if "Cryptic Spires" in lost_choice else "UR"
    assert back.section("Commander").entries[0].colors == want_cmd
    assert {e.card: e.colors for e in back.section("Main").entries} == {
        "Counterspell": "",
        "Cryptic Spires": want_spires,
    }
    # Save writes back to the .dck when it holds the whole deck, else asks (test_files_window.py)
    assert window.current_path == str(out) and window.current_kind == "forge"


def test_import_preview_of_pasted_text(window):
    pytest.importorskip("deckeditor.deckio")
    from deckeditor.ui.import_dialog import ImportDialog

    dialog = ImportDialog(window.session.pool, window)
    dialog.paste.setPlainText(
        "Commander\n1 Tolabow, Loch Rascal\n\nDeck\n2 Island\n1 Lightnig Bolt\n"
    )
    dialog.preview_text()
    model = dialog.table.model()
    statuses = [model.index(r, 1).data() for r in range(model.rowCount())]
    assert "Unknown card" in statuses and "Card" in statuses  # in words (issue 24 point 8)
    deck = dialog.deck()
    assert deck.count() == 4


def test_import_preview_model_passes_qtmodeltester(window, qtmodeltester):
    from deckeditor.ui.import_dialog import ImportDialog

    dialog = ImportDialog(window.session.pool, window)
    dialog.paste.setPlainText("Deck\n2 Island\n\n1 Lightnig Bolt\n\x01odd\n")
    dialog.preview_text()
    qtmodeltester.check(dialog.model)
    assert [dialog.model.index(r, 1).data() for r in range(5)] == [
        "Section",
        "Card",
        "Blank",
        "Unknown card",
        "Not read",
    ]  # the report's codes in a player's words (issue 24 point 8)
    assert dialog.model.index(4, 3).data() == "control character in the line"


def test_import_preview_of_a_million_lines_is_a_model_over_the_report(window, tmp_path):
    # the report is shown row by row as the view asks: no table item per line
    from deckeditor.ui.import_dialog import ImportDialog

    path = tmp_path / "million.txt"
    path.write_text("1 Island\n2 Zzz\n" * 500_000, encoding="utf-8")
    dialog = ImportDialog(window.session.pool, window)
    dialog.preview_file(str(path))
    assert dialog.model.rowCount() == 1_000_000
    assert dialog.model.index(999_999, 2).data() == "2 Zzz"
    assert "500,000 lines naming an unknown card, kept" in dialog.notes.text()
    assert dialog.deck().count() == 1_500_000


def test_settings_and_window_state_are_restored(window, tmp_path):
    from deckeditor.ui.main_window import MainWindow
    from deckeditor.ui.settings import load_settings

    window.catalog.show_hidden.setChecked(True)
    window.deck_pane.group_box.setCurrentText("Mana value")
    window.close()
    stored = load_settings(window.paths)
    assert stored.show_hidden and stored.group_by == "Mana value" and stored.geometry
    again = MainWindow(window.paths, autosave=False)
    assert again.catalog.show_hidden.isChecked()
    assert again.deck_pane.group_box.currentText() == "Mana value"
    again.close()


def test_damaged_settings_give_defaults(tmp_path):
    from deckeditor.ui.settings import load_settings, state_file

    paths = AppPaths.resolve(tmp_path).ensure()
    paths.settings_file.write_text("{not json", encoding="utf-8")
    assert load_settings(paths).recent_files == []
    paths.settings_file.write_text(
        '{"show_hidden": "maybe", "group_by": "Mana value"}', encoding="utf-8"
    )
    state_file(paths).write_text('{"recent_files": 7}', encoding="utf-8")
    loaded = load_settings(paths)
    assert (
        loaded.group_by == "Mana value"
        and loaded.show_hidden is False
        and loaded.recent_files == []
    )


def test_format_and_day_selectors_follow_the_session(window):
    codes = [window.status.format_box.itemData(i) for i in range(window.status.format_box.count())]
    assert "commander" in codes
    # players see titles, never a bare code (issue 23)
    titles = [window.status.format_box.itemText(i) for i in range(window.status.format_box.count())]
    assert "Standard Brawl" in titles and "Commander" in titles and "standardbrawl" not in titles
    if "vintage" in codes:
        window.set_format("vintage")
        assert window.session.format_code == "vintage" and window.session.deck.format == "vintage"
    window.status.day_edit.setDate(window.status.day_edit.date().addDays(-400))
    assert window.session.day == dt.date.today() - dt.timedelta(days=400)


def test_stats_panel_counts_the_library(window):
    window.session.add_card("Island", "Main", 10)
    window.session.add_card("Counterspell", "Main")
    assert "Starting library: 11" in window.stats.summary.text()
    assert window.stats.curve.bars[2][1] == 1
    assert dict((c, n) for c, n, _ in window.stats.pips.bars)["U"] == 2


# --- Riftbound ----------------------------------------------------------------------------------


def test_a_riftbound_deck_built_in_the_window(window):
    from deckeditor.carddb.pool import CardPool
    from tests.conftest import shared_data

    gallery = pytest.importorskip("deckeditor.games.riftbound.gallery")
    result = gallery.load_gallery(str(shared_data("riftbound", "cards.json")))
    window.pools["riftbound"] = CardPool("riftbound", result.cards)
    window.new_deck("riftbound")
    assert window.session.sections[:6] == (
        "Legend",
        "Champion",
        "Main",
        "Runes",
        "Battlefields",
        "Sideboard",
    )
    pool = window.session.pool
    legend = next(c for c in pool.cards if "Legend" in c.types)
    unit = next(c for c in pool.cards if "Unit" in c.types and c.might)
    window.add_card(legend.name, "Legend")
    window.add_card(unit.name, "Main")
    assert window.session.deck.section("Legend").entries[0].card == legend.name
    kinds = {p.kind.value for p in window.problems.problems}
    if window.session.engine_note() is None:
        assert kinds & {"DECK_TOO_SMALL", "RUNE_DECK", "BATTLEFIELDS", "CHOSEN_CHAMPION"}
    gear = next((c for c in pool.cards if "Equipment" in (c.tags or ())), None)
    if gear is not None:
        window.add_card(gear.name, "Main")
        window.card_view.show_card(unit.name)
        assert window.card_view.attach_list.count() >= 1
        window.card_view.set_attached([gear.name])
        assert "attached" in window.card_view.text.toPlainText()


# --- models -------------------------------------------------------------------------------------


def test_catalog_model_passes_qtmodeltester(window, qtmodeltester):
    window.catalog.show_hidden.setChecked(True)
    qtmodeltester.check(window.catalog.model)


def test_deck_model_passes_qtmodeltester(window, qtmodeltester):
    for name in ("Counterspell", "Island", "Lightnig Bolt"):
        window.session.add_card(name, "Main")
    qtmodeltester.check(window.deck_pane.model)


def test_catalog_drag_carries_card_names(window):
    from deckeditor.ui.catalog_model import CARD_MIME

    model = window.catalog.model
    mime = model.mimeData([model.index(0, 0)])
    name = model.card_at(0).name
    assert bytes(mime.data(CARD_MIME)).decode() == name
    window.deck_pane._on_drop("cards", name, "Sideboard")
    assert window.session.deck.section("Sideboard").entries == (Entry(name),)


# --- the command line's window ------------------------------------------------------------------


def test_screenshot_of_a_starter_deck(tmp_path):
    from deckeditor.paths import resources_dir

    decks = sorted((resources_dir() / "decks").glob("*.deck.json"))
    if not decks:
        pytest.skip("no starter decks shipped yet")
    shot = tmp_path / "shot.png"
    env = {
        "QT_QPA_PLATFORM": "offscreen",
        "DECKEDITOR_HOME": str(tmp_path / "home"),
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-m", "deckeditor", "--screenshot", str(shot), str(decks[0])],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    state = json.loads((tmp_path / "home" / "state" / "window.json").read_text())
    assert state["recent_files"] == [str(decks[0].resolve())]
    settings = json.loads((tmp_path / "home" / "config" / "settings.json").read_text())
    assert "recent_files" not in settings and settings["group_by"] == "Type"


def test_recent_files_menu_lists_opened_decks(window, tmp_path):
    path = tmp_path / "a.deck.json"
    window.session.add_card("Island", "Main")
    window.save_as(str(path))
    texts = [a.text() for a in window.recent_menu.actions()]
    assert texts == [str(path.resolve())]
    assert Path(texts[0]).exists()


def test_implied_colour_warning_offers_to_record_it(window):
    needs_predicate()
    deck = window.session.deck.add_card("Commander", "Tolabow, Loch Rascal").add_card(
        "Main", "Lightning Bolt"
    )
    window.open_deck(deck)  # opened, not edited: nothing committed
    warnings = [p for p in window.problems.problems if p.kind.value == "ADDITIONAL_COLOR_CHOICE"]
    assert warnings and not warnings[0].is_error
    window.answers.append("R")
    window.record_choice(warnings[0])
    assert window.session.deck.section("Commander").entries[0].colors == "R"
    assert not [p for p in window.problems.problems if p.kind.value == "ADDITIONAL_COLOR_CHOICE"]


def _forge_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "cardsfolder" / "z"
    folder.mkdir(parents=True)
    (folder / "zephyr_test_drake.txt").write_text(
        "Name:Zephyr Test Drake\nManaCost:2 U\nTypes:Creature Drake\nPT:2/2\nK:Flying\n"
        "Oracle:Flying\n",
        encoding="utf-8",
    )
    return folder.parent


def test_import_cards_runs_in_a_worker_and_reloads_the_pool(window, qtbot, tmp_path):
    pytest.importorskip("deckeditor.carddb.sources")
    worker = window.import_cards([str(_forge_folder(tmp_path))])
    with qtbot.waitSignal(window.card_import.worker_thread.finished, timeout=60000):
        pass
    qtbot.waitUntil(lambda: "Imported" in window.last_message, timeout=10000)
    assert window.session.pool.get("Zephyr Test Drake") is not None
    assert "Zephyr Test Drake" in shown(window)
    del worker


def test_import_cards_can_be_cancelled(qtbot, tmp_path):
    pytest.importorskip("deckeditor.carddb.sources")
    from deckeditor.ui.workers import ImportWorker

    paths = AppPaths.resolve(tmp_path / "home").ensure()
    worker = ImportWorker([str(_forge_folder(tmp_path))], paths)
    worker.cancel()
    with qtbot.waitSignal(worker.cancelled, timeout=60000):
        worker.run()
    assert not paths.card_db.exists() or "Zephyr" not in paths.card_db.read_bytes().decode(
        "latin-1"
    )


def test_progress_numbers_read_every_shape():
    from deckeditor.ui.workers import progress_numbers

    assert progress_numbers((3, 10), {}) == (3, 10, "")
    assert progress_numbers((3, None), {}) == (3, 0, "")
    assert progress_numbers((), {"done": 1, "total": 2, "text": "x"}) == (1, 2, "x")


def test_the_riftbound_sample_deck_opens_legal(window):
    from deckeditor.paths import resources_dir

    sample = resources_dir() / "decks" / "riftbound-sample.deck.json"
    if not sample.exists():
        pytest.skip("the Riftbound sample deck has not landed")
    assert window.open_path(str(sample))
    assert window.session.game_code == "riftbound"
    assert window.session.sections[:6] == (
        "Legend",
        "Champion",
        "Main",
        "Runes",
        "Battlefields",
        "Sideboard",
    )
    assert window.session.engine_note() is None
    assert [p for p in window.problems.problems if p.is_error] == []
    assert "legal" in window.status.problem_label.text()


def test_undoing_a_format_change_restores_the_format(window):
    codes = [window.status.format_box.itemData(i) for i in range(window.status.format_box.count())]
    if "vintage" not in codes:
        pytest.skip("no vintage format shipped")
    window.add_card("Sol Ring", "Main")
    window.set_format("vintage")
    assert window.session.format_code == "vintage"
    window.undo_actions.undo.trigger()
    assert window.session.format_code == "commander"
    assert window.status.format_box.currentData() == "commander"


def test_colour_dialog_enforces_exactly_or_at_most(qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    from deckeditor.session import ColorBudget
    from deckeditor.ui.color_dialog import ColorDialog

    spires = ColorDialog("Cryptic Spires", ColorBudget(2, True, "circled colours"), "", "U", {})
    qtbot.addWidget(spires)
    ok = spires.box.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    spires.buttons["R"].setChecked(True)
    assert not ok.isEnabled()
    spires.buttons["U"].setChecked(True)
    assert ok.isEnabled() and spires.colors() == "UR"
    spires.buttons["G"].setChecked(True)
    assert not ok.isEnabled()
    assert "⚠" in spires.buttons["R"].text() and "⚠" not in spires.buttons["U"].text()

    budget = ColorDialog(
        "Tolabow, Loch Rascal", ColorBudget(1, False, "additional colour"), "R", "U", {"R": 3}
    )
    qtbot.addWidget(budget)
    ok = budget.box.button(QDialogButtonBox.StandardButton.Ok)
    assert budget.colors() == "R" and ok.isEnabled() and "3 cards" in budget.buttons["R"].text()
    budget.set_colors("")
    assert ok.isEnabled()  # leaving the budget open is a valid answer
    budget.set_colors("RG")
    assert not ok.isEnabled()


def test_moving_a_line_by_drag_and_drop(window):
    window.add_card("Counterspell", "Main")
    window.deck_pane._on_drop("entry", "Main\t0", "Maybeboard")
    assert window.session.deck.section("Maybeboard").entries == (Entry("Counterspell"),)
    assert window.session.deck.section("Main").entries == ()


def test_enter_enter_enter_builds_from_the_keyboard(window, qtbot):
    table = window.catalog.table
    qtbot.keyClicks(window.catalog.search_box, "t:instant")
    table.setCurrentIndex(window.catalog.model.index(0, 0))
    first = window.catalog.model.card_at(0).name
    second = window.catalog.model.card_at(1).name
    qtbot.keyClick(table, Qt.Key.Key_Return)  # singleton: the card leaves the catalog
    qtbot.keyClick(table, Qt.Key.Key_Return)  # the next one took its place
    assert [e.card for e in window.session.deck.section("Main").entries] == [first, second]


def test_card_view_names_the_search_term_a_card_fails(window):
    window.catalog.search_box.setText("t:instant c:r")
    window.card_view.show_card("Counterspell")
    text = window.card_view.text.toPlainText()
    assert "Does not match the search term" in text and "c:r" in text
    window.card_view.show_card("Lightning Bolt")
    assert "Does not match" not in window.card_view.text.toPlainText()


def test_the_day_selector_changes_legality(window):
    from PySide6.QtCore import QDate

    if window.session.engine_note():
        pytest.skip(window.session.engine_note())
    window.status.day_edit.setDate(QDate(2024, 9, 22))
    assert "Mana Crypt" in shown(window)
    window.add_card("Mana Crypt", "Main")
    assert not [p for p in window.problems.problems if p.kind.value == "BANNED"]
    window.status.day_edit.setDate(QDate(2024, 9, 23))
    banned = [p for p in window.problems.problems if p.kind.value == "BANNED"]
    assert banned and banned[0].cards == ("Mana Crypt",)
    window.session.remove("Main", 0, None)
    assert "Mana Crypt" not in shown(window)  # banned cards leave the catalog that day
    window.catalog.show_hidden.setChecked(True)
    window.card_view.show_card("Mana Crypt")
    assert "2024-09" in window.card_view.text.toPlainText()


def test_possible_partners_are_shown_and_marked(window):
    needs_predicate()
    add_commander(window, "Thrasios, Triton Hero", None)
    names = shown(window)
    assert "Tymna the Weaver" in names and "Lightning Bolt" not in names
    model = window.catalog.model
    row = names.index("Tymna the Weaver")
    assert "possible partner" in model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole)


def test_import_a_pasted_riftbound_code_uses_the_riftbound_pool(window):
    pytest.importorskip("deckeditor.deckio")
    from deckeditor.ui.import_dialog import ImportDialog
    from tests.conftest import shared_data

    vectors = json.loads(
        shared_data("riftbound", "deckcode-test-vectors.json").read_text(encoding="utf-8")
    )

    code = None
    for item in vectors if isinstance(vectors, list) else vectors.get("vectors", []):
        if isinstance(item, dict) and isinstance(item.get("code"), str):
            code = item["code"]
            break
    if code is None:
        pytest.skip("no deck code among the vectors")
    dialog = ImportDialog(window.session.pool, window, pool_for=window.pool)
    dialog.paste.setPlainText(code)
    dialog.preview_text()
    assert dialog.deck() is not None, dialog.error.text()
    assert dialog.deck().game == "riftbound"


def test_search_enter_enter_adds_the_first_result(window, qtbot):
    qtbot.keyClicks(window.catalog.search_box, "lightning bolt")
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert window.session.deck.section("Main").entries == (Entry("Lightning Bolt"),)


def test_colour_dialog_disables_colours_already_in_the_identity(qtbot):
    from deckeditor.session import ColorBudget
    from deckeditor.ui.color_dialog import ColorDialog

    dialog = ColorDialog(
        "Tolabow, Loch Rascal", ColorBudget(1, False, "additional colour"), "", "U", {}
    )
    qtbot.addWidget(dialog)
    assert not dialog.buttons["U"].isEnabled() and dialog.buttons["R"].isEnabled()


# --- Commander Brackets: the bracket beside the format, the budget in the catalog -------------


def _choose_bracket(win, value):
    box = win.status.target_box
    assert box.isVisible() and win.status.target_label.text() == "Bracket"
    box.setCurrentIndex(box.findData(value))
    box.activated.emit(box.currentIndex())


def _search(win, qtbot, text):
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, text)
    return shown(win)


def test_a_bracket_3_deck_marks_the_last_slot_hides_a_fourth_and_undo_brings_it_back(window, qtbot):
    needs_predicate()
    win = window
    add_commander(win, "General Tazri", None)
    _choose_bracket(win, 3)
    assert win.session.deck.bracket == 3
    win.add_card("Demonic Tutor", "Main")
    win.add_card("Vampiric Tutor", "Main")
    assert (
        win.status.target_status.text() == "Bracket 3 chosen · 2 Game Changers (bracket 3 allows 3)"
    )
    model = win.catalog.model
    assert _search(win, qtbot, "mana vault") == ["Mana Vault"]
    assert model.data(model.index(0, 0)) == "Mana Vault  (uses the last slot)"
    assert (
        model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
        == "Mana Vault — uses the last slot"
    )
    win.add_card("Mana Vault", "Main")
    assert (
        win.status.target_status.text() == "Bracket 3 chosen · 3 Game Changers (bracket 3 allows 3)"
    )
    assert _search(win, qtbot, "chrome mox") == []  # the fourth Game Changer is hidden
    assert win.session.why_hidden(win.session.card("Chrome Mox")) == [
        "Bracket 3 allows three Game Changers; the deck has three"
    ]
    win.catalog.show_hidden.setChecked(True)
    assert shown(win) == ["Chrome Mox"] and model.is_hidden(0)
    tip = model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip == "Hidden: Bracket 3 allows three Game Changers; the deck has three"
    win.catalog.show_hidden.setChecked(False)
    win.session.undo()  # Mana Vault leaves: the last slot is open again
    assert _search(win, qtbot, "chrome mox") == ["Chrome Mox"]
    assert model.data(model.index(0, 0)) == "Chrome Mox  (uses the last slot)"
    assert (
        win.status.target_status.text() == "Bracket 3 chosen · 2 Game Changers (bracket 3 allows 3)"
    )


def test_bracket_warnings_click_select_their_cards_and_the_bracket_is_undoable(window, qtbot):
    needs_predicate()
    win = window
    add_commander(win, "General Tazri", None)
    win.add_card("Demonic Tutor", "Main")
    assert win.status.target_status.text() == "Plays like bracket 3 · 1 Game Changer"
    assert win.status.target_status.toolTip().splitlines() == [
        "No bracket chosen (the Bracket box chooses one): the list plays like bracket 3, "
        "the lowest its cards allow (the lines below say why)",
        "The list rules out brackets below 3",
        "≥ 3: 1 Game Changers — Demonic Tutor",
        "Tutors (2): Demonic Tutor, General Tazri",
        "Combos not checked",
    ]
    assert not [p for p in win.problems.problems if p.kind.value == "BRACKET"]  # no target
    _choose_bracket(win, 2)
    assert win.status.target_status.text() == (
        "Bracket 2 chosen · 1 Game Changer (bracket 2 allows none) · the list plays like bracket 3"
    )
    bracket = [p for p in win.problems.problems if p.kind.value == "BRACKET"]
    assert [(p.severity.value, p.cards) for p in bracket] == [("warning", ("Demonic Tutor",))]
    for i in range(win.problems.count()):
        if win.problems.item(i).data(Qt.ItemDataRole.UserRole + 20) is bracket[0]:
            rect = win.problems.visualItemRect(win.problems.item(i))
    qtbot.mouseClick(win.problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    selected = win.deck_pane.selected_entries()
    assert [win.session.deck.section(s).entries[i].card for s, i in selected] == ["Demonic Tutor"]
    win.session.undo()
    assert win.session.deck.bracket is None
    assert win.status.target_box.currentText() == "No bracket"
    win.set_format("vintage")
    assert not win.status.target_box.isVisible()  # brackets are Commander's


def test_import_cards_lists_the_sources_issues(window, qtbot, tmp_path):
    pytest.importorskip("deckeditor.carddb.sources")
    folder = _forge_folder(tmp_path)
    (folder / "z" / "zany_broken_pt.txt").write_text(
        "Name:Zany Broken Pt\nManaCost:1 R\nTypes:Creature Goblin\nPT:2\nOracle:\n",
        encoding="utf-8",
    )
    window.import_cards([str(folder)])
    with qtbot.waitSignal(window.card_import.worker_thread.finished, timeout=60000):
        pass
    qtbot.waitUntil(lambda: "Imported" in window.last_message, timeout=10000)
    assert any("PT:2 has no '/'" in line for line in window.card_import.issues), (
        window.card_import.issues
    )
    box = window.card_import.issues_box
    assert box.isVisible() and "PT:2 has no '/'" in box.detailedText()
    box.close()


def test_a_fresh_windows_card_view_says_what_to_do(window, qtbot):
    """Before: an empty white pane until a card was selected."""
    text = window.card_view.text.toPlainText()
    assert "Click a card in the catalog or the deck" in text and "search box" in text
    window.catalog.table.setCurrentIndex(window.catalog.model.index(0, 0))
    assert "Click a card" not in window.card_view.text.toPlainText()
    window.card_view.show_card(None)  # nothing selected again: the hint is back
    assert "Click a card in the catalog" in window.card_view.text.toPlainText()


def test_a_card_with_no_known_printing_shows_no_zero_sets(window):
    """The starter pool's Arvad of the Weatherlight (a card no set prints) showed "Sets 0"."""
    from deckeditor.games import registry

    game = registry.game("mtg")
    arvad = window.session.card("Arvad of the Weatherlight")
    assert arvad is not None and not arvad.printings
    assert game.catalog_row(arvad)[-1] == ""
    assert game.catalog_row(window.session.card("Sol Ring"))[-1] not in ("", "0")
    model = window.catalog.model
    row = next(r for r in range(model.rowCount()) if model.card_at(r).name == arvad.name)
    sets = model.index(row, len(model.columns) - 1)
    assert model.data(sets) == ""
    assert "printings" not in (model.data(sets, Qt.ItemDataRole.ToolTipRole) or "")
    window.card_view.show_card(arvad.name)
    assert " 0 set" not in window.card_view.text.toPlainText()


def test_a_double_click_on_an_empty_sets_cell_adds_the_card(window, qtbot):
    model = window.catalog.model
    row = next(
        r for r in range(model.rowCount()) if model.card_at(r).name == "Arvad of the Weatherlight"
    )
    sets = model.index(row, len(model.columns) - 1)
    window.catalog.table.scrollTo(sets)
    rect = window.catalog.table.visualRect(sets)
    qtbot.mouseClick(window.catalog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(window.catalog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.deck.section("Main").entries == (Entry("Arvad of the Weatherlight"),)


def test_a_refused_or_failed_save_names_the_file_in_one_line(window, tmp_path, monkeypatch):
    import tempfile

    told = []
    window.warn = lambda title, text: told.append(text)
    window.session.add_card("Counterspell", "Main")
    locked = tmp_path / "locked.deck.json"
    locked.write_text("{}\n", encoding="utf-8")
    locked.chmod(0o444)
    assert not window.save_to(str(locked))
    assert (
        told[-1].splitlines()[0] == f"{locked}: is read-only; not written (save under another name)"
    )

    def refused(prefix="", suffix="", dir=None):
        raise PermissionError(
            13, "Permission denied", os.path.join(dir, f"{prefix}x1y2z3w4{suffix}")
        )

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    target = tmp_path / "k.deck.json"
    assert not window.save_to(str(target))
    assert told[-1].splitlines()[0] == f"{target}: Permission denied"
    assert window.session.dirty and not target.exists()
