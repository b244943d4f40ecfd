"""Atomic saves (product.md, Reliability): a crash leaves either the old file or the new one,
complete, and the previous file is kept as `<name>.bak`.

What a save must never do to a player's files:
- replace a symbolic link by a file (the link is written through to its target);
- replace a file the user made read-only, a FIFO (would hang) or a device node;
- change a file's permissions (an existing file keeps its mode, a new one follows the umask);
- overwrite the `.bak` of an earlier save when this one fails or is refused;
- leave the `.*.tmp` of a killed save behind for ever (the next save in that folder removes it).
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path


class SaveRefused(OSError):
    """A save refused before anything was written; `str()` is one line naming the file."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(reason)
        self.strerror = reason
        self.filename = str(path)

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def process_alive(pid: int, wrote_at: float | None = None) -> bool:
    """Is process `pid` still running (so its temp or autosave files are still in use)?

    With `wrote_at` (the file's mtime): a process that started after the file was last written
    is not its writer but a later one given the same pid (after a reboot, or once pids wrap)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, not ours to signal
        pass
    if wrote_at is not None:
        started = process_start(pid)
        if started is not None and started > wrote_at + 2:  # the boot time is whole seconds
            return False
    return True


def process_start(pid: int) -> float | None:
    """When process `pid` started (seconds since the epoch), where /proc tells; else None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat_file:
            fields = stat_file.read().rsplit(")", 1)[1].split()  # the name may hold spaces
        with open("/proc/stat", encoding="ascii") as system:
            boot = next(int(line.split()[1]) for line in system if line.startswith("btime "))
        return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: start, in ticks
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Do `a` and `b` name one file (also through links)? False when either is missing."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def save_target(path: str | os.PathLike[str]) -> Path:
    """The file a save to `path` really writes: a symbolic link's final target."""
    return Path(os.path.realpath(path))


def check_writable(path: str | os.PathLike[str]) -> os.stat_result | None:
    """Refuse (SaveRefused) what a save must not replace; the target's stat, None when new."""
    target = save_target(path)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return None
    except OSError as exc:  # a link loop, a path through a file: no file can be written there
        raise SaveRefused(path, f"cannot be written ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveRefused(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise SaveRefused(path, "is not a regular file (a pipe, socket or device); not written")
    # a file nobody may write is read-only on purpose, even for root, who may write anything
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise SaveRefused(path, "is read-only; not written (save under another name)")
    return info


def save_atomic(path: str | os.PathLike[str], data: str | bytes, backup: bool = True) -> None:
    """Write `data` to `path` atomically, keeping the previous file as `<name>.bak`.

    The new text goes to a temp file in the target's folder (same file system, so the rename is
    atomic) and is flushed to disk. The backup is prepared as a temp file too and takes the
    `.bak` name only after the target was replaced: a failed save leaves the old `.bak` alone.
    """
    info = check_writable(path)
    target = save_target(path)
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~current_umask()
    temps: list[str] = []
    try:
        new = _write_temp(folder, target.name, payload, mode, info, temps)
        old = None
        if backup and info is not None:
            old = _write_temp(folder, target.name + ".bak", target.read_bytes(), mode, info, temps)
        os.replace(new, target)
        if old is not None:
            os.replace(old, target.with_name(target.name + ".bak"))
    except BaseException as exc:
        for tmp in temps:
            Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.errno and exc.filename not in (None, str(path)):
            # the player's file, not a temp name they never chose ("[Errno 13] … .k.1234.tmp")
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise
    _fsync_dir(folder)


def _write_temp(
    folder: Path,
    name: str,
    payload: bytes,
    mode: int,
    info: os.stat_result | None,
    temps: list[str],
) -> str:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    temps.append(tmp)
    with os.fdopen(fd, "wb") as handle:
        if hasattr(os, "fchmod"):  # mkstemp makes 0600 whatever the umask
            os.fchmod(handle.fileno(), mode)
        if info is not None and hasattr(os, "fchown"):
            try:  # root saving another user's file: it stays theirs
                os.fchown(handle.fileno(), info.st_uid, info.st_gid)
            except OSError:
                pass
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())
    return tmp


# `.<name>.<pid>.<random>.tmp` (ours); `.<name>.<random>.tmp` is the older, pid-less form
_TEMP = re.compile(r"^\..+?(?:\.(\d+))?\.[A-Za-z0-9_]{8}\.tmp$")
_OLD_TEMP_AGE_S = 600  # a pid-less temp this old belongs to no save still running


def remove_stale_temps(folder: Path) -> list[Path]:
    """Remove temp files of saves that were killed (their process is gone)."""
    removed: list[Path] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(".") and n.endswith(".tmp")]
    except OSError:
        return removed
    for name in names:
        match = _TEMP.match(name)
        if match is None:
            continue
        path = folder / name
        try:
            info = os.lstat(path)
            if not stat.S_ISREG(info.st_mode):
                continue
            if match.group(1) is not None:
                pid = int(match.group(1))
                if pid == os.getpid() or process_alive(pid, info.st_mtime):
                    continue
            elif time.time() - info.st_mtime < _OLD_TEMP_AGE_S:
                continue
            path.unlink()
            removed.append(path)
        except OSError:
            continue
    return removed


def current_umask() -> int:
    """The process umask, read without changing it (another thread may be creating files)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # Windows cannot open folders; its rename is durable enough
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
