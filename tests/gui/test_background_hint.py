"""A Background added to Main beside a "Choose a Background" commander says how it becomes the
commander's (issue 24, found walking through as a new player): Raised by Giants added with "Add
to: Main" beside Wilson, Refined Grizzly stayed in Main with no hint."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui

HINT = " — to make it your commander's Background, select its line (Alt+3) and press Ctrl+Shift+C"


def find(win, qtbot, name: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, name)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    assert win.catalog.current_card().name == name


def lead_key(win, qtbot) -> None:
    qtbot.keyClick(
        win.focusWidget(),
        Qt.Key.Key_C,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )


def test_a_background_added_to_main_says_how_it_becomes_the_commanders(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    find(win, qtbot, "Wilson, Refined Grizzly")
    lead_key(win, qtbot)
    assert [e.card for e in win.session.deck.section("Commander").entries] == [
        "Wilson, Refined Grizzly"
    ]
    find(win, qtbot, "Sol Ring")
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert win.last_message == "Added 1 × Sol Ring to Main"  # no hint for another card
    find(win, qtbot, "Raised by Giants")
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert win.last_message == f"Added 1 × Raised by Giants to Main{HINT}"
    assert win.status.message.line() == win.last_message
    # the hint's keys do what it says
    qtbot.keyClick(win, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    win.deck_pane.select_cards(["Raised by Giants"])
    lead_key(win, qtbot)
    assert [e.card for e in win.session.deck.section("Commander").entries] == [
        "Wilson, Refined Grizzly",
        "Raised by Giants",
    ]


def test_a_riftbound_champion_add_carries_no_hint():
    from deckeditor.deck import new_deck
    from deckeditor.games import registry
    from tests.support.riftbound import real_pool

    pool = real_pool()
    champion = next(c for c in pool.cards if "Champion" in getattr(c, "supertypes", ()))
    deck = new_deck("riftbound").add_card("Main", champion.name)
    assert registry.game("riftbound").add_hint(deck, champion, pool, "Main") == ""
