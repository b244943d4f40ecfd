"""Ctrl+C (SIGINT) or a kill (SIGTERM) during `convert` and `cards import` (issue 26 rerun):
the command ends with one line and the shell's status for the signal (128 + its number), the
target as it was and no temp file beside it. Before, SIGINT printed a KeyboardInterrupt
traceback, and SIGTERM ended the process where it stood, past any cleanup.

Each case runs in a process of its own that signals itself at a set point of the real command
(after the new deck's temp file is written; as the database write begins), so the signal lands
where a half-written file could be left, every time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

CONVERT = textwrap.dedent("""
    import os, signal, sys
    from deckeditor import saving
    from deckeditor.cli import main
    real = saving._write_temp
    def write_then_signal(*args, **kwargs):
        tmp = real(*args, **kwargs)
        os.kill(os.getpid(), int(sys.argv[1]))  # the temp is on disk, the target not replaced
        return tmp
    saving._write_temp = write_then_signal
    sys.exit(main(sys.argv[2:]))
""")

IMPORT = textwrap.dedent("""
    import os, signal, sys
    from deckeditor.carddb.store import CardStore
    from deckeditor.cli import main
    real = CardStore._write_source
    def signal_then_write(self, *args, **kwargs):
        os.kill(os.getpid(), int(sys.argv[1]))
        return real(self, *args, **kwargs)
    CardStore._write_source = signal_then_write
    sys.exit(main(sys.argv[2:]))
""")


def _run(script: str, signum: int, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", script, str(int(signum)), *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        # a shell starts background jobs with SIGINT ignored; a terminal's Ctrl+C is not
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_convert_leaves_the_target_whole(tmp_path, signum):
    source = tmp_path / "deck.txt"
    source.write_text("1 Island\n4 Lightning Bolt\n", encoding="utf-8")
    target = tmp_path / "out.deck.json"
    target.write_text("the old file\n", encoding="utf-8")
    done = _run(
        CONVERT, signum, "--home", str(tmp_path / "home"), "convert", str(source), str(target)
    )
    assert done.returncode == 128 + signum, done.stderr
    assert done.stderr.splitlines() == [f"deckeditor: stopped by {signum.name}"]
    assert target.read_text(encoding="utf-8") == "the old file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "deck.txt",
        "home",
        "out.deck.json",
    ] or sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt", "out.deck.json"]


RECORDS = (
    '[{"name": "Sol Ring", "layout": "normal", "faces": [{"name": "Sol Ring", '
    '"mana_cost": "{1}", "types": ["Artifact"], "oracle_text": "{T}: Add {C}{C}."}]}]'
)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_cards_import_keeps_the_database_as_it_was(tmp_path, signum):
    home = tmp_path / "home"
    first = tmp_path / "first.json"
    first.write_text(RECORDS, encoding="utf-8")
    second = tmp_path / "second.json"
    second.write_text(RECORDS.replace("Sol Ring", "Mox Opal"), encoding="utf-8")
    info = [sys.executable, "-m", "deckeditor", "--home", str(home), "cards", "info"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    subprocess.run(
        [*info[:-1], "import", str(first)], check=True, capture_output=True, cwd=REPO, env=env
    )
    before = subprocess.run(info, capture_output=True, text=True, cwd=REPO, env=env)
    done = _run(IMPORT, signum, "--home", str(home), "cards", "import", str(second))
    assert done.returncode == 128 + signum, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == f"deckeditor: stopped by {signum.name}"
    after = subprocess.run(info, capture_output=True, text=True, cwd=REPO, env=env)
    assert after.returncode == 0 and after.stdout == before.stdout and after.stderr == ""
    cache = {p.name for p in (home / "cache").iterdir()}
    assert not {n for n in cache if n.endswith((".tmp", "-journal", "-wal"))}, cache
