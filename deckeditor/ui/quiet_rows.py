"""A tree view repainted only where an update of its model shows (issue 24.10).

Qt repaints a tree's whole viewport whenever rows are inserted or removed anywhere in it (the
delayed layout ends in `viewport().update()`): for the deck pane, ~2-3 ms of an edit whose line
went into a group below the screen, or left one, while the rows on screen did not move. Around
one update of the model (`begin` … `end`), the viewport takes no paint requests; at the end the
tree is laid out, and when every row that came or went lies after the last row on screen (in
the tree's order, the rows' paths from the root compared), only the rows on screen whose data
changed are repainted (a section's count, a group's); otherwise the whole viewport, as Qt would.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt
from PySide6.QtWidgets import QTreeView

_NO_PAINT = Qt.WidgetAttribute.WA_UpdatesDisabled

Index = QModelIndex | QPersistentModelIndex


def _path(index: Index) -> tuple[int, ...]:
    """The index's rows from the root: tree order is the order of these tuples."""
    rows: list[int] = []
    while index.isValid():
        rows.append(index.row())
        index = index.parent()
    return tuple(reversed(rows))


class QuietRows:
    def __init__(self, tree: QTreeView) -> None:
        self.tree = tree
        self._active = False
        self._last: tuple[int, ...] | None = None  # the last row on screen; None: repaint all
        self._changed: list[QPersistentModelIndex] = []
        model = tree.model()
        model.rowsInserted.connect(self._moved)
        model.rowsAboutToBeRemoved.connect(self._moved)
        model.dataChanged.connect(self._data_changed)
        for signal in (model.modelAboutToBeReset, model.layoutAboutToBeChanged):
            signal.connect(self._everything)

    def begin(self) -> None:
        viewport = self.tree.viewport()
        last = self.tree.indexAt(QPoint(1, viewport.height() - 1))
        self._last = _path(last) if last.isValid() else None  # rows end on screen: repaint all
        self._changed = []
        self._active = True
        viewport.setAttribute(_NO_PAINT, True)  # not setUpdatesEnabled: enabling it repaints

    def end(self) -> None:
        """Lay the tree out, then repaint what shows of the update."""
        viewport = self.tree.viewport()
        try:
            self.tree.executeDelayedItemsLayout()
        finally:
            viewport.setAttribute(_NO_PAINT, False)
            self._active = False
        if self._last is None:
            viewport.update()
            return
        width, model = viewport.width(), self.tree.model()
        for index in self._changed:
            if index.isValid():
                rect = self.tree.visualRect(model.index(index.row(), 0, index.parent()))
                if rect.isValid():
                    viewport.update(QRect(0, rect.y(), width, rect.height()))
        self._changed = []

    def _moved(self, parent: QModelIndex, first: int, _last: int) -> None:
        if self._active and self._last is not None and (*_path(parent), first) <= self._last:
            self._last = None  # rows came or went at or above the last one on screen

    def _everything(self, *_args: object) -> None:
        if self._active:
            self._last = None

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_: object) -> None:
        if not self._active or self._last is None:
            return
        parent, model = top_left.parent(), self.tree.model()
        for row in range(top_left.row(), bottom_right.row() + 1):
            self._changed.append(QPersistentModelIndex(model.index(row, 0, parent)))
