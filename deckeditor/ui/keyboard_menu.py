"""The keyboard's context menu for a list or tree: the Menu key and Shift+F10 open the same menu
a right-click does, at the current row (scrolled into view), as desktop applications do."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView


def asks_for_menu(event: QKeyEvent) -> bool:
    """The Menu key, or Shift+F10."""
    if event.key() == Qt.Key.Key_Menu:
        return True
    shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    return event.key() == Qt.Key.Key_F10 and shift


def open_at_current(view: QAbstractItemView) -> None:
    """The view's context menu (its customContextMenuRequested) at the current row, if any."""
    index = view.currentIndex()
    if index.isValid():
        view.scrollTo(index)
        view.customContextMenuRequested.emit(view.visualRect(index).center())
