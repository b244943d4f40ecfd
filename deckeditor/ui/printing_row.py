"""The card view's printing row: the printing a deck line names, chosen among the pool's
printings of its card, and its collector number. A line that names none may have its list
filled when the player first uses it (issue 24.10: a deck opened at start paints without MTG's
printing table, ~25 ms)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtGui import QColor, QGuiApplication, QIcon, QKeyEvent, QPixmap, QWheelEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from deckeditor.deck import Entry, Printing
from deckeditor.session import EditorSession
from deckeditor.ui.symbols import symbol_image

ICON = 16  # pixels: a symbol icon's size, near the text's cap height at the default font

Line = tuple[tuple[str, int], Entry]  # (section, index) and the deck line shown


def ink() -> QColor:
    """The text colour symbols are drawn for: the application's, which View › Theme sets at
    once (a widget's own palette follows a moment later, after `retheme` has drawn the symbols
    in the old theme's ink: black set symbols and ringless energy diamonds on a dark page)."""
    return QGuiApplication.palette().text().color()


class PrintingBox(QComboBox):
    """The printing list. Its items may be left to fill until it is first used (`pending`:
    called before it drops down, takes a key or the wheel)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pending: Callable[[], None] | None = None

    def fill(self) -> None:
        """The items, if they were left for later."""
        pending, self.pending = self.pending, None
        if pending is not None:
            pending()

    def showPopup(self) -> None:  # noqa: N802 - Qt's name
        self.fill()
        super().showPopup()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        self.fill()
        super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt's name
        self.fill()
        super().wheelEvent(event)


class PrintingRow:
    """The label, the list and the number box, for the line `line()` gives (None: no line) in
    the session `session()` gives (the window's, which changes with the deck)."""

    def __init__(
        self, session: Callable[[], EditorSession], line: Callable[[], Line | None]
    ) -> None:
        self.session_of = session
        self.line = line
        self.card: Any = None
        self.defer = False  # set while the window starts (ui.app.run_gui)
        self.printings: list[Printing | None] = [None]  # "any printing", then the card's
        self.label = QLabel("Printing")
        self.box = PrintingBox()
        # as wide as the pane gives it, not as its longest printing (which pushed the panes
        # about on a 1366-pixel screen); the list that drops down shows each printing whole
        self.box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.box.setMinimumContentsLength(12)
        self.box.setToolTip(
            "The printing this deck line names (written by every export that can carry it)"
        )
        self.number_edit = QLineEdit()
        self.number_edit.setPlaceholderText("No.")
        self.number_edit.setToolTip("Collector number within the set (optional)")
        self.number_edit.setMaximumWidth(70)
        self.layout = QHBoxLayout()
        self.layout.addWidget(self.label)
        self.layout.addWidget(self.box, 1)
        self.layout.addWidget(self.number_edit)
        self.box.activated.connect(lambda _: self._chosen(typed=False))
        self.number_edit.editingFinished.connect(lambda: self._chosen(typed=True))

    @property
    def session(self) -> EditorSession:
        return self.session_of()

    def fill(self, card: Any, now: bool = False) -> None:
        """The line's printing, chosen among the pool's printings of `card` (a printing read
        from a file that the pool does not list is kept and shown as it is)."""
        self.card = card
        line = self.line()
        entry = line[1] if line is not None else None
        self.box.pending = None
        if entry is not None and entry.printing is None and self.defer and not now:
            self._outline()
            return
        choices = self.session.game.printing_choices(card) if entry is not None else []
        current = entry.printing if entry is not None else None
        box, game = self.box, self.session.game
        box.blockSignals(True)
        box.clear()
        self.printings = [None]
        box.addItem("any printing")
        keep = None
        for p in choices:
            self.printings.append(p)
            box.addItem(self._icon(p), game.printing_text(p))
            if current is not None and (p.code or p.set) == (current.code or current.set):
                keep = len(self.printings) - 1
        if current is not None and keep is None and not current.is_empty():
            self.printings.append(current)
            box.addItem(self._icon(current), game.printing_text(current))
            keep = len(self.printings) - 1
        box.setCurrentIndex(keep or 0)
        view = box.view()  # the list, wider than the box: each printing whole
        view.setMinimumWidth(
            view.sizeHintForColumn(0) + view.verticalScrollBar().sizeHint().width()
        )
        box.blockSignals(False)
        self.number_edit.setText(
            (current.number or "") if current is not None and current.set else ""
        )
        shown = bool(choices) or keep is not None
        self._show(shown, shown and any(p.set for p in self.printings[1:] if p))
        self.number_edit.setEnabled(box.currentIndex() > 0)

    def _outline(self) -> None:
        """What `fill` shows of a line that names no printing ("any printing", the row shown
        when there are printings to pick), the list itself filled when first used."""
        outline = self.session.game.printing_outline(self.card)
        box = self.box
        box.blockSignals(True)
        box.clear()
        self.printings = [None]
        box.addItem("any printing")
        box.setCurrentIndex(0)
        box.blockSignals(False)
        box.pending = lambda: self.fill(self.card, now=True)
        self.number_edit.setText("")
        self._show(bool(outline), bool(outline) and any(p.set for p in outline))
        self.number_edit.setEnabled(False)

    def _show(self, shown: bool, numbered: bool) -> None:
        self.label.setVisible(shown)
        self.box.setVisible(shown)
        self.number_edit.setVisible(numbered)

    def _chosen(self, typed: bool) -> None:
        line = self.line()
        if line is None:
            return
        (section, index), entry = line
        chosen = self.printings[self.box.currentIndex()]
        if chosen is not None and chosen.set:
            old = entry.printing
            same = old is not None and old.set == chosen.set  # keep its finish, ids, art index
            typed = same or typed  # another set: its own number
            number = (self.number_edit.text().strip() or None) if typed else chosen.number
            base = old if same and old is not None else chosen
            chosen = replace(base, number=number)
        self.session.set_printing(section, index, chosen)

    def _icon(self, printing: Printing) -> QIcon:
        symbol = self.session.game.printing_symbol(printing)
        if symbol is None:
            return QIcon()
        return QIcon(QPixmap.fromImage(symbol_image(symbol, ICON, ink())))
