"""The deck pane's group heads ("Instant (2)") read in the theme the player switches to (issue 24
walkthrough): their grey was made once for the light palette, so after View › Theme › Dark they
stayed #555555 on the dark background (a contrast of about 2:1) until the deck was opened again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from deckeditor.ui import theme
from tests.gui.test_symbols_theme import _choose_theme
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


def _group_heads(win) -> list:
    model = win.deck_pane.model
    heads = []
    stack = [model.index(r, 0) for r in range(model.rowCount())]
    while stack:
        index = stack.pop()
        if index.data(Qt.ItemDataRole.UserRole + 13) == "group":
            heads.append(index)
        stack.extend(model.index(r, 0, index) for r in range(model.rowCount(index)))
    return heads


def _luminance(colour: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def _contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    yield win
    theme.apply(QApplication.instance(), "Light")


def test_group_heads_take_the_dark_theme_when_it_is_chosen(window, qtbot):
    for name in ("Counterspell", "Sol Ring"):
        qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
        window.catalog.search_box.clear()
        qtbot.keyClicks(window.catalog.search_box, name)
        qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert {h.data() for h in _group_heads(window)} >= {"Instant  (1)", "Artifact  (1)"}
    _choose_theme(window, qtbot, Qt.Key.Key_D)
    assert theme.is_dark()
    background = QApplication.palette().color(QPalette.ColorRole.Base)  # where the rows are drawn
    heads = _group_heads(window)
    assert heads
    for head in heads:
        colour = head.data(Qt.ItemDataRole.ForegroundRole).color()
        assert _contrast(colour, background) >= 4.5, (head.data(), colour.name())
    _choose_theme(window, qtbot, Qt.Key.Key_L)
    background = QApplication.palette().color(QPalette.ColorRole.Base)  # where the rows are drawn
    for head in _group_heads(window):
        colour = head.data(Qt.ItemDataRole.ForegroundRole).color()
        assert _contrast(colour, background) >= 4.5, (head.data(), colour.name())
