"""The window's file workflow: new, open, save (back to the file's own kind, or asking what
that kind would lose), the recent files, export, copying the deck as text, and importing a
deck from a file or the clipboard.

The controller keeps no state of its own: the open file (`current_path`, `current_kind`) and
the questions tests answer (`confirm_discard`, `ask_lossy_save`, `run_dialog`) stay on the
window, which it reaches through `FilesHost`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QMenu, QMessageBox, QWidget

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, new_deck
from deckeditor.deck_files import (
    deck_file_game,
    deck_text,
    export_kind,
    export_losses,
    read_deck_file,
    save_deck_file,
    share_kinds,
)
from deckeditor.diskstate import disk_state
from deckeditor.games import registry
from deckeditor.losses import group_losses
from deckeditor.paths import AppPaths, resources_dir
from deckeditor.session import EditorSession
from deckeditor.ui.autosave import Autosaver
from deckeditor.ui.file_watch import FileWatch
from deckeditor.ui.settings import Settings

if TYPE_CHECKING:
    from deckeditor.ui.import_dialog import ImportDialog

DECK_FILES = "Deck files (*.deck.json *.json *.dck *.cod *.dek *.txt);;All files (*)"


class FilesHost(Protocol):
    """What the file workflow needs of the window."""

    session: EditorSession
    settings: Settings
    paths: AppPaths
    current_path: str | None
    current_kind: str
    file_watch: FileWatch
    autosaver: Autosaver | None
    recent_menu: QMenu
    copy_menu: QMenu
    confirm_discard: Callable[[], bool]
    ask_lossy_save: Callable[[str, list[str]], str | None]
    run_dialog: Callable[[QDialog], bool]

    def pool(self, game: str) -> CardPool[Any]: ...
    def open_deck(self, deck: Deck, path: str | None = None) -> None: ...
    def warn(self, title: str, text: str) -> None: ...
    def show_message(self, text: str) -> None: ...
    def update_title(self) -> None: ...
    def save(self) -> bool: ...
    def save_as(self, path: str | None = None) -> bool: ...


class WindowFiles:
    def __init__(self, host: FilesHost, parent: QWidget) -> None:
        self.host = host
        self.parent = parent  # dialogs open over the window
        self.new_dialog: QDialog | None = None
        self.clipboard_dialog: ImportDialog | None = None

    # --- new and open --------------------------------------------------------------------

    def fill_new_menu(self, menu: QMenu) -> None:
        """File › New: an empty deck of each game in its default format, no questions."""
        for code, label in registry.new_deck_labels():  # the game modules load when used
            menu.addAction(label, partial(self.new_deck, code))

    def new_deck(
        self, game: str = registry.DEFAULT_GAME, fmt: str | None = None, name: str = "Untitled deck"
    ) -> None:
        if not self.host.confirm_discard():
            return
        self.host.open_deck(new_deck(game, name, fmt), None)

    def new_deck_dialog(self) -> None:
        """Ask the game and the format (last choices first), then start the deck."""
        from deckeditor.ui.new_deck_dialog import NewDeckDialog  # lazy: a dialog seldom opened

        settings = self.host.settings
        dialog = NewDeckDialog(settings.new_game, settings.new_format, self.parent)
        self.new_dialog = dialog
        if not self.host.run_dialog(dialog):
            return
        settings.new_game, settings.new_format = dialog.game(), dialog.format()
        self.new_deck(dialog.game(), dialog.format(), dialog.name())

    def open_path(self, path: str) -> bool:
        host = self.host
        known = disk_state(path)  # before reading: a change made meanwhile is seen at Save
        try:
            # a Path: a str that names no regular file would be read as pasted deck text
            result = read_deck_file(Path(path), host.pool(deck_file_game(Path(path))))
        except Exception as exc:  # DeckFileError: one clear line in a dialog
            host.warn("Cannot open deck", str(exc))
            return False
        deck = result.deck
        kind = str(getattr(result, "kind", "json") or "json")
        writable = any(k.kind == kind for k in registry.game(deck.game).export_kinds())
        host.open_deck(deck, path if writable else None)  # a kind we cannot write: Save asks
        host.current_kind = kind if writable else "json"
        host.file_watch.watch(host.current_path, known)
        self._remember(path)
        host.show_message(f"Opened {Path(path).name}")
        return True

    def open_dialog(self) -> None:
        if not self.host.confirm_discard():
            return
        start = self.save_folder()  # as Save As: the last folder used, else the documents
        path, _ = QFileDialog.getOpenFileName(self.parent, "Open deck", start, DECK_FILES)
        if path:
            self.open_path(path)

    def fill_recent(self) -> None:
        menu, recent = self.host.recent_menu, self.host.settings.recent_files
        menu.clear()
        for path in recent:
            # an "&" in a folder or file name ("Magic & more") is a letter, not a mnemonic
            menu.addAction(path.replace("&", "&&"), partial(self._open_recent, path))
        menu.setEnabled(bool(recent))

    def _open_recent(self, path: str) -> None:
        if self.host.confirm_discard():
            self.open_path(path)

    def _remember(self, path: str) -> None:
        self.host.settings.add_recent(path)
        self.host.settings.last_dir = str(Path(path).parent)
        self.fill_recent()

    # --- save ----------------------------------------------------------------------------

    def save(self) -> bool:
        """Back to the file's own kind when that kind holds the whole deck (a .dck stays a .dck);
        otherwise the player chooses: our own file (nothing lost) or that kind anyway."""
        host = self.host
        if not host.current_path:
            return host.save_as()  # the window's: tests may answer it
        kind = host.current_kind
        if kind != "json":
            lost = export_losses(self.deck_to_save(), kind, host.session.pool, reread_only=True)
            if lost:
                answer = host.ask_lossy_save(kind, lost)
                if answer is None:
                    return False
                if answer == "json":
                    return host.save_as()
        return self.save_to(host.current_path, kind)

    def deck_to_save(self) -> Deck:
        """The deck with the format the window shows."""
        session = self.host.session
        deck = session.deck
        return deck if deck.format == session.format_code else deck.with_format(session.format_code)

    def ask_lossy_save_dialog(self, kind: str, lost: list[str]) -> str | None:
        label = export_kind(self.host.session.game_code, kind).label
        name = Path(self.host.current_path or "").name
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Save deck",
            f"{name} is a {label} file, which cannot hold all of this deck.",
            parent=self.parent,
        )
        box.setInformativeText(
            "It would lose:\n" + "\n".join(f"• {g.sentence()}" for g in group_losses(lost))
        )
        own = box.addButton("Save as a Deck Editor deck…", QMessageBox.ButtonRole.AcceptRole)
        anyway = box.addButton(f"Save as {label} anyway", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(own)
        box.exec()
        clicked = box.clickedButton()
        return "json" if clicked is own else kind if clicked is anyway else None

    def confirm_discard_dialog(self) -> bool:
        session = self.host.session
        if not session.dirty:
            return True
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.parent,
            "Unsaved changes",
            f"Save the changes to {session.deck.name}?",
            buttons.Save | buttons.Discard | buttons.Cancel,
        )
        if answer == buttons.Save:
            return self.host.save()
        return answer == buttons.Discard

    def save_as(self, path: str | None = None) -> bool:
        if path is None:
            default = str(Path(self.save_folder()) / f"{self.host.session.deck.name}.deck.json")
            path, _ = QFileDialog.getSaveFileName(
                self.parent, "Save deck", default, "Deck Editor deck (*.deck.json)"
            )
            if not path:
                return False
        self._name_after(path)
        return self.save_to(path)

    def _name_after(self, path: str) -> None:
        """A deck still under a placeholder name ("Untitled deck", a pasted code's "Imported
        deck") takes the name of the file the player saves it as: saved as jinx.deck.json it
        stayed "Imported deck" in the title and in every export."""
        from deckeditor.deckio import PASTED  # lazy: the deck files' readers, not the first screen

        session = self.host.session
        if session.deck.name not in (new_deck().name, PASTED):
            return
        name = Path(path).name
        for suffix in (".deck.json", ".json"):
            if name.lower().endswith(suffix) and len(name) > len(suffix):
                name = name[: -len(suffix)]
                break
        session.rename(name)

    def save_folder(self) -> str:
        """Where Save As starts (`player_folder`)."""
        return player_folder(self.host.settings, self.host.paths)

    def save_to(self, path: str, kind: str = "json") -> bool:
        host = self.host
        held = host.file_watch.before_save(path)
        if held is not None:  # the file changed on disk: the player chose reload or another file
            return held
        try:
            save_deck_file(path, self.deck_to_save(), kind, host.session.pool)
        except Exception as exc:  # disk full, permissions: say so, keep the deck open
            # one line naming the file and why (no errno, no temp name), then what still holds
            why = (
                f"{exc.filename or path}: {exc.strerror}"
                if isinstance(exc, OSError) and exc.strerror
                else str(exc)
            )
            host.warn(
                "Cannot save",
                f"{why}\n\nNothing was written; the deck stays open with your changes.",
            )
            return False
        host.current_path, host.current_kind = path, kind
        host.file_watch.watch(path)
        host.session.mark_saved()
        if host.autosaver is not None:
            host.autosaver.discard()
        self._remember(path)
        host.show_message(f"Saved {Path(path).name}")
        host.update_title()
        return True

    # --- import, export, copy -------------------------------------------------------------

    def _import_dialog(self) -> ImportDialog:
        from deckeditor.ui.import_dialog import ImportDialog  # lazy: a dialog, not the first screen

        host = self.host
        return ImportDialog(
            host.session.pool, self.parent, host.settings.last_dir, pool_for=host.pool
        )

    def import_dialog(self) -> None:
        if not self.host.confirm_discard():
            return
        dialog = self._import_dialog()
        if dialog.exec():
            self._open_imported(dialog)

    def import_from_clipboard(self) -> None:
        """The clipboard's text through the import dialog's reader and preview, as a file is."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.host.show_message("The clipboard holds no text to import")
            return
        if not self.host.confirm_discard():
            return
        dialog = self.clipboard_dialog = self._import_dialog()
        dialog.setWindowTitle("Import deck from the clipboard")
        dialog.paste.setPlainText(text)
        dialog.preview_text()
        if self.host.run_dialog(dialog):
            self._open_imported(dialog)

    def _open_imported(self, dialog: ImportDialog) -> None:
        deck = dialog.deck()
        if deck is None:
            return
        self.host.open_deck(deck, None)
        self.host.session.history.mark_dirty()
        self.host.session._changed()  # the imported deck is unsaved: redraw as such
        self.host.show_message(imported_words(deck))

    def fill_copy_menu(self) -> None:
        """One item per kind the deck's game shares (its export kinds), made when shown."""
        menu = self.host.copy_menu
        menu.clear()
        for kind in share_kinds(self.host.session.game_code):
            menu.addAction(kind.short_label, partial(self.copy_deck_as, kind.kind))

    def copy_deck_as(self, kind: str) -> None:
        """The deck as `kind`'s text on the clipboard; the status line says what it cannot carry."""
        session = self.host.session
        deck = self.deck_to_save()
        label = export_kind(session.game_code, kind).short_label
        try:
            text = deck_text(deck, kind, session.pool)
        except Exception as exc:  # a deck this kind cannot hold at all: say why
            self.host.show_message(f"Not copied: {exc}")
            return
        QGuiApplication.clipboard().setText(text)
        lost = group_losses(export_losses(deck, kind, session.pool))
        note = f" — it does not carry: {'; '.join(g.sentence() for g in lost[:2])}" if lost else ""
        more = (
            f" and {len(lost) - 2} more (File › Export deck… lists them)" if len(lost) > 2 else ""
        )
        self.host.show_message(f"Copied the deck as {label}{note}{more}")

    def export_dialog(self) -> None:
        from deckeditor.ui.export_dialog import ExportDialog  # lazy: a dialog, not the first screen

        session = self.host.session
        deck = session.deck.with_format(session.format_code)
        ExportDialog(deck, session.pool, self.parent, self.save_folder()).exec()


def imported_words(deck: Deck) -> str:
    """What the status line says of an imported deck: its name, or for a deck code or pasted
    list, which name none, its size ("Imported Imported deck" said nothing)."""
    from deckeditor.deckio import PASTED  # lazy: the deck files' readers, loaded by the import

    if deck.name and deck.name != PASTED:
        return f"Imported {deck.name}"
    count = deck.count()
    return f"Imported a deck of {count} card{'s' if count != 1 else ''}, not saved yet"


def player_folder(settings: Settings, paths: AppPaths) -> str:
    """Where a file dialog starts: the last folder used, unless that is the program's own
    resources (a starter deck was opened from there), else the player's documents."""
    last = Path(settings.last_dir) if settings.last_dir else None
    if (
        last is not None
        and last.is_dir()
        and not last.resolve().is_relative_to(resources_dir().resolve())
    ):
        return str(last)
    for folder in (paths.documents, Path.home()):
        if folder is not None and folder.is_dir():
            return str(folder)
    return str(paths.data)
