"""Oathbreaker's command zone in the window (issue 18 point 6): the deck pane shows an
"Oathbreaker" slot and a "Signature spell" slot with their own counts, "Add to" offers both, each
fills from the catalog, the signature slot offers only instants and sorceries inside the
oathbreaker's colour identity (mtg-rules.md §5.1, §5.4), and files keep both cards."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.support.player_window import choose

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window()
    win.asked_hidden = []
    win.confirm_hidden = lambda name, reasons: win.asked_hidden.append((name, reasons)) or False
    win.show()
    win.activateWindow()
    return win


def heads(win) -> dict[str, list[str]]:
    """The deck pane's section headers, each with the card names listed under it."""
    model = win.deck_pane.model
    out = {}
    for r in range(model.rowCount()):
        head = model.index(r, 0)
        names = []
        stack = [head]
        while stack:
            idx = stack.pop()
            for c in range(model.rowCount(idx)):
                child = model.index(c, 0, idx)
                if child.data(Qt.ItemDataRole.UserRole + 13) == "entry":
                    names.append(child.data(Qt.ItemDataRole.UserRole + 12))
                stack.append(child)
        out[head.data()] = names
    return out


def search_and_add(win, qtbot, query: str) -> None:
    box = win.catalog.search_box
    box.clear()
    qtbot.keyClicks(box, query)
    qtbot.waitUntil(lambda: win.catalog.model.rowCount() == 1)
    qtbot.keyClick(box, Qt.Key.Key_Return)  # to the first result
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)  # add it


def offered(win) -> list:
    model = win.catalog.model
    return [model.card_at(r) for r in range(model.rowCount())]


def new_oathbreaker_deck(win, qtbot) -> None:
    def answer(dialog):
        dialog.game_box.setCurrentIndex(dialog.game_box.findData("mtg"))
        dialog.format_box.setCurrentIndex(dialog.format_box.findData("oathbreaker"))
        dialog.name_edit.setText("Breaker")
        return True

    win.run_dialog = answer
    qtbot.keyClick(win, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert win.session.format_code == "oathbreaker"


def test_oathbreaker_and_signature_spell_slots_fill_from_the_catalog(window, qtbot, tmp_path):
    new_oathbreaker_deck(window, qtbot)
    shown = heads(window)
    assert "Oathbreaker 0/1" in shown and "Signature spell 0/1" in shown, list(shown)
    assert not any(h.startswith("Commander") for h in shown)
    targets = [window.target_box.itemText(i) for i in range(window.target_box.count())]
    assert targets[:2] == ["Oathbreaker", "Signature spell"] and "Commander" not in targets

    # the oathbreaker slot offers oathbreakers only
    choose(window.target_box, "Oathbreaker")
    pool = window.session.pool.cards
    walker = next(
        c
        for c in pool
        if "Planeswalker" in c.types
        and "Legendary" in c.faces[0].supertypes
        and bin(c.identity).count("1") == 1
    )
    window.catalog.search_box.clear()
    qtbot.keyClicks(window.catalog.search_box, "t:instant")
    assert window.catalog.model.rowCount() == 0  # no instant is an oathbreaker
    search_and_add(window, qtbot, f'!"{walker.name}"')
    shown = heads(window)
    assert shown["Oathbreaker 1/1"] == [walker.name] and shown["Signature spell 0/1"] == []

    # the signature slot offers instants and sorceries inside the oathbreaker's identity only
    choose(window.target_box, "Signature spell")
    assert window.catalog.target == "Signature spell"
    window.catalog.search_box.clear()
    qtbot.waitUntil(lambda: window.catalog.model.rowCount() > 0)
    cards = offered(window)
    assert all({"Instant", "Sorcery"} & set(c.types) for c in cards)
    assert all(c.identity & ~walker.identity == 0 for c in cards)
    outside = next(c for c in pool if "Instant" in c.types and c.identity & ~walker.identity)
    inside = next(
        c for c in pool if "Instant" in c.types and c.identity and not c.identity & ~walker.identity
    )
    assert outside not in cards and inside in cards
    reasons = window.session.why_hidden(outside, "Signature spell")
    assert any("Outside the colour identity of" in r for r in reasons), reasons
    creature = next(c for c in pool if "Creature" in c.types and not c.identity & ~walker.identity)
    assert any(
        "no signature spell" in r for r in window.session.why_hidden(creature, "Signature spell")
    )

    # adding a hidden card to the slot warns with its reasons (declined: nothing added)
    window.add_card(outside.name)
    assert window.asked_hidden and window.asked_hidden[-1][0] == outside.name
    assert window.session.deck.section("Commander").total == 1

    choose(window.target_box, "Signature spell")
    search_and_add(window, qtbot, f'!"{inside.name}"')
    shown = heads(window)
    assert shown["Oathbreaker 1/1"] == [walker.name], shown
    assert shown["Signature spell 1/1"] == [inside.name], shown
    assert [e.card for e in window.session.deck.section("Commander").entries] == [
        walker.name,
        inside.name,
    ]
    window.deck_pane.select_cards([inside.name])
    assert "This deck's signature spell." in window.card_view.text.toPlainText()
    window.deck_pane.select_cards([walker.name])
    assert "This deck's oathbreaker." in window.card_view.text.toPlainText()
    kinds = {p.kind for p in window.session.problems()}
    assert not {"MISSING_COMMANDER", "ILLEGAL_COMMANDER", "TOO_MANY_COMMANDERS"} & {
        str(getattr(k, "value", k)) for k in kinds
    }
    # a second signature spell: the slot is taken
    other = next(c for c in pool if "Sorcery" in c.types and not c.identity & ~walker.identity)
    assert any(
        "already has its signature spell" in r or "two cards" in r
        for r in window.session.why_hidden(other, "Signature spell")
    )

    # files: the deck's own kind and every export with a command zone keep both slots
    from deckeditor.ui.export_dialog import ExportDialog

    for kind in ("json", "forge", "arena"):  # Cockatrice and MTGO have no command zone
        dialog = ExportDialog(window.session.deck, window.session.pool, window)
        dialog.kind_box.setCurrentIndex(dialog.kind_box.findData(kind))
        out = tmp_path / f"breaker-{kind}.txt"
        dialog.export_to(str(out))
        assert window.open_path(str(out)), kind
        if window.session.format_code != "oathbreaker":  # a kind that names no format
            window.status.format_box.setCurrentIndex(
                window.status.format_box.findData("oathbreaker")
            )
            window.status.format_box.activated.emit(window.status.format_box.currentIndex())
        shown = heads(window)
        assert shown.get("Oathbreaker 1/1") == [walker.name], (
            kind,
            shown,
            window.session.deck.sections,
        )
        assert shown.get("Signature spell 1/1") == [inside.name], (kind, shown)
