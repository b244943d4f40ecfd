"""The plain-text family (deck-files.md §7, §9): every count form, markers, headers, blocks,
the sideboard-commander rule, and the text/arena/mtgo writers.

`make_pool` (a small hand-built MTG pool) is shared by the other deck-file tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import DeckFileError, LineKind, read_deck, write_deck
from deckeditor.games.mtg.card import Card, Face, Layout, PartnerInfo

FIXTURES = Path(__file__).parents[1] / "fixtures" / "decks"


def card(
    name,
    types=("Creature",),
    supertypes=(),
    subtypes=(),
    *,
    faces=None,
    layout=Layout.NORMAL,
    printings=(),
    **kw,
) -> Card:
    if faces is None:
        faces = (
            Face(name, supertypes=tuple(supertypes), types=tuple(types), subtypes=tuple(subtypes)),
        )
    return Card(name, layout, tuple(faces), printings=tuple(printings), **kw)


def make_pool() -> CardPool:
    legend = ("Legendary",)
    cards = [
        card(
            "Korvold, Fae-Cursed King",
            supertypes=legend,
            subtypes=("Dragon", "Noble"),
            printings=("ELD",),
        ),
        card("Lurrus of the Dream-Den", supertypes=legend, companion=True, printings=("IKO",)),
        card("Thrasios, Triton Hero", supertypes=legend, partner=PartnerInfo(plain=True)),
        card("Tymna the Weaver", supertypes=legend, partner=PartnerInfo(plain=True)),
        card("Tolabow, Loch Rascal", supertypes=legend, printings=("XRB",)),
        card("Sol Ring", ("Artifact",), printings=("CMM", "2ED")),
        card("Lightning Bolt", ("Instant",), printings=("M11", "DOM")),
        card("Electrolyze", ("Instant",)),
        card("Pithing Needle", ("Artifact",)),
        card("Lightning Greaves", ("Artifact",)),
        card("Island", ("Land",), ("Basic",), ("Island",)),
        card("Forest", ("Land",), ("Basic",), ("Forest",)),
        card("Cryptic Spires", ("Land",), set_color_id=2, printings=("MB2",)),
        card(
            "Fire // Ice",
            layout=Layout.SPLIT,
            faces=(Face("Fire", types=("Instant",)), Face("Ice", types=("Instant",))),
        ),
        card(
            "Delver of Secrets // Insectile Aberration",
            layout=Layout.TRANSFORM,
            faces=(
                Face("Delver of Secrets", types=("Creature",)),
                Face("Insectile Aberration", types=("Creature",)),
            ),
        ),
        card("Lim-Dûl's Vault", ("Instant",)),
        card("Ice Tunnel", ("Land",)),
        card("Tyrannax Rex"),
        card("Ach! Hans, Run!", ("Enchantment",)),
        card("Question Elemental?"),
        card("B.F.M. (Big Furry Monster)"),
        card("Tazeem", ("Plane",)),
        card("World Champion"),
    ]
    return CardPool("mtg", cards)


@pytest.fixture
def pool():
    return make_pool()


def sections(deck: Deck) -> dict[str, list[tuple[str, int]]]:
    return {s.name: [(e.card, e.count) for e in s.entries] for s in deck.sections}


def statuses(result) -> list[str]:
    return [s.status.value for s in result.lines]


SPEC_ARENA = """About
Name Tolabow Spells

Commander
1 Tolabow, Loch Rascal (XRB) 12

