"""Deck › Set as lead card (Ctrl+Shift+C) on the catalog's card when the catalog has the focus
(found walking through as a new player): typing a commander's name in quick add and pressing
Ctrl+Shift+C did nothing — the action worked only on a deck line — or, with a deck line
selected, made *that* line the commander. Now, from the catalog, it puts the card in an empty
command zone (asking a Rulebreaker's colour), adds a partner beside a lone commander, and says
how to change a commander the deck has; in the deck pane it keeps acting on the line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(make_window, qtbot):
    asked = []

    def ask_colors(name, budget, chosen):
        asked.append(name)
        return "R"

    win = make_window(ask_colors=ask_colors)
    win.asked = asked
    show_active(qtbot, win)
    return win


def find(win, qtbot, name: str) -> None:
    """Alt+1, the name, Enter: the catalog's first result is current and has the focus."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, name)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    assert win.catalog.table.hasFocus()
    assert win.catalog.current_card().name.startswith(name)


def section(win, name: str) -> list[str]:
    return [e.card for e in win.session.deck.section(name).entries]


def test_ctrl_shift_c_in_the_catalog_makes_the_commander_then_the_partner(window, qtbot):
    find(window, qtbot, "Thrasios")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    assert section(window, "Commander") == ["Thrasios, Triton Hero"]
    assert section(window, "Main") == []
    assert window.last_message == "Added 1 × Thrasios, Triton Hero to Commander"
    assert window.target() == "Main"  # the next cards go to the 99
    find(window, qtbot, "Tymna")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    assert section(window, "Commander") == ["Thrasios, Triton Hero", "Tymna the Weaver"]
    assert window.last_message == "Tymna the Weaver is now a second commander"
    assert not [p for p in window.session.problems() if p.section == "Commander"]


def test_a_commander_in_place_is_changed_from_the_deck_not_the_catalog(window, qtbot):
    find(window, qtbot, "Atraxa")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    find(window, qtbot, "Sol Ring")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    assert section(window, "Commander") == ["Atraxa, Praetors' Voice"]
    assert section(window, "Main") == []
    assert window.last_message == (
        "The deck has its commander: to change it, select a deck line (Alt+3) "
        "and press Ctrl+Shift+C"
    )


def test_the_catalog_card_wins_over_the_deck_line_selected_before(window, qtbot):
    find(window, qtbot, "Sol Ring")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    window.deck_pane.select_cards(["Sol Ring"])
    assert window.deck_pane.current_entry() is not None
    find(window, qtbot, "Thrasios")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    assert section(window, "Commander") == ["Thrasios, Triton Hero"]
    assert section(window, "Main") == ["Sol Ring"]


def test_a_rulebreaker_from_the_catalog_asks_its_colour(window, qtbot):
    find(window, qtbot, "Tolabow")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    assert window.asked == ["Tolabow, Loch Rascal"]
    (entry,) = window.session.deck.section("Commander").entries
    assert (entry.card, entry.colors) == ("Tolabow, Loch Rascal", "R")


def test_in_the_deck_pane_it_still_acts_on_the_line(window, qtbot):
    find(window, qtbot, "Thrasios")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert section(window, "Main") == ["Thrasios, Triton Hero"]
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    window.deck_pane.select_cards(["Thrasios, Triton Hero"])
    qtbot.keyClick(window.deck_pane.tree, Qt.Key.Key_C, CTRL_SHIFT)
    assert section(window, "Commander") == ["Thrasios, Triton Hero"]
    assert window.last_message == "Thrasios, Triton Hero is now the commander"
