"""Conformance review of deck files and `deckeditor convert` (deck-files.md, cli.md): the spec's
worked examples written byte for byte, error lines naming the file, §9 rows via the command line."""

from __future__ import annotations

import json

import pytest

from deckeditor.cli import main
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import read_deck, write_deck
from tests.test_text_decks import make_pool, sections

COD_EXAMPLE = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
  <deckname>Korvold Treasure Pile</deckname>
  <format>commander</format>
  <comments>Sacrifice everything.</comments>
  <tags><tag>jund</tag></tags>
  <zone name="main">
    <card number="1" name="Sol Ring" setShortName="CMM" collectorNumber="464"/>
    <card number="9" name="Forest"/>
  </zone>
  <zone name="side">
    <card number="1" name="Korvold, Fae-Cursed King"/>
  </zone>
</cockatrice_deck>
"""


@pytest.fixture
def pool():
    return make_pool()


def run(capsys, *args):
    code = main(list(map(str, args)))
    out = capsys.readouterr()
    return code, out.out, out.err


# --- §6.1: the Cockatrice example, written exactly ---------------------------------------------


def test_cod_example_written_exactly(pool):
    deck = Deck(
        game="mtg", name="Korvold Treasure Pile", format="commander",
        notes="Sacrifice everything.", tags=("jund",),
        sections=(
            Section("Commander", (Entry("Korvold, Fae-Cursed King"),)),
            Section("Main", (Entry("Sol Ring", 1, Printing(set="CMM", number="464")),
                             Entry("Forest", 9))),
        ),
    )
    assert write_deck(deck, "cod", pool) == COD_EXAMPLE


def test_cod_example_round_trips_byte_identically(pool):
    result = read_deck(COD_EXAMPLE.encode(), pool)
    assert sections(result.deck)["Commander"] == [("Korvold, Fae-Cursed King", 1)]
    assert write_deck(result.deck, "cod", pool) == COD_EXAMPLE


def test_cod_several_tags_and_escaped_text(pool):
    deck = Deck(game="mtg", name="a />b", tags=("x", "y />"),
                sections=(Section("Main", (Entry("Island", 2),)),))
    text = write_deck(deck, "cod", pool)
    assert "<tags><tag>x</tag><tag>y /&gt;</tag></tags>" in text
    assert "<deckname>a /&gt;b</deckname>" in text
    assert read_deck(text.encode(), pool).deck.tags == ("x", "y />")


# --- §1 errors: one line naming the file ------------------------------------------------------


@pytest.mark.parametrize("body", [b"", b"\n  \n\t\n"])
def test_convert_empty_file_names_the_input(tmp_path, capsys, home, body):
    src = tmp_path / "deck.txt"
    src.write_bytes(body)
    code, _, err = run(capsys, "convert", src, tmp_path / "o.deck.json")
    assert code == 2
    assert err == f"{src}: empty file\n"


# --- §7 step 5 / §3 example: a count without a name ---------------------------------------------


@pytest.mark.parametrize("line", ["1x", "4", "x2", "(3)"])
def test_count_without_a_name_is_unparsed_no_card_name(pool, line):
    result = read_deck(f"{line}\n1 Sol Ring\n".encode(), pool)
    bad = [s for s in result.lines if s.status.value == "UNPARSED"]
    assert [(s.number, s.text, s.reason) for s in bad] == [(1, line, "no card name")]
    assert [(u.line, u.text, u.reason) for u in result.deck.unparsed] == [(1, line, "no card name")]
    assert sections(result.deck) == {"Main": [("Sol Ring", 1)]}


# --- §6.3: eligibility is mtg-rules §5.1 as the rules engine answers it ---------------------------


def _sb_pool():
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg.card import PartnerInfo
    from tests.test_text_decks import card

    legend = ("Legendary",)
    base = list(make_pool())
    return CardPool("mtg", base + [
        # a Background that is also a legendary creature leads alone (mtg-rules §5.1)
        card("Faceless One", ("Enchantment", "Creature"), legend, ("Background",),
             partner=PartnerInfo(is_background=True)),
        card("Raised by Giants", ("Enchantment",), legend, ("Background",),
             partner=PartnerInfo(is_background=True)),
        card("Wilson, Refined Grizzly", ("Creature",), legend, ("Bear", "Warrior"),
             partner=PartnerInfo(choose_background=True)),
    ])


@pytest.mark.parametrize("side, commander", [
    (["Faceless One"], ["Faceless One"]),
    (["Raised by Giants"], []),
    (["Wilson, Refined Grizzly", "Raised by Giants"], ["Wilson, Refined Grizzly", "Raised by Giants"]),
])
def test_sideboard_commander_rule_uses_the_engine_answer(side, commander):
    main_count = 100 - max(1, len(commander)) if commander else 99
    text = f"{main_count} Forest\n\n" + "".join(f"1 {n}\n" for n in side)
    deck = read_deck(text.encode(), _sb_pool()).deck
    assert [e.card for e in deck.section("Commander").entries] == commander
    assert [e.card for e in deck.section("Sideboard").entries] == ([] if commander else side)
