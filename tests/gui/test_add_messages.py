"""What the status line says after Enter in the catalog (found walking through as a new player):
an add names the section the card went to — a Riftbound legend, rune or battlefield added with
"Add to: Main" goes to its own section and must not be said to be "to Main" — and an Enter that
finds no card says nothing was added and why, instead of leaving the last "Added 1 × …" standing,
which read as if the fourth Apprentice Smith had gone in."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def riftbound(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("riftbound")
    return win


def quick_add(win, qtbot, text: str) -> None:
    """Alt+1, the name, Enter (to the first result), Enter (add it)."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, text)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    focused = win.catalog.table if win.catalog.table.hasFocus() else win.catalog.search_box
    qtbot.keyClick(focused, Qt.Key.Key_Return)


@pytest.mark.parametrize(
    "typed, card, section",
    [
        ("Ornn, Fire", "Ornn, Fire Below the Mountain", "Legend"),
        ("Calm Rune", "Calm Rune", "Runes"),
        ("Power Nexus", "Power Nexus", "Battlefields"),
        ("Charm", "Charm", "Main"),
    ],
)
def test_an_add_names_the_section_the_card_went_to(riftbound, qtbot, typed, card, section):
    assert riftbound.target() == "Main"
    quick_add(riftbound, qtbot, typed)
    assert [e.card for e in riftbound.session.deck.section(section).entries] == [card]
    title = riftbound.session.game.section_title(section)
    assert riftbound.last_message == f"Added 1 × {card} to {title}"
    assert riftbound.status.message.line() == riftbound.last_message


def test_enter_past_the_copy_limit_says_nothing_was_added(riftbound, qtbot):
    for _ in range(3):
        quick_add(riftbound, qtbot, "Apprentice Smith")
    assert riftbound.last_message == "Added 1 × Apprentice Smith to Main"
    quick_add(riftbound, qtbot, "Apprentice Smith")
    assert riftbound.session.deck.section("Main").count_of("Apprentice Smith") == 3
    said = riftbound.last_message
    assert said == (
        "Nothing added — Apprentice Smith is hidden: copy limit reached (3 of 3 already in the "
        "deck) — View › Show hidden cards lists it"
    )
    assert riftbound.status.message.line() == said


def test_enter_on_a_card_not_in_the_pool_says_so(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    quick_add(win, qtbot, "Sol Ring")
    quick_add(win, qtbot, "Zzyzx Road")
    assert win.last_message.startswith("Nothing added — ")
    assert "not in your card pool" in win.last_message
    assert win.session.deck.count("Main") == 1
