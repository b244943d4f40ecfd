"""Memory scales with the accepted input (issue 26.8; the factors are stated in README's size
limits paragraph and docs/spec-notes.md under product.md).

Each case runs in a process of its own and reads its peak resident size from
`resource.getrusage`; a tiny input in another process gives the program's own baseline. Peak
sizes are not timings: they do not depend on the machine's load, so the bounds are tests."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MB = 2**20

# README: a card import's peak is at most IMPORT_FACTOR times the source's uncompressed size
# plus IMPORT_EXTRA over the program's own; reading a deck file, DECK_FACTOR times the file
# (TEXT_DECK_FACTOR for the text family's junk lines)
IMPORT_FACTOR, IMPORT_EXTRA = 20, 64 * MB
DECK_FACTOR = 10
# a text-family deck file keeps every line it cannot read (as unparsed, for the player to see and
# to save back), an object of ~120 bytes a line: 8 MiB of one-letter lines is ~4 million of them
TEXT_DECK_FACTOR = 64

_PEAK = (
    "import resource, sys\n"
    "from deckeditor.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "print(code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)\n"  # KiB on Linux
)


def _peak(*args: str) -> tuple[int, int]:
    """(exit code, peak RSS in bytes) of `deckeditor ARGS` in a fresh process."""
    run = subprocess.run([sys.executable, "-c", _PEAK, *args], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=600)  # fmt: skip
    assert "Traceback" not in run.stderr, run.stderr
    code, peak = run.stdout.split()[-2:]
    return int(code), int(peak)


def _mtgjson(path: Path, records: list[str]) -> Path:
    path.write_text(
        '{"meta": {"version": "5"}, "data": {' + ", ".join(records) + "}}", encoding="utf-8"
    )
    return path


@pytest.fixture(scope="module")
def import_baseline(tmp_path_factory) -> int:
    tmp = tmp_path_factory.mktemp("base")
    tiny = _mtgjson(tmp / "tiny.json", ['"Opt": [{"name": "Opt", "type": "Instant"}]'])
    code, peak = _peak("--home", str(tmp / "h"), "cards", "import", str(tiny))
    assert code == 0
    return peak


def test_an_accepted_import_stays_within_its_factor(tmp_path, import_baseline):
    """30,000 cards of 266 bytes each (8 MB): every card is kept, as many as the limit allows
    for the size (measured 2026-12-01: 200,000 such cards, 53 MB, peaked at 702 MB, 13 times)."""
    pad = "x" * 190
    source = _mtgjson(tmp_path / "AtomicCards.json", [
        f'"Card {i:07d}": [{{"name": "Card {i:07d}", "type": "Creature", "text": "{pad}"}}]'
        for i in range(30_000)])  # fmt: skip
    code, peak = _peak("--home", str(tmp_path / "h"), "cards", "import", str(source))
    assert code == 0
    size = source.stat().st_size
    assert peak - import_baseline <= IMPORT_EXTRA + IMPORT_FACTOR * size, (peak / MB, size / MB)


def test_a_source_of_many_tiny_records_is_refused_within_its_factor(tmp_path, import_baseline):
    """The issue's shape: records of two words (a million of them, 33 MB, took 54 s and 2.5 GB;
    measured now: 1,000,000 in 44 MB refused after 7.5 s at 535 MB). Here 300,000 (13 MB)."""
    source = _mtgjson(tmp_path / "AtomicCards.json", [
        f'"Card {i:07d}": [{{"name": "Card {i:07d}"}}]' for i in range(300_000)])  # fmt: skip
    code, peak = _peak("--home", str(tmp_path / "h"), "cards", "import", str(source))
    assert code == 2
    size = source.stat().st_size
    assert peak - import_baseline <= IMPORT_EXTRA + IMPORT_FACTOR * size, (peak / MB, size / MB)


@pytest.fixture(scope="module")
def check_baseline(tmp_path_factory) -> int:
    tmp = tmp_path_factory.mktemp("base")
    deck = tmp / "d.txt"
    deck.write_text("1 Island\n", encoding="utf-8")
    _code, peak = _peak("check", "--home", str(tmp / "h"), str(deck))
    return peak


@pytest.mark.parametrize("notes", ["x", "\\u00e9", "a\\n"])
def test_an_8_mib_own_file_with_overlong_notes_is_refused_within_its_factor(
    tmp_path, check_baseline, notes
):
    """Was 1.26 GB: finding the line of the error scanned the 8 MiB string with a regex that
    kept a backtracking mark per character (measured now: 79 MB, 51 MB over the baseline)."""
    head = ('{"schema": "deckeditor-deck", "version": 1, "game": "mtg", "name": "a", "format": null, '
            '"sections": [{"name": "Main", "entries": [{"card": "Island", "count": 1}]}], "notes": "')  # fmt: skip
    body = notes * ((8 * MB - len(head) - 10) // len(notes))
    path = tmp_path / "long.deck.json"
    path.write_text(head + body + '"}', encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8"))["notes"]
    code, peak = _peak("check", "--home", str(tmp_path / "h"), str(path))
    assert code == 2
    assert peak - check_baseline <= DECK_FACTOR * path.stat().st_size, peak / MB


@pytest.mark.parametrize("line", ["x", "0 x", "1,foo,bar"])
def test_a_text_deck_of_junk_lines_stays_within_its_factor(tmp_path, check_baseline, line):
    """The worst shape for the text reader: every line short and unreadable, each kept as an
    unparsed line (measured 2026-12-01: 8 MiB of `x` lines, 515 MB peak, ~58 times; here 2 MiB)."""
    path = tmp_path / "junk.txt"
    path.write_text((line + "\n") * (2 * MB // (len(line) + 1)), encoding="utf-8")
    code, peak = _peak("check", "--home", str(tmp_path / "h"), str(path))
    assert code in (0, 1, 2)
    assert peak - check_baseline <= TEXT_DECK_FACTOR * path.stat().st_size, peak / MB


def test_rusage_is_in_kib_here():
    """ru_maxrss is KiB on Linux (bytes on macOS): the conversion above assumes Linux."""
    assert sys.platform.startswith("linux")
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 > 10 * MB
