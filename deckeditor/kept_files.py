"""The files the program keeps for itself (the card database's check stamp and list of sources,
settings, window state) are untrusted input like any other (issue 26 point 4).

Another program, a full disk or a sync tool may leave anything in their place: other bytes,
JSON of other types, a folder. Such a file is never a traceback, never silently ignored: it is
set aside as `<name>.damaged-<time>` (renamed, never deleted: it may be the player's own edit),
made again from what the program knows, and one line says so, on stderr and in the window.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from deckeditor import window_notes
from deckeditor.window_notes import Notice


class Damaged(ValueError):
    """A kept file that cannot be used; `str()` says why in a few words."""


def kind_problem(path: Path) -> str | None:
    """Why what is at `path` is no file the program can read (a folder, a pipe), or None
    (a regular file, or nothing there). A pipe is never opened: reading it would wait."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):  # nothing there (its folder is missing)
        return None
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISDIR(mode):
        return "a folder is in its place"
    if not stat.S_ISREG(mode):
        return "it is not a regular file"
    return None


def set_aside(path: Path, label: str = "damaged") -> Path | None:
    """Rename `path` to `<name>.<label>-<time>` (a free name); the new path, None if absent."""
    if not os.path.lexists(path):
        return None
    when = datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.{label}-{when}")
    n = 1
    while os.path.lexists(kept):
        n += 1
        kept = path.with_name(f"{path.name}.{label}-{when}-{n}")
    os.replace(path, kept)
    return kept


def read_json(path: Path, check: Callable[[Any], Any], what: str) -> Any | None:
    """The value of a kept JSON file after `check` (which raises Damaged for a wrong shape);
    None when there is no file. A file that cannot be used is set aside and said (`tell`), and
    None returned, so the caller makes it again."""
    problem = kind_problem(path)
    value = None
    if problem is None:
        try:
            value = check(json.loads(path.read_bytes().decode("utf-8")))
        except (FileNotFoundError, NotADirectoryError):
            return None
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
            problem = str(exc) if isinstance(exc, Damaged) else _why(exc)
        except OSError as exc:
            problem = f"cannot be read ({exc.strerror or exc})"
    if problem is None:
        return value
    replace_damaged(path, what, problem)
    return None


def replace_damaged(path: Path, what: str, problem: str) -> Path | None:
    """Set the file aside and say so in one line; the new name (None when it could not be
    moved: the line says that instead, and the program goes on without the file)."""
    try:
        kept = set_aside(path)
    except OSError as exc:
        tell(
            f"{what} {path} cannot be used ({problem}) and cannot be set aside "
            f"({exc.strerror or exc}); it is not used"
        )
        return None
    if kept is None:  # gone meanwhile: nothing to keep
        return None
    tell(f"{what} {path} could not be used ({problem}); it is kept as {kept.name} and made again")
    return kept


def _why(exc: Exception) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.start + 1})"
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON: {exc.msg} at line {exc.lineno}"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc) or type(exc).__name__


def tell(line: str) -> None:
    """One line on stderr (every command) and the same kept for the window's start-up notes."""
    print(f"deckeditor: {line}", file=sys.stderr, flush=True)
    window_notes.keep(Notice(line[:1].upper() + line[1:] + ".", "Damaged file set aside"))
