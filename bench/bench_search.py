"""Search per keystroke (`product.md` `keystroke_filter`, `search.md` §7).

    python bench/bench_search.py [--repeats N]

`bench_keystroke_filter(repeats)` types realistic queries one character at a time into a Searcher
over the full MTG pool (`../shared/data/mtg/cards.json.xz`, imported with the MTGJSON importer)
and times each keystroke: parse + compile + evaluate + row list. The GUI's model reset comes on
top (bench_gui.py), so the search itself should stay well under 5 ms median. Each repeat starts
with an empty leaf cache (the index itself is built and warmed once, as the catalog does at load).
The floor is a bare Python loop over the same cards, measured in the same run.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_db import floor_ms  # noqa: E402  (one yardstick for every figure)

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines

DATA = REPO.parent / "shared" / "data"

QUERIES = [
    "t:creature c:g pow>=4",
    'o:"draw a card" -t:creature id<=ub',
    "lightning bolt",
    "is:commander id>=wu mv<=4",
    "t:legend t:elf or t:merfolk",
    "kw:flying -c:w f:commander",
]

_CARDS: list | None = None


def pool_cards() -> list:
    """The full MTG pool (cached for the process)."""
    global _CARDS
    if _CARDS is None:
        from deckeditor.games.mtg.mtgjson import load_mtgjson

        path = DATA / "mtg" / "cards.json.xz"
        if not path.exists():
            raise FileNotFoundError(f"{path} is missing: the benchmark needs ../shared/data")
        _CARDS, _issues = load_mtgjson(path)
    return _CARDS


def keystroke_samples(cards: list, repeats: int) -> list[float]:
    from deckeditor.search import Searcher, SearchError, SearchIndex
    from deckeditor.search.searcher import _COMPILED

    samples: list[float] = []
    # What loading the catalog does once, before the first keystroke: build the index, warm the
    # per-pool answers (number groups, is:commander, the selected format's bans), and move the
    # long-lived objects out of the garbage collector's way (a full collection over ~1M card
    # objects would otherwise land on some random keystroke).
    index = SearchIndex("mtg", cards)
    index.warm()
    gc.collect()
    gc.freeze()
    for repeat in range(max(1, repeats)):
        if repeat:
            index._leaves.clear()  # typed afresh: no cached leaf from the last round
            index.narrowing.clear()
        _COMPILED.clear()
        searcher = Searcher(index, "mtg")
        for query in QUERIES:
            for i in range(1, len(query) + 1):
                t0 = time.perf_counter()
                try:
                    searcher.search(query[:i])
                except SearchError:
                    pass  # the catalog keeps the last results; the keystroke still costs this
                samples.append((time.perf_counter() - t0) * 1000)
    return samples


def bench_keystroke_filter(repeats: int = 5) -> dict:
    cards = pool_cards()
    floor = floor_ms(cards, repeats)
    samples = keystroke_samples(cards, repeats)
    return {
        "median_ms": statistics.median(samples),
        "worst_ms": max(samples),
        "floor_ms": floor,
    }


def bench_search_keystroke(repeats: int = 5) -> dict:
    """The search alone per keystroke (`search_keystroke` in bench/run.py); product.md's
    `keystroke_filter` is the whole keystroke in the window (bench_gui.py)."""
    return bench_keystroke_filter(repeats)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    result = bench_keystroke_filter(args.repeats)
    floor = result["floor_ms"]
    print(
        f"keystroke_filter: median {result['median_ms']:.2f} ms ({result['median_ms'] / floor:.2f}x floor), "
        f"worst {result['worst_ms']:.2f} ms ({result['worst_ms'] / floor:.2f}x floor), "
        f"floor {floor:.2f} ms, {len(pool_cards())} cards"
    )
