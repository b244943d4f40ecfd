"""The local card database: SQLite in the user cache folder (`AppPaths.card_db`).

Layout (schema version in `PRAGMA user_version`). A database of any other version (or a damaged
file) is a cache of the user's imports, so it is replaced by a fresh one and rebuilt by reading
again the sources it listed (those still there), in their order.

* `sources`   — one row per imported source: path, kind, game, cards, errors, imported_at, a
  note `cards info` shows (a Riftbound gallery's generatedAt and source), and its warnings count
  (a gallery's duplicate codes, …).
* `cards`     — one row per (game, card name): the source that won and the card's JSON record
  (`deckeditor.carddb.records`). Later imports win, as `--cards` does (`cli.md`).
* `snapshots` — per game, the whole card list as ONE blob (`deckeditor.carddb.snapshot_table`).
* `derived`   — values computed from a snapshot (`deckeditor.carddb.derived`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from deckeditor.carddb import card_games, repair, snapshot_table
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.records import inherit
from deckeditor.carddb.source_loading import CardSourceError, load_checked, store_result
from deckeditor.carddb.source_summary import SourceSummary

SCHEMA_VERSION = 5  # 4: sources.warnings; 5: sources.messages
_T = TypeVar("_T")

_SCHEMA = """
CREATE TABLE sources (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    game TEXT NOT NULL,
    cards INTEGER NOT NULL,
    errors INTEGER NOT NULL,
    imported_at TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    warnings INTEGER NOT NULL DEFAULT 0,
    messages TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE cards (
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    source INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    record TEXT NOT NULL,
    PRIMARY KEY (game, name)
);
CREATE INDEX cards_by_source ON cards(source);
CREATE TABLE snapshots (
    game TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    codec TEXT NOT NULL,
    count INTEGER NOT NULL,
    blob BLOB NOT NULL
);
"""


class ImportStopped(Exception):
    """The caller asked an import to stop while it wrote: its transaction was rolled back."""


@dataclass(frozen=True, slots=True)
class _Source:
    """One source being written: what its `sources` row says besides the card count."""

    path: str
    kind: str
    game: str
    errors: int
    note: str
    warnings: int
    messages: tuple[str, ...]

    def summary(self, cards: int, imported_at: str) -> SourceSummary:
        return SourceSummary(
            self.path, self.kind, self.game, cards, self.errors, imported_at, self.note,
            self.warnings, self.messages,
        )  # fmt: skip


def _summary(row: tuple[Any, ...]) -> SourceSummary:
    path, kind, game, cards, errors, imported_at, note, warnings, messages = row
    return SourceSummary(
        path, kind, game, cards, errors, imported_at, note, warnings, _json_list(messages)
    )


def _json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _json_list(text: str) -> tuple[str, ...]:
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return ()
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


class CardStore:
    """One SQLite file. Open, use, close; every method is a short transaction."""

    def __init__(self, db_path: str | os.PathLike[str]) -> None:
        self.path = Path(db_path)
        self._conn: sqlite3.Connection | None = None
        # game -> (pool, snapshot stamp) of the snapshot this store last wrote: what an import
        # derives its kept values from without reading the snapshot back (`_derive`)
        self.written: dict[str, tuple[CardPool[Any], str]] = {}

    # connection and schema ------------------------------------------------------------------

    @property
    def exists(self) -> bool:
        # anything there: a folder in the database's place is damage to repair, not "no
        # database yet" (which silently gave the starter pool)
        return self.path.exists()

    def connect(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            problem = repair.damage(self.path)  # SQLite's quick_check, once per change
            if problem is not None:
                self.rebuild(problem)
                return self._current()
            previous = self._previous_sources()
            self._conn = self._open_current()
            if previous:
                self._reimport(previous)
            repair.check_sources_record(self.path, self._conn)
        return self._current()

    def _current(self) -> sqlite3.Connection:
        if self._conn is None:  # pragma: no cover - connect and rebuild always open one
            raise sqlite3.ProgrammingError(f"{self.path}: not open")
        return self._conn

    def rebuild(self, problem: str | None = None) -> repair.RepairReport:
        """Set the file aside and build a fresh one from the recorded sources still on disk.
        `problem` is the damage found; None is a rebuild the user asked for (`cards rebuild`)."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)  # a rebuild on a fresh home: empty
        sources = repair.recorded_sources(self.path)
        try:
            kept = repair.set_aside(self.path, "damaged" if problem else "before-rebuild")
        except OSError as exc:  # a cache folder the user may not write: neither read nor rebuilt
            raise repair.Unusable(self.path, problem, exc) from None
        self._conn = self._open_current()
        # an asked-for rebuild sets aside a sound file: what a source no longer on disk gave is
        # kept from it (a damaged file's rows cannot be trusted, so those are left out)
        previous = kept if problem is None else None
        rebuilt, missing, carried = self._reimport(sources, previous)
        report = repair.RepairReport(
            self.path, problem or "rebuild asked for", kept, rebuilt, missing, carried
        )
        if problem is not None:
            repair.tell(report)
        return report

    def _guarded(self, read: Callable[[], _T]) -> _T:
        """Run a read; a page found damaged now (after the open check) repairs, then reads again."""
        try:
            return read()
        except sqlite3.DatabaseError as exc:
            if not repair.is_damage(exc):
                raise
            self.rebuild(str(exc))
            return read()

    def _open_current(self) -> sqlite3.Connection:
        conn = self._try_open()
        if conn is not None:
            return conn
        # Another schema version or not a database at all: it is a cache, so start over.
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        conn = sqlite3.connect(self.path)
        conn.executescript(_SCHEMA)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.commit()
        self._tune(conn)
        return conn

    def _try_open(self) -> sqlite3.Connection | None:
        if not self.path.exists():
            return None
        conn = sqlite3.connect(self.path)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError:
            conn.close()
            return None
        if version != SCHEMA_VERSION:
            conn.close()
            return None
        self._tune(conn)
        return conn

    def _previous_sources(self) -> list[str]:
        """The source paths of a database of another schema version, so that it can be rebuilt
        from them; [] for a current, missing or unreadable database."""
        if not self.path.is_file():
            return []
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            try:
                if conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                    return []
                return [p for (p,) in conn.execute("SELECT path FROM sources ORDER BY id")]
            finally:
                conn.close()
        except sqlite3.Error:
            return []

    def _reimport(
        self, paths: list[str], previous: Path | None = None
    ) -> tuple[list[tuple[str, int]], list[str], list[tuple[str, int]]]:
        """Rebuild (schema change, damage, asked for): read the sources again, in their order.
        A source that is gone or unreadable now takes its cards from `previous` (a sound
        database set aside) when given, else is left out (`cards info` then shows what is
        there). Returns the sources read (path, cards), those left out ("path: why") and those
        kept from `previous` (path, cards)."""
        rebuilt: list[tuple[str, int]] = []
        missing: list[str] = []
        carried: list[tuple[str, int]] = []
        for path in paths:
            try:
                result = load_checked(path, None)
            except CardSourceError as exc:
                kept = repair.source_in(previous, path) if previous is not None else None
                if kept is None:
                    missing.append(str(exc))
                else:
                    carried.append((path, self.write_source(path, *kept).cards))
                continue
            rebuilt.append((path, store_result(self, path, result).cards))
        return rebuilt, missing, carried

    @staticmethod
    def _tune(conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA foreign_keys = ON")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> CardStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # writing --------------------------------------------------------------------------------

    def write_source(
        self,
        path: str,
        kind: str,
        game: str,
        cards: Iterable[Any],
        errors: int = 0,
        note: str = "",
        warnings: int = 0,
        messages: Sequence[str] = (),
        stop: Callable[[], bool] | None = None,
    ) -> SourceSummary:
        """Replace everything `path` contributed with `cards`; later sources win per name.
        `stop()` true while it writes rolls the whole source back (ImportStopped): SQLite is
        interrupted between its steps, and the check runs again before the commit."""
        conn = self.connect()
        source = _Source(path, kind, game, errors, note, warnings, tuple(messages))
        if stop is None:
            return self._write_source(conn, source, list(cards), lambda: None)

        def check() -> None:
            if stop():
                raise ImportStopped(path)

        conn.set_progress_handler(lambda: 1 if stop() else 0, 20000)
        try:
            return self._write_source(conn, source, list(cards), check)
        except sqlite3.OperationalError:
            if stop():
                raise ImportStopped(path) from None
            raise
        finally:
            conn.set_progress_handler(None, 0)

    def _write_source(
        self,
        conn: sqlite3.Connection,
        source: _Source,
        cards: list[Any],
        check: Callable[[], None],
    ) -> SourceSummary:
        game = source.game
        # The snapshot is merged in memory from the current one (decoding 30,000 rows back from
        # JSON would double the import time); without a current snapshot it is rebuilt from rows.
        base = self._current_cards(conn, game)
        if base:  # a later source keeps the printings and legalities only an earlier one knew
            earlier = {c.name: c for c in base}
            cards = [inherit(game, earlier.get(c.name), c) for c in cards]
        old = conn.execute("SELECT id, game FROM sources WHERE path = ?", (source.path,)).fetchone()
        codec = card_games.card_game(game).codec
        rows = [(c.name, _json(codec.to_record(c))) for c in cards]
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        check()
        with conn:
            gone = self._replace_rows(conn, source, rows, stamp, old)
            if base is None or (old is not None and old[1] != game):
                self._rebuild_snapshot(conn, game)
            else:
                # Same order as the rows (ORDER BY rowid): survivors, then the new cards.
                merged = {c.name: c for c in base if c.name not in gone}
                for c in cards:
                    merged.pop(c.name, None)
                    merged[c.name] = c
                self._write_snapshot(conn, game, list(merged.values()))
            if old is not None and old[1] != game:
                self._rebuild_snapshot(conn, old[1])
            check()  # the last moment a stop still leaves the database as it was
        # the list beside the file names the sources even if the file is damaged later; the file
        # SQLite just committed is sound, so the next open need not check it again
        repair.record_sources(
            self.path, [p for (p,) in conn.execute("SELECT path FROM sources ORDER BY id")]
        )
        repair.mark_sound(self.path)
        return source.summary(len(rows), stamp)

    @staticmethod
    def _replace_rows(
        conn: sqlite3.Connection,
        source: _Source,
        rows: list[tuple[str, str]],
        stamp: str,
        old: tuple[int, str] | None,
    ) -> set[str]:
        """Put the source's rows in place of what it gave before; the names it gave before."""
        gone: set[str] = set()
        if old is not None:
            gone = {
                n for (n,) in conn.execute("SELECT name FROM cards WHERE source = ?", (old[0],))
            }
        conn.execute("DELETE FROM sources WHERE path = ?", (source.path,))  # cascades to its cards
        cur = conn.execute(
            "INSERT INTO sources (path, kind, game, cards, errors, imported_at, note, warnings, "
            "messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                source.path,
                source.kind,
                source.game,
                len(rows),
                source.errors,
                stamp,
                source.note,
                source.warnings,
                json.dumps(list(source.messages), ensure_ascii=False),
            ),
        )
        source_id = cur.lastrowid
        conn.executemany(
            "INSERT OR REPLACE INTO cards (game, name, source, record) VALUES (?, ?, ?, ?)",
            [(source.game, n, source_id, r) for n, r in rows],
        )
        return gone

    def _current_cards(self, conn: sqlite3.Connection, game: str) -> list[Any] | None:
        """The game's cards from a current snapshot; [] when it has no rows; None when stale."""
        if not snapshot_table.has_rows(conn, game):
            return []
        if not snapshot_table.is_current(conn, game):
            return None
        pool = self.load_pool(game)
        return None if pool is None else pool.cards

    def _rebuild_snapshot(self, conn: sqlite3.Connection, game: str) -> CardPool[Any]:
        return self._write_snapshot(conn, game, snapshot_table.cards_from_rows(conn, game))

    def _write_snapshot(
        self, conn: sqlite3.Connection, game: str, cards: list[Any]
    ) -> CardPool[Any]:
        pool, stamp = snapshot_table.write(conn, game, cards)
        if stamp is not None:  # what an import derives its kept values from (`_derive`)
            self.written[game] = (pool, stamp)
        return pool

    # reading --------------------------------------------------------------------------------

    def load_cards(self, game: str | None = None) -> list[Any]:
        """The game's whole card list (None: the default game): one snapshot read, or the rows
        when it is stale."""
        pool = self.load_pool(game)
        return pool.cards if pool is not None else []

    def combos_path(self, game: str | None = None) -> str | None:
        """The newest imported source of `game` that holds combos (kept where the user keeps
        it; read on first need by the game's reports, not at start-up)."""
        if not self.exists:
            return None
        game = game if game is not None else card_games.default_code()
        declared = card_games.find(game)
        kinds = [k.kind for k in declared.kinds if k.holds_combos] if declared else []
        if not kinds:
            return None
        marks = ", ".join("?" * len(kinds))
        row = (
            self.connect()
            .execute(
                f"SELECT path FROM sources WHERE kind IN ({marks}) AND game = ? ORDER BY id DESC",
                (*kinds, game),
            )
            .fetchone()
        )
        return str(row[0]) if row else None

    def load_pool(self, game: str | None = None, lazy: bool = False) -> CardPool[Any] | None:
        """The game's cards as a CardPool (None: the default game; None when the database has
        none of that game); `lazy`: its cards decoded when first asked for (`CardPool.lazy`),
        when the snapshot allows it."""
        if not self.exists:
            return None
        code = game if game is not None else card_games.default_code()
        return self._guarded(lambda: self._load_pool(code, lazy))

    def _load_pool(self, game: str, lazy: bool = False) -> CardPool[Any] | None:
        conn = self.connect()
        pool = snapshot_table.read(conn, self.path, game, lazy)
        if pool is not None:
            return pool
        if not snapshot_table.has_rows(conn, game):
            return None
        try:
            with conn:
                return self._rebuild_snapshot(conn, game)
        except sqlite3.OperationalError:  # read-only cache: still serve the rows
            return CardPool(game, snapshot_table.cards_from_rows(conn, game))

    def sources(self) -> list[SourceSummary]:
        if not self.exists:
            return []
        query = (
            "SELECT path, kind, game, cards, errors, imported_at, note, warnings, messages "
            "FROM sources ORDER BY id"
        )
        return self._guarded(lambda: [_summary(row) for row in self.connect().execute(query)])

    def counts(self) -> dict[str, int]:
        if not self.exists:
            return {}
        query = "SELECT game, COUNT(*) FROM cards GROUP BY game"
        return self._guarded(lambda: {game: n for game, n in self.connect().execute(query)})

    def info(self, details: bool = False) -> dict[str, Any]:
        """`deckeditor cards info --json`: exactly sources and per-game card counts (`details`
        adds each source's note, for the plain-text listing)."""
        counts = self.counts()
        first, *others = [g.code for g in card_games.games()]
        games: dict[str, dict[str, int]] = {first: {"cards": counts.get(first, 0)}}
        for game in others:  # the default game always, the others when they have cards
            if counts.get(game):
                games[game] = {"cards": counts[game]}
        return {"sources": [s.as_info(details) for s in self.sources()], "games": games}
