"""Draw odds for a Riftbound deck (walkthrough of issue 24, Riftbound): Deck › Draw odds offered
only the game's roles and the deck's categories, and Riftbound has none, so the box was empty
and every chance read 0.0% ("0  in a library of 39"). The box now lists each card of the library
too (the command line's `odds --card`).

The odds and the sample hand used MTG's seven cards and London mulligan; a Riftbound opening hand
is four cards, and its mulligan sets aside up to two of them and draws as many
(`Game.hand_rule`)."""

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
    # Riftbound's four-card opening hand (was MTG's seven until the game declared its hand)
    assert dialog.chance_text(0) == percent(float(odds.at_least(39, 3, 4, 1))) != "0.0%"


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


def test_a_riftbound_hand_is_four_cards_and_its_mulligan_sets_two_aside(make_window, qtbot):
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
    show_active(qtbot, dialog)  # its shortcuts reach it only when it is the active window
    heads = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
    assert heads == [
        "Play 4", "Play 4, 1 aside", "Play 4, 2 aside", "Draw 4", "Draw 4, 1 aside", "Draw 4, 2 aside"
    ]  # fmt: skip
    choose(dialog.category, "Brutalizer")
    assert dialog.chance_text(0, mulligans=2) == percent(
        float(odds.set_aside_chance(39, 3, 1, 0, False, 4, 2))
    )
    assert "sets aside up to n" in dialog.table.toolTip()
    shown = [s for s in dialog.slots if s.isVisible()]
    assert len(shown) == 4  # the sample hand: four cards
    first = [s.name for s in shown]
    QTest.keyClick(dialog, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert "click up to 2 cards to set aside" in dialog.hand_note.text()
    assert [s.name for s in dialog.slots if s.isVisible()] == first  # the same hand
    qtbot.mouseClick(shown[0], Qt.MouseButton.LeftButton)
    after = [s.name for s in dialog.slots if s.isVisible()]
    assert len(after) == 4 and after[1:] == first[1:]
    assert dialog.hand.library[-1] == first[0]  # set aside to the bottom
    assert "click up to 1 card to set aside" in dialog.hand_note.text()
    QTest.keyClick(dialog, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # keeps the hand
    assert len([s for s in dialog.slots if s.isVisible()]) == 5
    QTest.keyClick(dialog, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert dialog.hand_note.text().startswith("one mulligan")
