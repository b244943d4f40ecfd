"""`deckeditor check` (specs/cli.md): exit codes, the JSON shape, stderr lines, --home."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from deckeditor.cli import main
from deckeditor.problems import Problem, ProblemKind
from tests.conftest import SHARED

REPO = Path(__file__).resolve().parents[2]


def write_deck(
    path: Path, commander, main_cards, name="Tolabow Spells", fmt="commander", game="mtg"
):
    sections = []
    if commander:
        sections.append(
            {"name": "Commander", "entries": [{"card": c, "count": 1} for c in commander]}
        )
    entries = []
    for item in main_cards:
        card, count = (item, 1) if isinstance(item, str) else item
        entries.append({"card": card, "count": count})
    sections.append({"name": "Main", "entries": entries})
    doc = {
        "schema": "deckeditor-deck",
        "version": 1,
        "game": game,
        "name": name,
        "sections": sections,
    }
    if fmt:
        doc["format"] = fmt
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def run(capsys, *args):
    code = main(["check", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def bolt_deck(tmp_path, home):
    return write_deck(
        tmp_path / "bolt.deck.json",
        ["Tolabow, Loch Rascal"],
        ["Lightning Bolt", "Brainstorm", ("Island", 97)],
    )


def test_legal_deck_with_a_warning_exits_0(capsys, bolt_deck):
    code, out, err = run(capsys, bolt_deck, "--on", "2026-11-29", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert list(doc) == ["deck", "game", "format", "day", "legal", "problems", "bracket", "roles"]
    # copies per category of the Main section: every role's title, then none of the player's
    assert doc["roles"] == {
        "Ramp": 0,
        "Draw": 1,
        "Removal": 1,
        "Boardwipes": 0,
        "Counterspells": 0,
        "Tutors": 0,
        "Protection": 0,
        "Recursion": 0,
        "Lands": 97,
    }
    assert doc["deck"] == "Tolabow Spells" and doc["game"] == "mtg"
    assert doc["format"] == "commander" and doc["day"] == "2026-11-29" and doc["legal"] is True
    assert [(p["kind"], p["severity"], p["section"], p["cards"]) for p in doc["problems"]] == [
        ("ADDITIONAL_COLOR_CHOICE", "warning", "Commander", ["Tolabow, Loch Rascal"])
    ]
    assert set(doc["problems"][0]) == {"kind", "severity", "section", "cards", "message"}


def test_errors_exit_1(capsys, tmp_path, home):
    deck = write_deck(
        tmp_path / "bad.deck.json",
        ["Tolabow, Loch Rascal"],
        ["Atarka's Command", ("Sol Ring", 2), "Lightnig Bolt", ("Island", 95)],
    )
    code, out, _ = run(capsys, deck, "--on", "2026-11-29", "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["legal"] is False
    assert [(p["kind"], p["cards"]) for p in doc["problems"]] == [
        ("UNKNOWN_CARD", ["Lightnig Bolt"]),
        ("COLOR_IDENTITY", ["Atarka's Command"]),
        ("TOO_MANY_COPIES", ["Sol Ring"]),
    ]


def test_dated_ban_and_format_option(capsys, tmp_path, home):
    deck = write_deck(
        tmp_path / "crypt.deck.json", ["Tolabow, Loch Rascal"], ["Mana Crypt", ("Island", 98)]
    )
    assert run(capsys, deck, "--on", "2024-09-22")[0] == 0
    code, out, _ = run(capsys, deck, "--on", "2024-09-23", "--json")
    assert code == 1
    (p,) = json.loads(out)["problems"]
    assert p["kind"] == "BANNED" and 'the taboo list "2024-09" from 2024-09-23' in p["message"]
    code, out, _ = run(capsys, deck, "--on", "2024-09-23", "--format", "vintage", "--json")
    doc = json.loads(out)
    assert doc["format"] == "vintage"
    assert "BANNED" not in [p["kind"] for p in doc["problems"]]


def test_text_output(capsys, bolt_deck):
    code, out, _ = run(capsys, bolt_deck, "--on", "2026-11-29")
    assert code == 0
    assert out.splitlines()[0] == "Tolabow Spells: legal in commander on 2026-11-29"
    assert "warning ADDITIONAL_COLOR_CHOICE [Commander]" in out


@pytest.mark.parametrize(
    "extra, fragment",
    [
        (["--format", "no-such-format"], "--format"),
        (["--on", "2026-13-01"], "--on"),
        (["--on", "yesterday"], "--on"),
        (["--cards", "/nonexistent/cards.json"], "card source"),
    ],
)
def test_unusable_input_exits_2_with_one_line(capsys, bolt_deck, extra, fragment):
    code, out, err = run(capsys, bolt_deck, *extra)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and fragment in err


def test_missing_and_unreadable_deck(capsys, tmp_path, home):
    code, _, err = run(capsys, tmp_path / "nope.deck.json")
    assert code == 2 and "no such deck file" in err
    bad = tmp_path / "bad.deck.json"
    bad.write_text(
        '{"schema": "deckeditor-deck", "version": 1, "game": "mtg", "sections": [', "utf-8"
    )
    code, _, err = run(capsys, bad)
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_format_file_by_path(capsys, tmp_path, bolt_deck):
    fmt = json.loads((REPO / "resources/formats/commander.json").read_text("utf-8"))
    fmt.update(code="pauper-commander", name="Pauper Commander", taboo_lists=[], banned=[])
    path = tmp_path / "pauper.json"
    path.write_text(json.dumps(fmt), "utf-8")
    code, out, err = run(capsys, bolt_deck, "--format", path, "--on", "2026-11-29", "--json")
    assert code == 0, err
    assert json.loads(out)["format"] == "pauper-commander"


def test_extra_card_source_and_home(capsys, tmp_path, monkeypatch):
    # a card the starter pool lacks, given by an MTGJSON-shaped file with --cards
    src = tmp_path / "AtomicCards.json"
    face = {
        "name": "Zzyzx Sprite",
        "manaCost": "{U}",
        "manaValue": 1.0,
        "colors": ["U"],
        "colorIdentity": ["U"],
        "type": "Creature — Faerie",
        "types": ["Creature"],
        "supertypes": [],
        "subtypes": ["Faerie"],
        "power": "1",
        "toughness": "1",
        "text": "Flying",
        "layout": "normal",
        "keywords": ["Flying"],
    }
    src.write_text(json.dumps({"meta": {}, "data": {"Zzyzx Sprite": [face]}}), "utf-8")
    deck = write_deck(
        tmp_path / "s.deck.json", ["Tolabow, Loch Rascal"], ["Zzyzx Sprite", ("Island", 98)]
    )
    code, out, err = run(capsys, "--home", tmp_path / "h", deck, "--on", "2026-01-01", "--json")
    assert code == 1 and json.loads(out)["problems"][0]["kind"] == "UNKNOWN_CARD"
    code, out, err = run(
        capsys, deck, "--cards", src, "--home", tmp_path / "h", "--on", "2026-01-01", "--json"
    )
    assert code == 0, err


def test_riftbound_deck_dispatches_to_its_game(capsys, home):
    sample = REPO / "resources/decks/riftbound-sample.deck.json"
    if not sample.exists():
        pytest.skip("no Riftbound sample deck")
    code, out, _err = run(capsys, sample, "--on", "2026-01-01", "--json")
    doc = json.loads(out)
    assert doc["game"] == "riftbound" and doc["format"] == "riftbound"
    assert code == (1 if not doc["legal"] else 0)


def test_subprocess_entry_point(tmp_path, bolt_deck):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckeditor",
            "--home",
            str(tmp_path / "h2"),
            "check",
            str(bolt_deck),
            "--on",
            "2026-11-29",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["legal"] is True


def test_unknown_format_stored_in_the_deck(capsys, tmp_path, home):
    deck = write_deck(tmp_path / "x.deck.json", ["Tolabow, Loch Rascal"], ["Island"], fmt="nope")
    code, out, err = run(capsys, deck)
    assert code == 2 and out == "" and "the deck's format" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("text", ["1 Lightning Bolt\n", None])
def test_each_deck_file_is_read_once(capsys, tmp_path, home, monkeypatch, text):
    # the kind (or our own file's `game`) says which pool it needs: a large file is read once
    from deckeditor import deckio

    path = tmp_path / "deck.txt"
    if text is None:
        write_deck(path, ["Tolabow, the Sea's Song"], ["Island"])
    else:
        path.write_text(text, encoding="utf-8")
    calls = []
    real = deckio.read_deck
    monkeypatch.setattr(deckio, "read_deck", lambda *a, **k: calls.append(a) or real(*a, **k))
    code, _out, err = run(capsys, path)
    assert code in (0, 1) and not err and len(calls) == 1 and calls[0][1] is not None


# --- merged from test_rules_review.py ---
# Conformance review of the MTG rules engine through `deckeditor check` (mtg-rules.md §4–§12,
# cli.md, formats.md §13, seed 000's Rulebreaker table).
#
# Decks are written in the own JSON format and in Forge `.dck`; the starter pool answers unless a
# test adds a card source. Size problems of partial decks are left out where a row is not about them.


DATA = SHARED / "data"
REAL_CARDS = DATA / "mtg" / "cards.json.xz"
FORGE_SAMPLES = DATA / "forge" / "upstream-sample-cardscripts.tar.xz"
DAY = "2025-01-01"
SIZE = {"DECK_TOO_SMALL", "DECK_TOO_LARGE"}


def _entries(items):
    out = []
    for item in items:
        if isinstance(item, str):
            item = (item, 1)
        entry = {"card": item[0], "count": item[1]}
        if len(item) > 2:
            entry["choices"] = {"colors": item[2]}
        out.append(entry)
    return out


def own_deck(path: Path, cmd=(), main_=(), side=(), comp=(), maybe=(), fmt=None, name="Review"):
    sections = [
        {"name": sec, "entries": _entries(items)}
        for sec, items in (
            ("Commander", cmd),
            ("Companion", comp),
            ("Main", main_),
            ("Sideboard", side),
            ("Maybeboard", maybe),
        )
        if items
    ]
    from deckeditor.deckfile import written_version

    # as this version writes it: a "brawl" deck is the 100-card Brawl (version 2)
    doc = {
        "schema": "deckeditor-deck",
        "version": written_version(fmt),
        "game": "mtg",
        "name": name,
        "format": fmt,
        "sections": sections,
    }
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def check(capsys, path, *args, on=DAY):
    argv = ["check", str(path), "--json", *map(str, args)]
    if on:
        argv += ["--on", on]
    code = main(argv)
    out = capsys.readouterr()
    assert code in (0, 1), out.err
    doc = json.loads(out.out)
    legal = not any(p["severity"] == "error" for p in doc["problems"])
    assert doc["legal"] is legal and code == (0 if legal else 1)
    return doc


def rows(doc, drop_size=True):
    return [
        (p["kind"], p["severity"], p["section"], p["cards"])
        for p in doc["problems"]
        if not (drop_size and p["kind"] in SIZE)
    ]


E = "error"
W = "warning"
T = "Tolabow, Loch Rascal"
THR = "Thrasios, Triton Hero"

# (id, commander, main, sideboard, companion, format, expected rows without size problems)
WORKED = [
    (
        "1-5",
        ["The Everforger"],
        ["Embercleave", "Cranial Plating", "Aether Spellbomb", ("Island", 30), "Hallowed Fountain"],
        [],
        [],
        None,
        [
            ("COLOR_IDENTITY", E, "Main", ["Aether Spellbomb"]),
            ("COLOR_IDENTITY", E, "Main", ["Hallowed Fountain"]),
        ],
    ),
    (
        "6",
        ["Kozilek, Butcher of Truth"],
        ["Island", "Wastes"],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Island"])],
    ),
    (
        "7-9",
        ["Hadran, Naya Sunseeder"],
        ["Serra Angel", "Death's Shadow", "Lord of Extinction"],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Lord of Extinction"])],
    ),
    (
        "11-13",
        ["Daxiver, Izzet Electromancer"],
        [
            "Swords to Plowshares",
            "Beanstalk Giant // Fertile Footsteps",
            "Emeria's Call // Emeria, Shattered Skyclave",
        ],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Beanstalk Giant // Fertile Footsteps"])],
    ),
    (
        "15",
        ["Maular, the Next Evolution"],
        ["Fire // Ice", ("Forest", 3)],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Fire // Ice"])],
    ),
    (
        "16",
        ["Grizzlegom, Hurloon Hero"],
        ["Watery Grave", ("Cryptic Spires", 1, "WU")],
        [],
        [],
        None,
        [],
    ),
    (
        "17-19",
        ["Valko Indorian"],
        ["Elesh Norn, Mother of Machines", "Phyrexian Purge", "Taurean Mauler"],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Phyrexian Purge"])],
    ),
    ("20", ["Valko Indorian, Researcher"], ["Bitterblossom"], [], [], None, []),
    (
        "21-22",
        ["Arvad of the Weatherlight"],
        ["Jhoira, Weatherlight Captain", "Kamahl's Druidic Vow"],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Kamahl's Druidic Vow"])],
    ),
    (
        "23",
        ["The Unluckiest Planeswalker"],
        ["Rancor", "Sylvan Library"],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Sylvan Library"])],
    ),
    (
        "24",
        ["Seluma, Light of Aysen"],
        ["Aurelia, the Warleader", "Changeling Outcast", "Nameless Inversion"],
        [],
        [],
        None,
        [],
    ),
    (
        "26",
        [T],
        ["Lightning Bolt", "Brainstorm"],
        [],
        [],
        None,
        [("ADDITIONAL_COLOR_CHOICE", W, "Commander", [T])],
    ),
    (
        "28",
        [(T, 1, "RG")],
        ["Lightning Bolt", "Growth Spiral", "Brainstorm"],
        [],
        [],
        None,
        [
            ("ADDITIONAL_COLOR_CHOICE", E, "Commander", [T]),
            ("COLOR_IDENTITY", E, "Main", ["Growth Spiral"]),
            ("COLOR_IDENTITY", E, "Main", ["Lightning Bolt"]),
        ],
    ),
    (
        "§8 implied",
        [T],
        ["Lightning Bolt", "Abrade", "Big Score", "Growth Spiral"],
        [],
        [],
        None,
        [
            ("ADDITIONAL_COLOR_CHOICE", W, "Commander", [T]),
            ("COLOR_IDENTITY", E, "Main", ["Growth Spiral"]),
        ],
    ),
    (
        "§8 moved to Main",
        [THR],
        [(T, 1, "R"), "Lightning Bolt"],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Lightning Bolt"])],
    ),
    (
        "30",
        [T],
        ["Cryptic Spires"],
        [],
        [],
        None,
        [
            ("ADDITIONAL_COLOR_CHOICE", W, "Main", ["Cryptic Spires"]),
            ("COLOR_IDENTITY", E, "Main", ["Cryptic Spires"]),
        ],
    ),
    (
        "31",
        [THR],
        [("Cryptic Spires", 1, "BR")],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Cryptic Spires"])],
    ),
    ("31 ok", [THR], [("Cryptic Spires", 1, "UG")], [], [], None, []),
    (
        "31 over",
        [THR],
        [("Cryptic Spires", 1, "UBG")],
        [],
        [],
        None,
        [
            ("ADDITIONAL_COLOR_CHOICE", E, "Main", ["Cryptic Spires"]),
            ("COLOR_IDENTITY", E, "Main", ["Cryptic Spires"]),
        ],
    ),
    (
        "32",
        [("Sol Ring", 1, "R")],
        [],
        [],
        [],
        None,
        [
            ("ILLEGAL_COMMANDER", E, "Commander", ["Sol Ring"]),
            ("ADDITIONAL_COLOR_CHOICE", E, "Commander", ["Sol Ring"]),
        ],
    ),
    (
        "33",
        [THR, "Tymna the Weaver"],
        ["Swords to Plowshares", "Lightning Bolt"],
        [],
        [],
        None,
        [("COLOR_IDENTITY", E, "Main", ["Lightning Bolt"])],
    ),
    (
        "34",
        ["Pir, Imaginative Rascal", THR],
        [],
        [],
        [],
        None,
        [("ILLEGAL_PARTNERSHIP", E, "Commander", ["Pir, Imaginative Rascal", THR])],
    ),
    ("34 ok", ["Pir, Imaginative Rascal", "Toothy, Imaginary Friend"], [], [], [], None, []),
    ("35", ["Wilson, Refined Grizzly", "Raised by Giants"], [], [], [], None, []),
    (
        "35 alone",
        ["Raised by Giants"],
        [],
        [],
        [],
        None,
        [("ILLEGAL_COMMANDER", E, "Commander", ["Raised by Giants"])],
    ),
    ("36", ["The Tenth Doctor", "Rose Tyler"], [], [], [], None, []),
    (
        "36 bad",
        ["The Tenth Doctor", THR],
        [],
        [],
        [],
        None,
        [("ILLEGAL_PARTNERSHIP", E, "Commander", ["The Tenth Doctor", THR])],
    ),
    (
        "38",
        ["Westvale Abbey // Ormendahl, Profane Prince"],
        [],
        [],
        [],
        None,
        [("ILLEGAL_COMMANDER", E, "Commander", ["Westvale Abbey // Ormendahl, Profane Prince"])],
    ),
    (
        "40",
        [THR, "Tymna the Weaver", "Kraum, Ludevic's Opus"],
        ["Lightning Bolt"],
        [],
        [],
        None,
        [
            (
                "TOO_MANY_COMMANDERS",
                E,
                "Commander",
                ["Kraum, Ludevic's Opus", THR, "Tymna the Weaver"],
            )
        ],
    ),
    (
        "41",
        ["Kozilek, Butcher of Truth"],
        [("Relentless Rats", 30), ("Seven Dwarves", 8), ("Nazgûl", 9)],
        [],
        [],
        None,
        [
            ("COLOR_IDENTITY", E, "Main", ["Nazgûl"]),
            ("COLOR_IDENTITY", E, "Main", ["Relentless Rats"]),
            ("COLOR_IDENTITY", E, "Main", ["Seven Dwarves"]),
            ("TOO_MANY_COPIES", E, "Main", ["Seven Dwarves"]),
        ],
    ),
    (
        "§6 across sections",
        ["Daxiver, Izzet Electromancer"],
        [("Seven Dwarves", 4)],
        [("Seven Dwarves", 4)],
        [],
        None,
        [("TOO_MANY_COPIES", E, "Main", ["Seven Dwarves"])],
    ),
    (
        "42+43",
        ["Kozilek, Butcher of Truth"],
        [("Sol Ring", 2), "Gleemox"],
        ["Gleemox"],
        [],
        None,
        [
            ("BANNED", E, "Main", ["Gleemox"]),
            ("BANNED", E, "Sideboard", ["Gleemox"]),
            ("TOO_MANY_COPIES", E, "Main", ["Sol Ring"]),
        ],
    ),
    ("45", [], [("Sol Ring", 2)], [], [], "vintage", [("RESTRICTED", E, "Main", ["Sol Ring"])]),
    (
        "46",
        ["Atraxa, Praetors' Voice"],
        ["Lightnig Bolt"],
        [],
        [],
        None,
        [("UNKNOWN_CARD", E, "Main", ["Lightnig Bolt"])],
    ),
    ("47", ["Tymna the Weaver", THR], [("Plains", 98)], [], ["Lurrus of the Dream-Den"], None, []),
    (
        "§5.3",
        [THR],
        [],
        [],
        ["Lurrus of the Dream-Den", "Sol Ring"],
        None,
        [
            ("TOO_MANY_COMMANDERS", E, "Companion", ["Lurrus of the Dream-Den", "Sol Ring"]),
            ("ILLEGAL_COMMANDER", E, "Companion", ["Sol Ring"]),
            ("COLOR_IDENTITY", E, "Companion", ["Lurrus of the Dream-Den"]),
        ],
    ),
    (
        "48",
        ["Karn, the Great Creator"],
        [("Island", 20), ("Swamp", 10)],
        [],
        [],
        "brawl",
        [("COLOR_IDENTITY", E, "Main", ["Swamp"])],
    ),
    (
        "49",
        ["Jace, the Mind Sculptor", "Lightning Bolt"],
        [],
        [],
        [],
        "oathbreaker",
        [("COLOR_IDENTITY", E, "Commander", ["Lightning Bolt"])],
    ),
    ("50", [("The Prismatic Piper", 1, "R"), THR], ["Lightning Bolt"], [], [], None, []),
    (
        "50 unrecorded",
        ["The Prismatic Piper", THR],
        ["Lightning Bolt"],
        [],
        [],
        None,
        [("ADDITIONAL_COLOR_CHOICE", W, "Commander", ["The Prismatic Piper"])],
    ),
]


@pytest.mark.parametrize(
    "cmd,main_,side,comp,fmt,expected", [w[1:] for w in WORKED], ids=[w[0] for w in WORKED]
)
def test_worked_examples_through_the_command(
    capsys, home, tmp_path, cmd, main_, side, comp, fmt, expected
):
    path = own_deck(tmp_path / "d.json", cmd, main_, side, comp, fmt=fmt)
    assert rows(check(capsys, path)) == expected


def test_row_25_whtz_has_no_maximum(capsys, home, tmp_path):
    big = own_deck(tmp_path / "a.json", ["Whtz, the Bibliophile"], [("Island", 302)])
    assert check(capsys, big)["problems"] == []
    small = own_deck(tmp_path / "b.json", ["Whtz, the Bibliophile"], [("Island", 98)])
    assert rows(check(capsys, small), drop_size=False) == [("DECK_TOO_SMALL", E, "Main", [])]


def test_row_44_mana_crypt_by_day(capsys, home, tmp_path):
    path = own_deck(
        tmp_path / "d.json", ["Kozilek, Butcher of Truth"], ["Mana Crypt", ("Wastes", 98)]
    )
    assert check(capsys, path, on="2024-09-22")["problems"] == []
    doc = check(capsys, path, on="2024-09-23")
    assert rows(doc) == [("BANNED", E, "Main", ["Mana Crypt"])]
    assert 'the taboo list "2024-09" from 2024-09-23' in doc["problems"][0]["message"]


def test_result_order_kind_then_section_then_name(capsys, home, tmp_path):
    path = own_deck(
        tmp_path / "d.json",
        [T, "Zzz Unknown"],
        ["lightning bolt", "Lightning Bolt", "Goblin Guide", "Cryptic Spires", "Aaa Unknown"],
        side=["Abrade", ("Sol Ring", 11)],
        comp=["Sol Ring"],
    )
    doc = check(capsys, path)
    # An unknown commander: identity (and implied colours) are skipped, never guessed (§10).
    assert [(p["kind"], p["severity"], p["section"], p["cards"]) for p in doc["problems"]] == [
        ("UNKNOWN_CARD", E, "Commander", ["Zzz Unknown"]),
        ("UNKNOWN_CARD", E, "Main", ["Aaa Unknown"]),
        ("ILLEGAL_COMMANDER", E, "Companion", ["Sol Ring"]),
        ("ADDITIONAL_COLOR_CHOICE", W, "Main", ["Cryptic Spires"]),
        ("DECK_TOO_SMALL", E, "Main", []),
        ("TOO_MANY_COPIES", E, "Companion", ["Sol Ring"]),
        ("TOO_MANY_COPIES", E, "Main", ["Lightning Bolt"]),  # spelled as the pool spells it
        ("SIDEBOARD_SIZE", E, "Sideboard", []),
    ]


def test_cards_are_sorted_plainly_and_once():
    p = Problem.make(
        ProblemKind.ILLEGAL_PARTNERSHIP,
        "Commander",
        ["Jace, the Mind Sculptor", "Jace, Vryn's Prodigy", "Jace, the Mind Sculptor"],
        "x",
    )
    assert list(p.cards) == sorted({"Jace, the Mind Sculptor", "Jace, Vryn's Prodigy"})


def test_oathbreaker_unknown_zone_card_is_not_guessed(capsys, home, tmp_path):
    path = own_deck(
        tmp_path / "d.json",
        ["Jace, the Mind Sculptor", "Lightnig Bolt"],
        [("Island", 58)],
        fmt="oathbreaker",
    )
    assert rows(check(capsys, path)) == [("UNKNOWN_CARD", E, "Commander", ["Lightnig Bolt"])]
    empty = own_deck(tmp_path / "e.json", [], [("Island", 60)], fmt="oathbreaker")
    assert rows(check(capsys, empty)) == [
        ("MISSING_COMMANDER", E, "Commander", []),
        ("MISSING_COMMANDER", E, "Commander", []),
    ]


def test_defaults_format_from_deck_else_commander_and_today(capsys, home, tmp_path):
    from datetime import date

    path = own_deck(tmp_path / "d.json", ["Kozilek, Butcher of Truth"], fmt=None)
    doc = check(capsys, path, on=None)
    assert doc["format"] == "commander" and doc["day"] == date.today().isoformat()
    brawl = own_deck(tmp_path / "b.json", ["Karn, the Great Creator"], fmt="brawl")
    assert check(capsys, brawl)["format"] == "brawl"
    assert check(capsys, brawl, "--format", "commander")["format"] == "commander"


@pytest.mark.parametrize(
    "args,deck_text",
    [
        (["--format", "no-such-format"], None),
        (["--on", "2024-13-01"], None),
        (["--on", "yesterday"], None),
        (["--cards", "/nonexistent/cards.json"], None),
        ([], "this is \x00 not a deck"),
        (["--format", "riftbound"], None),
    ],
    ids=["unknown-format", "bad-day", "not-a-day", "bad-source", "unreadable", "wrong-game"],
)
def test_unusable_input_exits_2_with_one_line_of_json(capsys, home, tmp_path, args, deck_text):
    if deck_text is None:
        path = own_deck(tmp_path / "d.json", ["Kozilek, Butcher of Truth"])
    else:
        path = tmp_path / "d.dck"
        path.write_text(deck_text, encoding="utf-8")
    code = main(["check", str(path), "--json", *args])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert len(out.err.strip().splitlines()) == 1


def test_missing_deck_file_exits_2(capsys, home, tmp_path):
    code = main(["check", str(tmp_path / "none.dck"), "--json"])
    out = capsys.readouterr()
    assert code == 2 and len(out.err.strip().splitlines()) == 1


def test_forge_dck_marks_and_companion(capsys, home, tmp_path):
    path = tmp_path / "t.dck"
    path.write_text(
        "[metadata]\nName=Tolabow Spells\nDeckEditorFormat=commander\n"
        "DeckEditorCompanion=Lurrus of the Dream-Den\n"
        "[Commander]\n1 Tolabow, Loch Rascal|XRB|#{markedColors=R}\n"
        "[Main]\n1 Lightning Bolt+|M11|[149]\n1 Cryptic Spires|MB2|#{markedColors=UR}\n"
        "1 Growth Spiral\n96 Island\n"
        "[Sideboard]\n1 Lurrus of the Dream-Den\n"
        "[Maybeboard]\n1 Atarka's Command\n",
        encoding="utf-8",
    )
    doc = check(capsys, path)
    assert doc["deck"] == "Tolabow Spells"
    assert rows(doc, drop_size=False) == [
        ("COLOR_IDENTITY", E, "Companion", ["Lurrus of the Dream-Den"]),
        ("COLOR_IDENTITY", E, "Main", ["Cryptic Spires"]),  # a land: the budget serves spells
        ("COLOR_IDENTITY", E, "Main", ["Growth Spiral"]),  # G beyond U + the chosen R
    ]


@pytest.fixture(scope="module")
def forge_folder(tmp_path_factory):
    """Forge's own scripts (legacy DeckRule form) plus a few made-up rule carriers."""
    if not FORGE_SAMPLES.exists():
        pytest.skip("no Forge sample scripts")
    root = tmp_path_factory.mktemp("forge")
    with tarfile.open(FORGE_SAMPLES) as tar:
        tar.extractall(root, filter="data")
    folder = root / "forge-gui" / "res" / "cardsfolder"
    extra = folder / "z"
    extra.mkdir(exist_ok=True)
    scripts = {
        "zz_plus5": "Name:Zz Plusfive\nManaCost:1 U\nTypes:Legendary Creature Wizard\nPT:1/1\n"
        "DeckRule:Size:AdjustMax$ +5\nOracle:Test.\n",
        "zz_herder": "Name:Zz Herder\nManaCost:1 U\nTypes:Legendary Creature Wizard\nPT:1/1\n"
        "DeckRule:Copies:Limit$ 4 | Affected$ Type:Wizard\nOracle:Test.\n",
        "zz_wizardling": "Name:Zz Wizardling\nManaCost:U\nTypes:Creature Wizard\nPT:1/1\n"
        "Oracle:Test.\n",
        "zz_selfban": "Name:Zz Selfban\nManaCost:1\nTypes:Artifact\nDeckRule:Copies:Limit$ 0\n"
        "Oracle:Test.\n",
        "zz_paradise": "Name:Zz Paradise\nManaCost:G\nTypes:Legendary Creature Bird\nPT:1/1\n"
        "DeckRule:ColorIdentity:Disable$ TRUE\nOracle:Test.\n",
        "zz_mainrule": "Name:Zz Mainrule\nManaCost:U\nTypes:Creature Wizard\nPT:1/1\n"
        "DeckRule:ColorIdentity:Exempt$ Creature.Goblin | ActiveSection$ main\n"
        "Oracle:Test.\n",
    }
    for name, text in scripts.items():
        (extra / f"{name}.txt").write_text(text, encoding="utf-8")
    return folder


