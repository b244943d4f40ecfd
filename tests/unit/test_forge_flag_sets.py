"""A Forge `.dck` line that carries flags names a real set that holds the card (issue 22 point 1).

Forge's loader keeps `#{markedColors=…}` only after the code of a set it finds the card in
(`CardRequest.fromString` reads `???` as "no edition", `tryGetCard` copies flags only onto a card
found by `getCardFromSet`). Pinned here with Tolabow (red chosen) and Cryptic Spires (blue and
green circled) over the MTGJSON pool, over a pool of Forge scripts only, and over the empty pool;
each set code written is checked against the real data that prints the card."""

from __future__ import annotations

import json
import re
import tarfile
from pathlib import Path

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckio import export_losses, read_deck, write_deck
from deckeditor.games.mtg.forge_printing import flag_printing, forge_code, newest, not_preferred
from deckeditor.games.mtg.set_calendar import shipped_calendar
from tests.conftest import REPO, shared_data

TOLABOW, SPIRES = "Tolabow, Loch Rascal", "Cryptic Spires"
DECK = Deck(game="mtg", name="Tolabow Spells", format="commander", sections=(
    Section("Commander", (Entry(TOLABOW, colors="R"),)),
    Section("Main", (Entry(SPIRES, colors="UG"), Entry("Island", 30))),
))  # fmt: skip
FLAGS = re.compile(r"^(\d+) ([^|]+)\|([^|]*)\|(?:\[[^]]*\]\|)?#\{markedColors=([A-Z]+)\}$")


@pytest.fixture(scope="module")
def mtgjson_pool() -> CardPool:
    from deckeditor.games.mtg.mtgjson import load_mtgjson

    return CardPool("mtg", load_mtgjson(shared_data("mtg", "cards.json.xz"))[0])


@pytest.fixture(scope="module")
def forge_pool() -> CardPool:
    from deckeditor.games.mtg.forge_script import load_forge

    cards, _ = load_forge(shared_data("forge", "upstream-sample-cardscripts.tar.xz"))
    return CardPool("mtg", cards)


@pytest.fixture(scope="module")
def printed_in() -> dict[str, set[str]]:
    """The sets each of the two cards is printed in, from the real data: Cockatrice spoiler XML
    `<set>` elements, MTGJSON `printings`, Forge edition files; for what no file here knows (the
    2026 Rulebreakers), the Forge edition the table script cites."""
    from defusedxml.ElementTree import fromstring

    OUTSIDE_THE_DATA = _tool().OUTSIDE_THE_DATA
    out: dict[str, set[str]] = {TOLABOW: set(), SPIRES: set()}
    with tarfile.open(shared_data("mtg", "magic-spoiler-cockatrice-xml-2019-2025.tar.xz")) as tf:
        for member in tf:
            if not member.name.endswith(".xml"):
                continue
            raw = tf.extractfile(member).read()
            if not any(name.encode() in raw for name in out):
                continue
            for card in fromstring(raw).iter("card"):
                name = card.findtext("name")
                if name in out:
                    out[name] |= {s.text.strip().upper() for s in card.iter("set") if s.text}
    for name, code in OUTSIDE_THE_DATA.items():
        out.setdefault(name, set()).add(code)
    return out


def _tool():
    import importlib.util

    script = REPO / "tools" / "make_forge_printings.py"
    spec = importlib.util.spec_from_file_location("make_forge_printings", script)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def flag_lines(text: str) -> dict[str, tuple[str, str]]:
    """Card name -> (set code, marked colours) of every line carrying markedColors."""
    out = {}
    for line in text.splitlines():
        if "markedColors" in line:
            m = FLAGS.match(line)
            assert m, f"flags not after a set code: {line!r}"
            out[m.group(2)] = (m.group(3), m.group(4))
    return out


def assert_real_sets(text: str, printed_in: dict[str, set[str]]) -> None:
    lines = flag_lines(text)
    assert set(lines) == {TOLABOW, SPIRES}, text
    for name, (code, _) in lines.items():
        assert code and code != "???", name
        assert code in printed_in[name], (name, code, printed_in[name])


@pytest.mark.parametrize("which", ["mtgjson", "forge scripts", "empty", "no pool"])
def test_tolabow_and_spires_name_a_set_that_holds_them(which, request, printed_in):
    pool = {
        "mtgjson": lambda: request.getfixturevalue("mtgjson_pool"),
        "forge scripts": lambda: request.getfixturevalue("forge_pool"),
        "empty": lambda: CardPool("mtg", []),
        "no pool": lambda: None,
    }[which]()
    text = write_deck(DECK, "forge", pool)
    assert "???" not in text
    assert_real_sets(text, printed_in)
    assert flag_lines(text) == {TOLABOW: ("MBC", "R"), SPIRES: ("2X2", "UG")}
    # nothing is dropped, so the loss list says nothing of the choices
    assert not any("colour choice" in line for line in export_losses(DECK, "forge", pool))


