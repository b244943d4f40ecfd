"""The colour dialog by keyboard and in the dark theme (issue 24 walkthrough, a Rulebreaker
commander): in the dark theme the toggles drew the theme's light text on their light fills
("White", "Black" hardly readable), the toggle with the keyboard's focus looked like the others,
and only Tab and Space reached them. A colour's letter now toggles it, the focused toggle has a
dashed border, and the text is dark on every fill."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from deckeditor.ui import theme
from tests.gui.test_dark_switch_groups import _contrast
from tests.gui.test_symbols_theme import _choose_theme
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    yield win
    theme.apply(QApplication.instance(), "Light")


def _darkest(image) -> QColor:
    """The button's text: its darkest pixel."""
    darkest = QColor(255, 255, 255)
    for x in range(image.width()):
        for y in range(image.height()):
            c = image.pixelColor(x, y)
            if c.lightness() < darkest.lightness():
                darkest = c
    return darkest


def test_tolabow_s_colour_is_chosen_by_its_letter_in_the_dark_theme(window, qtbot):
    _choose_theme(window, qtbot, Qt.Key.Key_D)
    seen: dict[str, object] = {}

    def in_the_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.windowTitle().startswith("Choose colours"):
            return
        try:
            for letter, button in dialog.buttons.items():
                inner = button.rect().adjusted(8, 8, -8, -8)  # inside the border
                image = button.grab(inner).toImage()
                fill = image.pixelColor(2, 2)
                seen[letter] = _contrast(_darkest(image), fill)
            qtbot.keyClick(dialog, Qt.Key.Key_R)  # Red
            seen["chosen"] = dialog.colors()
            seen["focus"] = dialog.focusWidget() is dialog.buttons["R"]
            seen["status"] = dialog.status.text()
            qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)
        finally:
            if dialog.isVisible():
                dialog.reject()

    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(window.catalog.search_box, "Tolabow")
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    QTimer.singleShot(0, in_the_dialog)
    qtbot.keyClick(
        window.catalog.table,
        Qt.Key.Key_C,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    for letter in "WBRG":  # U is Tolabow's own colour: that toggle is off
        assert seen[letter] >= 4.5, (letter, seen[letter])
    assert seen["chosen"] == "R" and seen["focus"]
    assert seen["status"] == "1 of 1 chosen"
    (entry,) = window.session.deck.section("Commander").entries
    assert entry.card == "Tolabow, Loch Rascal" and entry.colors == "R"
