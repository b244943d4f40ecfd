"""Shared fixtures: where ../shared/data is, a rule for real-data tests, and `make_window` (the
main window the pytest-qt tests drive, with a check that a test leaves nothing running)."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

# The games declare themselves (codes, sections, file kinds, formats, search keys) when their
# registry is imported, as the program does at start; tests that use the engines need it too.
import deckeditor.games.registry  # noqa: F401

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
IN_CI = os.environ.get("CI", "").lower() == "true"

# Qt's offscreen platform has one 800×800 screen; the window fits the screen it opens on
# (ui/window_fit.py), so the tests' screen is a 1920×1080 desktop like players have (a laptop's
# is simulated per test). Set before pytest-qt makes the QApplication.
if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
    os.environ["QT_QPA_PLATFORM"] = (
        f"offscreen:configfile={REPO / 'tests' / 'fixtures' / 'offscreen-screen.json'}"
    )


def shared_data(*parts: str) -> Path:
    """A path under ../shared/data; skips the test when absent (fails under CI=true)."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        if IN_CI:
            pytest.fail(f"{path} is missing, and real-data tests must run under CI=true")
        pytest.skip(f"{path} is absent: real-data test needs ../shared/data")
    return path


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """An isolated DECKEDITOR_HOME for the test."""
    monkeypatch.setenv("DECKEDITOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def _no_card_database_reports_left():
    """What a repair (or an unreadable database) keeps for the window is process-wide: none may
    reach a later test's window, where it would open a dialog nobody answers."""
    yield
    from deckeditor.carddb import repair

    repair.take_reports()


_NO_DOWNLOADS: Any = object()


@pytest.fixture
def make_window(qtbot, tmp_path):
    """Main windows as the pytest-qt tests open them: `make_window(**answers)` is a MainWindow on
    a fresh home (tmp_path/home) with autosave off, picture downloads off unless `settings` is
    given (None: what the home's settings say), the questions a test does not ask about answered
    yes ("discard changes?", "add this hidden card?"), and each of `answers` (confirm_hidden=…,
    ask_colors=…) set on it for the questions the test answers itself.

    After pytest-qt has closed the windows, the test fails if it leaked anything past its end: a
    top-level widget still shown, a timer of the application still running, or a thread (Python's
    or Qt's pool) still working — napari's viewer fixture checks the same, so one test's leftovers
    cannot act in the next one's window."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from deckeditor.paths import AppPaths
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow
    from deckeditor.ui.settings import Settings

    app = make_app()
    widgets_before = {_address(w) for w in QApplication.topLevelWidgets()}
    timers_before = {_address(t) for t in app.findChildren(QTimer)}
    threads_before = set(threading.enumerate())

    def make(settings: Any = _NO_DOWNLOADS, **answers: Any) -> MainWindow:
        if settings is _NO_DOWNLOADS:
            settings = Settings(image_downloads=False)
        paths = AppPaths.resolve(tmp_path / "home").ensure()
        win = MainWindow(paths, settings=settings, autosave=False)
        win.confirm_discard = lambda: True
        win.confirm_hidden = lambda name, reasons: True
        for name, value in answers.items():
            setattr(win, name, value)
        qtbot.addWidget(win)
        return win

    yield make
    leaks = _leaks(app, widgets_before, timers_before, threads_before)
    if leaks:
        pytest.fail("left running after the test: " + "; ".join(leaks), pytrace=False)


# how long a thread the test started may still take to finish its work at teardown (the search
# index build, a picture decode): a leak detector's patience, not a timing limit
_THREAD_GRACE_S = 60


def _address(obj: Any) -> int:
    """A Qt object's identity (Python wrappers of one C++ object may differ)."""
    import shiboken6

    return shiboken6.getCppPointer(obj)[0]


def _leaks(
    app: Any, widgets_before: set[int], timers_before: set[int], threads_before: set
) -> list[str]:
    from PySide6.QtCore import QEvent, QThreadPool, QTimer
    from PySide6.QtWidgets import QApplication

    leaks = []
    for thread in set(threading.enumerate()) - threads_before:
        if isinstance(thread, threading._DummyThread):  # a Qt thread seen by Python: the pool's
            continue
        thread.join(_THREAD_GRACE_S)
        if thread.is_alive():
            leaks.append(f"thread {thread.name!r}")
    if not QThreadPool.globalInstance().waitForDone(_THREAD_GRACE_S * 1000):
        leaks.append("work in Qt's thread pool")
    # the closed windows' deleteLater, done now: what they own goes with them
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    for widget in QApplication.topLevelWidgets():
        if _address(widget) in widgets_before or not widget.isVisible():
            continue
        if (
            widget.metaObject().className() == "QTipLabel"
        ):  # Qt's one tooltip, hidden on its own timer
            continue
        leaks.append(f"top-level widget {type(widget).__name__} {widget.windowTitle()!r}")
    for timer in app.findChildren(QTimer):
        if timer.isActive() and _address(timer) not in timers_before:
            leaks.append(f"timer {timer.objectName() or timer.interval()}")
    return leaks
