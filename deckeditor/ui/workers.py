"""Card database import off the GUI thread: a QThread runs store.import_sources while a progress
dialog shows how far it got; Cancel stops it at the next progress report and nothing is written
(import_sources reads every source before it touches the database)."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QThread, Signal


class Cancelled(Exception):
    """Raised inside the progress callback to stop an import the user cancelled."""


def progress_numbers(args: tuple, kwargs: dict) -> tuple[int, int, str]:
    """The importers report progress as (done, total[, text]) or keywords; read what is there."""
    nums = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
    texts = [a for a in args if isinstance(a, str)]
    done = kwargs.get("done", nums[0] if nums else 0)
    total = kwargs.get("total", nums[1] if len(nums) > 1 else 0)
    text = kwargs.get("text", texts[0] if texts else "")
    return int(done or 0), int(total or 0), str(text or "")


class ImportWorker(QObject):
    progressed = Signal(int, int, str)
    finished = Signal(object)  # list of SourceSummary
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, sources: list[str], app_paths, parent=None) -> None:
        super().__init__(parent)
        self.sources = sources
        self.app_paths = app_paths
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    def _progress(self, *args, **kwargs) -> None:
        if self._cancel.is_set():
            raise Cancelled()
        self.progressed.emit(*progress_numbers(args, kwargs))

    def run(self) -> None:
        try:
            from deckeditor.carddb.store import import_sources

            result = import_sources(self.sources, self._progress, app_paths=self.app_paths)
        except Cancelled:
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
