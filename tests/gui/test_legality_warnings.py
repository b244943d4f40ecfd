"""The Legality tab counts a legal deck's warnings (walkthrough of issue 24, Riftbound): a casual
Riftbound deck with banned cards (warnings there, riftbound.md §3.2) read "Legal" with an empty
Problems column, as if it had nothing to say; it now reads "2 warnings", and choosing the row by
keyboard lists them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.support.player_window import show_active
from tests.support.riftbound import real_pool, vector_deck

pytestmark = pytest.mark.gui


def test_a_legal_deck_with_warnings_says_how_many(make_window, qtbot):
    pool = real_pool()
    win = make_window()
    show_active(qtbot, win)
    win.pools["riftbound"] = pool
    win.new_deck("riftbound")
    win.open_deck(vector_deck("ex2", pool), None)  # Fight or Flight, The Arena's Greatest
    win.tabs.setCurrentWidget(win.legality)
    panel = win.legality
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    rows = {
        panel.table.item(r, 0).text(): (
            panel.table.item(r, 1).text(),
            panel.table.item(r, 2).text(),
        )
        for r in range(panel.table.rowCount())
    }
    assert rows == {"Riftbound": ("Not legal", "2"), "Riftbound (casual)": ("Legal", "2 warnings")}
    panel.table.setFocus()
    panel.table.setCurrentCell(0, 0)
    QTest.keyClick(panel.table, Qt.Key.Key_Down)
    assert panel.detail_title.text() == "Riftbound (casual): 2 problems"
    shown = [panel.problems.item(i).text() for i in range(panel.problems.count())]
    assert shown == [
        "[Main] Fight or Flight is banned in Riftbound (casual) since 2026-07-24",
        "[Battlefields] The Arena's Greatest is banned in Riftbound (casual) since 2026-07-24",
    ]
