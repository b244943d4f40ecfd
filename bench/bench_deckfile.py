"""Deck file reading is linear in the input (issue 15): `deckfile_1m_lines`, `deckfile_20k_distinct`.

    python bench/bench_deckfile.py [--repeats N]

* `deckfile_1m_lines`: a plain-text deck of 1,000,000 card lines (about 7 MB, under the 8 MiB cap)
  naming a few real cards over and over, read with `deckio.read_deck` against the full card pool.
* `deckfile_20k_distinct`: 20,000 lines naming 20,000 distinct real cards (nothing merges, so a
  reader comparing each new entry with every earlier one shows here).
* `deckfile_1m_distinct`: the largest accepted file of distinct lines, 1,198,372 lines `1 Aaaa`
  naming four-character cards no pool has (8 MiB): every line is parsed, resolved and kept.

The floor of each is reading the same file's lines in bare Python in the same run (read the bytes,
decode, split into lines, split each line into count and name). Run as a script it also prints the
growth from 5,000 to 20,000 distinct lines (linear: about 4x; the budget is 5x) and the peak RSS
(budget 300 MB) of a fresh process reading each file: with no card pool, and with the full pool
loaded first (its RSS before reading, the peak, and what reading added).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
for p in (str(REPO), str(BENCH)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench_import import _times  # noqa: E402 - the same sampling loop as the import figures

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines

# Real names short enough that a million lines stay near 7 MB: 6 + 8 + 9 + 5 bytes a line.
_SHORT = ("1 Opt", "2 Shock", "1 Island", "3 Ox")
_POOL = None
_FILES: dict[str, Path] = {}


def pool():
    global _POOL
    if _POOL is None:
        from bench_db import full_database

        from deckeditor.carddb.store import open_pool

        _POOL = open_pool(full_database())
    return _POOL


def _folder() -> Path:
    folder = Path(tempfile.gettempdir()) / "deckeditor-bench-deckfiles"
    folder.mkdir(exist_ok=True)
    return folder


def million_lines_file() -> Path:
    if "1m" not in _FILES:
        path = _folder() / "million.txt"
        lines = [_SHORT[i % len(_SHORT)] for i in range(1_000_000)]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        _FILES["1m"] = path
    return _FILES["1m"]


def distinct_file(n: int) -> Path:
    key = f"distinct{n}"
    if key not in _FILES:
        names = sorted(c.name for c in pool().cards)
        if len(names) < n:
            raise RuntimeError(f"the pool has {len(names)} cards, fewer than {n}")
        step = len(names) / n  # spread over the alphabet, not the first n
        chosen = [names[int(i * step)] for i in range(n)]
        path = _folder() / f"distinct-{n}.txt"
        path.write_text("".join(f"1 {name}\n" for name in chosen), encoding="utf-8")
        _FILES[key] = path
    return _FILES[key]


def distinct_unknown_file() -> Path:
    """The largest accepted file of distinct card lines: `1 <name>` with four-character names no
    card has (`Aaaa`, `Aaab`, …), as many as fit under the 8 MiB cap (1,198,372 lines)."""
    if "1m_distinct" not in _FILES:
        import itertools
        import string

        from deckeditor.deckfile import MAX_BYTES

        rest = string.ascii_letters + string.digits
        out, size = [], 0
        for a, b, c, d in itertools.product(string.ascii_letters, rest, rest, rest):
            line = f"1 {a}{b}{c}{d}\n"
            if size + len(line) > MAX_BYTES:
                break
            out.append(line)
            size += len(line)
        path = _folder() / "distinct-unknown.txt"
        path.write_text("".join(out), encoding="utf-8")
        _FILES["1m_distinct"] = path
        _FILES["1m_distinct_lines"] = len(out)  # type: ignore[assignment]
    return _FILES["1m_distinct"]


def _floor(path: Path):
    def run():
        n = 0
        text = path.read_bytes().decode("utf-8")
        for line in text.splitlines():
            _count, _, name = line.partition(" ")
            n += len(name)
        assert n

    return run


def _reader(path: Path, expect_lines: int):
    from deckeditor.deckio import read_deck

    def run():
        result = read_deck(path, pool())
        assert len(result.lines) == expect_lines

    return run


def _figure(path: Path, lines: int, repeats: int) -> dict:
    pool()  # loaded outside the timing
    work = _times(_reader(path, lines), repeats)
    floor = _times(_floor(path), max(3, repeats))
    return {
        "median_ms": statistics.median(work),
        "worst_ms": max(work),
        "floor_ms": statistics.median(floor),
    }


def bench_deckfile_1m_lines(repeats: int = 3) -> dict:
    return _figure(million_lines_file(), 1_000_000, repeats)


def bench_deckfile_20k_distinct(repeats: int = 5) -> dict:
    return _figure(distinct_file(20_000), 20_000, repeats)


def bench_deckfile_1m_distinct(repeats: int = 3) -> dict:
    path = distinct_unknown_file()
    return _figure(path, _FILES["1m_distinct_lines"], repeats)  # type: ignore[arg-type]


def growth(repeats: int = 5) -> float:
    """Median read time of 20,000 distinct lines over that of 5,000 (linear: about 4)."""
    small = statistics.median(_times(_reader(distinct_file(5_000), 5_000), repeats))
    big = statistics.median(_times(_reader(distinct_file(20_000), 20_000), repeats))
    return big / small


_RSS_SCRIPT = """
import gc, sys
sys.path[:0] = [{repo!r}, {bench!r}]
from deckeditor.carddb.pool import CardPool
from deckeditor.deckio import read_deck
{imports}


