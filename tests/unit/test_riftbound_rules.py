"""riftbound.md §3: the deck checker (every worked check of §3.5 and each rule of §3.3) and the
catalog predicate."""

from __future__ import annotations

from datetime import date

import pytest

from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.games.registry import game
from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound.deckcode import decode_to_deck
from deckeditor.problems import ProblemKind as K
from deckeditor.problems import Severity
from tests.conftest import shared_data
from tests.support.riftbound import format_info, gallery_pool, vectors

COMP = "riftbound"
CASUAL = "riftbound-casual"
JUL20 = date(2026, 7, 20)
AUG1 = date(2026, 8, 1)


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


@pytest.fixture(scope="module")
def decks(pool):
    V = vectors(shared_data("riftbound", "deckcode-test-vectors.json"))
    return {n: decode_to_deck(V[n]["code"], pool) for n in ("ex1", "ex2", "ex3")}


def run(deck, pool, code=COMP, day=JUL20):
    return game("riftbound").check(deck, format_info(code), day, pool)


def summary(problems):
    return [(p.kind, p.section, list(p.cards)) for p in problems]


def replace_one(deck, section, old, new_name, new_code=None):
    entries = list(deck.section(section).entries)
    for i, e in enumerate(entries):
        if e.card == old:
            if e.count > 1:
                entries[i] = e.with_count(e.count - 1)
            else:
                del entries[i]
            break
    else:
        raise AssertionError(f"{old} not in {section}")
    return deck.with_entries(section, entries).add(
        section, Entry(new_name, 1, Printing(code=new_code) if new_code else None)
    )


# --- §3.5 worked checks --------------------------------------------------------------------


def test_ex2_competitive_jul20(decks, pool):
    problems = run(decks["ex2"], pool)
    assert summary(problems) == [(K.BANNED, "Main", ["Fight or Flight"])]
    assert 'the taboo list "2026-07-16" from 2026-07-16' in problems[0].message
    assert not rules.is_legal(problems)


def test_ex2_competitive_aug1(decks, pool):
    problems = run(decks["ex2"], pool, day=AUG1)
    assert summary(problems) == [
        (K.BANNED, "Main", ["Fight or Flight"]),
        (K.BANNED, "Battlefields", ["The Arena's Greatest"]),
    ]
    assert all('the taboo list "2026-07-24" from 2026-07-24' in p.message for p in problems)


def test_ex2_casual_aug1_warnings_only(decks, pool):
    problems = run(decks["ex2"], pool, CASUAL, AUG1)
    assert summary(problems) == [
        (K.BANNED, "Main", ["Fight or Flight"]),
        (K.BANNED, "Battlefields", ["The Arena's Greatest"]),
    ]
    assert {p.severity for p in problems} == {Severity.WARNING}
    assert rules.is_legal(problems)


def test_ex2_before_any_list(decks, pool):
    assert run(decks["ex2"], pool, day=date(2026, 4, 28)) == []


@pytest.mark.parametrize("code", [COMP, CASUAL])
@pytest.mark.parametrize("day", [date(2026, 1, 1), JUL20, AUG1, date(2027, 1, 1)])
def test_ex3_clean_every_day_both_modes(decks, pool, code, day):
    assert run(decks["ex3"], pool, code, day) == []


def test_ex3_holds_what_the_spec_says(decks, pool):
    deck = decks["ex3"]
    cards = [(pool.get(e.card), e) for _, e in deck.entries("Main", "Champion")]
    sigs = [c for c, e in cards if c.is_signature]
    assert sum(e.count for c, e in cards if c.is_signature) == 3
    assert all("Ornn" in c.tags and c.own_copy_limit == 1 for c in sigs)
    ornn = [e for _, e in deck.entries("Main", "Champion") if e.card == "Ornn, Forge God"]
    assert sum(e.count for e in ornn) == 3 and len({e.printing.code for e in ornn}) == 2
    assert any(e.printing.code.endswith("*") for _, e in deck.entries())


def test_ex3_spinning_axe(decks, pool):
    deck = replace_one(decks["ex3"], "Main", "Brutalizer", "Spinning Axe")
    problems = run(deck, pool)
    kinds = [(p.kind, p.section) for p in problems]
    assert kinds == [
        (K.DOMAIN_IDENTITY, "Main"),
        (K.SIGNATURE_LIMIT, "Main"),
        (K.SIGNATURE_LIMIT, "Main"),
    ]
    limit = next(p for p in problems if p.kind is K.SIGNATURE_LIMIT and len(p.cards) > 1)
    assert "4 Signature" in limit.message and "Spinning Axe" in limit.cards
    assert any(p.kind is K.SIGNATURE_LIMIT and p.cards == ("Spinning Axe",) for p in problems)


