"""The bracket beside the format counts its Game Changers as a player says it (found walking
through as a new player): one Game Changer read "Bracket floor 3 · 1 Game Changers"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


def add(win, qtbot, name: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, name)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def test_one_game_changer_is_singular_two_are_plural(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    add(win, qtbot, "Sol Ring")
    assert win.status.target_status.text() == "Bracket floor 1 · 0 Game Changers"
    add(win, qtbot, "Demonic Tutor")
    assert win.status.target_status.text() == "Bracket floor 3 · 1 Game Changer"
    add(win, qtbot, "Rhystic Study")
    assert win.status.target_status.text() == "Bracket floor 3 · 2 Game Changers"
