"""Riftbound's one-legend and twelve-rune sections in the catalog (riftbound.md §3.3 rules 1 and
7), as issue 24.7 made it for battlefields: with "Add to: Main" (which puts a legend in Legend and
a rune in Runes) or the section itself, a second legend and a thirteenth rune leave the catalog,
so building the main deck by Enter does not add them (it added the legend again each time it came
to the cursor: "Legend 4/1"); the predicate says why, and Show hidden still offers them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import choose, open_window, show_active

pytestmark = pytest.mark.gui
LEGEND = "Ornn, Fire Below the Mountain"


@pytest.fixture
def window(qtbot, tmp_path):
    win = open_window(qtbot, tmp_path)
    show_active(qtbot, win)
    win.new_deck("riftbound")
    return win


def counts(win, section: str) -> dict[str, int]:
    return {e.card: e.count for e in win.session.deck.section(section).entries}


def shown(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


def search(win, qtbot, text: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, text)


@pytest.mark.parametrize("target", ["Legend", "Main"])
def test_a_second_legend_is_not_offered_once_the_legend_is_chosen(window, qtbot, target):
    choose(window.target_box, "Legend")
    search(window, qtbot, f'!"{LEGEND}"')
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert counts(window, "Legend") == {LEGEND: 1}
    choose(window.target_box, window.session.game.section_title(target))
    search(window, qtbot, "t:legend")
    assert shown(window) == []
    assert window.catalog.empty_box.isVisible()
    reasons = window.session.why_hidden(window.session.card(LEGEND), target)
    assert any("already has its legend" in r for r in reasons), reasons
    for _ in range(3):  # Enter on the empty list adds nothing
        qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert counts(window, "Legend") == {LEGEND: 1}
    qtbot.keyClick(
        window.catalog.show_hidden, Qt.Key.Key_Space
    )  # still there for a player who asks
    assert LEGEND in shown(window)


@pytest.mark.parametrize("target", ["Runes", "Main"])
def test_runes_leave_the_catalog_once_twelve_are_in(window, qtbot, target):
    choose(window.target_box, window.session.game.section_title(target))
    search(window, qtbot, "t:rune")
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    for _ in range(15):
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert sum(counts(window, "Runes").values()) == 12
    assert not [p for p in window.session.problems() if p.kind.value == "RUNE_DECK"]
    assert shown(window) == []
    rune = window.session.card(next(iter(counts(window, "Runes"))))
    assert any("12 runes" in r for r in window.session.why_hidden(rune, target))


def test_the_sideboard_is_not_where_an_add_puts_a_legend_or_a_rune(window, qtbot):
    """No rule-1/7 hiding where the card does not go (rule 9 reports them in the sideboard)."""
    from deckeditor.deck import Entry

    deck = window.session.deck.add("Legend", Entry(LEGEND))
    window.session.apply(deck, "legend")
    reasons = window.session.why_hidden(window.session.card(LEGEND), "Sideboard")
    assert not [r for r in reasons if "already has its legend" in r]


def test_the_chosen_champion_is_one_card(window, qtbot):
    """Enter three times with Add to: Chosen Champion chose the champion and then added two more
    copies to that one-card section; once it holds its card, nothing more is offered there."""
    choose(window.target_box, "Chosen Champion")
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    first = window.catalog.current_card().name
    for _ in range(3):
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert counts(window, "Champion") == {first: 1}
    assert shown(window) == []
    reasons = window.session.why_hidden(window.session.card(first), "Champion")
    assert any("already has its Chosen Champion" in r for r in reasons), reasons
    # in Main the champion's other copies are still offered
    assert not window.session.why_hidden(window.session.card(first), "Main")


def test_ctrl_enter_names_the_one_side_section_there_is(window, qtbot):
    """A Riftbound deck has a Sideboard and no second side section: Ctrl+Enter on a card adds
    nothing and says which key does add to the side, not a developer's "second side section"."""
    search(window, qtbot, "Ornn")
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Down)
    table = window.catalog.table
    table.setFocus()
    before = window.session.deck
    qtbot.keyClick(table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.session.deck == before
    assert (
        window.last_message == "This deck has one side section, Sideboard: Shift+Enter adds to it"
    )
    qtbot.keyClick(table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert sum(counts(window, "Sideboard").values()) == 1
