"""The count under the catalog: "207 of 210 cards", and beside it how many of the cards the
search finds the deck's rules hide ("· 3 hidden by the deck's rules"), so a fresh window that
lists fewer cards than the pool holds says why (View › Show hidden cards lists them)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from deckeditor.catalog_search import SearchState
from deckeditor.words import count


def _hidden_words(hidden: int) -> str:
    return f"· {hidden:,} hidden by the deck's rules"


class CatalogCount(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count_label = QLabel()
        self.hidden_label = QLabel()
        self._widest_for = -1  # the pool size the hidden label's width was measured for
        for label in (self.count_label, self.hidden_label):
            label.setStyleSheet("color: palette(mid);")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.count_label)
        row.addWidget(self.hidden_label)

    def say(self, rows: Sequence[int], state: SearchState, size: int, show_hidden: bool) -> None:
        """The rows shown of the pool's size; with hidden rows not listed, how many."""
        self.count_label.setText(f"{len(rows):,} of {size:,} cards")
        hidden = 0 if show_hidden else state.found(size) - len(rows)
        self.hidden_label.setVisible(hidden > 0)
        if hidden > 0:
            # as wide as the pool's largest count: a count that grows by a digit as the player
            # types is never cut before the layout catches up
            if self._widest_for != size:  # measured once per pool size, not per keystroke
                words = _hidden_words(size)
                self.hidden_label.setMinimumWidth(
                    self.hidden_label.fontMetrics().horizontalAdvance(words)
                )
                self._widest_for = size
            self.hidden_label.setText(_hidden_words(hidden))
            self.hidden_label.setToolTip(
                f"{count(hidden, 'card')} the search finds {'is' if hidden == 1 else 'are'} "
                "hidden by the deck's rules (its format, colours, copy limits) — View › Show "
                f"hidden cards lists {'it' if hidden == 1 else 'them'} greyed, each with why"
            )
