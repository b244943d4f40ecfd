"""Nothing lost on any round trip (issue 15): each loss or change found by converting every real
deck file to every kind and back, pinned on the real file that showed it (or a minimal fixture),
and the conversion review: every kind on every real sample file of `import-samples.tar.xz`.

A round trip is A→B→A→B: the deck read from file A is written as kind B, read back, written as B
again; the two B files must be byte-identical, and every card the kind can hold must come back
in its section with its count.
"""

from __future__ import annotations

import json
import random
import tarfile
from collections import Counter

import pytest

from deckeditor.cli import main
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import DeckFileError, LineKind, export_losses, read_deck, write_deck
from tests.conftest import shared_data

pytestmark = pytest.mark.realdata

WRITE_KINDS = ("forge", "cod", "arena", "mtgo", "dek", "text", "json")
CANON = ("Commander", "Companion", "Main", "Sideboard", "Maybeboard")
PLAY = CANON[:4]
# which sections each kind writes (§8)
KEPT = {
    "json": lambda s: True,
    "forge": lambda s: True,
    "cod": lambda s: s != "Maybeboard",
    "text": lambda s: s in CANON,
    "arena": lambda s: s in PLAY,
    "mtgo": lambda s: s in PLAY,
    "dek": lambda s: s in PLAY,
}


@pytest.fixture(scope="module")
def pool():
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg.mtgjson import load_mtgjson

    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


def member(archive: str, name: str) -> bytes:
    with tarfile.open(shared_data("mtg", archive), "r:xz") as tar:
        return tar.extractfile(name).read()


def members(archive: str, keep=lambda name: True):
    with tarfile.open(shared_data("mtg", archive), "r:xz") as tar:
        for m in tar:
            if m.isfile() and keep(m.name):
                yield m.name, tar.extractfile(m).read()


TAW = "taw-magic-preconstructed-decks-20260702.tar.xz"
TAW_DATA = "magic-preconstructed-decks/data/"
SAMPLES = "import-samples.tar.xz"
COD = "cockatrice-cod/cockatrice-decks/"
MTGJSON = "mtgjson-AllDeckFiles-20260103-no-redemption.tar.xz"


def totals(deck: Deck, keep=lambda s: True) -> Counter:
    out: Counter = Counter()
    for s in deck.sections:
        if keep(s.name):
            for e in s.entries:
                out[(s.name, e.card)] += e.count
    return out


def trip(deck: Deck, kind: str, pool) -> tuple[str, Deck, str]:
    """A→B→A→B: (first B file, the deck read back, second B file)."""
    first = write_deck(deck, kind, pool)
    back = read_deck(first.encode(), pool, name="x").deck
    return first, back, write_deck(back, kind, pool)


def review(name: str, deck: Deck, pool) -> list[str]:
    """What goes wrong converting `deck` to every kind and back (empty: nothing)."""
    problems = []
    for kind in WRITE_KINDS:
        keep = KEPT[kind]
        if kind in ("text", "arena", "mtgo") and not any(
            s.entries for s in deck.sections if keep(s.name)
        ):  # would not read back
            with pytest.raises(DeckFileError, match="cannot hold this deck"):
                write_deck(deck, kind, pool)
            continue
        first, back, second = trip(deck, kind, pool)
        if first != second:
            problems.append(f"{name} → {kind}: not byte-stable")
        want, got = totals(deck, keep), totals(back)
        if kind in ("cod", "mtgo", "dek"):  # the command zone travels in the sideboard
            lost = any("cannot tell them apart" in x for x in export_losses(deck, kind, pool))
            if lost:
                want, got = _by_card(want), _by_card(got)
        if want != got:
            problems.append(f"{name} → {kind}: {dict(want - got)} became {dict(got - want)}")
    return problems


def _by_card(c: Counter) -> Counter:
    out: Counter = Counter()
    for (_, card), n in c.items():
        out[card] += n
    return out


# --- the conversion review: every kind on every real sample file ------------------------------


