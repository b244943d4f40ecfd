"""Issue 24.10: the window's start imports what the first screen needs and leaves the rest for
when it is first used (the subcommands, dialogs, tables shown only on request). A fresh
interpreter runs `deckeditor --screenshot` on a home holding a small card pool and reports the
modules loaded when the window first painted (in a subprocess: other tests' imports would count
in this one's)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckeditor.carddb.store import CardStore
from deckeditor.paths import AppPaths, resources_dir
from tests.support.mtg_cards import POOL

REPO = Path(__file__).resolve().parents[2]

# Runs the real start (`deckeditor.cli.main`) and, at the window's first paint, writes the names
# of the loaded modules to the file named by argv[1] (then the start goes on as usual).
PROBE = """
import json, sys
from deckeditor.ui import app

class FirstPaint(app._FirstPaint):
    def __init__(self, window, done):
        def report():
            with open(sys.argv[1], "w") as f:
                json.dump(sorted(sys.modules), f)
            return done()
        super().__init__(window, report)

app._FirstPaint = FirstPaint
from deckeditor.cli import main
sys.exit(main(["--screenshot", sys.argv[2], *sys.argv[3:]]))
"""


def modules_at_first_paint(tmp_path: Path, *deck: str) -> set[str]:
    home = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(home.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(POOL.cards), 0)
    report, shot = tmp_path / "modules.json", tmp_path / "shot.png"
    env = {**os.environ, "DECKEDITOR_HOME": str(home.data.parent), "QT_QPA_PLATFORM": "offscreen"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(report), str(shot), *deck],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert shot.exists()  # the window painted and was saved
    return set(json.loads(report.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def at_first_paint(tmp_path_factory) -> set[str]:
    return modules_at_first_paint(tmp_path_factory.mktemp("start"))


def test_the_window_paints_with_the_window_s_own_modules(at_first_paint):
    assert {"deckeditor.ui.main_window", "deckeditor.session"} <= at_first_paint


def test_the_window_starts_without_the_subcommands(at_first_paint):
    loaded = sorted(m for m in at_first_paint if m.startswith("deckeditor.commands."))
    assert loaded == []


def test_the_window_starts_without_the_odds_arithmetic(at_first_paint):
    # the game interface names the opening hand's rule (deckeditor.hand_rule); the odds
    # themselves (exact fractions, sampling) wait for the odds dialog
    assert {"deckeditor.odds", "fractions"}.isdisjoint(at_first_paint)
    assert "deckeditor.hand_rule" in at_first_paint


def test_a_deck_opened_at_start_paints_without_the_subcommands(tmp_path):
    deck = resources_dir() / "decks" / "thrasios-tymna.deck.json"
    loaded = modules_at_first_paint(tmp_path, str(deck))
    assert "deckeditor.session" in loaded
    assert not any(m.startswith("deckeditor.commands.") for m in loaded)
