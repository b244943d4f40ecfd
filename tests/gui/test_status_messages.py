"""Status bar messages on a 1366×768 laptop (issue 24 point 4): a message longer than the room
the deck's counts and choosers leave is cut with "…" and shown whole in its tooltip, never cut
off mid-word with nothing to read it by; it does not push the counts off the window; a short
one is shown as it is, with no tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tests.gui.test_partner_keyboard import pick
from tests.gui.test_window_fit import DECK, LAPTOP, cut_texts, make_window, on_screen
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def laptop(qtbot, tmp_path, monkeypatch):
    on_screen(monkeypatch, LAPTOP)
    win = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, win)
    assert win.open_path(DECK)
    return win


def copy_as(win, qtbot, label: str) -> None:
    """Edit › Copy deck as › `label`, from the keyboard: Alt+E, C, the arrows and Enter."""
    qtbot.keyClick(win, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    edit = QApplication.activePopupWidget()
    qtbot.keyClick(edit, Qt.Key.Key_C)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() not in (None, edit))
    pick(QApplication.activePopupWidget(), qtbot, label)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)


def test_a_long_message_is_cut_with_an_ellipsis_and_whole_in_its_tooltip(laptop, qtbot):
    copy_as(laptop, qtbot, "MTGO text")
    said = laptop.last_message
    assert said.startswith("Copied the deck as MTGO text — it does not carry:")
    assert said.endswith("(File › Export deck… lists them)")
    line = laptop.status.message
    metrics = line.fontMetrics()
    assert metrics.horizontalAdvance(said) > line.contentsRect().width()  # too long at 1366
    assert line.elided() and line.text().endswith("…")
    assert said.startswith(line.text()[:-1].rstrip())  # the start of the message, as said
    assert metrics.horizontalAdvance(line.text()) <= line.contentsRect().width()
    assert line.toolTip() == said  # whole, for the pointer
    # nothing else in the status bar is cut, the counts stay on the window
    assert cut_texts(laptop, laptop.status) == []
    count = laptop.status.count_label
    assert count.mapTo(laptop, QPoint(count.width(), 0)).x() <= laptop.width()
    assert count.visibleRegion().boundingRect().width() >= count.sizeHint().width() - 1


def test_a_wider_window_shows_it_whole(laptop, qtbot):
    copy_as(laptop, qtbot, "MTGO text")
    laptop.resize(2400, laptop.height())
    qtbot.waitUntil(lambda: not laptop.status.message.elided())
    assert laptop.status.message.text() == laptop.last_message
    assert laptop.status.message.toolTip() == ""


def test_a_short_message_is_shown_as_it_is(laptop, qtbot):
    qtbot.keyClick(laptop, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(laptop.catalog.search_box, '!"Island"')
    qtbot.keyClick(laptop.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(laptop.catalog.table, Qt.Key.Key_Return)
    line = laptop.status.message
    assert laptop.last_message.startswith("Added") and "Island" in laptop.last_message
    assert line.text() == laptop.last_message and not line.elided()
    assert line.toolTip() == ""
