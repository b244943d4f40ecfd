"""The template the deck is built to, above the statistics: one row per category, "Ramp 8/10"
with its target beside it. Clicking a row asks the catalog for that category's cards (the game's
search, within the deck's legality as every catalog search is); "Build to this template" makes
the deck keep the targets shown, so the problem list warns about the categories under theirs.

Rows are made once per category and only their texts change on each edit (product.md: widgets
are updated, not rebuilt).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from deckeditor.games.categories import TargetStatus

_SHORT = "color: #a05a00;"  # under its target: the off-target colour of the deck pane's headers


class _Row:
    def __init__(self, panel: TemplatePanel, category: str, row: int) -> None:
        self.category = category
        self.button = QPushButton(category)
        self.button.setFlat(True)
        self.button.setStyleSheet("text-align: left;")
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.clicked.connect(lambda: panel.categoryClicked.emit(self.category))
        self.target = QSpinBox()
        self.target.setRange(0, 9999)
        self.target.setToolTip(f"How many {category.lower()} the deck is built to have")
        self.target.editingFinished.connect(lambda: panel._target_edited(self))
        panel.grid.addWidget(self.button, row, 0)
        panel.grid.addWidget(QLabel("target"), row, 1)
        panel.grid.addWidget(self.target, row, 2)
        self.shown_target = -1
        self.ok: bool | None = None

    def show(self, status: TargetStatus, query: str) -> None:
        """Only what changed is set: a style sheet set again re-polishes the button."""
        if self.button.text() != status.label:
            self.button.setText(status.label)
        if self.ok is not status.ok:
            self.ok = status.ok
            self.button.setStyleSheet("text-align: left;" + ("" if status.ok else _SHORT))
        tip = (
            f"List {status.category.lower()} in the catalog ({query})"
            if query
            else "A category of your own: no card text names it"
        )
        if self.button.toolTip() != tip:
            self.button.setToolTip(tip)
        self.shown_target = status.target
        if self.target.value() != status.target and not self.target.hasFocus():
            self.target.blockSignals(True)
            self.target.setValue(status.target)
            self.target.blockSignals(False)
        if self.button.isHidden():
            self.button.setVisible(True)
            self.target.setVisible(True)


class TemplatePanel(QWidget):
    categoryClicked = Signal(str)
    targetChanged = Signal(str, int)
    buildRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel("<b>Template</b>")
        self.title.setWordWrap(True)  # its note would set the Statistics tab's width
        layout.addWidget(self.title)
        self.grid = QGridLayout()
        layout.addLayout(self.grid)
        self.build_button = QPushButton("Build to this template")
        self.build_button.setToolTip(
            "Keep these targets in the deck and list the categories under their target as warnings"
        )
        self.build_button.clicked.connect(self.buildRequested.emit)
        layout.addWidget(self.build_button)
        self.rows: dict[str, _Row] = {}
        self.kept = False

    def set_status(
        self, statuses: Sequence[TargetStatus], queries: dict[str, str], kept: bool
    ) -> None:
        """`statuses`: the template's categories with their counts (`categories.TargetStatus`);
        `kept`: the deck carries the template (else it is the game's default, shown only)."""
        self.kept = kept
        shown = set()
        for status in statuses:
            row = self.rows.get(status.category)
            if row is None:
                row = self.rows[status.category] = _Row(self, status.category, len(self.rows))
            row.show(status, queries.get(status.category, ""))
            shown.add(status.category)
        for name, row in self.rows.items():
            if name not in shown and not row.button.isHidden():
                row.button.setVisible(False)
                row.target.setVisible(False)
        title = "<b>Template</b>" + (
            "" if kept else " (the format's usual shape; not kept in the deck)"
        )
        if self.title.text() != title:
            self.title.setText(title)
        if self.build_button.isHidden() == (not kept and bool(statuses)):
            self.build_button.setVisible(not kept and bool(statuses))
        if self.isHidden() == bool(statuses):
            self.setVisible(bool(statuses))

    def _target_edited(self, row: _Row) -> None:
        if row.target.value() != row.shown_target:  # focus leaving an unchanged box is no edit
            self.targetChanged.emit(row.category, row.target.value())

    def label_of(self, category: str) -> str:
        row = self.rows.get(category)
        return row.button.text() if row is not None else ""
