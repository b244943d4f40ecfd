"""Autosave: shortly after each edit (debounced) the window's deck and file path are written to
its own file in AppPaths.autosave_dir (deckeditor/recovery.py), so a crash loses at most the last
second or so (two during a run of edits without a pause, which would otherwise keep postponing it). The deck is an immutable snapshot, so serialising and writing happen in a worker
thread, off the edit path. A save or a clean close removes the file."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from deckeditor.deck import Deck
from deckeditor.paths import AppPaths
from deckeditor.recovery import autosave_name, write_autosave
from deckeditor.session import EditorSession

DEBOUNCE_MS = 800  # after the last edit of a burst: typing a count or a run of adds is one write
MAX_WAIT_MS = 2000  # but a run of edits without a pause is written at least this often


class Autosaver(QObject):
    # a write failed (why, naming the file): emitted from the writer thread, so the window gets
    # it queued; once until a write succeeds again, not once per edit
    failed = Signal(str)

    def __init__(
        self,
        paths: AppPaths,
        get_session: Callable[[], EditorSession],
        get_path: Callable[[], str | None] = lambda: None,
        debounce_ms: int = DEBOUNCE_MS,
        parent: QObject | None = None,
        get_kind: Callable[[], str] = lambda: "json",
        get_disk: Callable[[], str | None] = lambda: None,
    ) -> None:
        super().__init__(parent)
        self.paths = paths
        self.get_session = get_session
        self.get_path = get_path
        self.get_kind = get_kind  # the deck-file kind of that path
        self.get_disk = get_disk  # what that file held when the window last read or wrote it
        self.file = paths.autosave_dir / autosave_name(f"{id(self):x}")
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(debounce_ms)
        self.timer.timeout.connect(self.save_now)
        # one worker: writes and removals happen in the order they were asked for
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._last: Future[None] | None = None
        # (deck, path, kind, disk state) last handed to the worker
        self._written: tuple[Deck, str | None, str, str | None] | None = None
        self.error = ""  # the last write's failure (a full disk must not stop the editing)
        self._told = False  # the current run of failures was reported
        self._stopped = False
        self._first_waiting = 0.0  # when the oldest edit not yet handed to the writer was made

    def schedule(self) -> None:
        """Called after every change: (re)start the short wait before writing, unless the
        first edit it waits for is already MAX_WAIT_MS old (then the running wait ends it)."""
        now = time.monotonic()
        if not self.timer.isActive():
            self._first_waiting = now
        elif (now - self._first_waiting) * 1000 >= MAX_WAIT_MS - self.timer.interval():
            return
        self.timer.start()

    def save_now(self) -> bool:
        """Hand the deck to the writer if it has unsaved edits; remove the file once clean."""
        self.timer.stop()
        if self._stopped:
            return False
        session = self.get_session()
        if session is None or not session.dirty:
            self.discard()
            return False
        state = (session.deck, self.get_path(), self.get_kind(), self.get_disk())
        if (
            self._written is not None
            and self._written[0] is state[0]
            and self._written[1:] == state[1:]
        ):
            return False
        self._written = state
        self._last = self._worker.submit(self._write, *state)
        return True

    def _write(self, deck: Deck, path: str | None, kind: str, disk: str | None) -> None:
        try:
            write_autosave(self.file, deck, path, kind, disk)
            self.error = ""
            self._told = False
        except Exception as exc:  # noqa: BLE001 - a failed autosave must never stop the editing
            where = getattr(exc, "filename", None) or self.file
            why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            self.error = f"{where}: {why}"
            if not self._told:
                self._told = True
                self.failed.emit(self.error)

    def discard(self) -> None:
        """The work is saved (or declined): remove this window's autosave, after any write."""
        self.timer.stop()
        self._written = None
        if self._stopped:
            return
        self._last = self._worker.submit(_remove, self.file)

    def adopt(self, file: Path) -> None:
        """A recovered autosave becomes this window's own (renamed: never a moment without it)."""
        self.flush()
        try:
            file.replace(self.file)
            # now, not the dead window's time: a file older than its (live) writer reads as a
            # pid reused by a later process, and another start would offer it while it is open
            os.utime(self.file)
        except OSError:
            pass

    def flush(self) -> None:
        """Wait until the writes asked for so far are on disk (tests, close)."""
        if self._last is not None:
            self._last.result()

    def stop(self) -> None:
        self.discard()
        self.flush()
        self._stopped = True
        self._worker.shutdown(wait=True)


def _remove(file: Path) -> None:
    for path in (file, file.with_name(file.name + ".bak")):
        try:
            path.unlink(missing_ok=True)
        except OSError:  # a read-only folder: the file stays and is offered next time
            pass
