"""`deckeditor check` (specs/cli.md): exit codes, the JSON shape, stderr lines, --home."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from deckeditor.cli import main

REPO = Path(__file__).resolve().parent.parent


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
