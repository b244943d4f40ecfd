"""The deck pane's tree: sections (with counts against their targets) -> groups (the game's
groupings: type, mana value, energy …) -> entries. The deck's game answers every game question.

The tree is planned from the deck snapshot on every change (plain tuples), and the plan is applied
to the QStandardItemModel as the difference from the last one: an edit inserts, removes or updates
the few rows it touched, instead of remaking ~300 items and relaying out the whole tree (half of
an edit's cost, issue 17). The view keeps its expansion and selection by itself. A change of
sections, grouping, sort or game fills the tree afresh; the pane then restores expansion and
selection.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem, QStandardItemModel

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry
from deckeditor.games import registry
from deckeditor.games.categories import line_categories, role_titles
from deckeditor.games.interface import Game, SectionCount
from deckeditor.ui import theme

SECTION_ROLE = Qt.ItemDataRole.UserRole + 10
INDEX_ROLE = Qt.ItemDataRole.UserRole + 11
CARD_ROLE = Qt.ItemDataRole.UserRole + 12
KIND_ROLE = Qt.ItemDataRole.UserRole + 13  # "section" | "group" | "entry"
SLOT_ROLE = Qt.ItemDataRole.UserRole + 14  # a slot header's add target (the game's slot)

GROUPINGS = ("Type", "Mana value", "None")  # the default game's; the pane asks the deck's game
# Archidekt's grouping: a line under each of its categories (`deckeditor.games.categories`), so a card
# in two shows in both; the section's count still counts it once
CATEGORY = "Category"
UNCATEGORISED = "Uncategorised"
SORTS = ("Name", "Cost", "Count")
HEADERS = ("Card", "Qty", "Cost", "Type")


def _name_tip(card: str, label: str, unknown: bool) -> str:
    """A line's whole name (the column may be too narrow for it on a laptop: elided)."""
    return f"{card}: unknown card (kept, written back on save)" if unknown else label


def _red() -> QBrush:
    """A flagged line's red, readable on the current theme's background."""
    return QBrush(QColor(theme.tone("#b00020")))


def _off_target() -> QBrush:
    return QBrush(QColor(theme.tone("#a05a00")))


_ENTRY_FLAGS = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
)
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_FOREGROUND = Qt.ItemDataRole.ForegroundRole


# a deck line as the plan sorts and groups it: its index in the section, the line, its card
Line = tuple[int, Entry, Any]
Pool = CardPool[Any] | None


def _group_labels(item: Line, grouping: str, game: Game, pool: Pool, deck: Deck) -> tuple[str, ...]:
    _index, entry, card = item
    if grouping == CATEGORY:
        return line_categories(entry, card, game, pool, deck) or (UNCATEGORISED,)
    return (game.group_of(card, grouping),)


def _category_rank(game: Game, deck: Deck) -> Callable[[str], tuple[int, int, str]]:
    """The game's roles in their order, then the player's categories by name, then lines with none."""
    order = {title: i for i, title in enumerate(role_titles(game, deck).values())}

    def rank(label: str) -> tuple[int, int, str]:
        if label == UNCATEGORISED:
            return (2, 0, label)
        return (0, order[label], label) if label in order else (1, 0, label.casefold())

    return rank


@dataclass
class _Node:
    """One planned row: `key` says which line it is (kept across edits), `data` what it shows."""

    key: tuple[str | int, ...]  # ("section", name[, slot]), ("group", label), an entry's ids
    data: tuple[Any, ...]  # ("section"|"group", section, text, ...) or an entry's cells
    children: list[_Node] = field(default_factory=list)


