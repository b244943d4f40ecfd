"""The main window: catalog (left), deck pane and problems (middle), card view and statistics
(right), menus for files, edits and the card database, and the status bar.

The window owns no rules: it forwards every edit to the EditorSession and redraws from the
session's snapshot when it changes. Dialog entry points (`ask_colors`, `confirm_discard`) are
attributes so tests can answer them without a modal loop.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deckeditor import APP_NAME
from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, new_deck
from deckeditor.deck_edits import find_entries
from deckeditor.deck_files import (
    deck_file_game,
    deck_text,
    export_kind,
    export_losses,
    read_deck_file,
    save_deck_file,
    share_kinds,
)
from deckeditor.deck_views import player_words
from deckeditor.diskstate import disk_state
from deckeditor.games import registry
from deckeditor.paths import AppPaths, resources_dir
from deckeditor.problems import Problem
from deckeditor.session import EditorSession
from deckeditor.ui import theme
from deckeditor.ui.autosave import Autosaver
from deckeditor.ui.card_images import CardImages, HoverPreview
from deckeditor.ui.card_view import CardView
from deckeditor.ui.catalog_view import CatalogPanel
from deckeditor.ui.deck_pane import DeckPane
from deckeditor.ui.file_watch import FileWatch
from deckeditor.ui.legality_panel import LegalityPanel
from deckeditor.ui.settings import Settings, load_settings, save_settings_or_tell
from deckeditor.ui.stats import StatsPanel
from deckeditor.ui.status_bar import DeckStatusBar, ProblemList
from deckeditor.ui.template_panel import TemplatePanel
from deckeditor.ui.undo import UndoActions
from deckeditor.ui.window_fit import clamp_to_screen, fit_first_start

if TYPE_CHECKING:
    from deckeditor.ui.workers import ImportWorker


def load_pool(paths: AppPaths, game: str) -> CardPool:
    """The card database's pool for a game, else the starter pool, else an empty pool."""
    from deckeditor.carddb.store import open_pool

    try:
        return open_pool(paths, game=game)
    except Exception as exc:  # a damaged database or starter file must not stop the window
        from deckeditor.carddb.repair import tell_window
        from deckeditor.carddb.store import starter_pool

        try:
            pool = CardPool(game, starter_pool(game).cards)  # a copy: the cached pool stays
            fallback = "the built-in starter pool is used"
        except Exception:  # noqa: BLE001 - the starter file too: an empty catalog, said
            pool, fallback = CardPool(game), "the catalog is empty"
        tell_window(f"The card database could not be read, so {fallback}:\n{exc}")
        return pool


