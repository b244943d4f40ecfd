"""Paths the user may not look into (issue 26 rerun): a deck in a folder without `x`
permission, a folder without `r`. Python's `Path.is_file()` raises PermissionError there, so
`check`, `odds` and `convert` ended in a traceback, and `cards import` called such a file
missing and such a folder empty. Each names the path and the system's reason in one line, exit 2.

Permissions do not bind root: as root the commands run under `setpriv` without capabilities."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _without_privileges() -> list[str]:
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    return [setpriv, "--bounding-set", "-all", "--inh-caps", "-all", "--"]


def _run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [*_without_privileges(), sys.executable, "-m", "deckeditor", "--home", str(home), *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        env=env,
    )


@pytest.fixture
def closed(tmp_path):
    """(a deck in a folder that may be read but not entered, a folder that may be entered but
    not listed); permissions put back afterwards so tmp_path can be removed."""
    shut = tmp_path / "no-entry"
    shut.mkdir()
    (shut / "deck.txt").write_text("1 Island\n", encoding="utf-8")
    unlisted = tmp_path / "no-listing"
    unlisted.mkdir()
    (unlisted / "deck.txt").write_text("1 Island\n", encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    os.chmod(tmp_path, 0o777)  # the unprivileged run writes its home
    os.chmod(home, 0o777)
    os.chmod(shut, 0o644)
    os.chmod(unlisted, 0o311)
    yield home, shut / "deck.txt", unlisted
    os.chmod(shut, 0o755)
    os.chmod(unlisted, 0o755)


def _one_line(proc, *words):
    lines = [line for line in proc.stderr.splitlines() if not line.startswith("reading ")]
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(lines) == 1, proc.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("command", [["check"], ["odds", "--category", "land"], ["convert", "OUT"]])
def test_a_deck_in_a_folder_that_cannot_be_entered(closed, tmp_path, command):
    home, deck, _ = closed
    args = [command[0], str(deck), *command[1:]]
    if command[0] == "convert":
        args = ["convert", str(deck), str(tmp_path / "out.deck.json")]
    proc = _run(home, *args)
    _one_line(proc, str(deck), "cannot be reached", "Permission denied")


def test_check_of_a_folder_that_cannot_be_listed(closed):
    home, _, unlisted = closed
    proc = _run(home, "check", str(unlisted))
    _one_line(proc, str(unlisted), "cannot read the folder", "Permission denied")


def test_cards_import_names_the_reason_not_a_missing_file(closed):
    home, deck, unlisted = closed
    _one_line(_run(home, "cards", "import", str(deck)), str(deck), "cannot be reached")
    _one_line(_run(home, "cards", "import", str(unlisted)), str(unlisted), "cannot read the folder")
