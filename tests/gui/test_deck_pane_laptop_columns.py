"""The deck pane's columns on a 1366×768 laptop (issue 24.4, Riftbound walkthrough): a deck
pasted from a Riftbound deck code holds names with printing codes ("Jinx, Demolitionist
(OGN-…)"); the name column grew to the longest and pushed Type off the pane behind a horizontal
scroll bar. The name column now stops where the other columns still show whole; a name longer
than it is elided, its whole text in the line's tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication

from deckeditor.ui import window_fit
from deckeditor.ui.deck_model import HEADERS
from tests.conftest import shared_data
from tests.support.player_window import show_active
from tests.support.riftbound import real_pool, vectors

pytestmark = pytest.mark.gui

LAPTOP = QRect(0, 27, 1366, 741)  # 1366×768 less a 27-pixel top panel


def rows(model, parent=None):
    from PySide6.QtCore import QModelIndex

    parent = parent or QModelIndex()
    for r in range(model.rowCount(parent)):
        index = model.index(r, 0, parent)
        yield index
        yield from rows(model, index)


def test_a_pasted_riftbound_code_keeps_every_deck_column_on_a_laptop(
    make_window, qtbot, monkeypatch
):
    monkeypatch.setattr(window_fit, "available", lambda window: QRect(LAPTOP))
    win = make_window()
    win.run_dialog = lambda dialog: True  # the import preview's "Open deck"
    show_active(qtbot, win)
    win.pools["riftbound"] = real_pool()
    win.new_deck("riftbound")
    code = vectors(shared_data("riftbound", "deckcode-test-vectors.json"))["ex2"]["code"]
    QGuiApplication.clipboard().setText(code)
    qtbot.keyClick(
        win, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert win.session.deck.count("Main") == 39
    qtbot.wait(20)
    tree = win.deck_pane.tree
    header = tree.header()
    viewport = tree.viewport().width()
    # no horizontal scroll bar: every column, Type last, ends inside the pane
    assert tree.horizontalScrollBar().maximum() == 0
    last = len(HEADERS) - 1
    assert header.sectionViewportPosition(last) + header.sectionSize(last) <= viewport
    # both the names and the types keep a fair share of the room Qty and Cost leave
    free = viewport - header.sectionSize(1) - header.sectionSize(2)
    assert header.sectionSize(0) >= 0.4 * free
    assert header.sectionSize(last) >= 0.4 * free
    metrics = tree.fontMetrics()
    kinds = [i.siblingAtColumn(last).data() for i in rows(tree.model())]
    # the plain types ("Unit — Zaun") show whole
    plain = [k for k in kinds if k and k.count(" ") <= 2]
    assert plain and all(metrics.horizontalAdvance(k) <= header.sectionSize(last) for k in plain)
    # the names that no longer fit are elided, their whole text in the tooltip
    names = [i for i in rows(tree.model()) if i.data(Qt.ItemDataRole.ToolTipRole) or i.data()]
    wide = [
        i for i in names if metrics.horizontalAdvance(i.data() or "") + 40 > header.sectionSize(0)
    ]
    assert wide, "the code's deck has names longer than a laptop's name column"
    for index in wide:
        assert index.data() in (index.data(Qt.ItemDataRole.ToolTipRole) or "")
