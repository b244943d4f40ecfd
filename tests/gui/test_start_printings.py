"""Issue 24.10: a deck opened at start paints without loading MTG's printing table (~25 ms):
the card view shows its line's printing row as before ("any printing", the collector number
box), and fills the printing list when the player first uses it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from deckeditor.games.mtg import set_table
from deckeditor.paths import resources_dir
from deckeditor.ui.app import defer_printings_until_painted

pytestmark = pytest.mark.gui

DECK = resources_dir() / "decks" / "thrasios-tymna.deck.json"


def printing_row(view) -> tuple:
    box = view.printing_box
    return (
        box.isVisible(),
        box.currentText(),
        view.number_edit.isVisible(),
        view.number_edit.isEnabled(),
        view.number_edit.text(),
        view.text.toPlainText(),
    )


def items(box) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def opened_at_start(make_window, defer: bool):
    win = make_window()
    if defer:
        defer_printings_until_painted(win)  # as ui.app.run_gui does
    assert win.open_path(str(DECK))
    win.show()
    QTest.qWaitForWindowExposed(win)
    return win


def test_the_lead_s_printing_row_shows_as_before_without_the_printing_table(make_window):
    shown = opened_at_start(make_window, defer=False)
    assert shown.card_view.card.name == "Thrasios, Triton Hero"
    expected, full = printing_row(shown.card_view), items(shown.card_view.printing_box)
    shown.close()
    assert expected[:2] == (True, "any printing") and len(full) > 1

    set_table._printings.cache_clear()  # as in a fresh process
    win = opened_at_start(make_window, defer=True)
    assert printing_row(win.card_view) == expected
    assert set_table._printings.cache_info().currsize == 0


def test_the_printing_list_is_filled_when_first_used_by_keyboard(make_window):
    shown = opened_at_start(make_window, defer=False)
    full = items(shown.card_view.printing_box)
    shown.close()

    win = opened_at_start(make_window, defer=True)
    box = win.card_view.printing_box
    box.setFocus()
    QTest.keyClick(box, Qt.Key.Key_Down)  # the first printing after "any printing"
    assert items(box) == full and box.currentIndex() == 1
    entry = next(e for e in win.session.deck.section("Commander").entries if "Thrasios" in e.card)
    assert entry.printing is not None and box.currentText().startswith(
        win.session.game.printing_text(entry.printing).split(" · ")[0]
    )


def test_after_the_first_paint_a_card_shows_its_whole_printing_list(make_window):
    win = opened_at_start(make_window, defer=True)
    QTest.qWait(50)  # the first paint has been handled
    win.deck_pane.select_cards(["Thrasios, Triton Hero"])
    assert win.card_view.printing_box.count() > 1 and win.card_view.printing_box.pending is None
