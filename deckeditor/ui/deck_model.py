"""The deck pane's tree: sections (with counts) -> groups (type or mana value) -> entries.

A deck holds a few hundred lines at most, so the tree is rebuilt from the snapshot on every change
(QStandardItemModel); the pane restores expansion and selection afterwards.
"""

from __future__ import annotations

from typing import Any, Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem, QStandardItemModel

from deckeditor.deck import Deck
from deckeditor.session import compact_cost, primary_type, type_line

SECTION_ROLE = Qt.ItemDataRole.UserRole + 10
INDEX_ROLE = Qt.ItemDataRole.UserRole + 11
CARD_ROLE = Qt.ItemDataRole.UserRole + 12
KIND_ROLE = Qt.ItemDataRole.UserRole + 13  # "section" | "group" | "entry"

GROUPINGS = ("Type", "Mana value", "None")
SORTS = ("Name", "Mana value", "Count")
HEADERS = ("Card", "Qty", "Cost", "Type")
_RED = QBrush(QColor(176, 0, 32))


def _mv(card: Any) -> float:
    if card is None:
        return 99.0
    mv = getattr(card, "mana_value", None)
    return float(mv if mv is not None else (getattr(card, "energy", 0) or 0))


def group_of(card: Any, grouping: str) -> str:
    if grouping == "Type":
        return primary_type(card)
    if grouping == "Mana value":
        if card is None:
            return "Unknown"
        if "Land" in (getattr(card, "types", ()) or ()):
            return "Lands"
        mv = int(_mv(card))
        return f"Mana value {mv}" if mv < 7 else "Mana value 7+"
    return ""


def _group_rank(label: str) -> tuple:
    order = ("Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment",
             "Kindred", "Land", "Lands", "Other", "Unknown")
    if label.startswith("Mana value"):
        return (0, label)
    return (1, order.index(label) if label in order else 50, label)


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
    ) -> None:
        """Fill the tree from a deck snapshot. `flagged` cards (named by a problem) show red."""
        self.removeRows(0, self.rowCount())
        for name in sections:
            section = deck.section(name)
            head = QStandardItem(f"{name}  ({section.total})")
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
                groups.setdefault(group_of(item[2], grouping), []).append(item)
            for label in sorted(groups, key=_group_rank):
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
        if sort == "Mana value":
            return (_mv(card), entry.card.casefold())
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
            faces = getattr(card, "faces", None)
            if faces:
                cells[2].setText(compact_cost(faces[0].mana_cost))
                cells[3].setText(faces[0].type_line)
            else:
                energy = getattr(card, "energy", None)
                cells[2].setText("" if energy is None else str(energy))
                cells[3].setText(type_line(card))
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