def test_every_kind_on_every_import_sample(pool):
    seen = 0
    problems = []
    for name, data in members(SAMPLES, lambda n: n.endswith((".cod", ".txt"))):
        result = read_deck(data, pool, name="x")
        assert not result.statuses(LineKind.UNPARSED), name
        problems += review(name, result.deck, pool)
        seen += 1
    assert seen == 51
    assert problems == []


def test_every_kind_on_the_commander_precons_and_a_sample_of_the_rest(pool):
    # all 177 Commander precons (the command-zone cases), plus every 8th other list
    seen = 0
    problems = []
    others = 0
    for name, data in members(TAW, lambda n: n.startswith(TAW_DATA) and n.endswith(".txt")):
        if "/cmd/" not in name:
            others += 1
            if others % 8:
                continue
        problems += review(name, read_deck(data, pool, name="x").deck, pool)
        seen += 1
    assert seen > 177 + 300
    assert problems == []


def test_every_kind_on_a_sample_of_mtgjson_deck_files(pool):
    seen = 0
    problems = []
    for i, (name, data) in enumerate(members(MTGJSON, lambda n: n.startswith("AllDeckFiles/"))):
        if i % 12:
            continue
        problems += review(name, read_deck(data, pool, name="x").deck, pool)
        seen += 1
    assert seen > 200
    assert problems == []


# --- 1. a collector number with a dagger -------------------------------------------------------


def test_dagger_collector_number_survives_arena(pool):
    data = member(TAW, TAW_DATA + "starter/por/Preconstructed deck 2.txt")
    deck = read_deck(data, pool).deck
    hand = next(e for _, e in deck.entries() if e.card == "Hand of Death")
    assert (hand.printing.set, hand.printing.number) == ("POR", "96†")
    text = write_deck(deck, "arena", pool)
    assert "1 Hand of Death (POR) 96†\n" in text
    back = read_deck(text.encode(), pool).deck
    again = next(e for _, e in back.entries() if e.card == "Hand of Death")
    assert (again.printing.set, again.printing.number) == ("POR", "96†")
    assert not [e.card for _, e in back.entries() if "(POR)" in e.card]


# --- 2. a commander the pool does not know comes back from the sideboard ----------------------


@pytest.mark.parametrize("kind", ["cod", "mtgo", "dek"])
def test_unknown_commander_restored_from_the_sideboard(pool, kind):
    data = member(TAW, TAW_DATA + "cmd/tmc/Turtle Power!.txt")
    deck = read_deck(data, pool).deck
    commander = [e.card for e in deck.section("Commander").entries]
    assert commander == ["Heroes in a Half Shell"] and pool.get(commander[0]) is None
    assert not any("cannot tell" in x for x in export_losses(deck, kind, pool))
    back = read_deck(write_deck(deck, kind, pool).encode(), pool)
    assert [e.card for e in back.deck.section("Commander").entries] == commander
    assert not back.deck.section("Sideboard").entries
    if kind == "cod":  # the file marks the commander it keeps in `main`: nothing to infer
        assert not any("read as" in n for n in back.notes)
    else:
        assert "Heroes in a Half Shell read as commander (not in the card pool)" in back.notes


# --- 3. an unknown name ending in a set-like marker ------------------------------------------


@pytest.mark.parametrize("kind", ["text", "arena", "mtgo"])
def test_name_ending_in_a_set_code_is_protected(pool, kind):
    data = member(SAMPLES, COD + "dons-decks/edh-Hail Caesar.cod")
    deck = read_deck(data, pool).deck
    caesar = "Caesar, Legion's Emperor (PIP)"
    assert caesar in [e.card for _, e in deck.entries()]
    text = write_deck(deck, kind, pool)
    assert f'1 "{caesar}"\n' in text
    back = read_deck(text.encode(), pool).deck
    entry = next(e for _, e in back.entries() if e.card.startswith("Caesar"))
    assert (entry.card, entry.printing) == (caesar, None)
    assert write_deck(back, kind, pool) == text


