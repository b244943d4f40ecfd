"""The deck pane's tree: sections (with counts against their targets) -> groups (the game's
groupings: type, mana value, energy …) -> entries. The deck's game answers every game question.

A deck holds a few hundred lines at most, so the tree is rebuilt from the snapshot on every change
(QStandardItemModel); the pane restores expansion and selection afterwards.
"""

from __future__ import annotations

from typing import Any, Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem, QStandardItemModel

from deckeditor.deck import Deck
from deckeditor.games import registry
from deckeditor.games.interface import Game, SectionCount

SECTION_ROLE = Qt.ItemDataRole.UserRole + 10
INDEX_ROLE = Qt.ItemDataRole.UserRole + 11
CARD_ROLE = Qt.ItemDataRole.UserRole + 12
KIND_ROLE = Qt.ItemDataRole.UserRole + 13  # "section" | "group" | "entry"

GROUPINGS = ("Type", "Mana value", "None")  # the default game's; the pane asks the deck's game
SORTS = ("Name", "Cost", "Count")
HEADERS = ("Card", "Qty", "Cost", "Type")
_RED = QBrush(QColor(176, 0, 32))
_OFF_TARGET = QBrush(QColor(160, 90, 0))


class DeckModel(QStandardItemModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setHorizontalHeaderLabels(list(HEADERS))
        self._bold = QFont()
        self._bold.setBold(True)

    def rebuild(
        self,
        deck: Deck,
        sections: Iterable[str],
        pool: Any,
        grouping: str = "Type",
        sort: str = "Name",
        flagged: set[str] | frozenset[str] = frozenset(),
        game: Game | None = None,
        counts: list[SectionCount] | None = None,
    ) -> None:
        """Fill the tree from a deck snapshot. `flagged` cards (named by a problem) show red;
        `counts` (the game's section counts) label the section rows ("Main 40/40")."""
        self.game = game = game or registry.game(deck.game)
        labels = {c.section: c for c in counts or ()}
        self.removeRows(0, self.rowCount())
        for name in sections:
            section = deck.section(name)
            count = labels.get(name)
            head = QStandardItem(count.label if count is not None and count.target else
                                 f"{game.section_title(name)}  ({section.total})")
            if count is not None and not count.ok:
                head.setForeground(_OFF_TARGET)
            head.setData(name, SECTION_ROLE)
            head.setData("section", KIND_ROLE)
            head.setFont(self._bold)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDropEnabled)
            row = [head] + [self._blank(name) for _ in HEADERS[1:]]
            self.appendRow(row)
            lines = []
            for i, entry in enumerate(section.entries):
                card = pool.get(entry.card) if pool is not None else None
                lines.append((i, entry, card))
            lines.sort(key=lambda t: self._sort_key(t, sort))
            groups: dict[str, list] = {}
            for item in lines:
                groups.setdefault(game.group_of(item[2], grouping), []).append(item)
            for label in sorted(groups, key=game.group_rank):
                parent = head
                if label:
                    items = groups[label]
                    g = QStandardItem(f"{label}  ({sum(e.count for _, e, _ in items)})")
                    g.setData(name, SECTION_ROLE)
                    g.setData("group", KIND_ROLE)
                    g.setForeground(QBrush(QColor(90, 90, 90)))
                    g.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
                    head.appendRow([g] + [self._blank(name) for _ in HEADERS[1:]])
                    parent = g
                for index, entry, card in groups[label]:
                    parent.appendRow(self._entry_row(name, index, entry, card, entry.card in flagged))

    def _sort_key(self, item, sort: str):
        _, entry, card = item
        if sort in ("Cost", "Mana value"):
            return (self.game.sort_value(card), entry.card.casefold())
        if sort == "Count":
            return (-entry.count, entry.card.casefold())
        return (entry.card.casefold(),)

    def _blank(self, section: str) -> QStandardItem:
        item = QStandardItem()
        item.setData(section, SECTION_ROLE)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        return item

    def _entry_row(self, section: str, index: int, entry, card, flagged: bool) -> list[QStandardItem]:
        label = entry.card + (f"  [{entry.colors}]" if entry.colors else "")
        cells = [QStandardItem(label), QStandardItem(), QStandardItem(), QStandardItem()]
        cells[1].setData(entry.count, Qt.ItemDataRole.DisplayRole)
        if card is None:
            cells[0].setToolTip(f"{entry.card}: unknown card (kept, written back on save)")
            font = QFont()
            font.setItalic(True)
            cells[0].setFont(font)
            cells[3].setText("unknown card")
        else:
            cells[2].setText(self.game.cost_text(card))
            cells[3].setText(self.game.type_line(card))
        if flagged or card is None:
            for c in cells:
                c.setForeground(_RED)
        for c in cells:
            c.setData(section, SECTION_ROLE)
            c.setData(index, INDEX_ROLE)
            c.setData(entry.card, CARD_ROLE)
            c.setData("entry", KIND_ROLE)
            c.setFlags(
                Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
            )
        cells[1].setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return cells

    def entry_indexes(self) -> list:
        """Every entry's column-0 index, depth first (for selection by card name)."""
        out = []

        def walk(parent):
            for r in range(self.rowCount(parent)):
                idx = self.index(r, 0, parent)
                if idx.data(KIND_ROLE) == "entry":
                    out.append(idx)
                else:
                    walk(idx)

        from PySide6.QtCore import QModelIndex

        walk(QModelIndex())
        return out
