"""The deck pane's keyboard context menu (issue 24 point 3, for the deck as for the catalog): the
Menu key and Shift+F10 open the same menu a right-click does, on the current line, and its items
are chosen with the arrow keys and Enter."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication

from tests.gui.test_partner_keyboard import pick
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    for name in ("Island", "Counterspell"):
        win.session.add_card(name, "Main")
    return win


def lines(win) -> dict[str, int]:
    return {e.card: e.count for e in win.session.deck.section("Main").entries}


def to_line(win, qtbot, name: str) -> None:
    """Alt+3 (the deck pane), then the arrow keys down to the card's line."""
    qtbot.keyClick(win, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    tree = win.deck_pane.tree
    assert tree.hasFocus()
    for _ in range(tree.model().rowCount() * 4):
        if win.deck_pane.current_entry() is not None and tree.currentIndex().data() == name:
            return
        qtbot.keyClick(tree, Qt.Key.Key_Down)
    raise AssertionError(f"no line {name}")


def texts(menu) -> list[str]:
    return [a.text() for a in menu.actions()]


@pytest.mark.parametrize(
    "key, mods",
    [
        (Qt.Key.Key_Menu, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier),
    ],
    ids=["menu-key", "shift-f10"],
)
def test_the_menu_key_opens_the_current_lines_menu(window, qtbot, key, mods):
    to_line(window, qtbot, "Counterspell")
    qtbot.keyClick(window.deck_pane.tree, key, mods)
    menu = window.deck_pane.context_menu
    assert menu.isVisible() and QApplication.activePopupWidget() is menu
    assert texts(menu)[:3] == ["One more copy", "One copy less", "Remove line"]
    pick(menu, qtbot, "One more copy")
    assert lines(window) == {"Island": 1, "Counterspell": 2}  # the current line, not the first


def test_it_is_the_menu_a_right_click_opens(window, qtbot):
    to_line(window, qtbot, "Counterspell")
    tree = window.deck_pane.tree
    qtbot.keyClick(tree, Qt.Key.Key_Menu)
    by_key = texts(window.deck_pane.context_menu)
    window.deck_pane.context_menu.close()
    center = tree.visualRect(tree.currentIndex()).center()
    right_click = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, center, tree.viewport().mapToGlobal(center)
    )
    QApplication.sendEvent(tree.viewport(), right_click)
    assert texts(window.deck_pane.context_menu) == by_key
    pick(window.deck_pane.context_menu, qtbot, "Remove line")
    assert lines(window) == {"Island": 1}


def test_no_menu_off_a_line(window, qtbot):
    """On a section's header row the key opens nothing (as a right-click there)."""
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    tree = window.deck_pane.tree
    tree.setCurrentIndex(tree.model().index(0, 0))  # the "Main" header
    assert window.deck_pane.current_entry() is None
    qtbot.keyClick(tree, Qt.Key.Key_Menu)
    assert getattr(window.deck_pane, "context_menu", None) is None
    assert QApplication.activePopupWidget() is None
    assert lines(window) == {"Island": 1, "Counterspell": 1}
