"""The window as a player first sees it, for the pytest-qt tests that drive it: a fresh home on
the starter pool, no picture downloads, no autosave, and the questions a test does not ask about
answered yes (each test's fixture replaces the ones it checks)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from deckeditor.paths import AppPaths


def open_window(qtbot, tmp_path):
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow
    from deckeditor.ui.settings import Settings

    make_app()
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    win = MainWindow(paths, settings=Settings(image_downloads=False), autosave=False)
    win.confirm_discard = lambda: True
    win.confirm_hidden = lambda name, reasons: True
    qtbot.addWidget(win)
    return win


def choose(combo, text: str) -> None:
    """As a user does: focus the closed box and step to the item with the keyboard."""
    index = combo.findText(text)
    assert index >= 0, [combo.itemText(i) for i in range(combo.count())]
    combo.setFocus()
    while combo.currentIndex() != index:
        QTest.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up)


def show_active(qtbot, win) -> None:
    """Show the window and wait until it is the active one (offscreen activation is queued):
    shortcuts such as Alt+1 reach only the active window."""
    from PySide6.QtWidgets import QApplication

    win.show()
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)


def add_by_keys(qtbot, win, name: str, *keys) -> None:
    """As a player adds a card: Alt+1, the name typed in the search box, Enter to the list, then
    `keys` on the catalog's card (Enter when none: add it to the "Add to" section)."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, name)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, *(keys or (Qt.Key.Key_Return,)))
