"""The count under the catalog: "207 of 210 cards", and beside it how many of the cards the
search finds the deck's rules hide ("· 3 hidden by the deck's rules"), so a fresh window that
lists fewer cards than the pool holds says why (View › Show hidden cards lists them)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from deckeditor.catalog_search import SearchState
from deckeditor.words import count


def matching(state: SearchState, size: int) -> int:
    """How many cards of the pool the search finds, before the deck's rules."""
    if state.bits is not None:
        return int(state.bits).bit_count()
    rows = state.rows
    return size if rows is None else len(rows)


def _hidden_words(hidden: int) -> str:
    return f"· {hidden:,} hidden by the deck's rules"


class CatalogCount(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count_label = QLabel()
        self.hidden_label = QLabel()
        for label in (self.count_label, self.hidden_label):
            label.setStyleSheet("color: palette(mid);")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.count_label)
        row.addWidget(self.hidden_label)

    def say(self, rows: Sequence[int], state: SearchState, size: int, show_hidden: bool) -> None:
        """The rows shown of the pool's size; with hidden rows not listed, how many."""
        self.count_label.setText(f"{len(rows):,} of {size:,} cards")
        hidden = 0 if show_hidden else matching(state, size) - len(rows)
        self.hidden_label.setVisible(hidden > 0)
        if hidden > 0:
            # as wide as the pool's largest count: a count that grows by a digit as the player
            # types is never cut before the layout catches up
            widest = self.hidden_label.fontMetrics().horizontalAdvance(_hidden_words(size))
            self.hidden_label.setMinimumWidth(widest)
            self.hidden_label.setText(_hidden_words(hidden))
            self.hidden_label.setToolTip(
                f"{count(hidden, 'card')} the search finds {'is' if hidden == 1 else 'are'} "
                "hidden by the deck's rules (its format, colours, copy limits) — View › Show "
                f"hidden cards lists {'it' if hidden == 1 else 'them'} greyed, each with why"
            )
