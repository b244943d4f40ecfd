"""Export: every kind the program writes, stating what the chosen kind cannot carry before the
file is written (deck-files.md §8)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QListView,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.deck_files import (
    deck_text,
    export_kind,
    export_kinds,
    export_losses,
    save_deck_file,
)
from deckeditor.losses import group_losses


class ExportDialog(QDialog):
    def __init__(
        self,
        deck: Deck,
        pool: CardPool[Any] | None,
        parent: QWidget | None = None,
        start_dir: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export deck")
        self.deck, self.pool, self.start_dir = deck, pool, start_dir
        self.written: str | None = None
        self.kind_box = QComboBox()
        for kind in export_kinds(deck.game):
            self.kind_box.addItem(export_kind(deck.game, kind).label, kind)
        self.losses = QListWidget()
        # a long loss line wraps instead of hiding behind a horizontal scroll bar
        self.losses.setWordWrap(True)
        self.losses.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.losses.setResizeMode(QListView.ResizeMode.Adjust)
        self.losses.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.loss_title = QLabel()
        # a text kind shows what it writes (a deck code to paste), with a button to copy it
        self.text_view = QPlainTextEdit()
        self.text_view.setReadOnly(True)
        self.copy_button = QPushButton("Copy to clipboard")
        self.copy_button.clicked.connect(self.copy_text)
        form = QFormLayout()
        form.addRow("File type", self.kind_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.loss_title)
        layout.addWidget(self.losses, 1)
        layout.addWidget(self.text_view, 2)
        layout.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(buttons)
        self.kind_box.currentIndexChanged.connect(lambda _: self._show_losses())
        self.resize(760, 560)  # room for the loss lines and the text, on a 1366×768 screen too
        self._show_losses()

    def kind(self) -> str:
        return str(self.kind_box.currentData())

    def _show_text(self) -> None:
        kind = export_kind(self.deck.game, self.kind())
        self.text_view.setVisible(kind.shares)
        self.copy_button.setVisible(kind.shares)
        self.copy_button.setText("Copy to clipboard")
        if not kind.shares:
            return
        try:
            self.text_view.setPlainText(deck_text(self.deck, self.kind(), self.pool))
        except Exception as exc:  # shown, never raised
            self.text_view.setPlainText(f"This deck cannot be written as {kind.short_label}: {exc}")

    def copy_text(self) -> None:
        QGuiApplication.clipboard().setText(self.text_view.toPlainText())
        self.copy_button.setText("Copied")

    def _show_losses(self) -> None:
        self._show_text()
        self.losses.clear()
        try:
            lost = export_losses(self.deck, self.kind(), self.pool)
        except Exception as exc:  # an engine error is shown, not raised
            lost = [str(exc)]
        if lost:
            self.loss_title.setText(
                f"<b>{export_kind(self.deck.game, self.kind()).label} cannot carry:</b>"
            )
            for group in group_losses(lost):
                self.losses.addItem(group.sentence())
                if len(group.cards) > 1:  # every card of the group, on hover
                    self.losses.item(self.losses.count() - 1).setToolTip("\n".join(group.cards))
        else:
            self.loss_title.setText("Nothing is lost in this format.")

    def default_name(self) -> str:
        """The deck's name with the kind's extension; kinds sharing an extension (three kinds of
        .txt) are told apart by the kind's name, so no export overwrites another by default."""
        kinds = [export_kind(self.deck.game, k) for k in export_kinds(self.deck.game)]
        this = export_kind(self.deck.game, self.kind())
        shared = sum(1 for k in kinds if k.extension == this.extension) > 1
        tag = f" ({this.label.split(' (')[0]})" if shared else ""
        return f"{self.deck.name}{tag}{this.extension}"

    def export_to(self, path: str) -> None:
        save_deck_file(path, self.deck, self.kind(), self.pool)
        self.written = path

    def _save(self) -> None:
        default = self.default_name()
        default = f"{self.start_dir}/{default}" if self.start_dir else default
        path, _ = QFileDialog.getSaveFileName(self, "Export deck", default)
        if not path:
            return
        try:
            self.export_to(path)
        except Exception as exc:  # shown in a dialog, never a traceback
            QMessageBox.warning(self, "Export failed", str(exc))
            return
        self.accept()
