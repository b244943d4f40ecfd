"""Autosave: unsaved work is written every few seconds to AppPaths.autosave_dir and offered back
after a crash. A clean close or a save removes this window's autosave file, so any file left there
at start-up was left by a session that did not end well."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from deckeditor.paths import AppPaths
from deckeditor.session import EditorSession

SUFFIX = ".autosave.deck.json"


def _alive(pid: int) -> bool:
    """Is the process that writes this autosave still running (another open window)?"""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # exists, not ours to signal
    return True


def leftover_autosaves(paths: AppPaths) -> list[Path]:
    """Autosaves whose writer is gone, newest first (a running window's file is its own)."""
    folder = paths.autosave_dir
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"*{SUFFIX}"):
        head = path.name.split("-", 1)[0]
        if head.isdigit() and _alive(int(head)):
            continue
        found.append(path)
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


class Autosaver(QObject):
    def __init__(self, paths: AppPaths, get_session, interval_ms: int = 15000, parent=None) -> None:
        super().__init__(parent)
        self.paths = paths
        self.get_session = get_session
        self.file = paths.autosave_dir / f"{os.getpid()}-{id(self):x}{SUFFIX}"
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.save_now)
        self.timer.start()
        self._written_for = None

    def save_now(self) -> bool:
        """Write the deck if it has unsaved edits; remove the file once it is clean."""
        session: EditorSession = self.get_session()
        if session is None or not session.dirty:
            self.discard()
            return False
        if self._written_for is session.deck:
            return False
        # imported here: the deck file module brings pydantic, ~100 ms start-up for a first edit
        from deckeditor.deckfile import save_atomic, write_json_deck

        self.paths.autosave_dir.mkdir(parents=True, exist_ok=True)
        save_atomic(self.file, write_json_deck(session.deck))
        bak = self.file.with_name(self.file.name + ".bak")
        if bak.exists():
            bak.unlink()
        self._written_for = session.deck
        return True

    def discard(self) -> None:
        self._written_for = None
        for path in (self.file, self.file.with_name(self.file.name + ".bak")):
            try:
                path.unlink()
            except FileNotFoundError:
                pass

    def stop(self) -> None:
        self.timer.stop()
        self.discard()
