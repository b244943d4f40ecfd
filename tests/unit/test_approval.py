"""Additional colours (`mtg-rules.md` §8, §9.2): K, I, E, would_approve and try_approve."""

from __future__ import annotations

from deckeditor.games.mtg import colors as C
from deckeditor.games.mtg.approval import DeckView, build_zone, try_approve, would_approve
from deckeditor.games.mtg.conformance import check
from deckeditor.games.mtg.predicate import make_predicate
from deckeditor.games.mtg.rulesets import RULESETS
from deckeditor.problems import ProblemKind as K
from tests.support.mtg_cards import DAY, POOL, deck, fmt_info

RS = RULESETS["commander"]


def zone_of(d):
    return build_zone(DeckView.of(d, POOL), RS)


def budget(d):
    (b,) = [b for b in zone_of(d).budgets]
    return b


def test_budget_values_no_choice():
    b = budget(deck(["Tolabow, Loch Rascal"]))
    assert (b.n, b.K, b.implied, b.valid) == (1, 0, 0, True)


def test_choice_minus_zone_and_validity():
    b = budget(deck(["Tolabow, Loch Rascal:UR"]))
    assert (b.K, b.dropped, b.valid) == (C.R, C.U, True)
    bad = budget(deck(["Tolabow, Loch Rascal:RG"]))
    assert not bad.valid and bad.extra == 0


def test_implied_most_copies_then_smallest_then_wubrg():
    b = budget(deck(["Tolabow, Loch Rascal"], ["Growth Spiral", ("Lightning Bolt", 1), "Shock"]))
    assert b.implied == C.R
    b = budget(deck(["Tolabow, Loch Rascal"], ["Growth Spiral", "Lightning Bolt"]))
    assert b.implied == C.R  # a tie: R before G
    b = budget(deck(["Tolabow, Loch Rascal"], ["Atarka's Command"]))
    assert b.implied == 0  # cannot be covered: the smallest set covering nothing is empty
    b = budget(
        deck(["Tolabow, Loch Rascal"], ["Swords to Plowshares", "Growth Spiral", "Growth Spiral"])
    )
    assert b.implied == C.G  # two copies of Growth Spiral beat one Swords to Plowshares


def test_would_approve_is_pure():
    d = deck(["Tolabow, Loch Rascal"])
    z = zone_of(d)
    assert would_approve(z, POOL.get("Lightning Bolt"))
    assert would_approve(z, POOL.get("Growth Spiral"))
    assert not would_approve(z, POOL.get("Atarka's Command"))
    assert not would_approve(z, POOL.get("Goblin Guide"))
    assert z.budgets[0].K == 0 and d.section("Commander").entries[0].colors == ""


def test_try_approve_commits_red_with_a_message():
    d = deck(["Tolabow, Loch Rascal"])
    result = try_approve(d, POOL, POOL.get("Lightning Bolt"), fmt_info())
    assert result is not None
    new, message = result
    assert new.section("Commander").entries[0].colors == "R"
    assert message == "Red is now Tolabow's additional colour (Rulebreaker). Undo reverts it."
    assert d.section("Commander").entries[0].colors == ""  # the old snapshot is untouched
    after = new.add_card("Main", "Lightning Bolt")
    assert not make_predicate(after, fmt_info(), DAY, POOL, "Main")(POOL.get("Growth Spiral"))
    assert [
        p.kind for p in check(after, fmt_info(), DAY, POOL) if p.kind is not K.DECK_TOO_SMALL
    ] == []


def test_try_approve_nothing_to_commit():
    red = deck(["Tolabow, Loch Rascal:R"])
    assert try_approve(red, POOL, POOL.get("Electrolyze"), fmt_info()) is None  # approved
    assert try_approve(red, POOL, POOL.get("Atarka's Command"), fmt_info()) is None  # over budget
    plain = deck(["Tolabow, Loch Rascal"])
    assert try_approve(plain, POOL, POOL.get("Counterspell"), fmt_info()) is None  # fits Z
    assert try_approve(plain, POOL, POOL.get("Mountain"), fmt_info()) is None  # exempt
    assert try_approve(plain, POOL, POOL.get("Goblin Guide"), fmt_info()) is None  # not a spell


def test_try_approve_includes_implied_colours():
    d = deck(["Tolabow, Loch Rascal"], ["Lightning Bolt"])
    assert try_approve(d, POOL, POOL.get("Shock"), fmt_info()) is None  # already approved via I
    assert try_approve(d, POOL, POOL.get("Growth Spiral"), fmt_info()) is None


def test_wild_colour_commit():
    d = deck(["The Prismatic Piper", "Thrasios, Triton Hero"])
    new, message = try_approve(d, POOL, POOL.get("Lightning Bolt"), fmt_info())
    piper = next(e for e in new.section("Commander").entries if e.card == "The Prismatic Piper")
    assert piper.colors == "R"
    assert message == "Red is now The Prismatic Piper's chosen colour. Undo reverts it."
    z = zone_of(new)
    assert z.z == C.mask("URG")


def test_removing_cards_never_changes_a_choice():
    d = deck(["Tolabow, Loch Rascal:R"], ["Lightning Bolt"])
    removed = d.remove("Main", 0)
    assert removed.section("Commander").entries[0].colors == "R"
    assert budget(removed).K == C.R
