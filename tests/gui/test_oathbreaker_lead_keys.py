"""Ctrl+Shift+C on a catalog card in an Oathbreaker deck (issue 24 walkthrough): the oathbreaker
went in with "Added 1 × Jace, the Mind Sculptor to Commander" (the pane calls the slot
"Oathbreaker"), and Ctrl+Shift+C on Brainstorm then refused with "The deck has its commander".
The keys now fill the slot that takes the card — a planeswalker the oathbreaker's, an instant or
sorcery the signature spell's — and say so by the slot's name; with both filled they say how to
change one."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def lead_by_keys(win, qtbot, name: str) -> str:
    """Alt+1, the name, Enter to the result, Ctrl+Shift+C: what the status line then says."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, name)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    assert win.catalog.table.hasFocus()
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    return win.last_message


@pytest.fixture
def oathbreaker(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("mtg", "oathbreaker")
    return win


def test_ctrl_shift_c_fills_the_slot_that_takes_the_card(oathbreaker, qtbot):
    said = lead_by_keys(oathbreaker, qtbot, "Jace, the Mind")
    assert said == "Added 1 × Jace, the Mind Sculptor to Oathbreaker"
    said = lead_by_keys(oathbreaker, qtbot, "Brainstorm")
    assert said == "Added 1 × Brainstorm to Signature spell"
    zone = oathbreaker.session.deck.section("Commander")
    assert [e.card for e in zone.entries] == ["Jace, the Mind Sculptor", "Brainstorm"]
    assert not any("signature spell" in p.message for p in oathbreaker.session.problems())
    said = lead_by_keys(oathbreaker, qtbot, "Counterspell")
    assert said == (
        "The deck has its oathbreaker and signature spell: to change one, select a deck line "
        "(Alt+3) and press Ctrl+Shift+C"
    )
    assert zone == oathbreaker.session.deck.section("Commander")


def test_commander_still_says_its_own_word(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    assert lead_by_keys(win, qtbot, "Atraxa") == "Added 1 × Atraxa, Praetors' Voice to Commander"
    assert lead_by_keys(win, qtbot, "Sol Ring") == (
        "The deck has its commander: to change it, select a deck line (Alt+3) and press "
        "Ctrl+Shift+C"
    )
