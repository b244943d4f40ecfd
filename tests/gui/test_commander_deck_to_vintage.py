"""A Commander deck switched to a format without a command zone (formats walkthrough, issue 24):
Deck › Format › Vintage kept the Commander section on view with Atraxa in it, counted nowhere
and named by no problem — the deck read as checked in full. The section stays (nothing is lost,
switching back makes Atraxa the commander again), and the status line and the problem list say
that Vintage has no Commander section, naming the card and what to do; undo brings Commander
back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from deckeditor.paths import resources_dir
from tests.gui.test_formats_by_keyboard import choose_format, problem_lines
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui
DECK = str(resources_dir() / "decks" / "thrasios-tymna.deck.json")


def test_vintage_names_the_commanders_it_does_not_count(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    assert win.open_path(DECK)
    commanders = [e.card for e in win.session.deck.section("Commander").entries]
    assert commanders
    choose_format(win, qtbot, "Vintage")
    said = win.status.message.line()
    assert said.startswith("Format: Vintage — Vintage has no Commander section: ")
    assert all(name in said for name in commanders)
    assert "not counted" in said and "move them to a section Vintage counts" in said
    lines = [line for line in problem_lines(win) if "has no Commander section" in line]
    assert len(lines) == 1 and all(name in lines[0] for name in commanders)
    assert "✔ legal" not in win.status.problem_label.text()
    # nothing was moved: back in Commander they lead again, and no warning is left
    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.session.format_code == "commander"
    assert [e.card for e in win.session.deck.section("Commander").entries] == commanders
    assert not [line for line in problem_lines(win) if "has no Commander section" in line]
