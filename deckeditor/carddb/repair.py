"""A damaged card database is found, kept aside and rebuilt from its sources (issue 16 point 7).

* Damage is found on open with SQLite's own `PRAGMA quick_check` (~30-100 ms on the full pool).
  To keep that cheap, a file that passed is stamped (size, mtime, inode in `<db>.checked`) and is
  not checked again until it changes; a query that still finds a malformed page repairs then.
* The damaged file is renamed `<db>.damaged-<time>`, never deleted: it may be all the player has.
* The sources are recorded beside the database (`<db>.sources.json`, one path per source in
  import order) as well as inside it, so a file too damaged to read still names them.
* What happened is said on stderr (every command) and kept for the window (`take_reports`).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from deckeditor import kept_files, window_notes
from deckeditor.carddb.records import from_record
from deckeditor.saving import save_atomic
from deckeditor.window_notes import Notice


@dataclass
class RepairReport:
    title = "Card database repaired"  # the window's dialog title (a class constant, not a field)
    database: Path
    problem: str  # what SQLite said
    kept_as: Path | None  # the damaged file, set aside
    rebuilt: list[tuple[str, int]] = field(default_factory=list)  # (source, cards)
    missing: list[str] = field(default_factory=list)  # "path: why" for each source not read
    carried: list[tuple[str, int]] = field(default_factory=list)  # (source, cards) kept from before

    def lines(self) -> list[str]:
        kept = f"; the damaged file is kept as {self.kept_as}" if self.kept_as else ""
        out = [f"the card database {self.database} was damaged ({self.problem}){kept}"]
        if self.rebuilt:
            cards = sum(n for _, n in self.rebuilt)
            out.append(
                f"rebuilt from {len(self.rebuilt)} source(s), {cards} cards: "
                + ", ".join(p for p, _ in self.rebuilt)
            )
        for item in self.missing:
            out.append(f"not rebuilt: {item} (import it again with `deckeditor cards import`)")
        if not self.rebuilt and not self.missing:
            out.append("it recorded no card sources; the built-in starter pool is used")
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


class Unusable(OSError):
    """The database is damaged (or a rebuild was asked for) but cannot be set aside, so it can
    neither be read nor rebuilt (a cache folder the user may not write); `str()` is one line."""

    def __init__(self, database: Path, problem: str | None, cause: OSError) -> None:
        why = cause.strerror or str(cause)
        fix = f"make {database.parent} writable, then run `deckeditor cards rebuild`"
        if problem:
            text = f"the card database {database} is damaged ({problem}) and cannot be set aside to rebuild it ({why}); {fix}"
        else:
            text = f"the card database {database} cannot be set aside to rebuild it ({why}); {fix}"
        super().__init__(cause.errno, text)
        self.text = text

    def __str__(self) -> str:
        return self.text


def tell_window(text: str) -> None:
    """Keep `text` for the window (the command line has said it already, or has no window)."""
    window_notes.keep(Notice(text))


def keep_for_window(notice: Notice) -> None:
    window_notes.keep(notice)


def tell(report: RepairReport) -> None:
    """Say it on stderr now (every command) and keep it for the window to show."""
    window_notes.keep(report)
    for line in report.lines():
        print(f"deckeditor: {line}", file=sys.stderr, flush=True)


def pending() -> bool:
    """Is there something the window has not said yet?"""
    return window_notes.pending()


def take_reports() -> list[window_notes.Note]:
    """The repairs done in this process since the last call (the window shows them)."""
    return window_notes.take()


# --- finding damage -------------------------------------------------------------------------------


def _stamp_file(db: Path) -> Path:
    return db.with_name(db.name + ".checked")


def _stamp(db: Path) -> str:
    info = os.stat(db)
    return f"{info.st_size} {info.st_mtime_ns} {info.st_ino}"


def damage(db: Path) -> str | None:
    """Why `db` is not a sound SQLite database, or None (also None when it does not exist)."""
    problem = kept_files.kind_problem(db)
    if problem is not None:  # a folder where the database should be: set aside, rebuilt, said
        return problem
    try:
        stamp = _stamp(db)
    except FileNotFoundError:
        return None
    if _read_stamp(db) == stamp:
        return None  # checked since its last change
    if os.path.getsize(db) == 0:
        # SQLite reads an empty file as a new empty database: the sources would vanish unsaid
        return "the file is empty (truncated)"
    problem = quick_check(db)
    if problem is None:
        mark_sound(db)
    return problem


_STAMP = re.compile(r"[0-9]+ [0-9]+ [0-9]+")


def _read_stamp(db: Path) -> str | None:
    """The recorded stamp; a stamp file that is not one (other bytes, a folder) is set aside,
    said, and made again by the check that follows."""
    file = _stamp_file(db)
    problem = kept_files.kind_problem(file)
    if problem is None:
        try:
            text = file.read_bytes().decode("ascii")
        except FileNotFoundError:
            return None
        except OSError as exc:
            problem = f"cannot be read ({exc.strerror or exc})"
        except UnicodeDecodeError as exc:
            problem = f"byte {exc.start + 1} is not ASCII"
        else:
            if _STAMP.fullmatch(text):
                return text
            problem = "not three numbers"
    kept_files.replace_damaged(file, "the card database's check stamp", problem)
    return None


def quick_check(db: Path) -> str | None:
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        rows = conn.execute("PRAGMA quick_check(3)").fetchall()
    except sqlite3.DatabaseError as exc:  # "file is not a database", "disk image is malformed"
        return str(exc)
    finally:
        conn.close()
    if rows == [("ok",)]:
        return None
    return one_line(str(r[0]) for r in rows)


def one_line(reports: Iterable[str]) -> str:
    """SQLite's findings as one line: its report runs over several (a `*** in database main ***`
    heading, then a line a page), and every message that quotes it is one line a finding."""
    parts = [part.strip() for report in reports for part in report.splitlines()]
    text = "; ".join(p for p in parts if p and not p.startswith("***"))
    return text if len(text) <= 300 else text[:299] + "…"


def mark_sound(db: Path) -> None:
    try:
        _stamp_file(db).write_text(_stamp(db), encoding="ascii")
    except OSError:  # a read-only cache: it is checked again next time, no harm
        pass


def is_damage(exc: BaseException) -> bool:
    """A query error that means a damaged file (not a locked or read-only one)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    text = str(exc).lower()
    return (
        "malformed" in text
        or "not a database" in text
        or not isinstance(exc, sqlite3.OperationalError)
    )


