"""The format engine in the window for a keyboard player (walkthrough of issue 24, formats other
than Commander): the format and the day lived only in the status bar, which no key reached (Tab
stayed in the catalog, moving from cell to cell); typing a day into the date box took
"2024-09-22" as 2024-12-09; the restricted list spoke the engine's labels ('the taboo list
"2026-01-03" from 2026-01-03 restricts it to 1') and the catalog said only "1 of 1 already in
the deck" for a restricted card; the undo item read "Format vintage". Now Tab leaves the catalog,
Deck › Format lists the game's formats and asks the day as YYYY-MM-DD, and the words are a
player's."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from deckeditor.ui.format_menu import parse_day
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("mtg")
    return win


def open_format_menu(win, qtbot):
    """Alt+D (Deck), F (Format): the submenu, open."""
    QTest.keyClick(win, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    deck_menu = QApplication.activePopupWidget()
    QTest.keyClick(deck_menu, Qt.Key.Key_F)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() not in (None, deck_menu))
    return QApplication.activePopupWidget()


def choose_format(win, qtbot, title: str) -> None:
    menu = open_format_menu(win, qtbot)
    titles = [a.text() for a in menu.actions() if a.text()]
    assert title in titles, titles
    for _ in range(len(menu.actions())):
        if menu.activeAction() is not None and menu.activeAction().text() == title:
            break
        QTest.keyClick(menu, Qt.Key.Key_Down)
    QTest.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)


def add(win, qtbot, name: str, times: int = 1) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.selectAll()
    qtbot.keyClicks(win.catalog.search_box, f'!"{name}"')
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    for _ in range(times):
        qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def problem_lines(win) -> list[str]:
    return [win.problems.item(i).text() for i in range(win.problems.count())]


def test_tab_leaves_the_catalog_and_reaches_the_format_and_the_day(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is window.catalog.table
    reached = []
    for _ in range(30):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    assert window.deck_pane.tree in reached
    assert window.status.format_box in reached
    assert window.status.day_edit in {w.parentWidget() for w in reached} | set(reached)


def test_deck_format_lists_the_formats_and_switches_by_keyboard(window, qtbot):
    menu = open_format_menu(window, qtbot)
    titles = [a.text() for a in menu.actions() if a.text()]
    assert {"Standard", "Modern", "Legacy", "Vintage", "Pauper", "Commander"} <= set(titles)
    assert next(a for a in menu.actions() if a.isChecked()).text() == "Commander"
    QTest.keyClick(menu, Qt.Key.Key_Escape)
    QTest.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_Escape)
    choose_format(window, qtbot, "Vintage")
    assert window.session.format_code == "vintage"
    assert window.status.format_box.currentText() == "Vintage"
    assert window.status.message.line() == "Format: Vintage"
    assert window.session.history.undo_text() == "Format: Vintage"
    assert any("at least 60" in line for line in problem_lines(window))


def test_vintage_restricted_list_in_a_players_words(window, qtbot):
    choose_format(window, qtbot, "Vintage")
    add(window, qtbot, "Sol Ring", 2)  # the second Enter finds the row gone
    assert window.session.deck.count("Main") == 1
    note = window.catalog.empty_box.label.text()
    assert note.startswith("hidden: the deck's rules hide 1 matching card — Sol Ring: 1 of 1")
    assert "Vintage restricts it to 1" in note and "taboo" not in note
    qtbot.keyClick(window.catalog.show_hidden, Qt.Key.Key_Space)  # asked for anyway
    add(window, qtbot, "Sol Ring")
    restricted = [line for line in problem_lines(window) if "Sol Ring" in line]
    assert len(restricted) == 1 and restricted[0].startswith(
        "[Main] The deck has 2 copies of Sol Ring; Vintage restricts it to 1"
    ), restricted
    assert "taboo" not in restricted[0]


def test_the_day_of_the_lists_is_typed_whole(window, qtbot):
    """Commander on 2024-09-22 and 2024-09-23: Mana Crypt's ban starts on the second day."""
    answers = iter(["2024-09-22", "22/09/2024", "2024-09-23"])
    window.ask_text = lambda title, label, text: next(answers)
    menu = open_format_menu(window, qtbot)
    QTest.keyClick(menu, Qt.Key.Key_D)  # "Day of the ban lists…"
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    assert window.session.day == dt.date(2024, 9, 22)
    assert window.status.day_edit.date().toString("yyyy-MM-dd") == "2024-09-22"
    add(window, qtbot, "Mana Crypt")
    assert window.session.deck.count("Main") == 1
    menu = open_format_menu(window, qtbot)
    QTest.keyClick(menu, Qt.Key.Key_D)
    assert window.status.message.line() == (
        "“22/09/2024” is not a day: write it as YYYY-MM-DD (2024-09-23)"
    )
    assert window.session.day == dt.date(2024, 9, 22)  # unchanged
    menu = open_format_menu(window, qtbot)
    QTest.keyClick(menu, Qt.Key.Key_D)
    assert window.status.message.line() == "The lists of 2024-09-23 apply"
    assert "[Main] Mana Crypt is banned in Commander since 2024-09-23" in problem_lines(window)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("2024-02-30", "“2024-02-30” is not a day of the calendar"),
        ("2024-9-3", "“2024-9-3” is not a day: write it as YYYY-MM-DD (2024-09-23)"),
        ("", "“” is not a day: write it as YYYY-MM-DD (2024-09-23)"),
    ],
)
def test_a_day_that_is_not_one_is_named(text, error):
    with pytest.raises(ValueError) as caught:
        parse_day(text)
    assert str(caught.value) == error


