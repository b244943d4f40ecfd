"""Numbers on the command line are ASCII digits, as `--on` days are (issue 26 rerun): Python's
int() also takes other scripts' digits, so `--bracket ٣` checked against bracket 3 and
`--by-turn ١` counted turn 1 while `--on ٢٠٢٤-٠١-٠١` was refused."""

from __future__ import annotations

import pytest

from deckeditor.cli import main


@pytest.fixture
def deck(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("40 Island\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["check", "{deck}", "--bracket", "\u0663"],  # ARABIC-INDIC DIGIT THREE
        ["check", "{deck}", "--bracket", "\uff13"],  # FULLWIDTH DIGIT THREE
        ["odds", "{deck}", "--category", "land", "--by-turn", "\u0661"],
        ["odds", "{deck}", "--category", "land", "--at-least", "\u0968"],  # DEVANAGARI TWO
    ],
)
def test_digits_of_other_scripts_are_refused(capsys, tmp_path, deck, args):
    with pytest.raises(SystemExit) as stop:
        main(["--home", str(tmp_path / "home"), *[a.format(deck=deck) for a in args]])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and f"invalid int value: '{args[-1]}'" in err


def test_ascii_numbers_still_work(capsys, tmp_path, deck):
    assert (
        main(
            [
                "--home",
                str(tmp_path / "home"),
                "odds",
                str(deck),
                "--category",
                "land",
                "--by-turn",
                "+1",
                "--at-least",
                " 1",
            ]
        )
        == 0
    )
