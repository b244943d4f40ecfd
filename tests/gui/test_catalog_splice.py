"""The catalog after a deck edit (issue 24.10): the rows that left or joined the list are told to
the view as such, not with a reset of ~30,000 rows; the list and the selected place are the ones
a reset would give."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from deckeditor.carddb.store import starter_pool
from deckeditor.ui.catalog_model import SPLICE_MAX, CatalogModel
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


class Shadow:
    """The rows as a view knows them: only from the model's signals."""

    def __init__(self, model: CatalogModel) -> None:
        self.model = model
        self.rows = list(model.rows)
        self.resets = 0
        model.rowsRemoved.connect(self._removed)
        model.rowsInserted.connect(self._inserted)
        model.modelReset.connect(self._reset)

    def _removed(self, _parent, first: int, last: int) -> None:
        del self.rows[first : last + 1]
        assert self.rows == self.model.rows  # the model holds what it said it holds

    def _inserted(self, _parent, first: int, last: int) -> None:
        self.rows[first:first] = self.model.rows[first : last + 1]
        assert self.rows == self.model.rows

    def _reset(self) -> None:
        self.resets += 1
        self.rows = list(self.model.rows)


@pytest.fixture(scope="module")
def pool():
    return starter_pool("mtg")


def unique_rows(size: int):
    return st.lists(st.integers(0, size - 1), unique=True, max_size=size)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_signals_describe_every_change_in_place(qapp, pool, data):
    size = len(pool)
    old = data.draw(unique_rows(size), label="old")
    # mostly small edits of `old` (what a deck edit does), sometimes any other list
    new = data.draw(
        st.one_of(
            unique_rows(size),
            st.builds(
                lambda cut, keep, add: (
                    [r for r in old[:cut] if r in keep]
                    + [r for r in add if r not in old]
                    + old[cut:]
                ),
                st.integers(0, len(old)),
                st.sets(st.sampled_from(old)) if old else st.just(set()),
                unique_rows(size),
            ),
        ),
        label="new",
    )
    model = CatalogModel(pool)
    model.set_rows(list(old))
    shadow = Shadow(model)
    how = model.set_rows(list(new), in_place=True)
    assert model.rows == new and shadow.rows == new
    if new == old:
        assert how == "same" and shadow.resets == 0
    elif how == "spliced":
        assert shadow.resets == 0
    else:
        assert how == "reset" and shadow.resets == 1


def test_a_reset_unless_asked_or_greyed_rows_differ(qapp, pool):
    model = CatalogModel(pool)
    model.set_rows([1, 2, 3])
    shadow = Shadow(model)
    assert model.set_rows([1, 3]) == "reset"  # a search, a new deck: not in place
    assert model.set_rows([1, 2, 3], frozenset({1}), in_place=True) == "reset"
    assert model.set_rows([1, 2], frozenset({1}), in_place=True) == "spliced"
    assert shadow.resets == 2 and shadow.rows == [1, 2]


def test_a_long_stretch_changed_is_one_reset(qapp, pool):
    model = CatalogModel(pool)
    model.set_rows(list(range(SPLICE_MAX + 10)))
    assert model.set_rows([0], in_place=True) == "reset"


THRASIOS = "Thrasios, Triton Hero"


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    show_active(qtbot, win)
    return win


def test_enter_takes_the_card_out_of_the_list_without_a_reset(window, qtbot):
    """A singleton deck: the card added leaves the catalog, the row after it is selected, and
    the list is the one a full refresh gives."""
    catalog = window.catalog
    catalog.table.setFocus()
    catalog.table.setCurrentIndex(catalog.model.index(3, 0))
    name = catalog.current_card().name
    after = catalog.model.card_at(4).name
    with qtbot.assertNotEmitted(catalog.model.modelReset):
        qtbot.keyClick(catalog.table, Qt.Key.Key_Return)
    assert {e.card for e in window.session.deck.section("Main").entries} == {name}
    shown = [catalog.model.card_at(r).name for r in range(catalog.model.rowCount())]
    assert name not in shown
    assert catalog.current_card().name == after
    catalog.refresh()  # afresh: the same list
    assert [catalog.model.card_at(r).name for r in range(catalog.model.rowCount())] == shown
    assert catalog.count_label.text().startswith(f"{len(shown):,} of")


def _on_screen(widget):
    """The widget's pixels as the screen shows them (the window's backing store), not painted
    afresh as `widget.grab()` paints them."""
    from PySide6.QtGui import QGuiApplication

    top = widget.window()
    shot = QGuiApplication.primaryScreen().grabWindow(top.winId()).toImage()
    at = widget.mapTo(top, widget.rect().topLeft())
    return shot.copy(at.x(), at.y(), widget.width(), widget.height())


def _painted_afresh(widget, like):
    return widget.grab().toImage().convertToFormat(like.format())


def test_a_card_off_the_screen_leaves_the_rows_on_screen_as_they_are(window, qtbot):
    """Undo and redo of an add whose row is below the last row on screen: the rows on screen
    are not repainted (nothing on them changed), the screen still shows what a fresh paint
    shows, and the scroll bar follows the new row count."""
    from PySide6.QtCore import QEvent, QObject

    class Paints(QObject):
        count = 0

        def eventFilter(self, _obj, event):  # noqa: N802 - Qt's name
            self.count += event.type() == QEvent.Type.Paint
            return False

    catalog = window.catalog
    table, viewport = catalog.table, catalog.table.viewport()
    last_shown = table.rowAt(viewport.height() - 1)
    assert 0 <= last_shown < catalog.model.rowCount() - 1  # rows below the screen to add
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)  # the last card
    name = catalog.current_card().name
    qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.keyClick(table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)  # to the top
    qtbot.wait(10)
    bar = table.verticalScrollBar()
    rows, most = catalog.model.rowCount(), bar.maximum()
    for keys, shown in ((Qt.Key.Key_Z, 1), (Qt.Key.Key_Y, 0)):  # undo: back in the list; redo
        paints = Paints()
        viewport.installEventFilter(paints)
        qtbot.keyClick(table, keys, Qt.KeyboardModifier.ControlModifier)
        qtbot.wait(10)
        viewport.removeEventFilter(paints)
        assert paints.count == 0
        listed = [catalog.model.card_at(r).name for r in range(catalog.model.rowCount())]
        assert listed.count(name) == shown and len(listed) == rows + shown
        assert bar.maximum() == most + shown
        screen = _on_screen(viewport)
        assert screen == _painted_afresh(viewport, screen)
