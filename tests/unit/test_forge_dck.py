"""Forge `.dck` (deck-files.md §4): segments by content, marked colours, metadata, sections,
the writer's layout and the forge → json → forge round trip."""

from __future__ import annotations

import pytest

from deckeditor.deck import Deck, Entry, Printing, Section, Unparsed
from deckeditor.deckio import LineKind, export_losses, read_deck, write_deck
from deckeditor.games.mtg.files import forge_dck
from tests.unit.test_text_decks import FIXTURES, make_pool, sections


@pytest.fixture
def pool():
    return make_pool()


def one(line: str, pool):
    r = read_deck(f"[Main]\n{line}\n", pool)
    (entry,) = r.deck.section("Main").entries
    return entry, r


@pytest.mark.parametrize(
    "line",
    [
        "1 Cryptic Spires|MB2|#{markedColors=ru}",
        "1 Cryptic Spires|#{markedColors=UR}",
        "1 Cryptic Spires|MB2|#U#R",
        "1 Cryptic Spires|MB2|#{markedColors=red,blue}",
    ],
)
def test_marked_colours(pool, line):
    entry, _ = one(line, pool)
    assert entry.colors == "UR"


def test_bad_marked_colours_warn_and_keep_the_raw_flag(pool):
    entry, r = one("1 Cryptic Spires|MB2|#{markedColors=purple}", pool)
    assert entry.colors == "" and entry.flags["markedColors"] == "purple"
    assert any("markedColors=purple" in n for n in r.notes)


def test_segments_classified_by_content(pool):
    entry, _ = one("2 Lightning Bolt+|m11|[149]|#{noSellValue}", pool)
    assert entry.count == 2
    assert entry.printing == Printing(set="M11", number="149", finish="foil")
    assert dict(entry.flags) == {"noSellValue": "true"}
    entry, _ = one("1 Sol Ring|CMM|3", pool)
    assert entry.printing == Printing(set="CMM", forge_art=3)


def test_second_set_code_is_a_warning(pool):
    entry, r = one("1 Sol Ring|CMM|2ED", pool)
    assert entry.printing.set == "CMM"
    assert any("second set code" in n for n in r.notes)


def test_names_ending_in_set_codes_are_never_split(pool):
    r = read_deck("[Main]\n1 Tyrannax Rex\n1 Ice Tunnel\n", pool)
    assert sections(r.deck)["Main"] == [("Tyrannax Rex", 1), ("Ice Tunnel", 1)]
    assert all(e.printing is None for _, e in r.deck.entries())


def test_line_without_count_reads_by_the_grammar(pool):
    r = read_deck("[Main]\n1996 World Champion\nSol Ring\n", pool)
    assert sections(r.deck)["Main"] == [("World Champion", 1996), ("Sol Ring", 1)]


def test_fixture_reads_everything(pool):
    r = read_deck(FIXTURES / "korvold.dck", pool)
    d = r.deck
    assert r.kind == "forge"
    assert d.name == "Korvold Sacrifice"
    assert d.notes == "Eat the board, draw the deck."
    assert d.tags == ("jund", "aristocrats")
    assert d.format == "commander"
    assert sections(d) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Companion": [("Lurrus of the Dream-Den", 1)],
        "Main": [("Sol Ring", 1), ("Cryptic Spires", 1), ("Fire // Ice", 1), ("Forest", 20)],
        "Sideboard": [("Pithing Needle", 1)],
        "Planes": [("Tazeem", 1)],
    }
    spires = d.section("Main").entries[1]
    assert spires.colors == "BR" and dict(spires.flags) == {"noSellValue": "true"}
    assert d.foreign["forge"]["metadata"] == [
        ["AiHints", "RemoveRandom"],
        ["Deck Type", "constructed"],
    ]
    assert r.lines[0].status is LineKind.COMMENT
    assert any("Lurrus" in n for n in r.notes)