# --- the recorded sources -------------------------------------------------------------------------


def _sources_file(db: Path) -> Path:
    return db.with_name(db.name + ".sources.json")


def record_sources(db: Path, paths: list[str]) -> None:
    try:
        save_atomic(
            _sources_file(db), json.dumps(paths, ensure_ascii=False, indent=1) + "\n", backup=False
        )
    except OSError:
        pass  # the database itself still lists them


SOURCES_RECORD = "the card database's list of sources"


def _path_list(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise kept_files.Damaged("not a JSON list of paths")
    return [str(p) for p in value]


def check_sources_record(db: Path, conn: sqlite3.Connection) -> None:
    """The record beside a sound database: one that cannot be used (other bytes, other JSON, a
    folder) is set aside, said, and written again from the database's own list."""
    if not os.path.lexists(_sources_file(db)):
        return
    if kept_files.read_json(_sources_file(db), _path_list, SOURCES_RECORD) is None:
        record_sources(db, [p for (p,) in conn.execute("SELECT path FROM sources ORDER BY id")])


def recorded_sources(db: Path) -> list[str]:
    """The sources in import order: the record beside the database, else the database's own
    list (a damaged file may still give it)."""
    data: list[str] | None = kept_files.read_json(_sources_file(db), _path_list, SOURCES_RECORD)
    if data is not None:
        return data
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return [str(p) for (p,) in conn.execute("SELECT path FROM sources ORDER BY id")]
        finally:
            conn.close()
    except sqlite3.Error:
        return []


def set_aside(db: Path, label: str = "damaged") -> Path | None:
    """Rename the file (and its journal files) out of the way; the new name, None if absent."""
    if not db.exists():
        return None
    when = datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = db.with_name(f"{db.name}.{label}-{when}")
    n = 1
    while kept.exists():
        n += 1
        kept = db.with_name(f"{db.name}.{label}-{when}-{n}")
    os.replace(db, kept)
    for suffix in ("-wal", "-journal"):
        side = Path(f"{db}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{kept}{suffix}"))
    Path(f"{db}-shm").unlink(missing_ok=True)
    _stamp_file(db).unlink(missing_ok=True)
    return kept


# --- what a source gave a database set aside ------------------------------------------------------

# What `source_in` gives: CardStore.write_source's arguments after the path
Kept = tuple[str, str, list[Any], int, str, int, list[str]]


def source_in(db: Path, path: str) -> Kept | None:
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
    except (sqlite3.Error, ValueError, KeyError, TypeError, LookupError):
        return None
    finally:
        conn.close()
