"""Shared fixtures: where ../shared/data is, and a rule for real-data tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
IN_CI = os.environ.get("CI", "").lower() == "true"

# Qt's offscreen platform has one 800×800 screen; the window fits the screen it opens on
# (ui/window_fit.py), so the tests' screen is a 1920×1080 desktop like players have (a laptop's
# is simulated per test). Set before pytest-qt makes the QApplication.
if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={REPO / 'tests' / 'fixtures' / 'offscreen-screen.json'}"


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
