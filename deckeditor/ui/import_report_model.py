"""The import preview's table: a model over the read's line report (`deck-files.md` §1), one row
per input line made when the view asks for it. A million-line file is a million rows of a model,
not four million table items (issue 15: any accepted file opens)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from deckeditor.ui import theme

HEADERS = ("Line", "Status", "Text", "Reason")
# each kind of line in a player's words (the report's codes, "UNKNOWN_CARD", are the program's)
WORDS = {
    "CARD": "Card",
    "UNKNOWN_CARD": "Unknown card",
    "UNPARSED": "Not read",
    "SECTION": "Section",
    "COMMENT": "Comment",
    "METADATA": "Deck info",
    "BLANK": "Blank",
}
# colours written for a light background; `theme.tone` gives their dark-theme match
_COLORS = {
    "UNKNOWN_CARD": "#b00020",
    "UNPARSED": "#b00020",
    "SECTION": "#20457a",
    "COMMENT": "#777",
    "METADATA": "#777",
    "BLANK": "#999999",
}
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1  # the line's kind as the report names it
_Index = QModelIndex | QPersistentModelIndex


def status_name(line: Any) -> str:
    status = getattr(line, "status", "")
    return str(getattr(status, "value", status))


class ImportReportModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lines: Sequence[Any] = ()  # the reader's line reports (number, status, text, reason)

    def set_lines(self, lines: Sequence[Any]) -> None:
        self.beginResetModel()
        self._lines = lines
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> str | None:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(HEADERS)
        ):
            return HEADERS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._lines):
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole, STATUS_ROLE):
            return None
        line = self._lines[index.row()]
        status = status_name(line)
        if role == STATUS_ROLE:
            return status
        if role == Qt.ItemDataRole.ForegroundRole:
            color = _COLORS.get(status)
            return QBrush(QColor(theme.tone(color))) if color is not None else None
        column = index.column()
        if column == 0:
            return str(getattr(line, "number", index.row() + 1))
        if column == 1:
            return WORDS.get(status) or status.replace("_", " ").capitalize()
        return getattr(line, "text" if column == 2 else "reason", "")
