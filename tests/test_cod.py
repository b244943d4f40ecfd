"""Cockatrice `.cod` (deck-files.md §6.1, §6.3, §9): zones, kept elements, the compatible writer,
and XML that is refused (DTD, entities, cut-off files)."""

from __future__ import annotations

import pytest

from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import DeckFileError, LineKind, export_losses, read_deck, write_deck
from tests.test_text_decks import FIXTURES, make_pool, sections

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<cockatrice_deck version="1"><deckname>&lol3;</deckname></cockatrice_deck>
"""


@pytest.fixture
def pool():
    return make_pool()


def test_fixture(pool):
    r = read_deck(FIXTURES / "korvold.cod", pool)
    d = r.deck
    assert r.kind == "cod"
    assert d.name == "Korvold Treasure Pile" and d.format == "commander"
    assert d.notes == "Sacrifice everything.\nThen sacrifice some more."
    assert d.tags == ("jund", "treasure")
    assert sections(d) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Main": [("Sol Ring", 1), ("Forest", 98)],
        "tokens": [("Treasure", 1)],
    }
    ring = d.section("Main").entries[0]
    assert ring.printing == Printing(set="CMM", number="464",
                                     scryfall="0afa0e33-4804-4b00-b625-c2d6b61090fc")
    assert "bannerCard" in d.foreign["cockatrice"]
    assert any("Korvold" in n for n in r.notes)
    card_lines = [s for s in r.lines if s.status in (LineKind.CARD, LineKind.UNKNOWN_CARD)]
    assert [s.number for s in card_lines] == [10, 11, 14, 17]
    assert [s.status for s in card_lines][-1] is LineKind.UNKNOWN_CARD  # Treasure


def test_billion_laughs_is_refused():
    with pytest.raises(DeckFileError, match="XML with a DTD or entities is not accepted"):
        read_deck(BILLION_LAUGHS)


def test_external_entity_is_refused():
    xxe = b"""<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<cockatrice_deck><deckname>&x;</deckname></cockatrice_deck>"""
    with pytest.raises(DeckFileError, match="DTD or entities"):
        read_deck(xxe)


def test_cut_off_file_reports_line_and_column():
    text = (FIXTURES / "korvold.cod").read_bytes()[:400]
    with pytest.raises(DeckFileError) as info:
        read_deck(text)
    assert info.value.line is not None and info.value.column is not None
    assert "malformed XML" in info.value.message


def test_side_with_two_unpairable_commanders_moves_nothing(pool):
    text = b"""<cockatrice_deck version="1"><zone name="main"><card number="98" name="Forest"/></zone>
<zone name="side"><card number="1" name="Thrasios, Triton Hero"/><card number="1" name="Korvold, Fae-Cursed King"/></zone></cockatrice_deck>"""
    d = read_deck(text, pool).deck
    assert sections(d)["Sideboard"] == [("Thrasios, Triton Hero", 1), ("Korvold, Fae-Cursed King", 1)]
    assert "Commander" not in sections(d)


def test_commander_zone_and_other_zone_names(pool):
    text = b"""<cockatrice_deck version="2"><zone name="Commanders"><card number="1" name="Korvold, Fae-Cursed King"/></zone>
<zone name="MAIN"><card number="1" name="Sol Ring"/></zone><zone name="maybe"><card number="1" name="Electrolyze"/></zone>
<zone name="companion"><card number="1" name="Lurrus of the Dream-Den"/></zone></cockatrice_deck>"""
    d = read_deck(text, pool).deck
    assert list(sections(d)) == ["Commander", "Companion", "Main", "Maybeboard"]


def test_bad_number_makes_the_card_unparsed(pool):
    text = b"""<cockatrice_deck><zone name="main"><card number="0" name="Forest"/><card number="x" name="Island"/>
