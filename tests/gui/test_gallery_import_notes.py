"""The Riftbound gallery import's notes in a player's words (Riftbound walkthrough, issue 24):
importing the reference gallery said only "1 other note: the cards were imported as the source
gives them" — a note that names nothing. A few notes with no sentence of their own are shown
themselves, naming the card and what is odd about it (Shadows of the Past carries Effect Text,
which only a Gear has)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.conftest import shared_data
from tests.support.player_window import show_active

pytestmark = pytest.mark.gui


def test_the_gallery_import_names_shadows_of_the_past_and_its_effect_text(make_window, qtbot):
    window = make_window()
    show_active(qtbot, window)
    window.import_cards([str(shared_data("riftbound", "cards.json"))])
    with qtbot.waitSignal(window.card_import.worker_thread.finished, timeout=120000):
        pass
    qtbot.waitUntil(lambda: "Imported" in window.last_message, timeout=30000)
    box = window.card_import.issues_box
    informative = box.informativeText()
    assert "Shadows of the Past: Effect Text on a card that is not a Gear: '1'" in informative
    assert "only a Gear has one; kept as the gallery gives it" in informative
    assert "other note" not in informative
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert not box.isVisible()