def test_a_constructed_deck_counts_its_cards_and_sideboard(window, qtbot):
    """The status bar said "5 cards · library 5" for a Vintage deck: a constructed deck has no
    command zone, its library is the deck; its sideboard was not counted at all."""
    assert window.status.count_label.text() == "0 cards · library 0"  # Commander, unchanged
    choose_format(window, qtbot, "Vintage")
    add(window, qtbot, "Lightning Bolt", 4)
    qtbot.keyClick(window.catalog.table, Qt.Key.Key_Up)  # the row before Bolt's, still shown
    add(window, qtbot, "Counterspell")
    for _ in range(2):  # Shift+Enter: to the sideboard
        qtbot.keyClick(window.catalog.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert window.status.count_label.text() == "5 cards · sideboard 2"


def test_the_catalog_marks_a_restricted_card_before_it_is_added(window, qtbot):
    """In Vintage the catalog said nothing of Sol Ring's restriction until a second copy was
    refused; its row now reads "Sol Ring  (restricted to 1)"."""
    choose_format(window, qtbot, "Vintage")
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(window.catalog.search_box, '!"Sol Ring"')
    model = window.catalog.model
    assert model.index(0, 0).data() == "Sol Ring  (restricted to 1)"
    window.catalog.search_box.selectAll()
    qtbot.keyClicks(window.catalog.search_box, '!"Lightning Bolt"')
    assert model.index(0, 0).data() == "Lightning Bolt"  # four allowed: nothing to say
    choose_format(window, qtbot, "Commander")  # singleton: no list restricts it below that
    window.catalog.search_box.selectAll()
    qtbot.keyClicks(window.catalog.search_box, '!"Sol Ring"')
    assert model.index(0, 0).data() == "Sol Ring"


def test_the_day_box_takes_a_day_typed_whole(window, qtbot):
    """Tab to the status bar's day box and type 2024-09-22: Qt moved on after the year and again
    at the typed "-", so it became 2024-12-09."""
    window.status.format_box.setFocus()
    for _ in range(5):
        if window.status.day_edit.isAncestorOf(QApplication.focusWidget()) or (
            QApplication.focusWidget() is window.status.day_edit
        ):
            break
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    QTest.keyClicks(QApplication.focusWidget(), "2024-09-22")
    assert window.status.day_edit.date().toString("yyyy-MM-dd") == "2024-09-22"
    assert window.session.day == dt.date(2024, 9, 22)
    add(window, qtbot, "Mana Crypt")
    assert not [line for line in problem_lines(window) if "Mana Crypt" in line]
