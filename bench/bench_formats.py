"""Issue 23: switching a deck's format and the legality overview stay within a frame (16 ms)
on the full pool.

* `bench_format_switch(repeats)`: the deck's format changes (round the 22 built-in MTG formats):
  its conformance check and the catalog predicate's re-narrowing of the ~30,000-card pool, as the
  window does on a switch. The first round meets each format's pool for the first time (one pass
  over the pool per format and day, cached for the session): it is in `worst_ms`; the median is a
  switch to a format seen before. `cold_ms` (printed) is the first round's median.
* `bench_legality_overview(repeats)`: the overview's work per event-loop turn: one format's
  check of a real 100-card Commander deck (the panel checks one format per turn); `total_ms`
  (printed) is the whole overview, all 22 rows.

The floor is a bare Python loop over the same cards. Run alone:

    python bench/bench_formats.py [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
for p in (str(BENCH.parent), str(BENCH)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench_rules import DAY, _figure, _precon, _timed, real_pool  # noqa: E402

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines


def _settled(pool):
    """As the window does once its pool is loaded (`ui.app.settle_heap`): the long-lived objects
    out of the collector's sight, so a full collection does not land on a measured switch."""
    import gc

    gc.collect()
    gc.freeze()
    return pool


def _mtg_formats():
    from deckeditor.format_catalog import builtin_codes, load_format

    return [load_format(c) for c in builtin_codes() if load_format(c).game == "mtg"]


def _floor(pool, repeats: int) -> list[float]:
    cards = pool.cards
    return _timed(lambda _: sum(1 for c in cards if c.identity & 2), repeats)


def bench_format_switch(repeats: int = 3) -> dict:
    from deckeditor.games.mtg.conformance import check
    from deckeditor.games.mtg.predicate import make_predicate

    pool = _settled(real_pool())
    deck = _precon(pool)
    infos = _mtg_formats()

    def switch(i):
        info = infos[i % len(infos)]
        moved = deck.with_format(info.code)
        check(moved, info, DAY, pool)
        make_predicate(moved, info, DAY, pool, "Main").visible_rows()

    cold = _timed(switch, len(infos))  # each format met for the first time
    _settled(pool)  # the session's caches are long-lived too
    warm = _timed(switch, max(repeats, 1) * len(infos))
    fig = _figure(warm, _floor(pool, 10))
    fig["worst_ms"] = round(max(cold + warm), 3)
    fig["cold_ms"] = round(statistics.median(cold), 3)
    return fig


def bench_legality_overview(repeats: int = 3) -> dict:
    from deckeditor.games.mtg.conformance import check

    pool = _settled(real_pool())
    deck = _precon(pool)
    infos = _mtg_formats()
    for info in infos:
        check(deck, info, DAY, pool)  # warm: each format's Ruling and pool answers
    _settled(pool)

    def one_row(i):
        check(deck, infos[i % len(infos)], DAY, pool)

    samples = _timed(one_row, max(repeats, 1) * len(infos))
    t0 = time.perf_counter()
    for info in infos:
        check(deck, info, DAY, pool)
    total = (time.perf_counter() - t0) * 1000
    fig = _figure(samples, _floor(pool, 10))
    fig["total_ms"] = round(total, 3)
    return fig


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = {
        "format_switch": bench_format_switch(args.repeats),
        "legality_overview": bench_legality_overview(args.repeats),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, fig in figures.items():
            extra = {k: v for k, v in fig.items() if k not in ("median_ms", "worst_ms", "floor_ms")}
            print(
                f"{name:18s} median {fig['median_ms']:8.3f} ms  worst {fig['worst_ms']:8.3f} ms"
                f"  floor {fig['floor_ms']:7.3f} ms  {extra}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
