"""The import preview's table: a model over the read's line report (`deck-files.md` §1), one row
per input line made when the view asks for it. A million-line file is a million rows of a model,
not four million table items (issue 15: any accepted file opens)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

HEADERS = ("Line", "Status", "Text", "Reason")
_COLORS = {
    "UNKNOWN_CARD": QColor(176, 0, 32),
    "UNPARSED": QColor(176, 0, 32),
    "SECTION": QColor(32, 69, 122),
    "COMMENT": QColor(120, 120, 120),
    "METADATA": QColor(120, 120, 120),
    "BLANK": QColor(170, 170, 170),
}
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
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole):
            return None
        line = self._lines[index.row()]
        status = status_name(line)
        if role == Qt.ItemDataRole.ForegroundRole:
            color = _COLORS.get(status)
            return QBrush(color) if color is not None else None
        column = index.column()
        if column == 0:
            return str(getattr(line, "number", index.row() + 1))
        if column == 1:
            return status
        return getattr(line, "text" if column == 2 else "reason", "")
