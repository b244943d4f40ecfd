"""Files as a player expects: Save writes back to the file's own kind when it holds the whole deck
(a .dck stays a .dck), else asks; the Export dialog says "File type", picks a distinct default
name per kind and lists each kind of loss once. And the end-to-end build: a 100-card Tolabow deck
from an empty window, red chosen upfront, saved, exported to every kind and read back with
nothing lost that the kind can carry."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window()
    win.confirm_hidden = lambda name, reasons: pytest.fail(f"{name} is hidden: {reasons}")
    win.colour_answers = []
    win.ask_colors = lambda name, budget, chosen: (
        win.colour_answers.pop(0) if win.colour_answers else None
    )
    win.lossy = []
    win.lossy_answer = None
    win.ask_lossy_save = lambda kind, lost: win.lossy.append((kind, lost)) or win.lossy_answer
    win.show()
    return win


def entries(deck):
    return sorted((s.name, e.card, e.count, e.colors) for s in deck.sections for e in s.entries)


def test_a_dck_opened_is_saved_as_a_dck_when_it_holds_the_whole_deck(window, qtbot, tmp_path):
    dck = tmp_path / "burn.dck"
    dck.write_text(
        "[metadata]\nName=Burn\n[Main]\n4 Lightning Bolt|2ED\n20 Mountain|2ED\n", encoding="utf-8"
    )
    assert window.open_path(str(dck))
    window.add_card("Mountain")
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert window.lossy == []  # nothing to ask: a .dck holds it all
    text = dck.read_text(encoding="utf-8")
    assert text.lstrip().startswith("[metadata]") and "Lightning Bolt" in text
    assert window.current_path == str(dck) and not window.session.dirty
    assert window.open_path(str(dck))
    assert (
        sum(e.count for e in window.session.deck.section("Main").entries if e.card == "Mountain")
        == 21
    )


def test_saving_a_kind_that_would_lose_something_asks(window, tmp_path):
    txt = tmp_path / "deck.txt"
    txt.write_text("Deck\n1 Sol Ring\n", encoding="utf-8")  # MTG Arena text
    assert window.open_path(str(txt))
    kind = window.current_kind
    window.session.add_card("Cryptic Spires", "Main", colors="UR")  # text cannot carry the choice
    before = txt.read_text(encoding="utf-8")
    window.lossy_answer = None  # Cancel: nothing written
    assert window.save() is False
    ((asked_kind, lost),) = window.lossy
    assert asked_kind == kind and any("Cryptic Spires" in line for line in lost)
    assert txt.read_text(encoding="utf-8") == before
    window.lossy_answer = "json"  # "Save as a Deck Editor deck…"
    own = tmp_path / "mine.deck.json"
    window.save_as = lambda path=None: window.save_to(str(own))
    assert window.save()
    assert own.exists() and window.current_kind == "json" and window.current_path == str(own)


def test_export_dialog_file_type_distinct_names_and_one_line_per_kind_of_loss(window):
    from deckeditor.ui.export_dialog import ExportDialog

    for name in ("Counterspell", "Brainstorm", "Lightning Bolt", "Sol Ring", "Island"):
        window.add_card(name)
    dialog = ExportDialog(window.session.deck, window.session.pool, window)
    labels = [w.text() for w in dialog.findChildren(QLabel)]
    assert "File type" in labels and "Format" not in labels
    names = set()
    for i in range(dialog.kind_box.count()):
        dialog.kind_box.setCurrentIndex(i)
        names.add(dialog.default_name())
    assert len(names) == dialog.kind_box.count(), names
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("dek"))
    lines = [dialog.losses.item(i).text() for i in range(dialog.losses.count())]
    mtgo = [line for line in lines if "MTGO id" in line]
    assert len(mtgo) == 1 and "5 cards" in mtgo[0], lines
    assert dialog.width() >= 700


def test_the_forge_export_shows_what_forge_will_drop_before_writing(window, qtbot, tmp_path):
    """Issue 22 points 1 and 2: before the .dck is written, the dialog names the Maybeboard Forge
    ignores and the choice Forge cannot keep (a card no printing is known of), not "Nothing is
    lost"; a choice on a card with a known printing is not listed."""
    import json

    from deckeditor.ui.export_dialog import ExportDialog

    path = tmp_path / "spires.deck.json"
    path.write_text(
        json.dumps(
            {
                "schema": "deckeditor-deck",
                "version": 1,
                "game": "mtg",
                "name": "Spires",
                "format": None,
                "sections": [
                    {
                        "name": "Main",
                        "entries": [
                            {"card": "Cryptic Spires", "count": 1, "choices": {"colors": "UG"}},
                            {"card": "Mystery Spires", "count": 1, "choices": {"colors": "UR"}},
                            {"card": "Island", "count": 20},
                        ],
                    },
                    {"name": "Maybeboard", "entries": [{"card": "Sol Ring", "count": 3}]},
                ],
            }
        ),
        encoding="utf-8",
    )
    assert window.open_path(str(path))
    dialog = ExportDialog(window.session.deck, window.session.pool, window)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.kind_box.setFocus()
    qtbot.keyClicks(dialog.kind_box, "Forge")  # the player types the kind's name in the box
    assert dialog.kind() == "forge"
    lines = [dialog.losses.item(i).text() for i in range(dialog.losses.count())]
    assert dialog.loss_title.text() == "<b>Forge (.dck) cannot carry:</b>"
    assert "Forge ignores the Maybeboard (3 cards); Deck Editor reads it back" in lines
    assert any(
        line.startswith("Mystery Spires: Forge will drop the colour choice (blue and red)")
        for line in lines
    ), lines
    assert not any("Cryptic Spires" in line for line in lines), lines
    out = tmp_path / "spires.dck"
    dialog.export_to(str(out))
    text = out.read_text(encoding="utf-8")
    assert "1 Cryptic Spires|2X2|#{markedColors=UG}\n" in text and "1 Mystery Spires\n" in text
    dialog.close()


