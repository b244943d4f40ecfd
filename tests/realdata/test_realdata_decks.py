"""Real deck files from ../shared/data/mtg (README there): the 49 Cockatrice `.cod` decks, the two
Arena exports, every MTGJSON deck file and every taw precon list import with every card line
accounted for (CARD or UNKNOWN_CARD with the right counts and sections, nothing UNPARSED); and
hostile XML is refused."""

from __future__ import annotations

import json
import re
import tarfile
from collections import Counter

import pytest
from defusedxml.ElementTree import fromstring

from deckeditor.carddb.pool import CardPool
from deckeditor.deckio import DeckFileError, LineKind, read_deck
from tests.conftest import shared_data

pytestmark = pytest.mark.realdata

CARD_KINDS = (LineKind.CARD, LineKind.UNKNOWN_CARD)
COD_ZONES = {"main": "Main", "side": "Sideboard"}


def members(archive, suffix):
    with tarfile.open(archive, "r:xz") as tar:
        for member in tar:
            if member.isfile() and member.name.endswith(suffix):
                yield member.name, tar.extractfile(member).read()


def totals(deck) -> Counter:
    return Counter({s.name: s.total for s in deck.sections})


def card_statuses(result):
    return [s for s in result.lines if s.status in CARD_KINDS]


def test_cockatrice_cod_decks():
    archive = shared_data("mtg", "import-samples.tar.xz")
    seen = 0
    for name, data in members(archive, ".cod"):
        result = read_deck(data, CardPool("mtg"), name="x")
        want: Counter = Counter()
        cards = 0
        for zone in fromstring(data).iter("zone"):
            for card in zone.iter("card"):
                want[COD_ZONES.get(zone.get("name").lower(), zone.get("name"))] += int(
                    card.get("number")
                )
                cards += 1
        got = totals(result.deck)
        # the bannerCard's commander, kept in `main`, is read into Commander (by a pool that
        # knows no card, in the decks of 100)
        moved = got.pop("Commander", 0)
        assert moved == (
            1
            if fromstring(data).findtext("bannerCard") and (want["Main"] + want["Sideboard"] == 100)
            else 0
        ), name
        got["Main"] += moved
        assert got == want, name
        assert len(card_statuses(result)) == cards, name
        assert not result.statuses(LineKind.UNPARSED), name
        assert result.deck.name != "x"  # every file names its deck
        seen += 1
    assert seen == 49


def test_arena_exports():
    archive = shared_data("mtg", "import-samples.tar.xz")
    seen = 0
    for name, data in members(archive, ".txt"):
        result = read_deck(data, CardPool("mtg"))
        text = data.decode("utf-8")
        want: Counter = Counter()
        section = "Main"
        for line in text.splitlines():
            if line.strip() in ("Deck", "Sideboard"):
                section = "Main" if line.strip() == "Deck" else "Sideboard"
            elif m := re.match(r"^(\d+) ", line):
                want[section] += int(m.group(1))
        assert totals(result.deck) == want, name
        assert len(card_statuses(result)) == sum(
            1 for l in text.splitlines() if re.match(r"^\d+ ", l)
        )
        assert not result.statuses(LineKind.UNPARSED), name
        seen += 1
    assert seen == 2


BOARDS = {
    "commander": "Commander",
    "mainBoard": "Main",
    "sideBoard": "Sideboard",
    "displayCommander": "Display Commander",
    "planes": "Planes",
    "schemes": "Schemes",
    "tokens": "Tokens",
}


def test_mtgjson_deck_files():
    archive = shared_data("mtg", "mtgjson-AllDeckFiles-20260103-no-redemption.tar.xz")
    seen = 0
    pool = CardPool("mtg")
    for name, data in members(archive, ".json"):
        if not name.startswith("AllDeckFiles/"):
            continue
        result = read_deck(data, pool)
        assert result.kind == "mtgjson", name
        doc = json.loads(data)["data"]
        want: Counter = Counter()
        objects = 0
        for key, section in BOARDS.items():
            for card in doc.get(key) or []:
                want[section] += card["count"]
                objects += 1
        assert totals(result.deck) == +want, name
        assert len(card_statuses(result)) == objects, name
        assert not result.statuses(LineKind.UNPARSED), name
        assert result.deck.name == doc["name"].strip()[:200].strip() or result.deck.name
        seen += 1
    assert seen == 2455


