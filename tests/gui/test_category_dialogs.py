"""Deck › Line categories…, Choose colours… and Rename category… by keyboard say what they did
or why they did nothing (issue 24 walkthrough): with no deck line selected Ctrl+Shift+G and
Ctrl+Shift+L did nothing at all, Ctrl+Shift+L on Sol Ring did nothing, a set of categories left
the last "Added 1 × …" on the status line, and Rename category took any name, one no line
carried included, and "renamed" it silently."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from deckeditor.ui.category_dialogs import SELECT_A_LINE
from tests.support.player_window import add_by_keys, show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    for name in ("Sol Ring", "Counterspell"):
        add_by_keys(qtbot, win, name)
    win.asked = []
    return win


def _answers(win, *answers: str) -> None:
    queue = list(answers)
    win.ask_text = lambda title, label, text: win.asked.append(label) or queue.pop(0)


def _to_sol_ring(win, qtbot) -> None:
    qtbot.keyClick(win, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    tree = win.deck_pane.tree
    qtbot.keyClick(tree, Qt.Key.Key_Home)
    while (win.deck_pane.current_entry() or ("", -1))[1] < 0 or win.session.deck.section(
        "Main"
    ).entries[win.deck_pane.current_entry()[1]].card != "Sol Ring":
        before = tree.currentIndex()
        qtbot.keyClick(tree, Qt.Key.Key_Down)
        assert tree.currentIndex() != before


def _deck_menu_item(win, qtbot, letter) -> None:
    qtbot.keyClick(win, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    qtbot.keyClick(QApplication.activePopupWidget(), letter)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)


def test_with_no_line_selected_the_keys_say_to_select_one(window, qtbot):
    _answers(window)
    assert window.deck_pane.current_entry() is None
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_G, CTRL_SHIFT)
    assert window.last_message == SELECT_A_LINE
    window.show_message("")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_L, CTRL_SHIFT)
    assert window.last_message == SELECT_A_LINE
    assert window.asked == []


def test_line_categories_and_colours_on_a_line_say_what_they_did(window, qtbot):
    _to_sol_ring(window, qtbot)
    qtbot.keyClick(window.deck_pane.tree, Qt.Key.Key_L, CTRL_SHIFT)
    assert window.last_message == "Sol Ring has no colours to choose"
    _answers(window, "Ramp, Value")
    qtbot.keyClick(window.deck_pane.tree, Qt.Key.Key_G, CTRL_SHIFT)
    assert window.last_message == "Sol Ring: categories Ramp, Value"


def test_rename_category_takes_a_category_of_the_deck(window, qtbot):
    _to_sol_ring(window, qtbot)
    _answers(window, "Ramp, Value")
    qtbot.keyClick(window.deck_pane.tree, Qt.Key.Key_G, CTRL_SHIFT)
    _answers(window, "Zzz")
    _deck_menu_item(window, qtbot, Qt.Key.Key_N)  # Re&name category…
    assert "Value" in window.asked[-1]  # the question lists the deck's categories
    assert window.last_message == "No line of the deck is in a category “Zzz”"
    _answers(window, "value", "Treasure")  # any case
    _deck_menu_item(window, qtbot, Qt.Key.Key_N)
    assert window.last_message == "Category Value renamed Treasure"
    ref = window.deck_pane.current_entry()
    assert "Treasure" in window.session.line_categories(*ref)
