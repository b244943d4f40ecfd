"""Recognising a deck file by content (deck-files.md §2) and the decoding rules of §1."""

from __future__ import annotations

import pytest

from deckeditor.deckio import (
    DeckFileError,
    LineKind,
    decode,
    kind_for_path,
    read_deck,
    recognise,
    split_lines,
)
from tests.unit.test_text_decks import FIXTURES, make_pool

RIFTBOUND_V3 = "CMAAAAAAAAAAAAAAAEAQAAAHAEAQAACZAEAQAAAEAAAAAAA"


@pytest.mark.parametrize(
    "fixture, kind",
    [
        ("tolabow.deck.json", "json"),
        ("korvold.dck", "forge"),
        ("korvold_xmage.dck", "xmage"),
        ("korvold.cod", "cod"),
        ("korvold.dek", "dek"),
        ("tolabow_arena.txt", "text"),
        ("korvold_mtgo.txt", "text"),
        ("moxfield.txt", "text"),
        ("archidekt.txt", "text"),
        ("cockatrice_text.txt", "text"),
        ("precon.txt", "precon"),
        ("mtgjson_deck.json", "mtgjson"),
    ],
)
def test_every_fixture_is_recognised(fixture, kind):
    assert read_deck(FIXTURES / fixture, make_pool()).kind == kind


def test_extension_is_never_trusted(tmp_path):
    xmage_as_dck = tmp_path / "forge-looking.dck"
    xmage_as_dck.write_bytes((FIXTURES / "korvold_xmage.dck").read_bytes())
    assert read_deck(xmage_as_dck).kind == "xmage"
    text_as_cod = tmp_path / "x.cod"
    text_as_cod.write_text("1 Island\n")
    assert read_deck(text_as_cod).kind == "text"


@pytest.mark.parametrize("text", ["", "   \n\t\n"])
def test_empty_file(text):
    with pytest.raises(DeckFileError, match="empty file"):
        read_deck(text.encode())


def test_unknown_xml_root_is_named():
    with pytest.raises(DeckFileError, match="<html>"):
        read_deck(b"<html><body/></html>")


def test_xml_namespace_on_the_root_is_ignored():
    r = read_deck(
        b'<d:Deck xmlns:d="urn:x"><Cards Quantity="1" Name="Island" Sideboard="false"/></d:Deck>'
    )
    assert r.kind == "dek"


def test_forge_after_comments_and_xmage_by_line_shape():
    assert recognise("# made by hand\n; another\n\n[metadata]\nName=x\n") == "forge"
    assert recognise("1 [CMM:464] Sol Ring\n") == "xmage"
    assert recognise("SB: 2 [ELD:1] Foo\n") == "xmage"
    assert recognise("LAYOUT MAIN:(1,1)\n1 Island\n") == "xmage"
    assert recognise("1 Island\n[Main]\n") == "text"


def test_riftbound_code_hook():
    deckcode = pytest.importorskip("deckeditor.games.riftbound.deckcode")
    if not deckcode.looks_like_code(RIFTBOUND_V3):
        pytest.skip("Riftbound codec does not accept the v3 vector yet")
    assert recognise(f"  {RIFTBOUND_V3}\n") == "riftbound-code"
    r = read_deck(RIFTBOUND_V3.encode())
    assert r.kind == "riftbound-code" and r.deck.game == "riftbound"
    assert r.deck.count() == 6


def test_a_single_word_that_is_no_code_is_text():
    with pytest.raises(DeckFileError, match="no card lines"):
        read_deck(b"Hello")


def test_line_ends_bom_and_trimming():
    assert split_lines("a\r\nb\rc\nd  \t\n") == ["a", "b", "c", "d"]
    assert split_lines("a\x0bb\n") == ["a\x0bb"]  # only CR and LF end lines
    r = read_deck(b"\xef\xbb\xbf1 Island\r\n2 Forest\r3 Sol Ring\n", make_pool())
    assert [s.status for s in r.lines] == [LineKind.CARD] * 3
    assert r.notes == ["read as plain text"]


def test_decode_rules():
    assert decode("é".encode()) == ("é", [])
    text, notes = decode(b"Lim-D\xfbl\x81")
    assert text.startswith("Lim-Dûl") and notes
    with pytest.raises(DeckFileError, match="8 MiB"):
        decode(b" " * (8 * 1024 * 1024 + 1))


def test_file_over_8_mib(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"1 Island\n" * (1024 * 1024))
    with pytest.raises(DeckFileError, match="8 MiB") as info:
        read_deck(big)
    assert str(info.value).startswith(str(big))


def test_error_names_the_file(tmp_path):
    f = tmp_path / "deck.txt"
    f.write_text("Deck\nSideboard\n")
    with pytest.raises(DeckFileError) as info:
        read_deck(f)
    assert str(info.value) == f"{f}: no card lines"


def test_deck_name_from_the_stem_or_pasted(tmp_path):
    f = tmp_path / "Korvold.txt"
    f.write_text("1 Island\n")
    assert read_deck(f).deck.name == "Korvold"
    assert read_deck("1 Island\n2 Forest").deck.name == "Imported deck"


def test_forced_kind():
    r = read_deck(b"1 Island\n", kind="mtgo")
    assert r.kind == "mtgo"
    with pytest.raises(DeckFileError, match="unknown deck kind"):
        read_deck(b"1 Island\n", kind="nope")


@pytest.mark.parametrize(
    "name, kind",
    [
        ("a.deck.json", "json"),
        ("a.JSON", "json"),
        ("a.dck", "forge"),
        ("a.cod", "cod"),
        ("a.dek", "dek"),
        ("a.txt", "text"),
        ("a.deck", None),
        ("noext", None),
    ],
)
def test_kind_for_path(name, kind):
    assert kind_for_path(name) == kind
