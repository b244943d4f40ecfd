"""Conformance review of riftbound.md: cases the first round of tests did not pin."""

from __future__ import annotations

from datetime import date

import pytest

from deckeditor.deck import Entry, Printing
from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound.deckcode import decode_to_deck
from deckeditor.problems import ProblemKind as K
from tests.conftest import shared_data
from tests.test_riftbound_helpers import format_info, gallery_pool, vectors

AUG1 = date(2026, 8, 1)


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


@pytest.fixture(scope="module")
def ex3(pool):
    V = vectors(shared_data("riftbound", "deckcode-test-vectors.json"))
    return decode_to_deck(V["ex3"]["code"], pool)


def kinds(deck, pool, code="riftbound", day=AUG1):
    return [
        (p.kind, p.section, list(p.cards)) for p in rules.check(deck, format_info(code), day, pool)
    ]


def test_runes_elsewhere_are_not_counted_for_copies(ex3, pool):
    # §3.3 rule 5: "Runes and battlefields are not counted here"; rule 7: no per-name limit
    deck = ex3.add("Main", Entry("Calm Rune", 4, Printing(code="OGN-042")))
    found = kinds(deck, pool)
    assert (K.RUNE_DECK, "Main", ["Calm Rune"]) in found
    assert not [f for f in found if f[0] is K.TOO_MANY_COPIES]


def test_battlefields_elsewhere_are_not_counted_for_copies(ex3, pool):
    deck = ex3.add("Sideboard", Entry("Power Nexus", 4, Printing(code="SFD-214")))
    found = kinds(deck, pool)
    assert (K.BATTLEFIELDS, "Sideboard", ["Power Nexus"]) in found
    assert not [f for f in found if f[0] is K.TOO_MANY_COPIES]


def test_predicate_reasons_name_the_rule(ex3, pool):
    # §3.1: why_hidden names the rule; the Reason offers the MTG shape (code, text) too
    pred = rules.make_predicate(ex3, format_info("riftbound"), AUG1, pool, "Main")
    cape = pool.get("Forgefire Cape")
    (reason,) = [r for r in pred.why_hidden(cape) if r.kind == "AT_COPY_LIMIT"]
    assert "copy limit reached" in reason.text and reason.code == "AT_COPY_LIMIT"
    axe = pool.get("Spinning Axe")
    codes = {r.code for r in pred.why_hidden(axe)}
    assert {"OUTSIDE_IDENTITY", "SIGNATURE_BUDGET_FULL"} <= codes
    assert any("Banned by" in r.text for r in pred.why_hidden(pool.get("The Arena's Greatest")))


def test_any_number_clause_with_full_stops_in_the_name():
    from deckeditor.games.riftbound.card import own_copy_limit

    text = "Your deck can have any number of cards named B.F. Sword."
    assert own_copy_limit("B.F. Sword", (), text) == 999
    assert own_copy_limit("Long Sword", (), text) is None


def test_starter_marker_accepted_in_deck_lines(pool):
    # §1.6: " - Starter" is a product marker; the gallery's name still finds the card
    from deckeditor.games.riftbound.pool import find_card

    assert find_card(pool, "Wuju Bladesman - Starter").name == "Master Yi, Wuju Bladesman"
    assert (
        find_card(pool, "Master Yi, Wuju Bladesman - Starter").name == "Master Yi, Wuju Bladesman"
    )


def test_guardian_angel_recall_is_not_a_move(pool):
    # §5.5 case 16: healed, exhausted and recalled; a recall is not a Move (no "when I move")
    from deckeditor.games.riftbound.attachment import Board, effective_might
    from deckeditor.games.riftbound.pool import by_code

    board = Board()
    poro = board.put(by_code(pool, "SFD-099"), "battlefield:1")
    eye = board.put(by_code(pool, "SFD-153"), "battlefield:1")  # "When I move, play a … Recruit"
    angel = board.put(by_code(pool, "SFD-051"), "battlefield:1")
    board.attach(eye, poro)
    board.attach(angel, poro)
    events = board.would_die(poro)
    assert angel.zone == "trash" and poro.zone == "base" and eye.zone == "base"
    assert poro.exhausted and effective_might(poro) == 2
    assert not [e for e in events if e.kind in ("moved", "trigger")]


def test_runes_misplaced_do_not_reach_the_copy_limit_in_the_catalog(ex3, pool):
    from tests.test_riftbound_fixes import one_rune_short

    # one short of twelve runes: a full rune deck offers no rune (test_riftbound_full_sections)
    deck = one_rune_short(ex3).add("Main", Entry("Calm Rune", 3, Printing(code="OGN-042")))
    pred = rules.make_predicate(deck, format_info("riftbound"), AUG1, pool, "Main")
    assert pred(pool.get("Calm Rune"))


def test_quick_draw_implies_reaction_on_the_card(pool):
    # §1.4: Quick-Draw implies Reaction (002 745.1.b); the printed keyword list stays as printed
    sword = pool.get("Long Sword")
    assert sword.has_keyword("Reaction") and sword.keyword("reaction").name == "Reaction"
    assert [k.name for k in sword.keywords] == ["Quick-Draw", "Equip"]
    assert not pool.get("Serrated Dirk").has_keyword("Reaction")


# --- the command line (cli.md `check`, riftbound.md §3.5 and §4) ------------------------------


