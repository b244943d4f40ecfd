"""The catalog table: a plain QAbstractTableModel over a list of visible pool row ids.

product.md: no QSortFilterProxyModel with a Python filterAcceptsRow (10–40× slower on 32,000
cards). The Qt-free search and legality predicate compute the row list; the model only swaps it in
with a reset, and `data()` reads the few cards on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from deckeditor.games import registry
from deckeditor.games.interface import Game
from deckeditor.list_ends import common_head, common_tail
from deckeditor.ui.symbols import SymbolStrip, fitting_height

CARD_MIME = "application/x-deckeditor-cards"
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
NAME_ROLE = Qt.ItemDataRole.UserRole + 2

SPLICE_MAX = 64  # rows an in-place update may take out or put in; more: one reset
_GREY = QBrush(QColor(150, 150, 150))
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
ROW_ROLE_INT = int(ROW_ROLE.value) if hasattr(ROW_ROLE, "value") else int(ROW_ROLE)
NAME_ROLE_INT = int(NAME_ROLE.value) if hasattr(NAME_ROLE, "value") else int(NAME_ROLE)
_ROLES = frozenset((_DISPLAY, _FOREGROUND, _ALIGN, _TOOLTIP, ROW_ROLE_INT, NAME_ROLE_INT))
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_ELIDE = Qt.TextElideMode.ElideRight
_SELECTED = QStyle.StateFlag.State_Selected
_RIGHT_INT = int(_RIGHT.value) if hasattr(_RIGHT, "value") else int(_RIGHT)
_LEFT_INT = int(_LEFT.value) if hasattr(_LEFT, "value") else int(_LEFT)
_GREY_COLOR = _GREY.color()


class HasFontMetrics(Protocol):
    """What eliding a cell's text reads of a style option (or of the table's one-pass paint)."""

    fontMetrics: QFontMetrics


_Index = QModelIndex | QPersistentModelIndex


def _game_of(pool: Any) -> Game:
    return registry.game(getattr(pool, "game", None) or registry.DEFAULT_GAME)


def card_columns(card: Any) -> tuple[str, ...]:
    """The catalog's texts for one card, as its game writes them (`Game.catalog_row`)."""
    return registry.game_for_card(card).catalog_row(card)


# rows whose addition would commit an open colour budget (a Rulebreaker's, Cryptic Spires')
COMMIT_COLOR = QColor(176, 96, 0)
PARTNER_COLOR = QColor(110, 60, 160)  # rows shown because they could partner the commander
COMMIT_MARK, PARTNER_MARK = "◆ ", "⚭ "