FORGE_CASES = [
    (
        "legacy tolabow",
        [T],
        ["Lightning Bolt", "Brainstorm"],
        [],
        [("ADDITIONAL_COLOR_CHOICE", W, "Commander", [T])],
    ),
    (
        "legacy tolabow RG",
        [(T, 1, "RG")],
        ["Lightning Bolt", "Growth Spiral"],
        [],
        [
            ("ADDITIONAL_COLOR_CHOICE", E, "Commander", [T]),
            ("COLOR_IDENTITY", E, "Main", ["Growth Spiral"]),
            ("COLOR_IDENTITY", E, "Main", ["Lightning Bolt"]),
        ],
    ),
    (
        "chosen colour in Z",
        [(T, 1, "U")],
        ["Lightning Bolt"],
        [],
        [
            ("ADDITIONAL_COLOR_CHOICE", W, "Commander", [T]),
            ("ADDITIONAL_COLOR_CHOICE", W, "Commander", [T]),
        ],
    ),
    ("Size +5: 105", ["Zz Plusfive"], [("Island", 104)], [], []),
    ("Size +5: 106", ["Zz Plusfive"], [("Island", 105)], [], [("DECK_TOO_LARGE", E, "Main", [])]),
    (
        "Copies rule",
        ["Zz Herder"],
        [("Zz Wizardling", 3), ("Island", 95)],
        [("Zz Wizardling", 2)],
        [("TOO_MANY_COPIES", E, "Main", ["Zz Wizardling"])],
    ),
    (
        "own Limit 0",
        ["Zz Herder"],
        ["Zz Selfban", ("Island", 98)],
        ["Zz Selfban"],
        [("BANNED", E, "Main", ["Zz Selfban"]), ("BANNED", E, "Sideboard", ["Zz Selfban"])],
    ),
    ("Disable", ["Zz Paradise"], ["Lightning Bolt", "Counterspell", ("Island", 97)], [], []),
    ("ActiveSection Main", [THR], ["Zz Mainrule", "Goblin Guide", ("Island", 97)], [], []),
    (
        "rule outside its section",
        [THR],
        ["Goblin Guide", ("Island", 97)],
        ["Zz Mainrule"],
        [("COLOR_IDENTITY", E, "Main", ["Goblin Guide"])],
    ),
]


