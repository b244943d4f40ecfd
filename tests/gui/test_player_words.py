"""Words a player reads (issue 24.8): section headers without "2/1 or 2", "1 card" not "1 cards",
no red "0 errors" beside a warning, the format's title in the deck's title, a signature spell
added "to Signature spell", no "hidden by the search" for the deck's own commander, loss lines
that wrap instead of hiding behind a scroll bar, "Magic: The Gathering" whole in New deck, an
import's notes in a player's words with counts, and Save As starting in the player's documents
rather than the program's own resources/decks."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from deckeditor.deck import Entry, new_deck
from deckeditor.deckfile import write_json_deck
from deckeditor.paths import resources_dir
from tests.support.player_window import choose, show_active

pytestmark = pytest.mark.gui

THRASIOS_DECK = str(resources_dir() / "decks" / "thrasios-tymna.deck.json")


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    win.ask_colors = lambda name, budget, chosen: ""
    show_active(qtbot, win)
    return win


def heads(win) -> list[str]:
    model = win.deck_pane.model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def quick_add(win, qtbot, text: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, text)
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def test_headers_counts_and_title_read_as_words(window, qtbot):
    assert window.open_path(THRASIOS_DECK)
    shown = heads(window)
    assert "Commander (2)" in shown and "Main 98/98" in shown, shown
    assert not any("/1 or 2" in h for h in shown)
    assert window.deck_pane.title.text() == "Thrasios and Tymna  —  Commander"
    # a new Commander deck with one card: "1 card", and the empty command zone says its need
    window.run_dialog = lambda dialog: True  # New deck…, its defaults: MTG, Commander
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session.format_code == "commander" and window.session.deck.count() == 0
    quick_add(window, qtbot, "Sol Ring")
    messages = [p.message for p in window.problems.problems]
    assert any(m.startswith("The deck has 1 card;") for m in messages), messages
    assert not any("1 cards" in m for m in messages)
    assert "Commander 0 — needs 1 or 2" in heads(window)


def test_a_warning_alone_is_not_called_0_errors(window, qtbot, tmp_path):
    deck = (
        new_deck("mtg", "Otters", "commander")
        .add("Commander", Entry("Tolabow, Loch Rascal"))
        .add("Main", Entry("Lightning Bolt"))
        .add("Main", Entry("Island", 98))
    )
    path = tmp_path / "otters.deck.json"
    path.write_text(write_json_deck(deck), encoding="utf-8")
    assert window.open_path(str(path))
    text = window.status.problem_label.text()
    assert "1 warning" in text and "error" not in text, text
    assert "#b00020" not in text  # nothing in the error red


def test_a_signature_spell_is_added_to_signature_spell(window, qtbot):
    def answer(dialog):
        dialog.format_box.setCurrentIndex(dialog.format_box.findData("oathbreaker"))
        return True

    window.run_dialog = answer
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    choose(window.target_box, "Oathbreaker")
    quick_add(window, qtbot, '!"Jace, the Mind Sculptor"')
    choose(window.target_box, "Signature spell")
    quick_add(window, qtbot, "!Brainstorm")
    assert window.last_message == "Added 1 × Brainstorm to Signature spell"


def test_the_commanders_card_view_does_not_blame_the_search(window, qtbot):
    assert window.open_path(THRASIOS_DECK)
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(window.catalog.search_box, "t:instant")
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert window.deck_pane.select_cards(["Thrasios, Triton Hero"]) == 1
    window.card_view._render()  # what the pause after typing does
    text = window.card_view.text.toPlainText()
    assert "This deck's commander." in text
    assert "Why the catalog hides it" not in text and "search term" not in text


def test_loss_lines_wrap_instead_of_hiding_behind_a_scroll_bar(window, qtbot):
    from deckeditor.ui.export_dialog import ExportDialog

    assert window.open_path(THRASIOS_DECK)
    dialog = ExportDialog(window.session.deck, window.session.pool, window)
    qtbot.addWidget(dialog)
    dialog.show()
    choose(
        dialog.kind_box,
        next(
            dialog.kind_box.itemText(i)
            for i in range(dialog.kind_box.count())
            if dialog.kind_box.itemData(i) == "dek"
        ),
    )
    losses = dialog.losses
    long_item = max((losses.item(i) for i in range(losses.count())), key=lambda it: len(it.text()))
    need = losses.fontMetrics().horizontalAdvance(long_item.text())
    assert need > losses.viewport().width()  # a line longer than the box …
    qtbot.waitUntil(
        lambda: losses.visualItemRect(long_item).height() > losses.fontMetrics().height() * 1.5
    )
    assert not losses.horizontalScrollBar().isVisible()  # … wraps: no sideways scrolling
    assert losses.visualItemRect(long_item).width() <= losses.viewport().width()


def test_new_deck_shows_magic_the_gathering_whole(window, qtbot):
    from deckeditor.ui.new_deck_dialog import NewDeckDialog

    dialog = NewDeckDialog("riftbound", "riftbound", window)
    qtbot.addWidget(dialog)
    dialog.show()
    choose(dialog.game_box, "Magic: The Gathering")
    box = dialog.game_box
    assert box.currentText() == "Magic: The Gathering"
    assert box.width() >= box.minimumSizeHint().width()
    assert box.width() >= box.fontMetrics().horizontalAdvance("Magic: The Gathering") + 20


def test_card_import_notes_are_in_a_players_words(window, qtbot, tmp_path):
    liar = [
        {
            "name": "Brisela, Voice of Nightmares",
            "layout": "normal",
            "manaCost": "{G}",
            "manaValue": 1,
            "colors": ["G"],
            "colorIdentity": ["W", "G"],
            "type": "Creature — Elf",
            "types": ["Creature"],
            "supertypes": [],
            "subtypes": ["Elf"],
            "power": "1",
            "toughness": "1",
        }
    ]
    path = tmp_path / "AtomicCards.json"
    path.write_text(
        json.dumps(
            {
                "meta": {"version": "5.2.2", "date": "2026-01-03"},
                "data": {"Brisela, Voice of Nightmares": liar},
            }
        ),
        encoding="utf-8",
    )
    window.import_cards([str(path)])
    with qtbot.waitSignal(window.card_import.worker_thread.finished, timeout=60000):
        pass
    qtbot.waitUntil(lambda: "Imported" in window.last_message, timeout=10000)
    box = window.card_import.issues_box
    informative, details = box.informativeText(), box.detailedText()
    assert (
        "1 card: the source's colour identity differs from what the card's text gives"
        in informative
    )
    assert (
        "Brisela, Voice of Nightmares: the source gives colour identity WG, its text gives G; "
        "WG is used"
    ) in details, details
    for developer in ('data["', "colorIdentity", "computed"):
        assert developer not in informative + details
    box.close()


def test_save_as_starts_in_the_players_documents_not_the_programs_resources(
    window, qtbot, monkeypatch
):
    documents = window.paths.documents
    documents.mkdir(parents=True, exist_ok=True)  # a player's Documents folder exists
    asked = []
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda parent, title, default, *a, **k: asked.append(default) or ("", "")),
    )
    assert window.open_path(THRASIOS_DECK)  # a starter deck, opened from resources/decks
    qtbot.keyClick(
        window,
        Qt.Key.Key_S,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert asked == [str(documents / "Thrasios and Tymna.deck.json")]
    # a deck opened from the player's own folder: Save As starts there
    own = documents / "mine"
    own.mkdir()
    window.save_to(str(own / "x.deck.json"))
    qtbot.keyClick(
        window,
        Qt.Key.Key_S,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert asked[-1].startswith(str(own))


def test_the_catalogs_hidden_note_names_the_card_once(window, qtbot):
    """'hidden: … — Tolabow, Loch Rascal: 1 of 1 already in the deck', not the name twice."""
    choose(window.target_box, "Commander")
    quick_add(window, qtbot, "Tolabow")
    assert [e.card for e in window.session.deck.section("Commander").entries] == [
        "Tolabow, Loch Rascal"
    ]
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(window.catalog.search_box, "Tolabow")
    text = window.catalog.empty_label.text()
    assert text.count("Tolabow, Loch Rascal") == 1, text
    assert "1 of 1 already in the deck" in text


def test_the_import_preview_says_what_it_read_as_a_player_names_it(window, qtbot, tmp_path):
    """'Read as MTG Arena text: 6 cards in 2 sections' (was 'Read as text: …' and a second line
    'read as MTG Arena text'); a Forge file 'Read as Forge (.dck)', not 'Read as forge'."""
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText(
        "Commander\n1 Tolabow, Loch Rascal\n\nDeck\n1 Forest\n4 Island\n"
    )
    seen = {}

    def look(dialog):
        seen["notes"] = dialog.notes.text()
        return False

    window.run_dialog = look
    qtbot.keyClick(
        window,
        Qt.Key.Key_V,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert seen["notes"].startswith("Read as MTG Arena text: 6 cards in 2 sections"), seen
    assert "read as" not in seen["notes"]
    dck = tmp_path / "otters.dck"
    dck.write_text("[metadata]\nName=Otters\n[Main]\n4 Island\n", encoding="utf-8")
    from deckeditor.ui.import_dialog import ImportDialog

    dialog = ImportDialog(window.session.pool, window)
    dialog.preview_file(str(dck))
    assert dialog.notes.text().startswith("Read as Forge (.dck): 4 cards in 1 section"), (
        dialog.notes.text()
    )


def test_riftbound_messages_count_in_words():
    """'not 2 cards' and 'its card is not counted', not 'card(s)'."""
    from deckeditor.carddb.starter import starter_pool
    from deckeditor.format_catalog import load_format
    from deckeditor.games import registry

    pool = starter_pool("riftbound")
    legend = next(c.name for c in pool.cards if c.is_legend)
    deck = (
        new_deck("riftbound", "Two", "riftbound")
        .add("Legend", Entry(legend, 2))
        .add("Mainboard", Entry(legend))
    )
    messages = [
        p.message
        for p in registry.game("riftbound").check(
            deck, load_format("riftbound"), __import__("datetime").date(2026, 1, 3), pool
        )
    ]
    assert "The Legend section must hold exactly one Legend, not 2 cards" in messages, messages
    assert any(m.endswith("its card is not counted") for m in messages), messages
    assert not [m for m in messages if "(s)" in m]
