"""Every problem in the problems list names the cards behind it (product.md: "a status bar that
always shows every conformance problem of the deck, each naming the cards involved";
walkthrough of issue 24, Riftbound): "[Main] Signature cards must carry the legend's champion
tag Ornn" and "The deck has 4 Signature cards; at most 3" named no card (they were only in the
tooltip). A line whose message names none of its cards now ends with them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()  # "add this hidden card?" answered yes
    show_active(qtbot, win)
    win.new_deck("riftbound")
    return win


def add(win, qtbot, name: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.selectAll()
    qtbot.keyClicks(win.catalog.search_box, f'!"{name}"')
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def lines(win) -> list[str]:
    return [win.problems.item(i).text() for i in range(win.problems.count())]


def test_a_problem_whose_message_names_no_card_lists_them(window, qtbot):
    add(window, qtbot, "Ornn, Fire Below the Mountain")
    qtbot.keyClick(window.catalog.show_hidden, Qt.Key.Key_Space)  # the player asks for all
    for name in ("Forgefire Cape", "Rabadon's Deathcrown", "Shurelya's Requiem", "Spinning Axe"):
        add(window, qtbot, name)
    shown = lines(window)
    assert "[Main] Signature cards must carry the legend's champion tag Ornn — Spinning Axe" in (
        shown
    ), shown
    limit = next(line for line in shown if "Signature cards; at most 3" in line)
    assert limit == (
        "[Main] The deck has 4 Signature cards; at most 3 — Forgefire Cape, "
        "Rabadon's Deathcrown, Shurelya's Requiem and 1 more"
    )
    # a message that names its cards is left as it is
    identity = next(line for line in shown if "domain identity" in line)
    assert identity == "[Main] Spinning Axe outside the legend's domain identity (Calm, Mind)"
    # and clicking the line still selects those cards in the deck pane
    row = shown.index(limit)
    qtbot.mouseClick(
        window.problems.viewport(),
        Qt.MouseButton.LeftButton,
        pos=window.problems.visualItemRect(window.problems.item(row)).center(),
    )
    assert window.status.message.line().endswith("— 4 lines selected")
