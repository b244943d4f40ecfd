"""Quick add of a name the deck's rules hide (found walking through as a new player): in a Modern
deck, Alt+1 `Sol Ring` Enter Enter added Solemn Offering, and `Ponder` Pondering Mage — the exact
name was hidden (not legal in Modern), so the first card shown was another one. Enter in the box
now stays there and says the named card is hidden and why; with View › Show hidden cards the
same keys add it (after the usual question)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def modern(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("mtg", "modern")
    assert win.session.format_code == "modern"
    return win


def type_and_enter(win, qtbot, text: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, text)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)


def main(win) -> dict[str, int]:
    return {e.card: e.count for e in win.session.deck.section("Main").entries}


@pytest.mark.parametrize("typed, card", [("Sol Ring", "Sol Ring"), ("ponder", "Ponder")])
def test_enter_enter_on_a_hidden_exact_name_adds_nothing_else(modern, qtbot, typed, card):
    type_and_enter(modern, qtbot, typed)
    assert modern.catalog.search_box.hasFocus()  # not moved to another card
    qtbot.keyClick(modern.catalog.search_box, Qt.Key.Key_Return)
    assert main(modern) == {}
    said = modern.last_message
    assert said.startswith(f"Nothing added — {card} is hidden: ")
    assert said.endswith(" — View › Show hidden cards lists it")
    assert modern.status.message.line() == said


def test_with_hidden_cards_shown_the_same_keys_add_it(modern, qtbot):
    modern.catalog.show_hidden.setChecked(True)
    type_and_enter(modern, qtbot, "Sol Ring")
    assert modern.catalog.table.hasFocus()
    assert modern.catalog.current_card().name == "Sol Ring"
    qtbot.keyClick(modern.catalog.table, Qt.Key.Key_Return)
    assert main(modern) == {"Sol Ring": 1}


def test_a_shown_exact_name_is_added_as_before(modern, qtbot):
    type_and_enter(modern, qtbot, "Lightning Bolt")
    qtbot.keyClick(modern.catalog.table, Qt.Key.Key_Return)
    assert main(modern) == {"Lightning Bolt": 1}
    assert modern.last_message == "Added 1 × Lightning Bolt to Main"


def test_a_split_half_already_in_the_deck_does_not_add_the_card_shown_first(make_window, qtbot):
    """Commander, Fire // Ice in the deck: `Ice` showed Atraxa, Praetors' Voice first (its name
    holds "ice"), and Enter, Enter added her."""
    win = make_window()
    show_active(qtbot, win)
    type_and_enter(win, qtbot, "Fire")
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert main(win) == {"Fire // Ice": 1}
    type_and_enter(win, qtbot, "Ice")
    assert win.catalog.model.rowCount() > 0  # others are shown
    assert win.catalog.search_box.hasFocus()
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    assert main(win) == {"Fire // Ice": 1}
    assert win.last_message.startswith("Nothing added — Fire // Ice is hidden: ")
    assert win.last_message == (
        "Nothing added — Fire // Ice is hidden: 1 of 1 already in the deck — "
        "View › Show hidden cards lists it"
    )
