"""The live problem list (every conformance problem, clickable) and the status bar controls:
card count, the deck target's status ("Bracket 3 · 2/3 Game Changers"), format selector, the
deck-level target beside it (a game's own, such as a Commander bracket), day selector, and a
line for edit messages."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QStatusBar,
    QStyle,
    QWidget,
)

from deckeditor import format_catalog
from deckeditor.games.interface import DeckTarget
from deckeditor.problems import Problem
from deckeditor.ui import theme
from deckeditor.ui.day_edit import DayEdit
from deckeditor.words import count

PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 20


_NAMED = 3  # cards a line names before "and N more"


def problem_line(problem: Problem) -> str:
    """`[section] message`, then the cards behind it when the message names none of them
    ("The deck has 5 Signature cards; at most 3 — Forgefire Cape, …": the status bar names the
    cards of every problem, product.md; they were only in the tooltip)."""
    where = f"[{problem.section}] " if problem.section else ""
    cards = list(dict.fromkeys(problem.cards))
    if not cards or any(name in problem.message for name in cards):
        return f"{where}{problem.message}"
    more = len(cards) - _NAMED
    named = ", ".join(cards[:_NAMED]) + (f" and {more} more" if more > 0 else "")
    return f"{where}{problem.message} — {named}"


class ProblemList(QListWidget):
    """Every problem of the deck; clicking one asks the deck pane to select its cards."""

    problemActivated = Signal(object)
    problemDoubleClicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAlternatingRowColors(True)
        self.setWordWrap(True)  # messages name cards and lists; never cut them off
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.itemClicked.connect(self._clicked)
        self.itemDoubleClicked.connect(self._double)
        self.problems: list[Problem] = []
        self.choice_kinds: frozenset[str] = frozenset()  # the game's: double-click asks the choice

    def set_problems(self, problems: list[Problem], note: str | None = None) -> None:
        self.problems = list(problems)
        self.clear()
        if note:
            item = QListWidgetItem(self._icon(False), note)
            item.setForeground(QBrush(QColor(theme.tone("#a05a00"))))
            self.addItem(item)
        if not problems and not note:
            ok = QListWidgetItem("✔  The deck conforms to the format")
            ok.setForeground(QBrush(QColor(theme.tone("#146e28"))))
            ok.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.addItem(ok)
        for problem in problems:
            item = QListWidgetItem(self._icon(problem.is_error), problem_line(problem))
            item.setData(PROBLEM_ROLE, problem)
            tip = (
                f"{problem.kind.value}: {', '.join(problem.cards)}"
                if problem.cards
                else problem.kind.value
            )
            if problem.kind.value in self.choice_kinds:
                tip += "\nDouble-click to choose the colours"
            item.setToolTip(tip)
            color = (
                QColor(theme.tone("#b00020")) if problem.is_error else QColor(theme.tone("#a05a00"))
            )
            item.setForeground(QBrush(color))
            self.addItem(item)

    def _icon(self, error: bool) -> QIcon:
        kind = (
            QStyle.StandardPixmap.SP_MessageBoxCritical
            if error
            else QStyle.StandardPixmap.SP_MessageBoxWarning
        )
        return self.style().standardIcon(kind)

    def _double(self, item: QListWidgetItem) -> None:
        problem = item.data(PROBLEM_ROLE)
        if problem is not None:
            self.problemDoubleClicked.emit(problem)

    def _clicked(self, item: QListWidgetItem) -> None:
        problem = item.data(PROBLEM_ROLE)
        if problem is not None:
            self.problemActivated.emit(problem)


class MessageLine(QLabel):
    """The status bar's message (what an edit, a save or a copy did): one line, cut with "…"
    where the bar is too narrow (a 1366-pixel laptop leaves it ~400 pixels beside the deck's
    counts and choosers) and then whole in its tooltip; it stays while the pointer rests on it,
    so the tooltip can be read before the message goes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        # the space the permanent widgets leave, never more: a long message does not widen
        # the window or push the counts off it
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.timer = QTimer(self, singleShot=True)
        self.timer.timeout.connect(self._expire)

    def show_text(self, text: str, timeout_ms: int = 0) -> None:
        """`text` until `timeout_ms` have passed (0: until the next message)."""
        self.full = text
        self._fit()
        if timeout_ms:
            self.timer.start(timeout_ms)
        else:
            self.timer.stop()

    def line(self) -> str:
        """The message on one line: its line breaks become spaces."""
        return " ".join(self.full.split())

    def elided(self) -> bool:
        return self.text() != self.line()

    def _fit(self) -> None:
        width = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(self.line(), Qt.TextElideMode.ElideRight, width)
        self.setText(shown)
        self.setToolTip(self.full if shown != self.line() else "")
        self.setAccessibleName(self.full)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()

    def _expire(self) -> None:
        if self.underMouse():  # being read (its tooltip): a second more
            self.timer.start(1000)
            return
        self.full = ""
        self._fit()


