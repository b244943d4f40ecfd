"""Enter on a search whose only cards the deck's rules hide says which card and why, in the same
words whether the text names the card whole or in part (issue 24 walkthrough): with Thrasios
(green-blue) leading, `Lurrus of the Dream-Den` said "Nothing added — Lurrus of the Dream-Den is
hidden: …" but `Lurrus` said "Nothing added — hidden: the deck's rules hide 1 matching card —
Lurrus of the Dream-Den: …", the empty catalog's note pasted after the dash."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_add_messages import quick_add
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def thrasios(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, "Thrasios")
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    assert [e.card for e in win.session.deck.section("Commander").entries] == [
        "Thrasios, Triton Hero"
    ]
    return win


@pytest.mark.parametrize("typed", ["Lurrus of the Dream-Den", "Lurrus"])
def test_one_hidden_card_is_named_with_why_however_it_is_typed(thrasios, qtbot, typed):
    quick_add(thrasios, qtbot, typed)
    said = thrasios.last_message
    assert said.startswith("Nothing added — Lurrus of the Dream-Den is hidden: ")
    assert said.endswith(" — View › Show hidden cards lists it")
    assert "identity" in said and "hidden: the deck's rules" not in said
    assert thrasios.session.deck.count("Main") == 0
    assert thrasios.catalog.search_box.hasFocus()  # the next Enter adds nothing either


def test_several_hidden_cards_are_counted_and_the_first_named(thrasios, qtbot):
    quick_add(thrasios, qtbot, "t:angel c:w")
    said = thrasios.last_message
    count = len(thrasios.catalog.searcher.search("t:angel c:w").rows)
    assert count > 1
    assert said.startswith(f"Nothing added — the {count} matching cards are hidden; ")
    assert said.endswith(" — View › Show hidden cards lists them")
    assert thrasios.session.deck.count("Main") == 0
