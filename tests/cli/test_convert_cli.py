"""`deckeditor convert` (cli.md, deck-files.md §1, §8): kinds, losses on stderr, exit codes."""

from __future__ import annotations

import json

import pytest

from deckeditor.cli import main
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import read_deck, write_deck
from tests.unit.test_text_decks import FIXTURES, make_pool, sections


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


# --- merged from test_deckfiles_review.py ---
# Conformance review of deck files and `deckeditor convert` (deck-files.md, cli.md): the spec's
# worked examples written byte for byte, error lines naming the file, §9 rows via the command line.


# §6.1's example as docs/spec-notes.md ("deck-files.md §6.1") corrects it: the commander in `main`,
# named by `bannerCard` and marked for our own reader
COD_EXAMPLE = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1" deckEditorSections="marked">
  <deckname>Korvold Treasure Pile</deckname>
  <format>commander</format>
  <comments>Sacrifice everything.</comments>
  <tags><tag>jund</tag></tags>
  <bannerCard providerId="" deckEditorBanner="commander">Korvold, Fae-Cursed King</bannerCard>
  <zone name="main">
    <card number="1" name="Korvold, Fae-Cursed King" deckEditorSection="Commander"/>
    <card number="1" name="Sol Ring" setShortName="CMM" collectorNumber="464"/>
    <card number="9" name="Forest"/>
  </zone>
</cockatrice_deck>
"""
# the example as the spec wrote it (the commander in `side`): still read with its commander
SPEC_COD_EXAMPLE = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
  <deckname>Korvold Treasure Pile</deckname>
  <format>commander</format>
  <comments>Sacrifice everything.</comments>
  <tags><tag>jund</tag></tags>
  <zone name="main">
    <card number="1" name="Sol Ring" setShortName="CMM" collectorNumber="464"/>
    <card number="9" name="Forest"/>
  </zone>
  <zone name="side">
    <card number="1" name="Korvold, Fae-Cursed King"/>
  </zone>
</cockatrice_deck>
"""


@pytest.fixture
def pool():
    return make_pool()


# --- §6.1: the Cockatrice example, written exactly ---------------------------------------------


def test_cod_example_written_exactly(pool):
    deck = Deck(
        game="mtg",
        name="Korvold Treasure Pile",
        format="commander",
        notes="Sacrifice everything.",
        tags=("jund",),
        sections=(
            Section("Commander", (Entry("Korvold, Fae-Cursed King"),)),
            Section(
                "Main",
                (Entry("Sol Ring", 1, Printing(set="CMM", number="464")), Entry("Forest", 9)),
            ),
        ),
    )
    assert write_deck(deck, "cod", pool) == COD_EXAMPLE


def test_cod_example_round_trips_byte_identically(pool):
    result = read_deck(COD_EXAMPLE.encode(), pool)
    assert sections(result.deck)["Commander"] == [("Korvold, Fae-Cursed King", 1)]
    assert write_deck(result.deck, "cod", pool) == COD_EXAMPLE


def test_spec_cod_example_still_reads_its_commander_from_side(pool):
    result = read_deck(SPEC_COD_EXAMPLE.encode(), pool)
    assert sections(result.deck) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Main": [("Sol Ring", 1), ("Forest", 9)],
    }
    assert "Korvold, Fae-Cursed King read as commander" in result.notes


def test_cod_several_tags_and_escaped_text(pool):
    deck = Deck(
        game="mtg",
        name="a />b",
        tags=("x", "y />"),
        sections=(Section("Main", (Entry("Island", 2),)),),
    )
    text = write_deck(deck, "cod", pool)
    assert "<tags><tag>x</tag><tag>y /&gt;</tag></tags>" in text
    assert "<deckname>a /&gt;b</deckname>" in text
    assert read_deck(text.encode(), pool).deck.tags == ("x", "y />")


# --- §1 errors: one line naming the file ------------------------------------------------------


