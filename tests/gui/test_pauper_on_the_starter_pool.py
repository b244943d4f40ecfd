"""Pauper on a first start (Riftbound/formats walkthrough, issue 24): the starter pool's cards
carry no rarity, so Pauper let everything in — Sol Ring was "legal in Pauper" (the catalog
offered it, the deck took it without a problem). The shipped printings table gives each
printing's rarity: a card printed only above common is outside Pauper, named so; a card whose
rarities no one knows is let in with a warning that it cannot be checked, never called legal as
if known."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_formats_by_keyboard import add, choose_format, problem_lines
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("mtg")
    choose_format(win, qtbot, "Pauper")
    assert win.session.format_code == "pauper"
    return win


def test_sol_ring_is_not_offered_nor_taken_in_pauper(window, qtbot):
    add(window, qtbot, "Sol Ring")
    assert window.session.deck.count("Main") == 0
    note = window.catalog.empty_box.label.text()
    assert "Sol Ring" in note and "never printed at common" in note, note
    qtbot.keyClick(window.catalog.show_hidden, Qt.Key.Key_Space)  # asked for anyway
    add(window, qtbot, "Sol Ring")
    lines = [line for line in problem_lines(window) if "Sol Ring" in line]
    assert lines and "never printed at common" in lines[0], problem_lines(window)


def test_a_common_is_taken_without_a_word(window, qtbot):
    add(window, qtbot, "Lightning Bolt")
    assert window.session.deck.count("Main") == 1
    assert not [line for line in problem_lines(window) if "Lightning Bolt" in line]


def test_a_card_of_unknown_rarity_is_said_to_be_unchecked(window, qtbot):
    add(window, qtbot, "Elesh Norn, Mother of Machines")
    assert window.session.deck.count("Main") == 1
    lines = [line for line in problem_lines(window) if "cannot be checked" in line]
    assert lines and "printed at common" in lines[0], problem_lines(window)


def test_the_legality_tab_does_not_call_an_unchecked_deck_legal(window, qtbot):
    for _ in range(59):
        window.add_card("Island", "Main")
    add(window, qtbot, "Elesh Norn, Mother of Machines")
    assert window.session.deck.count("Main") == 60
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Legality")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    panel = window.legality
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    rows = {
        panel.table.item(r, 0).text(): panel.table.item(r, 1).text()
        for r in range(panel.table.rowCount())
    }
    assert rows["Pauper"] == "Not all checked"
    assert rows["Vintage"] == "Legal"