def status(key):
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith(key + ":")) / 1024


p = {pool_code}
gc.collect()
before = status("VmRSS")
with open("/proc/self/clear_refs", "w") as f:  # peak RSS from here on
    f.write("5")
read_deck({path!r}, p)
print(before, status("VmHWM"))
"""


def peak_rss_mb(path: Path, full_pool: bool = True) -> tuple[float, float]:
    """(RSS before reading, peak RSS while reading) in MB of a fresh process that loads the full
    pool (or an empty one) and then reads `path` (Linux /proc)."""
    return fresh_process_rss(
        path, "from bench_deckfile import pool", "pool()" if full_pool else 'CardPool("mtg")'
    )


def fresh_process_rss(path: Path, imports: str, pool_code: str) -> tuple[float, float]:
    """(RSS before reading, peak RSS while reading) in MB of a fresh process that runs
    `imports`, makes its pool with `pool_code` and then reads `path` (Linux /proc)."""
    script = _RSS_SCRIPT.format(
        repo=str(REPO), bench=str(BENCH), path=str(path), imports=imports, pool_code=pool_code
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    before, peak = map(float, done.stdout.split()[-2:])
    return before, peak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    out = {}
    for name, fn in (
        ("deckfile_1m_lines", bench_deckfile_1m_lines),
        ("deckfile_20k_distinct", bench_deckfile_20k_distinct),
        ("deckfile_1m_distinct", bench_deckfile_1m_distinct),
    ):
        fig = fn(args.repeats)
        fig["x_floor"] = fig["median_ms"] / fig["floor_ms"]
        out[name] = {k: round(v, 2) for k, v in fig.items()}
    out["growth_5k_to_20k"] = round(growth(args.repeats), 2)
    rss = {}
    for label, path in (
        ("1m_lines", million_lines_file()),
        ("20k_distinct", distinct_file(20_000)),
        ("1m_distinct", distinct_unknown_file()),
    ):
        before, peak = peak_rss_mb(path, full_pool=True)
        rss[label] = {
            "full_pool_before": round(before, 1),
            "full_pool_peak": round(peak, 1),
            "reading": round(peak - before, 1),
            "empty_pool_peak": round(peak_rss_mb(path, full_pool=False)[1], 1),
        }
    out["rss_mb"] = rss
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
