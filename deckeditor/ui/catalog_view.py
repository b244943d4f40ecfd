"""The catalog pane: search box (errors beside it, last good result kept), the legal-only toggle,
and the card table. Each keystroke: search -> legal rows -> one model reset."""

from __future__ import annotations

import operator
from collections.abc import Callable, Container
from functools import partial
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from deckeditor.carddb.pool import CardPool
from deckeditor.catalog_search import CatalogSearch, SearchState
from deckeditor.games.interface import Game
from deckeditor.legal_rows import LegalRowList
from deckeditor.row_arrangement import RowArranger
from deckeditor.search.ranking import ranked_rows, tiers_first
from deckeditor.session import EditorSession
from deckeditor.ui import theme
from deckeditor.ui.catalog_count import CatalogCount
from deckeditor.ui.catalog_empty import EmptyCatalogNote
from deckeditor.ui.catalog_model import (
    COMMIT_COLOR,
    COMMIT_MARK,
    PARTNER_COLOR,
    PARTNER_MARK,
    CatalogDelegate,
    CatalogModel,
)
from deckeditor.ui.catalog_table import CatalogTable


def _sort_key(column: int, game: Game) -> Callable[[Any], tuple[Any, ...] | str]:
    """Column 0 is the name; the cost column (1) sorts by the game's number (mana value,
    energy); a column of counts (right-aligned) by the number, largest first; others by text."""
    if column == 0:  # the default order: only the name is read (start-up sorts 30,000 cards)
        return lambda card: card.name.casefold()
    right = column < len(game.catalog_columns()) and game.catalog_columns()[column].right
    row = game.catalog_row

    def key(card: Any) -> tuple[Any, ...]:
        if column == 1:
            return (game.sort_value(card), card.name.casefold())
        text = row(card)[column]
        if right:
            try:
                return (0, -float(text), card.name.casefold())
            except ValueError:
                return (1, 0.0, card.name.casefold())
        return (text.casefold(), card.name.casefold())

    return key


def _pool(session: EditorSession) -> CardPool[Any]:
    """The session's pool: a window's session always has one."""
    pool = session.pool
    if pool is None:
        raise ValueError("the catalog needs a card pool")
    return pool


