"""File › New deck…: the game and the format, each defaulting to the last choice (settings)."""

from __future__ import annotations

from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from deckeditor import format_catalog
from deckeditor.games import registry


def formats_of(game: str) -> list[tuple[str, str, str]]:
    """(code, title, group) of the built-in formats of a game, in the catalogue's order."""
    out = []
    for code in format_catalog.builtin_codes():
        try:
            info = format_catalog.load_format(code)
        except format_catalog.FormatLoadError:  # a broken built-in must not hide the others
            continue
        if info.game == game:
            out.append((code, info.title or code, info.group))
    return out


class NewDeckDialog(QDialog):
    def __init__(self, game: str = "", fmt: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New deck")
        self.name_edit = QLineEdit("Untitled deck")
        self.game_box = QComboBox()
        for g in registry.games():
            self.game_box.addItem(g.title, g.code)
        self.format_box = QComboBox()
        for box in (self.game_box, self.format_box):  # "Magic: The Gathering" whole
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.addRow("Name", self.name_edit)
        form.addRow("Game", self.game_box)
        form.addRow("Format", self.format_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._wanted_format = fmt
        self.game_box.currentIndexChanged.connect(lambda _: self._fill_formats())
        index = self.game_box.findData(game)
        self.game_box.setCurrentIndex(index if index >= 0 else 0)
        self._fill_formats()
        self.name_edit.selectAll()

    def _fill_formats(self) -> None:
        game = self.game()
        self.format_box.clear()
        group = None
        for code, title, in_group in formats_of(game):
            if in_group and in_group != group:  # a heading per group, not selectable
                if group is not None:
                    self.format_box.insertSeparator(self.format_box.count())
                self.format_box.addItem(in_group)
                model = self.format_box.model()
                assert isinstance(model, QStandardItemModel)  # a QComboBox's own model
                heading = model.item(self.format_box.count() - 1)
                heading.setEnabled(False)
                group = in_group
            self.format_box.addItem(title, code)
        wanted = self._wanted_format or registry.game(game).default_format
        index = self.format_box.findData(wanted)
        if index < 0:
            index = self.format_box.findData(registry.game(game).default_format)
        self.format_box.setCurrentIndex(max(0, index))

    def game(self) -> str:
        return str(self.game_box.currentData())

    def format(self) -> str:
        return self.format_box.currentData() or registry.game(self.game()).default_format

    def name(self) -> str:
        return self.name_edit.text().strip() or "Untitled deck"
