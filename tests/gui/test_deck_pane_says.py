"""An edit made in the deck pane by keyboard says what it did on the status line (issue 24
walkthrough): "+", "-", Delete and a typed quantity changed the deck and left the last "Added 1 ×
Island to Main" standing, which read as if Island had been added again while Sol Ring went to two
copies (a second Sol Ring in a Commander deck, said by nothing but the problem list)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    for name in ("Sol Ring", "Island"):
        qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
        win.catalog.search_box.clear()
        qtbot.keyClicks(win.catalog.search_box, name)
        qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert win.last_message == "Added 1 × Island to Main"
    return win


def _to_line(win, qtbot, card: str):
    qtbot.keyClick(win, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    tree = win.deck_pane.tree
    assert tree.hasFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Home)
    while win.deck_pane.current_entry() is None or (
        win.session.deck.section("Main").entries[win.deck_pane.current_entry()[1]].card != card
    ):
        before = tree.currentIndex()
        qtbot.keyClick(tree, Qt.Key.Key_Down)
        assert tree.currentIndex() != before, f"{card} not reached"
    return tree


def test_plus_minus_and_delete_say_what_they_did(window, qtbot):
    tree = _to_line(window, qtbot, "Sol Ring")
    qtbot.keyClick(tree, Qt.Key.Key_Plus)
    assert window.session.deck.section("Main").count_of("Sol Ring") == 2
    assert window.last_message == "Sol Ring: 2 copies in Main"
    assert window.status.message.line() == window.last_message
    qtbot.keyClick(tree, Qt.Key.Key_Minus)
    assert window.last_message == "Sol Ring: 1 copy in Main"
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    assert window.session.deck.section("Main").count_of("Sol Ring") == 0
    assert window.last_message == "Removed Sol Ring"
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.last_message == "Undone: Removed Sol Ring"


def test_a_typed_quantity_says_the_new_count(window, qtbot):
    tree = _to_line(window, qtbot, "Island")
    qtbot.keyClick(tree, Qt.Key.Key_7)  # a digit on a line types its quantity
    qtbot.keyClick(tree.focusWidget() or tree, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.deck.section("Main").count_of("Island") == 7)
    assert window.last_message == "Island: 7 copies in Main"


def test_plus_on_a_section_head_says_to_select_a_line(window, qtbot):
    from deckeditor.ui.deck_pane import SELECT_A_LINE

    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    tree = window.deck_pane.tree
    qtbot.keyClick(tree, Qt.Key.Key_Home)  # the first section's head: no card line
    assert window.deck_pane.current_entry() is None
    before = window.session.deck
    qtbot.keyClick(tree, Qt.Key.Key_Plus)
    assert window.last_message == SELECT_A_LINE
    assert window.session.deck == before
