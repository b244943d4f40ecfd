"""What a deck file on disk holds, as one comparable value: has another program changed it since
the window read or wrote it? (issue 26 point 1).

A content hash rather than size and modification time: an editor may rewrite a file with the same
size within one timestamp tick, tools copy files keeping their mtime (`cp -p`, `rsync -t`), and a
`touch` changes the mtime of a file nobody rewrote. Deck files are at most a few MiB, so hashing one
at open and at save costs milliseconds; it is read in chunks, so memory stays flat whatever is there.
"""

from __future__ import annotations

import hashlib
import os
import stat

MISSING = None  # no file at that path
_CHUNK = 1 << 20


def disk_state(path: str | os.PathLike[str]) -> str | None:
    """The file's content hash; None when nothing is there. Something that is not a regular file
    (a folder, a pipe: reading it could block) or cannot be read gets a state of its own, so it
    compares as a change, never as the file the window knew."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return MISSING
    except OSError as exc:
        return f"unreadable:{exc.errno}"
    if not stat.S_ISREG(info.st_mode):
        return f"not-a-file:{stat.S_IFMT(info.st_mode):o}"
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            while chunk := handle.read(_CHUNK):
                digest.update(chunk)
    except FileNotFoundError:  # removed between the stat and the read
        return MISSING
    except OSError as exc:
        return f"unreadable:{exc.errno}"
    return "sha256:" + digest.hexdigest()


def changed_since(known: str | None, now: str | None) -> bool:
    """Would writing now replace something the window never saw? A file that is gone is no
    conflict (the save writes it again); one that appeared, or whose content differs, is."""
    return now is not MISSING and now != known
