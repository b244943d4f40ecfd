"""An open deck's file changed by another program is never overwritten unasked (issue 26 point 1).

A real window opens a deck; the test rewrites the file as another program would (in place, by
rename, keeping size and mtime, or only touching it), edits the deck and saves with Ctrl+S; the
"File changed on disk" box is answered by clicking its buttons, and the file is read back for
each answer. A window without unsaved changes reloads a changed file by itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from deckeditor.deck import new_deck
from deckeditor.deckfile import read_json_deck, write_json_deck
from tests.support.player_window import open_window

pytestmark = pytest.mark.gui

TITLE = "File changed on disk"


@pytest.fixture
def window(make_window):
    win = make_window()
    win.warnings = []
    win.warn = lambda title, text: win.warnings.append((title, text))
    win.show()
    return win


@pytest.fixture
def deck_file(tmp_path):
    path = tmp_path / "decks" / "mono-u.deck.json"
    path.parent.mkdir()
    deck = new_deck("mtg", "Mono U", "commander").add_card("Main", "Island", 3)
    path.write_text(write_json_deck(deck), encoding="utf-8")
    return path


def other_program_writes(path: Path, *, by_rename: bool = False) -> str:
    """Another program's version: new notes and `7 Island`. Returns the text it wrote."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["notes"] = "edited elsewhere"
    doc["sections"] = [{"name": "Main", "entries": [{"card": "Island", "count": 7}]}]
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    if by_rename:  # as editors save: a new file renamed over the old one
        temp = path.with_name(path.name + ".other-tmp")
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    else:
        path.write_text(text, encoding="utf-8")
    return text


