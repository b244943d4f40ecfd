"""What an MTGO export says it loses, in the player's words (found walking through as a new
player): "Commander and Companion written into the sideboard; mtgo cannot tell them apart…" for
a deck with no companion, naming the kind by its code. The loss names the sections the deck has
and the kind as the export menu does — seen in Edit › Copy deck as, chosen by keyboard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_status_messages import copy_as
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    for name, keys in (
        ("Thrasios", (Qt.Key.Key_C, CTRL_SHIFT)),
        ("Sol Ring", (Qt.Key.Key_Return,)),
    ):
        qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
        win.catalog.search_box.clear()
        qtbot.keyClicks(win.catalog.search_box, name)
        qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
        qtbot.keyClick(win.catalog.table, *keys)
    assert win.session.deck.count("Commander", "Main") == 2
    return win


def test_the_sideboard_commander_loss_names_what_the_deck_has(window, qtbot):
    copy_as(window, qtbot, "MTGO text")
    said = window.last_message
    assert "it does not carry: Commander written into the sideboard; MTGO text cannot tell" in said
    assert "Companion" not in said and "; mtgo " not in said


def test_the_dek_export_says_it_the_same_way(window):
    from deckeditor.deckio import export_losses

    deck = window.session.deck.add_card("Companion", "Lurrus of the Dream-Den")
    lost = export_losses(deck, "dek", window.session.pool)
    assert (
        "Commander and Companion written into the sideboard; MTGO .dek cannot tell them apart "
        "from the sideboard on re-import"
    ) in lost
