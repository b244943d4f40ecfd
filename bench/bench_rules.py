"""Speed of the MTG rules engine on the real pool (`product.md` budgets).

* `bench_predicate_renarrow(repeats)`: after a deck edit, build the catalog predicate and
  re-narrow the whole ~30,000-card pool (`visible_rows()`); budget <= 16 ms.
* `bench_conformance_100(repeats)`: the full conformance check of a 100-card Commander deck;
  budget <= 2 ms.

Each returns {"median_ms", "worst_ms", "floor_ms"}; the floor is a bare Python loop over the same
data measured in the same run (so the figure can be read as a ratio on any machine). Caches that
live for a session (the pool's bitsets, the format's Ruling) are warmed first, as in the app.

    python bench/bench_rules.py [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import date
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines

DATA = REPO.parent / "shared" / "data" / "mtg"
DAY = date(2026, 1, 1)


@lru_cache(maxsize=1)
def real_pool():
    """The 29,521-card MTGJSON pool, plus the starter pool's cards it lacks (the Rulebreakers)."""
    from deckeditor.carddb.pool import CardPool
    from deckeditor.carddb.store import starter_pool
    from deckeditor.games.mtg.mtgjson import load_mtgjson

    cards, _ = load_mtgjson(DATA / "cards.json.xz")
    pool = CardPool("mtg", cards)
    for card in starter_pool("mtg").cards:
        if card.name not in pool:
            pool.add(card)
    return pool


def _precon(pool, file_name: str = "AllDeckFiles/UpgradesUnleashed_NEC.json"):
    """A real 100-card Commander deck from the MTGJSON deck files."""
    import tarfile

    from deckeditor import deckio

    with tarfile.open(DATA / "mtgjson-AllDeckFiles-20260103-no-redemption.tar.xz") as tf:
        raw = tf.extractfile(file_name).read()
    return deckio.read_deck(raw, pool).deck


def _timed(fn, repeats: int) -> list[float]:
    out = []
    for i in range(repeats):
        t0 = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def _figure(samples: list[float], floor: list[float]) -> dict:
    return {
        "median_ms": round(statistics.median(samples), 3),
        "worst_ms": round(max(samples), 3),
        "floor_ms": round(statistics.median(floor), 3),
    }


def bench_predicate_renarrow(repeats: int = 30, bracket: int | None = None) -> dict:
    from deckeditor.deck import Deck, Entry, Section
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.predicate import make_predicate

    pool = real_pool()
    fmt = load_format("commander")
    spells = [c.name for c in pool.cards if "Instant" in c.faces[0].types][:400]
    base = Deck(
        game="mtg",
        name="bench",
        format="commander",
        sections=(
            Section("Commander", (Entry("Tolabow, Loch Rascal"),)),
            Section("Main", tuple(Entry(n) for n in spells[:60])),
        ),
        bracket=bracket,
    )
    make_predicate(base, fmt, DAY, pool, "Main").visible_rows()  # warm the pool's bitsets
    decks = [base.add_card("Main", spells[60 + i % 300]) for i in range(repeats)]

    def renarrow(i):
        make_predicate(decks[i], fmt, DAY, pool, "Main").visible_rows()

    cards = pool.cards

    def floor(_):
        sum(1 for c in cards if c.identity & 2)

    return _figure(_timed(renarrow, repeats), _timed(floor, repeats))


def bench_predicate_renarrow_bracket(repeats: int = 30) -> dict:
    """`predicate_renarrow` with a target bracket (3): the bracket budget's bitsets join in."""
    return bench_predicate_renarrow(repeats, bracket=3)


def bench_conformance_100(repeats: int = 200) -> dict:
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.conformance import check

    pool = real_pool()
    fmt = load_format("commander")
    deck = _precon(pool)
    assert deck.count("Commander", "Main") == 100
    check(deck, fmt, DAY, pool)  # warm: the Ruling and the parsed rules

    def run(_):
        check(deck, fmt, DAY, pool)

    entries = [e for _, e in deck.entries()]

    def floor(_):
        for e in entries:
            pool.get(e.card)

    return _figure(_timed(run, repeats), _timed(floor, repeats))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = {
        "predicate_renarrow": bench_predicate_renarrow(args.repeats),
        "conformance_100": bench_conformance_100(max(args.repeats, 50)),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, fig in figures.items():
            ratio = fig["median_ms"] / fig["floor_ms"] if fig["floor_ms"] else float("nan")
            print(
                f"{name:20s} median {fig['median_ms']:8.3f} ms  worst {fig['worst_ms']:8.3f} ms"
                f"  floor {fig['floor_ms']:7.3f} ms  ratio {ratio:5.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
