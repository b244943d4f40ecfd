"""Oathbreaker's problems are tagged with the slot the deck pane shows (issue 24, found walking
through as a new player): the list read "[Commander] The deck is missing a signature spell" while
the pane calls the zone "Oathbreaker" and "Signature spell". `check` keeps the section (cli.md)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_oathbreaker_slots import new_oathbreaker_deck, search_and_add
from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui


def lines(win) -> list[str]:
    return [win.problems.item(i).text() for i in range(win.problems.count())]


def test_missing_slots_and_a_slot_card_are_tagged_as_the_pane_names_them(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    new_oathbreaker_deck(win, qtbot)
    shown = lines(win)
    assert "[Oathbreaker] The deck is missing an oathbreaker" in shown, shown
    assert "[Signature spell] The deck is missing a signature spell" in shown, shown
    assert not any(line.startswith("[Commander]") for line in shown)
    # the checker's own section stays the deck's (what `check` prints)
    assert {p.section for p in win.session.problems() if p.kind.value == "MISSING_COMMANDER"} == {
        "Commander"
    }
    pool = win.session.pool.cards
    walker = next(
        c
        for c in pool
        if "Planeswalker" in c.types
        and "Legendary" in c.faces[0].supertypes
        and bin(c.identity).count("1") == 1
    )
    outside = next(c for c in pool if "Instant" in c.types and c.identity & ~walker.identity)
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    choose(win.target_box, "Oathbreaker")
    search_and_add(win, qtbot, f'!"{walker.name}"')
    shown = lines(win)
    assert "[Signature spell] The deck is missing a signature spell" in shown, shown
    assert not any("missing an oathbreaker" in line for line in shown)
    # a signature spell outside the oathbreaker's colours: named in its own slot
    win.confirm_hidden = lambda name, reasons: True
    choose(win.target_box, "Signature spell")
    win.catalog.show_hidden.setChecked(True)
    search_and_add(win, qtbot, f'!"{outside.name}"')
    shown = lines(win)
    assert any(line.startswith(f"[Signature spell] {outside.name}") for line in shown), shown
    assert not any(line.startswith("[Commander]") for line in shown), shown


def test_the_legality_overview_tags_oathbreaker_problems_the_same_way(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.add_card("Sol Ring", "Main")  # a Commander deck, read in the overview's Oathbreaker row
    win.tabs.setCurrentWidget(win.legality)
    panel = win.legality
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    titles = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    panel.table.setFocus()
    panel.table.setCurrentCell(0, 0)
    while panel.table.currentRow() != titles.index("Oathbreaker"):
        qtbot.keyClick(panel.table, Qt.Key.Key_Down)
    shown = lines(panel)
    assert "[Oathbreaker] The deck is missing an oathbreaker" in shown, shown
    assert "[Signature spell] The deck is missing a signature spell" in shown, shown
    assert not any(line.startswith("[Commander]") for line in shown), shown
