"""The open deck's file, watched for changes another program makes (issue 26 point 1).

What the window knows of its file is the file's content hash when the window last read or wrote
it (`deckeditor.diskstate`). Two things compare it with the disk:

- a `QFileSystemWatcher` on the file and on its folder (an editor that saves by writing a new file
  and renaming it over the old one ends the watch on the file; the folder's change still comes),
  checked after a short pause so a program still writing is not read half-way;
- a check at every save, whatever the watcher saw (watchers miss changes: network file systems,
  a full inotify table, a change while the event loop was busy).

When the window holds no unsaved changes, a changed file is reloaded at once, as VS Code,
Sublime Text and the JetBrains editors do (Kate asks even then; there is nothing of the player's
to lose, so asking would only be noise), and the status bar says so. A reload that cannot read the
file (another program half-way through writing it) leaves the deck as it is and says why.
With unsaved changes nothing is replaced: the status bar says the file changed, and Save asks
"Reload / Keep mine / Save as…" before it writes. Keep mine overwrites (the other version stays
as `<name>.bak`); Reload shows the file's deck as one more step, so Undo brings the player's
version back; Save as… writes elsewhere and leaves the file alone.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer
from PySide6.QtWidgets import QMessageBox, QWidget

from deckeditor.carddb.pool import CardPool
from deckeditor.deck_files import deck_file_game, read_deck_file
from deckeditor.diskstate import MISSING, changed_since, disk_state
from deckeditor.saving import same_file
from deckeditor.session import EditorSession

RELOAD, KEEP, SAVE_AS = "reload", "keep", "save_as"
SETTLE_MS = 300  # after the last change signal: another program may still be writing
_UNSET = object()


class WatchHost(Protocol):
    """What the watch needs of the window."""

    session: EditorSession
    current_kind: str

    def pool(self, game: str) -> CardPool[Any]: ...
    def open_path(self, path: str) -> bool: ...
    def save_as(self, path: str | None = None) -> bool: ...
    def show_message(self, text: str) -> None: ...
    def warn(self, title: str, text: str) -> None: ...


class FileWatch(QObject):
    """The window's file: what it held when last read or written, and a watch on it."""

    def __init__(self, window: WatchHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.path: str | None = None
        self.known: str | None = MISSING  # the content hash the window last read or wrote
        self._told: str | None = None  # the disk state last reported (once each)
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._soon)
        self.watcher.directoryChanged.connect(self._soon)
        self.timer = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self.timer.timeout.connect(self.check)
        self.ask = self._ask_dialog  # tests may answer without the dialog

    # --- what the window tells it ---------------------------------------------------------

    def watch(self, path: str | None, known: str | object | None = _UNSET) -> None:
        """The window now shows `path` as it is on disk (or as `known`: a hash taken before the
        file was read, or the one an autosave recorded)."""
        self.timer.stop()
        if self.watcher.files() or self.watcher.directories():
            self.watcher.removePaths(self.watcher.files() + self.watcher.directories())
        self.path = os.path.abspath(path) if path else None
        if not self.path:
            self.known = MISSING
        elif known is _UNSET:
            self.known = disk_state(self.path)
        else:
            assert known is None or isinstance(known, str)
            self.known = known
        self._told = None
        if self.path:
            self._add_watches()

    def known_state(self) -> str | None:
        """For the autosave record: what the window's file held when last read or written."""
        return self.known if self.path else None

    def changed_on_disk(self) -> bool:
        return self.path is not None and changed_since(self.known, disk_state(self.path))

    def before_save(self, path: str) -> bool | None:
        """None: go on and write `path`. Otherwise the file changed on disk since the window read
        it, the player was asked, and this is what the save returns (nothing was written here)."""
        if not self.path or not (path == self.path or same_file(path, self.path)):
            return None
        if not self.changed_on_disk():
            return None
        answer = self.ask(Path(self.path).name)
        if answer == KEEP:
            return None
        if answer == RELOAD:
            self.reload()
            return False
        if answer == SAVE_AS:
            return bool(self.window.save_as())
        return False

    # --- the watcher ------------------------------------------------------------------------

    def _add_watches(self) -> None:
        if self.path is None:
            return
        folder = str(Path(self.path).parent)
        if os.path.isdir(folder) and folder not in self.watcher.directories():
            self.watcher.addPath(folder)
        if os.path.isfile(self.path) and self.path not in self.watcher.files():
            self.watcher.addPath(self.path)  # again after a rename replaced the file

    def _soon(self, _changed: str) -> None:
        if self.path:
            self.timer.start()

    def check(self) -> None:
        """Compare the disk with what the window knows; reload or tell, once per new state."""
        if not self.path:
            return
        self._add_watches()
        now = disk_state(self.path)
        if now == self._told or now == self.known:
            return
        self._told = now
        name = Path(self.path).name
        if now is MISSING:
            self.window.show_message(f"{name} was removed or moved on disk: Save writes it again")
        elif not self.window.session.dirty:
            self.reload(quiet=True)
        else:
            self.window.show_message(
                f"{name} changed on disk: your changes are not saved, and Save will ask first"
            )

    # --- answers ----------------------------------------------------------------------------

    def reload(self, quiet: bool = False) -> bool:
        """Show the file's deck. The same game and kind: one more step of the session (Undo
        brings the window's version back), clean; else the file opens as a fresh deck."""
        window, path = self.window, self.path
        if path is None:
            return False
        state = disk_state(path)  # before reading: a change while reading is seen next time
        try:
            result = read_deck_file(Path(path), window.pool(deck_file_game(Path(path))))
        except Exception as exc:  # noqa: BLE001 - DeckFileError: the deck stays as it is
            message = f"{Path(path).name} changed on disk and cannot be read: {exc}"
            if quiet:
                window.show_message(message)
            else:
                window.warn("Cannot reload", message)
            return False
        deck, kind = result.deck, str(getattr(result, "kind", "json") or "json")
        session = window.session
        if deck.game == session.game_code and kind == window.current_kind:
            session.apply(deck, f"Reload {Path(path).name} from disk")
            session._follow_deck_format()
            session.mark_saved()
        elif not window.open_path(path):
            return False
        self.watch(path, state)
        window.show_message(f"Reloaded {Path(path).name}: it changed on disk")
        return True

    def _ask_dialog(self, name: str) -> str | None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "File changed on disk",
            f"{name} changed on disk since you opened or saved it.",
            parent=parent if isinstance(parent := self.parent(), QWidget) else None,
        )
        box.setInformativeText(
            "Reload shows the file as it is now (Undo brings your version back). Keep mine "
            f"overwrites it (the other version is kept as {name}.bak). Save as… writes your "
            "version to another file."
        )
        reload = box.addButton("Reload", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Keep mine", QMessageBox.ButtonRole.AcceptRole)
        save_as = box.addButton("Save as…", QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save_as)  # the one choice that loses nothing
        box.exec()
        clicked = box.clickedButton()
        for button, answer in ((reload, RELOAD), (keep, KEEP), (save_as, SAVE_AS)):
            if clicked is button:
                return answer
        return None