@pytest.mark.parametrize("which", ["mtgjson", "forge scripts", "empty"])
def test_the_export_reads_back_with_the_same_choices(which, request):
    pool = {
        "mtgjson": lambda: request.getfixturevalue("mtgjson_pool"),
        "forge scripts": lambda: request.getfixturevalue("forge_pool"),
        "empty": lambda: CardPool("mtg", []),
    }[which]()
    text = write_deck(DECK, "forge", pool)
    back = read_deck(text, pool).deck
    got = {
        (s.name, e.card, e.colors, e.printing.set if e.printing else None)
        for s in back.sections
        for e in s.entries
        if e.colors
    }
    assert got == {("Commander", TOLABOW, "R", "MBC"), ("Main", SPIRES, "UG", "2X2")}
    # and the next trip writes the same file
    assert write_deck(back, "forge", pool) == text


def test_convert_over_the_mtgjson_pool_writes_real_sets(tmp_path, capsys, printed_in):
    """The product path: `deckeditor convert deck.json deck.dck --cards cards.json.xz` (the
    starter pool beneath it, as in the window)."""
    from deckeditor.cli import main

    src, out = tmp_path / "tolabow.deck.json", tmp_path / "tolabow.dck"
    src.write_text(write_deck(DECK, "json"), encoding="utf-8")
    code = main(
        [
            "convert",
            str(src),
            str(out),
            "--cards",
            str(shared_data("mtg", "cards.json.xz")),
            "--home",
            str(tmp_path / "home"),
        ]
    )
    err = capsys.readouterr().err
    assert code == 0, err
    assert "colour choice" not in err
    assert_real_sets(out.read_text(encoding="utf-8"), printed_in)


def test_the_pool_printing_is_the_newest_paper_one_not_a_promo(mtgjson_pool):
    """Lightning Bolt carries a flag and no printing: the line takes the newest of its MTGJSON
    printings that is not a promo, token, memorabilia or digital-only set."""
    entry = Entry("Lightning Bolt", colors="R")
    code, number = flag_printing(entry, mtgjson_pool)
    card = mtgjson_pool.get("Lightning Bolt")
    days = shipped_calendar()
    assert number is None and code in card.printings and code not in not_preferred()
    paper = [c for c in card.printings if c not in not_preferred()]
    assert days[code] == max(days.get(c, "") for c in paper)
    assert {"PF25", "SLP", "PLST", "HBG"} & set(card.printings)  # promos and digital it passed over
    line = write_deck(Deck(sections=(Section("Main", (entry,)),)), "forge", mtgjson_pool)
    assert f"1 Lightning Bolt|{code}|#{{markedColors=R}}" in line


def test_the_entrys_own_printing_comes_first(mtgjson_pool):
    entry = Entry(SPIRES, printing=Printing(set="cmb1", number="108"), colors="UR")
    text = write_deck(Deck(sections=(Section("Main", (entry,)),)), "forge", mtgjson_pool)
    assert "1 Cryptic Spires|CMB1|[108]|#{markedColors=UR}\n" in text


def test_an_unknown_edition_kept_in_an_own_file_gets_a_real_set(printed_in):
    """An own file may hold `???` as a printing's set (Forge's "no edition"): it is no set, so
    the line names a real one."""
    deck = Deck(
        sections=(
            Section("Commander", (Entry(TOLABOW, printing=Printing(set="???"), colors="R"),)),
        )
    )
    text = write_deck(deck, "forge", CardPool("mtg", []))
    assert "1 Tolabow, Loch Rascal|MBC|#{markedColors=R}\n" in text and "???" not in text


def test_an_old_set_is_written_as_forge_codes_it():
    """Forge's edition files call Conflux `CFX` and Nemesis `NMS` (MTGJSON: CON, NEM)."""
    from deckeditor.games.mtg.build import build_card
    from deckeditor.games.mtg.card import Face

    face = Face("Old Spires", types=("Land",), oracle_text="circle two of the colors below")
    pool = CardPool("mtg", [build_card([face], printings=("CON",))])
    assert forge_code("con") == "CFX" and forge_code("NEM") == "NMS" and forge_code("2X2") == "2X2"
    text = write_deck(
        Deck(sections=(Section("Main", (Entry("Old Spires", colors="WU"),)),)), "forge", pool
    )
    assert "1 Old Spires|CFX|#{markedColors=WU}\n" in text


def test_newest_prefers_paper_and_falls_back_to_any():
    days = {"AAA": "2001-01-01", "BBB": "2020-01-01", "PBBB": "2021-01-01"}
    assert newest(["AAA", "PBBB", "BBB"], days, frozenset({"PBBB"})) == "BBB"
    assert newest(["PBBB"], days, frozenset({"PBBB"})) == "PBBB"
    assert newest(["XXX", "AAA"], days, frozenset()) == "AAA"  # an undated code counts as oldest
    assert newest([], days, frozenset()) is None


@pytest.mark.realdata
def test_the_shipped_table_is_what_the_script_writes():
    """`tools/make_forge_printings.py ../shared/data` reproduces the shipped file."""
    tool = _tool()
    doc = tool.build(shared_data("mtg").parent)
    assert json.loads(Path(tool.OUT).read_text(encoding="utf-8")) == doc
    assert doc["cards"][TOLABOW] == "MBC" and doc["cards"][SPIRES] == "2X2"
