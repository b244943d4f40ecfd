"""Mana and set symbols, and the dark theme (issue 24.6): costs are drawn with the Mana font's
glyphs on coloured discs in the catalog, the deck pane and the card view; set symbols with
Keyrune's; a Riftbound deck draws its own symbols through the game interface; View › Theme
switches System / Light / Dark and the settings keep it."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from deckeditor.carddb.starter import starter_pool
from deckeditor.games import registry
from deckeditor.games.mtg.symbols import cost_tokens, mana_symbols, set_symbol
from deckeditor.paths import resources_dir
from deckeditor.ui import theme
from deckeditor.ui.settings import load_settings, save_settings

pytestmark = pytest.mark.gui

BLUE_DISC = QColor("#b5cde3")  # Mana's disc for {U} (its CSS, MIT)


# --- the game interface ---------------------------------------------------------------------------


def test_the_fonts_and_their_licence_are_shipped_with_the_glyph_table():
    fonts = resources_dir() / "fonts"
    assert (fonts / "mana.ttf").stat().st_size > 100_000 and (
        fonts / "keyrune.ttf"
    ).stat().st_size > 100_000
    assert "SIL OPEN FONT LICENSE" in (fonts / "OFL-1.1.txt").read_text(encoding="utf-8")
    table = json.loads((fonts / "symbols.json").read_text(encoding="utf-8"))
    assert table["mana"]["glyphs"]["u"] == "e601" and table["keyrune"]["glyphs"]["lea"] == "e600"


def test_the_bundle_ships_the_fonts():
    spec = (resources_dir().parent / "packaging" / "deckeditor.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "resources"), "resources")' in spec  # resources/fonts with the rest


def test_mtg_symbols_carry_mana_glyphs_and_costs_become_tokens():
    symbols = {s.token: s for s in mana_symbols()}
    blue = symbols["{U}"]
    assert (blue.font, blue.glyph, blue.color) == ("mana", "\ue601", "#b5cde3")
    hybrid = symbols["{W/U}"]
    assert hybrid.glyph == "\ue600\ue601" and hybrid.color2 == "#b5cde3"
    assert symbols["{T}"].glyph and symbols["{2/W}"].glyph
    pool = starter_pool("mtg")
    assert cost_tokens(pool.get("Counterspell")) == ("{U}", "{U}")
    assert cost_tokens(pool.get("Fire // Ice")) == ("{1}", "{R}", "//", "{1}", "{U}")
    assert set_symbol("C16").font == "keyrune" and set_symbol("C16").name == "Commander 2016"


def test_riftbound_draws_its_own_symbols_through_the_interface():
    game = registry.game("riftbound")
    tokens = {s.token for s in game.symbols()}
    card = next(c for c in starter_pool("riftbound").cards if c.energy is not None and c.power)
    cost = game.cost_symbols(card)
    assert cost[0] == f"[{card.energy}]" and len(cost) == 1 + card.power
    assert set(cost) <= tokens
    assert any(c.symbols for c in game.catalog_columns())


# --- in the window -------------------------------------------------------------------------------


@pytest.fixture
def window(make_window, qtbot):
    win = make_window()
    win.resize(1600, 900)
    win.show()
    qtbot.waitExposed(win)
    yield win
    theme.apply(QApplication.instance(), "Light")


def _has_colour(image, rect, colour: QColor, tolerance: int = 12) -> bool:
    for x in range(max(0, rect.left()), min(image.width(), rect.right())):
        for y in range(max(0, rect.top()), min(image.height(), rect.bottom())):
            c = image.pixelColor(x, y)
            if (
                abs(c.red() - colour.red())
                + abs(c.green() - colour.green())
                + abs(c.blue() - colour.blue())
                <= tolerance
            ):
                return True
    return False


def test_the_catalog_cost_column_is_drawn_with_mana_symbols(window, qtbot):
    catalog = window.catalog
    catalog.search_box.setFocus()
    qtbot.keyClicks(catalog.search_box, '!"Counterspell"')
    assert catalog.model.rowCount() == 1
    cost_col = [
        catalog.model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(catalog.model.columnCount())
    ].index("Cost")
    assert cost_col in catalog.model.symbol_columns
    cell = catalog.model.index(0, cost_col)
    assert cell.data() == "UU"  # the text stays for copying, sorting and screen readers
    catalog.table.setColumnWidth(cost_col, 80)
    rect = catalog.table.visualRect(cell)
    assert rect.width() > 0
    image = catalog.table.viewport().grab().toImage()
    assert _has_colour(image, rect, BLUE_DISC)
    assert (
        "Mana"
        in __import__("deckeditor.ui.symbols", fromlist=["font_families"]).font_families().values()
    )


def test_the_deck_pane_and_card_view_draw_the_symbols(window, qtbot):
    window.session.add_card("Counterspell", "Main")
    window.deck_pane.select_cards(["Counterspell"])
    tree = window.deck_pane.tree
    index = tree.currentIndex().siblingAtColumn(2)
    assert index.data() == "UU"
    tree.setColumnWidth(2, 80)
    image = tree.viewport().grab().toImage()
    assert _has_colour(image, tree.visualRect(index), BLUE_DISC)
    html = window.card_view.text.toHtml()
    assert "Counterspell" in html and 'title="blue mana"' in html.replace("'", '"')


def _choose_theme(window, qtbot, letter) -> None:
    """As a player does from the keyboard: Alt+V (View), T (Theme), then the theme's letter."""
    from PySide6.QtTest import QTest

    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    view = QApplication.activePopupWidget()
    QTest.keyClick(view, Qt.Key.Key_T)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() not in (None, view))
    QTest.keyClick(QApplication.activePopupWidget(), letter)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)


