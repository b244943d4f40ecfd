"""The window's card import workflow: choose a source, import it in a worker (a child process,
`ui.workers`) under a progress dialog that can cancel, then swap the new pool in with the deck
and its undo history kept, and say what the sources' notes were in a player's words.

A QObject living in the window's thread: the worker's signals reach its bound methods queued to
that thread (a plain function would run in the worker's thread and touch widgets from there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QThread
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from deckeditor.carddb.issue_words import player_lines, summary_of
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.store import SourceSummary
from deckeditor.paths import AppPaths
from deckeditor.session import EditorSession
from deckeditor.ui.catalog_view import CatalogPanel
from deckeditor.ui.settings import Settings
from deckeditor.ui.window_files import player_folder

if TYPE_CHECKING:
    from deckeditor.ui.import_progress import ImportProgress
    from deckeditor.ui.workers import ImportWorker

CARD_SOURCES = "Card sources (*.json *.xz *.gz *.zip *.txt);;All files (*)"


class ImportHost(Protocol):
    """What the card import needs of the window."""

    session: EditorSession
    settings: Settings
    paths: AppPaths
    pools: dict[str, CardPool[Any]]
    catalog: CatalogPanel

    def pool(self, game: str) -> CardPool[Any]: ...
    def use_session(self, session: EditorSession) -> None: ...
    def warn(self, title: str, text: str) -> None: ...
    def show_message(self, text: str) -> None: ...


class CardImport(QObject):
    def __init__(
        self, host: ImportHost, parent: QWidget, load_pool: Callable[[AppPaths, str], CardPool[Any]]
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.window = parent
        self.load_pool = load_pool
        self.worker_thread: QThread | None = None
        self.worker: ImportWorker | None = None
        self.progress: ImportProgress | None = None
        self.issues: list[str] = []  # the last import's notes, one line per card
        self.issues_box: QMessageBox | None = None

    def choose_source(self) -> None:
        """File › Import cards…: a source file (Forge zip, MTGJSON, Scryfall, Riftbound gallery);
        Cancel imports nothing (a folder has its own menu item, `choose_folder`)."""
        start = player_folder(self.host.settings, self.host.paths)
        path, _ = QFileDialog.getOpenFileName(self.window, "Import cards", start, CARD_SOURCES)
        if path:
            self.start([path])

    def choose_folder(self) -> None:
        """File › Import a card folder…: a Forge cardsfolder (one card script per file)."""
        start = player_folder(self.host.settings, self.host.paths)
        path = QFileDialog.getExistingDirectory(self.window, "Import a Forge cardsfolder", start)
        if path:
            self.start([path])

    def start(self, sources: list[str]) -> ImportWorker:
        # lazy: the import's dialog and worker (subprocess, threads) are not the first screen
        from deckeditor.ui.import_progress import ImportProgress
        from deckeditor.ui.workers import ImportWorker, start_import

        self.progress = ImportProgress(sources, self.window)
        worker = self.worker = ImportWorker(sources, self.host.paths)
        worker.progressed.connect(self._on_progress)
        worker.phase.connect(self._on_phase)
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)
        worker.cancelled.connect(self._on_cancelled)
        # Not worker.cancel itself: the worker lives in its busy thread, so a queued call would
        # wait for the import to end; the flag is a threading.Event, safe to set from here.
        self.progress.canceled.connect(self._cancel)
        game, paths, load = self.host.session.game_code, self.host.paths, self.load_pool
        worker.preload = lambda: {game: load(paths, game)}  # in the worker: no freeze here
        self.worker_thread = start_import(worker)
        return worker

    def stop(self) -> None:
        """The window closes: a running import is cancelled and waited for."""
        if self.worker_thread is not None and self.worker_thread.isRunning():
            self._cancel()
            self.worker_thread.quit()
            self.worker_thread.wait(5000)

    def _cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()

    def _on_progress(self, done: int, total: int, text: str) -> None:
        if self.progress is not None and self.progress.phase == "reading":
            self.progress.progressed(done, total, text)

    def _on_phase(self, phase: str, path: str) -> None:
        if self.progress is None:
            return
        if phase == "reading":
            self.progress.reading(path)
        elif phase == "writing":
            self.progress.writing()

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.close()

    def _on_finished(self, summaries: Sequence[SourceSummary] | None) -> None:
        # The database is complete; loading and indexing the new pool is the last phase.
        if self.progress is not None:
            self.progress.indexing()
        host = self.host
        host.pools.clear()
        loaded = self.worker.loaded if self.worker is not None else None
        if isinstance(loaded, dict):
            host.pools.update(loaded)
        old = host.session
        session = EditorSession(host.pool(old.game_code), old.deck, old.format_code)
        session.history = old.history  # the edits made so far stay undoable
        host.use_session(session)
        host.catalog.searcher.warm()
        self._close_progress()
        count = sum(getattr(s, "cards", 0) for s in summaries or [])
        host.show_message(f"Imported {count:,} card{'s' if count != 1 else ''}")
        self._show_issues(list(summaries or []))

    def _show_issues(self, summaries: list[SourceSummary]) -> None:
        """The import's warnings and errors in a player's words: counted by kind per source,
        each line naming its card in the details (non-modal: the imported cards are usable
        meanwhile)."""
        with_issues = [s for s in summaries if getattr(s, "messages", ())]
        self.issues = [
            f"{Path(s.path).name}: {line}" for s in with_issues for line in player_lines(s.messages)
        ]
        if not with_issues:
            return
        heads = []
        for s in with_issues:
            heads.append(f"{Path(s.path).name}:")
            heads.extend(f"  • {sentence}" for sentence in summary_of(s.messages))
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "Card import: notes",
            "The cards were imported. The sources had these notes:",
            parent=self.window,
        )
        box.setInformativeText("\n".join(heads))
        box.setDetailedText("\n".join(self.issues))
        box.setModal(False)
        self.issues_box = box
        box.show()

    def _on_failed(self, message: str) -> None:
        self._close_progress()
        self.host.warn("Card import failed", message)

    def _on_cancelled(self) -> None:
        self._close_progress()
        self.host.show_message("Card import cancelled: the card database is as it was")
