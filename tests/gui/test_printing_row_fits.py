"""Choosing a deck line on a 1366×768 laptop does not push the panes about (issue 24
walkthrough): the card view's printing list took the width of its longest printing ("Commander
2016 (C16) · 2016 · #272" and longer), so selecting Sol Ring in the deck widened the card view by
about 200 pixels, the catalog's Type column shrank to "S…", the deck pane grew a horizontal
scroll bar and the collector-number box ran past the window's edge."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_window_fit import LAPTOP, cut_texts, make_window, on_screen
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


def test_a_deck_line_with_many_printings_keeps_the_panes_in_place(qtbot, tmp_path, monkeypatch):
    on_screen(monkeypatch, LAPTOP)
    win = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, win)
    for name in ("Sol Ring", "Counterspell"):
        qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
        win.catalog.search_box.clear()
        qtbot.keyClicks(win.catalog.search_box, name)
        qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    sizes = win.splitter.sizes()
    qtbot.keyClick(win, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)  # the deck pane
    tree = win.deck_pane.tree
    assert tree.hasFocus()
    while win.card_view.entry_ref is None or "Sol Ring" not in win.card_view.text.toPlainText():
        qtbot.keyClick(tree, Qt.Key.Key_Down)
        assert tree.currentIndex().isValid()
    box = win.card_view.printing_box
    assert box.isVisible() and box.count() > 20  # "any printing" and Sol Ring's printings
    assert win.splitter.sizes() == sizes
    qtbot.wait(20)  # the status bar lays out its new count at the next turn of the event loop
    assert cut_texts(win) == []
    number = win.card_view.number_edit
    right = number.mapTo(win, number.rect().topRight()).x()
    assert number.isVisible() and right <= win.width()