@pytest.mark.parametrize("body", [b"", b"\n  \n\t\n"])
def test_convert_empty_file_names_the_input(tmp_path, capsys, home, body):
    src = tmp_path / "deck.txt"
    src.write_bytes(body)
    code, _, err = run(capsys, "convert", src, tmp_path / "o.deck.json")
    assert code == 2
    assert err == f"{src}: empty file\n"


# --- §7 step 5 / §3 example: a count without a name ---------------------------------------------


@pytest.mark.parametrize("line", ["1x", "4", "x2", "(3)"])
def test_count_without_a_name_is_unparsed_no_card_name(pool, line):
    result = read_deck(f"{line}\n1 Sol Ring\n".encode(), pool)
    bad = [s for s in result.lines if s.status.value == "UNPARSED"]
    assert [(s.number, s.text, s.reason) for s in bad] == [(1, line, "no card name")]
    assert [(u.line, u.text, u.reason) for u in result.deck.unparsed] == [(1, line, "no card name")]
    assert sections(result.deck) == {"Main": [("Sol Ring", 1)]}


# --- §6.3: eligibility is mtg-rules §5.1 as the rules engine answers it ---------------------------


def _sb_pool():
    from deckeditor.carddb.pool import CardPool
    from deckeditor.games.mtg.card import PartnerInfo
    from tests.unit.test_text_decks import card

    legend = ("Legendary",)
    base = list(make_pool())
    return CardPool(
        "mtg",
        base
        + [
            # a Background that is also a legendary creature leads alone (mtg-rules §5.1)
            card(
                "Faceless One",
                ("Enchantment", "Creature"),
                legend,
                ("Background",),
                partner=PartnerInfo(is_background=True),
            ),
            card(
                "Raised by Giants",
                ("Enchantment",),
                legend,
                ("Background",),
                partner=PartnerInfo(is_background=True),
            ),
            card(
                "Wilson, Refined Grizzly",
                ("Creature",),
                legend,
                ("Bear", "Warrior"),
                partner=PartnerInfo(choose_background=True),
            ),
        ],
    )


@pytest.mark.parametrize(
    "side, commander",
    [
        (["Faceless One"], ["Faceless One"]),
        (["Raised by Giants"], []),
        (
            ["Wilson, Refined Grizzly", "Raised by Giants"],
            ["Wilson, Refined Grizzly", "Raised by Giants"],
        ),
    ],
)
def test_sideboard_commander_rule_uses_the_engine_answer(side, commander):
    main_count = 100 - max(1, len(commander)) if commander else 99
    text = f"{main_count} Forest\n\n" + "".join(f"1 {n}\n" for n in side)
    deck = read_deck(text.encode(), _sb_pool()).deck
    assert [e.card for e in deck.section("Commander").entries] == commander
    assert [e.card for e in deck.section("Sideboard").entries] == ([] if commander else side)


# --- §9 rows and round trips through the real command line, on the real card data --------------


