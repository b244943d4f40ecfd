"""Plain-text Riftbound deck lists (kind `riftbound-text`, issue 13): read as players paste them
from deck sites, written back, and damaged deck codes answered with the decoder's own error and
its position (not read as a list with no card lines)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor import deckio
from deckeditor.carddb.store import starter_pool
from deckeditor.deck import Entry, Printing, new_deck
from deckeditor.deckfile_errors import DeckFileError, LineKind
from deckeditor.games.riftbound import textlist
from tests.conftest import shared_data
from tests.support.riftbound import real_pool, vector_deck, vectors

PASTED = """// Budget Jinx
Legend: Jinx, Loose Cannon
Champion:
1 Jinx, Demolitionist
Main Deck (39):
3 Long Sword
3x Serrated Dirk (SFD-009)
Get Excited!
Battlefields:
1 The Arena's Greatest
Runes (12):
8 Fury Rune
4 Chaos Rune
Tokens:
1 Gold
Sideboard:
2 No Such Card
"""


@pytest.fixture(scope="module")
def pool():
    return real_pool()


@pytest.fixture(scope="module")
def ex3(pool):
    return vector_deck("ex3", pool)


def test_a_pasted_list_is_read_section_by_section(pool):
    result = deckio.read_deck(PASTED.encode(), pool)
    deck = result.deck
    assert (
        result.kind == "riftbound-text" and deck.game == "riftbound" and deck.name == "Budget Jinx"
    )
    assert [e.card for e in deck.section("Legend").entries] == ["Jinx, Loose Cannon"]
    assert [e.card for e in deck.section("Champion").entries] == ["Jinx, Demolitionist"]
    main = {e.card: e for e in deck.section("Main").entries}
    assert main["Long Sword"].count == 3 and main["Get Excited!"].count == 1
    assert main["Serrated Dirk"].printing == Printing(code="SFD-009")
    assert deck.section("Runes").total == 12 and deck.section("Battlefields").total == 1
    assert deck.section("Tokens").total == 1  # kept, and check reports UNKNOWN_SECTION
    unknown = result.statuses(LineKind.UNKNOWN_CARD)
    assert [s.number for s in unknown] == [15, 17]  # Gold (a token) and the unknown name
    assert deck.section("Sideboard").entries == (Entry("No Such Card", 2),)


def test_a_list_pasted_while_an_mtg_deck_is_open_is_a_riftbound_deck():
    result = deckio.read_deck(PASTED.encode(), starter_pool("mtg"))
    assert result.kind == "riftbound-text" and result.deck.game == "riftbound"
    assert result.deck.section("Legend").entries == (Entry("Jinx, Loose Cannon"),)


def test_headerless_lines_of_a_riftbound_pool_go_to_their_sections(pool):
    text = "Jinx, Loose Cannon\n3 Long Sword\n6 Fury Rune\nThe Arena's Greatest\n"
    deck = deckio.read_deck(text.encode(), pool).deck
    assert deck.section("Legend").total == 1 and deck.section("Main").total == 3
    assert deck.section("Runes").total == 6 and deck.section("Battlefields").total == 1


def test_ex3_round_trips_through_the_list(ex3, pool):
    text = deckio.write_deck(ex3, "riftbound-text", pool)
    assert text.startswith("// ") and "\nLegend:\n1 Ornn, Fire Below the Mountain\n" in text
    assert "\nMainDeck:\n" in text and "\nRunes:\n" in text
    back = deckio.read_deck(text.encode(), pool).deck
    for section in ("Legend", "Champion", "Main", "Runes", "Battlefields", "Sideboard"):
        want = sorted((e.card, e.count) for e in ex3.section(section).entries)
        got = sorted((e.card, e.count) for e in back.section(section).entries)
        merged: dict = {}
        for name, n in want:
            merged[name] = merged.get(name, 0) + n
        assert sorted(merged.items()) == sorted(got), section
    assert deckio.export_losses(ex3, "riftbound-text", pool) == [
        "printings (card codes) not written"
    ]
    with_codes = deckio.write_deck(ex3, "riftbound-text", pool, with_printings=True)
    back = deckio.read_deck(with_codes.encode(), pool).deck
    assert sorted(
        (e.card, e.count, e.printing.code) for e in back.section("Main").entries
    ) == sorted((e.card, e.count, e.printing.code) for e in ex3.section("Main").entries)
    # "text" for a Riftbound deck is its list
    assert deckio.write_deck(ex3, "text", pool) == text


def test_a_riftbound_list_cannot_hold_an_mtg_deck():
    with pytest.raises(DeckFileError, match="cannot hold an MTG deck"):
        deckio.write_deck(new_deck("mtg").add("Main", Entry("Island")), "riftbound-text")


def test_damaged_codes_show_the_decoders_error_and_position():
    code = vectors(shared_data("riftbound", "deckcode-test-vectors.json"))["ex2"]["code"]
    mtg = starter_pool("mtg")
    with pytest.raises(DeckFileError, match=r"deck code: character 10: '1'"):
        deckio.read_deck((code[:10] + "1" + code[11:]).encode(), mtg)
    with pytest.raises(DeckFileError, match=r"deck code: byte \d+: truncated"):
        deckio.read_deck(code[:-8].encode(), mtg)
    with pytest.raises(DeckFileError, match=r"deck code: byte \d+"):
        deckio.read_deck(code[:12].encode(), mtg)
    assert deckio.recognise("Island") == "text" and deckio.recognise("Lightning Bolt") == "text"


_NAMES = st.sampled_from(
    ["Long Sword", "Fury Rune", "Jinx, Loose Cannon", "Get Excited!", "No Such Card"]
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(textlist.WRITE_ORDER), _NAMES, st.integers(1, 40)), max_size=12
    )
)
def test_written_lists_read_back_the_same(items):
    deck = new_deck("riftbound", "Generated")
    for section, name, count in items:
        deck = deck.add(section, Entry(name, count))
    back = textlist.read(textlist.write(deck).splitlines(), None).deck
    for section in textlist.WRITE_ORDER:
        assert back.section(section).entries == deck.section(section).entries


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=40), max_size=8))
def test_any_text_reads_without_a_traceback(lines):
    result = textlist.read(lines, None)
    # every line is accounted for once: nothing is silently dropped
    assert [s.number for s in result.lines] == list(range(1, len(lines) + 1))
    cards = [s for s in result.lines if s.status in (LineKind.CARD, LineKind.UNKNOWN_CARD)]
    assert len(result.deck.unparsed) == len(result.statuses(LineKind.UNPARSED))
    assert len(cards) >= len({(n, e.card) for n, e in result.deck.entries()})


def test_convert_reads_a_riftbound_list_against_the_riftbound_pool(tmp_path, capsys, home):
    # the list's kind says its game: convert loads the Riftbound pool and reads the file once
    from deckeditor.cli import main

    source = tmp_path / "jinx.txt"
    source.write_text(PASTED, encoding="utf-8")
    out = tmp_path / "jinx.deck.json"
    cards = str(shared_data("riftbound", "cards.json"))
    assert main(["convert", str(source), str(out), "--cards", cards]) == 0
    deck = deckio.read_deck(out).deck
    assert deck.game == "riftbound"
    assert [e.card for e in deck.section("Champion").entries] == ["Jinx, Demolitionist"]
    assert deckio.game_of(source) == "riftbound" and deckio.game_of(out) == "riftbound"


def _reference(lines, pool):
    """The deck as entry-by-entry `Deck.add` builds it (the reader folds the rows once, at the
    end, for linear time; issue 15): the same sections, order, merges and 9,999 cap."""
    by_name = textlist.name_resolver(pool) if pool is not None else None
    deck, section, seen_card, name = new_deck("riftbound", "Imported deck"), None, False, None
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        if text.startswith(("//", "#")):
            if text.startswith("//") and not seen_card and name is None and text[2:].strip():
                name = text[2:].strip()
            continue
        header = textlist._header(text)
        if header is not None:
            section, text = header
            if not text:
                continue
        parsed = textlist._card_line(text)
        if parsed is None or not 1 <= parsed[0] <= 9999:
            continue
        count, written, code = parsed
        seen_card = True
        card = textlist._resolve(pool, written, code, by_name)
        where = section or (card.section if card is not None else "Main")
        deck = deck.add(
            where,
            Entry(card.name if card else written, count, Printing(code=code) if code else None),
        )
    return deck.renamed(name) if name else deck


_LINES = st.sampled_from(
    [
        "1 Long Sword",
        "3x Long Sword",
        "2 Long Sword (OGN-001)",
        "9000 Fury Rune",
        "1 Fury Rune",
        "Jinx, Loose Cannon",
        "4 No Such Card",
        "2 No Such Card (OGN-002)",
        "Legend:",
        "MainDeck:",
        "Runes:",
        "Sideboard:",
        "Tokens:",
        "Legend: Jinx, Loose Cannon",
        "// Name",
        "",
        "# c",
        "0 X",
        "1 x Long Sword",
        "2 Xolaani",
        "3  Long Sword",
        "01 Fury Rune",
        "10000 Long Sword",
        "2 Long Sword ",
        "1 Legend",
        "4 Fury Rune, Again",
        "12 Main",
    ]
)


@settings(max_examples=120, deadline=None)
@given(st.lists(_LINES, max_size=14))
def test_the_deck_is_what_adding_line_by_line_gives(lines):
    pool = real_pool()
    got = textlist.read(lines, pool).deck
    want = _reference(lines, pool)
    assert got.sections == want.sections and got.name == want.name


def test_a_large_list_of_distinct_names_reads_in_linear_time(pool):
    # 20,000 distinct unknown names: Deck.add per line compared each with every earlier one
    lines = ["MainDeck:"] + [f"1 Card {i}" for i in range(20_000)]
    result = textlist.read(lines, pool)
    (main,) = result.deck.sections
    assert len(main.entries) == 20_000 and main.entries[-1].card == "Card 19999"
    assert {s.reason for s in result.statuses(LineKind.UNKNOWN_CARD)} == {textlist.UNKNOWN}