<card number="2" name="Island"/></zone></cockatrice_deck>"""
    r = read_deck(text, pool)
    assert len(r.statuses(LineKind.UNPARSED)) == 2
    assert sections(r.deck) == {"Main": [("Island", 2)]}


def test_unknown_format_kept_in_foreign(pool):
    text = b"""<cockatrice_deck><format>Kitchen Table!</format><zone name="main"><card number="2" name="Island"/></zone></cockatrice_deck>"""
    d = read_deck(text, pool).deck
    assert d.format is None and d.foreign["cockatrice"]["format"] == "Kitchen Table!"


DECK = Deck(
    name="Otter Burn", format="commander", notes="n", tags=("t",),
    sections=(
        Section("Commander", (Entry("Tolabow, Loch Rascal"),)),
        Section("Companion", (Entry("Lurrus of the Dream-Den"),)),
        Section("Main", (Entry("Fire // Ice", 1, Printing(set="MH3", number="292")),
                         Entry("Island", 97), Entry("Lightnig Bolt"))),
        Section("Sideboard", (Entry("Electrolyze"),)),
        Section("Maybeboard", (Entry("Sol Ring"),)),
        Section("tokens", (Entry("Treasure", 2),)),
    ),
)


def test_compatible_writer_puts_commanders_in_side(pool):
    text = write_deck(DECK, "cod", pool)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">')
    assert '<zone name="side">' in text and "commander" not in text.split("<zone")[1]
    side = text.split('<zone name="side">')[1].split("</zone>")[0]
    assert side.index("Tolabow") < side.index("Lurrus") < side.index("Electrolyze")
    assert '<card number="1" name="Fire // Ice" setShortName="MH3" collectorNumber="292"/>' in text
    assert "Sol Ring" not in text
    assert '<zone name="tokens">' in text
    assert any("Maybeboard (1 card)" in x for x in export_losses(DECK, "cod", pool))


def test_custom_zones_writer(pool):
    text = write_deck(DECK, "cod", pool, custom_zones=True)
    for zone in ("commander", "companion", "maybeboard"):
        assert f'<zone name="{zone}">' in text
    d = read_deck(text, pool).deck
    assert sections(d) == {k: v for k, v in sections(DECK).items()}


def test_round_trip_restores_a_lone_commander(pool):
    deck = Deck(name="K", sections=(Section("Commander", (Entry("Korvold, Fae-Cursed King"),)),
                                   Section("Main", (Entry("Forest", 99),))))
    again = read_deck(write_deck(deck, "cod", pool), pool).deck
    assert sections(again) == sections(deck)


def test_kept_elements_written_back(pool):
    d = read_deck(FIXTURES / "korvold.cod", pool).deck
    text = write_deck(d, "cod", pool)
    assert '<bannerCard providerId="abc">Korvold, Fae-Cursed King</bannerCard>' in text
    assert read_deck(text, pool).deck.foreign == d.foreign


def test_two_hundred_thousand_tags_are_read_once_each_in_order(pool):
    """Issue 26.5: tags were deduplicated by a list lookup each, quadratic (80,000 took 89 s). The
    timing lives in bench (`deckfile_cod_tags`); here the largest count a Forge export has
    completes and keeps every tag once, first spelling first."""
    from deckeditor.games.mtg.files.common import clean_tags

    n = 200_000
    tags = "".join(f"<tag>t{i}</tag>" for i in range(n)) + "<tag>t7</tag><tag> t9 </tag><tag></tag>"
    data = (f'<?xml version="1.0"?><cockatrice_deck version="1"><deckname>Many</deckname>'
            f'<tags>{tags}</tags><zone name="main"><card number="1" name="Island"/></zone>'
            f"</cockatrice_deck>").encode()  # fmt: skip
    deck = read_deck(data, pool, name="many.cod").deck
    assert len(deck.tags) == n and deck.tags[:3] == ("t0", "t1", "t2") and deck.tags[-1] == f"t{n - 1}"
    assert clean_tags(["b", "a", "b", " a ", "x" * 150]) == ("b", "a", "x" * 100)
