"""Riftbound's energy symbols as a player sees them (walkthrough of issue 24, Riftbound): in the
dark theme the energy diamond (#2b2b2b) vanished into the base (#2d2d2d), leaving a floating
digit in the catalog, the deck pane and the card view; and a two-digit energy (Baron Nashor's
10) spilled its digits past the diamond's corners in the catalog's cost column. A symbol about
as dark as the page it is drawn on now gets a ring in the text's colour, and a label is made
small enough to sit inside its diamond."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from deckeditor.ui import theme
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    win.resize(1366, 768)
    show_active(qtbot, win)
    yield win
    theme.apply(QApplication.instance(), "Light")


def choose_dark(win, qtbot) -> None:
    """Alt+V (View), T (Theme), D (Dark), as a player does from the keyboard."""
    QTest.keyClick(win, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    view = QApplication.activePopupWidget()
    QTest.keyClick(view, Qt.Key.Key_T)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() not in (None, view))
    QTest.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_D)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    assert theme.is_dark()


def add_by_keyboard(win, qtbot, name: str) -> None:
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    win.catalog.search_box.clear()
    qtbot.keyClicks(win.catalog.search_box, f'!"{name}"')
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Return)


def seen(image: QImage, rect: QRect, background: QColor) -> list[tuple[int, int]]:
    """The pixels of `rect` a player tells apart from the background."""
    return [
        (x, y)
        for x in range(max(0, rect.left()), min(image.width(), rect.right() + 1))
        for y in range(max(0, rect.top()), min(image.height(), rect.bottom() + 1))
        if abs(image.pixelColor(x, y).lightness() - background.lightness()) > 60
    ]


def lightness(image: QImage, x: int, y: int) -> int:
    return image.pixelColor(x, y).lightness()


def test_the_energy_diamond_is_seen_in_the_dark_theme(window, qtbot):
    window.new_deck("riftbound")
    add_by_keyboard(window, qtbot, "Apprentice Smith")  # energy 2, no power: a lone diamond
    choose_dark(window, qtbot)
    tree = window.deck_pane.tree
    window.deck_pane.select_cards(["Apprentice Smith"])
    cell = tree.currentIndex().siblingAtColumn(2)
    tree.clearSelection()  # the cell in the theme's plain colours
    qtbot.wait(10)
    image = tree.viewport().grab().toImage()
    background = image.pixelColor(tree.visualRect(cell).topRight() + QRect(0, 0, 1, 1).center())
    assert background.lightness() < 80  # the dark theme's base
    pixels = seen(image, tree.visualRect(cell), background)
    xs, ys = [x for x, _ in pixels], [y for _, y in pixels]
    # the whole diamond is seen, not only its 2 (a digit is about 5 pixels wide)
    assert max(xs) - min(xs) >= 11 and max(ys) - min(ys) >= 11, (xs, ys)


def test_a_two_digit_energy_stays_inside_its_diamond_in_the_catalog(make_window, qtbot):
    from tests.support.riftbound import real_pool

    win = make_window()
    win.resize(1366, 768)
    show_active(qtbot, win)
    win.pools["riftbound"] = real_pool()
    win.new_deck("riftbound")
    try:
        choose_dark(win, qtbot)  # light digits on a dark page: one past the diamond shows
        qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
        qtbot.keyClicks(win.catalog.search_box, '!"Baron Nashor"')
        model, table = win.catalog.model, win.catalog.table
        assert model.rowCount() == 1 and model.index(0, 1).data() == "10 +3"
        table.clearSelection()
        qtbot.wait(10)
        rect = table.visualRect(model.index(0, 1))
        image = table.viewport().grab().toImage()
        background = image.pixelColor(rect.right() - 1, rect.top() + 1)
        pixels = seen(image, rect, background)
        ys = [y for _, y in pixels]
        size = max(ys) - min(ys) + 1  # the symbols' height (the discs beside it share it)
        left, top = min(x for x, _ in pixels), min(ys)
        half = size / 2
        # the digits: white (the ring is the text colour softened, lightness about 155)
        digits = [(x, y) for x, y in pixels if x < left + size and lightness(image, x, y) > 215]
        outside = [
            (x, y)
            for x, y in digits
            if abs(x + 0.5 - left - half) / half + abs(y + 0.5 - top - half) / half > 1.0
        ]
        assert len(digits) >= 6 and not outside, (size, digits, outside)
    finally:
        theme.apply(QApplication.instance(), "Light")


def test_the_card_view_draws_its_energy_diamond_for_the_new_theme(window, qtbot):
    """The card view drew its symbols as the theme changed, before its own palette followed:
    the energy beside the card's name was a bare digit on the dark page."""
    window.new_deck("riftbound")
    add_by_keyboard(window, qtbot, "Apprentice Smith")
    choose_dark(window, qtbot)
    window.deck_pane.select_cards(["Apprentice Smith"])
    view = window.card_view
    assert "2 energy" in view.text.toHtml()
    picture = view.text.images[view._url("[2]")]
    middle = picture.height() // 2
    edge = max(lightness(picture, x, middle) for x in range(1, picture.width() // 6))
    assert edge > 120, edge  # the ring at the diamond's left corner, light on the dark page
