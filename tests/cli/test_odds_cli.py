"""`deckeditor odds` (cli.md notes in docs/spec-notes.md): the chance of a category or a card."""

from __future__ import annotations

import json

import pytest

from deckeditor import odds
from deckeditor.cli import main
from tests.cli.test_check_cli import write_deck


def run(capsys, *args):
    code = main(["odds", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def deck(tmp_path, home):
    return write_deck(
        tmp_path / "bolt.deck.json",
        ["Tolabow, Loch Rascal"],
        [("Island", 40), ("Lightning Bolt", 20), ("Brainstorm", 39)],
    )


def test_a_category_by_turn_three_on_the_play(capsys, deck):
    code, out, err = run(capsys, deck, "--category", "removal", "--by-turn", "3", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["what"], doc["library"], doc["wanted"], doc["turn"], doc["on_draw"]) == (
        "Removal",
        99,
        20,
        3,
        False,
    )
    assert doc["chance"] == {
        str(7 - m): pytest.approx(float(odds.chance(99, 20, 1, 3, False, m)), abs=1e-12)
        for m in range(3)
    }


def test_lands_at_least_three_on_the_draw(capsys, deck):
    code, out, _ = run(
        capsys,
        deck,
        "--category",
        "Lands",
        "--at-least",
        "3",
        "--by-turn",
        "2",
        "--on-draw",
        "--json",
    )
    doc = json.loads(out)
    assert code == 0 and doc["what"] == "Lands" and doc["wanted"] == 40
    assert doc["chance"]["7"] == pytest.approx(float(odds.chance(99, 40, 3, 2, True, 0)), abs=1e-12)


def test_a_named_card_in_words(capsys, deck):
    code, out, _ = run(capsys, deck, "--card", "lightning bolt")
    assert code == 0
    assert out.splitlines()[0] == (
        "Tolabow Spells: 20 Lightning Bolt in a library of 99; at least 1 in the opening hand, on the play"
    )
    assert "kept at 7: " in out and "kept at 5: " in out


@pytest.mark.parametrize(
    "args, error",
    [
        (
            ("--category", "lifegain"),
            "--category 'lifegain': not a role (ramp, draw, removal, boardwipe, "
            "counterspell, tutor, protection, recursion, land) nor a category of the deck",
        ),
        (("--card", "Sol Ring"), "--card 'Sol Ring': not in the deck's library"),
        (("--category", "ramp", "--at-least", "0"), "--at-least 0: must be 1 or more"),
        (
            ("--category", "ramp", "--by-turn", "95"),
            "the library holds 99 cards: 101 cannot be drawn by turn 95",
        ),
    ],
)
def test_unusable_input_is_one_line_exit_2(capsys, deck, args, error):
    code, out, err = run(capsys, deck, *args)
    assert code == 2 and out == ""
    assert err == f"deckeditor odds: {error}\n"


def test_a_missing_deck_file(capsys, tmp_path, home):
    code, _, err = run(capsys, tmp_path / "nope.deck.json", "--category", "ramp")
    assert code == 2 and "no such deck file" in err


def test_a_chance_short_of_certain_never_reads_100_percent(capsys, deck):
    """Brainstorm, 39 of 99, by turn 3 after a mulligan to 6 is 99.96%: printed as the window's
    Odds dialog does ('>99.9%'), never '100.0%' (measured on the Omnath precon: 'kept at 6: 100.0%')."""
    code, out, err = run(capsys, deck, "--card", "Brainstorm", "--by-turn", "3")
    assert code == 0, err
    chances = dict(part.split(": ") for part in out.splitlines()[1].strip().split("   "))
    p6 = float(odds.chance(99, 39, 1, 3, False, 1))
    assert 0.9995 <= p6 < 1
    assert chances["kept at 6"] == ">99.9%"
    assert chances["kept at 7"] == f"{float(odds.chance(99, 39, 1, 3, False, 0)) * 100:.1f}%"
    assert "100.0%" not in out


def test_a_riftbound_deck_is_counted_on_its_four_card_hand(capsys, tmp_path, home):
    """The game's opening hand (Game.hand_rule): Riftbound's four cards, up to two set aside —
    not MTG's seven kept at 7, 6 and 5."""
    from deckeditor.deckfile.writing import write_json_deck
    from tests.conftest import shared_data
    from tests.support.riftbound import real_pool, vector_deck

    gallery = shared_data("riftbound", "cards.json")
    path = tmp_path / "ex3.deck.json"
    path.write_text(write_json_deck(vector_deck("ex3", real_pool())), encoding="utf-8")
    code, out, err = run(capsys, path, "--card", "Brutalizer", "--cards", gallery, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["library"] == 39 and doc["wanted"] == 3
    assert doc["chance"] == {
        "4": float(odds.at_least(39, 3, 4, 1)),
        "4, 1 aside": float(odds.set_aside_chance(39, 3, 1, 0, False, 4, 1)),
        "4, 2 aside": float(odds.set_aside_chance(39, 3, 1, 0, False, 4, 2)),
    }
    code, out, err = run(capsys, path, "--card", "Brutalizer", "--cards", gallery)
    assert "kept at 4: " in out and "kept at 4, 2 aside: " in out
