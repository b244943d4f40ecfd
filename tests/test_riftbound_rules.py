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
from tests.test_riftbound_helpers import format_info, gallery_pool, vectors

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
