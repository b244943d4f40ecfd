"""Building a deck to a template in the real window (issue 27), driven with real clicks and keys:
the statistics panel's "Ramp 8/10" rows, the problem list's CATEGORY_TARGET warnings, the
catalog filtered to a category, the deck pane grouped by category, the odds and the sample hand."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from deckeditor import odds
from deckeditor.deck import Entry
from deckeditor.deckfile import read_json_deck
from tests.support.player_window import open_window, show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def win(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    show_active(qtbot, window)
    window.tabs.setCurrentIndex(1)  # the Statistics tab, where the template is
    return window


def shown(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def warnings(win) -> dict[str, object]:
    return {
        p.extra["category"]: p for p in win.problems.problems if p.kind.value == "CATEGORY_TARGET"
    }


def click_problem(qtbot, win, problem) -> None:
    for i in range(win.problems.count()):
        item = win.problems.item(i)
        if item.data(Qt.ItemDataRole.UserRole + 20) is problem:
            rect = win.problems.visualItemRect(item)
            qtbot.mouseClick(win.problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            return
    raise AssertionError(f"{problem.message} is not listed")


def add_rows_by_keyboard(qtbot, win, count: int) -> list[str]:
    """Enter on each of the first `count` catalog rows (Enter adds the current row's card)."""
    table = win.catalog.table
    names = shown(win)[:count]
    assert len(names) == count, shown(win)
    for name in names:
        row = shown(win).index(name)  # the catalog may re-narrow after each add
        table.setCurrentIndex(win.catalog.model.index(row, 0))
        qtbot.keyClick(table, Qt.Key.Key_Return)
    return names


def test_build_a_deck_by_template_from_an_empty_window(qtbot, win, tmp_path):
    panel = win.template_panel
    # an empty Commander deck: the usual shape is shown, not kept, and nothing is warned about
    assert win.session.format_code == "commander"
    assert panel.isVisible() and panel.build_button.isVisible()
    assert [panel.label_of(c) for c in ("Ramp", "Draw", "Removal", "Boardwipes", "Lands")] == [
        "Ramp 0/10",
        "Draw 0/10",
        "Removal 0/10",
        "Boardwipes 0/3",
        "Lands 0/37",
    ]
    assert warnings(win) == {}

    click(qtbot, panel.build_button)
    assert win.session.deck.template == {
        "Ramp": 10,
        "Draw": 10,
        "Removal": 10,
        "Boardwipes": 3,
        "Lands": 37,
    }
    assert not panel.build_button.isVisible()
    found = warnings(win)
    assert list(found) == ["Ramp", "Draw", "Removal", "Boardwipes", "Lands"]
    assert all(p.severity.value == "warning" for p in found.values())
    assert win.session.deck.template is not None

    # the Ramp warning lists ramp in the catalog, within the deck's legality
    click_problem(qtbot, win, found["Ramp"])
    assert win.catalog.search_box.text() == "otag:ramp"
    ramp = shown(win)
    legal = win.session.legal_rows("Main")
    assert "Cultivate" in ramp and "Counterspell" not in ramp
    if legal is not None:
        assert {win.session.pool.cards[r].name for r in legal} >= set(ramp)
    added = add_rows_by_keyboard(qtbot, win, 10)
    assert panel.label_of("Ramp") == "Ramp 10/10"
    assert "Ramp" not in warnings(win)
    assert [e.card for e in win.session.deck.section("Main").entries][:10] == added

    # the Removal row of the statistics panel does the same
    click(qtbot, panel.rows["Removal"].button)
    assert win.catalog.search_box.text() == "otag:removal"
    removal = add_rows_by_keyboard(qtbot, win, 3)
    also = [n for n in added if "removal" in win.session.game.card_roles(win.session.card(n))]
    assert panel.label_of("Removal") == f"Removal {3 + len(also)}/10"
    assert warnings(win)["Removal"].message.startswith(
        f"Removal {3 + len(also)}/10: {7 - len(also)} more"
    )
    assert set(removal) <= set(warnings(win)["Removal"].cards)

    # a target edited by keyboard: no board wipes wanted in this deck
    spin = panel.rows["Boardwipes"].target
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "0")
    QTest.keyClick(spin, Qt.Key.Key_Tab)
    assert win.session.deck.template["Boardwipes"] == 0
    assert "Boardwipes" not in warnings(win)

    # lands from the Lands row: the catalog searches t:land
    click(qtbot, panel.rows["Lands"].button)
    assert win.catalog.search_box.text() == "t:land"
    assert "Forest" in shown(win)

    # saved with the deck, and read back
    path = tmp_path / "built.deck.json"
    assert win.save_to(str(path))
    back = read_json_deck(path.read_text(encoding="utf-8"))
    assert back.template == win.session.deck.template


