"""The deck pane of a Riftbound deck (walkthrough of issue 24, Riftbound): grouped by type, each
one-kind section said its kind twice ("Legend 1/1" over "Legend (1)", "Runes 12/12" over "Rune
(12)", "Battlefields 3/3" over "Battlefield (3)"). Those sections (the game's
`single_kind_sections`) now list their lines under the section's own head when they fall in one
group; grouped by domain, the runes keep a head per domain; Main keeps its type groups."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from deckeditor.ui.deck_model import KIND_ROLE, SECTION_ROLE
from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("riftbound")
    return win


def add(win, qtbot, name: str, times: int = 1) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.selectAll()
    qtbot.keyClicks(win.catalog.search_box, f'!"{name}"')
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    for _ in range(times):
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def tree(win) -> dict[str, list[tuple[str, str]]]:
    """Each section head's text -> its children as (kind, text)."""
    model = win.deck_pane.model
    out = {}
    for r in range(model.rowCount()):
        head = model.index(r, 0)
        kids = [model.index(c, 0, head) for c in range(model.rowCount(head))]
        out[head.data()] = [(k.data(KIND_ROLE), k.data()) for k in kids]
        assert head.data(SECTION_ROLE)
    return out


def build(win, qtbot) -> None:
    add(win, qtbot, "Ornn, Fire Below the Mountain")
    add(win, qtbot, "Calm Rune", 6)
    add(win, qtbot, "Mind Rune", 6)
    for field in ("Ornn's Forge", "Power Nexus", "Treasure Hoard"):
        add(win, qtbot, field)
    add(win, qtbot, "Apprentice Smith", 2)
    add(win, qtbot, "Charm", 1)


def test_one_kind_sections_list_their_lines_under_their_own_head(window, qtbot):
    build(window, qtbot)
    shown = tree(window)
    assert shown["Legend 1/1"] == [("entry", "Ornn, Fire Below the Mountain")]
    assert [kind for kind, _ in shown["Runes 12/12"]] == ["entry", "entry"]
    assert [kind for kind, _ in shown["Battlefields 3/3"]] == ["entry"] * 3
    assert shown["Main 3/40"] == [("group", "Unit  (2)"), ("group", "Spell  (1)")]


def test_grouped_by_domain_the_runes_keep_a_head_per_domain(window, qtbot):
    build(window, qtbot)
    choose(window.deck_pane.group_box, "Domain")
    shown = tree(window)
    assert shown["Runes 12/12"] == [("group", "Calm  (6)"), ("group", "Mind  (6)")]
    assert [kind for kind, _ in shown["Legend 1/1"]] == ["entry"]