class MainWindow(QMainWindow):
    def __init__(
        self,
        paths: AppPaths,
        pools: dict[str, CardPool] | None = None,
        settings: Settings | None = None,
        autosave: bool = True,
    ) -> None:
        super().__init__()
        self.paths = paths
        self.settings = settings if settings is not None else load_settings(paths)
        # before any widget is made: the palette they start with is the theme's
        theme.apply(QApplication.instance(), self.settings.theme)
        self.pools: dict[str, CardPool] = dict(pools or {})
        self.current_path: str | None = None
        self.current_kind = "json"  # the deck-file kind of current_path (Save writes it back)
        self.ask_colors: Callable[..., str | None] = self._ask_colors_dialog
        self.confirm_discard: Callable[[], bool] = self._confirm_discard_dialog
        self.confirm_hidden: Callable[[str, list[str]], bool] = self._confirm_hidden_dialog
        self.ask_lossy_save: Callable[[str, list[str]], str | None] = self._ask_lossy_save_dialog
        self.run_dialog: Callable[[object], bool] = lambda dialog: bool(
            dialog.exec()
        )  # tests answer
        self.ask_text: Callable[[str, str, str], str | None] = self._ask_text_dialog
        self.last_message = ""
        self._import_thread = None
        self.file_watch = FileWatch(self)  # another program changing the open file (Save asks)

        first = registry.DEFAULT_GAME
        self.session = EditorSession(self.pool(first), new_deck(first))
        self.session.listeners.append(self._on_session_changed)

        self.setWindowTitle(APP_NAME)
        icon = resources_dir() / "icons" / "deckeditor.png"
        if icon.exists():
            self.setWindowIcon(QIcon(str(icon)))

        self.catalog = CatalogPanel(self.session)
        self.deck_pane = DeckPane(self.session)
        self.problems = ProblemList()
        self.card_view = CardView(self.session)
        self.stats = StatsPanel()
        self.target_box = QComboBox()
        self.target_box.setToolTip("The deck section catalog cards are added to (and checked for)")

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(6, 6, 0, 6)
        header = QHBoxLayout()
        title = QLabel("Catalog")
        title.setStyleSheet("font-weight: bold; font-size: 13pt;")
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(QLabel("Add to"))
        header.addWidget(self.target_box)
        left_layout.addLayout(header)
        left_layout.addWidget(self.catalog, 1)

        middle = QSplitter(Qt.Orientation.Vertical)
        deck_holder = QWidget()
        deck_layout = QVBoxLayout(deck_holder)
        deck_layout.setContentsMargins(0, 6, 0, 0)
        deck_layout.addWidget(self.deck_pane)
        problem_holder = QWidget()
        problem_layout = QVBoxLayout(problem_holder)
        problem_layout.setContentsMargins(0, 0, 0, 0)
        self.problem_title = QLabel("Problems")
        self.problem_title.setStyleSheet("font-weight: bold;")
        problem_layout.addWidget(self.problem_title)
        problem_layout.addWidget(self.problems)
        middle.addWidget(deck_holder)
        middle.addWidget(problem_holder)
        middle.setStretchFactor(0, 4)
        middle.setStretchFactor(1, 1)

        self.template_panel = TemplatePanel()  # "Ramp 8/10" above the charts (issue 27)
        stats_holder = QWidget()
        stats_layout = QVBoxLayout(stats_holder)
        stats_layout.setContentsMargins(0, 0, 0, 0)
        stats_layout.addWidget(self.template_panel)
        stats_layout.addWidget(self.stats, 1)
        # scrolled within the tab: the template's rows above three charts are taller than a
        # 1366×768 laptop leaves, and would otherwise grow the window past the screen
        stats_scroll = QScrollArea()
        stats_scroll.setWidget(stats_holder)
        stats_scroll.setWidgetResizable(True)
        stats_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.card_view, "Card")
        self.tabs.addTab(stats_scroll, "Statistics")
        self.legality = LegalityPanel(lambda: self.session)  # one row per format (issue 23)
        self.tabs.addTab(self.legality, "Legality")
        self.legality.cardsRequested.connect(self.deck_pane.select_cards)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(middle)
        self.splitter.addWidget(self.tabs)
        self.splitter.setStretchFactor(0, 5)
        self.splitter.setStretchFactor(1, 4)
        self.splitter.setStretchFactor(2, 3)
        self.setCentralWidget(self.splitter)

        self.status = DeckStatusBar()
        self.setStatusBar(self.status)

        self.undo_actions = UndoActions(self, lambda: self.session)
        self._build_images()
        self._build_menus()

        self.catalog.cardChosen.connect(lambda name: self.add_card(name, self.target()))
        self.catalog.addToSection.connect(self._add_to_section)
        self.catalog.leadRequested.connect(self.add_by_lead_action)
        self.catalog.cardSelected.connect(
            lambda name: self.card_view.show_card(name, self.target())
        )
        self.catalog.importRequested.connect(self.import_cards_dialog)
        self.catalog.printingsRequested.connect(
            lambda name: self.card_view.open_printings(name, self.target())
        )
        self.catalog.helpRequested.connect(self.search_help)
        # the card view's "why hidden" follows the search, once typing pauses (off the keystroke)
        self._card_refresh = QTimer(self, singleShot=True, interval=250)
        self._card_refresh.timeout.connect(
            lambda: self.card_view.card is not None and self.card_view._render()
        )
        self.catalog.search_box.textChanged.connect(lambda _: self._card_refresh.start())
        self.deck_pane.addRequested.connect(self.add_card)
        self.deck_pane.leadRequested.connect(self.lead_action)
        self.deck_pane.colorsRequested.connect(self.choose_colors)
        self.deck_pane.cardSelected.connect(
            lambda name: self.card_view.show_card(
                name, self.target(), self.deck_pane.current_entry()
            )
        )
        self.problems.problemActivated.connect(self.select_problem)
        self.template_panel.categoryClicked.connect(self.show_category)
        self.template_panel.targetChanged.connect(
            lambda c, n: self.session.set_category_target(c, n)
        )
        self.template_panel.buildRequested.connect(lambda: self.session.build_to_template())
        self.problems.problemDoubleClicked.connect(self.record_choice)
        self.status.formatChosen.connect(self.set_format)
        self.status.targetChosen.connect(lambda value: self.session.set_deck_target(value))
        self.status.dayChosen.connect(lambda day: self.session.set_day(day))
        self.target_box.currentIndexChanged.connect(
            lambda i: self._on_target(self.target_box.itemData(i) or "")
        )

        self.catalog.show_hidden.setChecked(self.settings.show_hidden)
        self.deck_pane.group_box.setCurrentText(self.settings.group_by)
        self.deck_pane.sort_box.setCurrentText(self.settings.sort_by)
        fit_first_start(self)  # a 1366×768 laptop's screen, less its panels
        width = self.width()  # the catalog and the deck first; the card view takes the rest
        self.splitter.setSizes([width * 41 // 100, width * 35 // 100, width - width * 76 // 100])
        self._restore_state()
        self.autosaver = (
            Autosaver(
                paths,
                lambda: self.session,
                lambda: self.current_path,
                parent=self,
                get_kind=lambda: self.current_kind,
                get_disk=self.file_watch.known_state,
            )
            if autosave
            else None
        )
        if self.autosaver is not None:
            self.autosaver.failed.connect(
                lambda why: self.warn(
                    "Unsaved work not protected",
                    (
                        f"Your changes cannot be kept for recovery after a crash ({why}). "
                        "Save the deck to keep them."
                    ),
                )
            )
        self._on_session_changed(self.session, full=True)

    # --- pools and sessions --------------------------------------------------------------

    def pool(self, game: str) -> CardPool:
        if game not in self.pools:
            self.pools[game] = load_pool(self.paths, game)
            from deckeditor.carddb.repair import pending

            # a later load (another game's deck) may repair or fail too; the first, while the
            # window is being made, is told by ui.app once it is shown
            if self.isVisible() and pending():
                QTimer.singleShot(0, self, self._tell_repairs)
        return self.pools[game]

    def _use_session(self, session: EditorSession) -> None:
        self.session.listeners.clear()
        self.session = session
        session.listeners.append(self._on_session_changed)
        self.catalog.set_session(session)
        self.deck_pane.set_session(session)
        self.card_view.session = session
        self._on_session_changed(session, full=True)
        lead_section = session.game.lead_section
        lead = (
            next((e.card for _, e in session.deck.entries(lead_section)), None)
            if lead_section
            else None
        )
        # as the deck line it is, so its printing can be chosen at once
        self.card_view.show_card(lead, self.target(), (lead_section, 0) if lead else None)

    def open_deck(self, deck: Deck, path: str | None = None) -> None:
        """Show a deck in a fresh session (its own undo history)."""
        session = EditorSession(self.pool(deck.game), deck, deck.format)
        self.current_path = path
        self.current_kind = "json"
        self.file_watch.watch(path)
        self._use_session(session)

    def target(self) -> str:
        return self.target_box.currentData() or "Main"

    def _on_target(self, section: str) -> None:
        if section:
            self.catalog.set_target(section)

    # --- redraw --------------------------------------------------------------------------

    def _on_session_changed(self, session: EditorSession, full: bool = False) -> None:
        problems = session.problems()
        self.deck_pane.flagged = {c for p in problems for c in p.cards}
        sections = list(session.add_targets())  # sections, or a section's slots in its place
        shown = [self.target_box.itemData(i) for i in range(self.target_box.count())]
        if full or shown != sections:  # another deck, or a format with other sections
            keep = self.target() if not full and self.target() in sections else "Main"
            self.target_box.blockSignals(True)
            self.target_box.clear()
            for section in sections:  # the game's titles ("Chosen Champion"), ids as data
                self.target_box.addItem(session.game.section_title(section), section)
            self.target_box.setCurrentIndex(max(0, self.target_box.findData(keep)))
            self.target_box.blockSignals(False)
            self.catalog.target = keep
        if full:
            self._name_catalog_lead()
        if full or self.status.format_box.currentData() != session.format_code:
            self.status.set_state(session.format_codes(), session.format_code, session.day)
        self.card_view.searcher = self.catalog.searcher
        self.catalog.refresh(keep_place=not full)
        self.deck_pane.refresh()
        self.problems.choice_kinds = session.game.choice_problem_kinds
        from dataclasses import replace as _replace

        worded = [_replace(p, message=player_words(p.message, session.fmt)) for p in problems]
        self.problems.set_problems(worded, session.engine_note())
        self.problem_title.setText(f"Problems ({len(problems)})" if problems else "Problems")
        stats = session.stats()
        self.stats.use_symbols(session.game)  # each game draws its own
        self.stats.set_stats(stats)
        statuses = session.template_status()
        self.template_panel.set_status(
            statuses, {t.category: t.query for t in statuses}, session.deck.template is not None
        )
        self.status.set_counts(stats.counts, problems)
        self.status.set_deck_target(session.deck_target())
        self.status.set_target_status(*session.target_status())
        self.card_view.redraw(self.target())  # the card on view, for the new deck
        self.undo_actions.update()
        self._update_title()
        self.legality.session_changed()
        if self.autosaver is not None:
            self.autosaver.schedule()  # written shortly after the edit, off the edit path

    def _name_catalog_lead(self) -> None:
        """The Deck menu's catalog-lead item, for a game that has one."""
        label = self.session.game.catalog_lead_label
        self.catalog_lead_menu_action.setText(label)
        self.catalog_lead_menu_action.setVisible(bool(label))

    def _update_title(self) -> None:
        star = "*" if self.session.dirty else ""
        where = f" — {Path(self.current_path).name}" if self.current_path else ""
        game = self.session.game.title if self.session.game_module() else self.session.game_code
        self.setWindowTitle(f"{self.session.deck.name}{star}{where} · {game} — {APP_NAME}")

    def _tell_repairs(self) -> None:
        from deckeditor.ui.app import tell_repairs

        tell_repairs(self)

    def warn(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def show_message(self, text: str) -> None:
        self.last_message = text
        self.status.showMessage(text, 10000)

    # --- edits ---------------------------------------------------------------------------

    def add_card(self, name: str, section: str | None = None, as_asked: bool = False) -> None:
        """Add one copy from the catalog to `section` (the "Add to" target). A card that can join
        only through a lead action (a partner off the commander's identity) takes it, unless the
        player named the section itself (`as_asked`: the context menu's "Add to Main")."""
        asked = section or self.target()
        card = self.session.card(name)
        instead = None if as_asked else self.session.add_instead(card, asked)
        if instead is not None:
            self.add_by_lead_action(name, instead.action, asked)
            return
        section = self.session.section_for(card, asked)
        # a slot the game offers is checked as itself: it narrows its section
        checked_as = section if asked in self.session.sections else asked
        reasons = self.session.why_hidden(card, checked_as) if card is not None else []
        if reasons and not self.confirm_hidden(name, reasons):
            self.show_message(f"{name} not added")
            return
        budget = self.session.upfront_choice(card)
        lead = self.session.game.lead_section
        if lead and section == lead and budget is not None and not budget.exactly:
            deck = self.session.deck.add_card(lead, name)
            colors = self.ask_colors(name, budget, "")
            if colors:
                index = len(deck.section(lead).entries) - 1
                from dataclasses import replace

                entry = deck.section(lead).entries[index]
                deck = deck.replace_entry(
                    lead, index, replace(entry, colors=self.session.game.normalise_choice(colors))
                )
            title = self.session.game.section_title(lead).lower()
            self.session.apply(deck, f"{name} is now the {title}")
            self.show_message(f"Added {name} to {self.session.game.section_title(asked)}")
            self._back_to_main(lead)
            return
        colors = ""
        if budget is not None and budget.exactly:
            colors = self.ask_colors(name, budget, "") or ""  # Cancel adds the card unmarked
        # said as the target the player chose: "to Signature spell", the slot, not its section
        result = self.session.add_card(name, section, 1, colors, shown_as=asked)
        self.show_message(result.message)
        if section == lead:
            self._back_to_main(lead)

    def add_by_lead_action(self, name: str, action: str, target: str | None = None) -> None:
        """A catalog card through one of its lead actions ("Add as partner"), its upfront
        choice asked first when the action says so."""
        target = target or self.target()
        card = self.session.card(name)
        offered = {a.action: a for a in self.session.catalog_lead_actions(card, target)}
        if action not in offered:
            self.show_message(f"{name} cannot be added that way")
            return
        colors = None
        budget = self.session.upfront_choice(card) if offered[action].asks_choice else None
        if budget is not None:
            colors = self.ask_colors(name, budget, "")
        try:
            result = self.session.add_by_lead_action(name, action, target, colors)
        except ValueError as exc:  # the game refuses: say why
            self.show_message(str(exc))
            return
        self.show_message(result.message)

    def _add_to_section(self, name: str, section: str) -> None:
        if section in self.session.sections or section in self.session.add_targets():
            self.add_card(name, section, as_asked=True)
        else:
            self.show_message(f"This deck has no {section}")

    def add_current_to(self, section: str) -> None:
        card = self.catalog.current_card()
        if card is None:
            self.show_message("Select a card in the catalog first")
        elif section not in self.session.sections and section not in self.session.add_targets():
            self.show_message(f"This deck has no {section}")
        else:
            self.add_card(card.name, section)

    def _focus_search(self) -> None:
        self.catalog.search_box.setFocus()
        self.catalog.search_box.selectAll()

    def _back_to_main(self, lead: str) -> None:
        """The lead is chosen: the next cards go to Main (the catalog follows the target)."""
        if (
            self.session.target_section(self.target()) == lead
            and self.target_box.findData("Main") >= 0
        ):
            self.target_box.setCurrentIndex(self.target_box.findData("Main"))

    def _confirm_hidden_dialog(self, name: str, reasons: list[str]) -> bool:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Add a hidden card?",
            f"The deck's rules hide {name}:",
            parent=self,
        )
        box.setInformativeText("\n".join(f"• {r}" for r in reasons) + "\n\nAdd it anyway?")
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Yes

    def lead_action(self, action: str, section: str, index: int) -> None:
        """One of the line's lead actions (deck pane's context menu, Deck menu); the card's
        upfront choice is asked first when the action says so."""
        offered = {a.action: a for a in self.session.lead_actions(section, index)}
        if action not in offered:
            return
        entry = self.session.deck.section(section).entries[index]
        colors = None
        if offered[action].asks_choice:
            budget = self.session.upfront_choice(self.session.card(entry.card))
            if budget is not None:
                colors = self.ask_colors(entry.card, budget, entry.colors)
        try:
            self.session.lead_action(action, section, index, colors)
        except ValueError as exc:  # the game refuses the line: say why
            self.show_message(str(exc))
            return
        self.show_message(self.session.history.undo_text())

    def set_commander(self, section: str, index: int) -> None:
        """The line's first lead action (Set as commander, Make chosen champion, Set as legend)."""
        actions = self.session.lead_actions(section, index)
        if actions:
            self.lead_action(actions[0].action, section, index)

    def choose_colors(self, section: str, index: int) -> None:
        entry = self.session.deck.section(section).entries[index]
        budget = self.session.upfront_choice(self.session.card(entry.card))
        if budget is None:
            return
        colors = self.ask_colors(entry.card, budget, entry.colors)
        if colors is not None:
            self.session.set_colors(section, index, colors)

    def _ask_colors_dialog(self, name: str, budget, chosen: str) -> str | None:
        from deckeditor.ui.color_dialog import ColorDialog  # lazy: a dialog, not the first screen

        zone = self.session.choice_zone()
        dialog = ColorDialog(name, budget, chosen, zone, self.session.relied_on(name), self)
        return dialog.colors() if dialog.exec() else None

    def record_choice(self, problem: Problem) -> None:
        """Double-clicking a colour-choice problem opens the dialog on the card behind it (the
        check's "additional colour is not recorded" warning: the GUI offers to record it)."""
        if problem.kind.value not in self.session.game.choice_problem_kinds:
            return
        for section, index in find_entries(self.session.deck, problem.cards):
            entry = self.session.deck.section(section).entries[index]
            if self.session.upfront_choice(self.session.card(entry.card)) is not None:
                self.choose_colors(section, index)
                return

    def show_category(self, category: str) -> None:
        """The catalog lists the category's cards (the game's search; the catalog keeps to the
        deck's legality as it always does)."""
        query = self.session.category_query(category)
        if not query:
            self.show_message(f"{category} is a category of your own: no card text names it")
            return
        self.catalog.search_box.setText(query)
        self.show_message(f"The catalog lists {category.lower()} the deck may take ({query})")

    def edit_line_categories(self) -> None:
        """The selected line's categories, comma-separated; empty: none; `*`: its card's roles."""
        ref = self.deck_pane.current_entry()
        if ref is None:
            return
        section, index = ref
        now = ", ".join(self.session.line_categories(section, index))
        text = self.ask_text(
            "Line categories", "Categories (comma-separated; * for the card's roles):", now
        )
        if text is None:
            return
        names = None if text.strip() == "*" else [n.strip() for n in text.split(",") if n.strip()]
        self.session.set_line_categories(section, index, names)

    def rename_category_dialog(self) -> None:
        old = self.ask_text("Rename category", "Category to rename:", "")
        if not old:
            return
        new = self.ask_text("Rename category", f"New name for {old}:", old)
        if new and new.strip() != old:
            self.session.rename_category(old.strip(), new.strip())

    def _ask_text_dialog(self, title: str, label: str, text: str) -> str | None:
        value, ok = QInputDialog.getText(self, title, label, text=text)
        return value if ok else None

    def odds_dialog(self):
        from deckeditor.ui.odds_dialog import OddsDialog

        dialog = OddsDialog(self.session, self.images, self)
        self.run_dialog(dialog)
        return dialog

    def select_problem(self, problem: Problem) -> None:
        if problem.extra.get("query"):  # a category under its target: the catalog lists more
            self.show_category(problem.extra["category"])
        found = self.deck_pane.select_cards(problem.cards)
        self.show_message(f"{problem.message} — {found} line{'s' if found != 1 else ''} selected")

    def set_format(self, code: str) -> None:
        """The chosen format is part of the deck (saved with it, undoable)."""
        before = self.session.deck
        self.session.set_format(code, notify=False)
        self.session.apply(before.with_format(code), f"Format {code}")
        if self.session.deck is before:  # the deck already named it: still re-check
            self.session._changed()

    def rename_deck(self) -> None:
        name, ok = QInputDialog.getText(
            self, "Rename deck", "Deck name", text=self.session.deck.name
        )
        if ok and name.strip():
            self.session.rename(name.strip())

    # --- files ---------------------------------------------------------------------------

    def _confirm_discard_dialog(self) -> bool:
        if not self.session.dirty:
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to {self.session.deck.name}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_deck(
        self, game: str = registry.DEFAULT_GAME, fmt: str | None = None, name: str = "Untitled deck"
    ) -> None:
        if not self.confirm_discard():
            return
        self.open_deck(new_deck(game, name, fmt), None)

    def new_deck_dialog(self) -> None:
        """Ask the game and the format (last choices first), then start the deck."""
        from deckeditor.ui.new_deck_dialog import NewDeckDialog

        dialog = self.new_dialog = NewDeckDialog(
            self.settings.new_game, self.settings.new_format, self
        )
        if not self.run_dialog(dialog):
            return
        self.settings.new_game, self.settings.new_format = dialog.game(), dialog.format()
        self.new_deck(dialog.game(), dialog.format(), dialog.name())

    def open_path(self, path: str) -> bool:
        known = disk_state(path)  # before reading: a change made meanwhile is seen at Save
        try:
            # a Path: a str that names no regular file would be read as pasted deck text
            result = read_deck_file(Path(path), self.pool(deck_file_game(Path(path))))
        except Exception as exc:  # DeckFileError: one clear line in a dialog
            self.warn("Cannot open deck", str(exc))
            return False
        deck = result.deck
        kind = str(getattr(result, "kind", "json") or "json")
        writable = any(k.kind == kind for k in registry.game(deck.game).export_kinds())
        self.open_deck(deck, path if writable else None)  # a kind we cannot write: Save asks where
        self.current_kind = kind if writable else "json"
        self.file_watch.watch(self.current_path, known)
        self.settings.add_recent(path)
        self.settings.last_dir = str(Path(path).parent)
        self._fill_recent()
        self.show_message(f"Opened {Path(path).name}")
        return True

    def open_dialog(self) -> None:
        if not self.confirm_discard():
            return
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open deck",
            self.settings.last_dir or str(self.paths.data),
            "Deck files (*.deck.json *.json *.dck *.cod *.dek *.txt);;All files (*)",
        )
        if path:
            self.open_path(path)

    def save(self) -> bool:
        """Back to the file's own kind when that kind holds the whole deck (a .dck stays a .dck);
        otherwise the player chooses: our own file (nothing lost) or that kind anyway."""
        if not self.current_path:
            return self.save_as()
        kind = self.current_kind
        if kind != "json":
            lost = export_losses(self._deck_to_save(), kind, self.session.pool, reread_only=True)
            if lost:
                answer = self.ask_lossy_save(kind, lost)
                if answer is None:
                    return False
                if answer == "json":
                    return self.save_as()
        return self.save_to(self.current_path, kind)

    def _deck_to_save(self):
        deck = self.session.deck
        return (
            deck
            if deck.format == self.session.format_code
            else deck.with_format(self.session.format_code)
        )

    def _ask_lossy_save_dialog(self, kind: str, lost: list[str]) -> str | None:
        from deckeditor.losses import group_losses

        label = export_kind(self.session.game_code, kind).label
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Save deck",
            f"{Path(self.current_path or '').name} is a {label} file, which cannot hold all of this deck.",
            parent=self,
        )
        box.setInformativeText(
            "It would lose:\n" + "\n".join(f"• {g.line()}" for g in group_losses(lost))
        )
        own = box.addButton("Save as a Deck Editor deck…", QMessageBox.ButtonRole.AcceptRole)
        anyway = box.addButton(f"Save as {label} anyway", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(own)
        box.exec()
        clicked = box.clickedButton()
        return "json" if clicked is own else kind if clicked is anyway else None

    def save_as(self, path: str | None = None) -> bool:
        if path is None:
            default = str(Path(self.save_folder()) / f"{self.session.deck.name}.deck.json")
            path, _ = QFileDialog.getSaveFileName(
                self, "Save deck", default, "Deck Editor deck (*.deck.json)"
            )
            if not path:
                return False
        return self.save_to(path)

    def save_folder(self) -> str:
        """Where Save As starts: the last folder used, unless that is the program's own
        resources (a starter deck was opened from there), else the player's documents."""
        last = Path(self.settings.last_dir) if self.settings.last_dir else None
        if (
            last is not None
            and last.is_dir()
            and not last.resolve().is_relative_to(resources_dir().resolve())
        ):
            return str(last)
        for folder in (self.paths.documents, Path.home()):
            if folder is not None and folder.is_dir():
                return str(folder)
        return str(self.paths.data)

    def save_to(self, path: str, kind: str = "json") -> bool:
        held = self.file_watch.before_save(path)
        if held is not None:  # the file changed on disk: the player chose reload or another file
            return held
        deck = self._deck_to_save()
        try:
            save_deck_file(path, deck, kind, self.session.pool)
        except Exception as exc:  # disk full, permissions: say so, keep the deck open
            # one line naming the file and why (no errno, no temp name), then what still holds
            why = (
                f"{exc.filename or path}: {exc.strerror}"
                if isinstance(exc, OSError) and exc.strerror
                else str(exc)
            )
            self.warn(
                "Cannot save",
                f"{why}\n\nNothing was written; the deck stays open with your changes.",
            )
            return False
        self.current_path = path
        self.current_kind = kind
        self.file_watch.watch(path)
        self.session.mark_saved()
        if self.autosaver is not None:
            self.autosaver.discard()
        self.settings.add_recent(path)
        self.settings.last_dir = str(Path(path).parent)
        self._fill_recent()
        self.show_message(f"Saved {Path(path).name}")
        self._update_title()
        return True

    def import_dialog(self) -> None:
        if not self.confirm_discard():
            return
        from deckeditor.ui.import_dialog import ImportDialog  # lazy: a dialog, not the first screen

        dialog = ImportDialog(self.session.pool, self, self.settings.last_dir, pool_for=self.pool)
        if dialog.exec():
            self._open_imported(dialog)

    def import_from_clipboard(self) -> None:
        """The clipboard's text through the import dialog's reader and preview, as a file is."""
        from PySide6.QtGui import QGuiApplication

        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.show_message("The clipboard holds no text to import")
            return
        if not self.confirm_discard():
            return
        from deckeditor.ui.import_dialog import ImportDialog  # lazy: a dialog, not the first screen

        dialog = self.clipboard_dialog = ImportDialog(
            self.session.pool, self, self.settings.last_dir, pool_for=self.pool
        )
        dialog.setWindowTitle("Import deck from the clipboard")
        dialog.paste.setPlainText(text)
        dialog.preview_text()
        if self.run_dialog(dialog):
            self._open_imported(dialog)

    def _open_imported(self, dialog) -> None:
        if dialog.deck() is None:
            return
        self.open_deck(dialog.deck(), None)
        self.session.history.mark_dirty()
        self.session._changed()
        self.show_message(f"Imported {dialog.deck().name}")

    def _fill_copy_menu(self) -> None:
        """One item per kind the deck's game shares (its export kinds), made when shown."""
        self.copy_menu.clear()
        for kind in share_kinds(self.session.game_code):
            self.copy_menu.addAction(kind.short_label, lambda k=kind.kind: self.copy_deck_as(k))

    def copy_deck_as(self, kind: str) -> None:
        """The deck as `kind`'s text on the clipboard; the status line says what it cannot carry."""
        from PySide6.QtGui import QGuiApplication

        from deckeditor.losses import group_losses

        deck = self._deck_to_save()
        label = export_kind(self.session.game_code, kind).short_label
        try:
            text = deck_text(deck, kind, self.session.pool)
        except Exception as exc:  # a deck this kind cannot hold at all: say why
            self.show_message(f"Not copied: {exc}")
            return
        QGuiApplication.clipboard().setText(text)
        lost = group_losses(export_losses(deck, kind, self.session.pool))
        note = f" — it does not carry: {'; '.join(g.line() for g in lost[:2])}" if lost else ""
        more = (
            f" and {len(lost) - 2} more (File › Export deck… lists them)" if len(lost) > 2 else ""
        )
        self.show_message(f"Copied the deck as {label}{note}{more}")

    def export_dialog(self) -> None:
        from deckeditor.ui.export_dialog import ExportDialog  # lazy: a dialog, not the first screen

        deck = self.session.deck.with_format(self.session.format_code)
        ExportDialog(deck, self.session.pool, self, self.save_folder()).exec()

    def import_cards_dialog(self) -> None:
        """Import a card source (Forge cardsfolder, MTGJSON, Scryfall, Riftbound gallery)."""
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Import cards",
            self.settings.last_dir,
            "Card sources (*.json *.xz *.gz *.zip *.txt);;All files (*)",
        )
        if not path:
            folder = QFileDialog.getExistingDirectory(
                self, "Or a Forge cardsfolder", self.settings.last_dir
            )
            if not folder:
                return
            path = folder
        self.import_cards([path])

    def import_cards(self, sources: list[str]) -> ImportWorker:
        # lazy: the import's dialog and worker (subprocess, threads) are not the first screen
        from deckeditor.ui.import_progress import ImportProgress
        from deckeditor.ui.workers import ImportWorker, start_import

        progress = ImportProgress(sources, self)
        self._import_progress = progress
        worker = ImportWorker(sources, self.paths)
        self._import_worker = worker
        # Bound methods of this window: Qt queues them to the GUI thread (a plain function
        # would run in the worker's thread and touch widgets from there).
        worker.progressed.connect(self._on_import_progress)
        worker.phase.connect(self._on_import_phase)
        worker.finished.connect(self._on_import_finished)
        worker.failed.connect(self._on_import_failed)
        worker.cancelled.connect(self._on_import_cancelled)
        # Not worker.cancel itself: the worker lives in its busy thread, so a queued call would
        # wait for the import to end; the flag is a threading.Event, safe to set from here.
        progress.canceled.connect(self._cancel_import)
        game, paths = self.session.game_code, self.paths
        worker.preload = lambda: {game: load_pool(paths, game)}  # in the worker: no freeze here
        self._import_thread = start_import(worker)
        return worker

    def _cancel_import(self) -> None:
        self._import_worker.cancel()

    def _on_import_progress(self, done: int, total: int, text: str) -> None:
        if self._import_progress.phase == "reading":
            self._import_progress.progressed(done, total, text)

    def _on_import_phase(self, phase: str, path: str) -> None:
        if phase == "reading":
            self._import_progress.reading(path)
        elif phase == "writing":
            self._import_progress.writing()

    def _on_import_finished(self, summaries) -> None:
        # The database is complete; loading and indexing the new pool is the last phase.
        self._import_progress.indexing()
        self.pools.clear()
        loaded = getattr(self._import_worker, "loaded", None)
        if isinstance(loaded, dict):
            self.pools.update(loaded)
        history = self.session.history
        session = EditorSession(
            self.pool(self.session.game_code), self.session.deck, self.session.format_code
        )
        session.history = history  # the edits made so far stay undoable
        self._use_session(session)
        self.catalog.searcher.warm()
        self._import_progress.close()
        count = sum(getattr(s, "cards", 0) for s in summaries or [])
        self.show_message(f"Imported {count:,} card{'s' if count != 1 else ''}")
        self._show_import_issues(summaries or [])

    def _show_import_issues(self, summaries) -> None:
        """The import's warnings and errors in a player's words: counted by kind per source,
        each line naming its card in the details (non-modal: the imported cards are usable
        meanwhile)."""
        from deckeditor.carddb.issue_words import player_lines, summary
        from deckeditor.carddb.store import issue_kinds

        with_issues = [s for s in summaries if getattr(s, "messages", ())]
        self.import_issues = [
            f"{Path(s.path).name}: {line}" for s in with_issues for line in player_lines(s.messages)
        ]
        if not with_issues:
            return
        heads = []
        for s in with_issues:
            heads.append(f"{Path(s.path).name}:")
            heads.extend(f"  • {sentence}" for sentence in summary(issue_kinds(s.messages)))
        box = QMessageBox(QMessageBox.Icon.Information, "Card import: notes",
                          "The cards were imported. The sources had these notes:", parent=self)  # fmt: skip
        box.setInformativeText("\n".join(heads))
        box.setDetailedText("\n".join(self.import_issues))
        box.setModal(False)
        self._import_issues_box = box
        box.show()

    def _on_import_failed(self, message: str) -> None:
        self._import_progress.close()
        self.warn("Card import failed", message)

    def _on_import_cancelled(self) -> None:
        self._import_progress.close()
        self.show_message("Card import cancelled: the card database is as it was")

    # --- menus ---------------------------------------------------------------------------

    def _action(self, menu, text: str, slot, shortcut=None) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self._action(file, "New &deck…", self.new_deck_dialog, QKeySequence.StandardKey.New)
        new = file.addMenu("&New")  # an empty deck of a game in its default format, no questions
        for code, label in registry.new_deck_labels():  # the game modules load when used
            self._action(new, label, lambda g=code: self.new_deck(g))
        self._action(file, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file.addMenu("Open &Recent")
        self._fill_recent()
        file.addSeparator()
        self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(file, "Save &As…", self.save_as, QKeySequence.StandardKey.SaveAs)
        file.addSeparator()
        self._action(file, "&Import deck…", self.import_dialog, "Ctrl+I")
        self._action(file, "Import from clip&board", self.import_from_clipboard, "Ctrl+Shift+V")
        self._action(file, "&Export deck…", self.export_dialog, "Ctrl+E")
        file.addSeparator()
        self._action(file, "Import &cards…", self.import_cards_dialog)
        file.addSeparator()
        self._action(file, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit = bar.addMenu("&Edit")
        edit.addAction(self.undo_actions.undo)
        edit.addAction(self.undo_actions.redo)
        edit.addSeparator()
        self._action(edit, "Re&name deck…", self.rename_deck)
        edit.addSeparator()
        # the deck as a text players paste (Arena, MTGO, a deck code): the game's share kinds
        self.copy_menu = edit.addMenu("&Copy deck as")
        self.copy_menu.aboutToShow.connect(self._fill_copy_menu)
        deck = bar.addMenu("&Deck")
        self.lead_menu_action = self._action(
            deck, "Set as &lead card", self._selected_to_commander, "Ctrl+Shift+C"
        )
        # the deck line's other lead action ("Set as commander (instead of …)" beside a partner)
        self.second_lead_menu_action = self._action(deck, "", lambda: self._selected_lead(1))
        self.second_lead_menu_action.setVisible(False)
        # the catalog's current card through its own lead action ("Add as partner")
        self.catalog_lead_menu_action = self._action(deck, "", self._catalog_lead, "Ctrl+Shift+P")
        deck.aboutToShow.connect(self._name_lead_action)
        self._action(deck, "Choose &colours…", self._selected_colors, "Ctrl+Shift+L")
        self._action(deck, "&Remove line", lambda: self.deck_pane.key_action("delete"))
        deck.addSeparator()
        # the catalog's current card into a side section, whatever "Add to" says
        self._action(
            deck, "Add to &Sideboard", lambda: self.add_current_to("Sideboard"), "Ctrl+Alt+S"
        )
        self._action(
            deck, "Add to &Maybeboard", lambda: self.add_current_to("Maybeboard"), "Ctrl+Alt+M"
        )
        deck.addSeparator()  # categories, the template and the odds (issue 27)
        self._action(deck, "Line cate&gories…", self.edit_line_categories, "Ctrl+Shift+G")
        self._action(deck, "Re&name category…", self.rename_category_dialog)
        self._action(deck, "&Build to the template", lambda: self.session.build_to_template())
        self._action(deck, "Draw &odds and sample hand…", self.odds_dialog, "Ctrl+Shift+O")
        view = bar.addMenu("&View")
        toggle = view.addAction("Show &hidden cards")
        toggle.setCheckable(True)
        toggle.toggled.connect(self.catalog.show_hidden.setChecked)
        self.catalog.show_hidden.toggled.connect(toggle.setChecked)
        focus = view.addMenu("&Focus")
        self._action(focus, "&Search box", self._focus_search, "Alt+1")
        self._action(focus, "&Catalog", self.catalog.table.setFocus, "Alt+2")
        self._action(focus, "&Deck", self.deck_pane.tree.setFocus, "Alt+3")
        themes = view.addMenu("&Theme")
        group = QActionGroup(themes)
        self.theme_actions = {}
        for name in theme.THEMES:
            action = themes.addAction(f"&{name}")  # Alt+V, T, then S / L / D
            action.setCheckable(True)
            action.setChecked(
                name == (self.settings.theme if self.settings.theme in theme.THEMES else "System")
            )
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, n=name: self.set_theme(n))
            self.theme_actions[name] = action
        theme.follow_system(QApplication.instance(), self._theme_changed)
        pictures = view.addMenu("Card &images")
        self.downloads_action = pictures.addAction("&Download missing pictures")
        self.downloads_action.setCheckable(True)
        self.downloads_action.setChecked(self.settings.image_downloads)
        # the tooltip names every game's picture source: written when the menu first opens, so
        # a start does not import every game's package for it
        pictures.aboutToShow.connect(self._name_picture_sources)
        self.downloads_action.toggled.connect(self.set_image_downloads)
        self.previews_action = pictures.addAction("&Preview on hover")
        self.previews_action.setCheckable(True)
        self.previews_action.setChecked(self.settings.hover_previews)
        self.previews_action.toggled.connect(self.set_hover_previews)
        self._action(pictures, "Pictures &folder…", self.choose_pictures_folder)
        help_menu = bar.addMenu("&Help")
        self.search_help_action = self._action(
            help_menu, "&Search syntax", self.search_help, QKeySequence.StandardKey.HelpContents
        )
        self._action(help_menu, f"&About {APP_NAME}", self.about)

    def _name_picture_sources(self) -> None:
        if self.downloads_action.toolTip() and "(" in self.downloads_action.toolTip():
            return
        from deckeditor.games.registry import games

        sources = ", ".join(g.images.SOURCE_NAME for g in games() if g.images is not None)
        self.downloads_action.setToolTip(f"Fetch pictures the pictures folder lacks ({sources})")

    # --- card images and help ------------------------------------------------------------

    def _build_images(self) -> None:
        self.images = CardImages(self.paths.cache / "images", self)
        self.images.pictures_folder = self.settings.pictures_folder
        self.images.downloads = self.settings.image_downloads
        self.card_view.images = self.images
        self.catalog_preview = HoverPreview(
            self.images, self.catalog.table, self._catalog_card_at, self
        )
        self.deck_preview = HoverPreview(self.images, self.deck_pane.tree, self._deck_card_at, self)
        for preview in (self.catalog_preview, self.deck_preview):
            preview.enabled = self.settings.hover_previews

    def _catalog_card_at(self, pos):
        index = self.catalog.table.indexAt(pos)
        if not index.isValid():
            return None
        card = self.catalog.model.card_at(index.row())
        return (self.session.game, card, None) if card is not None else None

    def _deck_card_at(self, pos):
        from deckeditor.ui.deck_model import INDEX_ROLE, KIND_ROLE, SECTION_ROLE

        index = self.deck_pane.tree.indexAt(pos)
        if not index.isValid() or index.data(KIND_ROLE) != "entry":
            return None
        entry = self.session.deck.section(index.data(SECTION_ROLE)).entries[index.data(INDEX_ROLE)]
        card = self.session.card(entry.card)
        return (self.session.game, card, entry.printing) if card is not None else None

    def set_theme(self, name: str) -> None:
        """View › Theme: System (the desktop's scheme), Light or Dark; kept in the settings."""
        self.settings.theme = name
        theme.apply(QApplication.instance(), name)
        self.theme_actions[name].setChecked(True)
        self._theme_changed()

    def _theme_changed(self) -> None:
        """Views that drew their own colours draw again in the new palette."""
        self.card_view.retheme()
        self.catalog.error_label.setStyleSheet(theme.tone("color: #b00020;"))
        self.stats.update()
        self._on_session_changed(self.session, full=True)  # lines and problems in the new colours
        self.catalog.table.viewport().update()
        self.deck_pane.tree.viewport().update()

    def set_image_downloads(self, on: bool) -> None:
        self.settings.image_downloads = self.images.downloads = bool(on)
        if self.downloads_action.isChecked() != bool(on):
            self.downloads_action.setChecked(bool(on))
        self.card_view._ask_picture()

    def set_hover_previews(self, on: bool) -> None:
        self.settings.hover_previews = bool(on)
        for preview in (self.catalog_preview, self.deck_preview):
            preview.enabled = bool(on)
            if not on:
                preview.hide()

    def set_pictures_folder(self, folder: str) -> None:
        self.settings.pictures_folder = self.images.pictures_folder = folder
        self.images.memory.clear()  # pictures from the old folder must not stay
        self.card_view._ask_picture()

    def choose_pictures_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self,
            "Card pictures folder (Forge pics/cards or Cockatrice pics)",
            self.settings.pictures_folder or str(Path.home()),
        )
        if folder:
            self.set_pictures_folder(folder)

    def search_help(self) -> None:
        from deckeditor.ui.help_dialogs import SearchHelpDialog

        dialog = getattr(self, "search_help_dialog", None)
        if dialog is None or dialog.game != self.session.game_code:
            dialog = self.search_help_dialog = SearchHelpDialog(self.session.game_code, self)
        dialog.show()
        dialog.raise_()

    def about(self) -> None:
        from deckeditor.games.registry import games
        from deckeditor.ui.help_dialogs import AboutDialog

        sources = [g.images.SOURCE_NAME for g in games() if g.images is not None]
        if self.settings.pictures_folder:
            sources.insert(0, self.settings.pictures_folder)
        self.about_dialog = AboutDialog(self.paths, self.pools, sources, self)
        self.about_dialog.show()

    def _name_lead_action(self) -> None:
        """The Deck menu names the selected line's lead actions ("Set as commander", "Add as
        partner (second commander)", "Make chosen champion"), disabled when the line offers
        none, and the catalog card's own ("Add as partner (second commander): Tymna …")."""
        entry = self.deck_pane.current_entry()
        actions = self.session.lead_actions(*entry) if entry is not None else []
        self.lead_menu_action.setEnabled(bool(actions))
        if actions:
            self.lead_menu_action.setText(actions[0].label)
        self.second_lead_menu_action.setVisible(len(actions) > 1)
        if len(actions) > 1:
            self.second_lead_menu_action.setText(actions[1].label)
        card = self.catalog.current_card()
        offered = self.session.catalog_lead_actions(card, self.target())
        self.catalog_lead_menu_action.setEnabled(bool(offered))
        self.catalog_lead_menu_action.setText(
            f"{offered[0].label}: {card.name}" if offered else self.session.game.catalog_lead_label
        )

    def _selected_to_commander(self) -> None:
        entry = self.deck_pane.current_entry()
        if entry is not None:
            self.set_commander(*entry)

    def _selected_lead(self, which: int) -> None:
        entry = self.deck_pane.current_entry()
        actions = self.session.lead_actions(*entry) if entry is not None else []
        if len(actions) > which:
            self.lead_action(actions[which].action, *entry)

    def _catalog_lead(self) -> None:
        card = self.catalog.current_card()
        offered = self.session.catalog_lead_actions(card, self.target())
        if not offered:
            self.show_message(
                "Select a card in the catalog first"
                if card is None
                else f"{card.name} cannot be added that way"
            )
            return
        self.add_by_lead_action(card.name, offered[0].action)

    def _selected_colors(self) -> None:
        entry = self.deck_pane.current_entry()
        if entry is not None:
            self.choose_colors(*entry)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.settings.recent_files:
            self.recent_menu.addAction(
                path, lambda p=path: self.confirm_discard() and self.open_path(p)
            )
        self.recent_menu.setEnabled(bool(self.settings.recent_files))

    # --- window state --------------------------------------------------------------------

    def _restore_state(self) -> None:
        if self.settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.geometry.encode()))
        if self.settings.window_state:
            self.restoreState(QByteArray.fromBase64(self.settings.window_state.encode()))
        if self.settings.splitter:
            self.splitter.restoreState(QByteArray.fromBase64(self.settings.splitter.encode()))
        if self.settings.geometry:
            clamp_to_screen(self)  # saved on a bigger screen: inside this one

    def store_settings(self) -> None:
        s = self.settings
        s.geometry = bytes(self.saveGeometry().toBase64()).decode()
        s.window_state = bytes(self.saveState().toBase64()).decode()
        s.splitter = bytes(self.splitter.saveState().toBase64()).decode()
        s.show_hidden = self.catalog.show_hidden.isChecked()
        s.group_by = self.deck_pane.group_box.currentText()
        s.sort_by = self.deck_pane.sort_box.currentText()
        save_settings_or_tell(self.paths, s, lambda text: self.warn("Settings not saved", text))

    def closeEvent(self, event) -> None:
        if not self.confirm_discard():
            event.ignore()
            return
        self.store_settings()
        if self.autosaver is not None:
            self.autosaver.stop()
        if self._import_thread is not None and self._import_thread.isRunning():
            self._import_worker.cancel()
            self._import_thread.quit()
            self._import_thread.wait(5000)
        event.accept()


__all__ = ["MainWindow", "load_pool"]
