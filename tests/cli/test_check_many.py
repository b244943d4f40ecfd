"""`deckeditor check DECK...` with several decks and folders (specs/cli.md, issue 17):
one verdict per deck in argument order, JSON Lines, the worst exit status, an error line for a
deck that cannot be used while the others are still checked, and each game's pool loaded once."""

from __future__ import annotations

import json
import shutil

import pytest

from deckeditor.cli import main
from tests.cli.test_check_cli import REPO, write_deck

DAY = ("--on", "2026-11-29")


def run(capsys, *args):
    code = main(["check", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def decks(tmp_path, home):
    legal = write_deck(
        tmp_path / "legal.deck.json",
        ["Tolabow, Loch Rascal"],
        ["Lightning Bolt", ("Island", 98)],
        name="Legal",
    )
    illegal = write_deck(
        tmp_path / "illegal.deck.json",
        ["Tolabow, Loch Rascal"],
        ["Atarka's Command", ("Island", 98)],
        name="Illegal",
    )
    broken = tmp_path / "broken.deck.json"
    broken.write_text('{"schema": "deckeditor-deck", "version": 1, "sections": [', "utf-8")
    return legal, illegal, broken


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_one_json_line_per_deck_in_argument_order(capsys, decks):
    legal, illegal, _ = decks
    code, out, err = run(capsys, illegal, legal, illegal, *DAY, "--json")
    assert code == 1, err
    docs = lines(out)
    assert [(d["deck"], d["legal"]) for d in docs] == [
        ("Illegal", False),
        ("Legal", True),
        ("Illegal", False),
    ]
    assert [p["kind"] for p in docs[0]["problems"]] == ["COLOR_IDENTITY"]
    assert err == ""


def test_worst_exit_status_and_an_error_line_for_an_unreadable_deck(capsys, tmp_path, decks):
    legal, illegal, broken = decks
    missing = tmp_path / "nope.dck"
    code, out, err = run(capsys, legal, broken, missing, illegal, *DAY, "--json")
    assert code == 2  # 2 over 1 over 0
    docs = lines(out)
    assert [sorted(d) for d in docs[1:3]] == [["deck", "error"], ["deck", "error"]]
    assert docs[1]["deck"] == str(broken) and str(broken) in docs[1]["error"]
    assert docs[2]["deck"] == str(missing) and "no such deck file" in docs[2]["error"]
    assert (docs[0]["legal"], docs[3]["legal"]) == (True, False)  # the others still checked
    assert len(err.strip().splitlines()) == 2 and str(missing) in err


def test_worst_status_without_unreadable_decks(capsys, decks):
    legal, illegal, _ = decks
    assert run(capsys, legal, legal, *DAY)[0] == 0
    assert run(capsys, legal, illegal, legal, *DAY)[0] == 1


def test_text_output_one_verdict_per_deck(capsys, decks):
    legal, illegal, broken = decks
    code, out, err = run(capsys, legal, broken, illegal, *DAY)
    assert code == 2
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads == [
        "Legal: legal in commander on 2026-11-29",
        "Illegal: not legal in commander on 2026-11-29",
    ]
    assert len(err.strip().splitlines()) == 1 and str(broken) in err


def test_a_folder_is_read_for_its_deck_files_sorted(capsys, tmp_path, decks):
    legal, illegal, _ = decks
    folder = tmp_path / "event"
    (folder / "round 2").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    shutil.copy(illegal, folder / "b.deck.json")
    shutil.copy(legal, folder / "A.deck.json")
    shutil.copy(illegal, folder / "round 2" / "c.deck.json")
    shutil.copy(illegal, folder / ".hidden" / "x.deck.json")
    (folder / "notes.md").write_text("not a deck", "utf-8")
    (folder / "round 2" / "d.txt").write_text("1 Lightning Bolt\n", "utf-8")
    code, out, err = run(capsys, folder, legal, *DAY, "--json")
    docs = lines(out)
    assert [d["deck"] for d in docs] == ["Legal", "Illegal", "Illegal", "d", "Legal"]
    assert code == 1, err


def test_an_empty_folder_is_an_error_line(capsys, tmp_path, decks):
    legal, _, _ = decks
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, _err = run(capsys, empty, legal, *DAY, "--json")
    assert code == 2
    first, second = lines(out)
    assert first["deck"] == str(empty) and "no deck files" in first["error"]
    assert second["legal"] is True


def test_the_pool_is_loaded_once_per_game(capsys, monkeypatch, decks):
    from deckeditor.carddb import store

    calls = []
    real = store.open_pool

    def counting(paths=None, extra=(), game="mtg", progress=None, **options):  # lazy=True: check's
        calls.append(game)
        return real(paths, extra, game, progress, **options)

    monkeypatch.setattr(store, "open_pool", counting)
    legal, illegal, _ = decks
    sample = REPO / "resources/decks/riftbound-sample.deck.json"
    args = [legal, illegal, legal] + ([sample, sample] if sample.exists() else [])
    _code, out, _ = run(capsys, *args, *DAY, "--json")
    assert len(lines(out)) == len(args)
    assert sorted(calls) == sorted(set(calls)) and "mtg" in calls


def test_a_bad_shared_input_stops_the_run_with_one_line(capsys, decks):
    legal, illegal, _ = decks
    code, out, err = run(capsys, legal, illegal, "--format", "no-such-format", "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    code, out, err = run(capsys, legal, illegal, "--cards", "/nonexistent/cards.json")
    assert code == 2 and out == "" and "card source" in err


def test_a_format_stored_in_one_deck_fails_only_that_deck(capsys, tmp_path, decks):
    legal, _, _ = decks
    odd = write_deck(tmp_path / "odd.deck.json", ["Tolabow, Loch Rascal"], ["Island"], fmt="nope")
    code, out, _err = run(capsys, odd, legal, *DAY, "--json")
    assert code == 2
    first, second = lines(out)
    assert "the deck's format" in first["error"] and second["legal"] is True


def test_real_precons_folder_in_one_process(capsys, tmp_path, home):
    """A folder of real deck files (the MTGJSON precons archive, a few dozen of them)."""
    import tarfile

    from tests.conftest import shared_data

    archive = shared_data("mtg", "mtgjson-AllDeckFiles-20260103-no-redemption.tar.xz")
    folder = tmp_path / "precons"
    folder.mkdir()
    with tarfile.open(archive) as tf:
        names = sorted(m.name for m in tf if m.isfile() and m.name.endswith("_C21.json"))[:4]
        for name in names:
            (folder / name.rsplit("/", 1)[-1]).write_bytes(tf.extractfile(name).read())
    assert names
    code, out, err = run(capsys, folder, "--on", "2026-01-01", "--json")
    docs = lines(out)
    assert len(docs) == len(names) and all("game" in d for d in docs), err
    assert code in (0, 1)
