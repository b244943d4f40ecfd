"""The card import's progress dialog: the file being read and how far (cards or scripts), then
"Writing the card database…" and "Indexing the cards for search…" with a busy bar, so no phase
passes without a sign. Cancel is offered while stopping leaves the database as it was (reading,
writing); the indexing phase has nothing to undo, so it offers none."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget


class ImportProgress(QProgressDialog):
    def __init__(self, sources: list[str], parent: QWidget | None = None) -> None:
        super().__init__("Importing cards…", "Cancel", 0, 0, parent)
        self.setWindowTitle("Import cards")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumDuration(0)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.setMinimumWidth(460)
        self.sources = sources
        self.phase = ""
        self.labels: list[str] = []  # every label shown, in order (what the player saw)
        self.file = Path(sources[0]).name if sources else ""
        self._set_phase("reading", f"Reading {self.file}…")

    def setLabelText(self, text: str) -> None:  # noqa: N802 - Qt's name
        if not self.labels or self.labels[-1] != text:
            self.labels.append(text)
        super().setLabelText(text)

    def _set_phase(self, phase: str, label: str, busy: bool = False) -> None:
        self.phase = phase
        self.setLabelText(label)
        if busy:
            self.setRange(0, 0)
        QApplication.processEvents()  # the new phase paints now, before the next long step

    def reading(self, path: str) -> None:
        self.file = Path(path).name
        count = (
            f" ({self.sources.index(path) + 1} of {len(self.sources)})"
            if len(self.sources) > 1 and path in self.sources
            else ""
        )
        self._set_phase("reading", f"Reading {self.file}{count}…", busy=True)

    def progressed(self, done: int, total: int, text: str) -> None:
        if total:
            self.setRange(0, total)
            self.setValue(min(done, total))
        what = f" — {text}" if text else (f" — {done:,} of {total:,}" if total else "")
        self.setLabelText(f"Reading {self.file}{what}")

    def writing(self) -> None:
        self._set_phase("writing", f"Writing the card database ({self.file})…", busy=True)

    def indexing(self) -> None:
        self.setCancelButton(None)
        self._set_phase("indexing", "Indexing the cards for search…", busy=True)
