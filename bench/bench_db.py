"""`db_load`: start-up load of the full (~30,000-card) database into a CardPool.

The database is built once in a scratch home (../shared/data/mtg/cards.json.xz through the card
source reader, or the MTGJSON importer directly while `deckeditor.carddb.sources` is missing) and
reused by later runs while the data file and the schema are unchanged.

    python bench/bench_db.py [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the card database
from deckeditor.carddb.pool import CardPool  # noqa: E402
from deckeditor.carddb.store import SCHEMA_VERSION, CardStore, open_pool  # noqa: E402
from deckeditor.paths import AppPaths  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "mtg" / "cards.json.xz"


def bench_home() -> AppPaths:
    stamp = f"{DATA.stat().st_size}-{int(DATA.stat().st_mtime)}-v{SCHEMA_VERSION}"
    return AppPaths.resolve(Path(tempfile.gettempdir()) / f"deckeditor-bench-{stamp}")


def full_database(paths: AppPaths | None = None) -> AppPaths:
    """A home whose card database holds the full MTG pool (built on first use)."""
    paths = paths or bench_home()
    with CardStore(paths.card_db) as store:
        if store.exists and store.counts().get("mtg", 0) > 20_000:
            _drop_pickled_snapshot(paths)
            return paths
    try:
        import deckeditor.carddb.sources  # noqa: F401
        from deckeditor.carddb.store import import_sources

        import_sources([DATA], app_paths=paths)
    except ImportError:
        from deckeditor.games.mtg.mtgjson import load_mtgjson

        cards, issues = load_mtgjson(DATA)
        with CardStore(paths.card_db) as store:
            store.write_source(str(DATA), "mtgjson", "mtg", cards, len(issues))
    return paths


def _drop_pickled_snapshot(paths: AppPaths) -> None:
    """A snapshot pickled while the card model had no tuple form (7fdba18 to 93ad11d) is
    read back as it is (~250 ms more per start): dropped, so the next open writes rows."""
    import sqlite3

    from deckeditor.carddb import snapshot

    if snapshot._tuple_codec("mtg") is None:
        return
    with sqlite3.connect(paths.card_db) as conn:
        conn.execute("DELETE FROM snapshots WHERE game = 'mtg' AND codec = ?", (snapshot.PICKLE,))
    conn.close()


def full_pool_cards() -> list:
    """The full pool's cards (for floors: a bare loop over the same cards)."""
    with CardStore(full_database().card_db) as store:
        return store.load_cards("mtg")


def floor_ms(cards: list, repeats: int = 5) -> float:
    """A bare Python loop over the cards, the yardstick every figure is divided by."""
    samples = []
    for _ in range(max(3, repeats)):
        t0 = time.perf_counter()
        n = 0
        for c in cards:
            if c.name:
                n += 1
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def bench_db_load(repeats: int = 5) -> dict:
    """Open the store, read the snapshot, unpickle, and index a CardPool: what start-up pays."""
    paths = full_database()
    samples = []
    for _ in range(max(1, repeats)):
        t0 = time.perf_counter()
        pool = open_pool(paths)
        samples.append((time.perf_counter() - t0) * 1000)
    cards = pool.cards
    # The parts, for the report: the snapshot alone, and indexing the pool.
    t0 = time.perf_counter()
    with CardStore(paths.card_db) as store:
        store.load_cards("mtg")
    read_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    CardPool("mtg", cards)
    index_ms = (time.perf_counter() - t0) * 1000
    return {
        "median_ms": statistics.median(samples),
        "worst_ms": max(samples),
        "floor_ms": floor_ms(cards, repeats),
        "cards": len(cards),
        "snapshot_ms": read_ms,
        "pool_index_ms": index_ms,
        **damage_check(paths, repeats),
    }


def damage_check(paths: AppPaths, repeats: int) -> dict:
    """The open check of a damaged database (carddb/repair.py): SQLite's quick_check, paid once
    after each change of the file, and the stamp comparison every other open pays."""
    from deckeditor.carddb import repair

    full, stamped = [], []
    for _ in range(max(3, repeats)):
        t0 = time.perf_counter()
        repair.quick_check(paths.card_db)
        full.append((time.perf_counter() - t0) * 1000)
        repair.mark_sound(paths.card_db)
        t0 = time.perf_counter()
        repair.damage(paths.card_db)
        stamped.append((time.perf_counter() - t0) * 1000)
    return {
        "quick_check_ms": statistics.median(full),
        "stamped_check_ms": statistics.median(stamped),
        "db_mb": round(paths.card_db.stat().st_size / 1e6, 1),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print(json.dumps(bench_db_load(args.repeats), indent=1))
