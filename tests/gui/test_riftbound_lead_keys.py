"""Ctrl+Shift+C ("Set as lead card") and the Deck menu on a Riftbound catalog card (walkthrough of
issue 24, Riftbound): once the legend was set, the key on a champion unit in the catalog said
"The deck has its legend: to change it, select a deck line" and did nothing, and after the Deck
menu had been opened once on a line with no lead action, the key did nothing at all (the menu
left its action disabled). Now the key and the menu do what a player expects for the game's lead
sections, asking the game: a champion unit becomes the Chosen Champion (a copy already in Main
moves; a previous champion goes back to Main), another legend takes the legend's place, and a
card that can lead nothing says so."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
LEGEND = "Ornn, Fire Below the Mountain"
CHAMPION = "Ornn, Forge God"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("riftbound")
    return win


def sections(win) -> dict[str, dict[str, int]]:
    deck = win.session.deck
    return {s: {e.card: e.count for e in deck.section(s).entries} for s in win.session.sections}


def pick(win, qtbot, text: str) -> None:
    """Alt+1, type the search, Enter: the cursor is on the first card in the catalog."""
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, text)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is win.catalog.table


def lead_key(win, qtbot) -> str:
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_C, CTRL_SHIFT)
    return win.status.message.line()


def section_label(win, section: str) -> str:
    from deckeditor.ui.deck_model import SECTION_ROLE

    model = win.deck_pane.model
    rows = (model.index(r, 0) for r in range(model.rowCount()))
    return next(i.data() for i in rows if i.data(SECTION_ROLE) == section)


def set_legend(win, qtbot) -> None:
    pick(win, qtbot, f'!"{LEGEND}"')
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)
    assert sections(win)["Legend"] == {LEGEND: 1}


def test_the_lead_key_makes_a_catalog_champion_the_chosen_champion(window, qtbot):
    set_legend(window, qtbot)
    pick(window, qtbot, f'!"{CHAMPION}"')
    said = lead_key(window, qtbot)
    assert said == f"{CHAMPION} is now the chosen champion"
    assert sections(window)["Champion"] == {CHAMPION: 1}
    assert sections(window)["Main"] == {}
    assert section_label(window, "Champion") == "Chosen Champion 1/1"
    assert not [p for p in window.session.problems() if p.kind.value == "CHOSEN_CHAMPION"]
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sections(window)["Champion"] == {}  # one undo step


def test_a_champion_already_in_main_moves_and_the_count_stays(window, qtbot):
    set_legend(window, qtbot)
    pick(window, qtbot, f'!"{CHAMPION}"')
    for _ in range(2):
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert sections(window)["Main"] == {CHAMPION: 2}
    lead_key(window, qtbot)
    assert sections(window)["Main"] == {CHAMPION: 1}
    assert sections(window)["Champion"] == {CHAMPION: 1}


def test_another_champion_takes_the_place_and_the_first_goes_to_main(window, qtbot):
    set_legend(window, qtbot)
    pick(window, qtbot, f'!"{CHAMPION}"')
    lead_key(window, qtbot)
    pick(window, qtbot, '!"Jax, Unmatched"')  # a champion unit of another champion's tag
    said = lead_key(window, qtbot)
    assert said == (
        "Jax, Unmatched is now the chosen champion — it lacks the legend's champion tag Ornn"
    )
    assert sections(window)["Champion"] == {"Jax, Unmatched": 1}
    assert sections(window)["Main"] == {CHAMPION: 1}
    problems = window.problems
    shown = [problems.item(i).text() for i in range(problems.count())]
    assert any("Ornn" in line and "[Chosen Champion]" in line for line in shown), shown


def test_a_card_that_can_lead_nothing_says_so(window, qtbot):
    set_legend(window, qtbot)
    before = sections(window)
    pick(window, qtbot, '!"Calm Rune"')
    said = lead_key(window, qtbot)
    assert said == "Calm Rune cannot lead the deck: only a legend or a champion unit can"
    assert sections(window) == before


def test_a_rune_is_not_put_in_an_empty_legend_section(window, qtbot):
    pick(window, qtbot, '!"Calm Rune"')
    lead_key(window, qtbot)
    assert sections(window)["Legend"] == {}


def open_deck_menu(win, qtbot):
    menu = win.lead_menu_action.parent()
    qtbot.keyClick(win, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(menu.isVisible)
    return menu


def close_menu(win, qtbot, menu) -> None:
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible())
    win.catalog.table.setFocus()


def test_the_deck_menu_names_what_the_key_does_and_leaves_it_working(window, qtbot):
    """Alt+D opens the Deck menu over the catalog; its first item names the catalog card's lead
    (disabled on a card that leads nothing); after Escape, Ctrl+Shift+C works on the next card
    without opening the menu again."""
    set_legend(window, qtbot)
    pick(window, qtbot, '!"Calm Rune"')
    menu = open_deck_menu(window, qtbot)
    assert window.lead_menu_action.text() == "Set as &lead card"
    assert not window.lead_menu_action.isEnabled()
    close_menu(window, qtbot, menu)
    pick(window, qtbot, f'!"{CHAMPION}"')
    lead_key(window, qtbot)
    assert sections(window)["Champion"] == {CHAMPION: 1}
    pick(window, qtbot, '!"Jax, Unmatched"')
    menu = open_deck_menu(window, qtbot)
    assert window.lead_menu_action.text() == "Make chosen champion: Jax, Unmatched"
    assert window.lead_menu_action.isEnabled()
    assert not window.catalog_lead_menu_action.isVisible()  # one item, not a second
    close_menu(window, qtbot, menu)


def test_another_legend_from_the_catalog_replaces_the_legend(make_window, qtbot):
    """On the real gallery pool: Ctrl+Shift+C on a second legend makes it the legend (the
    catalog hides other legends once one is chosen; Show hidden lists them)."""
    from tests.support.riftbound import real_pool

    win = make_window()
    show_active(qtbot, win)
    win.pools["riftbound"] = real_pool()
    win.new_deck("riftbound")
    set_legend(win, qtbot)
    qtbot.keyClick(win.catalog.show_hidden, Qt.Key.Key_Space)
    pick(win, qtbot, '!"Jinx, Loose Cannon"')
    said = lead_key(win, qtbot)
    assert said == f"Jinx, Loose Cannon is now the legend, in place of {LEGEND}"
    assert sections(win)["Legend"] == {"Jinx, Loose Cannon": 1}
    assert sum(sum(s.values()) for s in sections(win).values()) == 1


def test_the_hidden_reason_names_the_action_that_swaps_the_champion(window, qtbot):
    """With "Add to: Chosen Champion" a second champion is hidden; the reason said "remove it
    to choose another", though the catalog's own action now puts it in its place."""
    from tests.support.player_window import choose

    set_legend(window, qtbot)
    pick(window, qtbot, f'!"{CHAMPION}"')
    lead_key(window, qtbot)
    choose(window.target_box, "Chosen Champion")
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    window.catalog.search_box.selectAll()
    qtbot.keyClicks(window.catalog.search_box, '!"Ornn, Blacksmith"')
    note = window.catalog.empty_box.label.text()
    assert note.endswith(
        f"The deck already has its Chosen Champion ({CHAMPION}); "
        "“Make chosen champion” puts this one in its place"
    ), note