@pytest.mark.parametrize(
    "name",
    ["Foo #1", "Bar *F*", "Baz [Ramp]", "Qux ^Have^", "Zed (ABC) 12", '"Quoted"', "Cat (23)"],
)
def test_any_name_the_markers_would_cut_reads_back(name):
    deck = Deck(game="mtg", name="x", sections=(Section("Main", (Entry(name, 2),)),))
    for kind in ("text", "arena", "mtgo"):
        back = read_deck(write_deck(deck, kind).encode()).deck
        assert [(e.card, e.count, e.printing, e.tags) for e in back.section("Main").entries] == [
            (name, 2, None, ())
        ], kind


def test_quoted_oracle_name_still_resolves_with_its_quotes():
    from deckeditor.carddb.pool import CardPool
    from tests.unit.test_text_decks import card

    pool = CardPool("mtg", [card('"Ach! Hans, Run!"', ("Enchantment",))])
    deck = read_deck(b'1 "Ach! Hans, Run!"\n', pool).deck
    assert [e.card for e in deck.section("Main").entries] == ['"Ach! Hans, Run!"']


# --- 4. a deck of tokens only ------------------------------------------------------------------


def test_tokens_only_deck_is_refused_by_kinds_without_them(pool, tmp_path, capsys, home):
    name = TAW_DATA + "sld/sld/Oishii! Tokens オイシイ！ トークン Foil Edition.txt"
    deck = read_deck(member(TAW, name), pool).deck
    assert [s.name for s in deck.sections] == ["Tokens"]
    for kind in ("arena", "mtgo", "text"):
        with pytest.raises(DeckFileError, match=f"{kind} cannot hold this deck: no card in"):
            write_deck(deck, kind, pool)
    src = tmp_path / "tokens.txt"
    src.write_bytes(member(TAW, name))
    out = tmp_path / "out.txt"
    assert main(["convert", str(src), str(out), "--to", "arena"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{out}: arena cannot hold this deck") and err.count("\n") == 1
    assert not out.exists()
    # kinds with extra sections keep them
    for kind in ("forge", "cod", "json"):
        back = read_deck(write_deck(deck, kind, pool).encode(), pool).deck
        assert back.section("Tokens").total == deck.section("Tokens").total


# --- 5 and 6. entries a kind cannot tell apart are merged; one name per card ------------------


@pytest.mark.parametrize("kind", WRITE_KINDS)
def test_printings_a_kind_cannot_tell_apart_are_merged(pool, kind):
    deck = read_deck(member(MTGJSON, "AllDeckFiles/Infantry1_BRO.json"), pool).deck
    plains = [
        (e.printing.number, e.printing.finish, e.count)
        for e in deck.section("Main").entries
        if e.card == "Plains"
    ]
    assert len(plains) == 4  # 268 and 269, foil and not
    first, back, second = trip(deck, kind, pool)
    assert first == second
    assert back.section("Main").count_of("Plains") == 8


def test_mtgo_keeps_one_line_per_card_and_unknown_names_as_read(pool):
    deck = Deck(
        game="mtg",
        name="x",
        sections=(
            Section(
                "Main",
                (
                    Entry("Plains", 3, Printing(set="BRO", number="268")),
                    Entry("Plains", 2, Printing(set="BRO", number="269")),
                    Entry("Fire // Ice", 1),
                    Entry("Blessed Hippogriff // Tyr's Blessing", 1),
                ),
            ),
        ),
    )
    assert write_deck(deck, "mtgo", pool) == (
        "5 Plains\n1 Fire/Ice\n1 Blessed Hippogriff // Tyr's Blessing\n"
    )
    dek = write_deck(deck, "dek", pool)
    assert dek.count('Name="Plains"') == 1
    assert 'Name="Blessed Hippogriff // Tyr\'s Blessing"' in dek


def test_merging_past_9999_writes_full_lines():
    deck = Deck(
        game="mtg",
        name="x",
        sections=(
            Section(
                "Main",
                (
                    Entry("Island", 9999, Printing(set="M11")),
                    Entry("Island", 9999, Printing(set="M12")),
                    Entry("Island", 5, Printing(set="M13")),
                ),
            ),
        ),
    )
    text = write_deck(deck, "mtgo")
    assert text == "9999 Island\n9999 Island\n5 Island\n"
    back = read_deck(text.encode()).deck
    assert back.count("Main") == 20003 and write_deck(back, "mtgo") == text


# --- 7. XMage LAYOUT lines are metadata; no double `# unparsed:` -------------------------------


LAYOUT = "LAYOUT MAIN:(1,7)(CARD_TYPE,false,50)|" + "|".join(f"({i},[CMM:{i}])" for i in range(200))


def test_xmage_layout_lines_are_metadata_kept():
    assert len(LAYOUT) > 1000
    src = f"NAME:Big\n1 [CMM:1] Sol Ring\n{LAYOUT}\nLAYOUT SIDEBOARD:(0,0)\n".encode()
    result = read_deck(src)
    assert not result.statuses(LineKind.UNPARSED)
    assert [s.status for s in result.lines[2:]] == [LineKind.METADATA] * 2
    deck = result.deck
    assert deck.foreign["xmage"]["layout"] == [LAYOUT, "LAYOUT SIDEBOARD:(0,0)"]
    again = read_deck(write_deck(deck, "json").encode()).deck
    assert again.foreign["xmage"]["layout"] == [LAYOUT, "LAYOUT SIDEBOARD:(0,0)"]


@pytest.mark.parametrize("kind, prefix", [("forge", "# unparsed: "), ("text", "// unparsed: ")])
def test_an_unparsed_line_never_gains_a_second_prefix(kind, prefix):
    long_line = "1 " + "x" * 1200
    deck = read_deck(f"1 Island\n0 Sol Ring\n{long_line}\n".encode()).deck
    assert [u.text for u in deck.unparsed] == ["0 Sol Ring", long_line]
    first = write_deck(deck, kind)
    assert f"{prefix}0 Sol Ring\n" in first and f"{prefix}{long_line}\n" in first
    back = read_deck(first.encode()).deck
    assert [u.text for u in back.unparsed] == ["0 Sol Ring", long_line]
    assert write_deck(back, kind) == first
    assert prefix + prefix.strip() not in first


# --- 8. MTGGoldfish's notation -----------------------------------------------------------------


def test_mtggoldfish_notation_is_printing_and_finish(pool):
    text = (
        "1 Plains <294> [FIN]\n1 Y'shtola, Night's Blessed <surge foil> [FIC] (F)\n"
        "1 Sol Ring [STA] (FE)\n1 Isolated Chapel [FIC]\n1 Timeless Lotus <timeshifted> "
        "[PRM-MSC] (F)\n"
    )
    result = read_deck(text.encode(), pool)
    got = {
        e.card: (e.printing.set, e.printing.number, e.printing.finish, dict(e.flags), e.tags)
        for e in result.deck.section("Main").entries
    }
    assert got["Plains"] == ("FIN", "294", None, {}, ())
    assert got["Y'shtola, Night's Blessed"] == ("FIC", None, "foil", {"variant": "surge foil"}, ())
    assert got["Sol Ring"] == ("STA", None, "etched", {}, ())
    assert got["Isolated Chapel"] == ("FIC", None, None, {}, ())
    assert got["Timeless Lotus"][:3] == ("PRM-MSC", None, "foil")
    assert "read as MTGGoldfish text" in result.notes


def test_mtggoldfish_feed_decks_read_without_notation_left_in_names(pool):
    seen = 0
    for name, data in members(
        "phase-mtggoldfish-feeds-2026.tar.xz", lambda n: n.endswith("commander.json")
    ):
        for deck in json.loads(data).get("decks", []):
            body = "Deck\n" + "".join(f"{c['count']} {c['name']}\n" for c in deck["main"])
            result = read_deck(body.encode(), pool)
            for _, e in result.deck.entries():
                assert not any(ch in e.card for ch in "<>[]"), (name, e.card)
                assert not e.tags, (name, e.card)
            assert not result.statuses(LineKind.UNPARSED)
            seen += 1
    assert seen > 100


# --- 9. Forge `-1`, Forge notes, UTF-16 text, binary garbage --------------------------------


def test_forge_negative_count_is_unparsed_with_its_reason():
    result = read_deck(b"[Main]\n-1 Island\n2 Forest\n")
    assert [(s.number, s.text, s.reason) for s in result.statuses(LineKind.UNPARSED)] == [
        (2, "-1 Island", "count outside 1–9999")
    ]
    assert [e.card for _, e in result.deck.entries()] == ["Forest"]


def test_forge_notes_keep_trailing_spaces(pool):
    data = member(SAMPLES, COD + "jlawrence11/edh-Unblockable Surprise.cod")
    deck = read_deck(data, pool).deck
    assert deck.notes.endswith("\nURL: ")
    forge = write_deck(deck, "forge", pool)
    back = read_deck(forge.encode(), pool).deck
    assert back.notes == " ".join(deck.notes.splitlines())  # §8: line breaks become spaces
    assert back.notes.endswith(" URL: ")
    assert write_deck(back, "forge", pool) == forge


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be"])
def test_utf16_text_with_a_bom_is_text(codec):
    bom = "\ufeff" if codec == "utf-16-be" else ""
    result = read_deck((bom + "4 Island\r\n2 Forest\r\n").encode(codec))
    assert [(e.card, e.count) for e in result.deck.section("Main").entries] == [
        ("Island", 4),
        ("Forest", 2),
    ]
    assert "read as UTF-16 text" in result.notes
    xml = (
        '<?xml version="1.0" encoding="UTF-16"?><cockatrice_deck version="1"><zone name="main">'
        '<card number="1" name="Island"/></zone></cockatrice_deck>'
    ).encode("utf-16")
    assert read_deck(xml).kind == "cod"


def test_convert_refuses_binary_garbage_like_check(tmp_path, capsys, home):
    src = tmp_path / "noise.txt"
    src.write_bytes(random.Random(15).randbytes(1 << 20))
    out = tmp_path / "out.txt"
    assert main(["convert", str(src), str(out), "--to", "text"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{src}: no card lines") and err.count("\n") == 1
    assert not out.exists()
    assert main(["check", str(src)]) == 2
    assert "no card lines" in capsys.readouterr().err


# --- reading is linear: a repeated line is parsed once, but still lands where it stands --------


@pytest.mark.parametrize(
    "body, expect",
    [
        (
            "[Main]\n2 Island\n[Sideboard]\n2 Island\n[Main]\n2 Island\n",
            {"Main": 4, "Sideboard": 2},
        ),
        (
            "// NAME: p\nCOMMANDER: 1 Sol Ring\nSideboard\nCOMMANDER: 1 Sol Ring\n1 Sol Ring\n",
            {"Commander": 2, "Sideboard": 1},
        ),
        (
            "NAME:x\n1 [M11:1] Island\nSB: 1 [M11:1] Island\n1 [M11:1] Island\n",
            {"Main": 2, "Sideboard": 1},
        ),
        ("Deck\n1 Island\nSideboard\n1 Island\nSB: 1 Island\n", {"Main": 1, "Sideboard": 2}),
        (
            '<cockatrice_deck><zone name="main"><card number="1" name="Island"/>'
            '<card number="1" name="Island"/></zone><zone name="side"><card number="1" name="Island"/>'
            "</zone></cockatrice_deck>",
            {"Main": 2, "Sideboard": 1},
        ),
    ],
)
def test_a_repeated_line_counts_where_it_stands(body, expect):
    result = read_deck(body.encode())
    assert {s.name: s.total for s in result.deck.sections} == expect
    assert not result.statuses(LineKind.UNPARSED)
