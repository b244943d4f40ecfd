"""The status bar's count leaves the companion out, as the deck-size problem does (issue 24
walkthrough): Thrasios and Tymna, Lurrus as companion and six cards read "9 cards · library 6"
beside "[Main] The deck has 8 cards; the format needs at least 100". A companion starts outside
the game (in the sideboard), so the deck is 8 cards."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import add_by_keys, choose, show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_the_count_and_the_size_problem_agree_with_a_companion(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    add_by_keys(qtbot, win, "Thrasios", Qt.Key.Key_C, CTRL_SHIFT)
    add_by_keys(qtbot, win, "Tymna")  # a partner off Thrasios's colours: the second commander
    choose(win.target_box, "Companion")
    add_by_keys(qtbot, win, "Lurrus")
    choose(win.target_box, "Main")
    for name in ("Sol Ring", "Counterspell", "Swords to Plowshares"):
        add_by_keys(qtbot, win, name)
    deck = win.session.deck
    assert (deck.count("Commander"), deck.count("Companion"), deck.count("Main")) == (2, 1, 3)
    assert win.status.count_label.text() == "5 cards · library 3"
    sizes = [p.message for p in win.session.problems() if "format needs" in p.message]
    assert sizes == ["The deck has 5 cards; the format needs at least 100"]
