"""The deck pane: sections with counts, grouped and sorted; keyboard, drag and drop, context menu.

Plain edits (+, -, Delete, move) go straight to the session; edits that may need the colour dialog
(adding a card, a lead action such as "Set as commander") are signalled to the window. The
line's lead actions and the section titles come from the deck's game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QStandardItem,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.session import EditorSession
from deckeditor.ui.column_fit import ColumnFit
from deckeditor.ui.deck_model import (
    CARD_ROLE,
    GROUPINGS,
    INDEX_ROLE,
    KIND_ROLE,
    SECTION_ROLE,
    SORTS,
    DeckModel,
)
from deckeditor.ui.deck_tree import DeckTree
from deckeditor.ui.quiet_rows import QuietRows
from deckeditor.ui.symbols import symbol_delegate


def _tool_button(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    return button


# what an edit of a deck line says when no line is selected
SELECT_A_LINE = "Select a deck line first (Alt+3, then the arrows)"


class DeckPane(QWidget):
    addRequested = Signal(str, str)  # card, section
    leadRequested = Signal(str, str, int)  # lead action id, section, index
    colorsRequested = Signal(str, int)
    cardSelected = Signal(str)
    sectionSelected = Signal(str)
    said = Signal(str)  # what an edit made here did, for the status line

    def __init__(self, session: EditorSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.flagged: set[str] = set()
        self.model = DeckModel(self)
        self.tree = DeckTree()
        self._make_tree()
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 13pt;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(self._make_bar())
        layout.addWidget(self.tree, 1)
        self._wire()
        self.context_menu: QMenu | None = None  # the line menu open now (right-click, Menu key)
        self.refresh()

    def _make_tree(self) -> None:
        self.tree.setModel(self.model)
        self._name_fit = ColumnFit(self.tree)  # the name column widened to a longer line
        self._quiet = QuietRows(self.tree)  # an edit below the screen repaints what shows of it
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.tree.setColumnWidth(0, 215)
        self.tree.setColumnWidth(1, 34)
        self.tree.setColumnWidth(2, 64)
        # the Cost column as the game's symbols (the Mana font's discs), its text kept
        self._costs_of: CardPool[Any] | None = None
        self._costs: dict[str, tuple[str, ...]] = {}
        self.cost_delegate = symbol_delegate(
            self._cost_tokens, lambda: self.session.game.symbols(), self.tree
        )
        self.tree.setItemDelegateForColumn(2, self.cost_delegate)

    def _make_bar(self) -> QHBoxLayout:
        """Group and Sort, then +, − and Move to for the selected line."""
        self.group_box = QComboBox()
        self.group_box.addItems(list(self.session.game.groupings or GROUPINGS))
        self.sort_box = QComboBox()
        self.sort_box.addItems(SORTS)
        self.plus = _tool_button("+", "One more copy (+)")
        self.minus = _tool_button("−", "One copy less (-)")
        self.move_button = _tool_button("Move to", "Move the selected line to another section")
        self.move_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.move_menu = QMenu(self)
        self.move_button.setMenu(self.move_menu)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Group"))
        bar.addWidget(self.group_box)
        bar.addWidget(QLabel("Sort"))
        bar.addWidget(self.sort_box)
        bar.addStretch(1)
        bar.addWidget(self.plus)
        bar.addWidget(self.minus)
        bar.addWidget(self.move_button)
        return bar

    def _wire(self) -> None:
        self.group_box.currentTextChanged.connect(lambda _: self.refresh())
        self.sort_box.currentTextChanged.connect(lambda _: self.refresh())
        self.plus.clicked.connect(lambda: self.key_action("plus"))
        self.minus.clicked.connect(lambda: self.key_action("minus"))
        self.move_menu.aboutToShow.connect(self._fill_move_menu)
        self.tree.keyAction.connect(self.key_action)
        self.model.itemChanged.connect(self._on_item_changed)
        self.tree.dropped.connect(self._on_drop)
        self.tree.doubleClicked.connect(self._on_double_click)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.selectionModel().currentChanged.connect(self._on_current)

    def _on_double_click(self, index: QModelIndex) -> None:
        if index.data(KIND_ROLE) == "entry":
            self.key_action("plus")

    # --- state ----------------------------------------------------------------------------

    def _cost_tokens(self, index: QModelIndex | QPersistentModelIndex) -> tuple[str, ...]:
        """A line's cost as symbol tokens, kept per card name for the pool on view (painting asks
        for every visible Cost cell on each repaint)."""
        name = index.data(CARD_ROLE)
        if not name:
            return ()
        pool = self.session.pool
        if self._costs_of is not pool:
            self._costs_of, self._costs = pool, {}
        tokens = self._costs.get(name)
        if tokens is None:
            card = self.session.card(name)
            tokens = self._costs[name] = (
                tuple(self.session.game.cost_symbols(card)) if card is not None else ()
            )
        return tokens

    def set_session(self, session: EditorSession) -> None:
        game_changed = session.game is not self.session.game
        self.session = session
        if game_changed:  # the game's groupings; the same choice kept when the game has it too
            current = self.group_box.currentText()
            self.group_box.blockSignals(True)
            self.group_box.clear()
            self.group_box.addItems(list(session.game.groupings))
            self.group_box.setCurrentText(current)
            self.group_box.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        """Show the session's snapshot, keeping what was expanded and selected: the model
        updates the rows an edit touched in place (the view keeps its state), or fills the
        tree afresh when sections, grouping or sort changed (the state is restored here)."""
        collapsed = set()
        for r in range(self.model.rowCount()):
            idx = self.model.index(r, 0)
            if not self.tree.isExpanded(idx):
                collapsed.add(idx.data(SECTION_ROLE))
        selected = self.selected_entries()
        deck = self.session.deck
        fmt = self.session.fmt  # the format's own title ("Commander"), not its code
        title = f"{deck.name}  —  {getattr(fmt, 'title', None) or self.session.format_code}"
        if self.title.text() != title:
            self.title.setText(title)
        self._filling = True  # the model's own updates are not typed quantities
        self._quiet.begin()  # repainted at the end: only what shows of the update
        try:
            in_place = self._rebuild(deck)
            for group in self.model.inserted_groups if in_place else ():
                self._name_fit.expand_new(group.index())  # groups show their cards, as afresh
        finally:
            self._filling = False
            self._quiet.end()
        if not in_place:
            self._name_fit.forget()  # filled afresh: every row measured, as Qt does
        if self._too_narrow():  # chosen colours in view
            self._name_fit.widen()
        if in_place:
            if selected and not self.selected_entries():  # the selected line left the deck:
                self.select(lambda s, i, c: (s, i) in selected)  # the one now in its place
            return
        self._after_fill(collapsed, selected)

    def _too_narrow(self) -> bool:
        """A line wider than the name column (measured by Qt in full past ~900 lines, where
        Qt itself measures only the rows near the view)."""
        lines = sum(len(s.entries) for s in self.session.deck.sections)
        return self._name_fit.too_narrow(measure_all=lines > 800)

    def _rebuild(self, deck: Deck) -> bool:
        return self.model.rebuild(
            deck,
            self.session.sections,
            self.session.pool,
            self.group_box.currentText(),
            self.sort_box.currentText(),
            self.flagged,
            self.session.game,
            self.session.section_counts(),
        )

    def _after_fill(self, collapsed: set[str], selected: list[tuple[str, int]]) -> None:
        self.tree.expandAll()
        self._name_fit.forget()  # expandAll emits no `expanded`: the rows it shows measured
        if self._too_narrow():  # after expanding, too
            self._name_fit.widen()
        for r in range(self.model.rowCount()):
            idx = self.model.index(r, 0)
            if idx.data(SECTION_ROLE) in collapsed:
                self.tree.collapse(idx)
        if selected:
            self.select(lambda s, i, c: (s, i) in selected)

    def selected_entries(self) -> list[tuple[str, int]]:
        out = []
        for idx in self.tree.selectionModel().selectedRows(0):
            if idx.data(KIND_ROLE) == "entry":
                out.append((idx.data(SECTION_ROLE), idx.data(INDEX_ROLE)))
        return out

    def current_entry(self) -> tuple[str, int] | None:
        idx = self.tree.currentIndex()
        if idx.isValid() and idx.data(KIND_ROLE) == "entry":
            return idx.data(SECTION_ROLE), idx.data(INDEX_ROLE)
        chosen = self.selected_entries()
        return chosen[0] if chosen else None

    def current_section(self) -> str:
        idx = self.tree.currentIndex()
        return (idx.data(SECTION_ROLE) if idx.isValid() else None) or "Main"

    def select(self, wanted: Callable[[str, int, str], bool]) -> int:
        """Select every entry for which wanted(section, index, card) holds; returns how many."""
        selection = QItemSelection()
        first = None
        found = 0
        for idx in self.model.entry_indexes():
            if wanted(idx.data(SECTION_ROLE), idx.data(INDEX_ROLE), idx.data(CARD_ROLE)):
                last = idx.siblingAtColumn(self.model.columnCount() - 1)
                selection.select(idx, last)
                found += 1
                first = first or idx
        sm = self.tree.selectionModel()
        sm.select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        if first is not None:
            if sm.currentIndex() == first:  # no currentChanged: the card view must still follow
                self._on_current(first, first)
            sm.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
            self.tree.scrollTo(first)
        return found

    def select_cards(self, names: Iterable[str]) -> int:
        wanted = set(names)
        return self.select(lambda s, i, c: c in wanted)

    # --- edits ----------------------------------------------------------------------------

    def remove_current(self) -> None:
        """Deck › Remove line: the selected lines (or the current one) leave the deck."""
        self.key_action("delete")

    def key_action(self, action: str) -> None:
        current = self.current_entry()
        entries = self.selected_entries() or ([current] if current is not None else [])
        if not entries:  # +, − or Remove line with no line: say so rather than nothing
            self.said.emit(SELECT_A_LINE)
            return
        deck = self.session.deck
        section, index = entries[0]
        entry = deck.section(section).entries[index]
        if action in ("plus", "minus"):
            self._set_count(section, index, entry.count + (1 if action == "plus" else -1))
            return
        if action == "delete":
            # several lines: remove from the highest index down so indexes stay valid
            new = deck
            for sec, i in sorted(entries, key=lambda t: (t[0], -t[1])):
                new = new.remove(sec, i)
            self.session.apply(
                new, "Removed " + ", ".join(deck.section(s).entries[i].card for s, i in entries)
            )
            self.said.emit(self.session.history.undo_text())

    def _set_count(self, section: str, index: int, count: int) -> None:
        """The line's copies, said on the status line (a "+" used to leave the last "Added 1 ×
        …" standing, as if that card had been added again)."""
        card = self.session.deck.section(section).entries[index].card
        self.session.set_count(section, index, count)
        title = self.session.game.section_title(section)
        if count <= 0:
            self.said.emit(f"Removed {card} from {title}")
        else:
            self.said.emit(f"{card}: {count:,} {'copy' if count == 1 else 'copies'} in {title}")

    def _on_drop(self, kind: str, payload: str, target: str) -> None:
        if kind == "cards":
            for name in filter(None, payload.split("\n")):
                self.addRequested.emit(name, target)
        else:
            section, index = payload.split("\t")
            if section != target:
                self.session.move(section, int(index), target)

    def _fill_move_menu(self) -> None:
        self.move_menu.clear()
        entry = self.current_entry()
        for name in self.session.sections:
            title = self.session.game.section_title(name)
            act = self.move_menu.addAction(title, partial(self._move_current, name))
            act.setEnabled(entry is not None and entry[0] != name)

    def _move_current(self, target: str) -> None:
        entry = self.current_entry()
        if entry is not None:
            self.session.move(entry[0], entry[1], target)
            self.said.emit(self.session.history.undo_text())

    def _on_item_changed(self, item: QStandardItem) -> None:
        """A quantity typed in the Qty cell: the count (0 removes the line, at most 9,999)."""
        if (
            getattr(self, "_filling", False)
            or item.column() != 1
            or item.data(KIND_ROLE) != "entry"
        ):
            return
        try:
            count = int(item.data(Qt.ItemDataRole.DisplayRole))
        except (TypeError, ValueError):
            count = -1
        section, index = item.data(SECTION_ROLE), item.data(INDEX_ROLE)
        entry = self.session.deck.section(section).entries[index]
        if count < 0 or count == entry.count:
            QTimer.singleShot(0, self.refresh)  # show the count the deck has
            return
        # after the editor has closed: the edit rebuilds the model under it
        QTimer.singleShot(0, lambda: self._set_count(section, index, min(count, 9999)))

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        section = current.data(SECTION_ROLE)
        if section:
            self.sectionSelected.emit(section)
        card = current.data(CARD_ROLE)
        if card:
            self.cardSelected.emit(card)

    def _context_menu(self, pos: QPoint) -> None:
        """Right-click, the Menu key or Shift+F10 (at the current line): the line's menu, shown
        without blocking (`context_menu` is the open one), as the catalog's."""
        index = self.tree.indexAt(pos)
        if not index.isValid() or index.data(KIND_ROLE) != "entry":
            return
        menu = self.line_menu(index.data(SECTION_ROLE), index.data(INDEX_ROLE))
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.context_menu = menu
        menu.popup(self.tree.viewport().mapToGlobal(pos))
        if menu.actions():
            menu.setActiveAction(menu.actions()[0])

    def line_menu(self, section: str, i: int) -> QMenu:
        """The context menu of one deck line: counts, the game's lead actions for it ("Set as
        commander", "Make chosen champion"), its upfront choice, and moves."""
        name = self.session.deck.section(section).entries[i].card
        card = self.session.card(name)
        game = self.session.game
        menu = QMenu(self)
        menu.addAction(
            "One more copy",
            lambda: self.session.set_count(
                section, i, self.session.deck.section(section).entries[i].count + 1
            ),
        )
        menu.addAction(
            "One copy less",
            lambda: self.session.set_count(
                section, i, self.session.deck.section(section).entries[i].count - 1
            ),
        )
        menu.addAction("Remove line", lambda: self.session.remove(section, i, None))
        for action in self.session.lead_actions(section, i):
            menu.addAction(
                action.label, partial(self.leadRequested.emit, action.action, section, i)
            )
        if self.session.upfront_choice(card) is not None:
            menu.addAction("Choose colours…", lambda: self.colorsRequested.emit(section, i))
        move = menu.addMenu("Move to")
        for target in self.session.sections:
            if target != section:
                move.addAction(
                    game.section_title(target), partial(self.session.move, section, i, target)
                )
        return menu


__all__ = ["DeckPane"]
