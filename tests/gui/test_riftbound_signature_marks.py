"""The catalog marks a Riftbound Signature card with the slot it would use (riftbound.md §3.3
rule 6: at most 3; walkthrough of issue 24, Riftbound), as it marks an MTG Game Changer against
the bracket: it said nothing until the third was in and the rest were hidden."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
SIGNATURES = ("Forgefire Cape", "Rabadon's Deathcrown", "Shurelya's Requiem")  # Ornn's


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("riftbound")
    return win


def search(win, qtbot, text: str) -> dict[str, str]:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.selectAll()
    qtbot.keyClicks(win.catalog.search_box, text)
    model = win.catalog.model
    return {model.card_at(r).name: model.index(r, 0).data() for r in range(model.rowCount())}


def add(win, qtbot, name: str) -> None:
    search(win, qtbot, f'!"{name}"')
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def test_each_signature_card_says_which_slot_it_would_use(window, qtbot):
    add(window, qtbot, "Ornn, Fire Below the Mountain")
    shown = search(window, qtbot, "t:signature")
    assert set(shown) == set(SIGNATURES)  # Draven's Spinning Axe is another champion's
    assert shown["Forgefire Cape"] == "Forgefire Cape  (Signature 1 of 3)"
    add(window, qtbot, "Forgefire Cape")
    add(window, qtbot, "Rabadon's Deathcrown")
    shown = search(window, qtbot, "t:signature")
    assert shown == {"Shurelya's Requiem": "Shurelya's Requiem  (last Signature slot)"}
    add(window, qtbot, "Shurelya's Requiem")
    assert search(window, qtbot, "t:signature") == {}  # the budget is full: hidden, as before
    assert search(window, qtbot, '!"Brutalizer"') == {"Brutalizer": "Brutalizer"}  # no mark
