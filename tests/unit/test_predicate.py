"""The catalog legality predicate (`mtg-rules.md` §11, the catalog rows of §8 and §12)."""

from __future__ import annotations

from datetime import date

import pytest

from deckeditor.games.mtg.predicate import bits_from_rows, make_predicate, rows_from_bits
from tests.support.mtg_cards import DAY, POOL, POOL_MERGED, deck, fmt_info


def pred(d, target="Main", fmt="commander", day=DAY, pool=POOL):
    return make_predicate(d, fmt_info(fmt), day, pool, target)


def shown(p, *names, pool=POOL):
    return {n: p(pool.get(n)) for n in names}


def codes(p, name, pool=POOL):
    return [r.code for r in p.why_hidden(pool.get(name))]


def test_row_10_hadran_hides_nighthowler():
    p = pred(deck(["Hadran, Naya Sunseeder"]))
    assert codes(p, "Nighthowler") == ["OUTSIDE_IDENTITY"]
    assert p.why_hidden(POOL.get("Nighthowler"))[0].text == (
        "Outside the colour identity of Hadran (RG): needs B"  # issue 18: the commanders by name
    )
    assert p(POOL.get("Serra Angel"))


@pytest.mark.parametrize("pool", [POOL, POOL_MERGED], ids=["legacy", "merged"])
def test_s8_no_choice_deck_empty(pool):
    p = pred(deck(["Tolabow, Loch Rascal"]), pool=pool)
    assert shown(
        p,
        "Counterspell",
        "Lightning Bolt",
        "Izzet Charm",
        "Growth Spiral",
        "Mountain",
        "Swamp",
        pool=pool,
    ) == dict.fromkeys(
        ["Counterspell", "Lightning Bolt", "Izzet Charm", "Growth Spiral", "Mountain", "Swamp"],
        True,
    )
    for hidden in ("Atarka's Command", "Boros Charm", "Goblin Guide", "Sulfur Falls"):
        assert not p(pool.get(hidden)), hidden
    assert codes(p, "Atarka's Command", pool) == ["BUDGET_EXCEEDED"]
    assert codes(p, "Goblin Guide", pool) == ["OUTSIDE_IDENTITY"]


@pytest.mark.parametrize("pool", [POOL, POOL_MERGED], ids=["legacy", "merged"])
def test_row_27_red_chosen(pool):
    p = pred(deck(["Tolabow, Loch Rascal:R"]), pool=pool)
    assert codes(p, "Growth Spiral", pool) == ["BUDGET_EXCEEDED"]
    assert codes(p, "Atarka's Command", pool) == ["BUDGET_EXCEEDED"]
    assert p(pool.get("Izzet Charm")) and p(pool.get("Lightning Bolt"))
    assert p(pool.get("Fire // Ice")) and p(pool.get("Mountain"))
    assert p.why_hidden(pool.get("Growth Spiral"))[0].text == (
        "Tolabow's additional colour is already red"
    )


def test_s8_after_bolt_in_deck_growth_spiral_disappears():
    # the deck holds Lightning Bolt without a recorded choice: I = R, the budget is used
    p = pred(deck(["Tolabow, Loch Rascal"], ["Lightning Bolt"]))
    assert not p(POOL.get("Growth Spiral"))
    assert p(POOL.get("Shock"))


def test_row_37_possible_partners():
    p = pred(deck(["Thrasios, Triton Hero"]))
    assert p(POOL.get("Tymna the Weaver")) and p.is_possible_partner(POOL.get("Tymna the Weaver"))
    assert p(POOL.get("Kraum, Ludevic's Opus"))
    assert not p(POOL.get("Lightning Bolt"))
    rows = {POOL.cards[r].name for r in p.possible_partner_rows()}
    assert {"Tymna the Weaver", "Kraum, Ludevic's Opus", "The Prismatic Piper"} <= rows
    assert "Toothy, Imaginary Friend" not in rows


def test_banned_and_copy_limit_reasons():
    p = pred(deck(["Atraxa, Praetors' Voice"], ["Sol Ring"]), day=date(2024, 9, 23))
    assert [(r.code, r.text) for r in p.why_hidden(POOL.get("Sol Ring"))] == [
        ("AT_COPY_LIMIT", "Sol Ring: 1 of 1 already in the deck")
    ]
    assert [(r.code, r.text) for r in p.why_hidden(POOL.get("Mana Crypt"))] == [
        ("BANNED", 'Banned by the taboo list "2024-09" from 2024-09-23')
    ]
    assert codes(p, "Gleemox") == ["BANNED"]
    assert p(POOL.get("Island"))  # 999 copies


def test_commander_target():
    empty = pred(deck([]), target="Commander")
    assert empty(POOL.get("Thrasios, Triton Hero"))
    assert codes(empty, "Raised by Giants") == ["NOT_A_COMMANDER"]
    assert codes(empty, "Karn, the Great Creator") == ["NOT_A_COMMANDER"]
    assert codes(empty, "Lightning Bolt") == ["NOT_A_COMMANDER"]
    one = pred(deck(["Thrasios, Triton Hero"]), target="Commander")
    assert one(POOL.get("Tymna the Weaver"))
    assert codes(one, "Atraxa, Praetors' Voice") == ["CANNOT_PARTNER"]
    wilson = pred(deck(["Wilson, Refined Grizzly"]), target="Commander")
    assert wilson(POOL.get("Raised by Giants"))
    full = pred(deck(["Thrasios, Triton Hero", "Tymna the Weaver"]), target="Commander")
    assert codes(full, "Kraum, Ludevic's Opus") == ["COMMAND_ZONE_FULL"]
    brawl = pred(deck([], fmt="brawl"), target="Commander", fmt="brawl")
    assert brawl(POOL.get("Karn, the Great Creator"))


