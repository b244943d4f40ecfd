"""Undo and redo say what they did (found walking through as a new player): after Ctrl+Z the
status line still read "Added 1 × Arcane Signet to Main", as if the card were in the deck. Now
it says "Undone: <the step>", and Ctrl+Shift+Z or Ctrl+Y "Redone: <the step>"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, "Arcane Signet")
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert win.last_message == "Added 1 × Arcane Signet to Main"
    return win


def test_undo_then_redo_say_the_step(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert window.session.deck.count("Main") == 0
    assert window.last_message == "Undone: Added 1 × Arcane Signet to Main"
    assert window.status.message.line() == window.last_message
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.deck.count("Main") == 1
    assert window.last_message == "Redone: Added 1 × Arcane Signet to Main"
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_Y, CTRL)
    assert window.last_message == "Redone: Added 1 × Arcane Signet to Main"


def test_nothing_to_undo_says_nothing_new(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # the stack's bottom: the action is disabled
    assert window.last_message == "Undone: Added 1 × Arcane Signet to Main"
    assert window.session.deck.count("Main") == 0
