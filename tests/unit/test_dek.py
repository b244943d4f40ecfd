"""MTGO `.dek` (deck-files.md §6.2): read, the MTGO-compatible writer, refused XML."""

from __future__ import annotations

import pytest

from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import DeckFileError, export_losses, read_deck, write_deck
from tests.unit.test_text_decks import FIXTURES, make_pool, sections


@pytest.fixture
def pool():
    return make_pool()


def test_fixture(pool):
    r = read_deck(FIXTURES / "korvold.dek", pool)
    d = r.deck
    assert r.kind == "dek"
    assert d.name == "korvold"
    assert sections(d) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Main": [("Fire // Ice", 1), ("Forest", 97), ("Sol Ring", 1)],
    }
    assert d.section("Main").entries[0].printing == Printing(mtgo=12345)
    assert d.section("Main").entries[1].printing is None  # CatID 0 is no id
    assert d.foreign["dek"] == {"NetDeckID": "0", "PreconstructedDeckID": "0"}


def test_xxe_is_refused():
    xxe = b"""<?xml version="1.0"?>
<!DOCTYPE Deck [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<Deck><Cards CatID="0" Quantity="1" Sideboard="false" Name="&x;" Annotation="0"/></Deck>"""
    with pytest.raises(DeckFileError, match="XML with a DTD or entities is not accepted"):
        read_deck(xxe)


def test_sideboard_any_case_and_annotation(pool):
    text = b"""<Deck><Cards CatID="5" Quantity="15" Sideboard="TRUE" Name="Island" Annotation="7"/>
<Cards CatID="6" Quantity="60" Sideboard="False" Name="Forest"/></Deck>"""
    d = read_deck(text, pool).deck
    assert sections(d) == {"Main": [("Forest", 60)], "Sideboard": [("Island", 15)]}
    assert dict(d.section("Sideboard").entries[0].flags) == {"Annotation": "7"}


def test_writer_layout(pool):
    deck = Deck(
        sections=(
            Section("Commander", (Entry("Tolabow, Loch Rascal"),)),
            Section("Main", (Entry("Fire // Ice", 1, Printing(mtgo=42)),)),
            Section("Maybeboard", (Entry("Sol Ring"),)),
        )
    )
    assert write_deck(deck, "dek", pool) == (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        "  <NetDeckID>0</NetDeckID>\n  <PreconstructedDeckID>0</PreconstructedDeckID>\n"
        '  <Cards CatID="42" Quantity="1" Sideboard="false" Name="Fire/Ice" Annotation="0" />\n'
        '  <Cards CatID="0" Quantity="1" Sideboard="true" Name="Tolabow, Loch Rascal" Annotation="0" />\n'
        "</Deck>\n"
    )
    losses = export_losses(deck, "dek", pool)
    assert any("Maybeboard" in x for x in losses)
    assert any("Tolabow" in x and "CatID 0" in x for x in losses)


def test_round_trip_keeps_ids_and_commander(pool):
    d = read_deck(FIXTURES / "korvold.dek", pool).deck
    again = read_deck(write_deck(d, "dek", pool), pool).deck
    assert again.sections == d.sections


def test_losses_when_the_sideboard_hides_the_commander(pool):
    deck = Deck(
        sections=(
            Section("Commander", (Entry("Korvold, Fae-Cursed King"),)),
            Section("Main", (Entry("Forest", 90),)),
            Section("Sideboard", (Entry("Island", 5),)),
        )
    )
    for kind in ("dek", "mtgo"):
        assert any("cannot tell them apart" in x for x in export_losses(deck, kind, pool)), kind
    # a .cod says where each card goes (the commander in `main`, marked): nothing to tell apart
    for options in ({}, {"custom_zones": True}):
        assert not any("cannot tell" in x for x in export_losses(deck, "cod", pool, **options))
        assert read_deck(write_deck(deck, "cod", pool, **options), pool).deck.sections == (
            deck.sections
        )
