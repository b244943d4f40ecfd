"""Draw odds for a Riftbound deck (walkthrough of issue 24, Riftbound): Deck › Draw odds offered
only the game's roles and the deck's categories, and Riftbound has none, so the box was empty
and every chance read 0.0% ("0  in a library of 39"). The box now lists each card of the library
too (the command line's `odds --card`)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from deckeditor import odds
from deckeditor.odds import percent
from tests.support.player_window import choose, show_active
from tests.support.riftbound import real_pool, vector_deck

pytestmark = pytest.mark.gui


def test_the_odds_of_drawing_a_card_of_a_riftbound_deck(make_window, qtbot):
    pool = real_pool()
    win = make_window()
    show_active(qtbot, win)
    win.pools["riftbound"] = pool
    win.new_deck("riftbound")
    win.open_deck(vector_deck("ex3", pool), None)
    dialogs = []
    win.run_dialog = lambda dialog: dialogs.append(dialog) or True
    QTest.keyClick(
        win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    (dialog,) = dialogs
    qtbot.addWidget(dialog)
    items = [dialog.category.itemText(i) for i in range(dialog.category.count())]
    assert "Brutalizer" in items and "Ornn, Fire Below the Mountain" not in items  # the library
    choose(dialog.category, "Brutalizer")
    assert (
        dialog.summary.text()
        == "Brutalizer (3 copies) in a library of 39: the chance of at least 1"
    )
    assert dialog.chance_text(0) == percent(float(odds.chance(39, 3, 1))) != "0.0%"


def test_an_mtg_deck_keeps_its_roles_first_and_lists_its_cards_after(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    for name in ("Island", "Island", "Counterspell"):
        win.add_card(name, "Main")
    dialogs = []
    win.run_dialog = lambda dialog: dialogs.append(dialog) or True
    QTest.keyClick(
        win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    (dialog,) = dialogs
    qtbot.addWidget(dialog)
    items = [dialog.category.itemText(i) for i in range(dialog.category.count())]
    assert dialog.category.currentText() == "Lands"
    assert items[-2:] == ["Counterspell", "Island"] and items.index("Lands") < items.index("Island")
    choose(dialog.category, "Island")
    assert dialog.summary.text() == "Island (2 copies) in a library of 3: the chance of at least 1"
