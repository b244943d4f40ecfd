"""The legality overview (issue 23): one row per built-in format of the deck's game with the
deck's verdict and problem count there; choosing a row lists that format's problems and selects
their cards in the deck, without changing the deck's format.

Rows are made once per game and updated in place; the checks run only while the panel is shown,
after the edits settle (a zero-delay timer), one format per event-loop turn, so no single turn
holds more than one format's check.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckeditor import format_catalog
from deckeditor.deck_views import window_problems
from deckeditor.problems import Problem, ProblemKind
from deckeditor.session import EditorSession
from deckeditor.ui.status_bar import ProblemList
from deckeditor.words import count

COLUMNS = ("Format", "Verdict", "Problems")


def formats_of(game: str) -> list[format_catalog.FormatInfo]:
    out = []
    for code in format_catalog.builtin_codes():
        try:
            info = format_catalog.load_format(code)
        except format_catalog.FormatLoadError:
            continue
        if info.game == game:
            out.append(info)
    return out


class LegalityPanel(QWidget):
    """Reads the window's current session through `get_session`."""

    cardsRequested = Signal(list)  # names to select in the deck pane

    def __init__(
        self, get_session: Callable[[], EditorSession], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._session = get_session
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.detail_title = QLabel("Choose a format to see its problems")
        self.problems = ProblemList()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.detail_title)
        layout.addWidget(self.problems, 2)
        self._game = ""
        self._infos: list[format_catalog.FormatInfo] = []
        self.results: dict[str, list[Problem]] = {}  # format code -> its problems, this deck
        self._pending: list[int] = []
        self._chosen: int | None = None  # a row the player chose before it was checked
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self._next)
        self.table.currentCellChanged.connect(lambda row, *_: self._show(row))
        self.problems.problemActivated.connect(lambda p: self.cardsRequested.emit(list(p.cards)))

    # -- the window tells it the deck changed --------------------------------------------------

    def session_changed(self) -> None:
        session = self._session()
        if session.game_code != self._game:
            self._make_rows(session.game_code)
        self.results.clear()
        for row in range(len(self._infos)):
            self._cell(row, 1).setText("…")
            self._cell(row, 2).setText("")
        self._pending = list(range(len(self._infos)))
        if self.isVisible():
            self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self._pending:
            self._timer.start()

    def finish(self) -> None:
        """Check every remaining format now (tests, benchmarks)."""
        while self._pending:
            self._next(restart=False)

    # -- rows ------------------------------------------------------------------------------------

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        """A cell `_make_rows` made (every row has its three)."""
        item = self.table.item(row, column)
        assert item is not None, (row, column)
        return item

    def _make_rows(self, game: str) -> None:
        self._game = game
        self._infos = formats_of(game)
        self.table.setRowCount(len(self._infos))
        for row, info in enumerate(self._infos):
            title = QTableWidgetItem(info.title)
            title.setToolTip(
                f"{info.title} ({info.code})" + (f" · {info.group}" if info.group else "")
            )
            self.table.setItem(row, 0, title)
            self.table.setItem(row, 1, QTableWidgetItem(""))
            self.table.setItem(row, 2, QTableWidgetItem(""))

    def _next(self, restart: bool = True) -> None:
        if not self._pending:
            return
        row = self._pending.pop(0)
        info = self._infos[row]
        session = self._session()
        game = session.game_module()
        try:
            problems = (
                list(game.check(session.deck, info, session.day, session.pool)) if game else []
            )
        except Exception as exc:  # a format that cannot be checked says so in its row
            self._cell(row, 1).setText(f"cannot check: {exc}")
            problems = None
        if problems is not None:
            errors = sum(1 for p in problems if p.is_error)
            self.results[info.code] = problems
            self._cell(row, 1).setText(_verdict(problems, errors))
            # a legal deck's warnings are counted too (casual Riftbound's banned cards): the
            # column was empty, as for a deck with nothing to say
            warnings = len(problems) - errors
            self._cell(row, 2).setText(
                str(errors) if errors else count(warnings, "warning") if warnings else ""
            )
        if row == self.table.currentRow():
            # the player's choice selects its cards once (below); a re-check after an edit
            # only refreshes the list, so the deck pane keeps the player's own selection
            self._show(row, select=row == self._chosen)
            self._chosen = None
        if restart and self._pending:
            self._timer.start()

    def _show(self, row: int, select: bool = True) -> None:
        if not 0 <= row < len(self._infos):
            return
        info = self._infos[row]
        if info.code not in self.results and row in self._pending:
            self._chosen = row if select else None
            self._pending.remove(row)
            self._pending.insert(0, row)
            self._next(restart=bool(self._pending))
            return
        problems = self.results.get(info.code, [])
        self.detail_title.setText(
            f"{info.title}: {len(problems)} problem{'s' * (len(problems) != 1)}"
            if problems
            else f"{info.title}: legal"
        )
        # in the words the window's own problem list uses ("banned in Modern since …")
        session = self._session()  # tagged with the sections as the pane names them there
        self.problems.set_problems(window_problems(problems, session.game, info, session.pool), "")
        if select:
            self.cardsRequested.emit(sorted({c for p in problems for c in p.cards}))

    def select_format(self, code: str) -> None:
        for row, info in enumerate(self._infos):
            if info.code == code:
                self.table.setCurrentCell(row, 0)
                return


def _verdict(problems: list[Problem], errors: int) -> str:
    """A format's word for the deck: a card whose place in the format the data cannot tell (a
    NOT_IN_FORMAT warning: Pauper over a pool with no rarities) keeps it from "Legal"."""
    if errors:
        return "Not legal"
    if any(p.kind == ProblemKind.NOT_IN_FORMAT for p in problems):
        return "Not all checked"
    return "Legal"
