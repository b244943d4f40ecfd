"""The deck pane after an edit (issue 24.10): a line that comes or goes below the last row on
screen repaints only the rows on screen that changed (the section's count), not the whole list;
a line on screen repaints the list. Either way the screen shows what a fresh paint shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from deckeditor.paths import resources_dir
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui

DECK = resources_dir() / "decks" / "thrasios-tymna.deck.json"


class Paints(QObject):
    """The height of each paint the watched widget gets."""

    def __init__(self) -> None:
        super().__init__()
        self.heights: list[int] = []

    def eventFilter(self, _obj, event):  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            self.heights.append(event.rect().height())
        return False


def _on_screen(widget):
    """The widget's pixels as the screen shows them (the window's backing store)."""
    top = widget.window()
    shot = QGuiApplication.primaryScreen().grabWindow(top.winId()).toImage()
    at = widget.mapTo(top, widget.rect().topLeft())
    return shot.copy(at.x(), at.y(), widget.width(), widget.height())


def _as_painted_afresh(widget) -> bool:
    screen = _on_screen(widget)
    return screen == widget.grab().toImage().convertToFormat(screen.format())


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    assert win.open_path(str(DECK))
    win.resize(1400, 860)  # room to spare: no pane's width follows the status line's words
    show_active(qtbot, win)
    return win


def _settle() -> None:
    """Until the event loop has handled what the key posted: layouts, then their paints."""
    for _ in range(3):
        QApplication.processEvents()


def _press(qtbot, tree, key, modifiers=Qt.KeyboardModifier.NoModifier) -> Paints:
    """A key on the deck pane, the event loop settled; the paints of the list it caused."""
    paints = Paints()
    tree.viewport().installEventFilter(paints)
    qtbot.keyClick(tree, key, modifiers)
    _settle()
    tree.viewport().removeEventFilter(paints)
    return paints


def test_a_line_below_the_screen_repaints_only_the_rows_that_changed(window, qtbot):
    tree = window.deck_pane.tree
    viewport = tree.viewport()
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_End)  # the last line, far below the top of the deck
    while window.deck_pane.current_entry() is None:  # up from the empty sections' headers
        qtbot.keyClick(tree, Qt.Key.Key_Up)
    last = window.deck_pane.current_entry()
    name = window.session.deck.section(last[0]).entries[last[1]].card
    qtbot.keyClick(tree, Qt.Key.Key_Delete)
    qtbot.keyClick(tree, Qt.Key.Key_Home)  # back to the top: the line's place is below
    _settle()
    assert tree.indexAt(viewport.rect().bottomLeft()).isValid()  # rows go on past the screen
    for key in (Qt.Key.Key_Z, Qt.Key.Key_Y):  # once first: the panes settle to the words shown
        _press(qtbot, tree, key, Qt.KeyboardModifier.ControlModifier)
    for key, in_deck in ((Qt.Key.Key_Z, True), (Qt.Key.Key_Y, False)):  # undo, then redo
        paints = _press(qtbot, tree, key, Qt.KeyboardModifier.ControlModifier)
        cards = {e.card for _, e in window.session.deck.entries(*window.session.sections)}
        assert (name in cards) is in_deck
        assert paints.heights, "the section's count is repainted"
        assert max(paints.heights) < viewport.height() // 2
        assert _as_painted_afresh(viewport)


def test_a_line_on_screen_repaints_the_list(window, qtbot):
    tree = window.deck_pane.tree
    viewport = tree.viewport()
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Home)
    while window.deck_pane.current_entry() is None:  # down to the first card line
        qtbot.keyClick(tree, Qt.Key.Key_Down)
    paints = _press(qtbot, tree, Qt.Key.Key_Delete)
    assert max(paints.heights) == viewport.height()  # the lines under it moved up
    assert _as_painted_afresh(viewport)
    paints = _press(qtbot, tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert max(paints.heights) == viewport.height()
    assert _as_painted_afresh(viewport)
