"""Import a deck: a file of any kind the program reads, or pasted text, with the per-line report
(deck-files.md §1) shown as a preview before the deck opens, as Forge's import dialog does."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.deck_files import export_kind, read_deck_file
from deckeditor.deckfile_errors import DeckFileError, ImportResult
from deckeditor.games import registry
from deckeditor.ui import theme
from deckeditor.ui.import_report_model import ImportReportModel, status_name
from deckeditor.words import count


def error_words(error: Exception | None) -> str:
    """Why the text cannot be read: a file's error as `deck.txt:12: …` (the file's place), a
    pasted text's as "Line 1: …" (it read "<text>:1: deck code: …")."""
    if isinstance(error, DeckFileError) and error.path is None:
        where = "" if error.line is None else f"Line {error.line}"
        if where and error.column is not None:
            where += f", column {error.column}"
        return f"{where}: {error.message}" if where else error.message
    return str(error)


class ImportDialog(QDialog):
    def __init__(
        self,
        pool: CardPool[Any] | None,
        parent: QWidget | None = None,
        start_dir: str = "",
        pool_for: Callable[[str], CardPool[Any] | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import deck")
        self.resize(820, 560)
        self.pool = pool
        # a Riftbound deck code pasted while an MTG deck is open resolves against its own pool
        self.pool_for = pool_for or (lambda game: pool)
        self.start_dir = start_dir
        self.result_value: Any = None
        self.source_path: str | None = None

        self.paste = QPlainTextEdit()
        self.paste.setPlaceholderText(
            "Paste a deck list here (Arena, MTGO, Moxfield, Forge, …) or open a file."
        )
        self.paste.setTabChangesFocus(True)  # Tab leaves the box (a deck list needs no tab)
        open_button = QPushButton("Open file…")
        preview_button = QPushButton("Preview")
        self.error = QLabel()
        self.error.setStyleSheet(theme.tone("color:#b00020"))
        self.error.setWordWrap(True)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.table = self._make_table()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Open deck")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)

        row = QHBoxLayout()
        row.addWidget(open_button)
        row.addWidget(preview_button)
        row.addStretch(1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.paste)
        split.addWidget(self.table)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(split, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.notes)
        layout.addWidget(self.buttons)

        open_button.clicked.connect(self._open_file)
        preview_button.clicked.connect(self.preview_text)
        self.paste.textChanged.connect(lambda: setattr(self, "source_path", None))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._keyboard_order(open_button, preview_button)

    def _make_table(self) -> QTableView:
        """The read lines: number, status, the line, why (the last two share the width)."""
        self.model = ImportReportModel(self)
        table = QTableView()
        table.setModel(self.model)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = table.horizontalHeader()
        header.resizeSection(0, self.fontMetrics().horizontalAdvance("00000") + 16)
        header.resizeSection(1, self.fontMetrics().horizontalAdvance("UNKNOWN_CARD") + 24)
        for column in (2, 3):  # the line and the reason share the rest
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        return table

    def _open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Import deck file",
            self.start_dir,
            "Deck files (*.json *.dck *.cod *.dek *.txt *.dec);;All files (*)",
        )
        if path:
            self.preview_file(path)

    def preview_file(self, path: str) -> None:
        self.preview(path)
        self.source_path = path

    def _keyboard_order(self, open_button: QWidget, preview_button: QWidget) -> None:
        """Ctrl+I, then Ctrl+V: the list goes where the player pastes; Tab from it goes on to
        Preview, the preview, then Open deck."""
        self.paste.setFocus()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        chain = (open_button, self.paste, preview_button, self.table, ok)
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)

    def preview_text(self) -> None:
        # bytes: pasted text is never mistaken for the name of a file
        self.preview(self.paste.toPlainText().encode("utf-8"))

    def preview(self, path_or_text: str | bytes) -> None:
        """Read without opening; show each line's status and the notes."""
        self.model.set_lines(())
        self.result_value = None
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        result, first_error = None, None
        own = getattr(self.pool, "game", None) or registry.DEFAULT_GAME
        games = [own] + [g for g in registry.codes() if g != own]
        for game in games:  # the open deck's game first; a deck code may be the other game's
            try:
                result = read_deck_file(
                    path_or_text, self.pool if game == games[0] else self.pool_for(game)
                )
            except Exception as exc:  # DeckFileError and friends: one clear line
                first_error = first_error or exc
                continue
            if result.deck.game != game:
                result = read_deck_file(path_or_text, self.pool_for(result.deck.game))
            break
        if result is None:
            self.error.setText(error_words(first_error))
            self.notes.setText("")
            ok.setEnabled(False)
            return
        self.error.setText("")
        self.result_value = result
        lines = getattr(result, "lines", None) or []
        self.model.set_lines(lines)
        deck = result.deck
        if hasattr(lines, "kind_counts"):  # counted without a status made per line
            counts = {kind.value: n for kind, n in lines.kind_counts().items()}
        else:
            counts = {}
            for line in lines:
                counts[status_name(line)] = counts.get(status_name(line), 0) + 1
        notes = list(getattr(result, "notes", []) or [])
        summary = (
            f"Read as {self._read_as(result, notes)}: {count(deck.count(), 'card')} "
            f"in {count(len(deck.sections), 'section')}"
        )
        if counts.get("UNKNOWN_CARD"):
            summary += f" · {count(counts['UNKNOWN_CARD'], 'line')} naming an unknown card, kept"
        if counts.get("UNPARSED"):
            summary += f" · {count(counts['UNPARSED'], 'line')} not read, kept as text"
        self.notes.setText("<br>".join([summary] + [str(n) for n in notes]))
        ok.setEnabled(True)

    @staticmethod
    def _read_as(result: ImportResult, notes: list[object]) -> str:
        """The kind a player knows it by: a text reader's own "read as MTG Arena text" note
        (taken out of `notes`; the last one, after an encoding's "read as UTF-16 text"), else
        the game's name for the file kind ("Forge (.dck)")."""
        for note in reversed(notes):
            if str(note).startswith("read as "):
                notes.remove(note)
                return str(note)[len("read as ") :]
        return export_kind(result.deck.game, str(result.kind)).label  # unwritten kinds: their code

    def deck(self) -> Deck | None:
        return None if self.result_value is None else self.result_value.deck
