"""The catalog's table: Enter adds the current card (Shift+Enter, Ctrl+Enter: the game's side
sections), the Menu key opens its context menu, and the visible rows are painted in one pass
(a keystroke's repaint is most of its cost)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QHeaderView, QStyle, QStyleOptionViewItem, QTableView, QWidget

from deckeditor.ui.catalog_model import (
    _GREY_COLOR,
    _LEFT_INT,
    _RIGHT_INT,
    _SELECTED,
    NAME_ROLE,
    CatalogDelegate,
    CatalogModel,
    draw_symbols,
)
from deckeditor.ui.keyboard_menu import asks_for_menu, open_at_current


class CatalogTable(QTableView):
    """Enter adds the selected card (double-click too, through `activated`)."""

    addRequested = Signal(str)
    sideRequested = Signal(str, int)  # card, which of the game's side sections (Shift/Ctrl+Enter)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Tab leaves the table for the next widget (the deck, the format, the day), as in a list:
        # moving from cell to cell of a row-selected table kept a keyboard player in it for good
        self.setTabKeyNavigation(False)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if asks_for_menu(event):  # the keyboard's context menu, at the row
            open_at_current(self)
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            index = self.currentIndex()
            if index.isValid():
                name = index.siblingAtColumn(0).data(NAME_ROLE)
                mods = event.modifiers()
                if mods & Qt.KeyboardModifier.ShiftModifier:  # Shift+Enter: the sideboard
                    self.sideRequested.emit(name, 0)
                elif mods & Qt.KeyboardModifier.ControlModifier:  # Ctrl+Enter: the maybeboard
                    self.sideRequested.emit(name, 1)
                else:
                    self.addRequested.emit(name)
                return
        super().keyPressEvent(event)

    fast_paint = True  # paint the rows here (see paintEvent); False: cell by cell through Qt

    def last_row_shown(self) -> int:
        """The last row on screen; -1 when the rows end before the bottom of the list."""
        return self.rowAt(self.viewport().height() - 1)

    def look(self, fill: bool = False) -> list[tuple[Any, ...]] | None:
        """What the rows on screen show (`CatalogModel.look`); None when none are."""
        model, first = self.model(), self.rowAt(0)
        if first < 0 or not isinstance(model, CatalogModel):
            return None
        return model.look(first, self.last_row_shown(), fill)

    _quiet = False  # lay_out_quietly is running

    def lay_out_quietly(self) -> None:
        """After rows came or went only below the last row on screen (a deck edit's card off
        the screen): the scroll bar follows the new row count now, without Qt's repaint of
        every row on screen (QAbstractItemView.doItemsLayout updates the whole viewport), which
        was ~1-2 ms of an edit for rows that show what they showed."""
        self._quiet = True
        try:
            self.executeDelayedItemsLayout()
        finally:
            self._quiet = False

    def doItemsLayout(self) -> None:  # noqa: N802 - Qt's name
        if not self._quiet:
            super().doItemsLayout()
            return
        bar = self.verticalScrollBar()
        value = bar.value()
        self.updateGeometries()
        header = self.verticalHeader()
        if not header.updatesEnabled():  # QTableView holds its updates while rows are removed
            header.setUpdatesEnabled(True)
        if bar.value() != value:  # the rows on screen moved after all: Qt's own layout
            super().doItemsLayout()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        """The visible rows painted here, with what QTableView would draw for them: the style's
        row background (alternate colours, selection) once per row instead of once per cell,
        then each cell's text as CatalogDelegate paints it, without a call from C++ into Python
        per cell (that dispatch was most of a keystroke's repaint). Anything this does not
        cover (grid, another delegate, a disabled or right-to-left view, rows of different
        heights or hidden rows) goes the stock way, with the delegate reading selection and
        palette once (`begin_frame`)."""
        delegate = self.itemDelegate()
        if not isinstance(delegate, CatalogDelegate):
            super().paintEvent(event)
            return
        sm = self.selectionModel()
        selected = (
            {(i.row(), i.column()) for i in sm.selectedIndexes()} if sm is not None else set()
        )
        if self.fast_paint and self._paint_rows(event, delegate, selected):
            return
        delegate.begin_frame(selected)
        try:
            super().paintEvent(event)
        finally:
            delegate.end_frame()

    def _paint_rows(
        self, event: QPaintEvent, delegate: CatalogDelegate, selected: set[tuple[int, int]]
    ) -> bool:
        """The visible rows, painted in one pass; False when the stock paint must do it.
        A hot loop, kept whole: it runs on every keystroke's repaint (~40 rows × 6 columns),
        and its locals (pens, palette, column geometry) are read once outside the row loop;
        split into calls per row or cell, the calls would cost what this saves."""
        model = delegate.model
        vh = self.verticalHeader()
        if (
            model is not self.model()
            or self.showGrid()
            or not self.isEnabled()
            or self.isRightToLeft()
            or vh.sectionResizeMode(0) != QHeaderView.ResizeMode.Fixed
            or vh.hiddenSectionCount()
            or not model._rows
        ):
            return False
        rows = model._rows
        area = event.rect()
        first = self.rowAt(area.top())
        if first < 0:
            return area.top() >= 0  # below the last row: nothing to draw
        last = self.rowAt(area.bottom())
        if last < 0:
            last = len(rows) - 1
        hh = self.horizontalHeader()
        cols = []
        for visual in range(hh.count()):
            col = hh.logicalIndex(visual)
            if hh.isSectionHidden(col):
                continue
            x, width = self.columnViewportPosition(col), self.columnWidth(col)
            if x + width <= area.left() or x > area.right():
                continue
            align = _RIGHT_INT if col in model.right_columns else _LEFT_INT
            cols.append((col, x, width, x + 4, width - 8, align))
        if not cols:
            return True
        left = cols[0][1]
        span = cols[-1][1] + cols[-1][2] - left
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        palette = option.palette
        palette.setCurrentColorGroup(QPalette.ColorGroup.Normal)  # enabled items (drawCell)
        text_pen, selected_pen, highlight = (
            palette.text().color(),
            palette.highlightedText().color(),
            palette.highlight(),
        )
        state = option.state
        plain = option.features & ~_ALTERNATE
        odd = plain | _ALTERNATE
        style = self.style()
        alternate = self.alternatingRowColors()
        height = self.rowHeight(first)
        y = self.rowViewportPosition(first)
        hidden = model._hidden
        mark = model.row_mark
        texts = model._text
        cards = model._pool.card_list()
        shown = delegate._shown
        symbol_columns = model.symbol_columns
        metrics = _Metrics(self.fontMetrics())
        painter = QPainter(self.viewport())
        try:
            for r in range(first, last + 1):
                row_id = rows[r]
                text = texts.get(row_id)
                if text is None:
                    if len(texts) > 4096:
                        texts.clear()
                    text = texts[row_id] = model.columns_of(cards[row_id])
                row_selected = bool(selected) and any((r, c[0]) in selected for c in cols)
                option.rect = QRect(left, y, span, height)
                option.state = state | _SELECTED if row_selected else state
                if alternate:
                    option.features = odd if r & 1 else plain
                style.drawPrimitive(_ROW_PANEL, option, painter, self)
                pen = _GREY_COLOR if hidden is not None and row_id not in hidden else text_pen
                marked = mark(row_id) if mark is not None and pen is text_pen else None
                if marked:  # a possible partner, or a card that would commit the open budget
                    pen = marked[0]
                    text = (marked[1] + text[0], *text[1:])
                painter.setPen(pen)
                for col, x, width, tx, tw, align in cols:
                    chosen = row_selected and (r, col) in selected
                    if chosen:
                        painter.fillRect(QRect(x, y, width, height), highlight)
                        painter.setPen(selected_pen)
                    if (
                        col in symbol_columns
                        and text[col]
                        and draw_symbols(
                            painter,
                            model,
                            row_id,
                            QRect(tx, y, tw, height),
                            selected_pen if chosen else pen,
                        )
                    ):
                        pass
                    else:
                        painter.drawText(tx, y, tw, height, align, shown(text[col], tw, metrics))
                    if chosen:
                        painter.setPen(pen)
                y += height
        finally:
            painter.end()
        return True

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            forget = getattr(self.itemDelegate(), "forget_elided", None)
            if forget is not None:
                forget()
        super().changeEvent(event)


class _Metrics:
    """What CatalogDelegate._shown reads from a style option: the font metrics."""

    __slots__ = ("fontMetrics",)

    def __init__(self, metrics: QFontMetrics) -> None:
        self.fontMetrics = metrics


_ROW_PANEL = QStyle.PrimitiveElement.PE_PanelItemViewRow
_ALTERNATE = QStyleOptionViewItem.ViewItemFeature.Alternate


__all__ = ["CatalogTable"]
