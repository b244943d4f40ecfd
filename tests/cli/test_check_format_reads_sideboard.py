"""`check --format` reads a file with no commander section by the format it names
(`deck-files.md` §6.3: the sideboard's one or two cards move to Commander when "the deck's
format (from the file or `--format`) selects a command-zone rule set"). An MTGO list of nine
cards with Thrasios and Tymna in its sideboard is a Commander deck under `--format commander`;
without it (no format in the file, Main plus the pair is not 100) nothing moves."""

from __future__ import annotations

import json

from deckeditor.cli import main

MTGO_LIST = """1 Sol Ring
1 Counterspell
2 Island
1 Plains
1 Swords to Plowshares
1 Forest

1 Thrasios, Triton Hero
1 Tymna the Weaver
"""


def _kinds(capsys, *args: str) -> list[str]:
    main(["check", *args, "--json"])
    return [p["kind"] for p in json.loads(capsys.readouterr().out)["problems"]]


def test_format_commander_moves_the_sideboard_pair_to_commander(capsys, tmp_path, home):
    deck = tmp_path / "pair.txt"
    deck.write_text(MTGO_LIST, encoding="utf-8")
    assert _kinds(capsys, str(deck), "--format", "commander") == ["DECK_TOO_SMALL"]
    # the file names no format and 7 + 2 is not 100: the pair stays in the sideboard
    assert "MISSING_COMMANDER" in _kinds(capsys, str(deck))
