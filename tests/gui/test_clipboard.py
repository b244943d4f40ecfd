"""Copy and paste, the way players share decks (issue 22.5): Edit › Copy deck as… lists the
game's shareable export kinds (Arena, MTGO, plain text, Archidekt; a Riftbound deck code) and
puts that text on the clipboard; the Export dialog shows the text too; File › Import from
clipboard reads any text kind through the same reader and preview as a file. Through QClipboard,
with real key events on the menus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from deckeditor.deck_files import read_deck_file
from deckeditor.paths import resources_dir
from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui

DECKS = resources_dir() / "decks"


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


def cards(deck) -> dict[tuple[str, str], int]:
    return {(s.name, e.card): e.count for s in deck.sections for e in s.entries}


def copy_as(win, qtbot, label: str) -> None:
    """Edit › Copy deck as › label, with the keyboard: the submenu opened, Down to it, Return."""
    menu = win.copy_menu
    menu.popup(win.mapToGlobal(QPoint(40, 40)))
    qtbot.waitUntil(menu.isVisible)
    texts = [a.text() for a in menu.actions()]
    assert label in texts, texts
    for _ in range(len(texts) + 1):
        if menu.activeAction() is not None and menu.activeAction().text() == label:
            break
        qtbot.keyClick(menu, Qt.Key.Key_Down)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert not menu.isVisible()


def test_the_copy_menu_lists_the_games_shareable_kinds(window, qtbot):
    window.copy_menu.aboutToShow.emit()
    assert [a.text() for a in window.copy_menu.actions()] == [
        "MTG Arena text",
        "MTGO text",
        "Plain text",
        "Archidekt text",
    ]
    window.new_deck("riftbound")
    window.copy_menu.aboutToShow.emit()
    assert [a.text() for a in window.copy_menu.actions()] == [
        "Riftbound deck code",
        "Plain text deck list",
    ]


@pytest.mark.parametrize("label", ["MTG Arena text", "MTGO text", "Plain text"])
def test_copy_as_puts_a_text_that_reads_back_as_the_deck(window, qtbot, label):
    assert window.open_path(str(DECKS / "thrasios-tymna.deck.json"))
    QGuiApplication.clipboard().clear()
    copy_as(window, qtbot, label)
    text = QGuiApplication.clipboard().text()
    assert "Thrasios, Triton Hero" in text and "Sol Ring" in text
    assert window.last_message.startswith(f"Copied the deck as {label}")
    back = read_deck_file(text.encode("utf-8"), window.session.pool).deck
    assert sum(cards(back).values()) == 100
    assert {c for _, c in cards(back)} == {c for _, c in cards(window.session.deck)}


def test_a_riftbound_deck_code_is_copied_and_shown_in_the_export_dialog(window, qtbot):
    from deckeditor.ui.export_dialog import ExportDialog

    assert window.open_path(str(DECKS / "riftbound-sample.deck.json"))
    copy_as(window, qtbot, "Riftbound deck code")
    code = QGuiApplication.clipboard().text()
    assert code and " " not in code.strip() and "\n" not in code.strip()
    dialog = ExportDialog(window.files.deck_to_save(), window.session.pool, window)
    qtbot.addWidget(dialog)
    dialog.show()
    choose(dialog.kind_box, "Riftbound deck code")
    assert dialog.text_view.isVisible() and dialog.text_view.toPlainText().strip() == code.strip()
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text().strip() == code.strip()
    choose(dialog.kind_box, "Deck Editor deck (.deck.json)")
    assert not dialog.text_view.isVisible()  # a file kind: no text to paste


def test_import_from_clipboard_reads_it_like_a_file(window, qtbot):
    assert window.open_path(str(DECKS / "thrasios-tymna.deck.json"))
    copy_as(window, qtbot, "MTG Arena text")
    original = cards(window.session.deck)
    window.new_deck("mtg")
    seen = {}

    def answer(dialog):
        seen["rows"] = dialog.model.rowCount()
        seen["notes"] = dialog.notes.text()
        return True

    window.run_dialog = answer
    qtbot.keyClick(
        window,
        Qt.Key.Key_V,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert seen["rows"] > 50 and seen["notes"].startswith("Read as MTG Arena text"), seen
    assert cards(window.session.deck) == original
    assert window.session.dirty and window.last_message.startswith("Imported")


def test_a_pasted_riftbound_code_opens_a_riftbound_deck_from_an_mtg_window(window, qtbot):
    assert window.open_path(str(DECKS / "riftbound-sample.deck.json"))
    copy_as(window, qtbot, "Riftbound deck code")
    window.new_deck("mtg")
    window.run_dialog = lambda dialog: True
    qtbot.keyClick(
        window,
        Qt.Key.Key_V,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.session.game_code == "riftbound"
    assert window.session.deck.count() >= 40


def test_an_empty_clipboard_says_so(window, qtbot):
    QGuiApplication.clipboard().clear()
    window.run_dialog = lambda dialog: pytest.fail("no dialog for an empty clipboard")
    qtbot.keyClick(
        window,
        Qt.Key.Key_V,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.last_message == "The clipboard holds no text to import"