class BoxAnswers:
    """Clicks a button of the next modal message box with the given title, as a player does."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.seen: list[str] = []
        self.timer = QTimer(interval=20)
        self.timer.timeout.connect(self._look)
        self.button = ""

    def click(self, button: str) -> None:
        self.button = button
        self.timer.start()

    def _look(self) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.windowTitle() == self.title:
            self.timer.stop()
            self.seen.append(box.text())
            for candidate in box.buttons():
                if candidate.text().replace("&", "") == self.button:
                    candidate.click()
                    return
            raise AssertionError([b.text() for b in box.buttons()])


def press(qtbot, window, key) -> None:
    window.activateWindow()  # back from a message box: the shortcut goes to the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)


def save_with_keys(qtbot, window) -> None:
    press(qtbot, window, Qt.Key.Key_S)


def islands(deck) -> int:
    return sum(e.count for _, e in deck.entries("Main") if e.card == "Island")


def on_disk(path: Path):
    return read_json_deck(path.read_text(encoding="utf-8"))


def test_keep_mine_overwrites_and_keeps_the_other_version_as_bak(window, qtbot, deck_file):
    assert window.open_path(str(deck_file))
    theirs = other_program_writes(deck_file)
    window.add_card("Island")  # 4 Islands, unsaved
    answers = BoxAnswers(TITLE)
    answers.click("Keep mine")
    save_with_keys(qtbot, window)
    assert answers.seen == [f"{deck_file.name} changed on disk since you opened or saved it."]
    assert islands(on_disk(deck_file)) == 4 and on_disk(deck_file).notes == ""
    assert deck_file.with_name(deck_file.name + ".bak").read_text(encoding="utf-8") == theirs
    assert not window.session.dirty
    window.add_card("Island")  # no outside change since: the next save asks nothing
    save_with_keys(qtbot, window)
    assert islands(on_disk(deck_file)) == 5 and len(answers.seen) == 1


def test_reload_shows_the_files_deck_and_undo_brings_mine_back(window, qtbot, deck_file):
    assert window.open_path(str(deck_file))
    theirs = other_program_writes(deck_file)
    window.add_card("Island")
    answers = BoxAnswers(TITLE)
    answers.click("Reload")
    save_with_keys(qtbot, window)
    assert answers.seen
    assert deck_file.read_text(encoding="utf-8") == theirs  # nothing written
    assert islands(window.session.deck) == 7 and window.session.deck.notes == "edited elsewhere"
    assert not window.session.dirty
    press(qtbot, window, Qt.Key.Key_Z)
    assert islands(window.session.deck) == 4 and window.session.dirty
    window.file_watch.ask = lambda name: pytest.fail("the file is as reloaded: nothing to ask")
    save_with_keys(qtbot, window)
    assert islands(on_disk(deck_file)) == 4


def test_save_as_writes_elsewhere_and_leaves_the_file_alone(window, qtbot, deck_file, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    assert window.open_path(str(deck_file))
    theirs = other_program_writes(deck_file)
    window.add_card("Island")
    mine = deck_file.with_name("mine.deck.json")
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(mine), ""))
    )
    answers = BoxAnswers(TITLE)
    answers.click("Save as…")
    save_with_keys(qtbot, window)
    assert answers.seen
    assert deck_file.read_text(encoding="utf-8") == theirs
    assert islands(on_disk(mine)) == 4
    assert window.current_path == str(mine) and not window.session.dirty


def test_cancel_writes_nothing_and_keeps_the_changes(window, qtbot, deck_file):
    assert window.open_path(str(deck_file))
    theirs = other_program_writes(deck_file)
    window.add_card("Island")
    answers = BoxAnswers(TITLE)
    answers.click("Cancel")
    save_with_keys(qtbot, window)
    assert answers.seen
    assert deck_file.read_text(encoding="utf-8") == theirs
    assert not deck_file.with_name(deck_file.name + ".bak").exists()
    assert window.session.dirty and islands(window.session.deck) == 4


def test_a_change_the_watcher_cannot_see_is_still_caught_at_save(window, qtbot, deck_file):
    """Same size, the old mtime put back, and the watcher told nothing: the content hash at save
    still sees it."""
    assert window.open_path(str(deck_file))
    window.file_watch.watcher.removePaths(
        window.file_watch.watcher.files() + window.file_watch.watcher.directories()
    )
    before = deck_file.read_text(encoding="utf-8")
    stat = deck_file.stat()
    changed = before.replace('"count": 3', '"count": 5')
    assert len(changed) == len(before)
    deck_file.write_text(changed, encoding="utf-8")
    os.utime(deck_file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    window.add_card("Island")
    answers = BoxAnswers(TITLE)
    answers.click("Cancel")
    save_with_keys(qtbot, window)
    assert answers.seen and deck_file.read_text(encoding="utf-8") == changed


def test_a_file_only_touched_is_saved_without_a_question(window, qtbot, deck_file):
    assert window.open_path(str(deck_file))
    os.utime(deck_file, (1, 1))
    window.add_card("Island")
    window.file_watch.ask = lambda name: pytest.fail("asked about a file whose content is the same")
    save_with_keys(qtbot, window)
    assert islands(on_disk(deck_file)) == 4


def test_an_unchanged_window_reloads_a_file_changed_by_rename(window, qtbot, deck_file):
    assert window.open_path(str(deck_file))
    other_program_writes(deck_file, by_rename=True)
    qtbot.waitUntil(lambda: islands(window.session.deck) == 7, timeout=10000)
    assert window.session.deck.notes == "edited elsewhere" and not window.session.dirty
    # the watch follows the new file: a second outside change is reloaded too
    doc = json.loads(deck_file.read_text(encoding="utf-8"))
    doc["sections"][0]["entries"][0]["count"] = 9
    deck_file.write_text(json.dumps(doc), encoding="utf-8")
    qtbot.waitUntil(lambda: islands(window.session.deck) == 9, timeout=10000)


def test_a_changed_window_is_told_and_not_reloaded(window, qtbot, deck_file):
    assert window.open_path(str(deck_file))
    window.add_card("Island")
    messages = []
    window.show_message = messages.append
    other_program_writes(deck_file)
    qtbot.waitUntil(lambda: any("changed on disk" in m for m in messages), timeout=10000)
    assert islands(window.session.deck) == 4 and window.session.dirty


def test_a_reload_of_a_file_that_cannot_be_read_keeps_the_deck(window, qtbot, deck_file):
    assert window.open_path(str(deck_file))
    messages = []
    window.show_message = messages.append
    deck_file.write_text('{"schema": "deckeditor-deck", "vers', encoding="utf-8")  # half-written
    qtbot.waitUntil(lambda: any("cannot be read" in m for m in messages), timeout=10000)
    assert islands(window.session.deck) == 3
    window.add_card("Island")
    answers = BoxAnswers(TITLE)
    answers.click("Keep mine")  # still asked: the file is not what the window read
    save_with_keys(qtbot, window)
    assert answers.seen and islands(on_disk(deck_file)) == 4


def test_a_recovered_deck_asks_when_its_file_changed_after_the_crash(qtbot, tmp_path, deck_file):
    from deckeditor.diskstate import disk_state
    from deckeditor.paths import AppPaths
    from deckeditor.recovery import leftover_autosaves, write_autosave
    from deckeditor.ui.recovery_dialog import recover_into

    paths = AppPaths.resolve(tmp_path / "home").ensure()
    deck = read_json_deck(deck_file.read_text(encoding="utf-8")).add_card("Main", "Island")
    # a window that had the file open, edited it and died (its pid is not running)
    write_autosave(
        paths.autosave_dir / "999999-w.autosave.deck.json",
        deck,
        str(deck_file),
        "json",
        disk_state(deck_file),
    )
    theirs = other_program_writes(deck_file)
    window = open_window(qtbot, tmp_path)
    window.show()
    (item,) = leftover_autosaves(paths.autosave_dir)
    recover_into(window, item)
    answers = BoxAnswers(TITLE)
    answers.click("Cancel")
    save_with_keys(qtbot, window)
    assert answers.seen and deck_file.read_text(encoding="utf-8") == theirs