def test_old_headers_and_cards_before_any_header(pool):
    r = read_deck("[general]\nName=Old\n[main]\n1 Forest\n[shop]\n1 Sol Ring\n", pool)
    assert r.deck.name == "Old"
    assert sections(r.deck) == {"Main": [("Forest", 1)], "shop": [("Sol Ring", 1)]}


def test_bad_lines_are_unparsed(pool):
    r = read_deck("[Main]\n0 Island\n1 Sol Ring|CMM|123\n1 Forest\n", pool)
    assert [s.status for s in r.lines] == [
        LineKind.SECTION,
        LineKind.UNPARSED,
        LineKind.UNPARSED,
        LineKind.CARD,
    ]


SPEC_DECK = Deck(
    name="Tolabow Spells",
    format="commander",
    tags=("spells", "budget"),
    sections=(
        Section("Commander", (Entry("Tolabow, Loch Rascal", colors="R"),)),
        Section(
            "Main",
            (
                Entry(
                    "Lightning Bolt",
                    1,
                    Printing(set="M11", number="149", finish="foil"),
                    tags=("burn",),
                ),
                Entry("Cryptic Spires", colors="UR"),
                Entry("Island", 30),
                Entry("Lightnig Bolt"),
            ),
        ),
        Section("Maybeboard", (Entry("Electrolyze"),)),
    ),
)


def test_writer_matches_the_spec_example(pool):
    assert write_deck(SPEC_DECK, "forge", pool) == (
        "[metadata]\nName=Tolabow Spells\nTags=spells,budget\nDeckEditorFormat=commander\n"
        "[Commander]\n1 Tolabow, Loch Rascal|XRB|#{markedColors=R}\n"
        "[Main]\n1 Lightning Bolt+|M11|[149]\n1 Cryptic Spires|MB2|#{markedColors=UR}\n"
        "30 Island\n1 Lightnig Bolt\n[Maybeboard]\n1 Electrolyze\n"
    )


def test_a_choice_with_no_known_printing_is_never_written_after_the_unknown_edition(pool):
    """Forge reads `???` as "no edition" and then drops the flags (issue 22): with no printing
    known at all the line carries no flags, and the loss list says so in a player's words."""
    deck = Deck(sections=(Section("Main", (Entry("Unknown Spires", colors="UR"),)),))
    text = write_deck(deck, "forge", pool)
    assert "???" not in text and "1 Unknown Spires\n" in text
    lost = export_losses(deck, "forge", pool)
    assert (
        "Unknown Spires: Forge will drop the colour choice (blue and red) — Forge keeps it only "
        "after the code of a set it knows the card in, and no printing of this card is known "
        "(give the line a printing, or import a card pool with printings)"
    ) in lost


def test_writer_companion_notes_etched_unparsed(pool):
    deck = Deck(
        name="X",
        notes="line one\nline two",
        unparsed=(Unparsed("text", 3, "0 Sol Ring", "count"),),
        sections=(
            Section("Companion", (Entry("Lurrus of the Dream-Den"),)),
            Section("Main", (Entry("Sol Ring", 1, Printing(set="CMM", finish="etched")),)),
            Section("Sideboard", (Entry("Pithing Needle"),)),
        ),
    )
    text = write_deck(deck, "forge", pool)
    assert "Comment=line one line two" in text
    assert "DeckEditorCompanion=Lurrus of the Dream-Den" in text
    assert "[Sideboard]\n1 Pithing Needle\n1 Lurrus of the Dream-Den\n" in text
    assert "1 Sol Ring+|CMM" in text
    assert text.endswith("# unparsed: 0 Sol Ring\n")
    again = read_deck(text, pool).deck
    assert sections(again)["Companion"] == [("Lurrus of the Dream-Den", 1)]


