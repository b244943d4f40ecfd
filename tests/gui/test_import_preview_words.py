"""The Import deck preview in a player's words (issue 24 point 8: developer text said as a player
would, with counts; found again walking through): each line's status read "CARD", "UNKNOWN_CARD",
"UNPARSED", and the summary "1 unknown card line(s) kept · 1 unparsed line(s) kept". And the paste
box kept Tab as a tab character, so a keyboard user could not leave it for Preview."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from deckeditor.ui.import_report_model import STATUS_ROLE
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
PASTED = "Deck\n1 Sol Ring\n2 Zzyzx Nonesuch\nhello world\n\n4x Island (LEA) 12\n"


def test_the_preview_says_each_line_in_words_and_tab_leaves_the_box(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    seen: dict[str, object] = {}

    def in_the_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog.windowTitle() != "Import deck":
            return
        try:
            # the widget that has the focus once the dialog is active (offscreen activation is
            # queued: focusWidget() is what it will be)
            seen["first focus"] = dialog.focusWidget() is dialog.paste
            for line in PASTED.splitlines():  # typed, as a player pastes it line by line
                qtbot.keyClicks(dialog.paste, line)
                qtbot.keyClick(dialog.paste, Qt.Key.Key_Return)
            qtbot.keyClick(dialog.paste, Qt.Key.Key_Tab)  # on to "Preview"
            seen["focus"] = dialog.focusWidget().text()
            qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Space)
            model = dialog.table.model()
            seen["status"] = [model.index(r, 1).data() for r in range(model.rowCount())]
            seen["kinds"] = [model.index(r, 1).data(STATUS_ROLE) for r in range(model.rowCount())]
            seen["notes"] = dialog.notes.text()
            seen["pasted"] = dialog.paste.toPlainText()
        finally:
            dialog.reject()

    QTimer.singleShot(0, in_the_dialog)
    qtbot.keyClick(win, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert seen["first focus"]  # Ctrl+I, then Ctrl+V pastes into the list
    assert seen["pasted"] == PASTED  # no tab character typed into the list
    assert seen["focus"] == "Preview"
    assert seen["status"] == ["Section", "Card", "Unknown card", "Not read", "Blank", "Card"]
    assert seen["kinds"] == ["SECTION", "CARD", "UNKNOWN_CARD", "UNPARSED", "BLANK", "CARD"]
    assert seen["notes"] == (
        "Read as MTG Arena text: 7 cards in 1 section · 1 line naming an unknown card, kept · "
        "1 line not read, kept as text"
    )
