"""The legality overview (issue 23), driven as a player drives it: the Legality tab lists every
format of the deck's game with its verdict; choosing a row with the keyboard lists that format's
problems and selects their cards in the deck, and the deck's own format stays as it was."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.support.player_window import open_window

pytestmark = pytest.mark.gui


def _rows(panel):
    return {
        panel.table.item(r, 0).text(): (
            panel.table.item(r, 1).text(),
            panel.table.item(r, 2).text(),
        )
        for r in range(panel.table.rowCount())
    }


def test_overview_lists_every_format_and_selects_a_formats_cards(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    window.show()
    window.add_card("Sol Ring", "Main")
    window.add_card("Lightning Bolt", "Main")
    window.tabs.setCurrentWidget(window.legality)
    panel = window.legality
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    rows = _rows(panel)
    assert len(rows) == 22 and "Standard Brawl" in rows and "Duel Commander" in rows
    assert all(verdict in ("Legal", "Not legal") for verdict, _ in rows.values())
    assert rows["Commander"][0] == "Not legal" and int(rows["Commander"][1]) >= 1
    # Down arrows to the Standard row: no Standard set prints Sol Ring.
    titles = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    panel.table.setFocus()
    panel.table.setCurrentCell(0, 0)
    while panel.table.currentRow() != titles.index("Standard"):
        QTest.keyClick(panel.table, Qt.Key.Key_Down)
    assert panel.detail_title.text().startswith("Standard:")
    named = {c for p in panel.results["standard"] for c in p.cards}
    assert "Sol Ring" in named
    deck = window.session.deck
    selected = {deck.section(sec).entries[i].card for sec, i in window.deck_pane.selected_entries()}
    assert "Sol Ring" in selected
    assert window.session.format_code == "commander"  # the deck's format is unchanged
    # an edit re-checks every row
    window.add_card("Island", "Main")
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    assert set(_rows(panel)) == set(rows)


def test_a_rows_problems_are_in_the_words_of_the_problem_list(qtbot, tmp_path):
    """The overview's problems read as the window's own list does: "banned in Modern since …",
    not the checker's 'banned by the taboo list "2026-01-03" from 2026-01-03'."""
    from deckeditor.paths import resources_dir

    window = open_window(qtbot, tmp_path)
    window.show()
    assert window.open_path(str(resources_dir() / "decks" / "thrasios-tymna.deck.json"))
    window.tabs.setCurrentWidget(window.legality)
    panel = window.legality
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    titles = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    panel.table.setFocus()
    panel.table.setCurrentCell(0, 0)
    while panel.table.currentRow() != titles.index("Modern"):
        QTest.keyClick(panel.table, Qt.Key.Key_Down)
    shown = [panel.problems.item(i).text() for i in range(panel.problems.count())]
    skullclamp = [text for text in shown if "Skullclamp" in text]
    assert skullclamp and "banned in Modern since" in skullclamp[0], skullclamp
    assert not [text for text in shown if "taboo list" in text]


def test_an_edit_keeps_the_players_deck_selection_while_a_format_row_is_chosen(qtbot, tmp_path):
    """A row chosen in the overview selects its cards once; the re-check after each later edit
    must not select them again: the player's own selection stays, so a second + adds to the line
    the player chose (it went to the first card of the chosen format's problems)."""
    from deckeditor.paths import resources_dir
    from tests.support.player_window import show_active

    window = open_window(qtbot, tmp_path)
    show_active(qtbot, window)
    assert window.open_path(str(resources_dir() / "decks" / "thrasios-tymna.deck.json"))
    window.tabs.setCurrentWidget(window.legality)
    panel = window.legality
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    titles = [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())]
    panel.table.setFocus()
    panel.table.setCurrentCell(0, 0)
    while panel.table.currentRow() != titles.index("Modern"):
        QTest.keyClick(panel.table, Qt.Key.Key_Down)
    assert window.deck_pane.selected_entries()  # Modern's problem cards
    # Alt+3 to the deck, down to the Forest line, + and +
    QTest.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    tree = window.deck_pane.tree
    assert tree.hasFocus()
    for _ in range(200):
        ref = window.deck_pane.current_entry()
        if ref is not None and window.session.deck.section(ref[0]).entries[ref[1]].card == "Forest":
            break
        QTest.keyClick(tree, Qt.Key.Key_Down)
    forests = {e.card: e.count for e in window.session.deck.section("Main").entries}["Forest"]
    before = {
        (e.card, e.count) for e in window.session.deck.section("Main").entries if e.card != "Forest"
    }
    QTest.keyClick(tree, Qt.Key.Key_Plus)
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    QTest.keyClick(tree, Qt.Key.Key_Plus)
    qtbot.waitUntil(lambda: not panel._pending, timeout=30_000)
    after = {e.card: e.count for e in window.session.deck.section("Main").entries}
    assert after["Forest"] == forests + 2
    assert {(c, n) for c, n in after.items() if c != "Forest"} == before


def test_new_deck_dialog_offers_every_format_by_title_in_groups(qtbot, tmp_path):
    from deckeditor.ui.new_deck_dialog import NewDeckDialog

    window = open_window(qtbot, tmp_path)
    dialog = NewDeckDialog("mtg", "standardbrawl", window)
    qtbot.addWidget(dialog)
    box = dialog.format_box
    items = [(box.itemText(i), box.itemData(i)) for i in range(box.count()) if box.itemText(i)]
    codes = [code for _, code in items if code]
    assert len(codes) == 22 and "standardbrawl" in codes and "paupercommander" in codes
    headings = [text for text, code in items if not code]
    assert headings == ["Constructed", "MTG Arena", "Commander"]
    assert not any(text == code for text, code in items)  # titles, never a bare code
    assert dialog.format() == "standardbrawl" and box.currentText() == "Standard Brawl"
    # a heading cannot be chosen: the keyboard steps over it
    model = box.model()
    assert all(not model.item(i).isEnabled() for i in range(box.count()) if not box.itemData(i))
