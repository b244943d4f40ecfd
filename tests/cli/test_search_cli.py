"""`deckeditor cards search` through the real command line, on the starter pool (an empty
--home) and an extra MTGJSON source."""

from __future__ import annotations

import json

import pytest

from deckeditor.cli import main


def run(capsys, *argv):
    code = main(["cards", "search", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_prints_sorted_names(tmp_path, capsys):
    code, out, err = run(capsys, "t:angel or t:demon", "--home", str(tmp_path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines == sorted(lines)
    assert {"Griselbrand", "Serra Angel"} <= set(lines)


def test_json(tmp_path, capsys):
    code, out, _ = run(capsys, "t:legend t:merfolk", "--json", "--home", str(tmp_path))
    assert code == 0
    assert json.loads(out) == {
        "query": "t:legend t:merfolk",
        "count": 1,
        "cards": ["Thrasios, Triton Hero"],
    }


def test_bad_query_exits_2_with_message_and_position(tmp_path, capsys):
    code, out, err = run(capsys, "t:elf foo:bar", "--home", str(tmp_path))
    assert code == 2 and out == ""
    assert 'unknown key "foo"' in err and "position 6" in err
    assert "      ^^^" in err


def test_format_and_day(tmp_path, capsys):
    code, out, _ = run(capsys, "banned:commander", "--on", "2024-09-23", "--home", str(tmp_path))
    assert code == 0 and "Mana Crypt" in out.splitlines() and "Sol Ring" not in out
    code, out, _ = run(capsys, "banned:commander", "--on", "2024-09-22", "--home", str(tmp_path))
    assert "Mana Crypt" not in out.splitlines()
    # The selected format's rule set decides is:commander (Brawl: planeswalkers lead).
    code, out, _ = run(capsys, "is:commander t:planeswalker", "--format", "brawl",
                       "--home", str(tmp_path))  # fmt: skip
    assert "Jace, the Mind Sculptor" in out.splitlines()
    code, out, _ = run(capsys, "is:commander t:planeswalker -t:creature", "--home", str(tmp_path))
    assert "Jace, the Mind Sculptor" not in out.splitlines()


@pytest.mark.parametrize("argv", [["--on", "yesterday"], ["--format", "modren"]])
def test_unusable_options_exit_2(tmp_path, capsys, argv):
    code, out, err = run(capsys, "bolt", *argv, "--home", str(tmp_path))
    assert code == 2 and out == "" and err.strip()


def test_extra_card_source(tmp_path, capsys):
    source = tmp_path / "extra.json"
    source.write_text(json.dumps({"data": {"Zyxwv the Searchable": [{
        "name": "Zyxwv the Searchable", "manaCost": "{1}{U}", "type": "Creature — Wizard",
        "types": ["Creature"], "subtypes": ["Wizard"], "supertypes": [], "colors": ["U"],
        "text": "Flying", "keywords": ["Flying"], "power": "1", "toughness": "1",
    }]}}), encoding="utf-8")  # fmt: skip
    code, out, err = run(capsys, "zyxwv kw:flying", "--cards", str(source), "--home", str(tmp_path))
    assert code == 0, err
    assert out.splitlines() == ["Zyxwv the Searchable"]


def test_a_riftbound_format_searches_riftbound_cards(tmp_path, capsys):
    """`--format riftbound` is a Riftbound format: the search is over Riftbound's cards (it listed
    MTG legends for t:legend), as `check` takes a deck's game from its format."""
    code, out, err = run(capsys, "t:legend", "--format", "riftbound", "--home", str(tmp_path))
    assert code == 0, err
    assert "Ornn, Fire Below the Mountain" in out.splitlines()
    assert "Atraxa, Praetors' Voice" not in out


def test_a_format_of_another_game_than_the_named_one_exits_2(tmp_path, capsys):
    code, out, err = run(
        capsys, "t:legend", "--game", "mtg", "--format", "riftbound", "--home", str(tmp_path)
    )
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "riftbound" in err and "mtg" in err
