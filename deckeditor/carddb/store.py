"""The local card database: SQLite in the user cache folder (`AppPaths.card_db`).

Layout (schema version in `PRAGMA user_version`). A database of any other version (or a damaged
file) is a cache of the user's imports, so it is replaced by a fresh one and rebuilt by reading
again the sources it listed (those still there), in their order.

* `sources`   — one row per imported source: path, kind, game, cards, errors, imported_at, a
  note `cards info` shows (a Riftbound gallery's generatedAt and source), and its warnings count
  (a gallery's duplicate codes, …).
* `cards`     — one row per (game, card name): the source that won and the card's JSON record
  (`deckeditor.carddb.records`). Later imports win, as `--cards` does (`cli.md`).
* `snapshots` — per game, the whole card list as ONE blob (marshalled tuples, or zlib'd pickle)
  (`deckeditor.carddb.snapshot`), so start-up is a single read and decode instead of 30,000 JSON
  decodes. Tagged with a fingerprint of the card model's fields; a stale or unreadable snapshot is
  rebuilt from the rows, which stay the truth.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sqlite3
import sys
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deckeditor.carddb import derived, repair, snapshot
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.records import MTG, RIFTBOUND, from_record, game_of, inherit, to_record
from deckeditor.paths import AppPaths

SCHEMA_VERSION = 5  # 4: sources.warnings; 5: sources.messages
GAMES = (MTG, RIFTBOUND)

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


class CardSourceError(Exception):
    """A card source that cannot be used; the message is one line naming the source."""


class ImportStopped(Exception):
    """The caller asked an import to stop while it wrote: its transaction was rolled back."""


@dataclass(frozen=True, slots=True)
class SourceSummary:
    path: str
    kind: str
    game: str
    cards: int
    errors: int
    imported_at: str = ""
    note: str = ""
    warnings: int = 0
    # the import's warning and error lines (stored: `cards info --json` reports them per source)
    messages: tuple[str, ...] = field(default=(), compare=False)

    def as_info(self, details: bool = False) -> dict[str, Any]:
        info = {"path": self.path, "kind": self.kind, "cards": self.cards, "errors": self.errors}
        if details and self.note:
            info["note"] = self.note
        if details and self.warnings:
            info["warnings"] = self.warnings
        if self.messages:
            info["issues"] = {"kinds": issue_kinds(self.messages), "messages": list(self.messages)}
        return info


Progress = Callable[..., Any]


# --- the model fingerprint -----------------------------------------------------------------------


def _model_fingerprint(game: str) -> str:
    """Snapshots are tied to the card classes (fields and their types) and to CardPool: a
    changed model must make the snapshot stale, never decode it silently wrong."""
    parts = [game, f"py{sys.version_info[0]}.{sys.version_info[1]}", snapshot.pool_fingerprint()]
    for cls in _model_classes(game):
        if is_dataclass(cls):
            names = [f"{f.name}:{f.type}" for f in fields(cls)]
        else:
            names = sorted(vars(cls))
        parts.append(f"{cls.__module__}.{cls.__qualname__}({','.join(names)})")
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:16]


def _model_classes(game: str) -> list[type]:
    if game == MTG:
        from deckeditor.games.mtg.card import Card, DeckRuleLine, Face, PartnerInfo

        return [Card, Face, PartnerInfo, DeckRuleLine]
    try:
        from deckeditor.games.riftbound import card as rb

        return [c for c in vars(rb).values() if isinstance(c, type) and is_dataclass(c)]
    except ImportError:
        return []


# --- the store -----------------------------------------------------------------------------------


class CardStore:
    """One SQLite file. Open, use, close; every method is a short transaction."""

    def __init__(self, db_path: str | os.PathLike[str]) -> None:
        self.path = Path(db_path)
        self._conn: sqlite3.Connection | None = None
        # game -> (pool, snapshot stamp) of the snapshot this store last wrote: what an import
        # derives its kept values from without reading the snapshot back (`_derive`)
        self.written: dict[str, tuple[Any, str]] = {}

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
                return self._conn
            previous = self._previous_sources()
            self._conn = self._open_current()
            if previous:
                self._reimport(previous)
            repair.check_sources_record(self.path, self._conn)
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

    def _guarded(self, read: Callable[[], Any]) -> Any:
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
        rebuilt, missing, carried = [], [], []
        for path in paths:
            try:
                result = _load_source(path, None)
            except CardSourceError as exc:
                kept = _source_in(previous, path) if previous is not None else None
                if kept is None:
                    missing.append(str(exc))
                else:
                    carried.append((path, self.write_source(path, *kept).cards))
                continue
            rebuilt.append((path, _store_result(self, path, result).cards))
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

    def __exit__(self, *exc) -> None:
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
        if stop is None:
            return self._write_source(
                conn, path, kind, game, cards, errors, note, warnings, messages, lambda: None
            )

        def check() -> None:
            if stop():
                raise ImportStopped(path)

        conn.set_progress_handler(lambda: 1 if stop() else 0, 20000)
        try:
            return self._write_source(
                conn, path, kind, game, cards, errors, note, warnings, messages, check
            )
        except sqlite3.OperationalError:
            if stop():
                raise ImportStopped(path) from None
            raise
        finally:
            conn.set_progress_handler(None, 0)

    def _write_source(
        self, conn, path, kind, game, cards, errors, note, warnings, messages, check
    ) -> SourceSummary:
        cards = list(cards)
        # The snapshot is merged in memory from the current one (decoding 30,000 rows back from
        # JSON would double the import time); without a current snapshot it is rebuilt from rows.
        base = self._current_cards(conn, game)
        if base:  # a later source keeps the printings and legalities only an earlier one knew
            earlier = {c.name: c for c in base}
            cards = [inherit(earlier.get(c.name), c) for c in cards]
        old = conn.execute("SELECT id, game FROM sources WHERE path = ?", (path,)).fetchone()
        rows = [(game, c.name, to_json(c)) for c in cards]
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        check()
        with conn:
            gone: set[str] = set()
            if old is not None:
                gone = {
                    n for (n,) in conn.execute("SELECT name FROM cards WHERE source = ?", (old[0],))
                }
            conn.execute("DELETE FROM sources WHERE path = ?", (path,))  # cascades to its cards
            cur = conn.execute(
                "INSERT INTO sources (path, kind, game, cards, errors, imported_at, note, warnings, "
                "messages) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    path,
                    kind,
                    game,
                    len(rows),
                    errors,
                    stamp,
                    note,
                    warnings,
                    json.dumps(list(messages), ensure_ascii=False),
                ),
            )
            source_id = cur.lastrowid
            conn.executemany(
                "INSERT OR REPLACE INTO cards (game, name, source, record) VALUES (?, ?, ?, ?)",
                [(g, n, source_id, r) for g, n, r in rows],
            )
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
        return SourceSummary(
            path, kind, game, len(rows), errors, stamp, note, warnings, tuple(messages)
        )

    def _current_cards(self, conn: sqlite3.Connection, game: str) -> list[Any] | None:
        """The game's cards from a current snapshot; [] when it has no rows; None when stale."""
        if conn.execute("SELECT 1 FROM cards WHERE game = ? LIMIT 1", (game,)).fetchone() is None:
            return []
        row = conn.execute("SELECT model FROM snapshots WHERE game = ?", (game,)).fetchone()
        if row is None or row[0] != _model_fingerprint(game):
            return None
        pool = self.load_pool(game)
        return None if pool is None else pool.cards

    def _rebuild_snapshot(self, conn: sqlite3.Connection, game: str) -> CardPool:
        return self._write_snapshot(conn, game, self._cards_from_rows(conn, game))

    def _write_snapshot(self, conn: sqlite3.Connection, game: str, cards: list[Any]) -> CardPool:
        derived.drop(conn, game)  # computed from the snapshot being replaced
        if not cards:
            conn.execute("DELETE FROM snapshots WHERE game = ?", (game,))
            return CardPool(game)
        with snapshot.gc_paused():
            pool = CardPool(game, cards)
        try:
            codec, blob = snapshot.dump(game, pool.cards, snapshot.pool_index(pool))
        except (pickle.PicklingError, AttributeError, TypeError):
            # A card class that cannot be pickled: no snapshot, start-up reads the rows.
            conn.execute("DELETE FROM snapshots WHERE game = ?", (game,))
            return pool
        model = _model_fingerprint(game)
        conn.execute(
            "INSERT OR REPLACE INTO snapshots (game, model, codec, count, blob) "
            "VALUES (?, ?, ?, ?, ?)",
            (game, model, codec, len(pool.cards), blob),
        )
        self.written[game] = (
            pool,
            f"{model}-{len(pool.cards)}-{zlib.crc32(blob):08x}",
        )  # as _load_pool stamps it
        return pool

    @staticmethod
    def _cards_from_rows(conn: sqlite3.Connection, game: str) -> list[Any]:
        import json

        rows = conn.execute(
            "SELECT record FROM cards WHERE game = ? ORDER BY rowid", (game,)
        ).fetchall()
        return [from_record(json.loads(r), game) for (r,) in rows]

    # reading --------------------------------------------------------------------------------

    def load_cards(self, game: str = MTG) -> list[Any]:
        """The game's whole card list: one snapshot read, or the rows when it is stale."""
        pool = self.load_pool(game)
        return pool.cards if pool is not None else []

    def combos_path(self, game: str = MTG) -> str | None:
        """The newest imported Commander Spellbook file of `game` (kept where the user keeps
        it; read on first need by `games.mtg.spellbook.combos_of`, not at start-up)."""
        if not self.exists:
            return None
        row = (
            self.connect()
            .execute(
                "SELECT path FROM sources WHERE kind = 'spellbook' AND game = ? ORDER BY id DESC",
                (game,),
            )
            .fetchone()
        )
        return row[0] if row else None

    def load_pool(self, game: str = MTG, lazy: bool = False) -> CardPool | None:
        """The game's cards as a CardPool (None when the database has none of that game);
        `lazy`: its cards decoded when first asked for (`CardPool.lazy`), when the snapshot
        allows it."""
        if not self.exists:
            return None
        return self._guarded(lambda: self._load_pool(game, lazy))

    def _load_pool(self, game: str, lazy: bool = False) -> CardPool | None:
        conn = self.connect()
        row = conn.execute(
            "SELECT model, codec, count, blob FROM snapshots WHERE game = ?", (game,)
        ).fetchone()
        if row is not None and row[0] == _model_fingerprint(game):
            try:
                with snapshot.gc_paused(freeze=True):
                    pool = self._lazy_pool(game, row) if lazy else None
                    if pool is None:
                        cards, index = snapshot.load(game, row[1], row[3])
                        if len(cards) == row[2]:
                            pool = snapshot.pool_from(game, cards, index) or CardPool(game, cards)
                    if pool is not None:
                        stamp = f"{row[0]}-{row[2]}-{zlib.crc32(row[3]):08x}"
                        derived.attach(pool, derived.DerivedCache(self.path, game, stamp, pool))
                        return pool
            except Exception:  # noqa: BLE001 - any unreadable snapshot is rebuilt below
                pass
        if conn.execute("SELECT 1 FROM cards WHERE game = ? LIMIT 1", (game,)).fetchone() is None:
            return None
        try:
            with conn:
                return self._rebuild_snapshot(conn, game)
        except sqlite3.OperationalError:  # read-only cache: still serve the rows
            return CardPool(game, self._cards_from_rows(conn, game))

    @staticmethod
    def _lazy_pool(game: str, row) -> CardPool | None:
        found = snapshot.load_rows(game, row[1], row[3])
        if found is None or len(found[0]) != row[2]:
            return None
        return snapshot.lazy_pool(game, *found)

    def sources(self) -> list[SourceSummary]:
        if not self.exists:
            return []
        query = (
            "SELECT path, kind, game, cards, errors, imported_at, note, warnings, messages "
            "FROM sources ORDER BY id"
        )
        return self._guarded(
            lambda: [SourceSummary(*r[:-1], tuple(_json_list(r[-1])))
                     for r in self.connect().execute(query)]
        )  # fmt: skip

    def counts(self) -> dict[str, int]:
        if not self.exists:
            return {}
        query = "SELECT game, COUNT(*) FROM cards GROUP BY game"
        return self._guarded(lambda: {game: n for game, n in self.connect().execute(query)})

    def info(self, details: bool = False) -> dict[str, Any]:
        """`deckeditor cards info --json`: exactly sources and per-game card counts (`details`
        adds each source's note, for the plain-text listing)."""
        counts = self.counts()
        games: dict[str, dict[str, int]] = {MTG: {"cards": counts.get(MTG, 0)}}
        for game in GAMES[1:]:
            if counts.get(game):
                games[game] = {"cards": counts[game]}
        return {"sources": [s.as_info(details) for s in self.sources()], "games": games}


