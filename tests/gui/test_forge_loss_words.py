"""What a Forge export loses is said in a player's words (issue 24, found walking through as a new
player): the Export dialog listed file keys, "Forge ignores the deck format
(DeckEditorFormat=commander); Deck Editor reads it back"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_loss_sentences import _export_dialog_lines
from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui


def test_the_forge_export_names_the_format_and_bracket_it_keeps_for_deck_editor(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, "Sol Ring")
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    choose(win.status.target_box, "3 Upgraded")
    assert win.session.deck.bracket == 3
    lines = _export_dialog_lines(win, qtbot, "Forge (.dck)")
    assert "The format (Commander) is kept only by Deck Editor; Forge ignores it" in lines, lines
    assert "The target bracket (3) is kept only by Deck Editor; Forge ignores it" in lines, lines
    assert not any("DeckEditor" in line for line in lines), lines