class CatalogModel(QAbstractTableModel):
    def __init__(self, pool: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.commits: Callable[[int], str | None] | None = None  # set while a budget is open
        # row id -> (pen, prefix of the name) for rows marked in the list itself; None: no marks
        self.row_mark: Callable[[int], tuple[QColor, str] | None] | None = None
        self._pool = pool
        self._rows: list[int] = []
        self._hidden: frozenset[int] | None = None  # rows shown greyed (the "show hidden" toggle)
        self.why_hidden: Callable[[Any], list[str]] = lambda card: []
        self.is_partner: Callable[[int], bool] = lambda row: False
        self.partner_note: Callable[[Any], str] = lambda card: "possible partner"
        self.mark: Callable[[Any], str | None] = lambda card: None  # "uses the last slot"
        self._text: dict[int, tuple[str, ...]] = {}  # row id -> column texts (painted per cell)
        self.spliced_at = 0  # the first row the last "spliced" set_rows changed
        self._use_game(pool)

    def _use_game(self, pool: Any) -> None:
        """The pool's game gives the columns (titles, widths, alignment) and each row's texts."""
        game = _game_of(pool)
        self.columns = tuple(game.catalog_columns())
        row_texts = game.catalog_row
        # the game's texts per card name, kept across deck edits (forget_texts drops the rows'
        # texts, which carry the deck's marks; remaking the game's for the rows on screen was
        # ~0.3 ms of an edit)
        kept: dict[str, tuple[str, ...]] = {}

        def columns_of(card: Any) -> tuple[str, ...]:
            texts = kept.get(card.name)
            if texts is None:
                if len(kept) > 4096:
                    kept.clear()
                texts = kept[card.name] = tuple(row_texts(card))
            mark = self.mark(card)  # a budget the card would use, after its name
            return (f"{texts[0]}  ({mark})", *texts[1:]) if mark and texts else texts

        self.columns_of: Callable[[Any], tuple[str, ...]] = columns_of
        self.right_columns = frozenset(i for i, c in enumerate(self.columns) if c.right)
        # columns drawn as the game's symbols (a cost), and the pictures of their runs
        self.symbol_columns = frozenset(
            i for i, c in enumerate(self.columns) if getattr(c, "symbols", False)
        )
        self._cost_symbols = game.cost_symbols
        self._game = game
        self._strip: SymbolStrip | None = None
        self._tokens: dict[int, tuple[str, ...]] = {}
        # column -> what a click on its cell opens ("printings"), from the game's columns
        self.opening_columns = {i: c.opens for i, c in enumerate(self.columns) if c.opens}

    def tokens_of(self, row_id: int) -> tuple[str, ...]:
        """The card's cost as symbol tokens (cached like the texts)."""
        found = self._tokens.get(row_id)
        if found is None:
            if len(self._tokens) > 4096:
                self._tokens.clear()
            found = self._tokens[row_id] = tuple(self._cost_symbols(self._pool[row_id]))
        return found

    def strip(self, ratio: float = 1.0) -> SymbolStrip:
        """The game's symbols as pictures (made on first paint: the fonts load then)."""
        if self._strip is None or self._strip.ratio != ratio:
            self._strip = SymbolStrip(self._game.symbols(), ratio)
        return self._strip

    # --- swapping the rows in -------------------------------------------------------------

    def set_pool(self, pool: Any) -> None:
        self.beginResetModel()
        self._pool = pool
        self._rows = []
        self._hidden = None
        self._text.clear()
        self._use_game(pool)  # its own token cache and symbol pictures
        self.endResetModel()

    def forget_texts(self) -> None:
        """The deck changed: marks ("uses the last slot") are read again when painted."""
        self._text.clear()

    def set_rows(
        self, rows: list[int], legal: frozenset[int] | None = None, in_place: bool = False
    ) -> str:
        """New visible rows; with `legal` given, rows outside it are drawn greyed. Returns
        "reset", or with `in_place` (after a deck edit, the same greyed rows): "same" when the
        rows did not change (nothing is told to the view) or "spliced" when one stretch of at
        most SPLICE_MAX rows was taken out and put in (the view hears of those rows only: a
        reset rebuilds its 30,000 row headers and repaints the whole list, ~5 ms an edit)."""
        if in_place and legal == self._hidden:
            done = self._splice(rows)
            if done:
                return done
        self.beginResetModel()
        self._rows = rows
        self._hidden = legal
        self.endResetModel()
        return "reset"

    def _splice(self, rows: list[int]) -> str | None:
        old = self._rows
        if rows == old:
            self._rows = rows
            return "same"
        # the first and last difference, found without a Python loop over ~30,000 rows
        limit = min(len(old), len(rows))
        head = common_head(old, rows, limit)
        tail = common_tail(old, rows, limit)
        tail = min(tail, limit - head)
        gone, came = len(old) - tail - head, len(rows) - tail - head
        if gone > SPLICE_MAX or came > SPLICE_MAX:
            return None
        self.spliced_at = head
        root = QModelIndex()
        if gone:
            self.beginRemoveRows(root, head, head + gone - 1)
            self._rows = old[:head] + old[len(old) - tail :]
            self.endRemoveRows()
        if came:
            self.beginInsertRows(root, head, head + came - 1)
            self._rows = rows
            self.endInsertRows()
        self._rows = rows
        return "spliced"

    def look(self, first: int, last: int, fill: bool = False) -> list[tuple[Any, ...]]:
        """What rows `first`..`last` (-1: the end) show: (row id, texts, greyed, mark). An edit
        that leaves it as it was on screen need not repaint the list. `fill`: texts not cached
        yet are made (and kept for the paint), else they count as unknown."""
        rows = self._rows[first : None if last < 0 else last + 1]
        hidden, mark, texts, cards = self._hidden, self.row_mark, self._text, self._pool.card_list()
        look = []
        for row_id in rows:
            text = texts.get(row_id)
            if text is None and fill:
                text = texts[row_id] = self.columns_of(cards[row_id])
            greyed = hidden is not None and row_id not in hidden
            look.append((row_id, text, greyed, mark(row_id) if mark is not None else None))
        return look

    @property
    def rows(self) -> list[int]:
        return self._rows

    def card_at(self, row: int) -> Any:
        return self._pool[self._rows[row]]

    def is_hidden(self, row: int) -> bool:
        return self._hidden is not None and self._rows[row] not in self._hidden

    # --- QAbstractTableModel ---------------------------------------------------------------

    def rowCount(self, parent: _Index | None = None) -> int:  # noqa: N802 - Qt's name
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index | None = None) -> int:  # noqa: N802 - Qt's name
        return 0 if parent is not None and parent.isValid() else len(self.columns)

    def headerData(  # noqa: N802 - Qt's name
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> str | None:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if 0 <= section < len(self.columns):
                return self.columns[section].title
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return _FLAGS if index.isValid() else _NO_FLAGS

    def data(self, index: _Index, role: int = 0) -> Any:
        # Painting calls this ~8 times per cell; roles arrive as plain ints, so compare ints
        # (comparing with the enum members goes through Python's enum machinery).
        if role not in _ROLES:
            return None
        r = index.row()
        rows = self._rows
        if not 0 <= r < len(rows):
            return None
        col = index.column()
        row_id = rows[r]
        if role == _DISPLAY:
            text = self._text.get(row_id)
            if text is None:
                if len(self._text) > 4096:
                    self._text.clear()
                text = self._text[row_id] = self.columns_of(self._pool[row_id])
            return text[col] if 0 <= col < len(text) else None
        if role == _FOREGROUND:
            hidden = self._hidden
            return _GREY if hidden is not None and row_id not in hidden else None
        if role == _ALIGN:
            return _RIGHT if col in self.right_columns else None
        if role == ROW_ROLE_INT:
            return row_id
        if role == NAME_ROLE_INT:
            return self._pool[row_id].name
        if role == _TOOLTIP:
            card = self._pool[row_id]
            if self._hidden is not None and row_id not in self._hidden:
                reasons = self.why_hidden(card) or ["Not legal for this deck"]
                return "Hidden: " + "; ".join(reasons)
            note = self.commits(row_id) if self.commits is not None else None
            if note:
                return f"{card.name} — {note[0].upper()}{note[1:]}"
            if self.is_partner(row_id):
                return f"{card.name} — {self.partner_note(card)}"
            if self.opening_columns.get(col) == "printings" and self.data(index):
                return f"{card.name} — click to list its printings"
            mark = self.mark(card)
            return f"{card.name} — {mark}" if mark else card.name
        return None

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME, "text/plain"]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:  # noqa: N802 - Qt's name
        names: list[str] = []
        for index in indexes:
            if index.isValid() and index.column() == 0:
                names.append(self._pool[self._rows[index.row()]].name)
        mime = QMimeData()
        text = "\n".join(names)
        mime.setData(CARD_MIME, text.encode("utf-8"))
        mime.setText(text)
        return mime


