"""A partner by keyboard and double-click (issue 24.3): beside a lone Thrasios, Tymna (outside his
identity) goes to the Commander section on Enter or double-click with "Add to: Main"; the catalog
has a keyboard context menu (Menu key, Shift+F10) offering "Add as partner"; Ctrl+Shift+C on a
Tymna line makes her the second commander (it no longer replaces Thrasios); the Deck menu offers
"Add as partner" for the catalog's card."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui

THRASIOS, TYMNA = "Thrasios, Triton Hero", "Tymna the Weaver"
PARTNER = "Add as partner (second commander)"


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    win.asked_hidden = []
    win.confirm_hidden = lambda name, reasons: win.asked_hidden.append(name) or True
    show_active(qtbot, win)
    # Thrasios as the commander, the way a player does it: Add to Commander, search, Enter, Enter
    choose(win.target_box, "Commander")
    find(win, qtbot, THRASIOS)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert section(win, "Commander") == {THRASIOS: 1}
    assert win.target_box.currentText() == "Main"
    return win


def find(win, qtbot, name: str) -> None:
    """Alt+1, the exact name, Enter: the catalog's first row is the card, focused."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, f'!"{name}"')
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    assert win.catalog.table.hasFocus() and win.catalog.current_card().name == name


def section(win, name: str) -> dict[str, int]:
    return {e.card: e.count for e in win.session.deck.section(name).entries}


def no_identity_error(win) -> bool:
    return not [
        p
        for p in win.session.problems()
        if p.kind.value in ("COLOR_IDENTITY", "ILLEGAL_PARTNERSHIP")
    ]


def test_enter_on_a_possible_partner_adds_her_as_second_commander(window, qtbot):
    find(window, qtbot, TYMNA)
    tip = window.catalog.model.data(
        window.catalog.table.currentIndex(), Qt.ItemDataRole.ToolTipRole
    )
    assert "possible partner" in tip and "Enter" in tip and PARTNER in tip
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert section(window, "Commander") == {THRASIOS: 1, TYMNA: 1}
    assert TYMNA not in section(window, "Main")
    assert no_identity_error(window) and window.asked_hidden == []
    assert window.last_message == f"{TYMNA} is now a second commander"
    assert window.target_box.currentText() == "Main"
    window.undo_actions.undo.trigger()  # one undo step
    assert section(window, "Commander") == {THRASIOS: 1} and TYMNA not in section(window, "Main")


def test_double_click_on_a_possible_partner_does_the_same(window, qtbot):
    find(window, qtbot, TYMNA)
    table = window.catalog.table
    rect = table.visualRect(table.currentIndex())
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
    )  # a double-click's first
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert section(window, "Commander") == {THRASIOS: 1, TYMNA: 1}
    assert no_identity_error(window)


def pick(menu, qtbot, text: str) -> None:
    """Down-arrow to the item, Return: the keyboard way through a menu."""
    texts = [a.text() for a in menu.actions()]
    assert text in texts, texts
    for _ in range(len(texts) + 1):
        if menu.activeAction() is not None and menu.activeAction().text() == text:
            break
        qtbot.keyClick(menu, Qt.Key.Key_Down)
    assert menu.activeAction().text() == text
    qtbot.keyClick(menu, Qt.Key.Key_Return)


@pytest.mark.parametrize(
    "key, mods",
    [
        (Qt.Key.Key_Menu, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier),
    ],
)
def test_keyboard_context_menu_offers_add_as_partner(window, qtbot, key, mods):
    find(window, qtbot, TYMNA)
    qtbot.keyClick(window.catalog.table, key, mods)
    menu = window.catalog.context_menu
    assert menu.isVisible()
    texts = [a.text() for a in menu.actions()]
    assert "Add to Main" in texts and PARTNER in texts
    pick(menu, qtbot, PARTNER)
    assert section(window, "Commander") == {THRASIOS: 1, TYMNA: 1}


def test_the_context_menu_add_to_main_still_means_main(window, qtbot):
    find(window, qtbot, TYMNA)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Menu)
    pick(window.catalog.context_menu, qtbot, "Add to Main")
    assert section(window, "Main") == {TYMNA: 1}
    assert section(window, "Commander") == {THRASIOS: 1}


def test_ctrl_shift_c_on_a_tymna_line_makes_her_partner_not_replacement(window, qtbot):
    find(window, qtbot, TYMNA)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Menu)
    pick(window.catalog.context_menu, qtbot, "Add to Main")  # a Tymna line in Main
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert window.deck_pane.select_cards([TYMNA]) == 1
    deck_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Deck")
    deck_menu.aboutToShow.emit()
    texts = [a.text() for a in deck_menu.actions() if a.isVisible()]
    assert PARTNER in texts and f"Set as commander (instead of {THRASIOS})" in texts
    qtbot.keyClick(
        QApplication.focusWidget(),
        Qt.Key.Key_C,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert section(window, "Commander") == {THRASIOS: 1, TYMNA: 1}
    assert no_identity_error(window)


def test_the_deck_menu_adds_the_catalog_card_as_partner(window, qtbot):
    find(window, qtbot, TYMNA)
    deck_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Deck")
    deck_menu.aboutToShow.emit()
    item = window.catalog_lead_menu_action
    assert item.isVisible() and item.isEnabled() and item.text() == f"{PARTNER}: {TYMNA}"
    assert item.shortcut().toString() == "Ctrl+Shift+P"
    qtbot.keyClick(
        window.catalog.table,
        Qt.Key.Key_P,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert section(window, "Commander") == {THRASIOS: 1, TYMNA: 1}


def test_a_partner_inside_the_identity_still_goes_to_main(window, qtbot):
    """Only a card that can join no other way goes to the command zone: Sol Ring (colourless)
    is no partner; Enter puts it in Main as before."""
    find(window, qtbot, "Sol Ring")
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert section(window, "Main") == {"Sol Ring": 1}
    assert section(window, "Commander") == {THRASIOS: 1}


def test_riftbound_has_no_partner_item(window, qtbot):
    window.new_deck("riftbound")
    assert not window.catalog_lead_menu_action.isVisible()


def test_add_to_sideboard_keeps_her_in_the_sideboard(window, qtbot):
    """Only an add aimed at Main becomes "Add as partner": a side section the player picked
    keeps what was asked."""
    choose(window.target_box, "Sideboard")
    find(window, qtbot, TYMNA)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert section(window, "Sideboard") == {TYMNA: 1}
    assert section(window, "Commander") == {THRASIOS: 1}
