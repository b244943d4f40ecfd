"""A competitive Riftbound sideboard holds ten cards (riftbound.md §3.3 rule 9), and the catalog
keeps to it as it does for battlefields, runes and the legend (issue 24.7; walkthrough of issue
24, Riftbound): Shift+Enter added an eleventh card and then reported it. Now, with "Add to:
Sideboard", a full sideboard empties the catalog with the reason, and Shift+Enter asks before
adding past it; a casual deck (no sideboard rule) takes the card."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import choose, show_active
from tests.support.riftbound import real_pool, vector_deck

pytestmark = pytest.mark.gui
SIDE = "Sideboard"


@pytest.fixture(scope="module")
def pool():
    return real_pool()


def open_ex3(make_window, qtbot, pool, asked: list[tuple[str, list[str]]]):
    win = make_window(confirm_hidden=lambda name, reasons: asked.append((name, reasons)) and False)
    show_active(qtbot, win)
    win.pools["riftbound"] = pool
    win.new_deck("riftbound")
    win.open_deck(vector_deck("ex3", pool), None)  # 7 in the sideboard
    return win


def pick(win, qtbot, text: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.selectAll()
    qtbot.keyClicks(win.catalog.search_box, text)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)


def test_shift_enter_stops_at_ten_and_asks_for_an_eleventh(make_window, qtbot, pool):
    asked: list[tuple[str, list[str]]] = []
    win = open_ex3(make_window, qtbot, pool, asked)
    pick(win, qtbot, '!"Block"')  # in no section of ex3 yet
    for _ in range(3):
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert win.session.deck.count(SIDE) == 10
    pick(win, qtbot, '!"Back Off"')
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert win.session.deck.count(SIDE) == 10
    assert asked == [("Back Off", ["The sideboard already has its 10 cards"])]
    assert win.status.message.line() == "Back Off not added"
    assert not [p for p in win.session.problems() if p.kind.value == "SIDEBOARD_SIZE"]


def test_add_to_sideboard_empties_the_catalog_once_it_is_full(make_window, qtbot, pool):
    win = open_ex3(make_window, qtbot, pool, [])
    choose(win.target_box, "Sideboard")
    pick(win, qtbot, "t:spell")  # Enter down the list: each spell goes to the sideboard
    for _ in range(5):
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert win.session.deck.count(SIDE) == 10
    assert win.catalog.model.rowCount() == 0
    note = win.catalog.empty_box.label.text()
    assert note.endswith("The sideboard already has its 10 cards"), note


def test_a_casual_sideboard_has_no_limit(make_window, qtbot, pool):
    win = open_ex3(make_window, qtbot, pool, [])
    win.edits.set_format("riftbound-casual")
    pick(win, qtbot, '!"Block"')
    for _ in range(3):
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    pick(win, qtbot, '!"Back Off"')
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert win.session.deck.count(SIDE) == 11
