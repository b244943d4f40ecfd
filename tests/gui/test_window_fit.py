"""The window on a 1366×768 laptop (issue 24.4): a first start fits the screen's available
geometry (less its panel), the status bar and the catalog count are on screen, no label, button,
box or placeholder is cut at that size, the geometry is remembered, and one saved on a bigger
screen is brought inside this one. The screen is the available area `window_fit` reads."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit, QWidget

from deckeditor.paths import AppPaths, resources_dir
from deckeditor.ui import window_fit
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui

LAPTOP = QRect(0, 27, 1366, 741)  # 1366×768 less a 27-pixel top panel (GNOME)
DESKTOP = QRect(0, 0, 1920, 1040)  # 1920×1080 less a 40-pixel task bar
DECK = str(resources_dir() / "decks" / "thrasios-tymna.deck.json")


def on_screen(monkeypatch, area: QRect) -> None:
    monkeypatch.setattr(window_fit, "available", lambda window: QRect(area))


def make_window(qtbot, home, settings=None):
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow
    from deckeditor.ui.settings import load_settings

    make_app()
    paths = AppPaths.resolve(home).ensure()
    settings = settings if settings is not None else load_settings(paths)
    settings.image_downloads = False
    win = MainWindow(paths, settings=settings, autosave=False)
    win.confirm_discard = lambda: True
    qtbot.addWidget(win)
    return win


def plain(label: QLabel) -> str:
    if label.textFormat() == Qt.TextFormat.PlainText or "<" not in label.text():
        return label.text()
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


def cut_texts(win, within: QWidget | None = None) -> list[str]:
    """Every visible text the window (or its part `within`) does not show whole: a widget
    running past the window's edge, a one-line label narrower than its text, a button or box
    narrower than its size hint, an empty line edit narrower than its placeholder."""
    out = []
    for w in (within or win).findChildren(QWidget):
        if not w.isVisibleTo(win) or w.window() is not win or w.width() <= 0:
            continue
        if isinstance(w, QLabel):
            text = plain(w).strip()
        elif isinstance(w, (QAbstractButton, QComboBox)):
            text = w.text() if isinstance(w, QAbstractButton) else w.currentText()
        elif isinstance(w, QLineEdit):
            text = w.placeholderText() if not w.text() else ""
        else:
            continue
        if not text:
            continue
        corner = w.mapTo(win, QPoint(w.width(), w.height()))
        if corner.x() > win.width() or corner.y() > win.height():
            out.append(f"{text!r} runs past the window ({corner.x()}, {corner.y()})")
        metrics = w.fontMetrics()
        if isinstance(w, QLabel) and not w.wordWrap():
            need = max(metrics.horizontalAdvance(line) for line in text.splitlines())
            if w.contentsRect().width() < need:
                out.append(f"label {text!r}: {w.contentsRect().width()} < {need}")
        elif (
            isinstance(w, (QAbstractButton, QComboBox)) and w.width() < w.minimumSizeHint().width()
        ):
            out.append(f"{type(w).__name__} {text!r}: {w.width()} < {w.minimumSizeHint().width()}")
        elif isinstance(w, QLineEdit) and w.width() < metrics.horizontalAdvance(text) + 16:
            out.append(
                f"placeholder {text!r}: {w.width()} < {metrics.horizontalAdvance(text) + 16}"
            )
    return out


def test_a_first_start_fits_a_1366x768_laptop_and_cuts_no_text(qtbot, tmp_path, monkeypatch):
    on_screen(monkeypatch, LAPTOP)
    win = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, win)
    frame = win.frameGeometry()
    assert win.width() + window_fit.FRAME.width() <= LAPTOP.width()
    assert win.height() + window_fit.FRAME.height() <= LAPTOP.height()
    assert LAPTOP.contains(QRect(frame.topLeft(), win.size()))
    assert win.open_path(DECK)
    # what a player does first: the search box, a query, the count under the catalog
    qtbot.keyClick(win, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(win.catalog.search_box, "t:instant")
    qtbot.keyClick(win.catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(win.catalog.table, Qt.Key.Key_Down)
    assert win.catalog.count_label.text().endswith("of 210 cards")
    assert cut_texts(win) == []
    status = win.statusBar()
    assert status.mapTo(win, QPoint(0, status.height())).y() <= win.height()
    for label in (win.status.count_label, win.status.problem_label, win.catalog.count_label):
        assert (
            label.isVisible()
            and label.visibleRegion().boundingRect().width() >= label.sizeHint().width() - 1
        )


def test_a_large_screen_gets_the_roomy_size(qtbot, tmp_path, monkeypatch):
    on_screen(monkeypatch, DESKTOP)
    win = make_window(qtbot, tmp_path / "home")
    assert (win.width(), win.height()) == (
        window_fit.PREFERRED.width(),
        window_fit.PREFERRED.height(),
    )
    assert DESKTOP.contains(win.geometry())


def test_the_geometry_is_remembered(qtbot, tmp_path, monkeypatch):
    on_screen(monkeypatch, DESKTOP)
    win = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, win)
    win.resize(1200, 700)
    win.move(100, 80)
    win.close()
    again = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, again)
    assert (again.width(), again.height()) == (1200, 700)
    assert again.frameGeometry().topLeft() == win.frameGeometry().topLeft()


def test_a_geometry_saved_on_a_bigger_screen_is_brought_inside_the_laptop(
    qtbot, tmp_path, monkeypatch
):
    on_screen(monkeypatch, QRect(0, 0, 2560, 1400))
    win = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, win)
    win.resize(2400, 1300)
    win.move(100, 50)
    win.close()
    on_screen(monkeypatch, LAPTOP)
    again = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, again)
    assert again.width() + window_fit.FRAME.width() <= LAPTOP.width()
    assert again.height() + window_fit.FRAME.height() <= LAPTOP.height()
    assert LAPTOP.contains(QRect(again.frameGeometry().topLeft(), again.size()))


@pytest.mark.parametrize("tab", ["Statistics", "Legality"])
def test_the_right_tabs_fit_the_laptop_with_a_deck_open(qtbot, tmp_path, monkeypatch, tab):
    """The Statistics tab (template rows above three charts) and the Legality tab hold more than a
    laptop's height: they scroll inside the tab instead of growing the window past the screen
    (the status bar went below it) or squeezing the catalog."""
    on_screen(monkeypatch, LAPTOP)
    win = make_window(qtbot, tmp_path / "home")
    show_active(qtbot, win)
    size = win.size()
    assert win.open_path(DECK)
    bar = win.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == tab)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert win.tabs.currentIndex() == index
    qtbot.wait(50)
    assert win.size() == size
    assert win.height() + window_fit.FRAME.height() <= LAPTOP.height()
    status = win.statusBar()
    assert status.isVisible() and status.mapTo(win, QPoint(0, status.height())).y() <= win.height()