# --- end to end -------------------------------------------------------------------------------


def test_a_100_card_tolabow_deck_end_to_end(window, qtbot, tmp_path):
    """From an empty window: Tolabow as commander with red chosen upfront, 99 more cards from the
    catalog (red instants and sorceries allowed by the choice, blue cards, Islands and
    Mountains), saved, exported to every kind, each read back."""
    from deckeditor.deck_files import export_kinds, export_losses
    from deckeditor.ui.export_dialog import ExportDialog

    search = window.catalog.search_box
    table = window.catalog.table
    window.target_box.setCurrentText("Commander")
    qtbot.keyClicks(search, '!"Tolabow, Loch Rascal"')
    qtbot.keyClick(search, Qt.Key.Key_Return)
    window.colour_answers.append("R")
    qtbot.keyClick(table, Qt.Key.Key_Return)
    commander = window.session.deck.section("Commander").entries
    assert [(e.card, e.colors) for e in commander] == [("Tolabow, Loch Rascal", "R")]
    assert window.target_box.currentText() == "Main"
    # singletons: every instant and sorcery the catalog offers, then blue permanents, by Enter
    for query in ("t:instant", "t:sorcery", "c:u t:creature", "c:u t:artifact or t:enchantment"):
        search.clear()
        qtbot.keyClicks(search, query)
        while window.session.deck.count() < 70 and window.catalog.model.rowCount():
            before = window.session.deck.count()
            qtbot.keyClick(search, Qt.Key.Key_Return)
            qtbot.keyClick(table, Qt.Key.Key_Return)
            assert window.session.deck.count() == before + 1
            table.setCurrentIndex(window.catalog.model.index(0, 0))
            search.setFocus()
    basics = 100 - window.session.deck.count()
    for land in ("Island", "Mountain"):
        search.clear()
        qtbot.keyClicks(search, f'!"{land}"')
        qtbot.keyClick(search, Qt.Key.Key_Return)
        for _ in range(basics // 2 + (basics % 2 if land == "Island" else 0)):
            qtbot.keyClick(table, Qt.Key.Key_Return)
    deck = window.session.deck
    assert deck.count() == 100
    problems = [p for p in window.session.problems() if p.severity.value == "error"]
    assert problems == [], [p.message for p in problems]
    # save (own file), then every export kind, each read back
    own = tmp_path / "tolabow.deck.json"
    assert window.save_to(str(own))
    assert window.open_path(str(own))
    assert entries(window.session.deck) == entries(deck)
    for kind in export_kinds(deck.game):
        if kind == "json":
            continue
        dialog = ExportDialog(window.session.deck, window.session.pool, window)
        dialog.kind_box.setCurrentIndex(dialog.kind_box.findData(kind))
        out = tmp_path / dialog.default_name()
        dialog.export_to(str(out))
        lost = export_losses(deck, kind)
        assert window.open_path(str(out)), kind
        back = window.session.deck
        want = entries(deck)
        if any("colour choice not written" in line for line in lost):  # the kind says it drops it
            want = [(s, c, n, "" if c == "Tolabow, Loch Rascal" else col) for s, c, n, col in want]
        if kind in ("mtgo", "dek") and not any("Commander" in s for s, *_ in entries(back)):
            # MTGO keeps the commander in the sideboard (deck-files.md): read back by that rule
            pass
        assert entries(back) == want, (kind, lost)
        assert window.open_path(str(own))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_opening_what_is_no_deck_file_names_the_path(window, tmp_path):
    # issue 26 rerun: a path that was no regular file (missing, a folder, a FIFO) was read as
    # pasted deck text, so the window said "<text>: no card lines" without naming the file
    told = []
    window.warn = lambda title, text: told.append(text)
    fifo = tmp_path / "pipe.dck"
    os.mkfifo(fifo)
    folder = tmp_path / "decks.dck"
    folder.mkdir()
    missing = tmp_path / "4 Lightning Bolt.txt"  # as text it would be a deck line
    for path, why in (
        (fifo, "is not a regular file"),
        (folder, "is a folder"),
        (missing, "no such deck file"),
    ):
        assert not window.open_path(str(path))
        assert told[-1] == f"{path}: {why}" or told[-1].startswith(f"{path}: {why}")
    assert window.session.deck.section("Main").entries == ()