@pytest.mark.parametrize(
    "cmd,main_,side,expected", [c[1:] for c in FORGE_CASES], ids=[c[0] for c in FORGE_CASES]
)
def test_forge_scripts_deck_rules(capsys, home, tmp_path, forge_folder, cmd, main_, side, expected):
    path = own_deck(tmp_path / "d.json", cmd, main_, side)
    doc = check(capsys, path, "--cards", forge_folder)
    got = [r for r in rows(doc, drop_size=False) if r[0] != "DECK_TOO_SMALL"]
    assert got == expected


@pytest.mark.skipif(not REAL_CARDS.exists(), reason="no real card pool")
def test_real_pool_partner_kinds_through_the_binary(tmp_path):
    """The installed command on the real pool: typed partners, Backgrounds, Doctors."""
    exe = Path(sys.executable).with_name("deckeditor")
    env = {**os.environ, "DECKEDITOR_HOME": str(tmp_path / "home")}
    decks = {
        "ff": (["Cecily, Haunted Mage", "Othelm, Sigardian Outcast"], []),
        "father": (["Kratos, Stoic Father", "Atreus, Impulsive Son"], []),
        "mixed": (
            ["Kratos, Stoic Father", "Cecily, Haunted Mage"],
            [
                (
                    "ILLEGAL_PARTNERSHIP",
                    E,
                    "Commander",
                    ["Cecily, Haunted Mage", "Kratos, Stoic Father"],
                )
            ],
        ),
        "background": (["Karlach, Fury of Avernus", "Raised by Giants"], []),
        "doctor": (["Clara Oswald", "The Tenth Doctor"], []),
        "grist": (["Grist, the Hunger Tide"], []),
    }
    for key, (cmd, expected) in decks.items():
        path = own_deck(tmp_path / f"{key}.json", cmd)
        r = subprocess.run(
            [str(exe), "check", str(path), "--json", "--on", DAY, "--cards", str(REAL_CARDS)],
            capture_output=True,
            text=True,
            env=env,
        )
        assert r.returncode == 1, r.stderr  # every one is far too small
        assert rows(json.loads(r.stdout)) == expected, key