def test_round_trip_forge_json_forge(pool):
    first = read_deck(FIXTURES / "korvold.dck", pool).deck
    as_json = write_deck(first, "json")
    back = read_deck(as_json, pool).deck
    forge_text = write_deck(back, "forge", pool)
    again = read_deck(forge_text, pool).deck
    assert again.sections == first.sections
    assert again.foreign["forge"] == first.foreign["forge"]
    assert (again.name, again.notes, again.tags, again.format) == (
        first.name,
        first.notes,
        first.tags,
        first.format,
    )
    # and forge → forge is stable after the first write
    assert write_deck(again, "forge", pool) == forge_text


def test_reader_module_directly_needs_cards():
    with pytest.raises(Exception, match="no card lines"):
        forge_dck.read(["[Main]", "# nothing"], None)


def test_unparsed_lines_go_back_to_their_section(pool):
    text = "[metadata]\nName=X\nbroken line\n[Main]\n1 Island\n0 Forest\n[Sideboard]\n1 Sol Ring|CMM|123\n"
    deck = read_deck(text, pool).deck
    assert [u.line for u in deck.unparsed] == [3, 6, 8]
    assert write_deck(deck, "forge", pool) == (
        "[metadata]\nName=X\n# unparsed: broken line\n[Main]\n1 Island\n# unparsed: 0 Forest\n"
        "[Sideboard]\n# unparsed: 1 Sol Ring|CMM|123\n"
    )


def test_forge_scripts_over_an_mtgjson_pool_keep_its_printings():
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg.build import build_card
    from deckeditor.games.mtg.card import Face

    face = Face("Tolabow, Loch Rascal", "{2}{U}{U}", 2, supertypes=("Legendary",),
                types=("Creature",), subtypes=("Otter",))  # fmt: skip
    mtgjson = build_card([face], printings=("XRB",))
    from dataclasses import replace

    mtgjson = replace(mtgjson, legalities="commander=legal", legal_source="MTGJSON 2026-01-03")
    pool = CardPool("mtg", [mtgjson, build_card([face])])  # the Forge script comes later
    card = pool.get("Tolabow, Loch Rascal")
    assert card.printings == ("XRB",) and card.legal_source == "MTGJSON 2026-01-03"


@pytest.mark.parametrize("name", ["Foo|Bar", "Shiny Thing+", "A | B +"])
def test_a_name_no_forge_line_can_hold_is_a_reported_loss_kept_as_unparsed(pool, name):
    # Forge cannot quote: `|` starts a segment and a final `+` is the foil mark, so writing the
    # name as a card line would read back as another card (or a foil one) without a word.
    deck = Deck(sections=(Section("Main", (Entry("Island", 4), Entry(name, 2))),))
    losses = export_losses(deck, "forge", pool)
    assert any(name in loss and "cannot hold this name" in loss for loss in losses)
    text = write_deck(deck, "forge", pool)
    assert f"# unparsed: 2 {name}\n" in text
    back = read_deck(text, pool)
    assert sections(back.deck)["Main"] == [("Island", 4)]
    assert [u.text for u in back.deck.unparsed] == [f"2 {name}"]
    # and the next trip gives the same file (never a second prefix)
    assert write_deck(back.deck, "forge", pool) == text


def test_a_plain_unknown_name_is_still_a_card_line(pool):
    deck = Deck(sections=(Section("Main", (Entry("Foo + Bar", 1), Entry("Not A Card", 3))),))
    assert not any("cannot hold" in loss for loss in export_losses(deck, "forge", pool))
    back = read_deck(write_deck(deck, "forge", pool), pool).deck
    assert sections(back)["Main"] == [("Foo + Bar", 1), ("Not A Card", 3)]


# --- what Forge itself ignores (issue 22 point 2) ------------------------------------------------

