"""A third game from a test package plugs in through its declaration alone (issue 25 point 1):
Pebbles (`tests/support/thirdgame/`, two sections, one file kind, one search key, four cards)
is checked, converted, searched and opened in the window with no change to the program's tree.

The commands run in a subprocess that learns of the game from ``DECKEDITOR_GAMES``; the window
test registers it in its own process (`registry.register`) and withdraws it afterwards.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckeditor.games import registry
from tests.support.thirdgame.declaration import DECLARATION

REPO = Path(__file__).resolve().parents[2]
DECK = "# pebbles deck\n[Deck]\n2 Red Pebble\n[Reserve]\n1 Grey Pebble\n"


def deckeditor(
    *args: str, home: Path, games: str = "tests.support.thirdgame.declaration"
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DECKEDITOR_GAMES=games)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "deckeditor", *args, "--home", str(home)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
    )


@pytest.fixture
def pebbles():
    """Pebbles registered in this process for one test."""
    registry.register(DECLARATION)
    yield DECLARATION
    registry.unregister(DECLARATION.code)


@pytest.fixture
def deck_file(tmp_path: Path) -> Path:
    path = tmp_path / "small.peb"
    path.write_text(DECK, encoding="utf-8")
    return path


def test_check_reads_the_third_games_file_and_reports_its_rule(deck_file, tmp_path):
    run = deckeditor("check", str(deck_file), "--json", home=tmp_path / "home")
    assert run.returncode == 1, run.stderr
    verdict = json.loads(run.stdout)
    assert verdict["game"] == "pebbles" and verdict["format"] == "pebbles"
    kinds = {p["kind"]: p for p in verdict["problems"]}
    assert kinds["DECK_TOO_SMALL"]["message"] == "Deck has 2 pebbles; needs 3"
    assert kinds["DECK_TOO_SMALL"]["section"] == "Deck"


def test_check_reads_a_folder_for_the_third_games_files(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "small.peb").write_text(DECK, encoding="utf-8")
    (folder / "notes.md").write_text("not a deck", encoding="utf-8")
    run = deckeditor("check", str(folder), "--json", home=tmp_path / "home")
    assert run.returncode == 1, run.stderr
    assert [json.loads(line)["deck"] for line in run.stdout.splitlines()] == ["small"]


def test_convert_writes_the_own_file_and_back_to_the_third_games_kind(deck_file, tmp_path):
    home, own, back = tmp_path / "home", tmp_path / "small.deck.json", tmp_path / "again.txt"
    run = deckeditor("convert", str(deck_file), str(own), home=home)
    assert run.returncode == 0, run.stderr
    doc = json.loads(own.read_text(encoding="utf-8"))
    assert doc["game"] == "pebbles"
    assert [(s["name"], s["entries"]) for s in doc["sections"]] == [
        ("Deck", [{"card": "Red Pebble", "count": 2}]),
        ("Reserve", [{"card": "Grey Pebble", "count": 1}]),
    ]
    # plain text of a Pebbles deck is its own list kind, as Riftbound's is
    run = deckeditor("convert", str(own), str(back), home=home)
    assert run.returncode == 0, run.stderr
    assert back.read_text(encoding="utf-8") == DECK
    # a kind of another game cannot hold it, said in one line
    run = deckeditor("convert", str(own), str(tmp_path / "x.dck"), home=home)
    assert run.returncode == 2 and "forge cannot hold a Pebbles deck" in run.stderr


def test_cards_search_finds_its_cards_by_its_own_key(tmp_path):
    home = tmp_path / "home"
    run = deckeditor("cards", "search", "hue:red", "--game", "pebbles", "--json", home=home)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["cards"] == ["Red Boulder", "Red Pebble"]  # its starter pool
    bag = tmp_path / "bag.json"
    bag.write_text('{"pebbles": {"Red Marble": "red", "Sea Glass": "green"}}', encoding="utf-8")
    run = deckeditor(
        "cards", "search", "hue:red", "--game", "pebbles", "--cards", str(bag), home=home
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["Red Boulder", "Red Marble", "Red Pebble"]
    run = deckeditor("cards", "search", "c:r", "--game", "pebbles", home=home)
    assert run.returncode == 2 and 'unknown key "c"' in run.stderr  # MTG's key is not its


def test_a_game_module_that_cannot_be_loaded_is_named_in_one_line(deck_file, tmp_path):
    run = deckeditor("check", str(deck_file), home=tmp_path / "home", games="no.such.game")
    assert run.stderr.startswith("deckeditor: DECKEDITOR_GAMES names 'no.such.game', which is no")
    assert "Traceback" not in run.stderr
    assert run.returncode == 1  # the file is read as the other games read it: plain text


def test_the_other_games_do_not_see_the_third_game_unless_it_is_declared(deck_file):
    from deckeditor import deckio

    assert "pebbles" not in deckio.kinds()
    assert deckio.read_deck(deck_file).deck.game != "pebbles"  # plain text to them


def test_registered_in_process_it_reads_and_searches(pebbles, deck_file):
    from deckeditor import deckio
    from deckeditor.search import Searcher
    from tests.support.thirdgame.cards import CARDS

    result = deckio.read_deck(deck_file)
    assert result.kind == "pebbles" and result.deck.game == "pebbles"
    searcher = Searcher(list(CARDS), "pebbles")
    assert [CARDS[r].name for r in searcher.search("hue:red")] == ["Red Pebble", "Red Boulder"]
    assert [CARDS[r].name for r in searcher.search("pebble -hue:red")] == [
        "Grey Pebble",
        "Blue Pebble",
    ]


def shown(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


@pytest.mark.gui
def test_the_window_opens_a_third_game_deck_with_its_sections_and_problem(
    pebbles, deck_file, make_window, qtbot
):
    from PySide6.QtCore import Qt

    win = make_window()
    win.show()
    assert win.open_path(str(deck_file))
    assert win.session.game_code == "pebbles"
    model = win.deck_pane.model
    headers = [
        model.index(r, 0).data(Qt.ItemDataRole.UserRole + 10) for r in range(model.rowCount())
    ]
    assert {"Deck", "Reserve"} <= set(filter(None, headers))
    rule = "Deck has 2 pebbles; needs 3"
    assert rule in [p.message for p in win.problems.problems]
    errors = sum(p.is_error for p in win.problems.problems)
    assert f"{errors} error" in win.status.problem_label.text()
    # its cards are in the catalog (its starter pool), and its own search key finds them
    assert sorted(shown(win)) == ["Blue Pebble", "Grey Pebble", "Red Boulder", "Red Pebble"]
    qtbot.keyClicks(win.catalog.search_box, "hue:red")
    qtbot.waitUntil(lambda: sorted(shown(win)) == ["Red Boulder", "Red Pebble"])
    assert win.status.count_label.text() == "2 cards"  # the game's checked section, Deck
    # a third pebble, by key: the rule is met, and the status bar says so
    assert win.deck_pane.select_cards(["Red Pebble"]) == 1
    qtbot.keyClick(win.deck_pane.tree, Qt.Key.Key_Plus)
    assert win.session.deck.section("Deck").entries[0].count == 3
    assert rule not in [p.message for p in win.problems.problems]
    assert win.status.count_label.text() == "3 cards"
    after = sum(p.is_error for p in win.problems.problems)
    assert after == errors - 1
    assert (f"{after} error" if after else "legal") in win.status.problem_label.text()
