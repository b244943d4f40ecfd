"""Export losses read as sentences wherever the window shows them (issue 24 walkthrough): the
writers' lines for the deck itself start lower-case ("format not written", "no MTGO id (CatID
0); …"), and the Export dialog listed them so, under "MTGO .dek cannot carry:". Each line now
starts with a capital letter, in the Export dialog (Ctrl+E), in the status line after Edit › Copy
deck as, and in the question Save asks before a lossy save."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from deckeditor.losses import LossGroup
from tests.gui.test_status_messages import copy_as
from tests.support.player_window import add_by_keys, choose, show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    for name in ("Sol Ring", "Counterspell"):
        add_by_keys(qtbot, win, name)
    assert win.session.deck.count("Main") == 2
    return win


def _export_dialog_lines(win, qtbot, kind_label: str) -> list[str]:
    """Ctrl+E, the file type chosen by keyboard, the loss lines read, Escape."""
    seen: list[str] = []

    def read() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog.windowTitle() != "Export deck":
            return  # nothing to close: the assertion below says so
        try:
            choose(dialog.kind_box, kind_label)
            seen.extend(dialog.losses.item(i).text() for i in range(dialog.losses.count()))
            qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        finally:
            dialog.reject()  # a failed step never leaves the modal dialog waiting

    QTimer.singleShot(0, read)
    qtbot.keyClick(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.activeModalWidget() is None
    return seen


def test_the_export_dialog_lists_each_loss_as_a_sentence(window, qtbot):
    lines = _export_dialog_lines(window, qtbot, "MTGO (.dek)")
    assert lines, "a .dek of cards with no MTGO id loses something"
    assert all(line[0].isupper() for line in lines), lines
    assert "Format not written" in lines
    mtgo = [line for line in lines if "MTGO id" in line]
    assert mtgo == [
        "No MTGO id (CatID 0); MTGO may reject the line — 2 cards: Sol Ring, Counterspell"
    ], lines


def test_the_copy_status_line_says_them_as_sentences(window, qtbot):
    copy_as(window, qtbot, "MTG Arena text")
    said = window.last_message
    assert said.startswith("Copied the deck as MTG Arena text — it does not carry: ")
    carried = said.removeprefix("Copied the deck as MTG Arena text — it does not carry: ")
    assert carried.split("; ")[0] == "Format not written", said


def test_a_card_line_keeps_its_card_name_first():
    assert LossGroup("notes not written", ()).sentence() == "Notes not written"
    assert LossGroup("no printing", ("Sol Ring",)).sentence() == "Sol Ring: no printing"
    assert LossGroup("x", ("Æther Vial", "Opt")).sentence().startswith("X — 2 cards: Æther")
