"""`deckeditor convert` (cli.md, deck-files.md §1, §8): kinds, losses on stderr, exit codes."""

from __future__ import annotations

import json

import pytest

from deckeditor.cli import main
from tests.test_text_decks import FIXTURES


def run(capsys, *args):
    code = main(list(map(str, args)))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_to_forge_by_extension(tmp_path, capsys, home):
    out = tmp_path / "k.dck"
    code, _, err = run(capsys, "convert", FIXTURES / "korvold_mtgo.txt", out)
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert text.startswith("[metadata]\nName=korvold_mtgo\n")
    assert "97 Forest" in text


def test_json_to_text_reports_losses_before_writing(tmp_path, capsys, home):
    out = tmp_path / "t.out"
    code, _, err = run(capsys, "convert", FIXTURES / "tolabow.deck.json", out, "--to", "mtgo")
    assert code == 0
    assert "Maybeboard (1 card) not written" in err
    assert "Cryptic Spires's colour choice not written" in err
    assert out.read_text().splitlines()[0] == "1 Lightning Bolt"


def test_to_json_round_trip_and_home(tmp_path, capsys):
    out = tmp_path / "x.deck.json"
    code, _, err = run(capsys, "--home", tmp_path / "h", "convert", FIXTURES / "korvold.dck", out)
    assert code == 0, err
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["schema"] == "deckeditor-deck" and doc["name"] == "Korvold Sacrifice"
    back = tmp_path / "back.dck"
    code, _, err = run(capsys, "convert", out, back, "--home", tmp_path / "h")
    assert code == 0, err
    assert "DeckEditorCompanion=Lurrus of the Dream-Den" in back.read_text(encoding="utf-8")


def test_second_write_keeps_a_backup(tmp_path, capsys, home):
    out = tmp_path / "k.txt"
    assert run(capsys, "convert", FIXTURES / "korvold.dck", out)[0] == 0
    first = out.read_text()
    assert run(capsys, "convert", FIXTURES / "korvold.cod", out)[0] == 0
    assert (tmp_path / "k.txt.bak").read_text() == first


def test_bad_input_exits_2_with_one_line(tmp_path, capsys, home):
    bad = tmp_path / "bad.deck.json"
    bad.write_text('{"schema": "deckeditor-deck", "version": 99}')
    code, out, err = run(capsys, "convert", bad, tmp_path / "o.txt")
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0
    assert err.startswith(f"{bad}:") and "written by a newer Deck Editor" in err
    assert not (tmp_path / "o.txt").exists()


def test_missing_input_and_unknown_output_kind(tmp_path, capsys, home):
    code, _, err = run(capsys, "convert", tmp_path / "nope.txt", tmp_path / "o.txt")
    assert code == 2 and "no such deck file" in err
    code, _, err = run(capsys, "convert", FIXTURES / "korvold.dck", tmp_path / "o.weird")
    assert code == 2 and "--to" in err


def test_riftbound_deck_cannot_become_forge(tmp_path, capsys, home):
    deck = tmp_path / "r.deck.json"
    deck.write_text(
        json.dumps(
            {
                "schema": "deckeditor-deck",
                "version": 1,
                "game": "riftbound",
                "name": "R",
                "format": "riftbound",
                "sections": [{"name": "Main", "entries": [{"card": "X", "count": 1}]}],
            }
        )
    )
    code, _, err = run(capsys, "convert", deck, tmp_path / "r.dck")
    assert code == 2 and "forge cannot hold a Riftbound deck" in err


def test_xmage_cannot_be_written(tmp_path, capsys, home):
    with pytest.raises(SystemExit):
        main(["convert", str(FIXTURES / "korvold.dck"), str(tmp_path / "o.dck"), "--to", "xmage"])


def test_output_equal_to_input_is_refused_before_writing(tmp_path, capsys, home):
    deck = tmp_path / "k.dck"
    deck.write_bytes((FIXTURES / "korvold.dck").read_bytes())
    link = tmp_path / "link.dck"
    link.symlink_to(deck)
    for out in (deck, link):
        code, _, err = run(capsys, "convert", deck, out, "--to", "mtgo")
        assert code == 2 and err.strip() == f"{out}: is the input file; choose another output"
    assert deck.read_bytes() == (FIXTURES / "korvold.dck").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.dck", "link.dck"]


def test_pipes_devices_and_read_only_outputs_are_refused(tmp_path, capsys, home):
    import os

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    locked = tmp_path / "locked.txt"
    locked.write_text("keep\n")
    locked.chmod(0o444)
    for out, why in (
        (fifo, "not a regular file"),
        ("/dev/null", "not a regular file"),
        (locked, "read-only"),
    ):
        code, _, err = run(capsys, "convert", FIXTURES / "korvold.dck", out, "--to", "mtgo")
        assert code == 2 and why in err and len(err.strip().splitlines()) == 1, err
    assert locked.read_text() == "keep\n"


def test_a_symlinked_output_is_written_through(tmp_path, capsys, home):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert run(capsys, "convert", FIXTURES / "korvold.dck", link)[0] == 0
    assert link.is_symlink() and "Forest" in real.read_text()
    assert (tmp_path / "real.txt.bak").read_text() == "old\n"


@pytest.mark.parametrize("what", ["folder", "fifo"])
def test_an_input_that_is_no_file_is_named_as_such(tmp_path, capsys, what):
    """Before: "no such deck file" for a folder or a FIFO that is right there."""
    import os

    from deckeditor.cli import main

    source = tmp_path / "in.dck"
    if what == "folder":
        source.mkdir()
    else:
        os.mkfifo(source)
    for args in (["convert", str(source), str(tmp_path / "out.txt")], ["check", str(source)]):
        assert main(["--home", str(tmp_path / "home"), *args]) == 2
        err = capsys.readouterr().err
        assert "no such deck file" not in err and len(err.strip().splitlines()) == 1, err
        assert ("folder" in err) if what == "folder" else ("not a regular file" in err)