def test_ex3_second_forgefire_cape(decks, pool):
    deck = replace_one(decks["ex3"], "Main", "Brutalizer", "Forgefire Cape")
    problems = run(deck, pool)
    assert [(p.kind, p.cards) for p in problems if p.kind is K.TOO_MANY_COPIES] == [
        (K.TOO_MANY_COPIES, ("Forgefire Cape",))
    ]
    assert "2 copies" in next(p for p in problems if p.kind is K.TOO_MANY_COPIES).message
    assert [p.kind for p in problems] == [K.SIGNATURE_LIMIT, K.TOO_MANY_COPIES]
    assert "4 Signature" in problems[0].message


def test_ex3_brutalizers_in_sideboard(decks, pool):
    deck = decks["ex3"].add("Sideboard", Entry("Brutalizer", 3))
    problems = run(deck, pool)
    assert summary(problems) == [(K.TOO_MANY_COPIES, "Main", ["Brutalizer"])]
    assert "6 copies" in problems[0].message
    assert run(deck, pool, CASUAL) == []


def test_ex3_gearhead_as_chosen_champion(decks, pool):
    deck = decks["ex3"].with_entries("Champion", [Entry("Gearhead", 1)])
    problems = run(deck, pool)
    assert (K.CHOSEN_CHAMPION, "Champion", ["Gearhead"]) in summary(problems)


def test_ex1_competitive(decks, pool):
    problems = run(decks["ex1"], pool)
    assert sorted(p.kind for p in problems) == sorted(
        [K.CHOSEN_CHAMPION, K.DECK_TOO_SMALL, K.BATTLEFIELDS]
    )
    assert "3 cards" in next(p for p in problems if p.kind is K.DECK_TOO_SMALL).message
    assert "0 of 3" in next(p for p in problems if p.kind is K.BATTLEFIELDS).message


# --- individual rules ----------------------------------------------------------------------


def test_missing_and_misplaced_legend(decks, pool):
    deck = decks["ex3"].with_entries("Legend", [])
    problems = run(deck, pool)
    assert (K.MISSING_LEGEND, "Legend", []) in summary(problems)
    assert not any(p.kind in (K.DOMAIN_IDENTITY,) for p in problems)
    deck = (
        decks["ex3"]
        .with_entries("Legend", [Entry("Long Sword", 1)])
        .add("Main", Entry("Jinx, Loose Cannon", 1))
    )
    s = summary(run(deck, pool))
    assert (K.MISSING_LEGEND, "Legend", ["Long Sword"]) in s
    assert (K.MISSING_LEGEND, "Main", ["Jinx, Loose Cannon"]) in s


def test_unknown_cards_reported_and_skipped(decks, pool):
    deck = replace_one(decks["ex3"], "Main", "Brutalizer", "Brutaliser")
    s = summary(run(deck, pool))
    assert s == [(K.UNKNOWN_CARD, "Main", ["Brutaliser"]), (K.DECK_TOO_SMALL, "Main", [])]
    token = decks["ex3"].add("Sideboard", Entry("Gold", 1, Printing(code="SFD-T03")))
    assert (K.UNKNOWN_CARD, "Sideboard", ["Gold"]) in summary(run(token, pool))


def test_size_bounds(decks, pool):
    assert run(replace_one(decks["ex3"], "Main", "Brutalizer", "Brutalizer"), pool) == []
    extra = decks["ex3"].add("Main", Entry("Charm", 1))
    assert summary(run(extra, pool, COMP)) == [(K.DECK_TOO_LARGE, "Main", [])]
    assert run(extra, pool, CASUAL) == []


def test_runes_and_battlefields(decks, pool):
    deck = decks["ex3"]
    runes = list(deck.section("Runes").entries)
    fewer = deck.with_entries("Runes", [runes[0].with_count(runes[0].count - 1), *runes[1:]])
    assert summary(run(fewer, pool)) == [(K.RUNE_DECK, "Runes", [])]
    bf = list(deck.section("Battlefields").entries)
    dup = deck.with_entries("Battlefields", [bf[0], bf[0], bf[1]])
    assert (K.BATTLEFIELDS, "Battlefields", [bf[0].card]) in summary(run(dup, pool))
    moved = deck.with_entries("Battlefields", bf[:2]).add("Main", bf[2])
    s = summary(run(moved, pool))
    assert (K.BATTLEFIELDS, "Battlefields", []) in s and (K.BATTLEFIELDS, "Main", [bf[2].card]) in s


def test_sideboard_size(decks, pool):
    deck = decks["ex3"].add("Sideboard", Entry("Charm", 2)).add("Sideboard", Entry("Thwonk!", 2))
    total = deck.section("Sideboard").total
    s = summary(run(deck, pool))
    assert total > 10 and (K.SIDEBOARD_SIZE, "Sideboard", []) in s
    assert K.SIDEBOARD_SIZE not in [p.kind for p in run(deck, pool, CASUAL)]


