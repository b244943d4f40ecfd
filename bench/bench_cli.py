"""Command start-up figures (issue 17): a whole `deckeditor` process over the full pool.

* `bench_check_startup(repeats)` — `deckeditor check DECK --json` on a 100-card Commander deck
  with the full (29,521-card) database in DECKEDITOR_HOME: process start to exit.
* `bench_search_startup(repeats)` — `deckeditor cards search "t:instant o:draw"` the same way
  (the search index's columns come back from the database after the first run).
* `bench_check_many(repeats)` — `deckeditor check` over a folder of 25 copies of that deck in one
  process, reported per deck (the pool loads once; `median_ms` is the whole run / 25).

The floor is a bare `python -c pass` start in the same run, since these machines are noisy.

    python bench/bench_cli.py [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
for p in (str(REPO), str(REPO / "bench")):
    if p not in sys.path:
        sys.path.insert(0, p)

from procenv import player_env, warm_bytecode  # noqa: E402

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines

DECK = REPO / "resources" / "decks" / "thrasios-tymna.deck.json"
QUERY = "t:instant o:draw"
MANY = 25


def _home() -> Path:
    from bench_db import full_database

    return full_database().data.parent


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _timed(argv: list[str], home: Path) -> float:
    """Wall-clock ms of one whole process; its CPU ms are kept in `_timed.cpu_ms`."""
    warm_bytecode()
    env = player_env(DECKEDITOR_HOME=str(home), PYTHONPATH=str(REPO))
    start, cpu = time.perf_counter(), _children_cpu()
    proc = subprocess.run(argv, env=env, cwd=REPO, capture_output=True, text=True)
    took = (time.perf_counter() - start) * 1000
    _timed.cpu_ms = (_children_cpu() - cpu) * 1000  # the child's own: the machine's load left out
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv[2:])}: exit {proc.returncode}: {proc.stderr.strip()}")
    return took


def _floor(repeats: int) -> tuple[float, float]:
    """(wall ms, CPU ms) of a bare interpreter start, medians."""
    wall, cpu = [], []
    for _ in range(repeats):
        wall.append(_timed([sys.executable, "-c", "pass"], Path(tempfile.gettempdir())))
        cpu.append(_timed.cpu_ms)
    return statistics.median(wall), statistics.median(cpu)


def _figure(argv: list[str], repeats: int, per: int = 1) -> dict:
    home = _home()
    _timed(argv, home)  # the first run stores what later starts read back
    samples, cpu = [], []
    for _ in range(max(1, repeats)):
        samples.append(_timed(argv, home) / per)
        cpu.append(_timed.cpu_ms / per)
    floor, floor_cpu = _floor(max(3, repeats))
    return {
        "median_ms": statistics.median(samples),
        "worst_ms": max(samples),
        "floor_ms": floor,
        # the process's CPU time (user + system): on a loaded machine the wall clock is mostly
        # other processes' turns; the CPU time is what the command itself costs
        "cpu_median_ms": round(statistics.median(cpu), 1),
        "cpu_worst_ms": round(max(cpu), 1),
        "floor_cpu_ms": round(floor_cpu, 1),
    }


def bench_check_startup(repeats: int = 5) -> dict:
    return _figure([sys.executable, "-m", "deckeditor", "check", str(DECK), "--json"], repeats)


def bench_search_startup(repeats: int = 5) -> dict:
    return _figure([sys.executable, "-m", "deckeditor", "cards", "search", QUERY], repeats)


def bench_check_many(repeats: int = 3) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="deckeditor-bench-decks-"))
    try:
        for i in range(MANY):
            shutil.copy(DECK, folder / f"deck{i:02d}.deck.json")
        argv = [sys.executable, "-m", "deckeditor", "check", str(folder), "--json"]
        return _figure(argv, repeats, per=MANY)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(
        json.dumps(
            {
                "check_startup": bench_check_startup(args.repeats),
                "search_startup": bench_search_startup(args.repeats),
                "check_many_per_deck": bench_check_many(args.repeats),
            },
            indent=1,
        )
    )
