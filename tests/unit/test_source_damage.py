"""Card sources damaged in ways the issue 26 rerun found: an encrypted zip entry ended
`cards import` in a RuntimeError traceback from zipfile; a Forge folder holding a FIFO named
`*.txt` hung the import for ever, and a dangling link named `*.txt` failed the whole folder.
Each is one line (exit 2) or is passed over, and the cards beside it are imported."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from deckeditor.cli import main

ISLAND = (
    b"Name:Island\nManaCost:no cost\nTypes:Basic Land Island\n"
    b"A:AB$ Mana | Cost$ T | Produced$ U | SpellDescription$ Add {U}.\nOracle:({T}: Add {U}.)\n"
)


def _import(capsys, home: Path, source: Path) -> tuple[int, list[str]]:
    code = main(["--home", str(home), "cards", "import", str(source)])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, [line for line in err.splitlines() if line.startswith("deckeditor cards import:")]


def _encrypted(path: Path, member: str, data: bytes) -> Path:
    """A zip whose one entry says it is encrypted (the flag bit in both headers)."""
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(member, data)
    raw = bytearray(path.read_bytes())
    raw[6] |= 1  # local header: general purpose flags
    central = raw.find(b"PK\x01\x02")
    raw[central + 8] |= 1
    path.write_bytes(bytes(raw))
    return path


@pytest.mark.parametrize(
    "member, data",
    [
        ("cardsfolder/i/island.txt", ISLAND),
        ("AtomicCards.json", json.dumps({"meta": {}, "data": {}}).encode()),
    ],
)
def test_an_encrypted_zip_entry_is_one_line(tmp_path, capsys, member, data):
    source = _encrypted(tmp_path / "cards.zip", member, data)
    code, lines = _import(capsys, tmp_path / "home", source)
    assert code == 2 and len(lines) == 1
    assert str(source) in lines[0] and member in lines[0] and "encrypted" in lines[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_forge_folder_with_a_fifo_and_dangling_links_imports_its_scripts(tmp_path, capsys):
    folder = tmp_path / "cardsfolder" / "i"
    folder.mkdir(parents=True)
    (folder / "island.txt").write_bytes(ISLAND)
    os.mkfifo(folder / "fifo.txt")  # reading it would wait for a writer for ever
    (folder / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    (folder / "loop").symlink_to(folder)  # not followed: the walk ends
    code, lines = _import(capsys, tmp_path / "home", tmp_path / "cardsfolder")
    assert code == 0 and lines == []
    main(["--home", str(tmp_path / "home"), "cards", "search", "!Island"])
    assert "Island" in capsys.readouterr().out


GOOD = {
    "name": "Sol Ring",
    "layout": "normal",
    "mana_value": 1.0,
    "faces": [
        {
            "name": "Sol Ring",
            "mana_cost": "{1}",
            "types": ["Artifact"],
            "oracle_text": "{T}: Add {C}{C}.",
            "mana_value": 1.0,
        }
    ],
}


@pytest.mark.parametrize(
    "where, key, value",
    [
        ("face", "oracle_text", 10**30),
        ("face", "types", ["Artifact", []]),
        ("face", "colors", 10**30),
        ("face", "power", 3),
        ("card", "identity", -1),
        ("card", "mana_value", float("nan")),
        ("card", "printings", "LEA"),
        ("card", "partner", {"with_names": [1]}),
        ("card", "deck_rule_lines", [{"face": 0}]),
    ],
)
def test_own_card_records_of_the_wrong_type_are_errors_naming_the_card_and_key(
    tmp_path, capsys, where, key, value
):
    # issue 26 rerun: such a record passed the reader and ended check --cards in a traceback
    # from the role recognisers (AttributeError: 'int' object has no attribute 'casefold')
    bad = json.loads(json.dumps(GOOD).replace("Sol Ring", "Zzyx Relic"))
    (bad["faces"][0] if where == "face" else bad)[key] = value
    source = tmp_path / "my-cards.json"
    source.write_text(json.dumps([GOOD, bad]), encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Sol Ring\n1 Zzyx Relic\n", encoding="utf-8")
    code = main(["--home", str(tmp_path / "home"), "check", str(deck), "--cards", str(source)])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in err
    assert "Zzyx Relic is not a card the card database knows" in out  # the good one is kept
    code = main(["--home", str(tmp_path / "home"), "cards", "import", str(source), "--verbose"])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in err
    assert "card 'Zzyx Relic'" in out + err and key in out + err
