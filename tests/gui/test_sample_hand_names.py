"""The sample hand's cards show their whole names (issue 24 walkthrough): without a picture a
card is a button with its name on one line, and "Swords to Plowshares" read "words to Plowshare",
cut at both ends. The name now takes as many lines as it needs; a word too long for the card is
cut with an ellipsis, never silently."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_a_long_name_is_shown_whole_on_lines_of_its_own(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    names = ("Swords to Plowshares", "Sol Ring", "Atarka's Command", "Beanstalk Giant")
    for name in names:  # a library of four: the hand holds them all
        qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
        win.catalog.search_box.clear()
        qtbot.keyClicks(win.catalog.search_box, name)
        qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    dialogs = []
    win.run_dialog = lambda dialog: dialogs.append(dialog) or True
    QTest.keyClick(win, Qt.Key.Key_O, CTRL_SHIFT)
    (dialog,) = dialogs
    qtbot.addWidget(dialog)
    show_active(qtbot, dialog)
    shown = [s for s in dialog.slots if s.isVisible()]
    assert len(shown) == 4
    for slot in shown:
        text = slot.text()
        assert text.replace("\n", " ") == slot.name, (text, slot.name)  # whole, no "…"
        room = slot.contentsRect().width()
        for line in text.splitlines():
            assert slot.fontMetrics().horizontalAdvance(line) <= room, line
        assert slot.fontMetrics().lineSpacing() * len(text.splitlines()) <= slot.height()
    swords = next(s for s in shown if s.name == "Swords to Plowshares")
    assert swords.text() == "Swords to\nPlowshares"
