"""The bracket beside the format counts its Game Changers as a player says it (found walking
through as a new player): one Game Changer read "Bracket floor 3 · 1 Game Changers", and a chosen
bracket read "Bracket 2 · 2/0 Game Changers · list implies 3"; with none chosen, "Bracket floor 3"
was jargon."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui


def add(win, qtbot, name: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, name)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def test_one_game_changer_is_singular_two_are_plural(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    add(win, qtbot, "Sol Ring")
    assert win.status.target_status.text() == "Plays like bracket 1 · 0 Game Changers"
    add(win, qtbot, "Demonic Tutor")
    assert win.status.target_status.text() == "Plays like bracket 3 · 1 Game Changer"
    add(win, qtbot, "Rhystic Study")
    assert win.status.target_status.text() == "Plays like bracket 3 · 2 Game Changers"


def test_with_no_bracket_chosen_it_says_where_the_list_plays_and_why(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    add(win, qtbot, "Sol Ring")
    status = win.status.target_status
    assert status.toolTip().splitlines()[0] == (
        "No bracket chosen (the Bracket box chooses one): the list plays like bracket 1, "
        "as nothing in it asks for more"
    )
    add(win, qtbot, "Demonic Tutor")
    assert status.text() == "Plays like bracket 3 · 1 Game Changer"
    assert "floor" not in status.text() + status.toolTip()
    assert status.toolTip().splitlines()[:3] == [
        "No bracket chosen (the Bracket box chooses one): the list plays like bracket 3, "
        "the lowest its cards allow (the lines below say why)",
        "The list rules out brackets below 3",
        "≥ 3: 1 Game Changers — Demonic Tutor",
    ]
    choose(win.status.target_box, "3 Upgraded")
    choose(win.status.target_box, "No bracket")  # back to none: the same words
    assert status.text() == "Plays like bracket 3 · 1 Game Changer"


def test_a_chosen_bracket_says_what_it_allows_and_where_the_list_plays(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    for name in ("Demonic Tutor", "Rhystic Study"):
        add(win, qtbot, name)
    choose(win.status.target_box, "2 Core")
    status = win.status.target_status
    assert status.text() == (
        "Bracket 2 chosen · 2 Game Changers (bracket 2 allows none) · the list plays like bracket 3"
    )
    assert status.toolTip().splitlines()[:2] == [
        "You chose bracket 2: it allows no Game Changers; its cards play like bracket 3 "
        "(the lines below say why)",
        "The list rules out brackets below 3",
    ]
    choose(win.status.target_box, "3 Upgraded")
    assert status.text() == "Bracket 3 chosen · 2 Game Changers (bracket 3 allows 3)"
    assert status.toolTip().splitlines()[0] == (
        "You chose bracket 3: it allows three Game Changers; the list fits it"
    )
    choose(win.status.target_box, "4 Optimized")
    assert status.text() == "Bracket 4 chosen · 2 Game Changers"


def test_the_longest_bracket_words_fit_a_1366_laptop(qtbot, tmp_path, monkeypatch):
    from tests.gui.test_window_fit import LAPTOP, cut_texts, on_screen
    from tests.gui.test_window_fit import make_window as laptop_window

    on_screen(monkeypatch, LAPTOP)
    win = laptop_window(qtbot, tmp_path / "home")
    show_active(qtbot, win)
    for name in ("Demonic Tutor", "Rhystic Study"):
        add(win, qtbot, name)
    status = win.status.target_status
    for choice, words in (
        ("No bracket", "Plays like bracket 3 · 2 Game Changers"),
        ("2 Core", "· the list plays like bracket 3"),
    ):
        choose(win.status.target_box, choice)
        assert status.text().endswith(words)
        qtbot.wait(50)  # the status bar lays out the new words
        assert win.width() <= LAPTOP.width()
        assert status.isVisible() and status.visibleRegion().boundingRect().width() >= (
            status.sizeHint().width() - 1
        )
        assert cut_texts(win) == []
