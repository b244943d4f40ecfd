"""Words players use: the banned list with its date, plurals, the commanders by name, names
ending in s, and the colours a card with a choice counts as."""

from __future__ import annotations

import pytest

from deckeditor.deck_edits import find_entries

pytestmark = pytest.mark.gui


@pytest.fixture
def window(make_window):
    win = make_window()
    win.ask_colors = lambda name, budget, chosen: "UR" if budget.exactly else "R"
    win.show()
    return win


def test_the_banned_list_is_called_that_with_its_date(window):
    window.add_card("Mana Crypt")
    lines = [window.problems.item(i).text() for i in range(window.problems.count())]
    banned = [line for line in lines if "Mana Crypt" in line and "banned" in line]
    assert banned and "banned in Commander since 20" in banned[0] and "taboo" not in banned[0], (
        lines
    )
    reasons = window.session.why_hidden(window.session.card("Griselbrand"))
    assert any(r.startswith("Banned in Commander since 20") for r in reasons), reasons


def test_one_card_is_one_card(window):
    window.add_card("Island")
    assert window.session.stats().counts.startswith("1 card ·")


def test_the_commanders_are_named_in_why_hidden(window):
    window.target_box.setCurrentText("Commander")
    window.add_card("Thrasios, Triton Hero")
    window.target_box.setCurrentText("Commander")
    window.add_card("Tymna the Weaver")
    reasons = window.session.why_hidden(window.session.card("Lightning Bolt"))
    assert reasons == ["Outside the colour identity of Thrasios and Tymna (WUBG): needs R"]


def test_cryptic_spires_counts_as_its_circled_colours_and_takes_an_apostrophe(window):
    from deckeditor.names import possessive

    assert (
        possessive("Cryptic Spires") == "Cryptic Spires'" and possessive("Tolabow") == "Tolabow's"
    )
    window.add_card("Cryptic Spires")
    ((section, index),) = find_entries(window.session.deck, ["Cryptic Spires"])
    assert window.session.deck.section(section).entries[index].colors == "UR"
    window.deck_pane.select_cards(["Cryptic Spires"])
    assert "counts as blue and red" in window.card_view.text.toPlainText()


def test_oathbreaker_slots_and_signature_spells_inside_the_oathbreakers_identity(window, qtbot):
    window.set_format("oathbreaker")
    heads = [
        window.deck_pane.model.index(r, 0).data() for r in range(window.deck_pane.model.rowCount())
    ]
    assert "Oathbreaker 0/1" in heads and "Signature spell 0/1" in heads, heads
    oathbreaker = next(
        c
        for c in window.session.pool.cards
        if "Planeswalker" in (c.types or ())
        and "Legendary" in c.faces[0].supertypes
        and bin(c.identity).count("1") == 1
    )
    window.target_box.setCurrentText("Oathbreaker")
    window.add_card(oathbreaker.name)
    assert window.target_box.currentText() == "Main"
    window.target_box.setCurrentText("Signature spell")
    model = window.catalog.model
    offered = [model.card_at(r) for r in range(model.rowCount())]
    assert offered and all(
        c.types and ("Instant" in c.types or "Sorcery" in c.types) for c in offered
    )
    assert all(c.identity & ~oathbreaker.identity == 0 for c in offered)  # inside its identity
    outside = next(
        c
        for c in window.session.pool.cards
        if "Instant" in (c.types or ()) and c.identity & ~oathbreaker.identity
    )
    reasons = window.session.why_hidden(outside, "Commander")
    assert any("Outside the colour identity of" in r for r in reasons), reasons
