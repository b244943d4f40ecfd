"""A comparison on a key that takes no number (Riftbound walkthrough, issue 24): `e>=9` in a
Riftbound catalog read `e:` as the set (as in MTG) and left the list on the last good results
with only '">=" does not apply to "e:"'; a player who meant energy was not told. The message now
says the key is not a number key and names the one meant."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("riftbound")
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    return win


def test_e_at_least_nine_points_to_energy(window, qtbot):
    qtbot.keyClicks(window.catalog.search_box, "e>=9")
    label = window.catalog.error_label
    assert label.isVisible()
    assert label.text().startswith(
        '⚠ ">=" does not apply to "e:", which is not a number key: for energy, write "energy>=9"'
    )


def test_a_number_compared_on_the_type_lists_the_number_keys(window, qtbot):
    qtbot.keyClicks(window.catalog.search_box, "t<3")
    assert window.catalog.error_label.text().startswith(
        '⚠ "<" does not apply to "t:", which is not a number key (number keys: might, energy, power)'
    )


def test_energy_at_least_nine_searches(window, qtbot):
    qtbot.keyClicks(window.catalog.search_box, "energy>=9")
    assert not window.catalog.error_label.isVisible()
    model = window.catalog.model
    assert all(model.card_at(r).energy >= 9 for r in range(model.rowCount()))
