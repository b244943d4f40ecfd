"""THE benchmark runner (`product.md`, performance budget).

    python bench/run.py [--json] [--repeats N] [--only NAME ...]

Each figure comes from a function in a sibling module; the machines are noisy, so each figure is
printed with its ratio to a floor measured in the same run: a bare Python loop over the same
(~30,000) cards. A figure whose module or function is missing (or that fails) is reported as
"not available" and left out of the JSON, so the runner works while the figures are being written.

Figure functions take `repeats` and return one of:
  * a dict with `median_ms` (and optionally `worst_ms`, `floor_ms`), or `mb` for memory;
  * a list of samples in ms (median and worst are taken here);
  * a single number (ms, or MB for `rss_mb`).

`keystroke_filter` is product.md's figure: a keystroke in the window's search box until the view
is updated (bench_gui.py); the search alone is `search_keystroke` (bench_search.py). `cold_start`
runs to an interactive window (bench_gui.py).

`--json` prints exactly `{name: {"median_ms": …, "worst_ms": …, "floor_ms": …}}`, with `rss_mb` as
`{"mb": …}`.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import statistics
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
for p in (str(REPO), str(BENCH)):
    if p not in sys.path:
        sys.path.insert(0, p)

# the games register their card sources with the card database, as the program's entries do
import deckeditor.games.registry  # noqa: E402, F401


@dataclass(frozen=True)
class Figure:
    name: str
    module: str
    function: str
    budget: str
    median_budget: float | None = None  # ms, or MB for memory
    worst_budget: float | None = None
    # (module, function) measured instead while the figure's own module or function is missing
    stand_in: tuple[str, str] | None = None


FIGURES = [
    # product.md: keystroke -> view updated (search, legality, model reset, repaint), in the window
    Figure("keystroke_filter", "bench_gui", "bench_keystroke_filter_gui", "median ≤ 8 ms, worst ≤ 16 ms", 8, 16,
           stand_in=("bench_search", "bench_keystroke_filter")),
    Figure("search_keystroke", "bench_search", "bench_search_keystroke", "search alone, well under 5 ms median", 5),
    Figure("predicate_renarrow", "bench_rules", "bench_predicate_renarrow", "median ≤ 16 ms", 16),
    # issue 14: the same with a target bracket (its budget is one more bitset per category)
    Figure("predicate_renarrow_bracket", "bench_rules", "bench_predicate_renarrow_bracket",
           "median ≤ 16 ms", 16),
    Figure("conformance_100", "bench_rules", "bench_conformance_100", "median ≤ 2 ms", 2),
    Figure("db_load", "bench_db", "bench_db_load", "well under 1,000 ms (target 300 ms)", 300),
    Figure("cold_start", "bench_gui", "bench_cold_start", "median ≤ 1,000 ms", 1000),
    # issue 18: the same with a deck open and its lead's picture shown (pictures folder, downloads on)
    Figure("cold_start_pictures", "bench_gui", "bench_cold_start_pictures", "median ≤ 1,000 ms", 1000),
    Figure("forge_import", "bench_import", "bench_forge_import", "≤ 10,000 ms", 10000),
    Figure("mtgjson_import", "bench_import", "bench_mtgjson_import", "≤ 10,000 ms", 10000),
    # issue 15: reading a deck file is linear; floor = the same file's lines read in bare Python
    Figure("deckfile_1m_lines", "bench_deckfile", "bench_deckfile_1m_lines", "≤ 5,000 ms, ≤ 10× its floor", 5000),
    Figure("deckfile_20k_distinct", "bench_deckfile", "bench_deckfile_20k_distinct", "≤ 5,000 ms; 5k→20k growth ≤ 5×", 5000),
    Figure("deckfile_1m_distinct", "bench_deckfile", "bench_deckfile_1m_distinct", "≤ 5,000 ms (issue 15: any accepted file)", 5000),
    # issue 15: every other reader on its worst accepted input (8 MiB of repeated or distinct names)
    Figure("deckfile_forge_repeat", "bench_deckfile_kinds", "bench_deckfile_forge_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_forge_distinct", "bench_deckfile_kinds", "bench_deckfile_forge_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_xmage_repeat", "bench_deckfile_kinds", "bench_deckfile_xmage_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_xmage_distinct", "bench_deckfile_kinds", "bench_deckfile_xmage_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_precon_repeat", "bench_deckfile_kinds", "bench_deckfile_precon_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_precon_distinct", "bench_deckfile_kinds", "bench_deckfile_precon_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_cod_repeat", "bench_deckfile_kinds", "bench_deckfile_cod_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_cod_distinct", "bench_deckfile_kinds", "bench_deckfile_cod_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    # issue 26.5: an 8 MiB .cod of distinct <tag>s (about 520,000) is read in linear time
    Figure("deckfile_cod_tags", "bench_deckfile_kinds", "bench_deckfile_cod_tags", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_dek_repeat", "bench_deckfile_kinds", "bench_deckfile_dek_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_dek_distinct", "bench_deckfile_kinds", "bench_deckfile_dek_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_mtgjson_repeat", "bench_deckfile_kinds", "bench_deckfile_mtgjson_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_mtgjson_distinct", "bench_deckfile_kinds", "bench_deckfile_mtgjson_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_json_repeat", "bench_deckfile_kinds", "bench_deckfile_json_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_json_distinct", "bench_deckfile_kinds", "bench_deckfile_json_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_riftbound_text_repeat", "bench_deckfile_kinds", "bench_deckfile_riftbound_text_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_riftbound_text_distinct", "bench_deckfile_kinds", "bench_deckfile_riftbound_text_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_riftbound_code_repeat", "bench_deckfile_kinds", "bench_deckfile_riftbound_code_repeat", "≤ 5,000 ms (any accepted file)", 5000),
    Figure("deckfile_riftbound_code_distinct", "bench_deckfile_kinds", "bench_deckfile_riftbound_code_distinct", "≤ 5,000 ms (any accepted file)", 5000),
    # issue 27: every card's roles, as the import computes them once; the statistics panel's
    # categories against the template after an edit
    Figure("roles_pool", "bench_roles", "bench_roles_pool", "≤ 2,000 ms", 2000),
    Figure("template_edit", "bench_roles", "bench_template_edit", "median ≤ 16 ms (the edit budget)", 16),
    Figure("template_panel", "bench_roles", "bench_template_panel", "a small part of edit_to_view's 16 ms", 16),
    # issue 23: a format switch (check + catalog re-narrowing; worst = a format met the first
    # time) and the legality overview's work per event-loop turn (one format's check)
    Figure("format_switch", "bench_formats", "bench_format_switch", "median ≤ 16 ms (a frame)", 16),
    Figure("legality_overview", "bench_formats", "bench_legality_overview", "median ≤ 16 ms per row", 16),
    Figure("rss_mb", "bench_gui", "bench_rss", "≤ 250 MB", 250),
    # issue 17: a whole command's process over the full pool, and many decks in one process
    Figure("check_startup", "bench_cli", "bench_check_startup", "median ≤ 400 ms", 400),
    Figure("search_startup", "bench_cli", "bench_search_startup", "median ≤ 400 ms", 400),
    Figure("check_many", "bench_cli", "bench_check_many", "per deck, 25 decks in one process"),
    Figure("edit_to_view", "bench_window", "bench_edit_to_view", "median ≤ 16 ms, worst ≤ 33 ms", 16, 33),
    Figure("soak_rss_mb", "bench_window", "bench_soak_rss", "≤ 250 MB, < 5 % growth over the last 2,000 edits", 250),
    Figure("peer_keystroke", "bench_window", "bench_peer_keystroke", "the peer's keystroke; ratio = peer / ours"),
    Figure("window_import", "bench_window", "bench_window_import", "≤ 1.5 × cards import, responsive"),
]  # fmt: skip
MEMORY = {"rss_mb", "soak_rss_mb"}
# Extra numbers a figure may return that are kept in the JSON and printed after the table.
EXTRAS = (
    "cpu_median_ms",
    "cpu_worst_ms",
    "floor_cpu_ms",
    "ratio",
    "ours_median_ms",
    "ours_worst_ms",
    "cli_median_ms",
    "stall_ms",
    "growth_pct",
    "floor_mb",
    "median_edit_ms",
    "p95_edit_ms",
    "worst_edit_ms",
    "cpu_median_edit_ms",
    "cpu_p95_edit_ms",
    "cpu_worst_edit_ms",
    "cold_ms",
    "total_ms",
)
RATIO_BUDGET = {"window_import": 1.5}  # figure -> most its `ratio` may be
GROWTH_BUDGET = 5.0  # % over the soak's last 2,000 edits


class NotAvailable(Exception):
    pass


def _function(module_name: str, function: str):
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name in (module_name, f"bench.{module_name}"):
            raise NotAvailable(f"bench/{module_name}.py is missing") from None
        raise NotAvailable(f"bench/{module_name}.py needs {exc.name}") from None
    fn = getattr(module, function, None)
    if not callable(fn):
        raise NotAvailable(f"bench/{module_name}.py has no {function}()")
    return fn


def find(fig: Figure):
    try:
        return _function(fig.module, fig.function)
    except NotAvailable as exc:
        if fig.stand_in is None:
            raise
        fn = _function(*fig.stand_in)
        print(f"{fig.name}: {exc}; measured with {fig.stand_in[0]}.{fig.stand_in[1]}() instead",
              file=sys.stderr)  # fmt: skip
        return fn


def call(fn, repeats: int):
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        params = {}
    if "repeats" in params:
        return fn(repeats=repeats)
    positional = [
        p for p in params.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]  # fmt: skip
    return fn(repeats) if positional else fn()


def normalise(name: str, raw, floor: float) -> dict:
    """One figure's result in the JSON contract's shape."""
    if name in MEMORY:
        if isinstance(raw, dict):
            mb = raw.get("mb", raw.get("rss_mb", raw.get("median_mb")))
        else:
            mb = raw
        if not isinstance(mb, (int, float)):
            raise ValueError(f"{name}: expected a number of MB, got {raw!r}")
        return {"mb": round(float(mb), 1), **_extras(raw)}
    if isinstance(raw, dict):
        median = raw.get("median_ms")
        worst = raw.get("worst_ms", median)
        own_floor = raw.get("floor_ms")
    elif isinstance(raw, (list, tuple)) and raw:
        median, worst, own_floor = statistics.median(raw), max(raw), None
    elif isinstance(raw, (int, float)):
        median = worst = raw
        own_floor = None
    else:
        raise ValueError(f"{name}: unexpected result {raw!r}")
    if not isinstance(median, (int, float)):
        raise ValueError(f"{name}: no median_ms in {raw!r}")
    floor_ms = own_floor if isinstance(own_floor, (int, float)) and own_floor > 0 else floor
    return {
        "median_ms": round(float(median), 3),
        "worst_ms": round(float(worst), 3),
        "floor_ms": round(float(floor_ms), 3),
        **_extras(raw),
    }


def _extras(raw) -> dict:
    if not isinstance(raw, dict):
        return {}
    return {k: raw[k] for k in EXTRAS if isinstance(raw.get(k), (int, float))}


# --- the floor -----------------------------------------------------------------------------------


def floor_cards() -> list:
    """The full pool when the shared data is there (the same cards the figures use), else a
    stand-in list of 30,000 objects so the ratio still means something."""
    try:
        from bench_db import full_pool_cards

        cards = full_pool_cards()
        if cards:
            return cards
    except Exception as exc:  # noqa: BLE001 - no data: fall back, and say so
        print(f"floor: full pool not available ({exc}); using 30,000 stand-ins", file=sys.stderr)

    class Stub:
        __slots__ = ("name",)

        def __init__(self, name: str) -> None:
            self.name = name

    return [Stub(f"card {i}") for i in range(30_000)]


def measure_floor(cards: list, repeats: int) -> float:
    from bench_db import floor_ms

    return floor_ms(cards, repeats)


# --- main ----------------------------------------------------------------------------------------


def run(names: list[str], repeats: int, verbose: bool) -> tuple[dict, dict]:
    cards = floor_cards()
    floor = measure_floor(cards, repeats)
    results: dict[str, dict] = {}
    missing: dict[str, str] = {}
    for fig in FIGURES:
        if names and fig.name not in names:
            continue
        try:
            fn = find(fig)
            t0 = time.perf_counter()
            raw = call(fn, repeats)
            results[fig.name] = normalise(fig.name, raw, floor)
            if verbose:
                took = time.perf_counter() - t0
                print(f"  ({fig.name} took {took:.1f} s)", file=sys.stderr)
        except NotAvailable as exc:
            missing[fig.name] = f"not available: {exc}"
        except Exception as exc:  # noqa: BLE001 - one broken figure must not hide the others
            if verbose:
                traceback.print_exc()
            missing[fig.name] = f"not available: {type(exc).__name__}: {exc}"
    # The floor again at the end: take the lower, the machine may have been busy at the start.
    floor_end = measure_floor(cards, repeats)
    for _fig_name, res in results.items():
        if "floor_ms" in res and res["floor_ms"] == round(float(floor), 3):
            res["floor_ms"] = round(float(min(floor, floor_end)), 3)
    return results, missing


def verdict(fig: Figure, res: dict) -> str:
    if "mb" in res:
        over = fig.median_budget is not None and res["mb"] > fig.median_budget
        over = over or res.get("growth_pct", 0) >= GROWTH_BUDGET
        return "OVER" if over else "ok"
    over = fig.median_budget is not None and res["median_ms"] > fig.median_budget
    over = over or res.get("ratio", 0) > RATIO_BUDGET.get(fig.name, float("inf"))
    over = over or (fig.worst_budget is not None and res["worst_ms"] > fig.worst_budget)
    return "OVER" if over else "ok"


def print_table(results: dict, missing: dict) -> None:
    print(f"{'figure':<20}{'median':>12}{'worst':>12}{'floor':>10}{'× floor':>10}  budget")
    for fig in FIGURES:
        if fig.name in results:
            res = results[fig.name]
            if "mb" in res:
                print(f"{fig.name:<20}{res['mb']:>10.1f}MB{'':>12}{'':>10}{'':>10}  "
                      f"{fig.budget} [{verdict(fig, res)}]")  # fmt: skip
                continue
            ratio = res["median_ms"] / res["floor_ms"] if res["floor_ms"] else float("nan")
            print(
                f"{fig.name:<20}{res['median_ms']:>10.2f}ms{res['worst_ms']:>10.2f}ms"
                f"{res['floor_ms']:>8.2f}ms{ratio:>9.1f}×  {fig.budget} [{verdict(fig, res)}]"
            )
        elif fig.name in missing:
            print(f"{fig.name:<20}  {missing[fig.name]}")
    for fig in FIGURES:
        extras = {k: v for k, v in results.get(fig.name, {}).items() if k in EXTRAS}
        if extras:
            print(f"  {fig.name}: " + ", ".join(f"{k} {v:g}" for k, v in extras.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Deck Editor benchmarks (product.md budgets)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeats", type=int, default=5, help="samples per figure (default 5)")
    parser.add_argument("--only", nargs="+", default=[], metavar="NAME",
                        choices=[f.name for f in FIGURES], help="run only these figures")  # fmt: skip
    parser.add_argument("-v", "--verbose", action="store_true", help="tracebacks and timings")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    results, missing = run(args.only, args.repeats, args.verbose)
    if args.json:
        for name, why in missing.items():
            print(f"{name}: {why}", file=sys.stderr)
        print(json.dumps(results))
    else:
        print_table(results, missing)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
