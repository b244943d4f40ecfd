"""The starter pool in resources/: it loads, holds the cards the specs name, its facts agree with
the rules engine, and the three shipped decks are legal Commander decks."""

from __future__ import annotations

import datetime
import importlib
import json
from pathlib import Path

import pytest

from deckeditor.carddb.records import to_record
from deckeditor.carddb.starter import load_records, starter_decks_dir, starter_file, starter_pool
from deckeditor.games.mtg.card import Layout
from deckeditor.games.mtg.colors import letters

RULEBREAKERS = [
    "The Everforger",
    "Hadran, Naya Sunseeder",
    "Daxiver, Izzet Electromancer",
    "Maular, the Next Evolution",
    "Grizzlegom, Hurloon Hero",
    "Tolabow, Loch Rascal",
    "Whtz, the Bibliophile",
    "Valko Indorian",
    "Valko Indorian, Researcher",
    "Arvad of the Weatherlight",
    "The Unluckiest Planeswalker",
    "Seluma, Light of Aysen",
]
PAIRS_AND_FRIENDS = [
    "Thrasios, Triton Hero",
    "Tymna the Weaver",
    "Kraum, Ludevic's Opus",
    "Pir, Imaginative Rascal",
    "Toothy, Imaginary Friend",
    "Wilson, Refined Grizzly",
    "Raised by Giants",
    "The Tenth Doctor",
    "Rose Tyler",
    "The Prismatic Piper",
    "Lurrus of the Dream-Den",
]
BASICS = [
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
    "Snow-Covered Plains", "Snow-Covered Island", "Snow-Covered Swamp",
    "Snow-Covered Mountain", "Snow-Covered Forest", "Snow-Covered Wastes",
]  # fmt: skip

# mtg-rules.md §2 "Test cards (identity)" plus Ghostfire (CR, not Forge).
IDENTITIES = {
    "Tolabow, Loch Rascal": "U",
    "Esika, God of the Tree // The Prismatic Bridge": "WUBRG",
    "Delver of Secrets // Insectile Aberration": "U",
    "Civilized Scholar // Homicidal Brute": "UR",
    "Fire // Ice": "UR",
    "Syndic of Tithes": "W",
    "Kitchen Finks": "WG",
    "Dismember": "B",
    "General Tazri": "WUBRG",
    "City of Brass": "",
    "Tundra": "WU",
    "Hallowed Fountain": "WU",
    "Murmuring Bosk": "WBG",
    "Snow-Covered Island": "U",
    "Wastes": "",
    "Dryad Arbor": "G",
    "Ruination Guide": "U",
    "Ghostfire": "R",
    "Cryptic Spires": "",
}

# Every card the worked examples of mtg-rules.md §8 and §12 name.
WORKED_EXAMPLES = [
    "Counterspell", "Lightning Bolt", "Izzet Charm", "Growth Spiral", "Atarka's Command",
    "Boros Charm", "Goblin Guide", "Sulfur Falls", "Electrolyze", "Brainstorm", "Embercleave",
    "Cranial Plating", "Aether Spellbomb", "Kozilek, Butcher of Truth", "Serra Angel",
    "Death's Shadow", "Lord of Extinction", "Nighthowler", "Swords to Plowshares",
    "Beanstalk Giant // Fertile Footsteps", "Emeria's Call // Emeria, Shattered Skyclave",
    "Griselbrand", "Watery Grave", "Elesh Norn, Mother of Machines", "Phyrexian Purge",
    "Taurean Mauler", "Bitterblossom", "Jhoira, Weatherlight Captain", "Kamahl's Druidic Vow",
    "Rancor", "Sylvan Library", "Aurelia, the Warleader", "Changeling Outcast",
    "Nameless Inversion", "Sol Ring", "Westvale Abbey // Ormendahl, Profane Prince",
    "Relentless Rats", "Seven Dwarves", "Nazgûl", "Gleemox", "Mana Crypt",
    "Atraxa, Praetors' Voice", "Karn, the Great Creator", "Jace, the Mind Sculptor",
    "Cryptic Spires", "Island", "Hallowed Fountain", "Wastes", "Fire // Ice",
]  # fmt: skip

# The MTG decks among the shipped ones (the Riftbound starter deck is tested with its game).
DECKS = sorted(
    p
    for p in starter_decks_dir().glob("*.deck.json")
    if json.loads(p.read_text(encoding="utf-8")).get("game") == "mtg"
)


@pytest.fixture(scope="module")
def pool():
    return starter_pool("mtg")


def test_the_pool_loads_and_is_cached(pool):
    assert 150 <= len(pool) <= 400
    assert starter_pool("mtg") is pool
    names = [c.name for c in pool]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("name", RULEBREAKERS + PAIRS_AND_FRIENDS + BASICS + WORKED_EXAMPLES)
def test_named_cards_are_there(pool, name):
    assert pool.get(name) is not None, name


def test_rulebreakers_carry_their_deck_rules(pool):
    for name in RULEBREAKERS:
        card = pool.get(name)
        assert card.deck_rule_lines, name
        assert all(line.face == card.front.name for line in card.deck_rule_lines)
    # The twelve, each parsed into at least one known rule class by the rules module.
    deckrule = pytest.importorskip("deckeditor.games.mtg.deckrule")
    for name in RULEBREAKERS:
        rules = deckrule.rules_of(pool.get(name))
        assert rules and all(type(r).__name__ != "UnknownRule" for r in rules), name


