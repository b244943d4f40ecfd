"""The main window's panes and how they sit: the catalog with its "Add to" box (left), the deck
pane over the problem list (middle), the card view, statistics and legality tabs (right)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deckeditor.session import EditorSession
from deckeditor.ui.card_view import CardView
from deckeditor.ui.catalog_view import CatalogPanel
from deckeditor.ui.deck_pane import DeckPane
from deckeditor.ui.legality_panel import LegalityPanel
from deckeditor.ui.stats import StatsPanel
from deckeditor.ui.status_bar import ProblemList
from deckeditor.ui.template_panel import TemplatePanel


class WindowPanes:
    """The panes, made and laid out in `splitter` (the window's central widget)."""

    def __init__(self, session: EditorSession, get_session: Callable[[], EditorSession]) -> None:
        self.catalog = CatalogPanel(session)
        self.deck_pane = DeckPane(session)
        self.problems = ProblemList()
        self.card_view = CardView(session)
        self.stats = StatsPanel()
        self.target_box = QComboBox()
        self.target_box.setToolTip("The deck section catalog cards are added to (and checked for)")
        self.problem_title = QLabel("Problems")
        self.template_panel = TemplatePanel()  # "Ramp 8/10" above the charts (issue 27)
        self.legality = LegalityPanel(get_session)  # one row per format (issue 23)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.card_view, "Card")
        self.tabs.addTab(self._statistics(), "Statistics")
        self.tabs.addTab(self.legality, "Legality")
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self._left())
        self.splitter.addWidget(self._middle())
        self.splitter.addWidget(self.tabs)
        for pane, stretch in enumerate((5, 4, 3)):
            self.splitter.setStretchFactor(pane, stretch)

    def _left(self) -> QWidget:
        left = QWidget()
        layout = QVBoxLayout(left)
        layout.setContentsMargins(6, 6, 0, 6)
        header = QHBoxLayout()
        title = QLabel("Catalog")
        title.setStyleSheet("font-weight: bold; font-size: 13pt;")
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(QLabel("Add to"))
        header.addWidget(self.target_box)
        layout.addLayout(header)
        layout.addWidget(self.catalog, 1)
        return left

    def _middle(self) -> QSplitter:
        middle = QSplitter(Qt.Orientation.Vertical)
        deck_holder = QWidget()
        deck_layout = QVBoxLayout(deck_holder)
        deck_layout.setContentsMargins(0, 6, 0, 0)
        deck_layout.addWidget(self.deck_pane)
        problem_holder = QWidget()
        problem_layout = QVBoxLayout(problem_holder)
        problem_layout.setContentsMargins(0, 0, 0, 0)
        self.problem_title.setStyleSheet("font-weight: bold;")
        problem_layout.addWidget(self.problem_title)
        problem_layout.addWidget(self.problems)
        middle.addWidget(deck_holder)
        middle.addWidget(problem_holder)
        middle.setStretchFactor(0, 4)
        middle.setStretchFactor(1, 1)
        return middle

    def _statistics(self) -> QScrollArea:
        holder = QWidget()
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.template_panel)
        layout.addWidget(self.stats, 1)
        # scrolled within the tab: the template's rows above three charts are taller than a
        # 1366×768 laptop leaves, and would otherwise grow the window past the screen
        scroll = QScrollArea()
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        return scroll
