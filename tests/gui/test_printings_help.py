"""Printings chosen in the card view (shown in the deck pane, written by exports, kept on
re-import), the sets list, the search help (F1 / "?") and Help › About."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication

from deckeditor.deck_edits import find_entries
from tests.support.player_window import choose

# the end of Sol Ring's printing list as the card view shows it (newest first)
NEWEST_LAST = (
    "Revised Edition (3ED) · 1994 · #274\n￼ 30th Anniversary Edition (30A) · 2022\n"
    "￼ Unlimited Edition (2ED) · 1993 · #270"
)

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window()
    win.show()
    return win


def deck_label(win, name: str) -> str:
    for idx in win.deck_pane.model.entry_indexes():
        if idx.data(Qt.ItemDataRole.UserRole + 12) == name:
            return idx.data(Qt.ItemDataRole.DisplayRole)
    raise AssertionError(name)


def test_a_printing_chosen_in_the_card_view_is_shown_exported_and_kept(window, qtbot, tmp_path):
    from deckeditor.ui.export_dialog import ExportDialog

    window.session.add_card("Sol Ring", "Main")
    window.session.add_card("Counterspell", "Main")
    window.deck_pane.select_cards(["Sol Ring"])
    view = window.card_view
    assert view.printing_box.isVisible() and view.printing_box.currentText() == "any printing"
    # a printing is named by its set, year and collector number; picking it fills the number
    choose(view.printing_box, "Unlimited Edition (2ED) · 1993 · #270")
    ((section, index),) = find_entries(window.session.deck, ["Sol Ring"])
    printing = window.session.deck.section(section).entries[index].printing
    assert (printing.set, printing.number) == ("2ED", "270")
    assert view.number_edit.text() == "270"
    view.number_edit.setFocus()
    qtbot.keyClick(view.number_edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(view.number_edit, "250")
    qtbot.keyClick(view.number_edit, Qt.Key.Key_Return)
    printing = window.session.deck.section(section).entries[index].printing
    assert (printing.set, printing.number) == ("2ED", "250")
    assert deck_label(window, "Sol Ring") == "Sol Ring  (2ED 250)"
    assert (
        view.printing_box.currentText().startswith("Unlimited Edition (2ED)")
        and view.number_edit.text() == "250"
    )
    # each export that can carry printings writes it, and reading it back keeps it
    carried = {"forge": "|2ED", "arena": "(2ED) 250", "cod": 'setShortName="2ED"'}
    for kind, text in carried.items():
        dialog = ExportDialog(window.session.deck, window.session.pool, window)
        dialog.kind_box.setCurrentIndex(dialog.kind_box.findData(kind))
        out = tmp_path / f"deck-{kind}.txt"
        dialog.export_to(str(out))
        assert text in out.read_text(encoding="utf-8"), kind
        assert window.open_path(str(out))
        ((s, i),) = find_entries(window.session.deck, ["Sol Ring"])
        back = window.session.deck.section(s).entries[i].printing
        assert back is not None and back.set == "2ED", kind
        assert kind == "forge" or back.number == "250", kind
        window.deck_pane.select_cards(["Sol Ring"])
        assert "(2ED" in deck_label(window, "Sol Ring")
    # a kind that cannot carry it says so before writing
    dialog = ExportDialog(window.session.deck, window.session.pool, window)
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("mtgo"))
    lost = [dialog.losses.item(i).text() for i in range(dialog.losses.count())]
    assert any("Sol Ring" in line and "printing" in line.lower() for line in lost), lost
    # back to any printing, one undo step each
    window.deck_pane.select_cards(["Sol Ring"])
    choose(view.printing_box, "any printing")
    ((s, i),) = find_entries(window.session.deck, ["Sol Ring"])
    assert window.session.deck.section(s).entries[i].printing is None
    window.undo_actions.undo.trigger()
    assert window.session.deck.section(s).entries[i].printing is not None


def test_the_sets_count_opens_the_list(window, qtbot):
    qtbot.keyClicks(window.catalog.search_box, '!"Sol Ring"')
    qtbot.waitUntil(lambda: window.catalog.model.rowCount() == 1)
    window.catalog.table.setCurrentIndex(window.catalog.model.index(0, 0))
    html = window.card_view.text.toHtml()
    assert 'href="sets"' in html
    assert NEWEST_LAST not in window.card_view.text.toPlainText()
    window.card_view.text.anchorClicked.emit(QUrl("sets"))
    assert (
        NEWEST_LAST in window.card_view.text.toPlainText()
    )  # newest first, by set name, year and number
    window.card_view.text.anchorClicked.emit(QUrl("sets"))
    assert NEWEST_LAST not in window.card_view.text.toPlainText()


def test_f1_and_the_question_mark_open_the_search_help_with_every_key(window, qtbot):
    from deckeditor.search import compile_query
    from deckeditor.search.help import key_help
    from deckeditor.search.keys import game_search

    window.catalog.search_box.setFocus()
    qtbot.keyClick(window.catalog.search_box, Qt.Key.Key_F1)
    dialog = window.search_help_dialog
    assert dialog.isVisible()
    text = dialog.text.toPlainText()
    search = game_search("mtg")
    for alias in search.keys:  # exactly this build's keys: each alias is listed
        assert f"{alias}:" in text, alias
    for alias in search.unsupported:
        assert f"{alias}:" in text  # in the "not supported yet" line
    dialog.close()
    qtbot.mouseClick(window.catalog.help_button, Qt.MouseButton.LeftButton)
    assert window.search_help_dialog.isVisible()
    # every example of both games compiles (the help never shows a query that fails)
    for game in ("mtg", "riftbound"):
        for key in key_help(game_search(game)):
            for example in key.examples:
                compile_query(example, game)


def test_help_lists_no_key_the_table_lacks_and_misses_none():
    from deckeditor.search.help import key_help
    from deckeditor.search.keys import game_search

    for game in ("mtg", "riftbound"):
        search = game_search(game)
        listed = {a for k in key_help(search) for a in k.aliases}
        assert listed == set(search.keys)
        assert set(search.help) <= set(search.keys)


def test_help_about_names_the_version_and_card_sources(window, qtbot, tmp_path):
    from deckeditor import __version__

    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    about = next(a for a in help_menu.actions() if a.text().startswith("&About"))
    about.trigger()
    text = window.about_dialog.text.toPlainText()
    assert __version__ in text
    assert "starter pool" in text and "Scryfall" in text
    window.about_dialog.close()
    # after importing a card source, the source, its date and the import date are listed
    folder = tmp_path / "cardsfolder" / "z"
    folder.mkdir(parents=True)
    (folder / "zephyr_test_drake.txt").write_text(
        "Name:Zephyr Test Drake\nManaCost:2 U\nTypes:Creature Drake\nPT:2/2\nOracle:\n",
        encoding="utf-8",
    )
    window.import_cards([str(folder.parent)])
    with qtbot.waitSignal(window.card_import.worker_thread.finished, timeout=60000):
        pass
    qtbot.waitUntil(lambda: "Imported" in window.last_message, timeout=10000)
    about.trigger()
    text = window.about_dialog.text.toPlainText()
    assert "cardsfolder" in text and "forge" in text.lower()
    import datetime as dt

    assert dt.datetime.now(dt.UTC).strftime("%Y-%m-%d") in text
    QApplication.processEvents()


def test_clicking_the_catalog_sets_count_opens_the_printing_list(window, qtbot):
    """Issue 18 point 2: the catalog's "Sets" count opens the card view's printing list; a
    double-click on it lists them too and adds nothing."""
    from PySide6.QtTest import QTest

    catalog = window.catalog
    qtbot.keyClicks(catalog.search_box, '!"Sol Ring"')
    qtbot.waitUntil(lambda: catalog.model.rowCount() == 1)
    titles = [
        catalog.model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(catalog.model.columnCount())
    ]
    sets_col = titles.index("Sets")
    cell = catalog.model.index(0, sets_col)
    assert int(cell.data()) == len(window.session.card("Sol Ring").printings)
    assert "printings" in cell.data(Qt.ItemDataRole.ToolTipRole)
    view = window.card_view
    before = window.session.deck.count("Main")
    rect = catalog.table.visualRect(cell)
    QTest.mouseClick(catalog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.card is not None and view.card.name == "Sol Ring"
    assert (
        NEWEST_LAST in view.text.toPlainText()
    )  # the list, newest first, by set name, year and number
    view.text.anchorClicked.emit(QUrl("sets"))  # closed from the card view as before
    assert NEWEST_LAST not in view.text.toPlainText()
    QTest.mouseDClick(catalog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert NEWEST_LAST in view.text.toPlainText()
    assert window.session.deck.count("Main") == before  # the double-click listed, added nothing
    # a click on the name cell only selects: the list stays as it was, nothing added
    view.text.anchorClicked.emit(QUrl("sets"))
    QTest.mouseClick(
        catalog.table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=catalog.table.visualRect(catalog.model.index(0, 0)).center(),
    )
    assert NEWEST_LAST not in view.text.toPlainText()
    assert window.session.deck.count("Main") == before