def test_taw_precon_lists():
    archive = shared_data("mtg", "taw-magic-preconstructed-decks-20260702.tar.xz")
    seen = 0
    commanders = 0
    pool = CardPool("mtg")
    for name, data in members(archive, ".txt"):
        if "/data/" not in name:
            continue
        result = read_deck(data, pool)
        assert result.kind == "precon", name
        lines = data.decode("utf-8").splitlines()
        card_lines = [l for l in lines if re.match(r"^(COMMANDER:\s*)?\d+\s", l.strip())]
        assert len(card_statuses(result)) == len(card_lines), name
        assert not result.statuses(LineKind.UNPARSED), name
        want = sum(
            int(re.match(r"^(?:COMMANDER:\s*)?(\d+)", l.strip()).group(1)) for l in card_lines
        )
        assert result.deck.count() == want, name
        commanders += bool(result.deck.section("Commander").entries)
        seen += 1
    assert seen == 2810
    assert commanders >= 197  # every `COMMANDER:` file, plus lists with a Commander header


def test_hostile_xml_is_refused():
    shared_data("mtg", "import-samples.tar.xz")  # same rule as the other real-data tests
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE cockatrice_deck [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>'
        b'<cockatrice_deck version="1"><deckname>&c;</deckname></cockatrice_deck>'
    )
    xxe = (
        b'<?xml version="1.0"?><!DOCTYPE Deck [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<Deck><Cards CatID="0" Quantity="1" Sideboard="false" Name="&x;"/></Deck>'
    )
    for data in (laughs, xxe):
        with pytest.raises(DeckFileError, match="XML with a DTD or entities is not accepted"):
            read_deck(data)


@pytest.fixture(scope="module")
def real_pool():
    from deckeditor.games.mtg.mtgjson import load_mtgjson

    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


def _sections(deck):
    return {s.name: [(e.card, e.count) for e in s.entries] for s in deck.sections}


def test_tricky_cases_with_the_real_pool(real_pool):
    """deck-files.md §9 with the real card names rather than a hand-built pool."""
    r = read_deck(
        b"99 Forest\n\n1 Korvold, Fae-Cursed King\n1 Lurrus of the Dream-Den\n", real_pool
    )
    assert _sections(r.deck) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Companion": [("Lurrus of the Dream-Den", 1)],
        "Main": [("Forest", 99)],
    }
    r = read_deck(b"60 Forest\n\n15 Island\n", real_pool)
    assert _sections(r.deck) == {"Main": [("Forest", 60)], "Sideboard": [("Island", 15)]}
    r = read_deck(
        b"1 Delver of Secrets // Insectile Aberration\n1 Insectile Aberration\n", real_pool
    )
    assert _sections(r.deck) == {"Main": [("Delver of Secrets // Insectile Aberration", 2)]}
    r = read_deck("1 Lim-Dûl's Vault\n1 Fire/Ice\n1 Ice Tunnel\n".encode("cp1252"), real_pool)
    assert [e.card for _, e in r.deck.entries()] == ["Lim-Dûl's Vault", "Fire // Ice", "Ice Tunnel"]
    assert {s.status for s in r.lines} == {LineKind.CARD}
    cod = (
        b'<cockatrice_deck><zone name="main"><card number="98" name="Forest"/></zone>'
        b'<zone name="side"><card number="1" name="Thrasios, Triton Hero"/>'
        b'<card number="1" name="Korvold, Fae-Cursed King"/></zone></cockatrice_deck>'
    )
    assert "Commander" not in _sections(read_deck(cod, real_pool).deck)
    from deckeditor.deckio import write_deck

    deck = read_deck(b"1 Fire // Ice\n1 Delver of Secrets\n", real_pool).deck
    assert write_deck(deck, "mtgo", real_pool) == "1 Fire/Ice\n1 Delver of Secrets\n"
    assert write_deck(deck, "text", real_pool).endswith(
        "Deck\n1 Fire // Ice\n1 Delver of Secrets\n"
    )


