"""A malformed search keeps the last good results (search.md §6) and says whose they are: typing
`o:"draw a card` without the closing quote left 18,313 cards starting with "O" under
"⚠ unclosed quote", which a player reads as the answer to the query. The message beside the box
names the query the list shows, or every card; an unsupported key still empties the list."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    return win


def shown(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


def test_an_unclosed_quote_names_the_query_the_list_shows(window, qtbot):
    box = window.catalog.search_box
    qtbot.keyClicks(box, "t:instant o")
    kept = shown(window)
    assert kept and all("o" in name.casefold() for name in kept)
    qtbot.keyClicks(box, ':"draw a card')
    label = window.catalog.error_label
    assert label.isVisible()
    assert label.text() == "⚠ unclosed quote (at 13) — showing results for “t:instant o”"
    assert shown(window) == kept
    qtbot.keyClick(box, Qt.Key.Key_QuoteDbl)  # closed: the message goes, the answer is shown
    assert not label.isVisible()
    assert shown(window) != kept


def test_an_error_from_an_empty_box_says_every_card_is_shown(window, qtbot):
    every = shown(window)
    qtbot.keyClicks(window.catalog.search_box, '"sol')
    label = window.catalog.error_label
    assert label.text() == "⚠ unclosed quote (at 1) — showing every card"
    assert shown(window) == every


def test_a_long_message_wraps_instead_of_widening_the_catalog(window, qtbot):
    width = window.catalog.width()
    qtbot.keyClicks(window.catalog.search_box, "t:creature foo:bar")
    label = window.catalog.error_label
    assert label.text().startswith('⚠ unknown key "foo"')
    assert label.text().endswith("— showing results for “t:creature foo”")
    assert label.wordWrap()
    assert window.catalog.width() == width
