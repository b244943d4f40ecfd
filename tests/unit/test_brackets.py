"""Commander Brackets core: the dated Game Changers list, the Oracle-text recognisers, Spellbook
combos and the bracket floor, on the real card data where a card is named."""

from __future__ import annotations

import json
import lzma
from datetime import date

import pytest

from deckeditor.deck import Deck, Entry, Section
from deckeditor.games.mtg import brackets
from deckeditor.games.mtg.bracket_categories import (
    EXTRA_TURNS,
    MASS_LAND_DENIAL,
    TUTORS,
    is_in,
    parse_exceptions,
    shipped_exceptions,
)
from deckeditor.games.mtg.gamechangers import is_game_changer, parse_list, shipped_list
from deckeditor.games.mtg.spellbook import parse_variants
from tests.conftest import shared_data

DATA_DAY = date(2026, 1, 3)  # MTGJSON 5.2.2+20260103, the date of cards.json.xz's flags


@pytest.fixture(scope="module")
def raw_cards():
    with lzma.open(shared_data("mtg", "cards.json.xz")) as fh:
        return json.load(fh)["data"]


@pytest.fixture(scope="module")
def pool():
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg import mtgjson

    cards, _ = mtgjson.load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


# --- the dated list ------------------------------------------------------------------------------


def test_every_flagged_card_is_a_game_changer_on_the_data_date(raw_cards, pool):
    flagged = [n for n, faces in raw_cards.items() if any(f.get("isGameChanger") for f in faces)]
    assert len(flagged) == 42
    assert [n for n in flagged if not is_game_changer(pool.resolve(n).card, DATA_DAY)] == []


def test_no_card_the_data_knows_unflagged_is_a_game_changer_on_the_data_date(raw_cards, pool):
    """The other way round, for the cards whose flags come from the 2026 deck files (the 2022
    fallback files predate the flag, so their cards say nothing)."""
    dated = [
        n
        for n, faces in raw_cards.items()
        if faces[0].get("_source", "").startswith("mtgjson-deckfiles")
        and not any(f.get("isGameChanger") for f in faces)
    ]
    wrong = [n for n in dated if is_game_changer(pool.resolve(n).card, DATA_DAY)]
    assert wrong == []


def test_the_snapshot_in_force_on_the_data_date_holds_every_flagged_card(raw_cards):
    snap = shipped_list().in_force(DATA_DAY)
    assert snap.date == date(2025, 10, 21) and len(snap.cards) == 51
    flagged = {n for n, faces in raw_cards.items() if any(f.get("isGameChanger") for f in faces)}
    assert flagged <= set(snap.cards)


@pytest.mark.parametrize(
    ("card", "before", "after"),
    [
        # the first list (2025-02-11): nothing is a Game Changer before the brackets
        ("Demonic Tutor", date(2025, 2, 10), date(2025, 2, 11)),
        # 2025-04-22: Necropotence, Food Chain, Teferi's Protection … entered
        ("Necropotence", date(2025, 4, 21), date(2025, 4, 22)),
        ("Food Chain", date(2025, 4, 21), date(2025, 4, 22)),
        ("Teferi's Protection", date(2025, 4, 21), date(2025, 4, 22)),
        # 2026-02-09: Farewell entered
        ("Farewell", date(2026, 2, 8), date(2026, 2, 9)),
    ],
)
def test_a_card_entered_a_snapshot(pool, card, before, after):
    assert not is_game_changer(pool.get(card), before)
    assert is_game_changer(pool.get(card), after)


@pytest.mark.parametrize(
    "card", ["Yuriko, the Tiger's Shadow", "Kinnan, Bonder Prodigy", "Food Chain"]
)
def test_a_card_left_the_list_on_2025_10_21(pool, card):
    assert is_game_changer(pool.get(card), date(2025, 10, 20))
    assert not is_game_changer(pool.get(card), date(2025, 10, 21))


def test_every_snapshot_is_complete_and_in_order():
    gc = shipped_list()
    assert [s.date.isoformat() for s in gc.snapshots] == [
        "2025-02-11",
        "2025-04-22",
        "2025-10-21",
        "2026-02-09",
    ]
    assert [len(s.cards) for s in gc.snapshots] == [40, 61, 51, 53]
    for s in gc.snapshots:
        assert len(set(s.cards)) == len(s.cards)


