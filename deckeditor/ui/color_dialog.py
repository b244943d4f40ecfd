"""The upfront colour choice (mtg-rules.md §8, §9): one toggle per option of the budget (the
game's colours), exactly or at most n.

Colours outside the commanders' identity carry a warning mark (Cryptic Spires may still take
them); each toggle says how many deck cards rely on that colour, so a player changing a choice sees
what it costs.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from deckeditor.games import registry
from deckeditor.games.interface import ChoiceOption, ColorBudget

_SHIFT = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier


def options_of(budget: ColorBudget) -> tuple[ChoiceOption, ...]:
    """The budget's toggles; a budget built without them offers the default game's."""
    return tuple(budget.options) or tuple(registry.default().choice_options())


class ColorDialog(QDialog):
    def __init__(
        self,
        card_name: str,
        budget: ColorBudget,
        chosen: str = "",
        zone: str = "",
        relied: dict[str, int] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.budget = budget
        self.setWindowTitle(f"Choose colours — {card_name}")
        n = budget.count
        plural = "s" if n != 1 else ""
        if budget.exactly:
            text = f"Circle exactly {n} colour{plural} for <b>{card_name}</b>."
        else:
            text = (
                f"Choose up to {n} additional colour{plural} for <b>{card_name}</b>. "
                "Leave the budget open and the first off-colour card you add that fits it "
                "commits its colour."
            )
        intro = QLabel(text)
        intro.setWordWrap(True)
        self.buttons: dict[str, QToolButton] = {}
        row = QHBoxLayout()
        self.options = options_of(budget)
        for option in self.options:
            b = self._button(option, chosen, zone, (relied or {}).get(option.letter, 0))
            self.buttons[option.letter] = b
            row.addWidget(b)
        self.status = QLabel()
        self.box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        clear = QPushButton("Clear")
        clear.clicked.connect(self._clear)
        self.box.addButton(clear, QDialogButtonBox.ButtonRole.ResetRole)
        self.box.accepted.connect(self.accept)
        self.box.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.box)
        self._update()

    def _button(self, option: ChoiceOption, chosen: str, zone: str, uses: int) -> QToolButton:
        """One colour's toggle: its letter and name, how many cards rely on it, and whether it
        lies outside (or, for an additional colour, already inside) the commanders' identity."""
        letter = option.letter
        b = QToolButton()
        b.setCheckable(True)
        b.setChecked(letter in chosen)
        mark = " ⚠" if zone and letter not in zone and self.budget.exactly else ""
        b.setText(
            f"{letter}\n{option.name}{mark}"
            + (f"\n{uses} card{'s' if uses != 1 else ''}" if uses else "")
        )
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        b.setMinimumSize(72, 64)
        tip = option.name
        if mark:
            tip += " — outside the commanders' identity"
        if letter in zone and not self.budget.exactly:
            tip += " — already in the commanders' identity"
        b.setToolTip(tip)
        # the fills are light in either theme: the text is dark on them (a dark theme's light
        # text was unreadable on them), and the toggle with the keyboard's focus shows it
        b.setStyleSheet(
            f"QToolButton {{ background: {option.fill}; color: #1a1a1a; border: 2px solid #999;"
            " border-radius: 6px; }"
            "QToolButton:checked { border: 3px solid #202060; font-weight: bold; }"
            "QToolButton:disabled { color: #6a6a6a; border-style: dotted; }"
            "QToolButton:focus { border: 3px dashed #1d5fbf; }"
        )
        if letter in zone and not self.budget.exactly and letter not in chosen:
            b.setEnabled(False)  # an additional colour already in the identity adds nothing
        b.toggled.connect(self._update)
        return b

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        """A colour's letter (W, U, B, R, G) toggles it, as the toggles say."""
        typed = event.text().upper()
        button = next((b for c, b in self.buttons.items() if typed and c.upper() == typed), None)
        if button is not None and button.isEnabled() and not event.modifiers() & ~_SHIFT:
            button.setFocus()
            button.toggle()
            return
        super().keyPressEvent(event)

    def colors(self) -> str:
        return "".join(o.letter for o in self.options if self.buttons[o.letter].isChecked())

    def set_colors(self, letters: str) -> None:
        for c, b in self.buttons.items():
            b.setChecked(c in letters)

    def _clear(self) -> None:
        for button in self.buttons.values():
            button.setChecked(False)

    def _update(self, *_args: object) -> None:
        n, chosen = self.budget.count, len(self.colors())
        ok = chosen == n if self.budget.exactly else chosen <= n
        self.box.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        if self.budget.exactly:
            self.status.setText(f"{chosen} of {n} chosen")
        elif chosen < n:
            self.status.setText(f"{chosen} of {n} chosen — {n - chosen} left open")
        else:
            self.status.setText(f"{chosen} of {n} chosen" + ("" if ok else " — too many"))
