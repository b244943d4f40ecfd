"""File › Import cards… (issue 24 walkthrough): Cancel in the file dialog imports nothing and
opens no second dialog (it opened "Or a Forge cardsfolder"); a card folder has its own menu item;
both dialogs start where Save As would (the player's documents on a fresh home), not in the
program's working directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window()
    win.show()
    return win


def menu_action(window, text: str):
    for top in window.menuBar().actions():
        for action in top.menu().actions():
            if action.text().replace("&", "") == text:
                return action
    raise AssertionError(f"no menu item {text!r}")


@pytest.fixture
def dialogs(monkeypatch):
    """The file dialogs the window opens, each answered Cancel (an empty path)."""
    opened: list[tuple[str, ...]] = []

    def open_file(parent, title, start, filters):
        opened.append(("file", title, start))
        return "", ""

    def open_folder(parent, title, start):
        opened.append(("folder", title, start))
        return ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(open_file))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(open_folder))
    return opened


def test_cancel_in_import_cards_imports_nothing_and_asks_nothing_more(window, dialogs):
    started = []
    window.card_import.start = lambda sources: started.append(sources)
    menu_action(window, "Import cards…").trigger()
    assert [kind for kind, *_ in dialogs] == ["file"]
    assert started == []


def test_a_card_folder_has_its_own_menu_item(window, dialogs):
    started = []
    window.card_import.start = lambda sources: started.append(sources)
    menu_action(window, "Import a card folder…").trigger()
    assert [(kind, title) for kind, title, _ in dialogs] == [
        ("folder", "Import a Forge cardsfolder")
    ]
    assert started == []


def test_the_import_dialog_starts_where_save_as_does(window, dialogs):
    menu_action(window, "Import cards…").trigger()
    ((_, _, start),) = dialogs
    assert start == window.files.save_folder()
    assert Path(start) != Path.cwd()
