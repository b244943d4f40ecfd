"""Riftbound deck codes through the window as a player uses them (walkthrough of issue 24,
Riftbound): a code from Piltover Archive pasted with Ctrl+Shift+V opens in its six sections
(riftbound.md §4.6) with the problems of §3.5 in the problems list, and Edit › Copy deck as ›
Riftbound deck code gives a code that pastes back to the same deck. The status line said
"Imported Imported deck" for a code (which names no deck); it now says what came in."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tests.conftest import shared_data
from tests.support.player_window import show_active
from tests.support.riftbound import real_pool, vectors

pytestmark = pytest.mark.gui
SECTIONS = ("Legend", "Champion", "Main", "Runes", "Battlefields", "Sideboard")
# riftbound.md §4.6: cards per section
EXPECTED = {
    "ex1": (1, 0, 3, 12, 0, 2),
    "ex2": (1, 1, 39, 12, 3, 6),
    "ex3": (1, 1, 39, 12, 3, 7),
}


@pytest.fixture(scope="module")
def pool():
    return real_pool()


@pytest.fixture(scope="module")
def codes():
    return {
        name: v["code"]
        for name, v in vectors(shared_data("riftbound", "deckcode-test-vectors.json")).items()
    }


@pytest.fixture
def window(make_window, qtbot, pool):
    win = make_window()
    win.run_dialog = lambda dialog: True  # the import preview's "Open deck"
    show_active(qtbot, win)
    win.pools["riftbound"] = pool
    win.new_deck("riftbound")
    return win


def paste(win, qtbot, text: str) -> None:
    QGuiApplication.clipboard().setText(text)
    qtbot.keyClick(
        win, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )


def counts(win) -> tuple[int, ...]:
    return tuple(win.session.deck.count(s) for s in SECTIONS)


def problem_lines(win) -> list[str]:
    return [win.problems.item(i).text() for i in range(win.problems.count())]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_pasted_code_opens_in_its_sections_and_says_what_came_in(window, qtbot, codes, name):
    paste(window, qtbot, codes[name])
    assert counts(window) == EXPECTED[name]
    total = sum(EXPECTED[name])
    assert window.status.message.line() == f"Imported a deck of {total} cards, not saved yet"
    lines = problem_lines(window)
    if name == "ex1":  # §3.5: no champion, 3 cards, no battlefields
        assert any(line.startswith("[Chosen Champion]") for line in lines), lines
        assert any(line.startswith("[Battlefields]") for line in lines), lines
    elif name == "ex2":  # the window checks today, past the 2026-07-24 list
        assert lines == [
            "[Main] Fight or Flight is banned in Riftbound since 2026-07-24",
            "[Battlefields] The Arena's Greatest is banned in Riftbound since 2026-07-24",
        ]
    else:
        assert lines == ["✔  The deck conforms to the format"]


def copy_as_code(win) -> str:
    """Edit › Copy deck as › Riftbound deck code, the menu filled as it opens."""
    edit = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Edit")
    copy = next(a.menu() for a in edit.actions() if a.text() == "&Copy deck as")
    copy.aboutToShow.emit()
    next(a for a in copy.actions() if a.text() == "Riftbound deck code").trigger()
    return QGuiApplication.clipboard().text()


@pytest.mark.parametrize("name", ["ex2", "ex3"])
def test_a_copied_code_pastes_back_to_the_same_deck(window, qtbot, codes, name):
    paste(window, qtbot, codes[name])
    before = {
        s: sorted((e.card, e.count) for e in window.session.deck.section(s).entries)
        for s in SECTIONS
    }
    code = copy_as_code(window)
    assert window.status.message.line().startswith("Copied the deck as Riftbound deck code")
    window.new_deck("riftbound")
    paste(window, qtbot, code)
    after = {
        s: sorted((e.card, e.count) for e in window.session.deck.section(s).entries)
        for s in SECTIONS
    }
    assert after == before


def test_a_pasted_deck_saved_as_a_file_takes_its_name(window, qtbot, codes, tmp_path):
    """Saved as jinx.deck.json, a pasted code stayed "Imported deck" in the title and in every
    export; reopened, it is the same deck under the file's name."""
    paste(window, qtbot, codes["ex2"])
    path = tmp_path / "jinx.deck.json"
    assert window.save_as(str(path))
    assert window.session.deck.name == "jinx"
    assert window.windowTitle().startswith("jinx — jinx.deck.json")
    before = counts(window)
    window.new_deck("riftbound")
    assert window.open_path(str(path))
    assert window.session.deck.name == "jinx" and counts(window) == before
    # a deck the player named keeps its name whatever the file is called
    window.session.rename("Budget Jinx")
    assert window.save_as(str(tmp_path / "other.deck.json"))
    assert window.session.deck.name == "Budget Jinx"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("CMAQ=CAAAA4", "Line 1: deck code: character 4: '=' is not a deck-code character"),
        (
            "CMAQCAAAA4AAAAAAAAAAAAABAEBQAFQAAEAQAAH3AEAACAIDAAEQAA",
            "Line 1: deck code: byte 33: truncated: expected the champion trailer",
        ),
    ],
)
def test_a_broken_code_is_named_by_its_line_not_a_file(make_window, qtbot, pool, text, said):
    """A pasted code that cannot be read said "<text>:1: deck code: …" under the preview."""
    seen = []
    win = make_window()
    win.run_dialog = lambda dialog: seen.append(dialog.error.text()) or False  # then Cancel
    show_active(qtbot, win)
    win.pools["riftbound"] = pool
    win.new_deck("riftbound")
    paste(win, qtbot, text)
    assert seen == [said]
    assert win.session.deck.count() == 0