def test_facts_of_special_cards(pool):
    assert pool.get("Cryptic Spires").set_color_id == 2
    assert pool.get("Thrasios, Triton Hero").partner.plain
    assert pool.get("Pir, Imaginative Rascal").partner.with_names == {"Toothy, Imaginary Friend"}
    assert pool.get("Wilson, Refined Grizzly").partner.choose_background
    assert pool.get("Raised by Giants").partner.is_background
    assert pool.get("The Tenth Doctor").partner.is_doctor
    assert pool.get("Rose Tyler").partner.doctors_companion
    assert pool.get("The Prismatic Piper").wild_color
    assert pool.get("The Prismatic Piper").partner.plain
    assert pool.get("Lurrus of the Dream-Den").companion
    assert pool.get("The Unluckiest Planeswalker").commander_text
    assert pool.get("Relentless Rats").own_copy_limit == 999
    assert pool.get("Seven Dwarves").own_copy_limit == 7
    assert pool.get("Nazgûl").own_copy_limit == 9
    assert pool.get("Fire // Ice").layout is Layout.SPLIT
    assert pool.get("Fire // Ice").mana_value == 4.0
    assert pool.get("Grist, the Hunger Tide").creature_in_command_zone


@pytest.mark.parametrize("name, expected", sorted(IDENTITIES.items()))
def test_identities_of_the_test_cards(pool, name, expected):
    assert letters(pool.get(name).identity) == expected


def test_stored_identity_agrees_with_the_source_and_the_engine(pool):
    identity = importlib.import_module("deckeditor.games.mtg.identity")
    mismatches = [
        (c.name, letters(c.identity), letters(c.source_identity))
        for c in pool
        if c.source_identity is not None and c.source_identity != c.identity
    ]
    assert mismatches == []
    recomputed = [c.name for c in pool if identity.card_identity(c.layout, c.faces) != c.identity]
    assert recomputed == []


def test_file_is_our_own_record_shape():
    data = json.loads(starter_file("mtg").read_text(encoding="utf-8"))
    assert isinstance(data, list)
    for rec, card in zip(data, load_records(starter_file("mtg"), "mtg")):
        assert to_record(card) == rec  # the file is exactly the record serialisation
        assert "_source" not in rec and "identifiers" not in rec  # no MTGJSON shape leaked in


def test_riftbound_without_a_starter_file_is_empty_or_loads():
    pool = starter_pool("riftbound")
    assert pool.game == "riftbound"


# --- the shipped decks ---------------------------------------------------------------------------


def _read(path: Path):
    deckfile = importlib.import_module("deckeditor.deckfile")
    return deckfile.read_json_deck(path.read_text(encoding="utf-8"), str(path))


def test_three_decks_are_shipped():
    assert len(DECKS) >= 3
    commanders = set()
    for path in DECKS:
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert raw["schema"] == "deckeditor-deck" and raw["version"] == 1 and raw["game"] == "mtg"
        commanders.add(
            tuple(
                e["card"] for s in raw["sections"] if s["name"] == "Commander" for e in s["entries"]
            )
        )
    assert len(commanders) >= 3
    assert any(set(c) & set(RULEBREAKERS) for c in commanders)


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_deck_is_complete_and_fits_its_identity(pool, path):
    """The checks a Commander deck must pass, written out here so the decks stay sound even
    before the full conformance engine exists."""
    deck = _read(path)
    deckfile = importlib.import_module("deckeditor.deckfile")
    assert deckfile.write_json_deck(deck) == path.read_text(encoding="utf-8")  # canonical form
    assert deck.format == "commander"
    assert deck.count("Commander", "Main") == 100
    commanders = [pool.get(e.card) for _, e in deck.entries("Commander")]
    assert all(commanders) and 1 <= len(commanders) <= 2
    zone = 0
    for c in commanders:
        zone |= c.identity
    extra = {e.card: e.colors for _, e in deck.entries("Commander") if e.colors}
    counts: dict[str, int] = {}
    for _, entry in deck.entries("Main"):
        card = pool.get(entry.card)
        assert card is not None, f"{entry.card} is not in the starter pool"
        counts[card.name] = counts.get(card.name, 0) + entry.count
        basic = "Basic" in card.front.supertypes and "Land" in card.front.types
        if basic:
            continue
        assert entry.count == 1, card.name
        outside = card.identity & ~zone
        if outside and "Tolabow, Loch Rascal" in extra:
            # Tolabow's budget: instants and sorceries may use the recorded colour (R).
            assert card.types & {"Instant", "Sorcery"}, card.name
            assert letters(outside) == extra["Tolabow, Loch Rascal"], card.name
        else:
            assert not outside, f"{card.name} ({letters(card.identity)}) is outside {letters(zone)}"
        assert card.own_copy_limit != 0


def _conformance():
    try:
        game = importlib.import_module("deckeditor.games.mtg.game")
        return game.check
    except (ImportError, AttributeError):
        pass
    try:
        return importlib.import_module("deckeditor.games.mtg.conformance").check
    except (ImportError, AttributeError):
        return None


def _commander_format():
    for module, names in (
        (
            "deckeditor.format_catalog",
            ("get_format", "load_format", "builtin", "format_info", "resolve"),
        ),
    ):
        try:
            mod = importlib.import_module(module)
        except ImportError:
            return None
        for name in names:
            fn = getattr(mod, name, None)
            if callable(fn):
                try:
                    return fn("commander")
                except TypeError:
                    continue
    return None


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_deck_is_legal_by_the_conformance_check(pool, path):
    check = _conformance()
    if check is None:
        pytest.skip(
            "the MTG conformance check (deckeditor.games.mtg.game/conformance) is not there yet"
        )
    fmt = _commander_format()
    if fmt is None:
        pytest.skip("the built-in format catalog (deckeditor.format_catalog) is not there yet")
    problems = check(_read(path), fmt, datetime.date.today(), pool)
    errors = [p for p in problems if str(getattr(p.severity, "value", p.severity)) == "error"]
    assert errors == [], [(p.kind, p.cards, p.message) for p in errors]