@pytest.mark.parametrize("card", ["Trinisphere", "Trouble in Pairs"])
def test_a_card_of_the_first_list_left_it_on_2025_04_22(pool, card):
    assert not is_game_changer(pool.get(card), date(2025, 2, 10))
    assert is_game_changer(pool.get(card), date(2025, 2, 11))
    assert is_game_changer(pool.get(card), date(2025, 4, 21))
    assert not is_game_changer(pool.get(card), date(2025, 4, 22))


def test_the_first_list_is_the_february_announcements_forty_cards():
    first = shipped_list().in_force(date(2025, 4, 21))
    assert first.date == date(2025, 2, 11) and len(first.cards) == 40
    assert "Urza, Lord High Artificer" in first.cards and "Jin-Gitaxias, Core Augur" in first.cards
    assert "Necropotence" not in first.cards and "Gifts Ungiven" not in first.cards


# Issue 23's list of the first Game Changers (2025-02-11 to 2025-04-21), as it gives them
FIRST_LIST = (
    "Drannith Magistrate; Thassa's Oracle; Urza, Lord High Artificer; Jin-Gitaxias, Core Augur; "
    "Opposition Agent; Tergrid, God of Fright; Vorinclex, Voice of Hunger; Kinnan, Bonder Prodigy; "
    "Yuriko, the Tiger's Shadow; Winota, Joiner of Forces; Grand Arbiter Augustin IV; "
    "Enlightened Tutor; Cyclonic Rift; Force of Will; Fierce Guardianship; Mystical Tutor; "
    "Vampiric Tutor; Ad Nauseam; Serra's Sanctum; Gaea's Cradle; Ancient Tomb; Glacial Chasm; "
    "The Tabernacle at Pendrell Vale; Smothering Tithe; Trouble in Pairs; Rhystic Study; "
    "Underworld Breach; Survival of the Fittest; Expropriate; Demonic Tutor; Imperial Seal; "
    "Jeska's Will; Bolas's Citadel; The One Ring; Trinisphere; Chrome Mox; Grim Monolith; "
    "Lion's Eye Diamond; Mox Diamond; Mana Vault"
).split("; ")


@pytest.mark.parametrize("day", [date(2025, 2, 11), date(2025, 3, 15), date(2025, 4, 21)])
def test_the_first_window_holds_exactly_the_issues_forty_cards(pool, day):
    """The list in force is the issue's forty, and on the real pool every card of it the pool
    has is a Game Changer that day and no other card is (Tergrid by her front face; the pool
    has no The One Ring or Opposition Agent, so the shipped names are compared too)."""
    assert len(FIRST_LIST) == 40
    shipped = {n.split(" // ")[0] for n in shipped_list().in_force(day).cards}
    assert shipped == set(FIRST_LIST)
    found = {c.name.split(" // ")[0] for c in pool.cards if is_game_changer(c, day)}
    assert found == {n for n in FIRST_LIST if pool.get(n) is not None or pool.resolve(n).card}
    assert len(found) == 38


def test_a_source_flag_counts_only_after_the_newest_snapshot(pool):
    from dataclasses import replace

    card = replace(pool.get("Sol Ring"), extra={"gameChanger": True})
    assert not is_game_changer(card, date(2026, 2, 9))
    assert is_game_changer(card, date(2026, 2, 10))


def test_the_tergrid_front_face_name_matches():
    from deckeditor.games.mtg.build import build_card
    from deckeditor.games.mtg.card import Face, Layout

    card = build_card(
        [Face("Tergrid, God of Fright"), Face("Tergrid's Lantern")],
        Layout.MODAL_DFC,
        name="Tergrid, God of Fright // Tergrid's Lantern",
    )
    assert is_game_changer(card, DATA_DAY)


def test_a_bad_list_names_its_key():
    with pytest.raises(ValueError, match=r"snapshots\[0\]\.date"):
        parse_list(
            {
                "schema": "deckeditor-game-changers",
                "brackets_from": "2025-02-11",
                "snapshots": [{"date": "soon", "cards": []}],
            }
        )
    with pytest.raises(ValueError, match=r"snapshots\[0\]\.cards"):
        parse_list(
            {
                "schema": "deckeditor-game-changers",
                "brackets_from": "2025-02-11",
                "snapshots": [{"date": "2025-02-11", "cards": [1]}],
            }
        )


