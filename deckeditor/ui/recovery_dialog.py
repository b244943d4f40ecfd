"""Crash recovery at start-up: every autosave left by a window that did not close cleanly is
offered, one question each, named by its deck and file (issue 16 point 1).

Recover opens it with its file path, marked unsaved: in this window when it shows nothing the
player asked for (an untouched untitled deck, or that very file), else in a window of its own;
Discard deletes it; Keep for later leaves it on disk to be offered again.
Nothing is deleted that the user did not decline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox, QWidget

from deckeditor import APP_NAME
from deckeditor.games import registry
from deckeditor.paths import AppPaths
from deckeditor.recovery import Leftover, leftover_autosaves
from deckeditor.saving import same_file

if TYPE_CHECKING:
    from deckeditor.ui.main_window import MainWindow

Ask = Callable[[QWidget, Leftover, int, int], str]

RECOVER, DISCARD, LATER = "recover", "discard", "later"


def ask_dialog(parent: QWidget, item: Leftover, number: int, total: int) -> str:
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Recover unsaved work?")
    count = f" ({number} of {total})" if total > 1 else ""
    box.setText(f"{APP_NAME} did not close cleanly. Unsaved work was kept{count}:")
    box.setInformativeText(item.describe())
    recover = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole) if item.deck else None
    discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton("Keep for later", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(recover or discard)
    box.exec()
    clicked = box.clickedButton()
    if recover is not None and clicked is recover:
        return RECOVER
    return DISCARD if clicked is discard else LATER


def recover_into(window: MainWindow, item: Leftover) -> None:
    """Show the recovered deck with its file path, unsaved; the autosave becomes the window's."""
    # Save writes the file back in its own kind (a .dck stays a .dck); a kind this game cannot
    # write (a damaged record) keeps no path, so Save asks where, as when such a file is opened
    deck = item.deck
    assert deck is not None  # only a readable leftover is offered for recovery
    writable = any(k.kind == item.kind for k in registry.game(deck.game).export_kinds())
    window.open_deck(deck, item.path if writable else None)
    window.current_kind = item.kind if writable else "json"
    if writable and item.disk_known:  # a change to the file since the crash: Save asks
        window.file_watch.watch(window.current_path, item.disk)
    window.session.history.mark_dirty()
    window.session._changed()  # redraw: the title gets its unsaved star
    if window.autosaver is not None:
        window.autosaver.adopt(item.file)
    where = item.path or "a deck never saved"
    window.show_message(f"Recovered unsaved changes to “{item.deck_name}” ({where}): not saved yet")


def _new_window(window: MainWindow) -> MainWindow:
    """Another window for the second and later recovered decks (sharing the loaded pools)."""
    other = type(window)(window.paths, pools=window.pools, settings=window.settings)
    window.recovered_windows.append(other)
    other.show()
    return other


def _free_for(window: MainWindow, item: Leftover) -> bool:
    """May the recovered deck take this window: it shows nothing the player asked for (an
    untouched untitled deck) or the recovered deck's own file, unchanged?"""
    if window.session.dirty:
        return False
    if not window.current_path:
        return True
    return item.path is not None and same_file(window.current_path, item.path)


def offer_recovery(
    window: MainWindow,
    paths: AppPaths,
    ask: Ask = ask_dialog,
    new_window: Callable[[MainWindow], MainWindow] = _new_window,
) -> list[MainWindow]:
    """Ask about each leftover autosave, newest first; the windows that got a deck."""
    leftovers = leftover_autosaves(paths.autosave_dir)
    used: list[MainWindow] = []
    for number, item in enumerate(leftovers, 1):
        answer = ask(window, item, number, len(leftovers))
        if answer == DISCARD:
            item.discard()
        elif answer == RECOVER and item.deck is not None:
            host = window if not used and _free_for(window, item) else new_window(window)
            recover_into(host, item)
            used.append(host)
    return used
