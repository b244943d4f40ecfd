"""A card its source says is not legal in the format is said so as a player reads it (issue 24,
found walking through as a new player): the window read "Lurrus of the Dream-Den is not part of
Modern: MTGJSON 2026-01-03 says not legal"."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from deckeditor.carddb.store import import_sources
from deckeditor.paths import AppPaths
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui

SWORDS_SAYS = "not legal in Modern (per the MTGJSON card data of 2026-01-03)"


def _card(name: str, type_line: str, types: list[str], formats: list[str]) -> list[dict]:
    return [
        {
            "name": name,
            "type": type_line,
            "types": types,
            "colors": ["W"],
            "colorIdentity": ["W"],
            "manaValue": 3,
            "manaCost": "{1}{W}{W}",
            "layout": "normal",
            "legalities": {f: "Legal" for f in formats},
        }
    ]


@pytest.fixture
def modern(make_window, qtbot, tmp_path):
    # a two-card MTGJSON file of 2026-01-03: Swords is listed for Legacy only, not for Modern
    data = {
        "Swords to Plowshares": _card("Swords to Plowshares", "Instant", ["Instant"], ["legacy"]),
        "Savannah Lions": _card(
            "Savannah Lions", "Creature — Cat", ["Creature"], ["legacy", "modern"]
        ),
    }
    source = tmp_path / "AtomicCards.json"
    source.write_text(
        json.dumps({"meta": {"version": "5.2.2", "date": "2026-01-03"}, "data": data}),
        encoding="utf-8",
    )
    import_sources([source], app_paths=AppPaths.resolve(tmp_path / "home").ensure())
    win = make_window()
    show_active(qtbot, win)
    win.new_deck("mtg", "modern")
    return win


def test_a_card_not_legal_in_the_format_says_so_per_its_card_data(modern, qtbot):
    catalog = modern.catalog
    qtbot.keyClick(modern, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(catalog.search_box, "Swords to Plowshares")
    assert catalog.empty_label.text().endswith(
        f"— Swords to Plowshares: {SWORDS_SAYS[:1].upper()}{SWORDS_SAYS[1:]}"
    )
    qtbot.keyClick(catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(catalog.search_box, Qt.Key.Key_Return)
    assert "Swords to Plowshares is hidden: Not legal in Modern (per the" in modern.last_message
    # added anyway (Show hidden, the question answered yes): the problem says it the same way
    catalog.show_hidden.setFocus()
    qtbot.keyClick(catalog.show_hidden, Qt.Key.Key_Space)
    qtbot.keyClick(modern, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(catalog.search_box, Qt.Key.Key_Return)
    qtbot.keyClick(catalog.table, Qt.Key.Key_Return)
    messages = [p.message for p in modern.problems.problems]
    assert f"Swords to Plowshares is {SWORDS_SAYS}" in messages, messages
    assert not any("says not legal" in m for m in messages)
