"""The `make_window` fixture's teardown check (tests/conftest.py): what a test leaves running past
its end is named — a shown top-level widget, an application timer, a thread — and what it cleaned
up is not."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog

from tests.conftest import _address, _leaks

pytestmark = pytest.mark.gui


def _before(app):
    return (
        {_address(w) for w in QApplication.topLevelWidgets()},
        {_address(t) for t in app.findChildren(QTimer)},
        set(threading.enumerate()),
    )


def test_a_dialog_left_open_is_named(qapp):
    before = _before(qapp)
    dialog = QDialog()
    dialog.setWindowTitle("Left open")
    dialog.show()
    try:
        assert _leaks(qapp, *before) == ["top-level widget QDialog 'Left open'"]
    finally:
        dialog.close()
        dialog.deleteLater()
    assert _leaks(qapp, *before) == []


def test_an_application_timer_left_running_is_named(qapp):
    before = _before(qapp)
    timer = QTimer(qapp)
    timer.setObjectName("poller")
    timer.start(60_000)
    try:
        assert _leaks(qapp, *before) == ["timer poller"]
    finally:
        timer.stop()
        timer.deleteLater()
    assert _leaks(qapp, *before) == []


def test_a_thread_that_finishes_is_waited_for_and_not_named(qapp, monkeypatch):
    before = _before(qapp)
    done = threading.Event()
    threading.Thread(target=done.wait, args=(5,), name="finishing", daemon=True).start()
    done.set()
    assert _leaks(qapp, *before) == []


def test_a_thread_still_working_is_named(qapp, monkeypatch):
    import tests.conftest as conftest

    monkeypatch.setattr(conftest, "_THREAD_GRACE_S", 0)  # no patience: it is still working
    before = _before(qapp)
    release = threading.Event()
    worker = threading.Thread(target=release.wait, name="still-working", daemon=True)
    worker.start()
    try:
        assert _leaks(qapp, *before) == ["thread 'still-working'"]
    finally:
        release.set()
        worker.join()