class CatalogPanel(QWidget):
    cardChosen = Signal(str)  # add it to the deck
    cardSelected = Signal(str)  # show it in the card view
    printingsRequested = Signal(str)  # the card's printing list (a click on the "Sets" count)
    helpRequested = Signal()  # "?" by the search box
    importRequested = Signal()  # "Import cards…" beside "not in your card pool"
    nothingToAdd = Signal(str)  # Enter found no card: why, for the status line

    def __init__(self, session: EditorSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.target = "Main"
        self._shown_text = ""  # the query whose results the catalog shows ("": every card)
        self._order_cache: dict[int, RowArranger] = {}
        self._legal_list = LegalRowList()  # an edit's legal rows, patched from the last
        self._sort_column = 0
        self._sort_desc = False
        self.context_menu: QMenu | None = None  # the card menu open now (right-click, Menu key)
        self._make_search_row()
        self.empty = EmptyCatalogNote(
            lambda: (self.session, self.target), lambda: self.searcher.nothing_found()
        )
        self.empty.showHiddenRequested.connect(lambda: self.show_hidden.setChecked(True))
        self.empty.importRequested.connect(self.importRequested)
        # the note's parts, by the names the window's tests read
        self.empty_box, self.empty_label = self.empty, self.empty.label
        self.show_hidden_button, self.import_button = self.empty.buttons
        self._make_table()
        self._apply_game()
        self._lay_out()
        self.searcher = CatalogSearch(_pool(session), session.fmt, session.day)
        self._context = (session.fmt, session.day)
        self._wire()
        self.refresh()

    def _make_search_row(self) -> None:
        self.search_box = QLineEdit()
        self.search_box.setClearButtonEnabled(True)
        self.help_button = QToolButton()
        self.help_button.setText("?")
        self.help_button.setToolTip(
            "Search syntax: every key this build understands, with examples (F1)"
        )
        self.help_button.clicked.connect(self.show_search_help)
        self.error_label = QLabel()
        self.error_label.setStyleSheet(theme.tone("color: #b00020;"))
        self.error_label.setWordWrap(True)  # a long message wraps, never widens the pane
        self.error_label.setVisible(False)
        self.show_hidden = QCheckBox("Show hidden")
        self.show_hidden.setToolTip(
            "Also list cards the deck may not take, greyed, with the reason"
        )
        self.counter = CatalogCount()  # "207 of 210 cards · 3 hidden by the deck's rules"
        self.count_label = self.counter.count_label

    def _make_table(self) -> None:
        self.model = CatalogModel(self.session.pool, self)
        self.model.why_hidden = lambda card: self.session.why_hidden(card, self.target)
        self.model.is_partner = lambda row: row in self.session.partner_rows(self.target)
        self.model.partner_note = self._partner_note
        self.model.mark = lambda card: self.session.catalog_mark(card, self.target)
        # the (deck, target, format, day) the marks were read for
        self._marked: tuple[object, ...] | None = None
        self.table = CatalogTable()
        self.table.setModel(self.model)
        self.delegate = CatalogDelegate(self.model, self.table)
        self.table.setItemDelegate(self.delegate)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        vh = self.table.verticalHeader()
        vh.setVisible(False)
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # 30,000 rows: never measure
        vh.setDefaultSectionSize(self.fontMetrics().height() + 6)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hh.setStretchLastSection(False)
        hh.setSectionsClickable(True)
        hh.setSortIndicatorShown(True)
        hh.setSortIndicator(0, Qt.SortOrder.AscendingOrder)

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.search_box, 1)
        top.addWidget(self.help_button)
        top.addWidget(self.show_hidden)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.counter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.error_label)  # right under the box the error is about
        layout.addWidget(self.empty_box)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)

    def _wire(self) -> None:
        self.search_box.textChanged.connect(self._on_text)
        self.show_hidden.toggled.connect(lambda _: self.refresh())
        # double-click adds (Enter is handled by CatalogTable); `activated` would also fire on a
        # single click under styles that activate on single click
        self.table.doubleClicked.connect(self._on_activated)
        self.table.clicked.connect(self._on_clicked)
        self.table.addRequested.connect(self.cardChosen)
        self.table.sideRequested.connect(self._add_to_side)
        self.table.selectionModel().currentRowChanged.connect(self._on_current)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.table.horizontalHeader().sectionClicked.connect(self._on_header)
        QShortcut(QKeySequence("Ctrl+F"), self, self.search_box.setFocus)
        # Enter in the box goes to the first result, so search-Enter-Enter adds it
        self.search_box.returnPressed.connect(self._to_results)

    # --- wiring ---------------------------------------------------------------------------

    def set_session(self, session: EditorSession) -> None:
        """Another deck (perhaps of another game, so another pool)."""
        pool_changed = session.pool is not self.session.pool
        self.session = session
        if pool_changed:
            self._order_cache.clear()
            self.model.set_pool(session.pool)
            self._apply_game()
            self.searcher = CatalogSearch(_pool(session), session.fmt, session.day)
            self._context = (session.fmt, session.day)
            # the new pool's index in a worker thread, as at start: the first keystroke after
            # an import or a deck of the other game does not wait for the whole build
            self.searcher.warm_in_background()
            self.searcher.search(self.search_box.text())
        self.refresh()

    def _apply_game(self) -> None:
        """The game's search help and catalog columns (a deck of another game changes them)."""
        help_ = self.session.search_help()
        self.search_box.setPlaceholderText(help_.placeholder)
        self.search_box.setToolTip(help_.text())
        hh = self.table.horizontalHeader()
        for col, column in enumerate(self.model.columns):
            self.table.setColumnWidth(col, column.width)
            hh.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        if len(self.model.columns) > 2:
            hh.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)

    def _partner_note(self, card: Any) -> str:
        """A possible partner's tooltip: what Enter does with it, or where its action is."""
        actions = self.session.catalog_lead_actions(card, self.target)
        instead = next((a for a in actions if a.instead), None)
        if instead is not None:
            return f"possible partner — Enter or double-click: {instead.label}"
        if actions:
            return f"possible partner — context menu (Menu key): {actions[0].label}"
        return "possible partner"

    def search_help_text(self) -> str:
        return self.session.search_help().text()

    def show_search_help(self) -> None:
        """The window's search help (Help › Search syntax, F1): every key of the game's table."""
        self.helpRequested.emit()

    def set_target(self, section: str) -> None:
        if section != self.target:
            self.target = section
            self.refresh()

    def _to_results(self) -> None:
        """Enter in the box: to the first result, or say why there is nothing to add (a last
        "Added 1 × …" left standing reads as if this Enter had added another copy)."""
        named, shown = self.searcher.exact_rows(), self.model.rows  # `Sol Ring` hidden in Modern
        hidden = _pool(self.session)[named[0]] if named and not set(shown) & set(named) else None
        said = self.empty.nothing_added(hidden, len(shown))
        if said:  # the box keeps the focus: the next Enter must not add another card
            self.nothingToAdd.emit(said)
            return
        self.table.setFocus()
        self.table.setCurrentIndex(self.model.index(0, 0))

    def _on_text(self, text: str) -> None:
        state = self.searcher.search(text)
        self.error_label.setVisible(bool(state.error))
        if not state.error:
            self._shown_text = text.strip()
            self.refresh()
            return
        where = f" (at {state.position + 1})" if state.position is not None else ""
        # the last good rows stay (search.md §6): say whose, or the 18,000 cards of `o` read as
        # the answer to `o:"draw a card`; a key this build does not support shows no card
        kept = f"results for “{self._shown_text}”" if self._shown_text else "every card"
        unsupported = state.rows == []
        showing = "" if unsupported else f" — showing {kept}"
        self.error_label.setText(f"⚠ {state.error}{where}{showing}")
        if unsupported:
            self.refresh()

    def _on_header(self, column: int) -> None:
        if column == self._sort_column:
            self._sort_desc = not self._sort_desc
        else:
            self._sort_column, self._sort_desc = column, False
        order = Qt.SortOrder.DescendingOrder if self._sort_desc else Qt.SortOrder.AscendingOrder
        self.table.horizontalHeader().setSortIndicator(column, order)
        self.refresh()

    def _order(self) -> RowArranger:
        key = self._sort_column * (-1 if self._sort_desc else 1) - (1 if self._sort_desc else 0)
        cached = self._order_cache.get(key)
        if cached is None:
            pool = self.session.pool
            own = range(len(pool) if pool is not None else 0)
            if key == 0:  # a start's default sort: told by the card database when it can
                from deckeditor.carddb.derived import remembered  # lazy: sqlite3, first need

                found = remembered(pool, "catalog-name-order", (__name__,), self._sort)
                order = list(own) if found is None else found
            else:
                order = self._sort() or list(own)
            cached = self._order_cache[key] = RowArranger(order)
        return cached

    def _sort(self) -> list[int] | None:
        """The rows in the catalog's sort order; None for the pool's own order (the database
        keeps cards in name order: checking that reads 30,000 names, ~6 ms at every start)."""
        cards = _pool(self.session).cards
        keyf = _sort_key(self._sort_column, self.session.game)
        keys = [keyf(c) for c in cards]
        if not self._sort_desc and all(map(operator.le, keys, keys[1:])):
            return None
        return sorted(range(len(cards)), key=keys.__getitem__, reverse=self._sort_desc)

    def refresh(self, keep_place: bool = False) -> None:
        """Recompute the visible rows (search ∩ legal) and swap them in with one reset.

        `keep_place` (after a deck edit): keep the same card selected, or the row that took its
        place when it left the catalog, so Enter, Enter, Enter builds a deck from the keyboard."""
        place = self.table.currentIndex().row() if keep_place else -1
        was = self.model.rows[place] if 0 <= place < len(self.model.rows) else None
        look = self.table.look() if keep_place else None
        context = (self.session.fmt, self.session.day)
        if context != self._context:  # f: and banned: follow the selected format and day
            self._context = context
            self.searcher.set_context(*context)
            self.searcher.search(self.search_box.text())
        marked = (self.session.deck, self.target, self.session.fmt, self.session.day)
        if marked != self._marked:  # the budget's marks follow the deck
            self._marked = marked
            self.model.forget_texts()
        show_hidden = self.show_hidden.isChecked()
        state = self.searcher.state
        size = len(_pool(self.session))
        last_shown = self.table.last_row_shown()
        rows, how = self._visible_rows(state, size, show_hidden, keep_place)
        if was is not None and rows:
            try:
                place = rows.index(was)
            except ValueError:
                place = min(place, len(rows) - 1)
            self.table.setCurrentIndex(self.model.index(place, 0))
        self.counter.say(rows, state, size, show_hidden)
        self.empty.say(rows, state, size, show_hidden)
        self.model.commits = commits = self._commit_marker()
        partners = self.session.partner_rows(self.target)
        self.model.row_mark = (
            self._marker(commits, partners) if commits is not None or partners else None
        )
        after = self.table.look(fill=True) if look is not None else None
        if how == "same" and look != after:  # a mark or greyed row changed
            self.table.viewport().update()
        elif how == "spliced" and 0 <= last_shown < self.model.spliced_at and look == after:
            self.table.lay_out_quietly()  # the same rows on screen, showing the same

    def _visible_rows(
        self, state: SearchState, size: int, show_hidden: bool, keep_place: bool
    ) -> tuple[list[int], str]:
        """The search's hits the deck may take (all of them, greyed, with `show_hidden`) in the
        catalog's order, swapped into the model; and how the model took them (set_rows)."""
        order = self._order()
        found = state.bits
        if order.identity and not show_hidden and (found is not None or not state.text):
            # the pool's own order: the hits (∩ legal) are ascending row ids, from bitsets with
            # one conversion (the legal rows as a set are not needed)
            legal_bits = self.session.legal_bits(self.target)
            if found is None:
                rows = (
                    list(range(size))
                    if legal_bits is None
                    else self._legal_list.rows(self.session.pool, legal_bits, size)
                )
            else:  # a typed name's exact match first, then the names starting with it
                rows = ranked_rows(
                    found if legal_bits is None else found & legal_bits, state.ranks(), size
                )
            how = self.model.set_rows(rows, None, in_place=keep_place)
        else:
            legal = self.session.legal_rows(self.target)
            if found is not None and order.identity:  # show hidden: every hit, greyed if not legal
                rows = ranked_rows(found, state.ranks(), size)
            else:  # the catalog's own sort, the typed name's tiers still first
                rows = tiers_first(
                    order.arrange(state.rows, legal, show_hidden), state.ranks(), size
                )
            how = self.model.set_rows(rows, legal if show_hidden else None, keep_place)
        return rows, how

    @staticmethod
    def _marker(
        commits: Callable[[int], str | None] | None, partners: Container[int]
    ) -> Callable[[int], tuple[QColor, str] | None]:
        def mark(row_id: int) -> tuple[QColor, str] | None:
            if row_id in partners:
                return PARTNER_COLOR, PARTNER_MARK
            if commits is not None and commits(row_id):
                return COMMIT_COLOR, COMMIT_MARK
            return None

        return mark

    def _commit_marker(self) -> Callable[[int], str | None] | None:
        """While a lead's colour budget is open: per painted row (asked lazily, kept for this
        deck), what adding it would commit. None otherwise, so painting pays nothing."""
        session, target = self.session, self.target
        if not session.budget_open(target):
            return None
        cards, notes = _pool(session).card_list(), dict[int, str | None]()

        def commits(row_id: int) -> str | None:
            if row_id not in notes:
                notes[row_id] = session.commit_note(cards[row_id], target)
            return notes[row_id]

        return commits

    # --- actions --------------------------------------------------------------------------

    def current_card(self) -> Any | None:
        index = self.table.currentIndex()
        return self.model.card_at(index.row()) if index.isValid() else None

    def _on_activated(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        if self._opens(index):  # a double-click on the "Sets" count lists them, adds nothing
            self._on_clicked(index)
            return
        self.cardChosen.emit(self.model.card_at(index.row()).name)

    def _opens(self, index: QModelIndex) -> str:
        """What a click on the cell opens; an empty cell (a card no known set prints) nothing,
        so a double-click there adds the card as anywhere else on the row."""
        what = self.model.opening_columns.get(index.column(), "")
        return what if what and self.model.data(index) else ""

    def _on_clicked(self, index: QModelIndex) -> None:
        """A click on a cell that opens something (the "Sets" count: the printing list)."""
        if index.isValid() and self._opens(index) == "printings":
            self.printingsRequested.emit(self.model.card_at(index.row()).name)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.cardSelected.emit(self.model.card_at(current.row()).name)

    def _context_menu(self, pos: QPoint) -> None:
        """Right-click, the Menu key or Shift+F10 (at the current row): the card's menu, shown
        without blocking (`context_menu` is the open one)."""
        index = self.table.indexAt(pos)
        if not index.isValid():
            return
        menu = self.card_menu(index.row())
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.context_menu = menu
        menu.popup(self.table.viewport().mapToGlobal(pos))
        if menu.actions():
            menu.setActiveAction(menu.actions()[0])

    def card_menu(self, row: int) -> QMenu:
        """Add the row's card to each section (or slot), through its lead actions ("Add as
        partner"), and why the rules hide it."""
        card = self.model.card_at(row)
        menu = QMenu(self)
        game = self.session.game
        for section in self.session.add_targets():  # sections, or their slots
            menu.addAction(
                f"Add to {game.section_title(section)}", partial(self.add_to, card.name, section)
            )
        for action in self.session.catalog_lead_actions(card, self.target):
            menu.addAction(action.label, partial(self.leadRequested.emit, card.name, action.action))
        reasons = self.session.why_hidden(card, self.target)
        if reasons:
            menu.addSeparator()
            why = menu.addAction("Why hidden: " + "; ".join(reasons))
            why.setEnabled(False)
        return menu

    leadRequested = Signal(str, str)  # card, lead action (`EditorSession.catalog_lead_actions`)
    addToSection = Signal(str, str)
    noSideSection = Signal(str)  # what the status bar says when a key has no section here

    def add_to(self, name: str, section: str) -> None:
        self.addToSection.emit(name, section)

    def _add_to_side(self, name: str, which: int) -> None:
        """Shift+Enter, Ctrl+Enter: the game's first and second side sections (Sideboard,
        Maybeboard); a game with fewer says the deck has none."""
        sides = self.session.game.side_sections
        if which < len(sides):
            self.add_to(name, sides[which])
        else:
            self.noSideSection.emit(_no_side_words(sides))


def _no_side_words(sides: tuple[str, ...]) -> str:
    """Ctrl+Enter in a game with one side section: name the one there is and its key."""
    if not sides:
        return "This deck has no side section"
    return f"This deck has one side section, {sides[0]}: Shift+Enter adds to it"