def test_chosen_champion_unknown_supertype_is_a_warning(pool):
    allay = pool.get("Allay, Eager Admirer")
    assert allay is not None and not allay.supertypes_known
    deck = Deck(game="riftbound", sections=(Section("Champion", (Entry(allay.name, 1),)),))
    (p,) = [p for p in run(deck, pool) if p.kind is K.CHOSEN_CHAMPION]
    assert p.severity is Severity.WARNING and "supertype unknown" in p.message


def test_problem_order_is_kind_then_section(decks, pool):
    deck = decks["ex1"]
    problems = run(deck, pool)
    order = list(K)
    assert [order.index(p.kind) for p in problems] == sorted(order.index(p.kind) for p in problems)


# --- the catalog predicate ------------------------------------------------------------------


def test_predicate_identity_ban_copies_signature(decks, pool):
    deck = decks["ex3"]
    pred = game("riftbound").make_predicate(deck, format_info(COMP), AUG1, pool, "Main")
    axe = pool.get("Spinning Axe")
    reasons = pred.why_hidden(axe)
    assert [r.kind for r in reasons] == [
        "OUTSIDE_IDENTITY",
        "SIGNATURE_BUDGET_FULL",
        "OTHER_CHAMPION_SIGNATURE",
    ]
    assert "needs" in reasons[0].message
    cape = pool.get("Forgefire Cape")
    assert [r.kind for r in pred.why_hidden(cape)] == ["AT_COPY_LIMIT", "SIGNATURE_BUDGET_FULL"]
    assert "1 of 1" in pred.why_hidden(cape)[0].message
    tree = pool.get("The Dreaming Tree")
    assert any(r.kind == "BANNED" and '"2026-07-24"' in r.message for r in pred.why_hidden(tree))
    charm = pool.get("Charm")
    assert pred(charm) and pred.why_hidden(charm) == []
    rows = list(range(len(pool)))
    visible = pred.visible_rows(rows)
    assert visible == [r for r in rows if pred(pool[r])]
    assert pool.row_of("Spinning Axe") not in visible


def test_predicate_without_legend_skips_identity(pool):
    deck = Deck(game="riftbound")
    pred = rules.make_predicate(deck, format_info(COMP), JUL20, pool, "Main")
    assert pred(pool.get("Spinning Axe"))
    assert not pred(pool.get("Fight or Flight"))


def test_game_module_interface():
    g = game("riftbound")
    assert g.CODE == "riftbound" and g.DEFAULT_FORMAT == "riftbound"
    assert g.SECTIONS == ("Legend", "Champion", "Main", "Runes", "Battlefields", "Sideboard")
    assert g.CHECKED_SECTIONS == g.SECTIONS and g.TITLE == "Riftbound"
    assert g.SECTION_TITLES["Champion"] == "Chosen Champion"


def test_copies_count_every_printing_of_a_name(decks, pool):
    deck = decks["ex3"].add("Main", Entry("Ornn, Forge God", 1, Printing(code="SFD-085a")))
    s = summary(run(deck, pool))
    assert (K.TOO_MANY_COPIES, "Main", ["Ornn, Forge God"]) in s
    assert (K.DECK_TOO_LARGE, "Main", []) in s


def test_different_subtitles_are_different_cards(pool):
    yasuos = [c.name for c in pool if c.short_name == "Yasuo" and "Unit" in c.types]
    assert len(yasuos) >= 2
    deck = Deck(
        game="riftbound", sections=(Section("Main", tuple(Entry(n, 3) for n in yasuos[:2])),)
    )
    assert K.TOO_MANY_COPIES not in [p.kind for p in run(deck, pool)]


def test_sideboard_legend_and_signature_rules_depend_on_mode(decks, pool):
    deck = (
        decks["ex3"]
        .add("Sideboard", Entry("Jinx, Loose Cannon", 1))
        .add("Sideboard", Entry("Spinning Axe", 1))
    )
    comp = summary(run(deck, pool))
    assert (K.MISSING_LEGEND, "Sideboard", ["Jinx, Loose Cannon"]) in comp
    assert (K.SIGNATURE_LIMIT, "Sideboard", ["Spinning Axe"]) in comp
    assert (K.DOMAIN_IDENTITY, "Sideboard", ["Jinx, Loose Cannon", "Spinning Axe"]) in comp
    assert not any(
        k is K.SIGNATURE_LIMIT and s == "Main" for k, s, _ in comp
    )  # not counted toward 3
    assert run(deck, pool, CASUAL) == []


# --- merged from test_riftbound_review.py ---
# Conformance review of riftbound.md: cases the first round of tests did not pin.


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
    from tests.realdata.test_riftbound_realdata import one_rune_short

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
