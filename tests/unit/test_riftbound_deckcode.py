"""riftbound.md §4: the Piltover Archive deck code, byte-exact on every vector, both ways."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.games.riftbound.card import SETS, CardCode, canonical_code
from deckeditor.games.riftbound.deckcode import (
    DeckCodeError,
    b32decode,
    b32encode,
    decode,
    decode_to_deck,
    encode,
    encode_deck,
    import_code,
    looks_like_code,
    varint,
)
from tests.conftest import shared_data
from tests.support.riftbound import gallery_pool, vectors


def pairs(items):
    return Counter({canonical_code(x["cardCode"]): x["count"] for x in items})


def as_counter(seq):
    out = Counter()
    for code, n in seq:
        out[code] += n
    return out


@pytest.fixture(scope="module")
def V():
    return vectors(shared_data("riftbound", "deckcode-test-vectors.json"))


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


@pytest.mark.parametrize("name", ["ex1", "ex2", "ex3"])
def test_vectors_encode_exactly_and_decode_back(V, name):
    v = V[name]
    i = v["input"]
    main = [(x["cardCode"], x["count"]) for x in i["mainDeck"]]
    side = [(x["cardCode"], x["count"]) for x in i["sideboard"]]
    code = encode(main, side, i["chosenChampion"])
    assert code == v["code"]
    assert b32decode(code).hex(" ") == v["bytes_hex"]
    assert len(b32decode(code)) == v["byte_length"]
    d = decode(code)
    assert d.version == 3
    assert as_counter(d.main) == pairs(i["mainDeck"])
    assert as_counter(d.sideboard) == pairs(i["sideboard"])
    assert d.champion == (canonical_code(i["chosenChampion"]) if i["chosenChampion"] else None)


def test_ex1_traced():
    code = encode([("OGN-007", 12), ("OGN-251", 1), ("SFD-022", 3)], [("SFD-009", 2)])
    assert code == "CMAQCAAAA4AAAAAAAAAAAAABAEBQAFQAAEAQAAH3AEAACAIDAAEQAAA"
    assert (
        b32decode(code).hex(" ")
        == "13 01 01 00 00 07 00 00 00 00 00 00 00 00 01 01 03 00 16 00 01 01 00 00 fb 01 00 01 01 03 00 09 00 00"
    )


def test_ex2_ex3_details(V):
    b2 = b32decode(V["ex2"]["code"])
    assert b2.endswith(bytes([1, 0, 0, 0x1E]))
    b3 = b32decode(V["ex3"]["code"])
    assert bytes.fromhex("01 00 00 2a 01 00 01 59") in b3
    assert b3.endswith(bytes.fromhex("01 03 01 55"))
    assert decode(V["ex3"]["code"]).champion == "SFD-085a"


FURTHER = [
    ("CEAAAAAAAAAAAAAAAEAQAAAHAEAQAACZAEAQAAAE", 1, {"OGN-007": 3, "OGN-089": 2, "OGN-004": 1}, {}, None, ()),
    ("CIAAAAAAAAAAAAAAAEAQAAAHAEAQAACZAEAQAAAEAAAQCAAACYAA", 2, {"OGN-007": 3, "OGN-089": 2, "OGN-004": 1}, {"OGN-022": 2}, None, ()),
    ("CMAAAAAAAAAAAAAAAEAQAAAHAEAQAACZAEAQAAAEAAAAAAA", 3, {"OGN-007": 3, "OGN-089": 2, "OGN-004": 1}, {}, None, ()),
    ("CQAAAAAAAAAAAAAAAIAQAAAAA4AQGAABAIAQCBABAECQCAIAAAAFSAABAEAAAAAWAAAQAAAAA4", 4,
     {"OGN-007": 3, "SFD-R02": 3, "UNL-R05a": 2, "OGN-089": 1}, {"OGN-022": 2}, "OGN-007", ()),
    ("CUAACDIBAECQAYIAAA", 5, {"VEN-097": 13}, {}, None, ()),
    ("CUAQCAYBAECQAAQBAAAA", 5, {"VEN-SP1": 3}, {}, None, ()),
    ("CYAAEAYBAIAAABAJAEAQCAAABUAAAAYAACMAEAAAUABAAAFEAI", 6, {"OGN-004": 3, "OGN-009": 3, "OGN-013": 1}, {}, None,
     ("OGN-280", "OGN-288", "OGN-292")),
    ("CMAAAAAAAAAQCAAAA4AACAIAABMQAAILAAAAICIMDMOVOX3AM5UHIAIDAAACO6XYAEAQKAAABX3QDGACUABKIAQAAEBQAAAWDBOQCAQAABMHEAIAABTQ", 3,
     {"OGN-007": 7, "OGN-089": 5, **{f"OGN-{n}": 3 for n in ("004", "009", "012", "027", "029", "087", "095", "096", "103", "104", "116")},
      **{f"OGN-{n}": 2 for n in ("039", "122", "248")}, **{f"OGN-{n}": 1 for n in ("013", "247", "280", "288", "292")}},
     {"OGN-022": 2, "OGN-024": 2, "OGN-093": 2, "OGN-088": 1, "OGN-114": 1}, "OGN-103", ()),
]  # fmt: skip


@pytest.mark.parametrize("code, version, main, side, champion, extras", FURTHER)
def test_further_vectors(code, version, main, side, champion, extras):
    d = decode(code)
    assert (d.version, as_counter(d.main), as_counter(d.sideboard), d.champion, d.extras) == (
        version, Counter(main), Counter(side), champion, extras)  # fmt: skip
    assert decode(code.lower()) == d
    if version in (3, 4, 5):
        assert encode(list(main.items()), list(side.items()), champion) == code


def test_varints():
    assert [varint(n).hex() for n in (7, 166, 251, 280)] == ["07", "a601", "fb01", "9802"]


def test_version_choice():
    assert decode(encode([("OGN-007", 3)])).version == 3
    assert decode(encode([("SFD-R02", 3)])).version == 4
    assert decode(encode([("VEN-SP1", 1)])).version == 5
    assert decode(encode([("OGN-007", 13)])).version == 5
    assert decode(encode([("OGN-007", 1)], [("OGN-004", 4)])).version == 5


def test_equal_codes_merge():
    assert encode([("SFD-228s", 1), ("SFD-228*", 1)]) == encode([("SFD-228*", 2)])
    assert decode(encode([("sfd-228s", 2)])).main == (("SFD-228*", 2),)


@pytest.mark.parametrize(
    "main, message",
    [
        ([("OGN-007", 0)], "counts start at 1"),
        ([("UNL-T01", 1)], "token"),
        ([("nonsense", 1)], "not a card code"),
        ([("OPP-001", 1)], "no deck-code id"),
    ],
)
def test_encoder_errors(main, message):
    with pytest.raises(DeckCodeError, match=message):
        encode(main)


@pytest.mark.parametrize(
    "data, message",
    [
        (bytes([0x23]), "byte 0: format 2"),
        (bytes([0x10]), "byte 0: version 0"),
        (bytes([0x17]), "byte 0: version 7"),
        (bytes([0x13, 1, 1, 9, 0, 7]), "byte 3: unknown set id 9"),
        (bytes([0x13, 1, 1, 0, 4, 7]), "byte 4: unknown variant id 4"),
        (bytes([0x14, 1, 1, 0, 0, 5, 7]), "byte 5: unknown number flag"),
        (bytes([0x15, 0, 1, 0]), "byte 3: a count of 0"),
        (bytes([0x13, 1, 9, 0, 0, 1]), "byte 2: a group of 9 cards"),
        (bytes([0x13, 0, 0]), "byte 3: truncated"),
        (bytes([0x13, 1, 1, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]), "longer than 5 bytes"),
    ],
)
def test_decoder_errors_with_offsets(data, message):
    with pytest.raises(DeckCodeError, match=message):
        decode(b32encode(data))


def test_bad_characters_with_position():
    with pytest.raises(DeckCodeError, match="character 4"):
        decode("CEAA=AAA")
    with pytest.raises(DeckCodeError, match="character 2"):
        decode("CE1A")


def test_trailing_bytes_ignored():
    code = encode([("OGN-007", 3)])
    assert decode(b32encode(b32decode(code) + b"\x00\x07")) == decode(code)


def test_looks_like_code(V):
    assert looks_like_code("  " + V["ex2"]["code"] + "\n")
    assert not looks_like_code("Island")
    assert not looks_like_code("4 Lightning Bolt")
    assert not looks_like_code("ABCDEFGHIJ")


codes = st.builds(
    CardCode,
    st.sampled_from(SETS),
    st.sampled_from(["", "", "R", "SP"]),
    st.integers(1, 400),
    st.sampled_from(["", "a", "b", "*"]),
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(codes, st.integers(1, 20), min_size=1, max_size=40),
    st.dictionaries(codes, st.integers(1, 20), max_size=10),
    st.booleans(),
)
def test_round_trip_generated_decks(main, side, with_champion):
    m = {str(c): n for c, n in main.items()}
    s = {str(c): n for c, n in side.items()}
    champion = next(iter(m)) if with_champion else None
    d = decode(encode(list(m.items()), list(s.items()), champion))
    assert as_counter(d.main) == Counter(m)
    assert as_counter(d.sideboard) == Counter(s)
    assert d.champion == champion


# --- deck ↔ code (§4.5, §4.6) -------------------------------------------------------------


def section_summary(deck):
    return {s.name: s.total for s in deck.sections}


def codes_in(deck, section):
    return [e.printing.code for e in deck.section(section).entries]


def test_imported_sections_ex1(V, pool):
    deck = decode_to_deck(V["ex1"]["code"], pool)
    assert deck.game == "riftbound"
    assert codes_in(deck, "Legend") == ["OGN-251"]
    assert section_summary(deck) == {"Legend": 1, "Main": 3, "Runes": 12, "Sideboard": 2}


def test_imported_sections_ex2(V, pool):
    deck = decode_to_deck(V["ex2"]["code"], pool)
    assert codes_in(deck, "Legend") == ["OGN-251"] and codes_in(deck, "Champion") == ["OGN-030"]
    assert section_summary(deck) == {
        "Legend": 1,
        "Champion": 1,
        "Main": 39,
        "Runes": 12,
        "Battlefields": 3,
        "Sideboard": 6,
    }
    runes = {e.card: e.count for e in deck.section("Runes").entries}
    assert runes == {"Fury Rune": 8, "Chaos Rune": 4}
    assert sorted(codes_in(deck, "Battlefields")) == ["OGN-290", "OGN-291", "OGN-298"]


def test_imported_sections_ex3(V, pool):
    deck = decode_to_deck(V["ex3"]["code"], pool)
    assert codes_in(deck, "Legend") == ["SFD-189"] and codes_in(deck, "Champion") == ["SFD-085a"]
    assert section_summary(deck) == {
        "Legend": 1,
        "Champion": 1,
        "Main": 39,
        "Runes": 12,
        "Battlefields": 3,
        "Sideboard": 7,
    }
    runes = {e.printing.code: e.count for e in deck.section("Runes").entries}
    assert sum(runes.values()) == 12 and len(runes) == 2
    assert sorted(codes_in(deck, "Battlefields")) == ["SFD-213", "SFD-214", "SFD-220"]


@pytest.mark.parametrize("name", ["ex1", "ex2", "ex3"])
def test_deck_round_trip(V, pool, name):
    deck = decode_to_deck(V[name]["code"], pool)
    assert encode_deck(deck, pool) == V[name]["code"]


def test_unknown_codes_kept_and_champion_placed_anyway(pool):
    code = encode([("OGN-007", 3), ("OGN-999", 2)], champion="OGN-030")
    result = import_code(code, pool)
    main = {e.card: e.count for e in result.deck.section("Main").entries}
    assert main["OGN-999"] == 2
    assert codes_in(result.deck, "Champion") == ["OGN-030"]
    assert any("not in the main deck" in n for n in result.notes)
    assert any("unknown card code OGN-999" in n for n in result.notes)
    # written back as it was read
    again = decode(encode_deck(result.deck, pool))
    assert ("OGN-999", 2) in again.main


def test_v6_extras_placed_by_type(pool):
    result = import_code("CYAAEAYBAIAAABAJAEAQCAAABUAAAAYAACMAEAAAUABAAAFEAI", pool)
    assert len(result.deck.section("Battlefields").entries) == 3
    assert sum("version 6" in n for n in result.notes) == 3


def test_export_replaces_promo_printing_with_notice(pool):
    deck = Deck(game="riftbound", sections=(
        Section("Main", (Entry("Long Sword", 2, Printing(code="OPP-001")), Entry("Long Sword", 1))),
    ))  # fmt: skip
    notes: list[str] = []
    d = decode(encode_deck(deck, pool, notes))
    assert d.main == (("SFD-022", 3),)
    assert notes and "OPP-001" in notes[0]
    with pytest.raises(DeckCodeError, match="Nonexistent"):
        encode_deck(
            Deck(game="riftbound", sections=(Section("Main", (Entry("Nonexistent", 1),)),)), pool
        )


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_generated_decks_round_trip_through_the_deck_model(pool, data):
    printings = sorted({p.code for c in pool for p in c.printings if p.prefix != "T"})
    chosen = data.draw(st.lists(st.sampled_from(printings), min_size=1, max_size=25, unique=True))
    counts = data.draw(st.lists(st.integers(1, 20), min_size=len(chosen), max_size=len(chosen)))
    side_n = data.draw(st.integers(0, min(5, len(chosen) - 1)))
    index = {p.code: c for c in pool for p in c.printings}
    main = [(code, n) for code, n in zip(chosen[side_n:], counts[side_n:])]
    side = [(code, n) for code, n in zip(chosen[:side_n], counts[:side_n])]
    deck = Deck(game="riftbound", sections=(
        Section("Main", tuple(Entry(index[c].name, n, Printing(code=c)) for c, n in main)),
        Section("Sideboard", tuple(Entry(index[c].name, n, Printing(code=c)) for c, n in side)),
    ))  # fmt: skip
    back = import_code(encode_deck(deck, pool), pool).deck
    got_main = Counter()
    for _, e in back.entries("Legend", "Champion", "Main", "Runes", "Battlefields"):
        got_main[e.printing.code] += e.count
    got_side = Counter({e.printing.code: e.count for e in back.section("Sideboard").entries})
    assert got_main == Counter(dict(main)) and got_side == Counter(dict(side))
    for _, e in back.entries():
        assert e.card == index[e.printing.code].name


def _reference_b32decode(text: str) -> bytes:
    """The bit-by-bit decoding (§4.1) the fast one must equal."""
    out, acc, bits = bytearray(), 0, 0
    for ch in text:
        acc = ((acc << 5) | "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".index(ch.upper())) & 0xFFFF
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xFF)
    return bytes(out)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz234567", max_size=40))
def test_base32_decodes_as_bit_by_bit(text):
    assert b32decode(text) == _reference_b32decode(text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=40))
def test_base32_round_trips(data):
    assert b32decode(b32encode(data)) == data
    assert "=" not in b32encode(data) and len(b32encode(data)) == -(-len(data) * 8 // 5)


def _one_group(numbers: list[bytes]) -> str:
    body = b"".join(numbers)
    return b32encode(
        bytes([0x15, 0, 1, 1, 1]) + varint(len(numbers)) + bytes([0, 0]) + body + bytes([0, 0])
    )


def test_a_code_of_many_repeated_cards_shares_its_entries():
    from deckeditor.games.riftbound.deckcode import MAX_CARDS

    deck = import_code(_one_group([bytes([1 + i % 3]) for i in range(MAX_CARDS)]), None).deck
    (main,) = deck.sections
    assert len(main.entries) == MAX_CARDS and main.entries[0] is main.entries[3]
    assert [e.card for e in main.entries[:4]] == ["OGN-001", "OGN-002", "OGN-003", "OGN-001"]


def test_a_code_of_more_cards_than_any_deck_is_refused():
    from deckeditor import deckio
    from deckeditor.deckfile_errors import DeckFileError
    from deckeditor.games.riftbound.deckcode import MAX_CARDS

    code = _one_group([bytes([1])] * (MAX_CARDS + 1))
    with pytest.raises(DeckCodeError, match="more than 100,000 cards"):
        decode(code)
    with pytest.raises(DeckFileError, match="deck code: byte 5: more than 100,000 cards"):
        deckio.read_deck(code.encode(), None)
