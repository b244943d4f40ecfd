"""Cockatrice `.cod` (deck-files.md §6.1, §6.3, §9): zones, kept elements, the compatible writer,
and XML that is refused (DTD, entities, cut-off files)."""

from __future__ import annotations

import pytest

from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import DeckFileError, LineKind, export_losses, read_deck, write_deck
from tests.unit.test_text_decks import FIXTURES, make_pool, sections

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
    assert ring.printing == Printing(
        set="CMM", number="464", scryfall="0afa0e33-4804-4b00-b625-c2d6b61090fc"
    )
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
    assert sections(d)["Sideboard"] == [
        ("Thrasios, Triton Hero", 1),
        ("Korvold, Fae-Cursed King", 1),
    ]
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
    name="Otter Burn",
    format="commander",
    notes="n",
    tags=("t",),
    sections=(
        Section("Commander", (Entry("Tolabow, Loch Rascal"),)),
        Section("Companion", (Entry("Lurrus of the Dream-Den"),)),
        Section(
            "Main",
            (
                Entry("Fire // Ice", 1, Printing(set="MH3", number="292")),
                Entry("Island", 97),
                Entry("Lightnig Bolt"),
            ),
        ),
        Section("Sideboard", (Entry("Electrolyze"),)),
        Section("Maybeboard", (Entry("Sol Ring"),)),
        Section("tokens", (Entry("Treasure", 2),)),
    ),
)


def test_writer_keeps_the_commander_in_main_as_cockatrice_players_do(pool):
    text = write_deck(DECK, "cod", pool)
    assert text.startswith(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<cockatrice_deck version="1" deckEditorSections="marked">'
    )
    assert (
        '<bannerCard providerId="" deckEditorBanner="commander">Tolabow, Loch Rascal</bannerCard>'
        in text
    )
    main = text.split('<zone name="main">')[1].split("</zone>")[0]
    assert main.index('name="Tolabow, Loch Rascal" deckEditorSection="Commander"') < main.index(
        "Island"
    )
    side = text.split('<zone name="side">')[1].split("</zone>")[0]
    assert side.index('name="Lurrus of the Dream-Den" deckEditorSection="Companion"') < side.index(
        "Electrolyze"
    )
    assert "commander" not in text.split("<zone")[1].split('"')[1]  # no commander zone
    assert '<card number="1" name="Fire // Ice" setShortName="MH3" collectorNumber="292"/>' in text
    assert "Sol Ring" not in text
    assert '<zone name="tokens">' in text
    assert export_losses(DECK, "cod", pool) == ["Maybeboard (1 card) not written"]
    back = read_deck(text, pool)
    assert sections(back.deck) == {k: v for k, v in sections(DECK).items() if k != "Maybeboard"}
    assert not any("read as" in n for n in back.notes)  # nothing guessed: the file says it


def test_custom_zones_writer(pool):
    text = write_deck(DECK, "cod", pool, custom_zones=True)
    for zone in ("commander", "companion", "maybeboard"):
        assert f'<zone name="{zone}">' in text
    d = read_deck(text, pool).deck
    assert sections(d) == {k: v for k, v in sections(DECK).items()}


def test_round_trip_restores_a_lone_commander(pool):
    deck = Deck(
        name="K",
        sections=(
            Section("Commander", (Entry("Korvold, Fae-Cursed King"),)),
            Section("Main", (Entry("Forest", 99),)),
        ),
    )
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
    assert (
        len(deck.tags) == n and deck.tags[:3] == ("t0", "t1", "t2") and deck.tags[-1] == f"t{n - 1}"
    )
    assert clean_tags(["b", "a", "b", " a ", "x" * 150]) == ("b", "a", "x" * 100)


# --- the banner card: Cockatrice players keep the commander in `main` (§6.1, spec-notes) ----------


def _cod(banner: str | None, main: list[tuple[int, str]], side=(), fmt: str | None = None) -> bytes:
    head = f'<bannerCard providerId="">{banner}</bannerCard>' if banner is not None else ""
    head += f"<format>{fmt}</format>" if fmt else ""
    zones = (
        '<zone name="main">'
        + "".join(f'<card number="{n}" name="{c}"/>' for n, c in main)
        + "</zone>"
    )
    if side:
        zones += (
            '<zone name="side">'
            + "".join(f'<card number="{n}" name="{c}"/>' for n, c in side)
            + "</zone>"
        )
    return f'<cockatrice_deck version="1">{head}{zones}</cockatrice_deck>'.encode()


