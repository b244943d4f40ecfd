"""A legal Riftbound deck built in the real window from an empty one, with only what a user can
reach: File > New, the catalog (search box, arrow keys and Enter), the deck line's context menu
("Make chosen champion"); then the counts, the statistics and the card view in Riftbound terms
(issue 13)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.conftest import shared_data
from tests.gui.test_ui_window import shown, window  # noqa: F401  (the window fixture)
from tests.support.riftbound import real_pool, vector_deck, vectors

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def rift_pool():
    return real_pool()


@pytest.fixture(scope="module")
def ex3(rift_pool):
    return vector_deck("ex3", rift_pool)


def menu_action(win, *path):
    """The menu bar's action at `path` ("&File", "&New", "Riftbound deck"), by shown text."""
    actions = win.menuBar().actions()
    for i, text in enumerate(path):
        found = next(a for a in actions if a.text().replace("&", "") == text.replace("&", ""))
        if i == len(path) - 1:
            return found
        actions = found.menu().actions()
    raise AssertionError(path)


def add_from_catalog(win, qtbot, name: str, times: int = 1) -> None:
    """Search the card, put the cursor on its row, press Enter `times` times."""
    catalog = win.catalog
    catalog.search_box.setText(f'"{name}"')
    rows = shown(win)
    assert name in rows, (name, rows[:5], win.card_view.text.toPlainText())
    catalog.table.setFocus()
    catalog.table.setCurrentIndex(catalog.model.index(rows.index(name), 0))
    for _ in range(times):
        qtbot.keyClick(catalog.table, Qt.Key.Key_Return)


def line(win, section: str, name: str) -> int:
    return next(
        i for i, e in enumerate(win.session.deck.section(section).entries) if e.card == name
    )


def section_labels(win) -> dict[str, str]:
    model = win.deck_pane.model
    return {
        model.index(r, 0).data(Qt.ItemDataRole.UserRole + 10): model.index(r, 0).data()
        for r in range(model.rowCount())
    }


def test_a_legal_riftbound_deck_from_an_empty_window(window, qtbot, ex3, rift_pool):  # noqa: F811
    window.pools["riftbound"] = rift_pool
    menu_action(window, "&File", "&New", "Riftbound deck").trigger()
    assert window.session.game_code == "riftbound" and window.session.deck.count() == 0
    assert "might" in window.catalog.search_box.placeholderText()
    assert window.catalog.model.headerData(3, Qt.Orientation.Horizontal) == "Might"
    assert "library" not in window.status.count_label.text()
    box = window.target_box  # "Add to": the game's section titles, the ids behind them
    assert [box.itemText(i) for i in range(box.count())][:2] == ["Legend", "Chosen Champion"]
    assert box.itemData(1) == "Champion" and window.target() == "Main"

    # the legend first: the catalog narrows to its domains (Calm + Mind)
    legend = ex3.section("Legend").entries[0].card
    add_from_catalog(window, qtbot, legend)
    assert [e.card for e in window.session.deck.section("Legend").entries] == [legend]
    window.catalog.search_box.setText("d:fury")
    assert shown(window) == []

    # the main deck, runes and battlefields, each to the section for its type (§3.1)
    wanted = {}
    for _, entry in ex3.entries("Main", "Champion", "Runes", "Battlefields"):
        wanted[entry.card] = wanted.get(entry.card, 0) + entry.count
    signatures = [n for n in wanted if rift_pool.get(n).is_signature]
    for name, count in wanted.items():
        add_from_catalog(window, qtbot, name, count)
    deck = window.session.deck
    assert deck.section("Runes").total == 12 and deck.section("Battlefields").total == 3
    assert deck.section("Main").total == 40 and deck.section("Champion").total == 0
    kinds = {p.kind.value for p in window.problems.problems}
    assert kinds == {"CHOSEN_CHAMPION"}

    # three Signature cards: the catalog now hides every other one, saying why
    window.catalog.search_box.setText("is:signature")
    assert shown(window) == []
    window.catalog.show_hidden.setChecked(True)
    other = next(n for n in shown(window) if n not in signatures)
    assert any("Signature" in r for r in window.session.why_hidden(rift_pool.get(other)))
    window.catalog.show_hidden.setChecked(False)

    # "Make chosen champion" on the champion's line: one copy moves, the other stays in Main
    champion = ex3.section("Champion").entries[0].card
    index = line(window, "Main", champion)
    menu = window.deck_pane.line_menu("Main", index)
    labels = [a.text() for a in menu.actions()]
    assert "Make chosen champion" in labels and "Set as legend" not in labels
    next(a for a in menu.actions() if a.text() == "Make chosen champion").trigger()
    deck = window.session.deck
    assert [e.card for e in deck.section("Champion").entries] == [champion]
    assert (
        deck.section("Main").entries[line(window, "Main", champion)].count == wanted[champion] - 1
    )

    # legal, in Riftbound terms
    assert [p for p in window.problems.problems if p.is_error] == []
    assert "legal" in window.status.problem_label.text()
    assert window.status.count_label.text() == "Main 40 · Runes 12 · Battlefields 3"
    labels = section_labels(window)
    assert labels["Main"] == "Main 40/40" and labels["Champion"] == "Chosen Champion 1/1"
    assert labels["Runes"] == "Runes 12/12" and labels["Battlefields"] == "Battlefields 3/3"
    assert labels["Legend"] == "Legend 1/1"
    stats = window.stats
    assert "Main deck: 40 cards" in stats.summary.text() and "library" not in stats.summary.text()
    energy = stats.chart("energy")
    assert energy is stats.curve and sum(v for _, v, _ in energy.bars) == 40
    power = dict((label, v) for label, v, _ in stats.chart("power").bars)
    assert power["Calm"] > 0 and power["Mind"] > 0 and power["Fury"] == 0
    assert sum(v for _, v, _ in stats.chart("might").bars) == sum(
        e.count
        for _, e in deck.entries("Main", "Champion")
        if "Unit" in rift_pool.get(e.card).types
    )
    charts = list(stats.charts)
    window.session.set_count("Main", 0, deck.section("Main").entries[0].count)  # no-op edit
    window.session.remove("Sideboard", 0) if deck.section("Sideboard").entries else None
    window.session.set_count("Main", 0, 1)
    assert stats.charts == charts  # the same widgets, new values
    window.undo_actions.undo.trigger()

    # the card view: Forgefire Cape off the board (§5.5 case 18)
    window.card_view.show_card("Forgefire Cape")
    text = window.card_view.text.toPlainText()
    assert "applies only while attached" in text and "+3" in text
    assert "When I attack or defend, deal 2 to all enemy units here." in text
    html = window.card_view.text.toHtml()
    assert "symbol:" in html  # [A] and the energy cost drawn as icons
    # previewed on Ornn, Forge God (Might 4) with two Equipment at once
    window.card_view.show_card(champion)
    offered = [
        window.card_view.attach_list.item(i).text()
        for i in range(window.card_view.attach_list.count())
    ]
    assert "Forgefire Cape" in offered and "Doran's Shield" in offered
    window.card_view.set_attached(["Forgefire Cape"])
    assert "Might 7" in window.card_view.text.toPlainText().replace("\ufffc", "").replace("  ", " ")
    window.card_view.set_attached(["Forgefire Cape", "Doran's Shield"])
    text = window.card_view.text.toPlainText().replace("\ufffc", "").replace("  ", " ")
    assert "Might 8 (4 +1 +3)" in text and "Tank" in text
    assert "attacking 8" in text and "defending 8" in text


