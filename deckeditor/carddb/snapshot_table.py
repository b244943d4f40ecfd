"""The card database's `snapshots` table: per game, the whole card list as ONE blob
(`deckeditor.carddb.snapshot`), so start-up is a single read and decode instead of 30,000 JSON
decodes. Each is tagged with a fingerprint of the card model; a stale or unreadable snapshot is
rebuilt from the `cards` rows, which stay the truth.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sqlite3
import sys
import zlib
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

from deckeditor.carddb import card_games, derived, snapshot
from deckeditor.carddb.gc_pause import gc_paused
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.records import from_record

Row = tuple[str, str, int, bytes]  # model, codec, count, blob


def model_fingerprint(game: str) -> str:
    """Snapshots are tied to the card classes (fields and their types) and to CardPool: a
    changed model must make the snapshot stale, never decode it silently wrong."""
    parts = [game, f"py{sys.version_info[0]}.{sys.version_info[1]}", snapshot.pool_fingerprint()]
    found = card_games.find(game)
    for cls in found.codec.model_classes() if found is not None else []:
        if is_dataclass(cls):
            names = [f"{f.name}:{f.type}" for f in fields(cls)]
        else:
            names = sorted(vars(cls))
        parts.append(f"{cls.__module__}.{cls.__qualname__}({','.join(names)})")
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:16]


def stamp(model: str, count: int, blob: bytes) -> str:
    """What names one stored snapshot (the derived values kept beside it say which)."""
    return f"{model}-{count}-{zlib.crc32(blob):08x}"


def has_rows(conn: sqlite3.Connection, game: str) -> bool:
    found = conn.execute("SELECT 1 FROM cards WHERE game = ? LIMIT 1", (game,)).fetchone()
    return found is not None


def is_current(conn: sqlite3.Connection, game: str) -> bool:
    row = conn.execute("SELECT model FROM snapshots WHERE game = ?", (game,)).fetchone()
    return row is not None and row[0] == model_fingerprint(game)


def cards_from_rows(conn: sqlite3.Connection, game: str) -> list[Any]:
    rows = conn.execute(
        "SELECT record FROM cards WHERE game = ? ORDER BY rowid", (game,)
    ).fetchall()
    return [from_record(json.loads(r), game) for (r,) in rows]


def write(
    conn: sqlite3.Connection, game: str, cards: list[Any]
) -> tuple[CardPool[Any], str | None]:
    """Store the game's snapshot of `cards`: (their pool, the snapshot's stamp; None when no
    snapshot is stored)."""
    derived.drop(conn, game)  # computed from the snapshot being replaced
    if not cards:
        conn.execute("DELETE FROM snapshots WHERE game = ?", (game,))
        return CardPool(game), None
    with gc_paused():
        pool: CardPool[Any] = CardPool(game, cards)
    try:
        codec, blob = snapshot.dump(game, pool.cards, snapshot.pool_index(pool))
    except (pickle.PicklingError, AttributeError, TypeError):
        # A card class that cannot be pickled: no snapshot, start-up reads the rows.
        conn.execute("DELETE FROM snapshots WHERE game = ?", (game,))
        return pool, None
    model = model_fingerprint(game)
    conn.execute(
        "INSERT OR REPLACE INTO snapshots (game, model, codec, count, blob) VALUES (?, ?, ?, ?, ?)",
        (game, model, codec, len(pool.cards), blob),
    )
    return pool, stamp(model, len(pool.cards), blob)


def read(conn: sqlite3.Connection, db: Path, game: str, lazy: bool) -> CardPool[Any] | None:
    """The game's pool from a current snapshot, its derived values attached; None when there is
    none, it is stale or it cannot be read (then the caller rebuilds it from the rows).
    `lazy`: the cards are decoded when first asked for (`CardPool.lazy`), when the codec
    allows it."""
    row = conn.execute(
        "SELECT model, codec, count, blob FROM snapshots WHERE game = ?", (game,)
    ).fetchone()
    if row is None or row[0] != model_fingerprint(game):
        return None
    try:
        with gc_paused(freeze=True):
            pool = _lazy_pool(game, row) if lazy else None
            if pool is None:
                cards, index = snapshot.load(game, row[1], row[3])
                if len(cards) != row[2]:
                    return None
                pool = snapshot.pool_from(game, cards, index) or CardPool(game, cards)
    except Exception:  # noqa: BLE001 - any unreadable snapshot is rebuilt by the caller
        return None
    derived.attach(pool, derived.DerivedCache(db, game, stamp(row[0], row[2], row[3]), pool))
    return pool


def _lazy_pool(game: str, row: Row) -> CardPool[Any] | None:
    found = snapshot.load_rows(game, row[1], row[3])
    if found is None or len(found[0]) != row[2]:
        return None
    return snapshot.lazy_pool(game, *found)