# --- the Oracle-text recognisers -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("category", "inside", "outside"),
    [
        (
            EXTRA_TURNS,
            [
                "Time Warp",
                "Nexus of Fate",
                "Expropriate",
                "Medomai the Ageless",
                "Karn's Temporal Sundering",
            ],
            ["Explore", "Stranglehold", "Time Stop", "Relentless Assault"],
        ),
        (
            MASS_LAND_DENIAL,
            [
                "Armageddon",
                "Ravages of War",
                "Jokulhaups",
                "Winter Orb",
                "Blood Moon",
                "Back to Basics",
                "Ruination",
                "Sunder",
                "Cataclysm",
                "Keldon Firebombers",
                "Static Orb",
                "Contamination",
                # keep a few permanents, sacrifice the rest; a land per card in hand
                "Razia's Purification",
                "Limited Resources",
                "Balancing Act",
                "Thoughts of Ruin",
                "Cleansing",  # for each land, destroy it unless …
                # every land's mana changed for good
                "Naked Singularity",
                "Reality Twist",
                "Infernal Darkness",
                "Ritual of Subdual",
            ],
            [
                "Stone Rain",
                "Boil",
                "Flashfires",
                "Anarchy",
                "Elspeth Tirel",
                "Scourglass",
                "Stormtide Leviathan",
                "Tragic Arrogance",
                "Damping Field",
                "Apocalypse Chime",
                "Reduce // Rubble",
                "Mungha Wurm",
                "Wrath of God",
                "Cyclonic Rift",
                "Wave of Vitriol",
                "From the Ashes",  # these two replace the lands they take
                "Cataclysmic Gearhulk",
                "All Is Dust",
                "Rare-B-Gone",  # nonland, coloured, rare
                "Damping Sphere",
                "Deep Water",
                "Pale Moon",
                "Mirri",
            ],
        ),  # one player's or one turn's
        (
            TUTORS,
            [
                "Demonic Tutor",
                "Vampiric Tutor",
                "Worldly Tutor",
                "Green Sun's Zenith",
                "Diabolic Tutor",
                "Dimir Machinations",
                "Gifts Ungiven",
                # a list of types with commas or and/or
                "Bring to Light",
                "Samut, the Tested",
                "Brightglass Gearhulk",
                "Invasion of Theros // Ephara, Ever-Sheltering",
                # a player searching their own library for you or for everyone
                "Arcum Dagsson",
                "Pattern of Rebirth",
                "Scheming Symmetry",
                "Weird Harvest",
                '"Ach! Hans, Run!"',  # a card with the name you say
                # a search of the library and another zone at once
                "Finale of Devastation",
            ],
            [
                "Rampant Growth",
                "Evolving Wilds",
                "Cultivate",
                "Squadron Hawk",
                "Brainstorm",
                "Wooded Foothills",
                "Cosmium Confluence",  # a Cave is a land
                "Path to Exile",
                "Boldwyr Heavyweights",  # an opponent searches for themselves
                "Verdant Succession",
                "Pack Hunt",
            ],
        ),  # copies of a card already in play
    ],
)
def test_recognisers_on_named_cards(pool, category, inside, outside):
    assert [n for n in inside if not is_in(category, pool.get(n))] == []
    assert [n for n in outside if is_in(category, pool.get(n))] == []


def test_every_exception_names_a_real_card_and_changes_its_answer(pool):
    doc = json.loads((brackets_resources() / "bracket-exceptions.json").read_text("utf-8"))
    from deckeditor.games.mtg import bracket_categories as bc

    readers = {
        EXTRA_TURNS: bc.reads_extra_turn,
        MASS_LAND_DENIAL: bc.reads_mass_land_denial,
        TUTORS: bc.reads_tutor,
    }
    for cat in (EXTRA_TURNS, MASS_LAND_DENIAL, TUTORS):
        for which, want in (("add", True), ("remove", False)):
            for e in doc[cat][which]:
                card = pool.get(e["card"])
                assert card is not None, e["card"]
                assert readers[cat](card) is not want, (cat, which, e["card"])  # not redundant
                assert is_in(cat, card) is want
    assert shipped_exceptions().remove[MASS_LAND_DENIAL]


def test_an_exception_without_a_reason_is_refused():
    with pytest.raises(ValueError, match=r"mass_land_denial\.add\[0\]"):
        parse_exceptions(
            {
                "schema": "deckeditor-bracket-exceptions",
                "mass_land_denial": {"add": [{"card": "Armageddon"}]},
            }
        )


def brackets_resources():
    from deckeditor.paths import resources_dir

    return resources_dir() / "mtg"


