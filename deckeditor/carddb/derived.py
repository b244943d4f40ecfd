"""Things computed from a stored pool, kept in the card database beside its snapshot.

The search index's pre-folded columns cost ~400 ms to build over 29,521 MTG cards and ~80 ms to
read back (marshal, zlib), so a command's start-up (`cards search`) and the window's first search
read them instead. A cache is attached to a pool the store loaded from its snapshot; it answers
only while the pool is as loaded (same generation) and the snapshot is the same one (its CRC):
a `--cards` source added in front, or a re-import, makes it answer nothing. Whoever stores a
value names it and gives a fingerprint of the code that computed it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import sqlite3
import sys
import weakref
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from deckeditor.carddb import repair

T = TypeVar("T")

_TABLE = """CREATE TABLE IF NOT EXISTS derived (
    game TEXT NOT NULL, name TEXT NOT NULL, stamp TEXT NOT NULL, blob BLOB NOT NULL,
    PRIMARY KEY (game, name))"""


class DerivedCache:
    def __init__(self, db: Path, game: str, snapshot_stamp: str, pool: object) -> None:
        self.db, self.game, self.snapshot_stamp = Path(db), game, snapshot_stamp
        self.generation = getattr(pool, "generation", None)
        self._pool = weakref.ref(pool)

    def _valid(self) -> bool:
        pool = self._pool()
        return pool is not None and getattr(pool, "generation", None) == self.generation

    def _stamp(self, fingerprint: str) -> str:
        return f"{self.snapshot_stamp}/{fingerprint}"

    def get(self, name: str, fingerprint: str) -> bytes | None:
        if not self._valid():
            return None
        try:
            with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as conn:
                row = conn.execute(
                    "SELECT stamp, blob FROM derived WHERE game = ? AND name = ?", (self.game, name)
                ).fetchone()
        except sqlite3.Error:  # no table yet, a locked or read-only database: compute it
            return None
        if row is None or row[0] != self._stamp(fingerprint):
            return None
        return bytes(row[1])

    def put(self, name: str, fingerprint: str, blob: bytes) -> bool:
        """Store a value; False when the database cannot take it (read-only, busy)."""
        if not self._valid():
            return False
        try:
            conn = sqlite3.connect(self.db, timeout=0.5)
            try:
                with conn:
                    conn.execute(_TABLE)
                    conn.execute(
                        "INSERT OR REPLACE INTO derived (game, name, stamp, blob) VALUES (?, ?, ?, ?)",
                        (self.game, name, self._stamp(fingerprint), blob),
                    )
            finally:
                conn.close()
        except sqlite3.Error:
            return False
        # our own committed write, as the store's are: the next start need not check the file
        # again (repair.damage's quick_check over the whole database)
        repair.mark_sound(self.db)
        return True


_CACHES: weakref.WeakKeyDictionary[Any, DerivedCache] = weakref.WeakKeyDictionary()


def attach(pool: object, cache: DerivedCache) -> None:
    try:
        _CACHES[pool] = cache
    except TypeError:  # a pool that cannot be weakly referenced gets no cache
        pass


def cache_for(pool: object) -> DerivedCache | None:
    """The pool's cache, or None (a pool not loaded from a store, or changed since)."""
    try:
        found = _CACHES.get(pool)
    except TypeError:
        return None
    return found if found is not None and found._valid() else None


def drop(conn: sqlite3.Connection, game: str) -> None:
    """Forget a game's derived values (its snapshot is being rewritten)."""
    try:
        conn.execute("DELETE FROM derived WHERE game = ?", (game,))
    except sqlite3.OperationalError:  # no such table: nothing stored yet
        pass


def code_fingerprint(*module_names: str) -> str:
    """The source of the modules that compute a value: a change makes what they stored stale
    (never read back silently wrong). A module without a source file (a frozen bundle) counts
    by its name, and the Python version by its number (marshal's format)."""
    digest = hashlib.sha1()
    for name in module_names:
        path = _source_path(name)
        try:
            with open(path, "rb") as fh:  # type: ignore[arg-type]
                digest.update(fh.read())
        except (OSError, TypeError):
            digest.update(name.encode())
    digest.update(f"py{sys.version_info[0]}.{sys.version_info[1]}".encode())
    return digest.hexdigest()[:16]


# the fingerprints a process asks for again and again (each reads its modules' files): kept for
# the process, whose code does not change under it
_fingerprint = lru_cache(maxsize=32)(code_fingerprint)


def _source_path(name: str) -> str | None:
    """The module's file, found without importing it when it is not loaded yet: a reader of a
    stored value need not run the code that computes it (the roles' regexes: ~0.17 s)."""
    module = sys.modules.get(name)
    if module is not None:
        return getattr(module, "__file__", None)
    # a module of a loaded package: its file is where the package's are (a few stats, where
    # find_spec costs ~0.2 ms a module)
    parent, _, leaf = name.rpartition(".")
    package = sys.modules.get(parent)
    for folder in getattr(package, "__path__", None) or ():
        for candidate in (Path(folder, f"{leaf}.py"), Path(folder, leaf, "__init__.py")):
            if candidate.is_file():
                return str(candidate)
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return spec.origin if spec is not None and spec.has_location else None


def stored(cache: DerivedCache | None, name: str, modules: tuple[str, ...]) -> Any:
    """The value a start before this one stored under `name` by the same code, else None
    (nothing is built)."""
    if cache is None or not cache._valid():
        return None
    blob = cache.get(name, _fingerprint(*modules))
    if blob is None:
        return None
    try:
        return marshal.loads(blob)
    except (ValueError, EOFError, TypeError):
        return None


def remembered(pool: object, name: str, modules: tuple[str, ...], build: Callable[[], T]) -> T:
    """`build()`'s value for `pool`, read back from the card database when a start before this
    one stored it (marshal: plain values only), else built and stored for the next start."""
    return remembered_in(cache_for(pool), name, modules, build)


def remembered_in(
    cache: DerivedCache | None, name: str, modules: tuple[str, ...], build: Callable[[], T]
) -> T:
    """`remembered` given the cache itself (a search index keeps its pool's cache, not the pool)."""
    if cache is None or not cache._valid():
        return build()
    fingerprint = _fingerprint(*modules)
    blob = cache.get(name, fingerprint)
    if blob is not None:
        try:
            kept: T = marshal.loads(blob)  # what `build` gave when it was stored
            return kept
        except (ValueError, EOFError, TypeError):  # unreadable: build it again
            pass
    value = build()
    plain: Any = value  # marshal holds plain values only: anything else is a ValueError
    try:
        cache.put(name, fingerprint, marshal.dumps(plain))
    except ValueError:  # not a plain value: built every time
        pass
    return value


def keep(pool: object, name: str, modules: tuple[str, ...], value: Any) -> bool:
    """Store `value` under `name` for the next start, replacing what was stored (a value kept
    for one day, recomputed on another); False when it is not stored (no cache, not a plain
    value, a read-only database)."""
    cache = cache_for(pool)
    if cache is None:
        return False
    try:
        blob = marshal.dumps(value)
    except ValueError:  # marshal holds plain values only
        return False
    return cache.put(name, _fingerprint(*modules), blob)