Deck
1 Fire // Ice (MH3) 292
30 Island (XRB) 276
"""

SPEC_MIXED = """1 Korvold, Fae-Cursed King (ELD) 329 *F* #Sac
2x Sol Ring
SB: 1 Pithing Needle
1 Ach! Hans, Run!
1 Question Elemental?
1 Ice Tunnel
1 Lim-Dul's Vault
1 Fire/Ice
1x Lightning Greaves (cmm) 391 [Maybeboard{noDeck}{noPrice}]
"""


def test_spec_arena_example(pool):
    r = read_deck(SPEC_ARENA, pool)
    assert r.deck.name == "Tolabow Spells"
    assert sections(r.deck) == {
        "Commander": [("Tolabow, Loch Rascal", 1)],
        "Main": [("Fire // Ice", 1), ("Island", 30)],
    }
    fire = r.deck.section("Main").entries[0]
    assert fire.printing == Printing(set="MH3", number="292")
    assert "read as MTG Arena text" in r.notes
    assert "Deck" not in [e.card for _, e in r.deck.entries()]


def test_spec_mixed_example(pool):
    r = read_deck(SPEC_MIXED, pool)
    s = sections(r.deck)
    assert s["Main"] == [
        ("Korvold, Fae-Cursed King", 1),
        ("Sol Ring", 2),
        ("Ach! Hans, Run!", 1),
        ("Question Elemental?", 1),
        ("Ice Tunnel", 1),
        ("Lim-Dûl's Vault", 1),
        ("Fire // Ice", 1),
    ]
    assert s["Sideboard"] == [("Pithing Needle", 1)]
    assert s["Maybeboard"] == [("Lightning Greaves", 1)]
    korvold = r.deck.section("Main").entries[0]
    assert korvold.printing == Printing(set="ELD", number="329", finish="foil")
    assert korvold.tags == ("Sac",)
    greaves = r.deck.section("Maybeboard").entries[0]
    assert greaves.printing.set == "CMM" and greaves.printing.number == "391"
    assert set(statuses(r)) == {"CARD"}


def test_every_count_form(pool):
    text = "4 Island\n4x Forest\n4X Sol Ring\nx4 Electrolyze\n(4) Pithing Needle\n[4] Tyrannax Rex\nLightning Bolt x4\n"
    r = read_deck(text, pool)
    assert all(n == 4 for _, n in sections(r.deck)["Main"])
    assert len(sections(r.deck)["Main"]) == 7


def test_bad_counts_and_long_lines_are_unparsed_with_their_number(pool):
    text = "0 Sol Ring\n10000 Island\n" + "1 " + "x" * 5000 + "\n1 Forest\n"
    r = read_deck(text, pool)
    bad = [(s.number, s.status) for s in r.lines if s.status is LineKind.UNPARSED]
    assert bad == [(1, LineKind.UNPARSED), (2, LineKind.UNPARSED), (3, LineKind.UNPARSED)]
    assert sections(r.deck) == {"Main": [("Forest", 1)]}
    assert [u.line for u in r.deck.unparsed] == [1, 2, 3]


def test_unknown_card_is_kept_and_written_back(pool):
    r = read_deck("1 Lightnig Bolt\n1 Island\n", pool)
    assert r.lines[0].status is LineKind.UNKNOWN_CARD
    assert sections(r.deck)["Main"][0] == ("Lightnig Bolt", 1)
    assert "1 Lightnig Bolt" in write_deck(r.deck, "text", pool).splitlines()


def test_only_headers_is_fatal(pool):
    with pytest.raises(DeckFileError, match="no card lines"):
        read_deck("Deck\nSideboard\n", pool)


def test_arena_headers_make_three_sections_and_no_card_named_deck(pool):
    text = "Commander\n1 Korvold, Fae-Cursed King\n\nCompanion\n1 Lurrus of the Dream-Den\n\nDeck\n98 Forest\n"
    r = read_deck(text, pool)
    assert list(sections(r.deck)) == ["Commander", "Companion", "Main"]
    assert all(e.card not in ("Deck", "Commander", "Companion") for _, e in r.deck.entries())


def test_header_variants(pool):
    text = "// Commander:\n1 Korvold, Fae-Cursed King\n# Main Deck\n1 Island\nSideboard (1)\n1 Sol Ring\nMAYBE:\n1 Electrolyze\n"
    r = read_deck(text, pool)
    assert list(sections(r.deck)) == ["Commander", "Main", "Sideboard", "Maybeboard"]


def test_foil_is_kept(pool):
    r = read_deck("1 Korvold, Fae-Cursed King (ELD) 329 *F*\n", pool)
    assert r.deck.section("Main").entries[0].printing.finish == "foil"


def test_mtgo_99_plus_commander(pool):
    r = read_deck("99 Forest\n\n1 Korvold, Fae-Cursed King\n", pool)
    assert sections(r.deck) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Main": [("Forest", 99)],
    }
    assert any("Korvold" in n and "commander" in n for n in r.notes)


def test_mtgo_60_plus_15_nothing_moves(pool):
    r = read_deck("60 Forest\n\n14 Island\n1 Korvold, Fae-Cursed King\n", pool)
    assert sections(r.deck) == {
        "Main": [("Forest", 60)],
        "Sideboard": [("Island", 14), ("Korvold, Fae-Cursed King", 1)],
    }


def test_mtgo_commander_and_companion(pool):
    r = read_deck(
        "98 Forest\n1 Sol Ring\n\n1 Korvold, Fae-Cursed King\n1 Lurrus of the Dream-Den\n", pool
    )
    s = sections(r.deck)
    assert s["Commander"] == [("Korvold, Fae-Cursed King", 1)]
    assert s["Companion"] == [("Lurrus of the Dream-Den", 1)]
    assert "Sideboard" not in s


def test_partners_move_together_but_not_unpairable(pool):
    r = read_deck("98 Forest\n\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n", pool)
    assert [c for c, _ in sections(r.deck)["Commander"]] == [
        "Thrasios, Triton Hero",
        "Tymna the Weaver",
    ]
    r = read_deck("98 Forest\n\n1 Thrasios, Triton Hero\n1 Korvold, Fae-Cursed King\n", pool)
    assert "Commander" not in sections(r.deck)


def test_unknown_sideboard_card_is_restored_by_shape(pool):
    # issue 15: the writers put a commander the pool does not know into the sideboard too, so
    # the rule goes by the shape alone for it (it used to stay in the sideboard)
    r = read_deck("99 Forest\n\n1 Korvold Fae Cursed Kingg\n", pool)
    assert sections(r.deck)["Commander"] == [("Korvold Fae Cursed Kingg", 1)]
    assert "Korvold Fae Cursed Kingg read as commander (not in the card pool)" in r.notes
    # the shape still decides: a 60-card deck keeps its sideboard, two copies are no pair
    r = read_deck("60 Forest\n\n1 Korvold Fae Cursed Kingg\n", pool)
    assert "Commander" not in sections(r.deck)
    r = read_deck("98 Forest\n\n2 Korvold Fae Cursed Kingg\n", pool)
    assert "Commander" not in sections(r.deck)


def test_windows_1252_with_a_note(pool):
    r = read_deck("1 Lim-Dûl's Vault\n".encode("cp1252"), pool)
    assert sections(r.deck) == {"Main": [("Lim-Dûl's Vault", 1)]}
    assert any("Windows-1252" in n for n in r.notes)


def test_back_face_and_full_name_both_resolve_to_delver(pool):
    r = read_deck("1 Delver of Secrets // Insectile Aberration\n1 Insectile Aberration\n", pool)
    assert sections(r.deck)["Main"] == [("Delver of Secrets // Insectile Aberration", 2)]
    assert r.lines[0].reason == "" and "back face" in r.lines[1].reason


def test_no_count_needs_a_known_card(pool):
    r = read_deck("Sol Ring\nMy Cool Deck Title\n1 Island\n", pool)
    assert r.lines[0].status is LineKind.CARD
    assert r.lines[1].status is LineKind.UNPARSED
    assert r.lines[1].reason == "no count and not a known card"


def test_names_with_their_own_parentheses_stay_whole(pool):
    r = read_deck("1 B.F.M. (Big Furry Monster)\n1 Tyrannax Rex\n", pool)
    assert [c for c, _ in sections(r.deck)["Main"]] == [
        "B.F.M. (Big Furry Monster)",
        "Tyrannax Rex",
    ]


def test_plst_number_kept_whole(pool):
    r = read_deck((FIXTURES / "moxfield.txt").read_bytes(), pool)
    bolt = r.deck.section("Main").entries[-1]
    assert bolt.printing == Printing(set="PLST", number="M11-149", finish="etched")
    korvold = r.deck.section("Main").entries[0]
    assert korvold.tags == ("Sac", "!Commander_Pick")
    assert sections(r.deck)["Sideboard"] == [("Pithing Needle", 1)]
    assert "read as Moxfield text" in r.notes


def test_archidekt_categories(pool):
    r = read_deck(FIXTURES / "archidekt.txt", pool)
    s = sections(r.deck)
    assert s["Commander"] == [("Korvold, Fae-Cursed King", 1)]
    assert s["Maybeboard"] == [("Lightning Greaves", 1)]
    assert s["Sideboard"] == [("Pithing Needle", 1)]
    ring = r.deck.section("Main").entries[0]
    assert ring.tags == ("Ramp", "Artifact", "Have")
    assert r.deck.name == "archidekt"


def test_cockatrice_text_name_notes_and_subtotals(pool):
    r = read_deck(FIXTURES / "cockatrice_text.txt", pool)
    assert r.deck.name == "Korvold Treasure Pile"
    assert r.deck.notes == "Sacrifice everything."
    assert sections(r.deck) == {
        "Main": [("Sol Ring", 1), ("Forest", 20)],
        "Sideboard": [("Pithing Needle", 1)],
    }


def test_arena_fixture_maps_arena_set_codes(pool):
    r = read_deck(FIXTURES / "tolabow_arena.txt", pool)
    bolt = next(e for _, e in r.deck.entries() if e.card == "Lightning Bolt")
    assert bolt.printing.set == "DOM"
    assert list(sections(r.deck)) == ["Commander", "Companion", "Main", "Sideboard"]
    assert "(DAR) 141" in write_deck(r.deck, "arena", pool)


def test_category_lines_are_comments(pool):
    r = read_deck("Creatures (2)\n2 Tyrannax Rex\nLands (1)\n1 Forest\n", pool)
    assert statuses(r) == ["COMMENT", "CARD", "COMMENT", "CARD"]


def test_merging_equal_lines(pool):
    r = read_deck("1 Island\n2 Island\n1 Island (XRB) 276\n", pool)
    assert sections(r.deck)["Main"] == [("Island", 3), ("Island", 1)]


def test_control_characters_make_a_line_unparsed(pool):
    r = read_deck("1 Isl\x00and\n1 Forest\n", pool)
    assert r.lines[0].status is LineKind.UNPARSED


def test_precon_fixture(pool):
    r = read_deck(FIXTURES / "precon.txt", pool)
    assert r.kind == "precon"
    assert r.deck.name == "Treasure Hoard"
    s = sections(r.deck)
    assert s["Commander"] == [("Korvold, Fae-Cursed King", 1)]
    assert s["Main"] == [("Sol Ring", 1), ("Fire // Ice", 1), ("Forest", 97)]
    assert s["Sideboard"] == [("Pithing Needle", 1)]
    korvold = r.deck.section("Commander").entries[0]
    assert korvold.printing == Printing(set="ELD", number="329", finish="foil")


# --- writers ---------------------------------------------------------------------------------------

DECK = Deck(
    name="Otter Burn",
    sections=(
        Section("Commander", (Entry("Tolabow, Loch Rascal"),)),
        Section("Companion", (Entry("Lurrus of the Dream-Den"),)),
        Section(
            "Main",
            (
                Entry(
                    "Fire // Ice",
                    1,
                    Printing(set="MH3", number="292", finish="foil"),
                    tags=("burn",),
                ),
                Entry("Delver of Secrets // Insectile Aberration", 2),
                Entry("Lightnig Bolt", 1),
                Entry("Island", 30, Printing(set="DOM", number="250")),
            ),
        ),
        Section("Sideboard", (Entry("Electrolyze"),)),
        Section("Maybeboard", (Entry("Sol Ring"),)),
    ),
)


def test_write_text(pool):
    assert write_deck(DECK, "text", pool) == (
        "// Otter Burn\nCommander\n1 Tolabow, Loch Rascal\n\nCompanion\n1 Lurrus of the Dream-Den\n\n"
        "Deck\n1 Fire // Ice\n2 Delver of Secrets\n1 Lightnig Bolt\n30 Island\n\n"
        "Sideboard\n1 Electrolyze\n\nMaybeboard\n1 Sol Ring\n"
    )
    with_opts = write_deck(DECK, "text", pool, with_printings=True, with_tags=True)
    assert "1 Fire // Ice (MH3) 292 *F* #burn" in with_opts


def test_write_arena(pool):
    assert write_deck(DECK, "arena", pool) == (
        "About\nName Otter Burn\n\nCommander\n1 Tolabow, Loch Rascal\n\nCompanion\n"
        "1 Lurrus of the Dream-Den\n\nDeck\n1 Fire // Ice (MH3) 292\n2 Delver of Secrets\n"
        "1 Lightnig Bolt\n30 Island (DAR) 250\n\nSideboard\n1 Electrolyze\n"
    )


def test_write_mtgo(pool):
    assert write_deck(DECK, "mtgo", pool) == (
        "1 Fire/Ice\n2 Delver of Secrets\n1 Lightnig Bolt\n30 Island\n\n"
        "1 Tolabow, Loch Rascal\n1 Lurrus of the Dream-Den\n1 Electrolyze\n"
    )


@pytest.mark.parametrize("kind", ["text", "arena"])
def test_text_round_trip_keeps_sections(pool, kind):
    again = read_deck(write_deck(DECK, kind, pool), pool).deck
    want = {k: v for k, v in sections(DECK).items() if kind == "text" or k != "Maybeboard"}
    assert sections(again) == want
    assert again.name == "Otter Burn"
