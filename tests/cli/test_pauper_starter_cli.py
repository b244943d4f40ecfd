"""Pauper on the starter pool from the command line (issue 24 walkthrough): with no card
database yet, the starter cards carry no rarity and `check` and `cards search f:pauper` let
Sol Ring in. The shipped printings table's rarities decide; a card no one knows the rarity of
gets a warning that it cannot be checked (cli.md: NOT_IN_FORMAT, the message names the reason
and the source)."""

from __future__ import annotations

import json

from deckeditor.cli import main
from tests.cli.test_check_cli import write_deck


def test_check_refuses_sol_ring_in_pauper_and_says_why(capsys, tmp_path, home):
    deck = write_deck(
        tmp_path / "p.deck.json",
        [],
        [("Island", 56), ("Lightning Bolt", 2), "Sol Ring", "Elesh Norn, Mother of Machines"],
        fmt="pauper",
    )
    code = main(["check", str(deck), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["legal"] is False
    outside = [p for p in doc["problems"] if p["kind"] == "NOT_IN_FORMAT"]
    errors = [p for p in outside if p["severity"] == "error"]
    assert [p["cards"] for p in errors] == [["Sol Ring"]]
    assert "never printed at common" in errors[0]["message"]
    assert "printings table" in errors[0]["message"]
    (unsure,) = [p for p in outside if p["severity"] == "warning"]
    assert unsure["cards"] == ["Elesh Norn, Mother of Machines"]
    assert "cannot be checked" in unsure["message"]
    assert not [p for p in doc["problems"] if "Lightning Bolt" in p["cards"]]


def test_cards_search_f_pauper_finds_bolt_not_sol_ring(capsys, home):
    assert main(["cards", "search", "f:pauper (sol ring or lightning bolt)"]) == 0
    assert capsys.readouterr().out.split("\n")[:-1] == ["Lightning Bolt"]
