"""The deck pane's name column after an edit (issue 24.10): only the lines an edit changed are
measured, the way Qt measures them, and the column still ends as wide as Qt's full measure asks
(a line grown past it widens it; a column the player narrowed is widened at the next edit)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


def visible_rows(tree, parent=None):
    model, parent = tree.model(), parent or QModelIndex()
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        yield index
        if tree.isExpanded(index):
            yield from visible_rows(tree, index)


def add_by_keyboard(win, qtbot, name: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, f'!"{name}"')
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def test_a_row_is_measured_as_qt_measures_it(window, qtbot):
    add_by_keyboard(window, qtbot, "Lightning Bolt")
    tree, fit = window.deck_pane.tree, window.deck_pane._name_fit
    widths = [fit._width(i) for i in visible_rows(tree)]
    assert len(widths) >= 3 and max(widths) == tree.sizeHintForColumn(0)


def test_the_column_fits_after_each_edit(window, qtbot):
    tree = window.deck_pane.tree
    for name in ("Lightning Bolt", "Counterspell", "Sol Ring"):
        add_by_keyboard(window, qtbot, name)
        assert tree.columnWidth(0) >= tree.sizeHintForColumn(0)
    tree.header().resizeSection(0, 20)  # the player narrows it
    add_by_keyboard(window, qtbot, "Brainstorm")
    assert tree.columnWidth(0) >= tree.sizeHintForColumn(0) > 20


def test_the_column_fits_after_the_tree_is_filled_afresh(window, qtbot):
    tree = window.deck_pane.tree
    for name in ("Lightning Bolt", "Counterspell"):
        add_by_keyboard(window, qtbot, name)
    tree.collapseAll()
    tree.header().resizeSection(0, 20)
    window.deck_pane.refresh()  # measured with the lines hidden: the sections fit or widen
    box = window.deck_pane.group_box
    box.setCurrentIndex((box.currentIndex() + 1) % box.count())  # another grouping: afresh
    assert tree.columnWidth(0) >= tree.sizeHintForColumn(0)
