"""The deck pane's tree: Delete removes a line, + and - change its count, a digit types its
quantity, the Menu key opens its context menu; a catalog card dropped on it is added, a line
dropped moves to the section it lands in."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QTreeView, QWidget

from deckeditor.ui.catalog_model import CARD_MIME
from deckeditor.ui.deck_model import INDEX_ROLE, KIND_ROLE, SECTION_ROLE, SLOT_ROLE
from deckeditor.ui.keyboard_menu import asks_for_menu, open_at_current

ENTRY_MIME = "application/x-deckeditor-entry"


class DeckTree(QTreeView):
    """Delete removes, +/- change counts; drops add catalog cards or move deck lines."""

    keyAction = Signal(str)
    dropped = Signal(str, str, str)  # mime kind, payload, target section

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDropIndicatorShown(True)
        # double-click adds a copy; a digit or F2 edits the quantity
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        current = self.currentIndex()
        if (
            event.text().isdigit()
            and current.isValid()
            and self.state() != QAbstractItemView.State.EditingState
        ):
            qty = current.siblingAtColumn(1)
            if qty.flags() & Qt.ItemFlag.ItemIsEditable:  # a digit on a line types its quantity
                self.setCurrentIndex(qty)
                super().keyPressEvent(event)  # AnyKeyPressed: the editor opens with the digit
                return
        if asks_for_menu(event):  # the keyboard's context menu, at the line
            open_at_current(self)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.keyAction.emit("delete")
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.keyAction.emit("plus")
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.keyAction.emit("minus")
        else:
            super().keyPressEvent(event)

    def startDrag(self, actions: Qt.DropAction) -> None:  # noqa: N802 - Qt's name
        index = self.currentIndex()
        if not index.isValid() or index.data(KIND_ROLE) != "entry":
            return
        mime = QMimeData()
        mime.setData(ENTRY_MIME, f"{index.data(SECTION_ROLE)}\t{index.data(INDEX_ROLE)}".encode())
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.MoveAction)

    def _accepts(self, event: QDropEvent) -> bool:
        mime = event.mimeData()
        return bool(mime.hasFormat(CARD_MIME) or mime.hasFormat(ENTRY_MIME))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt's name
        if self._accepts(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt's name
        if self._accepts(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt's name
        index = self.indexAt(event.position().toPoint())
        target = index.data(SECTION_ROLE) if index.isValid() else "Main"
        mime = event.mimeData()
        if mime.hasFormat(ENTRY_MIME):
            self.dropped.emit(
                "entry", bytes(mime.data(ENTRY_MIME).data()).decode(), target or "Main"
            )
        elif mime.hasFormat(CARD_MIME):  # onto a slot's header: into that slot
            target = (index.data(SLOT_ROLE) if index.isValid() else None) or target
            self.dropped.emit(
                "cards", bytes(mime.data(CARD_MIME).data()).decode("utf-8"), target or "Main"
            )
        event.acceptProposedAction()


__all__ = ["ENTRY_MIME", "DeckTree"]