def test_description_not_repeated_when_oracle_says_it_in_another_case():
    """§3.1: Hadran's script writes "your commander", its Oracle text "your Commander"."""
    from deckeditor.carddb.store import starter_pool
    from deckeditor.games.mtg.deckrule import shown_descriptions

    pool = starter_pool()
    for card in pool.cards:
        if card.deck_rule_lines and card.faces[0].oracle_text.startswith("Rulebreaker"):
            assert shown_descriptions(card) == [], card.name


@pytest.mark.skipif(not REAL_CARDS.exists(), reason="no real card pool")
def test_real_pool_ban_sources_by_day(capsys, home, tmp_path):
    """formats.md §13.4: format bans, the 2024-09 list, the 2025-04 unbans; vintage bans."""
    path = own_deck(
        tmp_path / "d.json",
        ["Kozilek, Butcher of Truth"],
        ["Shahrazad", "Gifts Ungiven", "Mana Crypt", ("Wastes", 96)],
    )

    def banned(doc):
        return {p["cards"][0]: p["message"] for p in doc["problems"] if p["kind"] == "BANNED"}

    before = banned(check(capsys, path, "--cards", REAL_CARDS, on="2025-04-21"))
    assert before == {
        "Gifts Ungiven": 'Gifts Ungiven is banned by the taboo list "2024-09" from 2024-09-23',
        "Mana Crypt": 'Mana Crypt is banned by the taboo list "2024-09" from 2024-09-23',
        "Shahrazad": 'Shahrazad is banned by the format "commander"',
    }
    after = banned(check(capsys, path, "--cards", REAL_CARDS, on="2025-04-22"))
    assert after == {
        "Mana Crypt": 'Mana Crypt is banned by the taboo list "2025-04" from 2025-04-22',
        "Shahrazad": 'Shahrazad is banned by the format "commander"',
    }
    vintage = own_deck(tmp_path / "v.json", [], [("Mana Crypt", 2), "Chaos Orb", ("Island", 57)])
    doc = check(capsys, vintage, "--format", "vintage", "--cards", REAL_CARDS)
    assert rows(doc) == [
        ("BANNED", E, "Main", ["Chaos Orb"]),
        ("RESTRICTED", E, "Main", ["Mana Crypt"]),
    ]


def test_constructed_ignores_the_commander_section(capsys, home, tmp_path):
    """§4: constructed has no command zone, "Commander section ignored": no unknown-card, copy,
    ban, choice or DeckRule effect comes from it."""
    path = own_deck(
        tmp_path / "d.json",
        ["Nobody Known", "Sol Ring", (T, 1, "RG"), "Gleemox"],
        [("Island", 60), "Sol Ring"],
        fmt="vintage",
    )
    assert check(capsys, path)["problems"] == []
    from datetime import date

    from deckeditor.carddb.store import starter_pool
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.predicate import make_predicate
    from tests.support.mtg_cards import deck

    pool = starter_pool()
    d = deck(["Sol Ring"], [("Island", 60)], fmt="vintage")
    p = make_predicate(d, load_format("vintage", game="mtg"), date(2025, 1, 1), pool, "Main")
    assert p(pool.get("Sol Ring"))  # the ignored zone's copy does not count
