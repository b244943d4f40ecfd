"""Every command that prints ends quietly when its reader goes away (issue 22 point 6):
`deckeditor cards search Forest | head` used to end in a BrokenPipeError traceback. Each case runs
the real command line in a subprocess whose stdout pipe is closed early."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from deckeditor.cli import READER_GONE

REPO = Path(__file__).resolve().parents[2]


def _env(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DECKEDITOR_HOME": str(home),
        "PYTHONPATH": str(REPO),
        "QT_QPA_PLATFORM": "offscreen",
    }


def _start(home: Path, *argv: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "deckeditor", *argv],
        env=_env(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@pytest.fixture(scope="module")
def many_forests(tmp_path_factory) -> Path:
    """An MTGJSON source whose search for Forest prints far more than a pipe buffer (64 KiB)."""
    path = tmp_path_factory.mktemp("pipe") / "forests.json"
    data = {
        f"Forest Walker {i:05d}": [
            {
                "name": f"Forest Walker {i:05d}",
                "type": "Land — Forest",
                "types": ["Land"],
                "subtypes": ["Forest"],
                "layout": "normal",
                "colorIdentity": ["G"],
                "legalities": {},
            }
        ]
        for i in range(4000)
    }
    path.write_text(json.dumps({"meta": {"version": "5.2.2"}, "data": data}), encoding="utf-8")
    return path


def _quiet(proc: subprocess.Popen) -> tuple[int, str]:
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err.decode("utf-8", "replace")


def test_reader_leaving_after_the_first_lines_of_a_search(tmp_path, many_forests):
    """`deckeditor cards search Forest | head -3`: the reader takes three lines and leaves while
    the command still has some 90 KB to print."""
    proc = _start(tmp_path / "home", "cards", "search", "Forest", "--cards", str(many_forests))
    first = [proc.stdout.readline() for _ in range(3)]
    assert first[0] == b"Forest\n" and first[1].startswith(b"Forest Walker")
    proc.stdout.close()
    code, err = _quiet(proc)
    assert err == ""
    assert code == READER_GONE


@pytest.fixture
def deck_file(tmp_path) -> Path:
    path = tmp_path / "tolabow.deck.json"
    path.write_text(
        json.dumps(
            {
                "schema": "deckeditor-deck",
                "version": 1,
                "game": "mtg",
                "name": "Tolabow Spells",
                "format": "commander",
                "sections": [
                    {
                        "name": "Commander",
                        "entries": [{"card": "Tolabow, Loch Rascal", "count": 1}],
                    },
                    {
                        "name": "Main",
                        "entries": [
                            {"card": "Lightning Bolt", "count": 1},
                            {"card": "Island", "count": 40},
                        ],
                    },
                ],
            }
        ),
        encoding="utf-8",
    )
    return path


# Every command that prints to stdout, with a reader that left before the first line.
COMMANDS = {
    "search": ["cards", "search", "t:land"],
    "search json": ["cards", "search", "t:land", "--json"],
    "info": ["cards", "info"],
    "info json": ["cards", "info", "--json"],
    "import": ["cards", "import", "SOURCE"],
    "rebuild": ["cards", "rebuild"],
    "check": ["check", "DECK"],
    "check json": ["check", "DECK", "--json"],
    "convert": ["convert", "DECK", "OUT.dck"],
    "help": ["--help"],
    "command help": ["check", "--help"],
    "version": ["--version"],
}


@pytest.mark.parametrize("name", COMMANDS)
def test_every_printing_command_ends_quietly_when_its_reader_is_gone(
    name, tmp_path, deck_file, many_forests
):
    argv = [
        {
            "DECK": str(deck_file),
            "SOURCE": str(many_forests),
            "OUT.dck": str(tmp_path / "out.dck"),
        }.get(a, a)
        for a in COMMANDS[name]
    ]
    proc = _start(tmp_path / "home", *argv)
    proc.stdout.close()  # the reader is gone before the command prints anything
    code, err = _quiet(proc)
    assert (
        "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err
    )
    if name == "convert":  # prints nothing to stdout: the conversion still happens
        assert code == 0 and (tmp_path / "out.dck").read_text().startswith("[metadata]")
    elif "help" in name or name == "version":  # argparse drops a failed write itself
        assert code in (0, READER_GONE)
    else:  # check's verdict (exit 1: a 41-card deck) is never printed: the reader's status
        assert code == READER_GONE


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="POSIX status")
def test_the_status_is_the_shells_sigpipe_status():
    assert READER_GONE == 128 + signal.SIGPIPE == 141