def to_json(card: Any) -> str:
    import json

    return json.dumps(to_record(card), ensure_ascii=False, separators=(",", ":"))


# --- importing sources ---------------------------------------------------------------------------


def _error_count(issues: Sequence[Any]) -> int:
    """Issues of error severity; sources whose issues carry no severity count them all."""
    if not issues:
        return 0
    rated = [i for i in issues if hasattr(i, "severity")]
    if not rated:
        return len(issues)
    return sum(1 for i in rated if str(getattr(i.severity, "value", i.severity)).lower() == "error")


def _severity(issue: Any) -> str:
    return str(
        getattr(getattr(issue, "severity", "error"), "value", getattr(issue, "severity", "error"))
    ).lower()


def _warnings(issues: Sequence[Any]) -> list[Any]:
    return [i for i in issues or () if _severity(i) == "warning"]


def _json_list(text: str) -> list[str]:
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return []
    return [str(v) for v in value] if isinstance(value, list) else []


# What an import issue is about, from its line (first match wins); else its severity.
_ISSUE_KINDS = (
    ("identity", ("colorIdentity", "color_identity", "source says")),
    ("DeckRule", ("DeckRule",)),
    ("duplicate", ("twice", "duplicate")),
)


def issue_kind(line: str) -> str:
    for kind, words in _ISSUE_KINDS:
        if any(w in line for w in words):
            return kind
    return line.split(":", 1)[0].strip() or "warning"