def test_import_dialog_reads_a_pasted_riftbound_list_and_names_a_damaged_code(window, rift_pool):  # noqa: F811
    from deckeditor.ui.import_dialog import ImportDialog
    from tests.unit.test_riftbound_textlist import PASTED

    window.pools["riftbound"] = rift_pool
    dialog = ImportDialog(window.session.pool, window, pool_for=window.pool)  # an MTG deck is open
    dialog.paste.setPlainText(PASTED)
    dialog.preview_text()
    deck = dialog.deck()
    assert deck is not None and deck.game == "riftbound", dialog.error.text()
    assert deck.section("Champion").entries[0].card == "Jinx, Demolitionist"
    assert dialog.notes.text().startswith(
        "Read as a Riftbound deck list: 25 cards"
    )  # its reader's words

    code = vectors(shared_data("riftbound", "deckcode-test-vectors.json"))["ex2"]["code"]
    dialog.paste.setPlainText(code[:10] + "1" + code[11:])
    dialog.preview_text()
    assert dialog.deck() is None
    assert "deck code: character 10: '1'" in dialog.error.text()
    assert "no card lines" not in dialog.error.text()


def test_export_dialog_offers_the_riftbound_kinds(window, ex3, rift_pool, tmp_path):  # noqa: F811
    from deckeditor.ui.export_dialog import ExportDialog

    dialog = ExportDialog(ex3, rift_pool, window)
    kinds = [dialog.kind_box.itemData(i) for i in range(dialog.kind_box.count())]
    assert kinds == ["json", "riftbound-code", "riftbound-text"]
    dialog.kind_box.setCurrentIndex(2)
    assert "printings" in dialog.losses.item(0).text().lower()  # a sentence: "Printings …"
    dialog.export_to(str(tmp_path / "ex3.txt"))
    assert (tmp_path / "ex3.txt").read_text(encoding="utf-8").startswith("// ")


def test_opening_a_riftbound_list_file_uses_the_riftbound_pool(window, rift_pool, tmp_path):  # noqa: F811
    from tests.unit.test_riftbound_textlist import PASTED

    window.pools["riftbound"] = rift_pool
    path = tmp_path / "jinx.txt"
    path.write_text(PASTED, encoding="utf-8")
    assert window.open_path(str(path))
    session = window.session
    assert session.game_code == "riftbound" and session.deck.name == "Budget Jinx"
    assert session.deck.section("Legend").entries[0].card == "Jinx, Loose Cannon"
    kinds = {p.kind.value for p in window.problems.problems}
    assert {"UNKNOWN_SECTION", "UNKNOWN_CARD"} <= kinds  # Tokens: and the unknown name, reported


def test_opening_a_riftbound_list_reads_it_once_against_the_riftbound_pool(
    window,  # noqa: F811
    rift_pool,
    tmp_path,
    monkeypatch,
):
    # the file's kind names its game, so the window reads it once, with the right pool
    from deckeditor.ui import window_files
    from tests.unit.test_riftbound_textlist import PASTED

    window.pools["riftbound"] = rift_pool
    path = tmp_path / "jinx.txt"
    path.write_text(PASTED, encoding="utf-8")
    pools = []
    real = window_files.read_deck_file
    monkeypatch.setattr(
        window_files, "read_deck_file", lambda p, pool, *a: pools.append(pool) or real(p, pool, *a)
    )
    assert window.open_path(str(path))
    assert pools == [rift_pool] and window.session.deck.game == "riftbound"
    assert window.session.deck.section("Champion").entries[0].card == "Jinx, Demolitionist"
