"""Application start: QApplication names and icon, the main window, crash recovery (offered by
recovery_dialog), and `deckeditor --screenshot FILE [DECK]` (open, wait for the first full paint,
save a PNG, exit 0)."""

from __future__ import annotations

import gc
import linecache
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from deckeditor import APP_NAME, DESKTOP_FILE_NAME, ORG_NAME, __version__
from deckeditor.paths import AppPaths, HomeError, resources_dir
from deckeditor.ui.main_window import MainWindow, tell_repairs


def make_app(argv: list[str] | None = None) -> QApplication:
    # Qt splits every tall raster fill (a view's background, a scroll bar's groove) across its
    # GUI thread pool and blocks until the pieces are done: for a window's fills the hand-over
    # costs more than the fill, and on a busy machine the GUI thread waits for the pool's turn
    # (issue 24.10: an edit's repaint ~1.3 ms less CPU, ~2.5 ms less wall clock). Qt reads it
    # at its first fill.
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
    existing = QApplication.instance()
    app = (
        existing
        if isinstance(existing, QApplication)
        else QApplication(argv if argv is not None else [sys.argv[0]])
    )
    QApplication.setApplicationName(APP_NAME)
    QApplication.setApplicationDisplayName(APP_NAME)
    QApplication.setOrganizationName(ORG_NAME)
    QApplication.setApplicationVersion(__version__)
    QGuiApplication.setDesktopFileName(DESKTOP_FILE_NAME)
    icon = resources_dir() / "icons" / "deckeditor.png"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


class _FirstPaint(QObject):
    """Calls `done` once the window has painted (then the event loop settles one more turn)."""

    def __init__(self, window: QWidget, done: Callable[[], object]) -> None:
        super().__init__(window)
        self.done = done
        self.fired = False
        window.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if not self.fired and event.type() == QEvent.Type.Paint:
            self.fired = True
            QTimer.singleShot(0, self.done)
        return False


def forget_sources() -> None:
    """PySide6's import hook reads the whole source of every module imported after it (looking
    for "PySide6", PYSIDE-2029) through `inspect`, and `linecache` keeps every line it read:
    ~5-6 MB of the window's resident memory. Dropped when the imports are done (a traceback
    reads its lines again)."""
    linecache.clearcache()


def settle_heap() -> None:
    """Move the loaded pool and indexes (hundreds of thousands of long-lived objects) out of
    the cyclic collector's sight: otherwise a full collection may land on a keystroke and
    stall it for tens of milliseconds. New objects are still collected as usual."""
    forget_sources()
    gc.collect()
    gc.freeze()


def warm_up(window: MainWindow) -> None:
    """Build the search index now, then settle the heap (tests and benchmarks: synchronous)."""
    window.catalog.searcher.warm()
    settle_heap()


def warm_up_in_background(window: MainWindow) -> None:
    """After the first paint: the search index is built in a worker thread, so the window
    answers input meanwhile (a search typed before it is done waits for the rest), then the
    long-lived objects are frozen out of the collector's sight. The collector is paused while
    it builds (a full collection over the new index holds the interpreter for tens of ms, a
    stall the window would feel), and no full collection comes first for the same reason."""

    def settle() -> None:
        forget_sources()
        gc.freeze()
        gc.enable()  # also when start-up paused it (cli.main: until the window has settled)

    gc.disable()
    window.catalog.searcher.warm_in_background(then=settle)


def _peak_rss_kb() -> int:
    """VmHWM of this process (the exec'd program only, unlike ru_maxrss after a fork)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    import resource  # lazy: Unix only, and needed only where /proc is not

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _shoot(app: QApplication, window: MainWindow, screenshot: str) -> int:
    """`--screenshot FILE`: the window once it has painted, saved as a PNG; 0 when written.
    With DECKEDITOR_REPORT_PAINT (bench/bench_gui.py), the CPU time to the first paint and to
    an answering window, and the peak memory with the search index built."""
    status = {"code": 1}

    report = bool(os.environ.get("DECKEDITOR_REPORT_PAINT"))  # bench/bench_gui.py

    def interactive() -> None:
        # the event loop is free again after the first paint and the start of the
        # after-paint work, as in a normal start: the window answers input from here
        # with the CPU time spent so far (the benchmark's view of start-up without the load
        # of other processes on a shared machine)
        print(f"interactive {time.process_time() * 1000:.1f}", flush=True)
        QTimer.singleShot(0, shoot)

    def painted() -> None:
        if report:
            print("painted", flush=True)
            warm_up_in_background(window)  # what a normal start does after the first paint
            QTimer.singleShot(0, interactive)
        else:
            shoot()

    def shoot() -> None:
        app.processEvents()
        if report:
            window.catalog.searcher.warm()  # resident memory with the search index built
            print(f"rss {_peak_rss_kb()}", flush=True)
        image = window.grab()
        status["code"] = 0 if image.save(screenshot, "PNG") else 1
        window.confirm_discard = lambda: True
        window.close()
        app.quit()

    _FirstPaint(window, painted)
    window.show()
    app.exec()
    return status["code"]


def defer_printings_until_painted(window: MainWindow) -> None:
    """A deck opened at start shows its lead without loading the printing table (~25 ms before
    the first paint): the card view fills the line's printing list when it is first used."""
    row = window.card_view.printing_row
    row.defer = True

    def painted() -> None:
        row.defer = False

    _FirstPaint(window, painted)


def run_gui(home: str | None = None, deck: str | None = None, screenshot: str | None = None) -> int:
    try:
        paths = AppPaths.resolve(home).ensure(settings_optional=True)
    except (HomeError, OSError) as exc:  # started from a menu, stderr is seen by nobody: a dialog
        print(f"deckeditor: {exc}", file=sys.stderr)
        if not screenshot:
            make_app()
            QMessageBox.critical(None, APP_NAME, f"{APP_NAME} cannot start: {exc}")
        return 2
    app = make_app()
    forget_sources()  # the window's modules are imported: before the pool takes the memory
    window = MainWindow(paths, autosave=screenshot is None)
    window.unattended = bool(screenshot)  # no modal dialog may block an unattended run
    defer_printings_until_painted(window)
    if deck:
        if not Path(deck).exists():
            print(f"deckeditor: {deck}: no such file", file=sys.stderr)
            if screenshot:
                return 2
        elif not window.open_path(deck) and screenshot:
            return 2
    if screenshot:
        return _shoot(app, window, screenshot)
    _FirstPaint(window, lambda: warm_up_in_background(window))  # the search index, once shown
    QTimer.singleShot(0, lambda: tell_repairs(window))
    window.show()
    from deckeditor.ui.recovery_dialog import offer_recovery  # lazy: after the first paint

    QTimer.singleShot(0, lambda: offer_recovery(window, paths))
    return app.exec()