# --- combos and the floor ------------------------------------------------------------------------

VARIANTS = {
    "variants": [
        {
            "id": "1-2",
            "status": "OK",
            "uses": [
                {"card": {"name": "Thassa's Oracle"}},
                {"card": {"name": "Demonic Consultation"}},
            ],
            "requires": [],
            "produces": [{"feature": {"name": "Win the game"}}],
        },
        {
            "id": "3-4",
            "status": "OK",
            "uses": [
                {"card": {"name": "Dramatic Reversal"}},
                {"card": {"name": "Isochron Scepter"}},
            ],
            "requires": [{"template": {"name": "Nonland permanents that tap for 3 mana"}}],
            "produces": [{"feature": {"name": "Infinite mana"}}],
        },
        {
            "id": "5-6",
            "status": "OK",
            "uses": [{"card": {"name": "Sol Ring"}}, {"card": {"name": "Arcane Signet"}}],
            "requires": [],
            "produces": [{"feature": {"name": "Ramp"}}],
        },
        {
            "id": "7-8-9",
            "status": "OK",
            "uses": [{"card": {"name": "A"}}, {"card": {"name": "B"}}, {"card": {"name": "C"}}],
            "requires": [],
            "produces": [{"feature": {"name": "Infinite damage"}}],
        },
    ]
}


def test_spellbook_keeps_two_card_infinite_combos_only():
    table = parse_variants(VARIANTS)
    assert [c.cards for c in table.combos] == [("Demonic Consultation", "Thassa's Oracle")]
    assert table.partners("thassa's oracle") == {"demonic consultation"}
    with pytest.raises(ValueError, match="variants"):
        parse_variants({"cards": []})


def deck_of(*main, commander=("Omnath, Locus of Mana",), bracket=None):
    return Deck(
        name="t",
        format="commander",
        bracket=bracket,
        sections=(
            Section("Commander", tuple(Entry(c) for c in commander)),
            Section("Main", tuple(Entry(c) for c in main)),
        ),
    )


def test_floor_steps(pool):
    day = date(2026, 3, 1)
    assert brackets.report(deck_of("Forest"), day, pool).floor == 1
    assert brackets.report(deck_of("Time Warp"), day, pool).floor == 2
    assert brackets.report(deck_of("Time Warp", "Demonic Tutor"), day, pool).floor == 3
    three = ("Demonic Tutor", "Vampiric Tutor", "Worldly Tutor")
    assert brackets.report(deck_of(*three), day, pool).floor == 3
    assert brackets.report(deck_of(*three, "Mana Vault"), day, pool).floor == 4
    assert brackets.report(deck_of("Armageddon"), day, pool).floor == 4
    turns = brackets.report(
        deck_of("Time Warp", "Temporal Manipulation", "Capture of Jingzhou"), day, pool
    )
    assert turns.floor == 4 and turns.extra_turns == (
        "Capture of Jingzhou",
        "Temporal Manipulation",
        "Time Warp",
    )


def test_combos_not_checked_without_spellbook_data(pool):
    rep = brackets.report(deck_of("Thassa's Oracle", "Demonic Consultation"), DATA_DAY, pool)
    assert rep.combos is None and rep.to_json()["combos"] == "not checked"
    assert rep.combos_text == "combos not checked"
    rep = brackets.report(
        deck_of("Thassa's Oracle", "Demonic Consultation"),
        DATA_DAY,
        pool,
        combos=parse_variants(VARIANTS),
    )
    assert rep.to_json()["combos"] == [["Demonic Consultation", "Thassa's Oracle"]]
    assert rep.floor == 3  # Thassa's Oracle is a Game Changer too, and the combo says 3


def test_problems_are_warnings_against_the_target(pool):
    day = DATA_DAY
    rep = brackets.report(
        deck_of(
            "Demonic Tutor",
            "Vampiric Tutor",
            "Worldly Tutor",
            "Mana Vault",
            "Armageddon",
            "Time Warp",
        ),
        day,
        pool,
    )
    got = [(p.kind.value, p.severity.value, p.message) for p in brackets.problems(rep, 3)]
    assert got == [
        ("BRACKET", "warning", "Bracket 3 allows three Game Changers; the deck has 4"),
        ("BRACKET", "warning", "Bracket 3 allows no mass land denial"),
    ]
    one = [p.message for p in brackets.problems(rep, 1)]
    assert one == [
        "Bracket 1 allows no Game Changers; the deck has 4",
        "Bracket 1 allows no mass land denial",
        "Bracket 1 allows no extra turns; the deck has 1",
    ]
    assert brackets.problems(rep, 4) == []


