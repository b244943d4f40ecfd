"""The open colour budget made visible: while Tolabow's additional colour is not chosen, a catalog
row that adding would commit is marked, its tooltip and the card view say what it would choose,
a row it would not fit says why, and the chosen colour shows whole on the commander's line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window()
    win.ask_colors = lambda name, budget, chosen: ""  # leave the budget open
    win.show()
    return win


def row_of(win, name: str) -> int:
    model = win.catalog.model
    return next(r for r in range(model.rowCount()) if model.card_at(r).name == name)


def tooltip(win, name: str) -> str:
    model = win.catalog.model
    return model.data(model.index(row_of(win, name), 0), Qt.ItemDataRole.ToolTipRole)


def test_rows_that_would_commit_the_open_budget_are_marked_and_say_so(window, qtbot):
    from deckeditor.ui.catalog_model import COMMIT_COLOR

    window.target_box.setCurrentText("Commander")
    window.add_card("Tolabow, Loch Rascal")
    assert window.session.deck.section("Commander").entries[0].colors == ""
    qtbot.keyClicks(window.catalog.search_box, "t:instant")
    model = window.catalog.model
    names = [model.card_at(r).name for r in range(model.rowCount())]
    assert "Lightning Bolt" in names and "Counterspell" in names
    assert model.commits is not None
    assert (
        tooltip(window, "Lightning Bolt")
        == "Lightning Bolt — Adding it makes red Tolabow's additional colour"
    )
    assert tooltip(window, "Counterspell") == "Counterspell"  # blue: inside the identity already
    # marked in the list itself: the row is painted in the commit colour
    window.catalog.table.scrollTo(model.index(row_of(window, "Lightning Bolt"), 0))
    image = window.catalog.table.viewport().grab().toImage()
    rect = window.catalog.table.visualRect(model.index(row_of(window, "Lightning Bolt"), 0))
    right = min(rect.right(), image.width() - 1)  # the column may run past a narrow pane
    colours = {
        image.pixelColor(x, rect.center().y()).name() for x in range(max(rect.left(), 0), right)
    }
    assert COMMIT_COLOR.name() in colours or any(_near(c, COMMIT_COLOR) for c in colours)
    # the card view says it too
    window.catalog.table.setCurrentIndex(model.index(row_of(window, "Lightning Bolt"), 0))
    assert "Adding it makes red Tolabow's additional colour." in window.card_view.text.toPlainText()
    # a row it would not fit says why (shown hidden)
    window.catalog.show_hidden.setChecked(True)
    window.catalog.search_box.clear()
    qtbot.keyClicks(window.catalog.search_box, "t:creature c:g")
    tip = tooltip(window, window.catalog.model.card_at(0).name)
    assert tip.startswith("Hidden: ") and ("needs" in tip or "identity" in tip.lower()), tip
    # adding the red instant commits red, and the marks go away
    window.catalog.show_hidden.setChecked(False)
    window.add_card("Lightning Bolt")
    assert window.session.deck.section("Commander").entries[0].colors == "R"
    assert window.catalog.model.commits is None


def _near(hexcolour: str, colour) -> bool:
    from PySide6.QtGui import QColor

    c = QColor(hexcolour)
    return (
        abs(c.red() - colour.red())
        + abs(c.green() - colour.green())
        + abs(c.blue() - colour.blue())
        < 60
    )


def test_the_chosen_colour_shows_whole_on_the_commanders_line(window):
    window.ask_colors = lambda name, budget, chosen: "R"
    window.target_box.setCurrentText("Commander")
    window.add_card("Tolabow, Loch Rascal")
    tree = window.deck_pane.tree
    index = window.deck_pane.model.entry_indexes()[0]
    text = index.data()
    assert text.endswith("[R]")
    width = tree.fontMetrics().horizontalAdvance(text)
    assert tree.columnWidth(0) >= width  # nothing cut off


def test_commander_statistics_lands_average_mana_value_sources_against_symbols(window, qtbot):
    from deckeditor.paths import resources_dir

    assert window.open_path(str(resources_dir() / "decks" / "tolabow-spells.deck.json"))
    window.tabs.setCurrentWidget(window.stats)
    summary = window.stats.summary.text()
    values = window.session.stats().values
    assert f"{values['lands']} lands" in summary and values["lands"] > 30
    assert f"average mana value {values['average_mv']:.2f}" in summary
    assert "Colour sources / symbols: U " in summary and " R " in summary
    assert values["sources"]["U"] >= 30  # Islands and the blue-red lands
    keys = [c.key for c in window.session.stats().charts]
    assert keys == ["curve", "pips", "sources"]
    # one more Island: the figures follow the edit
    window.add_card("Island")
    assert f"{values['lands'] + 1} lands" in window.stats.summary.text()


def test_why_hidden_makes_sense_for_the_commander_and_follows_the_search(window, qtbot):
    from deckeditor.paths import resources_dir

    assert window.open_path(str(resources_dir() / "decks" / "thrasios-tymna.deck.json"))
    window.card_view.show_card("Thrasios, Triton Hero", window.target())
    text = window.card_view.text.toPlainText()
    assert "This deck's commander." in text and "Why the catalog hides it" not in text
    window.card_view.show_card("Llanowar Elves", window.target())  # in Main: one copy allowed
    assert "Why the catalog hides it" in window.card_view.text.toPlainText()
    window.card_view.show_card("Counterspell", window.target())
    assert "Does not match" not in window.card_view.text.toPlainText()
    qtbot.keyClicks(window.catalog.search_box, "t:creature")
    qtbot.waitUntil(
        lambda: "Does not match the search term “t:creature”" in window.card_view.text.toPlainText()
    )


def test_possible_partners_are_marked_in_the_list_itself(window, qtbot):
    from deckeditor.ui.catalog_model import PARTNER_COLOR, PARTNER_MARK

    window.target_box.setCurrentText("Commander")
    window.add_card("Thrasios, Triton Hero")
    window.target_box.setCurrentText("Commander")
    qtbot.keyClicks(window.catalog.search_box, "t:legendary t:creature")
    model = window.catalog.model
    row = row_of(window, "Tymna the Weaver")
    assert model.row_mark(model.rows[row]) == (PARTNER_COLOR, PARTNER_MARK)
    assert window.catalog.table.fontMetrics().inFont(
        PARTNER_MARK[0]
    )  # the mark is drawn, not a box
    window.catalog.table.scrollTo(model.index(row, 0))
    image = window.catalog.table.viewport().grab().toImage()
    rect = window.catalog.table.visualRect(model.index(row, 0))
    colours = {
        image.pixelColor(x, y).name()
        for x in range(rect.left(), rect.right())
        for y in range(rect.top(), rect.bottom())
    }
    assert any(_near(c, PARTNER_COLOR) for c in colours)
