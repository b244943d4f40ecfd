"""Once the companion is chosen the next cards go to Main (issue 24 walkthrough): with "Add to:
Companion", Lurrus went in, "Add to" stayed on Companion and every next card was refused with
"Nothing added — Sol Ring is hidden: Sol Ring has no Companion ability". A section that takes no
more cards hands "Add to" back to Main, as the command zone does once the commander is in."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import add_by_keys, choose, show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_after_the_companion_the_next_card_goes_to_main(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    add_by_keys(qtbot, win, "Atraxa", Qt.Key.Key_C, CTRL_SHIFT)
    choose(win.target_box, "Companion")
    add_by_keys(qtbot, win, "Lurrus")
    assert win.last_message == "Added 1 × Lurrus of the Dream-Den to Companion"
    assert win.target() == "Main"
    add_by_keys(qtbot, win, "Sol Ring")
    assert win.last_message == "Added 1 × Sol Ring to Main"
    deck = win.session.deck
    assert [e.card for e in deck.section("Companion").entries] == ["Lurrus of the Dream-Den"]
    assert [e.card for e in deck.section("Main").entries] == ["Sol Ring"]


def test_the_sideboard_stays_chosen_while_it_takes_cards(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    choose(win.target_box, "Sideboard")
    add_by_keys(qtbot, win, "Sol Ring")
    add_by_keys(qtbot, win, "Counterspell")
    assert win.target() == "Sideboard"
    assert win.session.deck.count("Sideboard") == 2
