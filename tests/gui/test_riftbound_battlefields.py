"""Riftbound battlefields in the catalog (issue 24.7, riftbound.md §3.3 rule 8: three battlefields
of different names): with "Add to: Battlefields" (or Main, which puts a battlefield there), a
battlefield already in the deck leaves the catalog, Enter cannot add it a second time, and once
the three are in, no battlefield is offered — the predicate says why."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt

from deckeditor.deck import Entry, new_deck
from deckeditor.games import registry
from tests.support.player_window import choose, show_active

DAY = dt.date(2026, 1, 3)
pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("riftbound")
    return win


def battlefields(win) -> dict[str, int]:
    return {e.card: e.count for e in win.session.deck.section("Battlefields").entries}


def shown(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


def search(win, qtbot, text: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, text)


@pytest.mark.parametrize("target", ["Battlefields", "Main"])
def test_enter_three_times_adds_a_battlefield_once(window, qtbot, target):
    choose(window.target_box, window.session.game.section_title(target))
    search(window, qtbot, "t:battlefield")
    first = shown(window)[0]
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    assert window.catalog.current_card().name == first
    for _ in range(3):
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    # each Enter took the row that came to the cursor: three different battlefields
    assert len(battlefields(window)) == 3 and set(battlefields(window).values()) == {1}
    assert first in battlefields(window)
    assert not [p for p in window.session.problems() if p.kind.value == "BATTLEFIELDS"]
    # the three are in: no battlefield is offered any more, and the catalog says why
    assert shown(window) == []
    assert window.catalog.empty_box.isVisible()
    card = window.session.card(first)
    assert any(
        "already one of the deck's battlefields" in r
        for r in window.session.why_hidden(card, target)
    )


def test_a_battlefield_in_the_deck_leaves_the_catalog(window, qtbot):
    choose(window.target_box, "Battlefields")
    search(window, qtbot, "t:battlefield")
    name = shown(window)[0]
    window.catalog.search_box.clear()
    qtbot.keyClicks(window.catalog.search_box, f'!"{name}"')
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_Return)
    for _ in range(3):
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return)
    assert battlefields(window) == {name: 1}
    assert shown(window) == []  # the exact name now finds nothing the deck may take


@pytest.mark.realdata
def test_the_predicate_hides_a_taken_or_fourth_battlefield():
    from tests.support.riftbound import real_pool

    pool = real_pool()  # 64 battlefields
    game = registry.game("riftbound")
    fields = [c.name for c in pool.cards if "Battlefield" in c.types]
    from deckeditor.format_catalog import load_format

    fmt = load_format("riftbound")
    deck = new_deck("riftbound").add("Battlefields", Entry(fields[0]))
    pred = game.make_predicate(deck, fmt, DAY, pool, "Battlefields")
    rows = set(pred.visible_rows(range(len(pool))))
    taken, free = pool.row_of(fields[0]), pool.row_of(fields[1])
    assert taken not in rows and free in rows
    assert [r.kind for r in pred.why_hidden(pool.get(fields[0]))] == ["BATTLEFIELD_TAKEN"]
    full = deck.add("Battlefields", Entry(fields[1])).add("Battlefields", Entry(fields[2]))
    pred = game.make_predicate(full, fmt, DAY, pool, "Main")
    assert not any(
        "Battlefield" in pool.cards[r].types for r in pred.visible_rows(range(len(pool)))
    )
    assert [r.kind for r in pred.why_hidden(pool.get(fields[3]))] == ["BATTLEFIELDS_FULL"]
    # the sideboard is not where an add puts a battlefield: no rule-8 hiding there
    side = game.make_predicate(full, fmt, DAY, pool, "Sideboard")
    assert not [r for r in side.why_hidden(pool.get(fields[3])) if r.kind.startswith("BATTLEFIELD")]