def test_view_theme_dark_is_applied_and_remembered(window, qtbot, tmp_path):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    themes = next(a.menu() for a in menu.actions() if a.text() == "&Theme")
    assert [a.text() for a in themes.actions()] == ["&System", "&Light", "&Dark"]
    assert window.theme_actions["System"].isChecked()
    _choose_theme(window, qtbot, Qt.Key.Key_D)
    palette = QApplication.instance().palette()
    assert palette.color(QPalette.ColorRole.Window).lightness() < 80
    assert palette.color(QPalette.ColorRole.Text).lightness() > 200
    assert window.settings.theme == "Dark" and window.theme_actions["Dark"].isChecked()
    window.session.add_card("Sol Ring", "Main")
    window.deck_pane.select_cards(["Sol Ring"])
    assert "#b00020" not in window.card_view.text.toHtml()  # texts toned for a dark background
    save_settings(window.paths, window.settings)
    assert load_settings(window.paths).theme == "Dark"
    _choose_theme(window, qtbot, Qt.Key.Key_L)
    assert QApplication.instance().palette().color(QPalette.ColorRole.Window).lightness() > 150
    assert window.settings.theme == "Light"


def test_system_follows_the_desktop_scheme(window, monkeypatch):
    monkeypatch.setattr(theme, "system_is_dark", lambda: True)
    window.theme_actions["System"].trigger()
    assert theme.is_dark()
    monkeypatch.setattr(theme, "system_is_dark", lambda: False)
    window.theme_actions["System"].trigger()
    assert not theme.is_dark()


def test_the_statistics_colour_charts_label_their_bars_with_mana_symbols(window, qtbot):
    window.session.add_card("Counterspell", "Main")
    tabs = window.stats.parentWidget()
    while tabs is not None and not hasattr(tabs, "setCurrentWidget"):
        tabs = tabs.parentWidget()
    if tabs is not None:
        tabs.setCurrentWidget(window.stats if tabs.indexOf(window.stats) >= 0 else tabs.widget(1))
    pips = window.stats.chart("pips")
    assert set(pips.symbols) == set("WUBRG") and all(
        s.font == "mana" for s in pips.symbols.values()
    )
    pips.resize(300, 160)
    image = pips.grab().toImage()
    from PySide6.QtCore import QRect

    assert _has_colour(image, QRect(0, image.height() - 30, image.width(), 30), BLUE_DISC)


def _diamond_and_digit(image, rect, body: QColor) -> tuple[int, int]:
    """(the energy diamond's height, the height of the light digit drawn inside it) in a cell."""
    dark = [(x, y) for x in range(rect.left(), rect.right() + 1) for y in range(rect.top(), rect.bottom() + 1)
            if _near(image.pixelColor(x, y), body)]  # fmt: skip
    if not dark:
        return 0, 0
    xs, ys = [x for x, _ in dark], [y for _, y in dark]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    hw, hh = (max(xs) - min(xs)) / 2 or 1, (max(ys) - min(ys)) / 2 or 1
    lit = [y for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)
           if abs(x - cx) / hw + abs(y - cy) / hh < 0.85 and image.pixelColor(x, y).lightness() > 150]  # fmt: skip
    return max(ys) - min(ys) + 1, (max(lit) - min(lit) + 1) if lit else 0


def _near(c: QColor, colour: QColor, tolerance: int = 12) -> bool:
    return (
        abs(c.red() - colour.red())
        + abs(c.green() - colour.green())
        + abs(c.blue() - colour.blue())
        <= tolerance
    )


@pytest.mark.parametrize("theme_name", ["Light", "Dark"])
def test_the_deck_pane_draws_a_legible_riftbound_energy_digit(window, qtbot, theme_name):
    """At the deck pane's own row height (1x) the energy diamond holds a digit a player can read:
    a 12 px diamond drew its digit at 7 px, clipped to a smudge ("◆?")."""
    window.pools["riftbound"] = starter_pool("riftbound")
    new = next(a for a in window.menuBar().actions() if a.text().replace("&", "") == "File").menu()
    new = next(a for a in new.actions() if a.text().replace("&", "") == "New").menu()
    next(a for a in new.actions() if a.text() == "Riftbound deck").trigger()
    theme.apply(QApplication.instance(), theme_name)
    window.session.add_card("Apprentice Smith", "Main")  # energy 2, no power
    window.deck_pane.select_cards(["Apprentice Smith"])
    tree = window.deck_pane.tree
    index = tree.currentIndex().siblingAtColumn(2)
    tree.clearSelection()  # the cell in the theme's plain colours
    qtbot.wait(10)
    image = tree.viewport().grab().toImage()
    assert image.devicePixelRatio() == 1.0
    diamond, digit = _diamond_and_digit(image, tree.visualRect(index), QColor("#2b2b2b"))
    assert diamond >= 14 and digit >= 7, (diamond, digit, tree.visualRect(index).height())