def test_companion_target():
    p = pred(deck(["Thrasios, Triton Hero"]), target="Companion")
    assert codes(p, "Lurrus of the Dream-Den") == ["OUTSIDE_IDENTITY"]
    p2 = pred(deck(["Thrasios, Triton Hero", "Tymna the Weaver"]), target="Companion")
    assert p2(POOL.get("Lurrus of the Dream-Den"))
    assert codes(p2, "Sol Ring") == ["NOT_A_COMPANION"]


def test_spires_needs_colours():
    one = pred(deck(["Tolabow, Loch Rascal"]))
    assert codes(one, "Cryptic Spires") == ["NEEDS_COLORS"]
    two = pred(deck(["Thrasios, Triton Hero"]))
    assert two(POOL.get("Cryptic Spires"))
    grizz = pred(deck(["Kozilek, Butcher of Truth"]))
    assert not grizz(POOL.get("Cryptic Spires"))
    assert pred(deck(["Grizzlegom, Hurloon Hero"]))(POOL.get("Cryptic Spires"))


def test_no_commander_no_identity_and_maybeboard_no_checks():
    p = pred(deck([], ["Sol Ring"]))
    assert p(POOL.get("Lightning Bolt"))
    assert not p(POOL.get("Sol Ring"))
    m = pred(deck(["Thrasios, Triton Hero"], ["Sol Ring"]), target="Maybeboard")
    assert m(POOL.get("Sol Ring")) and m(POOL.get("Lightning Bolt"))


def test_brawl_colourless_commander_basics_in_the_catalog():
    none_yet = pred(deck(["Karn, the Great Creator"], fmt="brawl"), fmt="brawl")
    assert all(none_yet(POOL.get(n)) for n in ("Plains", "Island", "Swamp", "Wastes"))
    assert not none_yet(POOL.get("Lightning Bolt"))
    islands = pred(
        deck(["Karn, the Great Creator"], [("Island", 3), ("Swamp", 2)], fmt="brawl"), fmt="brawl"
    )
    assert islands(POOL.get("Island")) and islands(POOL.get("Snow-Covered Island"))
    assert not islands(POOL.get("Swamp")) and not islands(POOL.get("Mountain"))
    tie = pred(deck(["Karn, the Great Creator"], [("Island", 1)], fmt="brawl"), fmt="brawl")
    # a Plains would tie with the Island and win in WUBRG order, turning the Island illegal
    assert not tie(POOL.get("Plains")) and tie(POOL.get("Island"))
    # the commander rule set has no such allowance
    assert not pred(deck(["Kozilek, Butcher of Truth"]))(POOL.get("Island"))


def test_predicate_never_changes_the_deck():
    d = deck(["Tolabow, Loch Rascal"], ["Lightning Bolt"])
    before = d
    p = pred(d)
    for c in POOL.cards[:100]:
        p(c)
        p.why_hidden(c)
    p.visible_rows()
    assert d == before and d.section("Commander").entries[0].colors == ""


SCENARIOS = [
    (deck(["Tolabow, Loch Rascal"]), "Main", "commander"),
    (deck(["Tolabow, Loch Rascal:R"], ["Lightning Bolt"]), "Main", "commander"),
    (deck(["Tolabow, Loch Rascal:RG"]), "Sideboard", "commander"),
    (deck(["Thrasios, Triton Hero"], ["Sol Ring"]), "Main", "commander"),
    (deck(["Thrasios, Triton Hero"]), "Commander", "commander"),
    (deck(["Wilson, Refined Grizzly"]), "Commander", "commander"),
    (deck([]), "Commander", "commander"),
    (deck(["Thrasios, Triton Hero", "Tymna the Weaver"]), "Companion", "commander"),
    (deck(["The Everforger"]), "Main", "commander"),
    (deck(["Kozilek, Butcher of Truth"]), "Main", "commander"),
    (
        deck(["The Prismatic Piper", "Thrasios, Triton Hero"], ["Lightning Bolt"]),
        "Main",
        "commander",
    ),
    (deck(["Karn, the Great Creator"]), "Main", "brawl"),
    (deck(["Karn, the Great Creator"], [("Island", 3), ("Swamp", 2)]), "Main", "brawl"),
    (deck(["Karn, the Great Creator"], [("Island", 3), ("Plains", 2)]), "Main", "brawl"),
    (deck(["Jace, the Mind Sculptor"]), "Commander", "oathbreaker"),
    (deck([], [("Sol Ring", 2)]), "Main", "vintage"),
    (deck(["Arvad of the Weatherlight"]), "Maybeboard", "commander"),
]


@pytest.mark.parametrize("d, target, fmt", SCENARIOS)
def test_visible_rows_agree_with_the_predicate(d, target, fmt):
    p = pred(d, target=target, fmt=fmt, day=date(2024, 9, 23))
    expected = [r for r, c in enumerate(POOL.cards) if p(c)]
    assert p.visible_rows() == expected
    some = list(range(0, len(POOL), 3))
    assert p.visible_rows(some) == [r for r in some if r in set(expected)]
    for _r, c in enumerate(POOL.cards):
        assert (p.why_hidden(c) == []) == p(c)


def test_bit_helpers_round_trip():
    rows = [0, 1, 7, 8, 63, 64, 1000]
    assert rows_from_bits(bits_from_rows(rows, 1001)) == rows
    assert rows_from_bits(0) == []
