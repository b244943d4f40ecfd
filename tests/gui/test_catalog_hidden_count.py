"""The count under the catalog says why it lists fewer cards than the pool holds (issue 24, found
walking through as a new player): a fresh window read "207 of 210 cards" with no word about the
three cards the deck's rules hide (Gleemox, Griselbrand and Mana Crypt in Commander)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


def test_a_fresh_window_says_how_many_cards_the_rules_hide(window, qtbot):
    catalog = window.catalog
    hidden = catalog.counter.hidden_label
    assert catalog.count_label.text() == "207 of 210 cards"
    assert hidden.isVisible() and hidden.text() == "· 3 hidden by the deck's rules"
    assert hidden.toolTip().startswith("3 cards the search finds are hidden by the deck's rules")
    assert "View › Show hidden cards lists them greyed, each with why" in hidden.toolTip()
    # a search counts the hidden cards it finds, not the pool's
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(catalog.search_box, "Griselbrand")
    assert catalog.count_label.text() == "0 of 210 cards"
    assert hidden.text() == "· 1 hidden by the deck's rules"
    qtbot.keyClicks(catalog.search_box, "x")  # "Griselbrandx": nothing found, nothing hidden
    assert not hidden.isVisible()
    qtbot.keyClick(catalog.search_box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(catalog.search_box, Qt.Key.Key_Delete)
    assert hidden.text() == "· 3 hidden by the deck's rules"
    # listed greyed, nothing is hidden any more: the count says so
    catalog.show_hidden.setFocus()
    qtbot.keyClick(catalog.show_hidden, Qt.Key.Key_Space)
    assert catalog.show_hidden.isChecked()
    assert catalog.count_label.text() == "210 of 210 cards" and not hidden.isVisible()