class DeckStatusBar(QStatusBar):
    formatChosen = Signal(str)
    dayChosen = Signal(object)  # datetime.date
    targetChosen = Signal(object)  # the deck target's value (None: no target)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message = MessageLine()
        self.addWidget(self.message, 1)
        self.count_label = QLabel()
        self.problem_label = QLabel()
        self.format_box = QComboBox()
        self.format_box.setToolTip("The format the deck is checked against")
        self.format_box.setMinimumContentsLength(12)
        self.day_edit = DayEdit()  # typed whole: 2024-09-22
        self.day_edit.setCalendarPopup(True)
        self.day_edit.setDisplayFormat("yyyy-MM-dd")
        self.day_edit.setToolTip("The day whose ban, restricted and taboo lists apply")
        self.target_status = QLabel()  # "Bracket 3 · 2/3 Game Changers"
        self.target_label = QLabel()
        self.target_box = QComboBox()
        self.addPermanentWidget(self.count_label)
        self.addPermanentWidget(self.target_status)
        self.addPermanentWidget(self.problem_label)
        self.addPermanentWidget(QLabel("Format"))
        self.addPermanentWidget(self.format_box)
        self.addPermanentWidget(self.target_label)
        self.addPermanentWidget(self.target_box)
        self.set_deck_target(None)
        self.target_box.activated.connect(
            lambda i: self.targetChosen.emit(self.target_box.itemData(i))
        )
        self.addPermanentWidget(QLabel("On"))
        self.addPermanentWidget(self.day_edit)
        self.format_box.activated.connect(
            lambda _: self.formatChosen.emit(self.format_box.currentData())
        )
        self.day_edit.dateChanged.connect(self._day)

    def _day(self, qdate: QDate) -> None:
        self.dayChosen.emit(dt.date(qdate.year(), qdate.month(), qdate.day()))

    def set_state(self, codes: list[str], current: str, day: dt.date) -> None:
        self.format_box.blockSignals(True)
        self.format_box.clear()
        for code in codes:  # players see titles ("Standard Brawl"); the code is the data
            self.format_box.addItem(_title(code), code)
        self.format_box.setCurrentIndex(max(0, self.format_box.findData(current)))
        self.format_box.blockSignals(False)
        self.day_edit.blockSignals(True)
        self.day_edit.setDate(QDate(day.year, day.month, day.day))
        self.day_edit.blockSignals(False)

    def set_deck_target(self, target: DeckTarget | None) -> None:
        """A game's `DeckTarget` (label, options, value), or None to hide the selector."""
        self.target_label.setVisible(target is not None)
        self.target_box.setVisible(target is not None)
        if target is None:
            return
        self.target_label.setText(target.label)
        self.target_box.setToolTip(f"The deck's {target.label.lower()} (saved with the deck)")
        self.target_box.blockSignals(True)
        self.target_box.clear()
        for value, text in target.options:
            self.target_box.addItem(text, value)
        self.target_box.setCurrentIndex(max(0, self.target_box.findData(target.value)))
        self.target_box.blockSignals(False)

    def set_target_status(self, text: str, details: str = "") -> None:
        self.target_status.setText(text)
        self.target_status.setToolTip(details)
        self.target_status.setVisible(bool(text))

    def set_counts(self, counts: str, problems: list[Problem]) -> None:
        """`counts` is the game's count text ("60 cards · library 59", "Main 40 · Runes 12 …")."""
        self.count_label.setText(counts)
        errors = sum(1 for p in problems if p.is_error)
        warnings = len(problems) - errors
        if not problems:
            self.problem_label.setText(theme.tone("<span style='color:#146e28'>✔ legal</span>"))
            return
        # only what there is: no "0 errors" in red beside a warning
        parts = []
        if errors:
            parts.append(f"<span style='color:#b00020'>{count(errors, 'error')}</span>")
        if warnings:
            parts.append(f"<span style='color:#a05a00'>{count(warnings, 'warning')}</span>")
        self.problem_label.setText(theme.tone(", ".join(parts)))


def _title(code: str) -> str:
    try:
        return format_catalog.load_format(code).title
    except format_catalog.FormatLoadError:
        return code
