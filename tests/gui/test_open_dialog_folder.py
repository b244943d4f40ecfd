"""File › Open… starts where Save As does (issue 24 walkthrough): on a fresh home it opened in the
program's own data folder (…/home/data), not the player's documents; after a starter deck was
opened, in the program's resources. And a deck in a folder whose name holds "&" is listed whole
in File › Open Recent (the "&" was taken for a mnemonic and dropped)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from deckeditor.paths import resources_dir
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


@pytest.fixture
def asked(monkeypatch):
    starts: list[str] = []

    def open_file(parent, title, start, filters):
        starts.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(open_file))
    return starts


def test_ctrl_o_starts_in_the_players_folder(window, qtbot, asked):
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert asked == [window.files.save_folder()]
    assert asked[0] != str(window.paths.data)
    assert window.open_path(str(resources_dir() / "decks" / "thrasios-tymna.deck.json"))
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert asked[1] == window.files.save_folder()
    assert not asked[1].startswith(str(resources_dir()))


def test_open_recent_lists_a_folder_with_an_ampersand_whole(window, tmp_path):
    folder = tmp_path / "Magic & more"
    folder.mkdir()
    path = folder / "mine.deck.json"
    window.session.add_card("Island", "Main")
    assert window.save_as(str(path))
    (action,) = window.recent_menu.actions()
    assert action.text().replace("&&", "&") == str(path.resolve())
    assert "&&" in action.text()  # shown as one "&", not a mnemonic
