"""A tree view repainted only where an update of its model shows (issue 24.10).

Qt repaints a tree's whole viewport whenever rows are inserted or removed anywhere in it (the
delayed layout ends in `viewport().update()`): for the deck pane, ~2-3 ms of an edit whose line
went into a group below the screen, or left one, while the rows on screen did not move. Around
one update of the model (`begin` … `end`), the viewport takes no paint requests; at the end the
tree is laid out, and when every row that came or went lies after the last row on screen (in
the tree's order, the rows' paths from the root compared), only the rows on screen whose data
changed are repainted (a section's count, a group's); when rows came or went on screen, the rows
from the first of them down (those above did not move); otherwise the whole viewport, as Qt does.
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
        self._all = True  # repaint the whole viewport at the end
        self._last: tuple[int, ...] = ()  # the last row on screen when the update began
        self._top: tuple[int, ...] | None = None  # the first place rows came or went
        self._scrolled = 0  # the scroll bar's value when the update began
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
        self._all = not last.isValid()  # the rows end on screen: new ones show below them
        self._last = _path(last) if last.isValid() else ()
        self._top = None
        self._scrolled = self.tree.verticalScrollBar().value()
        self._changed = []
        self._active = True
        viewport.setAttribute(_NO_PAINT, True)  # not setUpdatesEnabled: enabling it repaints

    def end(self) -> None:
        """Lay the tree out, then repaint what shows of the update: the rows from the first one
        that came or went down (those above it did not move), and the rows whose data changed."""
        viewport = self.tree.viewport()
        try:
            self.tree.executeDelayedItemsLayout()
        finally:
            viewport.setAttribute(_NO_PAINT, False)
            self._active = False
        changed, self._changed = self._changed, []
        # a scroll the layout made while no paint was taken moved every row on screen
        if self._all or self.tree.verticalScrollBar().value() != self._scrolled:
            viewport.update()
            return
        width = viewport.width()
        if self._top is not None and self._top <= self._last:
            y = self._y_of(self._top)
            if y is None or y < 0:  # rows came or went above the screen: every row moved
                viewport.update()
                return
            viewport.update(QRect(0, y, width, viewport.height() - y))
        model = self.tree.model()
        for index in changed:
            if index.isValid():
                rect = self.tree.visualRect(model.index(index.row(), 0, index.parent()))
                if rect.isValid():
                    viewport.update(QRect(0, rect.y(), width, rect.height()))

    def _y_of(self, path: tuple[int, ...]) -> int | None:
        """Where the row now at `path` starts on screen (after the last of its siblings, when
        the rows went from the end of a list); None when neither is there."""
        model, parent = self.tree.model(), QModelIndex()
        for row in path[:-1]:
            parent = model.index(row, 0, parent)
        row = path[-1]
        index = model.index(row, 0, parent)
        if index.isValid():
            rect = self.tree.visualRect(index)
            return rect.y() if rect.isValid() else None
        before = model.index(row - 1, 0, parent) if row > 0 else QModelIndex()
        rect = self.tree.visualRect(before) if before.isValid() else QRect()
        return rect.bottom() + 1 if rect.isValid() else None

    def _moved(self, parent: QModelIndex, first: int, _last: int) -> None:
        if self._active:
            place = (*_path(parent), first)
            self._top = place if self._top is None else min(self._top, place)

    def _everything(self, *_args: object) -> None:
        if self._active:
            self._all = True

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_: object) -> None:
        if not self._active or self._all:
            return
        parent, model = top_left.parent(), self.tree.model()
        for row in range(top_left.row(), bottom_right.row() + 1):
            self._changed.append(QPersistentModelIndex(model.index(row, 0, parent)))
