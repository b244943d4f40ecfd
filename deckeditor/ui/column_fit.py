"""A tree view's first column kept as wide as its widest visible text (issue 24.10).

The deck pane widens its name column when a line grows past it (a chosen colour named after a
card). Qt's `sizeHintForColumn(0)` measures every visible row (~1 ms for a 100-card deck, on
every edit); an edit changes a few rows, so only those are measured, the way Qt measures one
(`QTreeViewPrivate::widthHintForIndex`: the delegate's width plus the row's indentation), while
the rows measured before still fit the same width. Qt's own full measure runs whenever that may
not hold: the column's width, the expanded rows or the model's shape changed.

The column never grows past the pane's room (issue 24.4, a laptop): the other columns keep
their width and the last one its text, so a long name (a Riftbound line with its printing code)
is elided — its whole text in the line's tooltip — rather than pushing Type behind a scroll
bar. A column held at that room is not measured again until the pane's width changes."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import QTreeView

# the share of the room past the narrow middle columns the name column keeps at least,
# however long the last column's text (both stay readable; the longer is elided)
NAME_SHARE = 0.5


class ColumnFit:
    def __init__(self, tree: QTreeView) -> None:
        self.tree = tree
        self._fits_at: int | None = None  # the width every visible row was last found to fit
        self._changed: list[QPersistentModelIndex] = []  # column-0 cells changed since
        self._held: tuple[int, int] | None = None  # (pane width, column width) it was held at
        model = tree.model()
        model.dataChanged.connect(self._data_changed)
        model.rowsInserted.connect(self._rows_inserted)
        for signal in (model.modelReset, model.layoutChanged, tree.collapsed):
            signal.connect(self.forget)
        self._expanding_new = False
        tree.expanded.connect(self._expanded)

    def expand_new(self, index: QModelIndex) -> None:
        """Expand a row the model has just inserted: its rows are measured as inserted rows,
        not every row afresh (an edit that starts a new group)."""
        self._expanding_new = True
        try:
            self.tree.expand(index)
        finally:
            self._expanding_new = False

    def _expanded(self, *_args: object) -> None:
        if not self._expanding_new:  # the player's: rows not measured before are on view
            self.forget()

    def forget(self, *_args: object) -> None:
        """Measure every row next time."""
        self._fits_at = None
        self._held = None
        self._changed.clear()

    def widen(self) -> None:
        """Column 0 as wide as its widest visible text, as far as the pane has room for it."""
        tree = self.tree
        want = max(tree.sizeHintForColumn(0), tree.header().sectionSizeHint(0))
        room = self._room(want)
        tree.setColumnWidth(0, min(want, room))
        self._held = (tree.viewport().width(), room) if want > room else None

    def _room(self, want: int) -> int:
        """The widest column 0 may be: the pane less the middle columns and the last one's
        widest text, but at least NAME_SHARE of what the middle columns leave."""
        tree = self.tree
        last = tree.model().columnCount() - 1
        middle = sum(tree.columnWidth(c) for c in range(1, last))
        free = tree.viewport().width() - middle
        if want <= free - tree.sizeHintForColumn(last):
            return want
        return max(free - tree.sizeHintForColumn(last), int(free * NAME_SHARE))

    def too_narrow(self, measure_all: bool = False) -> bool:
        """Whether a visible row's text is wider than column 0 (Qt's sizeHintForColumn(0) >
        columnWidth(0)); `measure_all`: ask Qt (a tree past the rows Qt itself measures)."""
        tree = self.tree
        width = tree.columnWidth(0)
        changed, self._changed = self._changed, []
        if self._held == (tree.viewport().width(), width):
            return False  # as wide as the pane lets it be
        if measure_all or self._fits_at != width:
            wide = tree.sizeHintForColumn(0) > width
        else:
            model = tree.model()
            wide = any(
                self._width(model.index(p.row(), 0, p.parent())) > width
                for p in changed
                if p.isValid()
            )
        self._fits_at = None if wide else width
        return wide

    def _width(self, index: QModelIndex) -> int:
        tree = self.tree
        depth, parent = 0, index.parent()
        while parent.isValid():  # a row under a collapsed one is not on view: Qt skips it
            if not tree.isExpanded(parent):
                return 0
            depth, parent = depth + 1, parent.parent()
        width = tree.sizeHintForIndex(index).width()
        if tree.header().logicalIndex(tree.treePosition()) == 0:  # the column that indents
            width += tree.indentation() * (depth + (1 if tree.rootIsDecorated() else 0))
        return width

    def _data_changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object
    ) -> None:
        if self._fits_at is None or not top_left.column() <= 0 <= bottom_right.column():
            return
        parent = top_left.parent()
        model = self.tree.model()
        for row in range(top_left.row(), bottom_right.row() + 1):
            self._changed.append(QPersistentModelIndex(model.index(row, 0, parent)))

    def _rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        if self._fits_at is None:
            return
        model = self.tree.model()
        todo = [model.index(row, 0, parent) for row in range(first, last + 1)]
        while todo:  # a row inserted with its own rows (a new group and its lines)
            index = todo.pop()
            self._changed.append(QPersistentModelIndex(index))
            todo += [model.index(row, 0, index) for row in range(model.rowCount(index))]
