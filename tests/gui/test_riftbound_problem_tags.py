"""Riftbound's problems are tagged with the section names the deck pane shows (issue 24.8, found
walking through as a new player): the list read "[Champion] No Chosen Champion" beside a pane
whose header says "Chosen Champion 0/1". `check` keeps the section (cli.md: "Champion")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
LEGEND = "Ornn, Fire Below the Mountain"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def new_riftbound_deck(win, qtbot) -> None:
    """Ctrl+N, the New deck dialog answered with Riftbound."""

    def answer(dialog):
        dialog.game_box.setCurrentIndex(dialog.game_box.findData("riftbound"))
        dialog.name_edit.setText("Rift")
        return True

    win.run_dialog = answer
    qtbot.keyClick(win, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert win.session.game_code == "riftbound"


def lines(win) -> list[str]:
    return [win.problems.item(i).text() for i in range(win.problems.count())]


def tags(win) -> set[str]:
    return {line[1 : line.index("]")] for line in lines(win) if line.startswith("[")}


def pane_names(win) -> set[str]:
    """The deck pane's section headers without their counts ("Chosen Champion 0/1")."""
    from deckeditor.ui.deck_model import SECTION_ROLE

    model = win.deck_pane.model
    heads = (model.index(r, 0) for r in range(model.rowCount()))
    return {i.data().rsplit(" ", 1)[0] for i in heads if i.data(SECTION_ROLE)}


def add(win, qtbot, search: str, key: Qt.Key = Qt.Key.Key_Return, mods=None) -> None:
    """Alt+1, type the search, Enter, then `key` on the catalog's first card."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, search)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, key, mods or Qt.KeyboardModifier.NoModifier)


def test_an_empty_deck_s_problems_use_the_pane_s_section_names(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    new_riftbound_deck(win, qtbot)
    shown = lines(win)
    assert "[Chosen Champion] No Chosen Champion" in shown, shown
    assert "[Legend] The deck has no Legend" in shown, shown
    assert {"Legend", "Chosen Champion", "Main", "Runes", "Battlefields"} <= tags(win), shown
    assert tags(win) <= pane_names(win), (shown, pane_names(win))
    assert not any(line.startswith("[Champion]") for line in shown), shown
    # the checker's own section stays the deck's (what `check` prints)
    assert "Champion" in {p.section for p in win.session.problems()}


def test_a_champion_without_the_legend_s_tag_is_tagged_chosen_champion(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    new_riftbound_deck(win, qtbot)
    add(win, qtbot, f'!"{LEGEND}"')
    add(win, qtbot, '!"Jax, Unmatched"', Qt.Key.Key_C, CTRL_SHIFT)  # Set as lead card
    assert win.session.deck.section("Champion").total == 1
    shown = lines(win)
    assert "[Chosen Champion] Jax, Unmatched lacks the legend's champion tag Ornn" in shown, shown
    assert tags(win) <= pane_names(win), (shown, pane_names(win))
    assert not any(line.startswith("[Champion]") for line in shown), shown
