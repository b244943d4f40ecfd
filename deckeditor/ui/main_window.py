"""The main window: catalog (left), deck pane and problems (middle), card view and statistics
(right), the menus (`window_actions.MENUS`) and the status bar.

The window owns no rules: it forwards every edit to the EditorSession and redraws from the
session's snapshot when it changes. Its workflows are controllers of their own: files
(`window_files`), the card import (`card_import`), deck edits (`window_edits`) and card
pictures (`picture_options`). Dialog entry points (`ask_colors`, `confirm_discard`, ...) are
attributes so tests can answer them without a modal loop.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QIcon
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QTabWidget,
)

from deckeditor import APP_NAME
from deckeditor.carddb import repair
from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, new_deck
from deckeditor.deck_views import window_problems
from deckeditor.games import registry
from deckeditor.paths import AppPaths, resources_dir
from deckeditor.problems import Problem
from deckeditor.session import EditorSession
from deckeditor.ui import theme
from deckeditor.ui.autosave import Autosaver
from deckeditor.ui.card_import import CardImport
from deckeditor.ui.card_view import CardView
from deckeditor.ui.catalog_view import CatalogPanel
from deckeditor.ui.deck_pane import DeckPane
from deckeditor.ui.file_watch import FileWatch
from deckeditor.ui.help_dialogs import AboutDialog, SearchHelpDialog
from deckeditor.ui.legality_panel import LegalityPanel
from deckeditor.ui.picture_options import PictureOptions
from deckeditor.ui.settings import Settings, load_settings, save_settings_or_tell
from deckeditor.ui.stats import StatsPanel
from deckeditor.ui.status_bar import DeckStatusBar, ProblemList
from deckeditor.ui.template_panel import TemplatePanel
from deckeditor.ui.undo import UndoActions
from deckeditor.ui.window_actions import build_menus
from deckeditor.ui.window_edits import AskColors, WindowEdits
from deckeditor.ui.window_files import WindowFiles
from deckeditor.ui.window_fit import fit_first_start, keep_place, restore_place
from deckeditor.ui.window_layout import WindowPanes

if TYPE_CHECKING:
    from deckeditor.ui.workers import ImportWorker


def load_pool(paths: AppPaths, game: str) -> CardPool[Any]:
    """The card database's pool for a game (its cards decoded when read: the search index's
    worker decodes them after the first paint), else the starter pool, else an empty pool."""
    from deckeditor.carddb.store import open_pool, starter_pool  # lazy: sqlite and the stores

    try:
        return open_pool(paths, game=game, lazy=True)
    except Exception as exc:  # a damaged database or starter file must not stop the window
        try:
            pool = CardPool(game, starter_pool(game).cards)  # a copy: the cached pool stays
            fallback = "the built-in starter pool is used"
        except Exception:  # noqa: BLE001 - the starter file too: an empty catalog, said
            pool, fallback = CardPool(game), "the catalog is empty"
        repair.tell_window(f"The card database could not be read, so {fallback}:\n{exc}")
        return pool


def tell_repairs(window: MainWindow) -> None:
    """A damaged card database was set aside and rebuilt (or could not be read) while the
    window opened: say what happened (the command line said it on stderr already)."""
    for report in repair.take_reports():
        window.warn(report.title, report.text())


class MainWindow(QMainWindow):
    # the panes (window_layout.WindowPanes)
    catalog: CatalogPanel
    deck_pane: DeckPane
    card_view: CardView
    problems: ProblemList
    problem_title: QLabel
    stats: StatsPanel
    template_panel: TemplatePanel
    tabs: QTabWidget
    legality: LegalityPanel
    target_box: QComboBox
    splitter: QSplitter
    # the menus' actions the table keeps (window_actions.MENUS names them)
    recent_menu: QMenu
    copy_menu: QMenu
    format_menu: QMenu
    lead_menu_action: QAction
    second_lead_menu_action: QAction
    catalog_lead_menu_action: QAction
    side_section_marker: QAction
    show_hidden_action: QAction
    downloads_action: QAction
    previews_action: QAction
    search_help_action: QAction

    def __init__(
        self,
        paths: AppPaths,
        pools: dict[str, CardPool[Any]] | None = None,
        settings: Settings | None = None,
        autosave: bool = True,
    ) -> None:
        super().__init__()
        self.paths = paths
        self.settings = settings if settings is not None else load_settings(paths)
        # before any widget is made: the palette they start with is the theme's
        theme.apply(theme.application(), self.settings.theme)
        self.pools: dict[str, CardPool[Any]] = dict(pools or {})
        self.current_path: str | None = None
        self.current_kind = "json"  # the deck-file kind of current_path (Save writes it back)
        self.last_message = ""
        self.unattended = False
        self.recovered_windows: list[MainWindow] = []  # more recovered decks: windows of their own
        self.file_watch = FileWatch(
            self, self
        )  # another program changing the open file (Save asks)
        self.files = WindowFiles(self, self)
        self.edits = WindowEdits(self, self)
        self.card_import = CardImport(self, self, load_pool)
        # the questions a test answers without a modal loop
        self.ask_colors: AskColors = self.edits.ask_colors_dialog
        self.confirm_discard: Callable[[], bool] = self.files.confirm_discard_dialog
        self.confirm_hidden: Callable[[str, list[str]], bool] = self.edits.confirm_hidden_dialog
        self.ask_lossy_save: Callable[[str, list[str]], str | None] = (
            self.files.ask_lossy_save_dialog
        )
        self.run_dialog: Callable[[QDialog], bool] = lambda dialog: bool(dialog.exec())
        self.ask_text: Callable[[str, str, str], str | None] = self.edits.ask_text_dialog
        self.search_help_dialog: SearchHelpDialog | None = None
        self.about_dialog: AboutDialog | None = None

        first = registry.DEFAULT_GAME
        self.session = EditorSession(self.pool(first), new_deck(first))
        self.session.listeners.append(self._on_session_changed)
        self.setWindowTitle(APP_NAME)
        icon = resources_dir() / "icons" / "deckeditor.png"
        if icon.exists():
            self.setWindowIcon(QIcon(str(icon)))
        self._make_panes()
        self.undo_actions = UndoActions(self, lambda: self.session, self.show_message)
        views = (self.catalog, self.deck_pane, self.card_view)
        self.pictures = PictureOptions(self, paths, self.settings, views, lambda: self.session)
        self.images = self.pictures.images
        self.catalog_preview = self.pictures.catalog_preview
        build_menus(self)
        self.pictures.downloads_action = self.downloads_action
        self.catalog.show_hidden.toggled.connect(self.show_hidden_action.setChecked)
        self.files.fill_recent()
        theme.follow_system(theme.application(), self._theme_changed)
        self._wire()
        self._restore_view_settings()
        self.autosaver = self._make_autosaver() if autosave else None
        self._on_session_changed(self.session, full=True)

    def _make_panes(self) -> None:
        panes = WindowPanes(self.session, lambda: self.session)
        self.catalog = panes.catalog
        self.deck_pane = panes.deck_pane
        self.card_view = panes.card_view
        self.problems = panes.problems
        self.problem_title = panes.problem_title
        self.stats = panes.stats
        self.template_panel = panes.template_panel
        self.tabs = panes.tabs
        self.legality = panes.legality
        self.target_box = panes.target_box
        self.splitter = panes.splitter
        self.setCentralWidget(self.splitter)
        self.status = DeckStatusBar()
        self.setStatusBar(self.status)

    def _wire(self) -> None:
        """The panes' requests to the window's controllers."""
        edits, catalog, deck_pane, card_view = (
            self.edits,
            self.catalog,
            self.deck_pane,
            self.card_view,
        )
        catalog.cardChosen.connect(lambda name: edits.add_card(name, self.target()))
        catalog.addToSection.connect(edits.add_to_section)
        catalog.leadRequested.connect(edits.add_by_lead_action)
        catalog.cardSelected.connect(lambda name: card_view.show_card(name, self.target()))
        catalog.importRequested.connect(self.card_import.choose_source)
        catalog.printingsRequested.connect(
            lambda name: card_view.open_printings(name, self.target())
        )
        catalog.helpRequested.connect(self.search_help)
        for said in (catalog.noSideSection, catalog.nothingToAdd, deck_pane.said):
            said.connect(self.show_message)
        # the card view's "why hidden" follows the search, once typing pauses (off the keystroke)
        self._card_refresh = QTimer(self, singleShot=True, interval=250)
        self._card_refresh.timeout.connect(self._refresh_card_reasons)
        catalog.search_box.textChanged.connect(lambda _: self._card_refresh.start())
        deck_pane.addRequested.connect(edits.add_card)
        deck_pane.leadRequested.connect(edits.lead_action)
        deck_pane.colorsRequested.connect(edits.choose_colors)
        deck_pane.cardSelected.connect(
            lambda name: card_view.show_card(name, self.target(), deck_pane.current_entry())
        )
        self.legality.cardsRequested.connect(deck_pane.select_cards)
        self.problems.problemActivated.connect(edits.select_problem)
        self.problems.problemDoubleClicked.connect(edits.record_choice)
        self.template_panel.categoryClicked.connect(edits.show_category)
        self.template_panel.targetChanged.connect(
            lambda c, n: self.session.set_category_target(c, n)
        )
        self.template_panel.buildRequested.connect(edits.build_to_template)
        self.status.formatChosen.connect(edits.set_format)
        self.status.targetChosen.connect(lambda value: self.session.set_deck_target(value))
        self.status.dayChosen.connect(lambda day: self.session.set_day(day))
        self.target_box.currentIndexChanged.connect(
            lambda i: self._on_target(self.target_box.itemData(i) or "")
        )

    def _refresh_card_reasons(self) -> None:
        if self.card_view.card is not None:
            self.card_view._render()

    def _make_autosaver(self) -> Autosaver:
        autosaver = Autosaver(
            self.paths,
            lambda: self.session,
            lambda: self.current_path,
            parent=self,
            get_kind=lambda: self.current_kind,
            get_disk=self.file_watch.known_state,
        )
        autosaver.failed.connect(
            lambda why: self.warn(
                "Unsaved work not protected",
                f"Your changes cannot be kept for recovery after a crash ({why}). "
                "Save the deck to keep them.",
            )
        )
        return autosaver

    # --- pools and sessions --------------------------------------------------------------

    def pool(self, game: str) -> CardPool[Any]:
        if game not in self.pools:
            self.pools[game] = load_pool(self.paths, game)
            # a later load (another game's deck) may repair or fail too; the first, while the
            # window is being made, is told by ui.app once it is shown
            if self.isVisible() and repair.pending():
                QTimer.singleShot(0, self, lambda: tell_repairs(self))
        return self.pools[game]

    def use_session(self, session: EditorSession) -> None:
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
        line = (lead_section, 0) if lead and lead_section else None
        self.card_view.show_card(lead, self.target(), line)

    def open_deck(self, deck: Deck, path: str | None = None) -> None:
        """Show a deck in a fresh session (its own undo history)."""
        session = EditorSession(self.pool(deck.game), deck, deck.format)
        self.current_path = path
        self.current_kind = "json"
        self.file_watch.watch(path)
        self.use_session(session)

    def target(self) -> str:
        return str(self.target_box.currentData() or "Main")

    def _on_target(self, section: str) -> None:
        if section:
            self.catalog.set_target(section)

    # --- redraw --------------------------------------------------------------------------

    def _on_session_changed(self, session: EditorSession, full: bool = False) -> None:
        problems = session.problems()
        self.deck_pane.flagged = {c for p in problems for c in p.cards}
        self._show_targets(session, full)
        if full:
            self.edits.name_catalog_lead()
            self.edits.fill_side_sections()
        if full or self.status.format_box.currentData() != session.format_code:
            self.status.set_state(session.format_codes(), session.format_code, session.day)
        self.card_view.searcher = self.catalog.searcher
        self.catalog.refresh(keep_place=not full)
        self.deck_pane.refresh()
        self._show_problems(session, problems)
        stats = session.stats()
        self.stats.use_symbols(session.game)  # each game draws its own
        self.stats.set_stats(stats)
        statuses = session.template_status()
        self.template_panel.set_status(
            statuses, {t.category: t.query for t in statuses}, session.deck.template is not None
        )
        self.status.set_counts(session.count_summary(), problems)  # in the format's terms
        self.status.set_deck_target(session.deck_target())
        self.status.set_target_status(*session.target_status())
        self.card_view.redraw(self.target())  # the card on view, for the new deck
        self.undo_actions.update()
        self.update_title()
        self.legality.session_changed()
        if self.autosaver is not None:
            self.autosaver.schedule()  # written shortly after the edit, off the edit path

    def _show_targets(self, session: EditorSession, full: bool) -> None:
        """The "Add to" box lists the deck's sections, or a section's slots in its place."""
        sections = list(session.add_targets())
        box = self.target_box
        shown = [box.itemData(i) for i in range(box.count())]
        if not full and shown == sections:
            return  # the same deck and a format with the same sections
        keep = self.target() if not full and self.target() in sections else "Main"
        box.blockSignals(True)
        box.clear()
        for section in sections:  # the game's titles ("Chosen Champion"), ids as data
            box.addItem(session.game.section_title(section), section)
        box.setCurrentIndex(max(0, box.findData(keep)))
        box.blockSignals(False)
        self.catalog.target = keep

    def _show_problems(self, session: EditorSession, problems: list[Problem]) -> None:
        self.problems.choice_kinds = session.game.choice_problem_kinds
        worded = window_problems(problems, session.game, session.fmt, session.pool)
        self.problems.set_problems(worded, session.engine_note())
        self.problem_title.setText(f"Problems ({len(problems)})" if problems else "Problems")

    def update_title(self) -> None:
        star = "*" if self.session.dirty else ""
        where = f" — {Path(self.current_path).name}" if self.current_path else ""
        game = self.session.game.title if self.session.game_module() else self.session.game_code
        self.setWindowTitle(f"{self.session.deck.name}{star}{where} · {game} — {APP_NAME}")

    def warn(self, title: str, text: str) -> None:
        if self.unattended:  # `--screenshot`: no modal dialog may block the run
            print(f"deckeditor: {text}", file=sys.stderr)
            return
        QMessageBox.warning(self, title, text)

    def show_message(self, text: str) -> None:
        self.last_message = text
        self.status.message.show_text(text, 10000)

    # --- the controllers' commands, by the names tests and other modules call ------------

    def add_card(self, name: str, section: str | None = None, as_asked: bool = False) -> None:
        self.edits.add_card(name, section, as_asked)

    def set_commander(self, section: str, index: int) -> None:
        self.edits.set_commander(section, index)

    def choose_colors(self, section: str, index: int) -> None:
        self.edits.choose_colors(section, index)

    def record_choice(self, problem: Problem) -> None:
        self.edits.record_choice(problem)

    def set_format(self, code: str) -> None:
        self.edits.set_format(code)

    def new_deck(
        self, game: str = registry.DEFAULT_GAME, fmt: str | None = None, name: str = "Untitled deck"
    ) -> None:
        self.files.new_deck(game, fmt, name)

    def open_path(self, path: str) -> bool:
        return self.files.open_path(path)

    def save(self) -> bool:
        return self.files.save()

    def save_as(self, path: str | None = None) -> bool:
        return self.files.save_as(path)

    def save_to(self, path: str, kind: str = "json") -> bool:
        return self.files.save_to(path, kind)

    def import_cards(self, sources: list[str]) -> ImportWorker:
        return self.card_import.start(sources)

    def focus_search(self) -> None:
        self.catalog.search_box.setFocus()
        self.catalog.search_box.selectAll()

    def odds_dialog(self) -> QDialog:
        from deckeditor.ui.odds_dialog import OddsDialog  # lazy: a dialog, not the first screen

        dialog = OddsDialog(self.session, self.images, self)
        self.run_dialog(dialog)
        return dialog

    # --- card images, theme, help --------------------------------------------------------

    def fill_theme_menu(self, menu: QMenu) -> None:
        """View › Theme: one checkable item per theme, one checked (Alt+V, T, then S/L/D)."""
        group = QActionGroup(menu)
        chosen = self.settings.theme if self.settings.theme in theme.THEMES else "System"
        self.theme_actions: dict[str, QAction] = {}
        for name in theme.THEMES:
            action = QAction(f"&{name}", menu)
            action.setCheckable(True)
            action.setChecked(name == chosen)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, n=name: self.set_theme(n))
            menu.addAction(action)
            self.theme_actions[name] = action

    def set_theme(self, name: str) -> None:
        """View › Theme: System (the desktop's scheme), Light or Dark; kept in the settings."""
        self.settings.theme = name
        theme.apply(theme.application(), name)
        self.theme_actions[name].setChecked(True)
        self._theme_changed()

    def _theme_changed(self) -> None:
        """Views that drew their own colours draw again in the new palette."""
        self.card_view.retheme()
        self.catalog.error_label.setStyleSheet(theme.tone("color: #b00020;"))
        self.stats.update()
        self.deck_pane.model.retheme()
        self._on_session_changed(self.session, full=True)  # lines and problems in the new colours
        self.catalog.table.viewport().update()
        self.deck_pane.tree.viewport().update()

    def set_pictures_folder(self, folder: str) -> None:
        self.pictures.set_folder(folder)

    def search_help(self) -> None:
        dialog = self.search_help_dialog
        if dialog is None or dialog.game != self.session.game_code:
            dialog = self.search_help_dialog = SearchHelpDialog(self.session.game_code, self)
        dialog.show()
        dialog.raise_()

    def about(self) -> None:
        sources = [g.images.SOURCE_NAME for g in registry.games() if g.images is not None]
        if self.settings.pictures_folder:
            sources.insert(0, self.settings.pictures_folder)
        self.about_dialog = AboutDialog(self.paths, self.pools, sources, self)
        self.about_dialog.show()

    # --- window state --------------------------------------------------------------------

    def _restore_view_settings(self) -> None:
        self.catalog.show_hidden.setChecked(self.settings.show_hidden)
        self.deck_pane.group_box.setCurrentText(self.settings.group_by)
        self.deck_pane.sort_box.setCurrentText(self.settings.sort_by)
        fit_first_start(self)  # a 1366×768 laptop's screen, less its panels
        width = self.width()  # the catalog and the deck first; the card view takes the rest
        self.splitter.setSizes([width * 41 // 100, width * 35 // 100, width - width * 76 // 100])
        restore_place(self, self.splitter, self.settings)

    def store_settings(self) -> None:
        s = self.settings
        keep_place(self, self.splitter, s)
        s.show_hidden = self.catalog.show_hidden.isChecked()
        s.group_by = self.deck_pane.group_box.currentText()
        s.sort_by = self.deck_pane.sort_box.currentText()
        save_settings_or_tell(self.paths, s, lambda text: self.warn("Settings not saved", text))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if not self.confirm_discard():
            event.ignore()
            return
        self.store_settings()
        if self.autosaver is not None:
            self.autosaver.stop()
        self.card_import.stop()
        event.accept()


__all__ = ["MainWindow", "load_pool", "tell_repairs"]
