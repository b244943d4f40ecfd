"""Adding cards as a player does: "Add to" returns to Main once the commander is chosen, an empty
catalog says how many cards the rules hide (one click shows them), a hidden card warns with its
reasons before it goes in, quantities typed in the Qty cell, shortcuts for the side sections and
for focus, and redo on every platform binding."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window()
    win.asked_hidden = []
    win.answer_hidden = True
    win.confirm_hidden = lambda name, reasons: (
        win.asked_hidden.append((name, reasons)) or win.answer_hidden
    )
    win.ask_colors = lambda name, budget, chosen: "R"
    win.show()
    win.activateWindow()
    return win


def search(win, qtbot, text: str) -> None:
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, text)


def counts(win, section: str) -> dict[str, int]:
    return {e.card: e.count for e in win.session.deck.section(section).entries}


def test_add_to_goes_back_to_main_after_the_commander_is_chosen(window, qtbot):
    window.target_box.setCurrentText("Commander")
    search(window, qtbot, '!"Tolabow, Loch Rascal"')
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)  # to the first result
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)  # add it
    assert counts(window, "Commander") == {"Tolabow, Loch Rascal": 1}
    assert window.target_box.currentText() == "Main"
    assert window.catalog.target == "Main"


def test_an_empty_catalog_says_how_many_are_hidden_and_shows_them_in_one_click(window, qtbot):
    window.target_box.setCurrentText("Commander")
    search(window, qtbot, '!"Tolabow, Loch Rascal"')
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    search(window, qtbot, "t:creature c:r")  # red creatures: none fits Tolabow with red chosen
    assert window.catalog.model.rowCount() == 0
    box = window.catalog.empty_box
    assert box.isVisible()
    assert "the deck's rules hide" in window.catalog.empty_label.text()
    hidden = int(
        "".join(
            ch
            for ch in window.catalog.empty_label.text().split("hide ")[1].split(" ")[0]
            if ch.isdigit()
        )
    )
    qtbot.mouseClick(window.catalog.show_hidden_button, Qt.MouseButton.LeftButton)
    assert window.catalog.show_hidden.isChecked()
    assert window.catalog.model.rowCount() == hidden
    assert not box.isVisible()


def test_adding_a_hidden_card_warns_with_its_reasons(window, qtbot):
    window.target_box.setCurrentText("Commander")
    window.add_card("Tolabow, Loch Rascal")
    window.catalog.show_hidden.setChecked(True)
    search(window, qtbot, '!"Birds of Paradise"')
    window.catalog.table.setFocus()
    window.catalog.table.setCurrentIndex(window.catalog.model.index(0, 0))
    window.answer_hidden = False
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    ((name, reasons),) = window.asked_hidden
    assert (
        name == "Birds of Paradise"
        and reasons
        and any("identity" in r.lower() or "colour" in r.lower() for r in reasons)
    )
    assert "Birds of Paradise" not in counts(window, "Main")
    window.answer_hidden = True
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert counts(window, "Main")["Birds of Paradise"] == 1
    # a card the rules allow goes in without a question
    window.asked_hidden.clear()
    window.add_card("Island")
    assert window.asked_hidden == []


def test_typing_a_quantity_in_the_qty_cell(window, qtbot):
    window.add_card("Island")
    window.deck_pane.select_cards(["Island"])
    tree = window.deck_pane.tree
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_1)  # the first digit opens the Qty cell's editor with it
    editor = QApplication.focusWidget()
    assert editor is not tree
    qtbot.keyClicks(editor, "7")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: counts(window, "Main").get("Island") == 17)
    window.deck_pane.select_cards(["Island"])
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_0)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Island" not in counts(window, "Main"))
    window.undo_actions.undo.trigger()
    assert counts(window, "Main")["Island"] == 17


def test_shortcuts_add_to_sideboard_and_maybeboard_and_move_focus(window, qtbot):
    search(window, qtbot, '!"Island"')
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    table = window.catalog.table
    qtbot.keyClick(table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert counts(window, "Sideboard") == {"Island": 1}
    qtbot.keyClick(table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert counts(window, "Maybeboard") == {"Island": 1}

    # the Deck menu's shortcuts do the same from anywhere
    def walk(menu):
        for a in menu.actions():
            yield from walk(a.menu()) if a.menu() else [a]

    shortcuts = {
        a.text(): a.shortcut().toString()
        for m in window.menuBar().actions()
        for a in walk(m.menu())
    }
    assert (
        shortcuts["Add to &Sideboard"] == "Ctrl+Alt+S"
        and shortcuts["Add to &Maybeboard"] == "Ctrl+Alt+M"
    )
    assert (
        shortcuts["&Search box"] == "Alt+1"
        and shortcuts["&Catalog"] == "Alt+2"
        and shortcuts["&Deck"] == "Alt+3"
    )
    window.deck_pane.tree.setFocus()
    qtbot.keyClick(
        window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
    )
    assert counts(window, "Sideboard") == {"Island": 2}
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert window.catalog.search_box.hasFocus()
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert window.deck_pane.tree.hasFocus()
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert table.hasFocus()


@pytest.mark.parametrize("keys", ["Ctrl+Y", "Ctrl+Shift+Z"])
def test_redo_answers_every_platform_binding(window, qtbot, keys):
    window.add_card("Island")
    window.undo_actions.undo.trigger()
    assert "Island" not in counts(window, "Main")
    assert QKeySequence(keys) in window.undo_actions.redo.shortcuts()
    sequence = QKeySequence(keys)[0]
    window.deck_pane.tree.setFocus()
    qtbot.keyClick(window, sequence.key(), sequence.keyboardModifiers())
    assert counts(window, "Main") == {"Island": 1}


def test_new_deck_asks_game_and_format_and_remembers_them(window, qtbot):
    def answer(dialog):
        assert dialog.game() == "mtg" and dialog.format() == "commander"  # first time: defaults
        dialog.game_box.setCurrentIndex(dialog.game_box.findData("mtg"))
        dialog.format_box.setCurrentIndex(dialog.format_box.findData("oathbreaker"))
        dialog.name_edit.setText("Breaker")
        return True

    window.run_dialog = answer
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session.deck.name == "Breaker"
    assert (
        window.session.format_code == "oathbreaker"
        and window.status.format_box.currentData() == "oathbreaker"
    )
    seen = []
    window.run_dialog = lambda dialog: seen.append((dialog.game(), dialog.format())) or False
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert seen == [("mtg", "oathbreaker")]  # remembered; Cancel keeps the deck
    assert window.session.deck.name == "Breaker"
    # another game lists its own formats
    from deckeditor.ui.new_deck_dialog import NewDeckDialog

    dialog = NewDeckDialog("riftbound", "", window)
    codes = [dialog.format_box.itemData(i) for i in range(dialog.format_box.count())]
    assert "riftbound" in codes and "commander" not in codes


def test_a_format_without_commanders_shows_no_commander_or_companion_section(window):
    assert "Companion" in window.session.sections  # Commander has a companion slot
    window.set_format("vintage")
    assert "Companion" not in window.session.sections and "Commander" not in window.session.sections
    assert window.target_box.findText("Companion") < 0
    heads = [
        window.deck_pane.model.index(r, 0).data() for r in range(window.deck_pane.model.rowCount())
    ]
    assert not any(h.startswith(("Companion", "Commander")) for h in heads), heads
    window.set_format("commander")
    assert "Companion" in window.session.sections