def test_banner_card_names_the_commander_kept_in_main(pool):
    r = read_deck(FIXTURES / "banner-commander.cod", pool)
    assert sections(r.deck) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Main": [("Sol Ring", 1), ("Forest", 98)],
    }
    assert "Korvold, Fae-Cursed King read as commander (named by bannerCard)" in r.notes
    assert r.deck.format is None  # nothing invented: the file names no format
    # every card line is still reported as read, where it stood
    assert [s.status for s in r.lines if s.text.lstrip().startswith("<card")] == [LineKind.CARD] * 3


def test_banner_partner_comes_along_when_it_is_the_only_one(pool):
    r = read_deck(FIXTURES / "banner-partners.cod", pool)
    assert sections(r.deck) == {
        "Commander": [("Thrasios, Triton Hero", 1), ("Tymna the Weaver", 1)],
        "Main": [("Sol Ring", 1), ("Island", 97)],
    }
    assert "Tymna the Weaver read as commander (Thrasios, Triton Hero's partner)" in r.notes


def test_banner_partner_stays_when_the_deck_leaves_a_choice(pool):
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg.card import PartnerInfo
    from tests.unit.test_text_decks import card

    pool = CardPool(
        "mtg",
        list(pool.cards)
        + [
            card(
                "Kraum, Ludevic's Opus", supertypes=("Legendary",), partner=PartnerInfo(plain=True)
            )
        ],
    )
    main = [
        (1, "Thrasios, Triton Hero"),
        (1, "Tymna the Weaver"),
        (1, "Kraum, Ludevic's Opus"),
        (97, "Island"),
    ]
    d = read_deck(_cod("Thrasios, Triton Hero", main), pool).deck
    assert sections(d)["Commander"] == [("Thrasios, Triton Hero", 1)]
    # a partner is looked for only in a deck of 100 cards
    d = read_deck(_cod("Thrasios, Triton Hero", main[:2] + [(50, "Island")]), pool).deck
    assert sections(d)["Commander"] == [("Thrasios, Triton Hero", 1)]


def test_banner_partner_newer_than_the_pool_when_the_notes_name_it(pool):
    main = [
        (1, "Thrasios, Triton Hero"),
        (1, "Zed, Newer Than The Pool"),
        (1, "Yon, Also Unknown"),
        (97, "Island"),
    ]
    text = _cod("Thrasios, Triton Hero", main).replace(
        b"<zone",
        b"<comments>CDR: Thrasios, Triton Hero\nCDR: zed, newer than the pool</comments><zone",
        1,
    )
    r = read_deck(text, pool)
    assert sections(r.deck)["Commander"] == [
        ("Thrasios, Triton Hero", 1),
        ("Zed, Newer Than The Pool", 1),
    ]
    assert (
        "Zed, Newer Than The Pool read as commander (Thrasios, Triton Hero's partner) "
        "(not in the card pool)"
    ) in r.notes
    # unnamed, an unknown card is never taken as the partner
    d = read_deck(_cod("Thrasios, Triton Hero", main), pool).deck
    assert sections(d)["Commander"] == [("Thrasios, Triton Hero", 1)]


@pytest.mark.parametrize(
    "banner, main, side, fmt",
    [
        ("Sol Ring", [(1, "Sol Ring"), (99, "Forest")], (), None),  # cannot lead
        ("Korvold, Fae-Cursed King", [(100, "Forest")], (), None),  # not in the deck
        (
            "Korvold, Fae-Cursed King",
            [(1, "Korvold, Fae-Cursed King"), (59, "Forest")],
            (),
            "modern",
        ),  # a format without a command zone
        ("Zed, Newer Than The Pool", [(1, "Zed, Newer Than The Pool"), (59, "Forest")], (), None),
        ("", [(1, "Korvold, Fae-Cursed King"), (99, "Forest")], (), None),
    ],
)
def test_banner_that_names_no_commander_moves_nothing(pool, banner, main, side, fmt):
    r = read_deck(_cod(banner, main, side, fmt), pool)
    assert "Commander" not in sections(r.deck)
    assert not any("read as commander" in n for n in r.notes)


def test_banner_of_a_constructed_deck_stays_in_main(pool):
    # recent Cockatrice releases give every deck a banner: a deck with 3-4 copies of a card is
    # no Commander deck unless its format says so
    main = [
        (1, "Korvold, Fae-Cursed King"),
        (2, "Lightning Bolt"),
        (2, "Lightning Bolt"),
        (55, "Forest"),
    ]
    r = read_deck(_cod("Korvold, Fae-Cursed King", main), pool)
    assert "Commander" not in sections(r.deck)
    d = read_deck(_cod("Korvold, Fae-Cursed King", main, fmt="commander"), pool).deck
    assert sections(d)["Commander"] == [("Korvold, Fae-Cursed King", 1)]
    # basic lands are no sign of it
    d = read_deck(_cod("Korvold, Fae-Cursed King", [main[0], main[3]]), pool).deck
    assert sections(d)["Commander"] == [("Korvold, Fae-Cursed King", 1)]