__all__ = ["CARD_MIME", "NAME_ROLE", "ROW_ROLE", "CatalogModel", "card_columns"]


class CatalogDelegate(QStyledItemDelegate):
    """Paints a catalog cell straight from the model's cached texts: the stock delegate asks
    `data()` for eight roles per cell through the style machinery, which is most of a
    keystroke's cost on 30,000 cards. The view still draws row backgrounds (alternate colours).

    During one paint event of the table (`begin_frame` .. `end_frame`) every cell gets the same
    palette, so its pens are read once, the selection is read once from the selection model
    instead of through `option.state` per cell, and elided texts are kept per (text, width)."""

    def __init__(self, model: CatalogModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._elided: dict[tuple[str, int], str] = {}
        self._in_frame = False
        self._selected: set[tuple[int, int]] = set()
        # (text colour, highlighted text colour, highlight brush)
        self._pens: tuple[QColor, QColor, QBrush] | None = None

    # --- one paint event --------------------------------------------------------------------

    def begin_frame(self, selected: set[tuple[int, int]]) -> None:
        self._in_frame = True
        self._selected = selected
        self._pens = None

    def end_frame(self) -> None:
        self._in_frame = False
        self._selected = set()
        self._pens = None

    def forget_elided(self) -> None:
        """The font or style changed: elided texts are measured again."""
        self._elided.clear()

    def _shown(self, text: str, width: int, option: HasFontMetrics) -> str:
        key = (text, width)
        shown = self._elided.get(key)
        if shown is None:
            if len(self._elided) > 8192:
                self._elided.clear()
            shown = self._elided[key] = option.fontMetrics.elidedText(text, _ELIDE, width)
        return shown

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        model = self.model
        r, col = index.row(), index.column()
        if not 0 <= r < len(model._rows):
            return
        row_id = model._rows[r]
        text = model._text.get(row_id)
        if text is None:
            if len(model._text) > 4096:
                model._text.clear()
            text = model._text[row_id] = model.columns_of(model._pool[row_id])
        rect = option.rect
        if self._in_frame:
            pens = self._pens
            if pens is None:
                palette = option.palette
                pens = self._pens = (
                    palette.text().color(),
                    palette.highlightedText().color(),
                    palette.highlight(),
                )
            selected = (r, col) in self._selected if self._selected else False
        else:  # painted outside the table's paint event (a drag pixmap): ask the option
            palette = option.palette
            pens = (palette.text().color(), palette.highlightedText().color(), palette.highlight())
            selected = bool(option.state & _SELECTED)
        if selected:
            painter.fillRect(rect, pens[2])
            painter.setPen(pens[1])
        elif model._hidden is not None and row_id not in model._hidden:
            painter.setPen(_GREY_COLOR)
        else:
            marked = model.row_mark(row_id) if model.row_mark is not None else None
            painter.setPen(marked[0] if marked else pens[0])
            if marked and col == 0:
                text = (marked[1] + text[0], *text[1:])
        inner = rect.adjusted(4, 0, -4, 0)
        if col in model.symbol_columns and draw_symbols(
            painter, model, row_id, inner, painter.pen().color()
        ):
            return
        shown = self._shown(text[col], inner.width(), option)
        painter.drawText(inner, _RIGHT_INT if col in model.right_columns else _LEFT_INT, shown)


def draw_symbols(
    painter: QPainter, model: CatalogModel, row_id: int, rect: QRect, ink: QColor
) -> bool:
    """A symbol cell (a cost) as one picture, clipped to the cell; False: no symbols, draw text."""
    tokens = model.tokens_of(row_id)
    if not tokens:
        return False
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    pixmap = model.strip(ratio).pixmap(
        tokens, fitting_height(tokens, rect.width(), rect.height()), ink
    )
    if pixmap is None:  # no tokens: drawn as text
        return False
    height = pixmap.height() / pixmap.devicePixelRatio()
    width = min(pixmap.width() / pixmap.devicePixelRatio(), rect.width())
    top = rect.top() + (rect.height() - height) / 2
    painter.drawPixmap(
        int(rect.left()),
        int(top),
        pixmap,
        0,
        0,
        int(width * pixmap.devicePixelRatio()),
        pixmap.height(),
    )
    return True
