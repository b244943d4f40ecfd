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
                want[COD_ZONES.get(zone.get("name").lower(), zone.get("name"))] += int(card.get("number"))
                cards += 1
        assert totals(result.deck) == want, name
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
        assert len(card_statuses(result)) == sum(1 for l in text.splitlines() if re.match(r"^\d+ ", l))
        assert not result.statuses(LineKind.UNPARSED), name
        seen += 1
    assert seen == 2


BOARDS = {"commander": "Commander", "mainBoard": "Main", "sideBoard": "Sideboard",
          "displayCommander": "Display Commander", "planes": "Planes", "schemes": "Schemes",
          "tokens": "Tokens"}


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
        want = sum(int(re.match(r"^(?:COMMANDER:\s*)?(\d+)", l.strip()).group(1)) for l in card_lines)
        assert result.deck.count() == want, name
        commanders += bool(result.deck.section("Commander").entries)
        seen += 1
    assert seen == 2810
    assert commanders >= 197  # every `COMMANDER:` file, plus lists with a Commander header


def test_hostile_xml_is_refused():
    shared_data("mtg", "import-samples.tar.xz")  # same rule as the other real-data tests
    laughs = (b'<?xml version="1.0"?><!DOCTYPE cockatrice_deck [<!ENTITY a "aaaaaaaaaa">'
              b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>'
              b'<cockatrice_deck version="1"><deckname>&c;</deckname></cockatrice_deck>')
    xxe = (b'<?xml version="1.0"?><!DOCTYPE Deck [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
           b'<Deck><Cards CatID="0" Quantity="1" Sideboard="false" Name="&x;"/></Deck>')
    for data in (laughs, xxe):
        with pytest.raises(DeckFileError, match="XML with a DTD or entities is not accepted"):
            read_deck(data)