def test_cod_decks_resolve_against_the_real_pool(real_pool):
    archive = shared_data("mtg", "import-samples.tar.xz")
    known = unknown = 0
    for _, data in members(archive, ".cod"):
        result = read_deck(data, real_pool)
        assert not result.statuses(LineKind.UNPARSED)
        known += len(result.statuses(LineKind.CARD))
        unknown += len(result.statuses(LineKind.UNKNOWN_CARD))
    assert known > 20 * unknown  # nearly every real card name resolves


def _own_file_deck(data: bytes, pool) -> tuple[object, set[str]]:
    """The same list in our own file, rebuilt from the XML alone: the commander placed
    explicitly (the bannerCard's card, and any card a `CDR:` line of the comments names exactly,
    as "Relatively Heavy" names its partner pair), every other card where its zone puts it."""
    from deckeditor.deck import Deck, Entry, Section
    from deckeditor.deckfile import read_json_deck, write_json_deck

    root = fromstring(data)

    def oracle(name: str) -> str:
        card = real_pool_resolve(pool, name)
        return card.name if card is not None else name

    banner = (root.findtext("bannerCard") or "").strip()
    named = {
        oracle(line.split(":", 1)[1].strip())
        for line in (root.findtext("comments") or "").splitlines()
        if line.startswith("CDR:")
    }
    zones: dict[str, list[tuple[str, int]]] = {}
    for zone in root.iter("zone"):
        section = COD_ZONES.get(zone.get("name").lower(), zone.get("name"))
        for card in zone.iter("card"):
            zones.setdefault(section, []).append(
                (oracle(card.get("name")), int(card.get("number")))
            )
    main = zones.get("Main", [])
    leads = {oracle(banner)} if banner else set()
    leads |= {name for name in named if any(n == name for n, _ in main)}
    commander, rest = [], []
    for name, count in main:
        if name in leads and not any(c == name for c, _ in commander):
            commander.append((name, 1))
            count -= 1
        if count:
            rest.append((name, count))
    sections = [
        Section("Commander", tuple(Entry(n, c) for n, c in commander)),
        Section("Main", tuple(Entry(n, c) for n, c in rest)),
    ]
    sections += [
        Section(s, tuple(Entry(n, c) for n, c in cards))
        for s, cards in zones.items()
        if s != "Main"
    ]
    deck = Deck(game="mtg", name="own", sections=tuple(s for s in sections if s.entries))
    return read_json_deck(write_json_deck(deck)), leads


def real_pool_resolve(pool, name):
    return pool.resolve(name).card


def test_cod_decks_open_with_their_commander(real_pool):
    """Issue 22: all 49 real `.cod` Commander decks keep the commander in `main`, named by
    `bannerCard`; each opens with it, and with no problem the same list in our own file (the
    commander placed explicitly) does not have too."""
    from datetime import date

    from deckeditor.format_catalog import load_format
    from deckeditor.games.registry import game

    archive = shared_data("mtg", "import-samples.tar.xz")
    mtg = game("mtg")
    info = load_format("commander", game="mtg")
    day = date(2026, 1, 10)
    seen = with_commander = 0
    for name, data in members(archive, ".cod"):
        result = read_deck(data, real_pool)
        own, leads = _own_file_deck(data, real_pool)
        got = [e.card for e in result.deck.section("Commander").entries]
        assert sorted(got) == sorted(leads), name
        for card in got:
            assert any(n.startswith(f"{card} read as commander") for n in result.notes), name
        problems = {(p.kind, p.message) for p in mtg.check(result.deck, info, day, real_pool)}
        explicit = {(p.kind, p.message) for p in mtg.check(own, info, day, real_pool)}
        assert problems <= explicit, (name, problems - explicit)
        seen += 1
        with_commander += bool(got)
    assert seen == 49
    assert with_commander == 47  # the two work-in-progress decks name no commander yet