def test_conformance_adds_bracket_warnings_only_for_a_target_and_never_errors(pool):
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.conformance import check

    fmt = load_format("commander")
    deck = deck_of("Demonic Tutor", "Armageddon")
    assert [p for p in check(deck, fmt, DATA_DAY, pool) if p.kind.value == "BRACKET"] == []
    warned = [
        p for p in check(deck.with_bracket(2), fmt, DATA_DAY, pool) if p.kind.value == "BRACKET"
    ]
    assert [p.cards for p in warned] == [
        ("Armageddon",),
        ("Demonic Tutor",),
    ]  # check order: by card
    assert not any(p.is_error for p in warned)


def test_one_deck_state_is_reported_once_and_a_new_state_afresh(pool, monkeypatch):
    """The status bar, its tooltip and the BRACKET warnings share one report per deck state."""
    made = []
    real = brackets._report
    monkeypatch.setattr(brackets, "_report", lambda *a: made.append(a[0]) or real(*a))
    deck = deck_of("Demonic Tutor", "Vampiric Tutor")
    first = brackets.report(deck, DATA_DAY, pool)
    assert brackets.report(deck, DATA_DAY, pool) is first and made == [deck]
    assert brackets.report(deck, date(2024, 1, 1), pool).game_changers == ()  # before the list
    edited = deck_of("Demonic Tutor", "Vampiric Tutor", "Mana Vault")
    assert len(brackets.report(edited, DATA_DAY, pool).game_changers) == 3
    assert brackets.report(deck, DATA_DAY, pool) == first and len(made) == 4


def test_status_text(pool):
    rep = brackets.report(deck_of("Demonic Tutor", "Vampiric Tutor"), DATA_DAY, pool)
    assert brackets.status_text(rep, 3) == "Bracket 3 chosen · 2 Game Changers (bracket 3 allows 3)"
    assert brackets.status_text(rep, 2) == (
        "Bracket 2 chosen · 2 Game Changers (bracket 2 allows none) · the list plays like bracket 3"
    )
    assert brackets.status_text(rep, None) == "Plays like bracket 3 · 2 Game Changers"


# --- the command line, the deck file and Forge ---------------------------------------------------


def _write(path, main, bracket=None, fmt="commander"):
    from tests.cli.test_check_cli import write_deck

    write_deck(path, ["General Tazri"], [*main, ("Forest", 99 - len(main))], "Bracket test", fmt)
    if bracket is not None:
        doc = json.loads(path.read_text("utf-8"))
        path.write_text(json.dumps({**doc, "bracket": bracket}), encoding="utf-8")
    return path


