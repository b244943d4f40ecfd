"""Legality on a day for the MTGJSON and Scryfall pools (issue 12): the shipped set calendar gives
each card its first printing's release day; a card checked before it is NOT_IN_FORMAT."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.cli import main
from deckeditor.deck import Deck, Entry, Section
from deckeditor.format_catalog import load_format
from deckeditor.games.mtg.conformance import check
from deckeditor.games.mtg.mtgjson import load_mtgjson
from deckeditor.games.mtg.predicate import make_predicate
from deckeditor.games.mtg.scryfall import load_scryfall
from deckeditor.games.mtg.set_calendar import _shipped, first_day, shipped_calendar
from deckeditor.problems import ProblemKind as K
from tests.conftest import shared_data


def test_first_day_is_the_earliest_known_printing_and_ignores_unknown_codes():
    cal = {"LEA": "1993-08-05", "BLB": "2024-08-02"}
    assert first_day(["BLB", "lea", "ZZZ"], calendar=cal) == "1993-08-05"
    assert first_day(["BLB", "ZZZ"], calendar=cal) == "2024-08-02"
    assert first_day(["ZZZ"], calendar=cal) == ""  # unknown: never a refusal
    assert first_day([], calendar=cal) == ""


def test_shipped_calendar_holds_days_of_the_sources():
    cal = shipped_calendar()
    assert len(cal) > 700
    assert all(date.fromisoformat(day) for day in cal.values())
    assert cal["LEA"] == "1993-08-05"  # MTGJSON set file
    assert cal["BLB"] == "2024-08-02" and cal["MKM"] == "2024-02-09"  # Cockatrice spoiler XML
    assert cal["C20"] == "2020-04-17" and cal["IKO"] == "2020-04-24"
    early = _shipped()[1]
    assert early["Savai Thundermane"] == "2020-04-17"  # an Ikoria card in a Commander 2020 deck


@pytest.mark.parametrize(
    "code, day, product_day",
    [
        ("OTJ", "2024-04-19", "2024-07-08"),  # its Arena starter decks came out twelve weeks later
        ("ONE", "2023-02-03", "2023-02-10"),  # Jumpstart packets, Welcome Booster a week later
        ("ONC", "2023-02-03", "2023-02-10"),  # its Commander decks, dated a week late
        ("DSK", "2024-09-27", "2024-09-30"),  # Welcome Decks
        ("LTR", "2023-06-23", "2023-06-20"),  # Arena starter decks (Arena's early access)
        ("MOM", "2023-04-21", "2023-04-20"),  # Jumpstart packets
        ("TLE", "2025-11-21", "2025-11-20"),  # Jumpstart packets
    ],
)
def test_a_product_decks_day_is_not_its_sets_release_day(code, day, product_day):
    assert shipped_calendar()[code] == day != product_day


def test_a_deck_counts_from_its_sets_day_never_before_it():
    tool = _tool()
    sets = {"LTR": "2023-06-23", "C20": "2020-04-17", "IKO": "2020-04-24"}
    decks = [
        ("LTR", "2023-06-20", [("Aragorn and Arwen, Wed", "LTR")]),  # Arena starter deck
        ("C20", "2020-04-17", [("Savai Thundermane", "IKO")]),  # an Ikoria card, a week early
        ("ZZZ", "2001-01-01", [("Undated Bolt", "ZZP")]),  # a deck of a set dated nowhere
    ]
    assert tool.cards_out_early(decks, sets) == {"Savai Thundermane": "2020-04-17"}
    assert tool.printed_in_decks(decks, sets) == {
        "LTR": "2023-06-23",
        "IKO": "2020-04-17",
        "ZZP": "2001-01-01",
    }


def _tool():
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "tools" / "make_set_calendar.py"
    spec = importlib.util.spec_from_file_location("make_set_calendar", script)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


@pytest.mark.realdata
def test_the_generator_reproduces_the_shipped_calendar():
    tool = _tool()
    days, early, counts = tool.calendar(shared_data("mtg").parent)
    shipped = json.loads(tool.OUT.read_text(encoding="utf-8"))
    assert shipped == {
        "sets": days,
        "cards_out_before_their_set": early,
        "promo_sets": tool.promo_sets(shared_data("mtg").parent),
    }
    assert counts["MTGJSON set files"] == 579


@pytest.fixture(scope="module")
def pool():
    cards, _ = load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


def _deck(main: list[str]) -> Deck:
    return Deck(game="mtg", name="d", format="commander",
                sections=(Section("Main", tuple(Entry(n, 1) for n in main)),))  # fmt: skip


def _not_in_format(pool, names, day):
    return {c: p.message for p in check(_deck(names), load_format("commander"), day, pool)
            if p.kind is K.NOT_IN_FORMAT for c in p.cards}  # fmt: skip


@pytest.mark.realdata
def test_every_card_of_the_mtgjson_pool_gets_its_first_printing_day(pool):
    cal = shipped_calendar()
    undated = [c.name for c in pool.cards if not c.released]
    # A card without a day is one none of whose printings the calendar knows (none in this data).
    assert undated == [
        n for n in undated if not any(p.upper() in cal for p in pool.get(n).printings)
    ]
    assert len(undated) == 0
    assert pool.get("Black Lotus").released == "1993-08-05"
    assert pool.get("Agate Assault").released == "2024-08-02"  # BLB
    assert pool.get("Leyline of the Guildpact").released == "2024-02-09"  # MKM (PMKM undated)
    assert pool.get("Vile Mutilator").released == "2024-09-27"  # DSK card in a Duskmourn precon
    assert (
        pool.get("Akul the Unrepentant").released == "2024-04-19"
    )  # OTJ, not its Arena decks' day
    assert pool.get("Aragorn and Arwen, Wed").released == "2023-06-23"  # LTR


@pytest.mark.realdata
def test_a_2024_card_before_and_on_its_release_day(pool):
    names = ["Agate Assault", "Leyline of the Guildpact", "Llanowar Elves", "Serra Angel"]
    early = _not_in_format(pool, names, date(2019, 1, 1))
    assert sorted(early) == ["Agate Assault", "Leyline of the Guildpact"]  # 1993 cards are fine
    assert "first released 2024-08-02" in early["Agate Assault"]
    assert _not_in_format(pool, ["Agate Assault"], date(2024, 8, 1))
    assert not _not_in_format(pool, names, date(2024, 8, 2))
    # A deck's new cards are out on the deck's day, before their set's (Commander 2020, Ikoria).
    assert not _not_in_format(pool, ["Savai Thundermane"], date(2020, 4, 17))
    assert _not_in_format(pool, ["Savai Thundermane"], date(2020, 4, 16))


@pytest.mark.realdata
def test_the_catalog_hides_a_card_before_its_day(pool):
    def visible(day):
        pred = make_predicate(_deck([]), load_format("commander"), day, pool, "Main")
        return {pool.cards[r].name for r in pred.visible_rows()}, pred

    before, pred = visible(date(2019, 1, 1))
    assert "Agate Assault" not in before and "Llanowar Elves" in before
    assert [r.code for r in pred.why_hidden(pool.get("Agate Assault"))] == ["NOT_IN_FORMAT"]
    after, _ = visible(date(2024, 8, 2))
    assert "Agate Assault" in after
    assert len(before) < len(after)


@pytest.mark.realdata
def test_check_on_the_command_line(tmp_path, capsys):
    deck = tmp_path / "d.txt"
    deck.write_text("Deck\n1 Agate Assault\n1 Llanowar Elves\n", encoding="utf-8")
    cards = shared_data("mtg", "cards.json.xz")
    args = ["check", "--home", str(tmp_path / "h"), "--format", "commander", "--cards", str(cards)]
    main([*args, "--on", "2019-01-01", str(deck)])
    out = capsys.readouterr().out
    assert "NOT_IN_FORMAT [Main]: Agate Assault is not part of Commander on 2019-01-01: " \
           "first released 2024-08-02" in out  # fmt: skip
    assert "Llanowar Elves is not part" not in out
    main([*args, "--on", "2024-08-02", str(deck)])
    assert "NOT_IN_FORMAT" not in capsys.readouterr().out


def _scryfall(obj: dict) -> dict:
    base = {"object": "card", "layout": "normal", "type_line": "Sorcery", "mana_cost": "{2}{R}",
            "cmc": 3, "colors": ["R"], "color_identity": ["R"], "oracle_text": "",
            "legalities": {"commander": "legal"}}  # fmt: skip
    return {**base, **obj}


def test_scryfall_uses_released_at_and_a_name_takes_its_earliest_printing(tmp_path):
    path = tmp_path / "default-cards.json"
    path.write_text(json.dumps([
        _scryfall({"name": "Made Up Bolt", "set": "ZZ2", "released_at": "2021-06-18"}),
        _scryfall({"name": "Made Up Bolt", "set": "ZZ1", "released_at": "2011-01-07"}),
        _scryfall({"name": "Undated Bolt", "set": "ZZ3"}),
        _scryfall({"name": "Agate Assault", "set": "BLB"}),  # no released_at: the calendar's
    ]), encoding="utf-8")  # fmt: skip
    cards, _issues = load_scryfall(path)
    days = {c.name: c.released for c in cards}
    assert days == {"Made Up Bolt": "2011-01-07", "Undated Bolt": "", "Agate Assault": "2024-08-02"}
    pool = CardPool("mtg", cards)
    assert set(_not_in_format(pool, ["Made Up Bolt", "Undated Bolt"], date(2010, 1, 1))) == {
        "Made Up Bolt"
    }


def test_a_cockatrice_database_without_set_days_takes_the_shipped_calendar(tmp_path):
    from deckeditor.games.mtg.cockatrice_xml import load_cockatrice

    def card(name: str, *sets: str) -> str:
        codes = "".join(f"<set>{s}</set>" for s in sets)
        return (f"<card><name>{name}</name><prop><type>Sorcery</type><manacost>2R</manacost>"
                f"</prop>{codes}</card>")  # fmt: skip

    path = tmp_path / "cards.xml"
    path.write_text(
        '<?xml version="1.0"?><cockatrice_carddatabase version="4">'
        "<sets><set><name>ZZZ</name><longname>Own Set</longname><releasedate>2030-01-01"
        "</releasedate></set></sets><cards>"
        + card("Agate Assault", "BLB") + card("Own Bolt", "ZZZ", "BLB") + card("Lost Bolt", "QQQ")
        + "</cards></cockatrice_carddatabase>",
        encoding="utf-8",
    )  # fmt: skip
    cards, _ = load_cockatrice(path)
    days = {c.name: c.released for c in cards}
    # The file's own day where it gives one, the calendar's for the rest, the earliest of them.
    assert days == {"Agate Assault": "2024-08-02", "Own Bolt": "2024-08-02", "Lost Bolt": ""}