class DeckModel(QStandardItemModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalHeaderLabels(list(HEADERS))
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self._grey = QBrush(QColor(theme.tone("#555555")))  # group heads, readable in a dark theme
        self._plan: list[_Node] = []
        self._shape: tuple[object, ...] | None = None  # what the rows were planned from
        self.inserted_groups: list[QStandardItem] = []  # group rows the last update added
        # id(card) -> (card, game, cost text, type line), the card kept so its id is not reused
        self._texts: dict[int, tuple[Any, Game, str, str]] = {}

    def retheme(self) -> None:
        """A theme switch: the group heads' grey in the new palette, and every row made afresh
        at the next `rebuild` (rows updated in place keep the colours they were made with)."""
        self._grey = QBrush(QColor(theme.tone("#555555")))
        self._shape = None

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
    ) -> bool:
        """Show a deck snapshot. `flagged` cards (named by a problem) show red; `counts` (the
        game's section counts) label the section rows ("Main 40/40"). True when the tree was
        updated in place (expansion and selection kept), False when it was filled afresh."""
        self.game = game = game or registry.game(deck.game)
        sections = tuple(sections)
        plan = self._make_plan(deck, sections, pool, grouping, sort, flagged, game, counts)
        shape = (sections, grouping, sort, id(game), tuple(node.key for node in plan))
        self.inserted_groups = []
        if shape == self._shape and len(self._plan) == self.rowCount():
            root = self.invisibleRootItem()
            for row, (old, new) in enumerate(zip(self._plan, plan)):
                self._update(root, row, old, new)
            self._plan = plan
            return True
        self.removeRows(0, self.rowCount())
        for node in plan:
            self.appendRow(self._make_row(node))
        self._plan, self._shape = plan, shape
        return False

    # --- the plan (plain data) ------------------------------------------------------------

    def _make_plan(
        self,
        deck: Deck,
        sections: tuple[str, ...],
        pool: Pool,
        grouping: str,
        sort: str,
        flagged: set[str] | frozenset[str],
        game: Game,
        counts: list[SectionCount] | None,
    ) -> list[_Node]:
        labels = {c.section: c for c in counts or () if not c.slot}
        slots: dict[str, list[SectionCount]] = {}
        for c in counts or ():
            if c.slot:
                slots.setdefault(c.section, []).append(c)
        plan = []
        for name in sections:
            section = deck.section(name)
            # a section the game shows as slots: one header per slot, each
            # over the lines the game puts in it
            parts = (
                [(c, c.entries or ()) for c in slots[name]]
                if name in slots
                else [(labels.get(name), range(len(section.entries)))]
            )
            for count, indexes in parts:
                plan.append(
                    self._section_node(
                        deck, name, count, indexes, pool, grouping, sort, flagged, game
                    )
                )
        return plan

    def _section_node(
        self,
        deck: Deck,
        name: str,
        count: SectionCount | None,
        indexes: Iterable[int],
        pool: Pool,
        grouping: str,
        sort: str,
        flagged: set[str] | frozenset[str],
        game: Game,
    ) -> _Node:
        section = deck.section(name)
        text = (
            count.label
            if count is not None and count.target
            else f"{game.section_title(name)}  ({section.total})"
        )
        key = (
            ("section", name, count.slot) if count is not None and count.slot else ("section", name)
        )
        head = _Node(key, ("section", name, text, count is not None and not count.ok))
        lines = []
        for i in indexes:
            entry = section.entries[i]
            card = pool.get(entry.card) if pool is not None else None
            lines.append((i, entry, card))
        lines.sort(key=lambda t: self._sort_key(t, sort))
        groups: dict[str, list[Line]] = {}
        for item in lines:
            for label in _group_labels(item, grouping, game, pool, deck):
                groups.setdefault(label, []).append(item)
        seen: dict[tuple[str, str], int] = {}
        rank = _category_rank(game, deck) if grouping == CATEGORY else game.group_rank
        # a section of one kind of card names its only group already ("Runes 12/12")
        heads = len(groups) > 1 or name not in game.single_kind_sections
        for label in sorted(groups, key=rank):
            items = groups[label]
            entries = [
                self._entry_node(name, i, e, c, e.card in flagged, seen) for i, e, c in items
            ]
            if label and heads:
                text = f"{label}  ({sum(e.count for _, e, _ in items)})"
                head.children.append(_Node(("group", label), ("group", name, text), entries))
            else:
                head.children.extend(entries)
        return head

    def _entry_node(
        self,
        section: str,
        index: int,
        entry: Entry,
        card: Any,
        flagged: bool,
        seen: dict[tuple[str, str], int],
    ) -> _Node:
        ident = (entry.card, entry.colors)
        seen[ident] = n = seen.get(ident, -1) + 1  # the same card twice (two printings)
        label = entry.card + (f"  [{entry.colors}]" if entry.colors else "")
        printed = entry.printing.label() if entry.printing is not None else ""
        label += f"  ({printed})" if printed else ""
        if card is None:
            cost, kind = "", "unknown card"
        else:  # kept per card object: an edit re-plans every line, the texts stay the same
            kept = self._texts.get(id(card))
            if kept is None or kept[0] is not card or kept[1] is not self.game:
                if len(self._texts) > 2048:
                    self._texts.clear()
                kept = (card, self.game, self.game.cost_text(card), self.game.type_line(card))
                self._texts[id(card)] = kept
            cost, kind = kept[2], kept[3]
        data = (
            "entry",
            section,
            index,
            entry.card,
            label,
            entry.count,
            cost,
            kind,
            flagged or card is None,
            card is None,
        )
        return _Node(("entry", *ident, n), data)

    # --- applying it ----------------------------------------------------------------------

    def _make_row(self, node: _Node) -> list[QStandardItem]:
        kind = node.data[0]
        if kind == "section":
            _, name, text, off = node.data
            head = QStandardItem(text)
            if off:
                head.setForeground(_off_target())
            head.setData(name, SECTION_ROLE)
            head.setData("section", KIND_ROLE)
            if len(node.key) > 2:  # a slot of the section: cards dropped here go to it
                head.setData(node.key[2], SLOT_ROLE)
            head.setFont(self._bold)
            head.setFlags(
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDropEnabled
            )
            row = [head] + [self._blank(name) for _ in HEADERS[1:]]
        elif kind == "group":
            _, name, text = node.data
            g = QStandardItem(text)
            g.setData(name, SECTION_ROLE)
            g.setData("group", KIND_ROLE)
            g.setForeground(self._grey)
            g.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
            row = [g] + [self._blank(name) for _ in HEADERS[1:]]
            self.inserted_groups.append(g)
        else:
            return self._entry_row(node.data)
        for child in node.children:
            row[0].appendRow(self._make_row(child))
        return row

    def _update(self, parent: QStandardItem, row: int, old: _Node, new: _Node) -> None:
        """Row `row` of `parent` showed `old` (same key as `new`): change what differs. The row's
        item is asked of Qt only when needed (most lines of an edit are as they were)."""
        if old.data != new.data:
            kind = new.data[0]
            if kind == "section":
                item = parent.child(row, 0)
                item.setText(new.data[2])
                item.setData(_off_target() if new.data[3] else None, _FOREGROUND)
            elif kind == "group":
                parent.child(row, 0).setText(new.data[2])
            else:
                self._set_entry(parent, row, old.data, new.data)
        if old.children or new.children:
            self._sync(parent.child(row, 0), old.children, new.children)

    def _sync(self, parent: QStandardItem, old: list[_Node], new: list[_Node]) -> None:
        """Make `parent`'s rows (showing `old`) show `new`: matching keys are updated in place,
        the rest removed or inserted, from the last change back so row numbers stay valid."""
        if [n.key for n in old] == [n.key for n in new]:
            for row, (o, n) in enumerate(zip(old, new)):
                self._update(parent, row, o, n)
            return
        matcher = SequenceMatcher(None, [n.key for n in old], [n.key for n in new], autojunk=False)
        for tag, i1, i2, j1, j2 in reversed(matcher.get_opcodes()):
            if tag == "equal":
                for k in range(i2 - i1):
                    self._update(parent, i1 + k, old[i1 + k], new[j1 + k])
                continue
            if i2 > i1:
                parent.removeRows(i1, i2 - i1)
            for k, node in enumerate(new[j1:j2]):
                parent.insertRow(i1 + k, self._make_row(node))

    def _set_entry(
        self, parent: QStandardItem, row: int, old: tuple[Any, ...], new: tuple[Any, ...]
    ) -> None:
        _, section, index, card, label, count, cost, kind, red, unknown = new
        cells = [parent.child(row, c) for c in range(len(HEADERS))]
        if old[4] != label:
            cells[0].setText(label)
        if old[5] != count:
            cells[1].setData(count, Qt.ItemDataRole.DisplayRole)
        if old[6] != cost:
            cells[2].setText(cost)
        if old[7] != kind:
            cells[3].setText(kind)
        if old[8] != red:
            for c in cells:
                c.setData(_red() if red else None, _FOREGROUND)  # None: as a row made afresh
        if old[9] != unknown:
            cells[0].setData(self._italic if unknown else None, Qt.ItemDataRole.FontRole)
        if old[4] != label or old[9] != unknown:
            cells[0].setData(_name_tip(card, label, unknown), Qt.ItemDataRole.ToolTipRole)
        if old[1:3] != (section, index):
            for c in cells:
                c.setData(section, SECTION_ROLE)
                c.setData(index, INDEX_ROLE)

    def _sort_key(self, item: Line, sort: str) -> tuple[Any, ...]:
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

    def _entry_row(self, data: tuple[Any, ...]) -> list[QStandardItem]:
        _, section, index, card, label, count, cost, kind, red, unknown = data
        cells = [QStandardItem(label), QStandardItem(), QStandardItem(cost), QStandardItem(kind)]
        cells[1].setData(count, Qt.ItemDataRole.DisplayRole)
        cells[0].setToolTip(_name_tip(card, label, unknown))
        if unknown:
            cells[0].setFont(self._italic)
        for c in cells:
            if red:
                c.setForeground(_red())
            c.setData(section, SECTION_ROLE)
            c.setData(index, INDEX_ROLE)
            c.setData(card, CARD_ROLE)
            c.setData("entry", KIND_ROLE)
            c.setFlags(_ENTRY_FLAGS)
        cells[1].setTextAlignment(_RIGHT)
        cells[1].setFlags(_ENTRY_FLAGS | Qt.ItemFlag.ItemIsEditable)  # a typed quantity
        cells[1].setToolTip("Type a number to set the count (0 removes the line)")
        return cells

    def entry_indexes(self) -> list[QModelIndex]:
        """Every entry's column-0 index, depth first (for selection by card name)."""
        out: list[QModelIndex] = []

        def walk(parent: QModelIndex) -> None:
            for r in range(self.rowCount(parent)):
                idx = self.index(r, 0, parent)
                if idx.data(KIND_ROLE) == "entry":
                    out.append(idx)
                else:
                    walk(idx)

        walk(QModelIndex())
        return out
