"""The status bar's day box, typed as the ISO day it shows ("2024-09-22").

Qt's date box moves to the next part as soon as one is full, and then the "-" the player types
moved on once more: "2024-09-22" typed into it became 2024-12-09 (the month skipped, the day
given the month's digits). A separator typed right after such a move is taken as the move
itself."""

from __future__ import annotations

from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDateEdit, QWidget

_SEPARATORS = frozenset("-/.")


class DayEdit(QDateEdit):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._moved_on = False  # the last digit filled a part and Qt moved to the next

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        typed = event.text()
        if self._moved_on and typed in _SEPARATORS and typed:
            self._moved_on = False
            event.accept()
            return
        before = self.currentSection()
        super().keyPressEvent(event)
        self._moved_on = typed.isdigit() and self.currentSection() != before