def test_the_deck_pane_groups_by_category_a_card_in_two_shows_in_both(qtbot, win):
    from tests.support.player_window import choose

    for name in ("Growth Spiral", "Counterspell", "Island"):
        win.session.add_card(name, "Main")
    choose(win.deck_pane.group_box, "Category")
    model = win.deck_pane.model
    main = next(
        model.index(r, 0)
        for r in range(model.rowCount())
        if model.index(r, 0).data(Qt.ItemDataRole.UserRole + 10) == "Main"
    )
    groups = {}
    for r in range(model.rowCount(main)):
        group = model.index(r, 0, main)
        groups[group.data()] = [
            model.index(i, 0, group).data(Qt.ItemDataRole.UserRole + 12)
            or model.index(i, 0, group).data()
            for i in range(model.rowCount(group))
        ]
    assert list(groups) == ["Ramp  (1)", "Draw  (1)", "Counterspells  (1)", "Lands  (1)"]
    assert any("Growth Spiral" in str(v) for v in groups["Ramp  (1)"])
    assert any("Growth Spiral" in str(v) for v in groups["Draw  (1)"])
    assert main.data().startswith("Main 3/")  # the section counts the card once

    # the line's categories set by the player (Deck › Line categories…, Ctrl+Shift+G)
    assert win.deck_pane.select_cards(["Growth Spiral"]) >= 1
    win.ask_text = lambda title, label, text: "Ramp, Value"
    win.deck_pane.tree.setFocus()
    QTest.keyClick(
        win, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    entry = next(e for _, e in win.session.deck.entries("Main") if e.card == "Growth Spiral")
    assert entry.categories == ("Ramp", "Value")
    main = next(
        model.index(r, 0)
        for r in range(model.rowCount())
        if model.index(r, 0).data(Qt.ItemDataRole.UserRole + 10) == "Main"
    )
    labels = [model.index(r, 0, main).data() for r in range(model.rowCount(main))]
    assert labels == ["Ramp  (1)", "Counterspells  (1)", "Lands  (1)", "Value  (1)"]
    win.session.undo()
    assert (
        next(e for _, e in win.session.deck.entries("Main") if e.card == "Growth Spiral").categories
        is None
    )

    # Deck › Rename category…: the deck's name for a role, cards added later included
    answers = ["Counterspells", "Stack"]
    win.ask_text = lambda title, label, text: answers.pop(0)
    rename = next(
        a for a in win.menuBar().actions()[2].menu().actions() if a.text() == "Re&name category…"
    )
    rename.trigger()
    assert win.session.deck.category_names == {"Counterspells": "Stack"}
    win.session.add_card("Negate", "Main")
    main = next(
        model.index(r, 0)
        for r in range(model.rowCount())
        if model.index(r, 0).data(Qt.ItemDataRole.UserRole + 10) == "Main"
    )
    labels = [model.index(r, 0, main).data() for r in range(model.rowCount(main))]
    assert "Stack  (2)" in labels and not any(label.startswith("Counterspells") for label in labels)


def test_odds_and_a_sample_hand(qtbot, win):
    deck = win.session.deck
    for name, count in (("Island", 36), ("Counterspell", 1), ("Brainstorm", 1)):
        deck = deck.add("Main", Entry(name, count))
    for name in [c.name for c in win.session.pool.cards if "Land" not in c.faces[0].types][:62]:
        deck = deck.add("Main", Entry(name))
    win.session.apply(deck, "a test deck")
    size = win.session.deck.count("Main")
    dialogs = []
    win.run_dialog = lambda dialog: dialogs.append(dialog) or True
    QTest.keyClick(
        win, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    (dialog,) = dialogs
    qtbot.addWidget(dialog)
    show_active(qtbot, dialog)  # its shortcuts reach it only when it is the active window
    assert dialog.category.currentText() == "Lands"
    game, pool = win.session.game, win.session.pool
    lands = sum(
        e.count
        for e in win.session.deck.section("Main").entries  # modal lands too
        if "land" in game.card_roles(win.session.card(e.card), pool)
    )
    assert lands >= 36
    from deckeditor.ui.odds_dialog import percent

    assert dialog.chance_text(0) == percent(float(odds.chance(size, lands, 1)))
    assert (percent(0.99996), percent(1.0), percent(0.5234), percent(0.0)) == (
        ">99.9%",
        "100.0%",
        "52.3%",
        "0.0%",
    )
    QTest.keyClick(dialog.at_least, Qt.Key.Key_Up)  # at least 2
    assert dialog.chance_text(3, on_draw=True, mulligans=2) == percent(
        float(odds.chance(size, lands, 2, 3, True, 2))
    )

    first = list(dialog.hand.hand)
    assert len(first) == 7 and all(s.isVisible() for s in dialog.slots[:7])
    QTest.keyClick(dialog, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # a new hand
    assert dialog.hand.seed == 1 and dialog.hand.hand != first
    click(qtbot, dialog.mulligan_button)
    assert dialog.hand.to_bottom == 1 and not dialog.draw_button.isEnabled()
    assert "click 1 card to put on the bottom" in dialog.hand_note.text()
    bottom = dialog.slots[0].name
    click(qtbot, dialog.slots[0])
    assert len(dialog.hand.hand) == 6 and dialog.hand.library[-1] == bottom
    click(qtbot, dialog.draw_button)
    assert len(dialog.hand.hand) == 7 and dialog.hand.drawn == 1
    assert [s.name for s in dialog.slots[:7]] == dialog.hand.hand
