"""What a path given on the command line names, asked once and never with a traceback.

`Path.is_file()` and friends answer False only for a missing path: a file in a folder the user
may not enter (no `x` permission) raises PermissionError from them, and `os.path.exists` says
such a file does not exist. Every command names the path in one line instead, with the reason
the system gives ("cannot be reached: Permission denied").
"""

from __future__ import annotations

import errno
import os
import stat
from enum import Enum


class Kind(Enum):
    FILE = "file"
    FOLDER = "folder"
    SPECIAL = "special"  # a FIFO, socket or device: reading it could wait for ever
    MISSING = "missing"
    UNREACHABLE = "unreachable"  # there may be something, but the system will not say


# errors that mean "nothing there" rather than "not allowed to look"
_ABSENT = {errno.ENOENT, errno.ENOTDIR, errno.ELOOP, errno.ENAMETOOLONG}


def kind_of(path: str | os.PathLike[str]) -> tuple[Kind, str]:
    """(kind, the system's reason when UNREACHABLE or MISSING through an error, else '')."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return (Kind.MISSING if exc.errno in _ABSENT else Kind.UNREACHABLE), reason
    except ValueError:  # a NUL byte in the argument
        return Kind.MISSING, "the name holds a NUL character"
    if stat.S_ISREG(mode):
        return Kind.FILE, ""
    if stat.S_ISDIR(mode):
        return Kind.FOLDER, ""
    return Kind.SPECIAL, ""


def folder_unlisted(path: str | os.PathLike[str]) -> str | None:
    """The system's reason a folder cannot be listed (no `r` or `x` permission), else None:
    a walk over it would silently find nothing."""
    try:
        with os.scandir(path) as entries:
            next(entries, None)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None