def _check(capsys, *args):
    import json as _json

    from deckeditor.cli import main

    code = main(
        ["check", *map(str, args), "--json", "--cards", str(shared_data("riftbound", "cards.json"))]
    )
    out = capsys.readouterr()
    return code, (_json.loads(out.out) if out.out.strip() else None), out.err


def _summary(doc):
    return [(p["kind"], p["severity"], p["section"], p["cards"]) for p in doc["problems"]]


def test_cli_code_file_with_surrounding_whitespace(capsys, home, tmp_path):
    V = vectors(shared_data("riftbound", "deckcode-test-vectors.json"))
    path = tmp_path / "ex2.txt"
    path.write_text("\n\n   " + V["ex2"]["code"] + "  \n\n", encoding="utf-8")
    code, doc, _ = _check(capsys, path, "--on", "2026-07-20")
    assert code == 1 and doc["game"] == "riftbound" and doc["format"] == "riftbound"
    assert _summary(doc) == [("BANNED", "error", "Main", ["Fight or Flight"])]
    code, doc, _ = _check(capsys, path, "--on", "2026-08-01", "--format", "riftbound-casual")
    assert code == 0 and doc["legal"] is True
    assert {p["severity"] for p in doc["problems"]} == {"warning"} and len(doc["problems"]) == 2


def test_cli_format_by_path_is_competitive(capsys, home, tmp_path, ex3, pool):
    # formats.md §13.3: a format given by path gives a Riftbound deck the competitive mode
    from deckeditor.deckio import write_deck
    from deckeditor.paths import resources_dir

    deck = ex3.add("Sideboard", Entry("Brutalizer", 3, Printing(code="SFD-042")))
    path = tmp_path / "ex3.deck.json"
    path.write_text(write_deck(deck, "json", pool), encoding="utf-8")
    fmt = tmp_path / "mine.json"
    fmt.write_text(
        (resources_dir() / "formats" / "riftbound-casual.json").read_text("utf-8"), encoding="utf-8"
    )
    code, doc, _ = _check(capsys, path, "--on", "2026-08-01", "--format", fmt)
    assert code == 1 and _summary(doc) == [("TOO_MANY_COPIES", "error", "Main", ["Brutalizer"])]
    code, doc, _ = _check(capsys, path, "--on", "2026-08-01", "--format", "riftbound-casual")
    assert code == 0 and doc["problems"] == []


def test_weaponmaster_needs_the_keyword_and_an_equipment_you_control(pool):
    # 002 747.1.c: "choose a Card you control with the Equipment tag"; only units with the keyword
    from deckeditor.games.riftbound.attachment import AttachError, Board
    from deckeditor.games.riftbound.pool import by_code

    board = Board()
    rear = board.put(by_code(pool, "OGN-010"))  # no Weaponmaster
    sword = board.put(by_code(pool, "SFD-022"))
    theirs = board.put(by_code(pool, "SFD-033"), controller="them")
    adept = board.put(by_code(pool, "SFD-008"))
    sun_disc = board.put(by_code(pool, "OGN-021"))  # a Gear, not Equipment
    with pytest.raises(AttachError):
        board.weaponmaster(rear, sword)
    with pytest.raises(AttachError):
        board.weaponmaster(adept, theirs)
    with pytest.raises(AttachError):
        board.weaponmaster(adept, sun_disc)
    cost, _ = board.weaponmaster(adept, sword)
    assert sword.attached_to is adept and cost.symbols() == "[R]"


def test_champion_label_takes_its_copy_from_main_whatever_the_section(pool):
    # §4.2/4.5: the champion trailer labels a printing also counted in main; import moves that
    # copy, so the deck holds exactly the code's cards (no extra copy, no "placed anyway")
    from deckeditor.games.riftbound.deckcode import encode, import_code

    got = import_code(encode([("OGN-251", 1), ("OGN-007", 12)], [], "OGN-007"), pool)
    total = sum(e.count for s in got.deck.sections for e in s.entries)
    assert total == 13 and not [n for n in got.notes if "placed anyway" in n]
    assert got.deck.section("Runes").total == 11 and got.deck.section("Champion").total == 1
    got = import_code(encode([("OGN-251", 1)], [], "OGN-030"), pool)
    assert any("placed anyway" in n for n in got.notes) and got.deck.section("Champion").total == 1


def test_equip_cost_altered_by_its_own_text_is_computed_for_the_unit(pool):
    # 002 744.1.c.4 and 747.1.c.2: Hextech Gauntlets' Energy cost is reduced by the chosen unit's
    # Might; Weaponmaster pays that cost less [A] (§5.4 "computed for this unit")
    from deckeditor.games.riftbound.attachment import Board, equip_cost, weaponmaster_cost
    from deckeditor.games.riftbound.pool import by_code

    gauntlets = by_code(pool, "UNL-188")
    assert equip_cost(gauntlets).symbols() == "[3][A]"
    assert weaponmaster_cost(gauntlets).symbols() == "[3]"
    board = Board()
    rear = board.put(by_code(pool, "OGN-010"))  # Might 2
    g = board.put(gauntlets)
    cost, _ = board.equip(g, rear)
    assert cost.symbols() == "[1][A]"
    adept = board.put(by_code(pool, "SFD-008"))  # Might 3, Weaponmaster
    cost, _ = board.weaponmaster(adept, g)
    assert cost.is_free and g.attached_to is adept
