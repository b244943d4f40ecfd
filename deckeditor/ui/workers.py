"""Card database import off the GUI thread: a QThread runs the import in a child process
(`deckeditor.ui.import_child`) and relays its progress lines while a progress dialog shows
how far it got. In its own process the import does not share the interpreter lock with the window
(it runs as fast as `deckeditor cards import`, and the window stays responsive). Cancel stops the
child; nothing is written before every source is read, and the database write is one transaction.
A frozen build, which has no `python -m`, imports in the thread as before."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from deckeditor.carddb.import_process import progress_numbers, summary_from
from deckeditor.paths import AppPaths
from deckeditor.ui.import_child import child_env, command


class Cancelled(Exception):
    """Raised inside the progress callback to stop an import the user cancelled."""


class ImportWorker(QObject):
    progressed = Signal(int, int, str)
    phase = Signal(str, str)  # "reading" + the source path | "writing" + "" (the progress dialog's)
    finished = Signal(object)  # list of SourceSummary
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self, sources: list[str], app_paths: AppPaths, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.sources = sources
        self.app_paths = app_paths
        self._cancel = threading.Event()
        # Run in this worker once the import succeeded (e.g. loading the new pool), so the
        # window does not freeze for it when it swaps the pool in; its result is `loaded`.
        self.preload: Callable[[], Any] | None = None
        self.loaded: Any = None

    def _preload(self) -> None:
        if self.preload is not None:
            try:
                self.loaded = self.preload()
            except Exception:  # the window loads it itself then
                self.loaded = None

    def cancel(self) -> None:
        self._cancel.set()
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.poll() is None:
            proc.terminate()

    def _progress(self, *args: Any, **kwargs: Any) -> None:
        if self._cancel.is_set():
            raise Cancelled()
        self.progressed.emit(*progress_numbers(args, kwargs))

    def run(self) -> None:
        if getattr(sys, "frozen", False):
            self._run_here()
        else:
            self._run_child()

    def _run_child(self) -> None:
        if self._cancel.is_set():
            self.cancelled.emit()
            return
        self._proc = proc = subprocess.Popen(
            command(str(self.app_paths.card_db), [str(s) for s in self.sources]),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=child_env(),
        )
        outcome: dict[str, Any] = {}
        assert proc.stdout is not None  # asked for with stdout=PIPE
        for line in proc.stdout:
            try:
                doc = json.loads(line)
            except ValueError:
                continue
            if "progress" in doc and not self._cancel.is_set():
                self.progressed.emit(*progress_numbers(tuple(doc["progress"]), {}))
            elif "phase" in doc and not self._cancel.is_set():
                self.phase.emit(str(doc["phase"][0]), str(doc["phase"][1]))
            else:
                outcome = doc
        err = proc.stderr.read() if proc.stderr else ""
        proc.wait()
        if self._cancel.is_set():
            self.cancelled.emit()
        elif "done" in outcome:
            self._preload()
            self.finished.emit([summary_from(d) for d in outcome["done"]])
        else:
            last = err.strip().splitlines()[-1] if err.strip() else ""
            self.failed.emit(
                outcome.get("error") or last or f"the import stopped (exit {proc.returncode})"
            )

    def _run_here(self) -> None:
        try:
            from deckeditor.carddb.store import ImportStopped, import_sources

            result = import_sources(
                self.sources,
                self._progress,
                app_paths=self.app_paths,
                on_source=lambda path: self.phase.emit("reading", path),
                on_store=lambda: self.phase.emit("writing", ""),
                stop=self._cancel.is_set,
            )
        except (Cancelled, ImportStopped):
            self.cancelled.emit()
            return
        except Exception as exc:  # shown in a dialog; the database is left as it was
            if self._cancel.is_set():
                self.cancelled.emit()
            else:
                self.failed.emit(str(exc))
            return
        if self._cancel.is_set():
            self.cancelled.emit()
        else:
            self.finished.emit(result)


def start_import(worker: ImportWorker) -> QThread:
    thread = QThread()
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    for signal in (worker.finished, worker.failed, worker.cancelled):
        signal.connect(thread.quit)
    thread.start()
    return thread
