"""The card view behind another tab (issue 24.10): an edit made while the Statistics tab is on
view does not redraw the hidden card view, and bringing the Card tab back shows the card as the
new deck sees it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui

THRASIOS = "Thrasios, Triton Hero"
NOTE = "This deck's commander."


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


def click_tab(win, qtbot, title: str) -> None:
    bar = win.tabs.tabBar()
    index = next(i for i in range(win.tabs.count()) if win.tabs.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert win.tabs.currentIndex() == index


def click_deck_line(win, qtbot, name: str) -> None:
    tree = win.deck_pane.tree
    model = tree.model()
    todo = [model.index(r, 0) for r in range(model.rowCount())]
    while todo:
        index = todo.pop(0)
        if name in (index.data() or "") and not model.rowCount(index):
            tree.scrollTo(index)
            pos = tree.visualRect(index).center()
            qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=pos)
            return
        todo += [model.index(r, 0, index) for r in range(model.rowCount(index))]
    raise AssertionError(f"no deck line shows {name}")


def test_an_edit_behind_the_statistics_tab_shows_when_the_card_tab_is_back(window, qtbot):
    # Thrasios made the commander as a player does: Add to Commander, search, Enter, Enter
    choose(window.target_box, "Commander")
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(window.catalog.search_box, f'!"{THRASIOS}"')
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    click_deck_line(window, qtbot, THRASIOS)
    assert window.card_view.card.name == THRASIOS
    assert NOTE in window.card_view.text.toPlainText()

    click_tab(window, qtbot, "Statistics")
    window.deck_pane.tree.setFocus()
    qtbot.keyClick(window.deck_pane.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.session.deck.section("Commander").entries  # undone
    assert NOTE in window.card_view.text.toPlainText()  # hidden: not redrawn yet

    click_tab(window, qtbot, "Card")
    text = window.card_view.text.toPlainText()
    assert THRASIOS in text and NOTE not in text