def _check(capsys, *args):
    from deckeditor.cli import main

    code = main(["check", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_check_bracket_json_is_dated_by_on(capsys, tmp_path, home):
    deck = _write(tmp_path / "d.deck.json", ["Demonic Tutor", "Rampant Growth"])
    code, out, err = _check(capsys, deck, "--json", "--on", "2025-01-31")
    assert code == 0, err
    assert json.loads(out)["bracket"] == {
        "floor": 1,
        "game_changers": [],
        "extra_turns": [],
        "mass_land_denial": [],
        "tutors": ["Demonic Tutor", "General Tazri"],
        "combos": "not checked",
    }  # Tazri finds Allies
    code, out, err = _check(capsys, deck, "--json", "--on", "2025-06-01", "--bracket", "2")
    doc = json.loads(out)
    assert code == 0 and doc["legal"] is True  # a bracket problem never makes a deck illegal
    assert doc["bracket"]["floor"] == 3 and doc["bracket"]["game_changers"] == ["Demonic Tutor"]
    assert [
        (p["kind"], p["severity"], p["cards"]) for p in doc["problems"] if p["kind"] == "BRACKET"
    ] == [("BRACKET", "warning", ["Demonic Tutor"])]


def test_check_uses_the_decks_own_bracket_and_the_text_report(capsys, tmp_path, home):
    deck = _write(tmp_path / "d.deck.json", ["Demonic Tutor"], bracket=1)
    code, out, _ = _check(capsys, deck, "--on", "2026-01-03")
    assert code == 0
    assert "warning BRACKET: Bracket 1 allows no Game Changers; the deck has 1" in out
    assert (
        "bracket floor 3: 1 Game Changers, 0 extra turns, 0 mass land denial, 2 tutors; "
        "combos not checked" in out
    )
    code, out, _ = _check(capsys, deck, "--on", "2026-01-03", "--bracket", "4")
    assert "BRACKET:" not in out


def test_check_bracket_out_of_range_exits_2(capsys, tmp_path, home):
    deck = _write(tmp_path / "d.deck.json", [])
    with pytest.raises(SystemExit) as exc:
        _check(capsys, deck, "--bracket", "6")
    assert exc.value.code == 2


def test_no_bracket_report_outside_commander(capsys, tmp_path, home):
    deck = _write(tmp_path / "d.deck.json", [], fmt="vintage")
    _code, out, _ = _check(capsys, deck, "--json", "--on", "2026-01-03")
    assert "bracket" not in json.loads(out)


def test_check_reads_a_spellbook_file_as_a_card_source(capsys, tmp_path, home):
    variants = tmp_path / "variants.json"
    variants.write_text(json.dumps({"timestamp": "2026-01-01", **VARIANTS}), encoding="utf-8")
    deck = _write(tmp_path / "d.deck.json", ["Demonic Tutor", "Sol Ring", "Arcane Signet"])
    code, out, err = _check(capsys, deck, "--json", "--on", "2026-01-03", "--cards", variants)
    assert code == 0, err
    assert json.loads(out)["bracket"]["combos"] == []


def test_the_target_bracket_survives_the_own_file_and_forge(tmp_path):
    from deckeditor import deckio
    from deckeditor.deckfile import read_json_deck, write_json_deck

    deck = deck_of("Forest", bracket=3)
    again = read_json_deck(write_json_deck(deck))
    assert again.bracket == 3 and json.loads(write_json_deck(deck))["bracket"] == 3
    assert "bracket" not in json.loads(write_json_deck(deck.with_bracket(None)))
    forge = deckio.write_deck(deck, "forge")
    assert "DeckEditorBracket=3" in forge.splitlines()
    assert deckio.read_deck(forge.encode(), None).deck.bracket == 3
    # Deck Editor reads the bracket back; Forge itself ignores it (and the format), and says so
    assert deckio.export_losses(deck, "forge", reread_only=True) == []
    assert "The target bracket (3) is kept only by Deck Editor; Forge ignores it" in (
        deckio.export_losses(deck, "forge")
    )
    assert "target bracket (3) not written" in deckio.export_losses(deck, "mtgo")
    assert "target bracket (3) not written" in deckio.export_losses(deck, "cod")


@pytest.mark.parametrize("bad", [0, 6, True, "3", 2.0])
def test_a_bad_bracket_in_the_own_file_names_its_key(bad):
    from deckeditor.deckfile import read_json_deck
    from deckeditor.deckfile_errors import DeckFileError

    doc = {
        "schema": "deckeditor-deck",
        "version": 1,
        "game": "mtg",
        "name": "x",
        "format": None,
        "bracket": bad,
        "sections": [],
    }
    with pytest.raises(DeckFileError, match="bracket"):
        read_json_deck(json.dumps(doc))


def test_a_bad_forge_bracket_is_kept_as_written():
    from deckeditor import deckio

    text = "[metadata]\nName=x\nDeckEditorBracket=7\n[Main]\n1 Forest\n"
    result = deckio.read_deck(text.encode(), None)
    assert result.deck.bracket is None
    assert any("DeckEditorBracket=7" in n for n in result.notes)
    assert "DeckEditorBracket=7" in deckio.write_deck(result.deck, "forge")


# --- search --------------------------------------------------------------------------------------


def _search(pool, query, day):
    from deckeditor.search import compile_query
    from deckeditor.search.context import SearchContext

    return {
        pool[r].name for r in compile_query(query, "mtg", SearchContext(day=day)).filter_rows(pool)
    }


def test_is_gamechanger_follows_the_catalog_day(pool):
    on_data_day = _search(pool, "is:gamechanger", DATA_DAY)
    # the flagged 42, and the six the list names whose data is from 2022 (before the flag)
    assert sorted(
        on_data_day - {n for n in on_data_day if pool.get(n).extra.get("gameChanger")}
    ) == [
        "Humility",
        "Imperial Seal",
        "Intuition",
        "Lion's Eye Diamond",
        "Serra's Sanctum",
        "The Tabernacle at Pendrell Vale",
    ]
    assert len(on_data_day) == 48
    assert "Yuriko, the Tiger's Shadow" not in on_data_day
    assert "Yuriko, the Tiger's Shadow" in _search(pool, "is:gamechanger", date(2025, 6, 1))
    assert "Farewell" in _search(pool, "is:gamechanger t:sorcery", date(2026, 3, 1))
    assert _search(pool, "is:gamechanger", date(2025, 1, 1)) == set()
    assert "Sol Ring" in _search(pool, "-is:gamechanger sol", DATA_DAY)


def test_otag_keys_use_scryfalls_tag_names(pool):
    assert {"Time Warp", "Temporal Manipulation"} <= _search(
        pool, "otag:extra-turn t:sorcery", DATA_DAY
    )
    assert "Explore" not in _search(pool, "otag:extra-turn", DATA_DAY)
    assert "Armageddon" in _search(pool, "otag:mass-land-denial", DATA_DAY)
    assert "Stone Rain" not in _search(pool, "otag:mass-land-denial", DATA_DAY)
    tutors = _search(pool, "otag:tutor c:g", DATA_DAY)
    assert "Worldly Tutor" in tutors and "Rampant Growth" not in tutors


def test_an_unsupported_otag_lists_the_supported_ones():
    from deckeditor.search import compile_query
    from deckeditor.search.errors import SearchError

    with pytest.raises(SearchError) as err:
        compile_query("otag:lifegain", "mtg")
    assert err.value.message == (
        'unknown otag: value "lifegain" (valid: boardwipe, counterspell, draw, extra-turn, '
        "mass-land-denial, protection, ramp, recursion, removal, tutor)"
    )
    assert err.value.position == 5


# --- the catalog predicate -----------------------------------------------------------------------


def test_the_predicate_hides_over_budget_cards_and_marks_the_last_slot(pool):
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.predicate import make_predicate

    fmt = load_format("commander")
    two = deck_of(
        "Demonic Tutor", "Vampiric Tutor", commander=("Atraxa, Praetors' Voice",), bracket=3
    )
    pred = make_predicate(two, fmt, DATA_DAY, pool)
    mana_vault, sol_ring = pool.get("Mana Vault"), pool.get("Sol Ring")
    assert pred(mana_vault) and pred.catalog_mark(mana_vault) == "uses the last slot"
    assert pred.catalog_mark(sol_ring) is None
    rows = set(pred.visible_rows())
    assert pool.row_of("Mana Vault") in rows and pool.row_of("Armageddon") not in rows
    assert [r.text for r in pred.why_hidden(pool.get("Armageddon"))] == [
        "Bracket 3 allows no mass land denial"
    ]
    three = make_predicate(two.add_card("Main", "Mana Vault"), fmt, DATA_DAY, pool)
    assert [r.text for r in three.why_hidden(pool.get("Chrome Mox"))] == [
        "Bracket 3 allows three Game Changers; the deck has three"
    ]
    rows = set(three.visible_rows())
    assert pool.row_of("Chrome Mox") not in rows and pool.row_of("Sol Ring") in rows
    # the bitset path and the per-card path agree on every Game Changer and denial card
    for name in ("Chrome Mox", "Mox Diamond", "Armageddon", "Winter Orb", "Sol Ring", "Time Warp"):
        assert (pool.row_of(name) in rows) == three(pool.get(name)), name
    open_budget = make_predicate(
        deck_of(commander=("Atraxa, Praetors' Voice",), bracket=3), fmt, DATA_DAY, pool
    )
    assert open_budget.catalog_mark(mana_vault) == "uses 1 of 3"
    no_target = make_predicate(two.with_bracket(None), fmt, DATA_DAY, pool)
    assert no_target.bracket is None and no_target(pool.get("Armageddon"))


def test_the_predicate_hides_a_combo_partner_below_bracket_3(pool):
    from deckeditor.carddb.pool import CardPool
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.predicate import make_predicate

    small = CardPool(
        "mtg",
        [
            pool.get(n)
            for n in (
                "Atraxa, Praetors' Voice",
                "Thassa's Oracle",
                "Demonic Consultation",
                "Sol Ring",
                "Time Warp",
                "Temporal Manipulation",
                "Capture of Jingzhou",
            )
        ],
    )
    small.combos = parse_variants(VARIANTS)
    deck = deck_of(
        "Demonic Consultation",
        "Time Warp",
        "Temporal Manipulation",
        commander=("Atraxa, Praetors' Voice",),
        bracket=2,
    )
    pred = make_predicate(deck, load_format("commander"), DATA_DAY, small)
    texts = [r.text for r in pred.why_hidden(small.get("Thassa's Oracle"))]
    assert texts == [
        "Bracket 2 allows no Game Changers",
        "Bracket 2 allows no two-card infinite combos: Demonic Consultation + Thassa's Oracle",
    ]
    assert [r.text for r in pred.why_hidden(small.get("Capture of Jingzhou"))] == [
        "Bracket 2 allows extra turns only in low quantities, not chained; the deck has two"
    ]
    names = {small[r].name for r in pred.visible_rows()}
    assert names == {"Sol Ring"}  # in-deck cards are at their copy limit; the rest break bracket 2


# --- the 173 official Commander precons ------------------------------------------------------------


def test_precon_bracket_floors_match_the_reviewed_fixture(pool):
    """Every "Commander Deck" of the MTGJSON deck files gets a floor on the data's date, with the
    cards behind it; tests/fixtures/precon-bracket-floors.json is the reviewed answer
    (docs/realdata-bracket-floors.md defends each card above floor 1)."""
    import tarfile
    from pathlib import Path

    from deckeditor import deckio

    fixture = json.loads(
        (Path(__file__).parents[1] / "fixtures" / "precon-bracket-floors.json").read_text("utf-8")
    )
    day = date.fromisoformat(fixture["day"])
    got = {}
    path = shared_data("mtg", "mtgjson-AllDeckFiles-20260103-no-redemption.tar.xz")
    with tarfile.open(path) as tf:
        for member in tf:
            if (
                not member.isfile()
                or not member.name.endswith(".json")
                or member.name.endswith("DeckList.json")
            ):
                continue
            raw = tf.extractfile(member).read()
            data = json.loads(raw).get("data", {})
            if data.get("type") != "Commander Deck":
                continue
            rep = brackets.report(deckio.read_deck(raw, pool).deck, day, pool)
            entry = {"name": data["name"], "release": data["releaseDate"], "floor": rep.floor}
            for key in ("game_changers", "extra_turns", "mass_land_denial", "tutors"):
                if getattr(rep, key):
                    entry[key] = list(getattr(rep, key))
            got[member.name.split("/", 1)[1]] = entry
    assert len(got) == 173
    assert got == fixture["decks"]
    counts: dict[str, int] = {}
    for entry in got.values():
        counts[str(entry["floor"])] = counts.get(str(entry["floor"]), 0) + 1
    assert counts == fixture["floors"] == {"1": 146, "2": 9, "3": 14, "4": 4}


def test_an_imported_spellbook_file_is_read_when_a_bracket_needs_it(capsys, tmp_path, home):
    from deckeditor.cli import main

    variants = tmp_path / "variants.json"
    variants.write_text(json.dumps(VARIANTS), encoding="utf-8")
    assert main(["cards", "import", str(variants)]) == 0
    capsys.readouterr()
    deck = _write(tmp_path / "d.deck.json", ["Demonic Tutor", "Sol Ring", "Arcane Signet"])
    code, out, err = _check(capsys, deck, "--json", "--on", "2026-01-03")
    assert code == 0, err
    assert json.loads(out)["bracket"]["combos"] == []  # checked: the file's one combo is not here
    variants.unlink()  # a file gone since its import: combos are not checked, nothing fails
    code, out, err = _check(capsys, deck, "--json", "--on", "2026-01-03")
    assert code == 0 and json.loads(out)["bracket"]["combos"] == "not checked"


def test_details_name_every_step_with_its_cards(pool):
    rep = brackets.report(deck_of("Armageddon", "Time Warp", "Demonic Tutor"), DATA_DAY, pool)
    assert brackets.details_text(rep).splitlines() == [
        "No bracket chosen (the Bracket box chooses one): the list plays like bracket 4, "
        "the lowest its cards allow (the lines below say why)",
        "The list rules out brackets below 4",
        "≥ 4: mass land denial — Armageddon",
        "≥ 3: 1 Game Changers — Demonic Tutor",
        "≥ 2: extra turns (1): bracket 1 has none — Time Warp",
        "Tutors (1): Demonic Tutor",
        "Combos not checked",
    ]
    assert (
        brackets.details_text(brackets.report(deck_of("Forest"), DATA_DAY, pool)).splitlines()[1]
        == "The list rules out no bracket"
    )