def issue_kinds(lines: Sequence[str]) -> dict[str, int]:
    """Counts by kind, the largest first: {"identity": 43, "error": 2}."""
    counts: dict[str, int] = {}
    for line in lines:
        kind = issue_kind(line)
        counts[kind] = counts.get(kind, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def issue_line(issue: Any) -> str:
    """One printable line: `warning: cards[17].code: OGN-007 appears twice; …`."""
    where = getattr(issue, "where", "")
    message = getattr(issue, "message", str(issue))
    return f"{_severity(issue)}: {where}: {message}" if where else f"{_severity(issue)}: {message}"


def _load_source(path: str, progress: Progress | None):
    """Engineer B's `load_source`; an unusable source becomes one clear `CardSourceError`."""
    from deckeditor.path_kind import Kind, kind_of

    if kind_of(path)[0] is Kind.MISSING:  # not os.path.exists: False too for a closed folder's file
        raise CardSourceError(f"{path}: no such file or folder")
    try:
        from deckeditor.carddb.sources import load_source
    except ImportError as exc:
        raise CardSourceError(f"{path}: card sources cannot be read yet ({exc})") from None
    try:
        result = load_source(path, progress)
    except CardSourceError:
        raise
    except (OSError, ValueError, LookupError, EOFError) as exc:
        raise CardSourceError(_naming(path, exc)) from None
    except Exception as exc:  # the readers' own error classes (not a caller's cancel signal)
        module = type(exc).__module__
        if module.startswith("deckeditor.") and not module.startswith("deckeditor.ui"):
            raise CardSourceError(_naming(path, exc)) from None
        raise
    combos = getattr(result, "combos", None)
    if (
        not result.cards
        and not getattr(result, "supertypes", None)
        and not getattr(combos, "combos", None)
    ):
        # "imported" with nothing in it would hide a wrong file behind a success message (a
        # supertype file or Commander Spellbook's combos hold no cards of their own)
        issues = getattr(result, "issues", ())
        why = f"; first problem: {issues[0]}" if issues else ""
        raise CardSourceError(f"{path}: no cards found in this {result.kind} source{why}")
    return result


def _naming(path: str, exc: BaseException) -> str:
    """One line that names the source once (most readers' messages already start with it)."""
    message = str(exc)
    return message if message.startswith(str(path)) else f"{path}: {message}"


def import_sources(
    paths: Sequence[str | os.PathLike[str]],
    progress: Progress | None = None,
    app_paths: AppPaths | None = None,
    on_source: Callable[[str], Any] | None = None,
    on_store: Callable[[], Any] | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[SourceSummary]:
    """Read each source and store its cards (later sources win per name). `on_source(path)` is
    told before each source is read and `on_store()` before the database is written, so a
    progress display can say what it is waiting for. `stop()` true while the database is
    written rolls back the source being written and raises ImportStopped."""
    app_paths = app_paths or AppPaths.resolve()
    summaries = []
    results = []
    # Read everything first, so a bad source leaves the database untouched.
    for raw in paths:
        path = str(Path(raw).expanduser().resolve())
        if on_source is not None:
            on_source(path)
        results.append((path, _load_source(path, progress)))
    if on_store is not None:
        on_store()
    with CardStore(app_paths.card_db) as store:
        for path, result in results:
            summaries.append(_store_result(store, path, result, stop))
        for game in dict.fromkeys(str(result.game) for _, result in results):
            _derive(store, game)
    return summaries


def _derive(store: CardStore, game: str) -> None:
    """What the game computes once per stored pool (card roles), kept beside the snapshot so
    no start computes it again. A cache only: a failure leaves it to be computed on first use."""
    from deckeditor.games.registry import game as game_of_code

    try:
        written = store.written.get(game)
        if written is not None:  # the pool just stored: no need to read its snapshot back
            pool, stamp = written
            derived.attach(pool, derived.DerivedCache(store.path, game, stamp, pool))
        else:
            pool = store.load_pool(game)
        if pool is not None:
            game_of_code(game).derive(pool)
    except Exception:  # noqa: BLE001 - never fails an import that is already stored
        pass


def _source_in(db: Path, path: str) -> tuple | None:
    """What `path` gave the database `db` (write_source's arguments after the path: kind, game,
    cards, errors, note, warnings, messages), or None when it lists no such source or cannot
    be read. Its cards are those still its own there (a later source's win stays theirs)."""
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = conn.execute(
            "SELECT id, kind, game, errors, note, warnings, messages FROM sources WHERE path = ?",
            (path,),
        ).fetchone()
        if row is None:
            return None
        source_id, kind, game, errors, note, warnings, messages = row
        records = conn.execute(
            "SELECT record FROM cards WHERE source = ? ORDER BY rowid", (source_id,)
        )
        cards = [from_record(json.loads(r), game) for (r,) in records]
        return kind, game, cards, errors, note, warnings, json.loads(messages or "[]")
    except (sqlite3.Error, ValueError, KeyError, TypeError):
        return None
    finally:
        conn.close()


def _store_result(
    store: CardStore, path: str, result: Any, stop: Callable[[], bool] | None = None
) -> SourceSummary:
    """Write one source. A supertype file (riftbound.md §2.6) holds no cards: it is stored as
    the cards it settles among those already in the database, so later sources still win."""
    cards = result.cards
    settle = getattr(result, "settle", None)
    if settle is not None and getattr(result, "supertypes", None):
        cards = settle(store.load_cards(str(result.game)))
    issues = list(getattr(result, "issues", ()) or ())
    shown = [i for i in issues if _severity(i) in ("warning", "error")]
    return store.write_source(
        path, str(result.kind), str(result.game), cards,
        _error_count(issues), getattr(result, "note", ""),
        len(_warnings(issues)), [issue_line(i) for i in shown], stop,
    )  # fmt: skip


def info(app_paths: AppPaths | None = None, details: bool = False) -> dict[str, Any]:
    app_paths = app_paths or AppPaths.resolve()
    with CardStore(app_paths.card_db) as store:
        return store.info(details)


# --- the pool the program works with -------------------------------------------------------------


def starter_pool(game: str = MTG) -> CardPool:
    from deckeditor.carddb.starter import starter_pool as _starter

    return _starter(game)


def database_cards(app_paths: AppPaths, game: str = MTG) -> list[Any]:
    store = CardStore(app_paths.card_db)
    if not store.exists:
        return []
    with store:
        return store.load_cards(game)


def open_pool(
    paths: AppPaths | None = None,
    extra_sources: Sequence[str | os.PathLike[str]] = (),
    game: str = MTG,
    progress: Progress | None = None,
    lazy: bool = False,
) -> CardPool:
    """The database pool if it holds cards of `game`, else the starter pool; then each
    `--cards` source in front of it, in order (a later source wins for a name). `lazy`: the
    database's cards are decoded when first asked for (a command that reads a few of them)."""
    paths = paths or AppPaths.resolve()
    pool = None
    store = CardStore(paths.card_db)
    combos_path = None
    if store.exists:
        with store:
            pool = store.load_pool(game, lazy=lazy and not extra_sources)
            combos_path = store.combos_path(game)
    if pool is None:
        pool = CardPool(game, starter_pool(game).cards)  # a copy: the cached pool stays as is
    pool.combos_path = combos_path
    for raw in extra_sources:
        result = _load_source(str(Path(raw).expanduser()), progress)
        if str(result.game) != game:
            continue  # a source for the other game adds nothing to this pool
        settle = getattr(result, "settle", None)
        pool.extend(settle(pool.cards) if getattr(result, "supertypes", None) else result.cards)
        if getattr(result, "combos", None) is not None:
            pool.combos = result.combos  # Commander Spellbook: combos for the bracket report
    return pool


__all__ = [
    "SCHEMA_VERSION",
    "CardSourceError",
    "CardStore",
    "ImportStopped",
    "SourceSummary",
    "game_of",
    "import_sources",
    "info",
    "open_pool",
    "starter_pool",
]
