"""Every MTG format of the data (issue 23): `check --format all`, `f:` on every code, the
Conspiracy rule, Pauper Commander's leader, and a Forge pool judged by its sets."""

from __future__ import annotations

import json

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.cli import main
from deckeditor.deck import Deck, Entry, Section
from deckeditor.format_catalog import builtin_codes, load_format
from deckeditor.games.mtg.conformance import check
from deckeditor.games.mtg.predicate import make_predicate
from deckeditor.problems import ProblemKind as K
from deckeditor.search import SearchContext, compile_query
from tests.support.mtg_cards import DAY, POOL, card

MTG = [c for c in builtin_codes() if load_format(c).game == "mtg"]


def _write(path, fmt="commander"):
    doc = {
        "schema": "deckeditor-deck",
        "version": 1,
        "game": "mtg",
        "name": "Bolts",
        "format": fmt,
        "sections": [
            {
                "name": "Main",
                "entries": [
                    {"card": "Lightning Bolt", "count": 4},
                    {"card": "Island", "count": 56},
                ],
            }
        ],
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_check_format_all_prints_one_verdict_per_format(tmp_path, home, capsys):
    deck = _write(tmp_path / "bolts.deck.json")
    rc = main(["check", str(deck), "--format", "all", "--on", "2026-01-01"])
    out = capsys.readouterr().out.splitlines()
    assert rc == 1  # the worst verdict, as with several decks
    assert len(out) == len(MTG) == 22
    assert [line.split(" in ")[1].split(" ")[0] for line in out] == MTG
    assert any("(Standard Brawl)" in line for line in out)


def test_check_format_all_json_lines(tmp_path, home, capsys):
    deck = _write(tmp_path / "bolts.deck.json")
    main(["check", str(deck), "--format", "all", "--on", "2026-01-01", "--json"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["format"] for d in lines] == MTG
    by = {d["format"]: d for d in lines}
    # 60 cards, 4 Bolts: a constructed deck; Commander wants 100 singleton with a commander.
    assert by["vintage"]["legal"] is True and by["commander"]["legal"] is False
    assert {"deck", "game", "format", "day", "legal", "problems"} <= set(by["modern"])


def _found(query):
    pool = [POOL.cards[i] for i in range(len(POOL.cards))]
    return {
        pool[r].name for r in compile_query(query, "mtg", SearchContext(day=DAY)).filter_rows(pool)
    }


@pytest.mark.parametrize("code", MTG)
def test_every_code_is_a_search_key(code):
    # The test pool prints every card in Wilds of Eldraine (2023): in every format of its sets
    # but Old School, Premodern, PreDH and Alchemy (which rotated it out by 2026), and in the
    # others by their eternal pools.
    found = _found(f'f:{code} !"Serra Angel"')
    assert (found == set()) == (code in ("oldschool", "premodern", "predh", "alchemy")), found
    assert _found(f'legal:{code.upper()} !"Serra Angel"') == found  # case-insensitive


def test_conspiracy_is_not_in_any_format_whatever_the_source_says():
    conspiracy = card("Backup Plan", "", "Conspiracy", "")
    from dataclasses import replace

    from deckeditor.games.mtg.legality import NON_DECK

    stated = replace(
        conspiracy,
        traits=frozenset({NON_DECK}),
        printings=("CNS",),
        legalities="vintage=banned;legacy=banned;commander=banned",
        legal_source="MTGJSON 2026-01-03",
    )
    forge = replace(conspiracy, traits=frozenset({NON_DECK}), printings=("CNS",))
    for c in (stated, forge):
        pool = CardPool("mtg", [c])
        for code in ("vintage", "legacy", "commander", "standard"):
            d = Deck(
                game="mtg",
                name="x",
                format=code,
                sections=(Section("Main", (Entry("Backup Plan", 1),)),),
            )
            kinds = {
                p.kind for p in check(d, load_format(code), DAY, pool) if "Backup" in str(p.cards)
            }
            assert kinds == {K.NOT_IN_FORMAT}, (code, c.legal_source, kinds)


def test_pauper_commander_leader_is_any_creature():
    info = load_format("paupercommander")
    d = Deck(game="mtg", name="x", format="paupercommander", sections=())
    leaders = make_predicate(d, info, DAY, POOL, "Commander")
    assert leaders(POOL.get("Serra Angel"))  # a creature, not legendary
    assert not leaders(POOL.get("Lightning Bolt"))


@pytest.mark.realdata
def test_the_tool_reproduces_the_shipped_format_data(tmp_path):
    """resources/formats/*.json (but the hand-kept Commander and Oathbreaker files) and
    resources/mtg/format-sets.json are exactly what tools/make_format_data.py writes."""
    import importlib.util

    from deckeditor.paths import resources_dir
    from tests.conftest import shared_data

    data = shared_data("mtg", "cards.json.xz").parent.parent
    spec = importlib.util.spec_from_file_location(
        "make_format_data", resources_dir().parent / "tools" / "make_format_data.py"
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.main(data, tmp_path)
    for code in tool.FORMATS:
        made = (tmp_path / "resources" / "formats" / f"{code}.json").read_text(encoding="utf-8")
        assert made == (resources_dir() / "formats" / f"{code}.json").read_text(encoding="utf-8"), (
            code
        )
    made = (tmp_path / "resources" / "mtg" / "format-sets.json").read_text(encoding="utf-8")
    assert made == (resources_dir() / "mtg" / "format-sets.json").read_text(encoding="utf-8")


def test_duel_commander_bans_some_cards_as_commander_only():
    """MTGJSON's Duel Commander "restricted" is the banned-as-commander list: such a card is
    fine in the deck and refused in the command zone."""
    from dataclasses import replace

    from deckeditor.games.mtg.legality import RULES, lead_rule, verdict

    thrasios = replace(
        POOL.get("Thrasios, Triton Hero"),
        legalities="duel=restricted",
        legal_source="MTGJSON 2026-01-03",
    )
    assert verdict(thrasios, RULES["duel"], DAY).in_pool
    lead = verdict(thrasios, lead_rule(RULES["duel"]), DAY)
    assert not lead.in_pool and "banned as commander in Duel Commander" in lead.reason
    pool = CardPool("mtg", [thrasios])
    d = Deck(
        game="mtg",
        name="x",
        format="duel",
        sections=(Section("Commander", (Entry("Thrasios, Triton Hero", 1),)),),
    )
    out = [p for p in check(d, load_format("duel"), DAY, pool) if p.kind is K.NOT_IN_FORMAT]
    assert [(p.section, p.cards) for p in out] == [("Commander", ("Thrasios, Triton Hero",))]