@pytest.fixture(scope="module")
def real_home(tmp_path_factory):
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tests.conftest import shared_data

    cards = shared_data("mtg", "cards.json.xz")
    home = tmp_path_factory.mktemp("review-home")
    exe = Path(sys.executable).parent / "deckeditor"
    env = {**os.environ, "DECKEDITOR_HOME": str(home)}
    done = subprocess.run(
        [str(exe), "cards", "import", str(cards)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr

    def convert(*args):
        got = subprocess.run(
            [str(exe), "convert", *map(str, args)], env=env, capture_output=True, text=True
        )
        return got.returncode, got.stderr

    return convert


def _sections(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    return {s["name"]: [(e["card"], e["count"]) for e in s["entries"]] for s in doc["sections"]}


def _convert_json(real_home, tmp_path, name, body: bytes):
    src = tmp_path / name
    src.write_bytes(body)
    out = tmp_path / (src.stem + ".deck.json")
    code, err = real_home(src, out)
    assert code == 0, err
    return out, err


@pytest.mark.parametrize(
    "side, expect",
    [
        ("1 Korvold, Fae-Cursed King\n", {"Commander": [("Korvold, Fae-Cursed King", 1)]}),
        (
            "1 Korvold, Fae-Cursed King\n1 Lurrus of the Dream-Den\n",
            {
                "Commander": [("Korvold, Fae-Cursed King", 1)],
                "Companion": [("Lurrus of the Dream-Den", 1)],
            },
        ),
    ],
)
def test_cli_mtgo_99_plus_commander(real_home, tmp_path, side, expect):
    out, _ = _convert_json(real_home, tmp_path, "k.txt", f"60 Forest\n39 Swamp\n\n{side}".encode())
    got = _sections(out)
    assert got["Main"] == [("Forest", 60), ("Swamp", 39)]
    assert {k: v for k, v in got.items() if k != "Main"} == expect


def test_cli_mtgo_60_15_nothing_moved(real_home, tmp_path):
    out, _ = _convert_json(
        real_home,
        tmp_path,
        "m.txt",
        b"40 Forest\n20 Swamp\n\n1 Korvold, Fae-Cursed King\n14 Mountain\n",
    )
    assert _sections(out) == {
        "Main": [("Forest", 40), ("Swamp", 20)],
        "Sideboard": [("Korvold, Fae-Cursed King", 1), ("Mountain", 14)],
    }


def test_cli_cod_unpairable_side_stays(real_home, tmp_path):
    body = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">'
        b'<zone name="main"><card number="98" name="Forest"/></zone><zone name="side">'
        b'<card number="1" name="Thrasios, Triton Hero"/>'
        b'<card number="1" name="Korvold, Fae-Cursed King"/></zone></cockatrice_deck>'
    )
    out, _ = _convert_json(real_home, tmp_path, "t.cod", body)
    assert _sections(out)["Sideboard"] == [
        ("Thrasios, Triton Hero", 1),
        ("Korvold, Fae-Cursed King", 1),
    ]
    assert "Commander" not in _sections(out)


def test_cli_windows_1252_and_back_face(real_home, tmp_path):
    body = (
        "1 Lim-D\xfbl's Vault\n1 Delver of Secrets // Insectile Aberration\n"
        "1 Insectile Aberration\n"
    ).encode("cp1252")
    out, _ = _convert_json(real_home, tmp_path, "w.txt", body)
    assert _sections(out) == {
        "Main": [("Lim-Dûl's Vault", 1), ("Delver of Secrets // Insectile Aberration", 2)]
    }


def test_cli_unknown_card_written_back_unchanged(real_home, tmp_path):
    src = tmp_path / "u.txt"
    src.write_text("1 Lightnig Bolt\n2 Sol Ring\n", encoding="utf-8")
    for kind in ("text", "forge", "arena", "mtgo"):
        out = tmp_path / f"u.{kind}"
        code, err = real_home(src, out, "--to", kind)
        assert code == 0, err
        assert "1 Lightnig Bolt\n" in out.read_text(encoding="utf-8")


def test_cli_headers_only_is_fatal(real_home, tmp_path):
    src = tmp_path / "h.txt"
    src.write_text("Deck\n\nSideboard\n", encoding="utf-8")
    code, err = real_home(src, tmp_path / "h.deck.json")
    assert code == 2 and err == f"{src}: no card lines\n"


def test_cli_arena_round_trip_and_foil(real_home, tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(
        "About\nName Korvold Pile\n\nCommander\n1 Korvold, Fae-Cursed King (ELD) 329 *F*\n"
        "\nCompanion\n1 Lurrus of the Dream-Den\n\nDeck\n1 Fire/Ice\n30 Forest\n",
        encoding="utf-8",
    )
    out = tmp_path / "a.deck.json"
    code, err = real_home(src, out)
    assert code == 0, err
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["name"] == "Korvold Pile"
    korvold = doc["sections"][0]["entries"][0]
    assert korvold["printing"] == {"set": "ELD", "number": "329", "finish": "foil"}
    assert _sections(out) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Companion": [("Lurrus of the Dream-Den", 1)],
        "Main": [("Fire // Ice", 1), ("Forest", 30)],
    }
    arena = tmp_path / "a.arena"
    code, err = real_home(out, arena, "--to", "arena")
    assert code == 0
    assert arena.read_text(encoding="utf-8") == (
        "About\nName Korvold Pile\n\nCommander\n1 Korvold, Fae-Cursed King (ELD) 329\n\n"
        "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n1 Fire // Ice\n30 Forest\n"
    )
    assert "finish not written" in err
    mtgo = tmp_path / "a.mtgo"
    assert real_home(out, mtgo, "--to", "mtgo")[0] == 0
    assert mtgo.read_text(encoding="utf-8") == (
        "1 Fire/Ice\n30 Forest\n\n1 Korvold, Fae-Cursed King\n1 Lurrus of the Dream-Den\n"
    )


def test_cli_own_json_and_forge_round_trips(real_home, tmp_path):
    src = tmp_path / "f.dck"
    src.write_text(
        "[metadata]\nName=Pile\nComment=one\nTags=a,b\nDeckEditorFormat=commander\n"
        "DeckEditorCompanion=Lurrus of the Dream-Den\nAiHints=RemoveBad\n"
        "[Commander]\n1 Korvold, Fae-Cursed King|ELD|[329]\n[Main]\n"
        "1 Lightning Bolt+|M11|[149]\n1 Lim-Dûl's Vault|MB2|#{markedColors=UR\tnoSellValue}\n"
        "98 Forest|ELD|2\n[Sideboard]\n1 Lurrus of the Dream-Den\n[Planes]\n1 Tazeem\n",
        encoding="utf-8",
    )
    first = tmp_path / "one.deck.json"
    assert real_home(src, first)[0] == 0
    second = tmp_path / "two.deck.json"
    assert real_home(first, second)[0] == 0
    assert second.read_bytes() == first.read_bytes()
    back = tmp_path / "back.dck"
    assert real_home(first, back)[0] == 0
    assert back.read_text(encoding="utf-8") == src.read_text(encoding="utf-8")


def test_cli_xmage_dck_read_by_content(real_home, tmp_path):
    out, _ = _convert_json(
        real_home,
        tmp_path,
        "x.dck",
        (
            b"NAME:Korvold Treasure Pile\n1 [CMM:464] Sol Ring\n98 [ELD:266] Forest\n"
            b"SB: 1 [ELD:329] Korvold, Fae-Cursed King\n"
        ),
    )
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["name"] == "Korvold Treasure Pile"
    assert _sections(out) == {
        "Commander": [("Korvold, Fae-Cursed King", 1)],
        "Main": [("Sol Ring", 1), ("Forest", 98)],
    }


# --- §4: metadata a Forge file held survives forge → json → forge ----------------------------------


def test_forge_kept_own_keys_that_were_not_applied_are_written_back(pool):
    src = (
        "[metadata]\nName=X\nDeckEditorFormat=Kitchen Table!\n"
        "DeckEditorCompanion=Lurrus of the Dream-Den\nSet=M11\nSet=M12\n[Main]\n1 Sol Ring\n"
    )
    result = read_deck(src.encode(), pool)
    assert result.deck.format is None and not result.deck.section("Companion").entries
    again = read_deck(write_deck(result.deck, "json", pool).encode(), pool).deck
    text = write_deck(again, "forge", pool)
    head = text.split("[Main]")[0].splitlines()
    assert sorted(head) == sorted(
        [
            "[metadata]",
            "Name=X",
            "DeckEditorFormat=Kitchen Table!",
            "DeckEditorCompanion=Lurrus of the Dream-Den",
            "Set=M11",
            "Set=M12",
        ]
    )


def test_forge_own_keys_from_the_deck_win_over_kept_ones(pool):
    src = (
        "[metadata]\nName=X\nDeckEditorCompanion=Lurrus of the Dream-Den\n[Main]\n1 Sol Ring\n"
        "[Sideboard]\n1 Lurrus of the Dream-Den\n"
    )
    deck = read_deck(src.encode(), pool).deck
    assert sections(deck)["Companion"] == [("Lurrus of the Dream-Den", 1)]
    assert write_deck(deck, "forge", pool) == src


def test_merging_never_loses_copies_past_9999(pool):
    deck = read_deck(b"9999 Island\n2 Island\n3 Island\n", pool).deck
    assert sections(deck) == {"Main": [("Island", 9999), ("Island", 5)]}
    again = read_deck(write_deck(deck, "json", pool).encode(), pool).deck
    assert again == deck


# --- §3: every import can be saved as an own file and opened again --------------------------------


def _reopens(result, pool):
    text = write_deck(result.deck, "json", pool)
    again = read_deck(text.encode(), pool)
    assert again.deck == result.deck
    return again.deck


def test_long_extra_section_names_fit_the_own_file(pool):
    forge = f"[metadata]\nName=x\n[{'S' * 100}]\n1 Island\n[Main]\n1 Forest\n".encode()
    result = read_deck(forge, pool)
    deck = _reopens(result, pool)
    assert [s.name for s in deck.sections] == ["Main", "S" * 64]
    assert any("renamed" in n for n in result.notes)
    cod = (
        f'<cockatrice_deck><zone name="{"z" * 70}"><card number="1" name="Island"/></zone>'
        '<zone name="main"><card number="1" name="Forest"/></zone></cockatrice_deck>'
    ).encode()
    assert [s.name for s in _reopens(read_deck(cod, pool), pool).sections] == ["Main", "z" * 64]


def test_overlong_notes_are_cut_with_a_note(pool):
    cod = (
        "<cockatrice_deck><deckname>x</deckname><comments>" + "a" * 150_000 + "</comments>"
        '<zone name="main"><card number="2" name="Island"/></zone></cockatrice_deck>'
    ).encode()
    result = read_deck(cod, pool)
    assert len(_reopens(result, pool).notes) == 100_000
    assert "notes cut to 100,000 characters" in result.notes


def test_export_losses_say_each_loss_once(pool):
    from deckeditor.deckio import export_losses

    deck = Deck(
        game="mtg",
        name="x",
        sections=(
            Section(
                "Main",
                (
                    Entry("Island", 2, Printing(set="M11", number="1")),
                    Entry("Island", 3, Printing(set="M12", number="2")),
                ),
            ),
        ),
    )
    losses = export_losses(deck, "mtgo", pool)
    assert losses.count("Island: printing not written") == 1


# --- §1 name resolution: §7's example `1 Ach! Hans, Run!` against the Oracle `"Ach! Hans, Run!"` --


def test_quoted_oracle_name_resolves_without_its_quotes():
    from deckeditor.carddb.pool import CardPool
    from tests.unit.test_text_decks import card

    pool = CardPool("mtg", [card('"Ach! Hans, Run!"', ("Enchantment",)), card("Island")])
    for written in (
        "Ach! Hans, Run!",
        "ach!  hans, run!",
        '"Ach! Hans, Run!"',
        "\u201cAch! Hans, Run!\u201d",
    ):
        assert pool.resolve(written).card.name == '"Ach! Hans, Run!"', written
    deck = read_deck(b"1 Ach! Hans, Run!\n", pool).deck
    assert sections(deck) == {"Main": [('"Ach! Hans, Run!"', 1)]}
    # a card really named without the quotes still wins over the alias
    both = CardPool("mtg", [card('"Island"'), card("Island")])
    assert both.resolve("island").card.name == "Island"


# --- §7 step 3: subtotal annotations are dropped, never the deck name; other comments kept --------


def test_subtotal_annotation_first_is_not_the_name(pool):
    r = read_deck(b"// 60 Maindeck\n// 23 Creature\n4 Sol Ring\n", pool, name="stem")
    assert r.deck.name == "stem" and r.deck.notes == ""
    r = read_deck(
        b"// Five Colour Ramp\n// 5 Color Ramp, no jank\n// 13 Creature\n1 Sol Ring\n", pool
    )
    assert r.deck.name == "Five Colour Ramp"
    assert r.deck.notes == "5 Color Ramp, no jank"


def test_convert_losses_on_stderr_name_the_target_kind(tmp_path, capsys, home):
    src = tmp_path / "d.deck.json"
    src.write_text(
        json.dumps(
            {
                "schema": "deckeditor-deck",
                "version": 1,
                "game": "mtg",
                "name": "D",
                "format": None,
                "sections": [
                    {"name": "Main", "entries": [{"card": "Island", "count": 2}]},
                    {"name": "Maybeboard", "entries": [{"card": "Forest", "count": 3}]},
                ],
            }
        )
    )
    code, _, err = run(capsys, "convert", src, tmp_path / "d.txt", "--to", "arena")
    assert code == 0
    assert err.splitlines() == ["arena: Maybeboard (3 cards) not written"]


# --- §6: unknown .dek elements and attributes are kept and written back ----------------------------


def test_dek_unknown_elements_and_attributes_written_back(pool):
    src = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Foo="bar">\n'
        "  <NetDeckID>7</NetDeckID>\n  <PreconstructedDeckID>0</PreconstructedDeckID>\n"
        '  <Extra kind="x">hello</Extra>\n'
        '  <Cards CatID="5" Quantity="1" Sideboard="false" Name="Fire/Ice" Annotation="0" />\n'
        "</Deck>\n"
    )
    result = read_deck(src.encode(), pool)
    assert [s.reason for s in result.lines if s.number == 5] == ["kept for write-back"]
    again = read_deck(write_deck(result.deck, "json", pool).encode(), pool).deck
    assert write_deck(again, "dek", pool) == src


# --- §8: a command zone written into the sideboard is reported when §6.3 cannot restore it --------


def _cmd_deck(main: int, fmt: str | None = "commander", side: int = 0) -> Deck:
    secs = [
        Section("Commander", (Entry("Korvold, Fae-Cursed King"),)),
        Section("Main", (Entry("Forest", main),)),
    ]
    if side:
        secs.append(Section("Sideboard", (Entry("Pithing Needle", side),)))
    return Deck(game="mtg", name="x", format=fmt, sections=tuple(secs))


@pytest.mark.parametrize("kind", ["mtgo", "dek", "cod"])
def test_sideboard_commander_loss_matches_what_reimport_restores(pool, kind):
    from deckeditor.deckio import export_losses

    def lost(deck):
        return any("cannot tell them apart" in x for x in export_losses(deck, kind, pool))

    for deck in (_cmd_deck(99), _cmd_deck(59, "brawl"), _cmd_deck(99, side=1)):
        back = read_deck(write_deck(deck, kind, pool).encode(), pool).deck
        restored = [e.card for e in back.section("Commander").entries] == [
            "Korvold, Fae-Cursed King"
        ]
        assert lost(deck) == (not restored), (kind, deck.count("Main"), deck.format)


def test_dek_annotation_is_not_written_as_a_forge_flag(pool):
    src = (
        b'<Deck><Cards CatID="5" Quantity="1" Sideboard="false" Name="Sol Ring" '
        b'Annotation="3" /></Deck>'
    )
    deck = read_deck(src, pool).deck
    assert dict(deck.section("Main").entries[0].flags) == {"Annotation": "3"}
    text = write_deck(deck, "forge", pool)
    assert "[Main]\n1 Sol Ring\n" in text and "Annotation" not in text
    assert 'Annotation="3"' in write_deck(deck, "dek", pool)