IGNORED_DECK = Deck(
    name="Lurrus Piles",
    format="commander",
    bracket=3,
    foreign={
        "forge": {
            "metadata": [
                ["AiHints", "RemoveRandom"],
                ["Description", "A pile"],
                ["Deck Type", "constructed"],
            ]
        }
    },
    sections=(
        Section("Commander", (Entry("Korvold, Fae-Cursed King"),)),
        Section("Companion", (Entry("Lurrus of the Dream-Den"),)),
        Section("Main", (Entry("Sol Ring"), Entry("Forest", 20))),
        Section("Maybeboard", (Entry("Pithing Needle", 2), Entry("Electrolyze"))),
        Section("Display Commander", (Entry("Korvold, Fae-Cursed King"),)),
        Section("Planes", (Entry("Tazeem"),)),
    ),
)


def test_the_loss_list_names_each_part_forge_ignores(pool):
    """Forge reads the sections of its DeckSection and the keys of its DeckFileHeader only: the
    Maybeboard, other sections and our own keys are in the file for Deck Editor, and the export
    says that Forge drops them instead of "Nothing is lost"."""
    lost = export_losses(IGNORED_DECK, "forge", pool)
    forge = [line for line in lost if line.startswith("Forge ") or "Forge ignores it" in line]
    assert forge == [
        "Forge ignores the Maybeboard (3 cards); Deck Editor reads it back",
        "Forge ignores the section Display Commander (1 card); Deck Editor reads it back",
        "The format (Commander) is kept only by Deck Editor; Forge ignores it",
        "The target bracket (3) is kept only by Deck Editor; Forge ignores it",
        "Forge reads the companion (Lurrus of the Dream-Den) as a sideboard card; Deck Editor "
        "reads it back as the companion",
        "Forge ignores the metadata key Description; Deck Editor keeps it",
    ]
    # each is one line of the window's list, as written (none is taken apart as "card: what")
    from deckeditor.losses import group_losses

    assert [g.line() for g in group_losses(forge)] == forge


def test_what_forge_ignores_is_still_written_for_our_own_round_trip(pool):
    text = write_deck(IGNORED_DECK, "forge", pool)
    assert "[Maybeboard]\n2 Pithing Needle\n1 Electrolyze\n" in text
    assert "[Display Commander]\n1 Korvold, Fae-Cursed King\n" in text
    back = read_deck(text, pool).deck
    assert sections(back)["Maybeboard"] == [("Pithing Needle", 2), ("Electrolyze", 1)]
    assert sections(back)["Display Commander"] == [("Korvold, Fae-Cursed King", 1)]
    assert sections(back)["Companion"] == [("Lurrus of the Dream-Den", 1)]
    assert (back.format, back.bracket) == ("commander", 3)


def test_an_unparsed_metadata_line_is_not_taken_for_a_key(pool):
    deck = read_deck("[metadata]\nName=X\n=broken\n[Main]\n1 Island\n", pool).deck
    assert [u.text for u in deck.unparsed] == ["=broken"]
    assert [line for line in export_losses(deck, "forge", pool) if line.startswith("Forge")] == []


def test_a_deck_forge_reads_whole_loses_nothing(pool):
    deck = Deck(
        name="Burn",
        foreign={"forge": {"metadata": [["AiHints", "RemoveRandom"]]}},
        tags=("burn",),
        notes="Fast.",
        sections=(
            Section("Main", (Entry("Lightning Bolt", 4), Entry("Mountain", 20))),
            Section("Sideboard", (Entry("Pithing Needle"),)),
            Section("Planes", (Entry("Tazeem"),)),
        ),
    )
    assert export_losses(deck, "forge", pool) == []


def test_a_save_in_place_asks_only_about_what_deck_editor_loses(pool):
    """The window's Save back to a .dck asks only about what Deck Editor would not read back:
    what Forge ignores is in the file for Deck Editor (the export dialog lists it)."""
    from deckeditor.deck_files import export_losses as session_losses

    assert session_losses(IGNORED_DECK, "forge", pool, reread_only=True) == []
    assert len(session_losses(IGNORED_DECK, "forge", pool)) == 6