def test_banner_commander_kept_in_a_large_sideboard(pool):
    side = [(1, "Korvold, Fae-Cursed King"), (1, "Pithing Needle"), (1, "Electrolyze")]
    r = read_deck(_cod("Korvold, Fae-Cursed King", [(99, "Forest")], side), pool)
    assert sections(r.deck) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Main": [("Forest", 99)],
        "Sideboard": [("Pithing Needle", 1), ("Electrolyze", 1)],
    }
    assert "Korvold, Fae-Cursed King read as commander (named by bannerCard)" in r.notes


def test_banner_newer_than_the_pool_leads_a_deck_of_100(pool):
    r = read_deck(
        _cod("Zed, Newer Than The Pool", [(1, "Zed, Newer Than The Pool"), (99, "Forest")]), pool
    )
    assert sections(r.deck)["Commander"] == [("Zed, Newer Than The Pool", 1)]
    assert (
        "Zed, Newer Than The Pool read as commander (named by bannerCard) (not in the card pool)"
    ) in r.notes


def test_a_lone_small_deck_keeps_its_banner_commander(pool):
    # a work-in-progress deck (83 cards in a real file): the banner still names the commander
    d = read_deck(
        _cod("Korvold, Fae-Cursed King", [(1, "Korvold, Fae-Cursed King"), (40, "Forest")]), pool
    ).deck
    assert sections(d) == {"Commander": [("Korvold, Fae-Cursed King", 1)], "Main": [("Forest", 40)]}


def test_sideboard_rule_comes_before_the_banner(pool):
    main = [(1, "Tolabow, Loch Rascal"), (98, "Forest")]
    r = read_deck(_cod("Tolabow, Loch Rascal", main, [(1, "Korvold, Fae-Cursed King")]), pool)
    assert sections(r.deck)["Commander"] == [("Korvold, Fae-Cursed King", 1)]
    assert ("Tolabow, Loch Rascal", 1) in sections(r.deck)["Main"]


# --- our own round trip is exact: marks, not guesses ----------------------------------------------


@pytest.mark.parametrize(
    "commanders, main, side",
    [
        (["Thrasios, Triton Hero", "Tymna the Weaver"], [("Island", 98)], []),  # a partner pair
        (["Thrasios, Triton Hero", "Zed, Newer Than The Pool"], [("Island", 50)], []),
        (["Lightning Bolt"], [("Island", 99)], []),  # cannot lead: still where the player put it
        ([], [("Korvold, Fae-Cursed King", 1), ("Island", 99)], []),  # no commander: none invented
        ([], [("Island", 99)], [("Korvold, Fae-Cursed King", 1)]),  # §6.3's shape, not guessed at
        (["Korvold, Fae-Cursed King"], [("Island", 59)], [("Lightning Bolt", 2)]),
    ],
)
def test_own_cod_round_trip_is_exact(pool, commanders, main, side):
    deck = Deck(
        name="Trip",
        sections=tuple(
            s
            for s in (
                Section("Commander", tuple(Entry(c) for c in commanders)),
                Section("Main", tuple(Entry(c, n) for c, n in main)),
                Section("Sideboard", tuple(Entry(c, n) for c, n in side)),
            )
            if s.entries
        ),
    )
    text = write_deck(deck, "cod", pool)
    back = read_deck(text, pool)
    assert back.deck == deck  # the whole deck: sections, name, and no banner kept as read data
    assert not any("read as" in n for n in back.notes)
    assert write_deck(back.deck, "cod", pool) == text
    assert not any("cannot tell" in x for x in export_losses(deck, "cod", pool))


def test_kept_banner_without_a_commander_is_not_guessed_at(pool):
    # a real file's commander, moved back to Main by the player: it stays there
    d = read_deck(FIXTURES / "banner-commander.cod", pool).deck
    d = d.move("Commander", 0, "Main", 1)
    back = read_deck(write_deck(d, "cod", pool), pool).deck
    assert "Commander" not in sections(back)
    assert back.foreign == d.foreign  # the banner is kept as it was read


def test_cockatrice_saving_our_file_again_keeps_the_commanders(pool):
    """Cockatrice drops the attributes it does not know when it saves a deck; the banner card
    (and an unambiguous partner) then bring the commanders back."""
    import re

    deck = read_deck(FIXTURES / "banner-partners.cod", pool).deck
    text = write_deck(deck, "cod", pool)
    assert '<bannerCard providerId="">Thrasios, Triton Hero</bannerCard>' in text
    resaved = re.sub(r' deckEditor[A-Za-z]+="[^"]*"', "", text)
    back = read_deck(resaved, pool).deck
    assert sections(back) == sections(deck)
