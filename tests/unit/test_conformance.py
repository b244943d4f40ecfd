"""`mtg-rules.md` §12 worked examples 1–50 and the §8 table, as conformance checks."""

from __future__ import annotations

from datetime import date

import pytest

from deckeditor.games.mtg.card import PartnerInfo
from deckeditor.games.mtg.conformance import check
from deckeditor.problems import ProblemKind as K
from deckeditor.problems import Severity
from tests.support.mtg_cards import (
    DAY,
    POOL,
    POOL_MERGED,
    card,
    deck,
    filler_names,
    fmt_info,
    make_pool,
)

SIZE = {K.DECK_TOO_SMALL, K.DECK_TOO_LARGE}


def probs(d, fmt="commander", day=DAY, pool=POOL, keep_size=False):
    out = check(d, fmt_info(fmt), day, pool)
    return [p for p in out if keep_size or p.kind not in SIZE]


def kinds(d, **kw):
    return [(p.kind, list(p.cards)) for p in probs(d, **kw)]


def errors(d, **kw):
    return [(p.kind, list(p.cards)) for p in probs(d, **kw) if p.severity is Severity.ERROR]


# --- rows 1–25: exemptions, size ------------------------------------------------------------------


ROWS_1_TO_24 = [
    ("The Everforger", ["Embercleave"], []),  # 1
    ("The Everforger", ["Cranial Plating"], []),  # 2
    ("The Everforger", ["Aether Spellbomb"], [(K.COLOR_IDENTITY, ["Aether Spellbomb"])]),  # 3
    ("The Everforger", [("Island", 30)], []),  # 4
    ("The Everforger", ["Hallowed Fountain"], [(K.COLOR_IDENTITY, ["Hallowed Fountain"])]),
    ("Kozilek, Butcher of Truth", ["Island"], [(K.COLOR_IDENTITY, ["Island"])]),  # 6
    ("Kozilek, Butcher of Truth", ["Wastes"], []),  # 6
    ("Hadran, Naya Sunseeder", ["Serra Angel"], []),  # 7
    ("Hadran, Naya Sunseeder", ["Death's Shadow"], []),  # 8
    (
        "Hadran, Naya Sunseeder",
        ["Lord of Extinction"],
        [(K.COLOR_IDENTITY, ["Lord of Extinction"])],
    ),
    ("Daxiver, Izzet Electromancer", ["Swords to Plowshares"], []),  # 11
    (
        "Daxiver, Izzet Electromancer",
        ["Beanstalk Giant // Fertile Footsteps"],
        [(K.COLOR_IDENTITY, ["Beanstalk Giant // Fertile Footsteps"])],
    ),  # 12
    ("Daxiver, Izzet Electromancer", ["Emeria's Call // Emeria, Shattered Skyclave"], []),  # 13
    ("Maular, the Next Evolution", ["Griselbrand"], []),  # 14
    ("Maular, the Next Evolution", ["Fire // Ice"], [(K.COLOR_IDENTITY, ["Fire // Ice"])]),
    ("Grizzlegom, Hurloon Hero", ["Watery Grave", "Cryptic Spires:WU"], []),  # 16
    ("Valko Indorian", ["Elesh Norn, Mother of Machines"], []),  # 17
    ("Valko Indorian", ["Phyrexian Purge"], [(K.COLOR_IDENTITY, ["Phyrexian Purge"])]),  # 18
    ("Valko Indorian", ["Taurean Mauler"], []),  # 19
    ("Valko Indorian, Researcher", ["Bitterblossom"], []),  # 20
    ("Arvad of the Weatherlight", ["Jhoira, Weatherlight Captain"], []),  # 21
    (
        "Arvad of the Weatherlight",
        ["Kamahl's Druidic Vow"],
        [(K.COLOR_IDENTITY, ["Kamahl's Druidic Vow"])],
    ),  # 22
    (
        "The Unluckiest Planeswalker",
        ["Rancor", "Sylvan Library"],
        [(K.COLOR_IDENTITY, ["Sylvan Library"])],
    ),  # 23
    (
        "Seluma, Light of Aysen",
        ["Aurelia, the Warleader", "Changeling Outcast", "Nameless Inversion"],
        [],
    ),  # 24
]


@pytest.mark.parametrize("commander, main, expected", ROWS_1_TO_24)
def test_rows_1_to_24(commander, main, expected):
    # these rows are about identity; Griselbrand's ban in the real Commander list is not
    bans = {K.BANNED, K.RESTRICTED, K.TOO_MANY_COPIES}
    assert [(k, c) for k, c in kinds(deck([commander], main)) if k not in bans] == expected


@pytest.fixture(scope="module")
def starter():
    """The shipped starter pool: the same cards, built by the importers' code (B, E)."""
    store = pytest.importorskip("deckeditor.carddb.store")
    return store.starter_pool("mtg")


@pytest.mark.parametrize("commander, main, expected", ROWS_1_TO_24)
def test_rows_1_to_24_on_the_starter_pool(starter, commander, main, expected):
    names = [commander, *(m if isinstance(m, str) else m[0] for m in main)]
    names = [n.split(":")[0] for n in names]
    if any(n not in starter for n in names):
        pytest.skip("a card of this row is not in the starter pool")
    bans = {K.BANNED, K.RESTRICTED, K.TOO_MANY_COPIES}
    got = [(k, c) for k, c in kinds(deck([commander], main), pool=starter) if k not in bans]
    assert got == expected


def test_row_25_whtz_has_no_maximum():
    big = deck(["Whtz, the Bibliophile"], filler_names(302))
    assert probs(big, keep_size=True) == []
    small = deck(["Whtz, the Bibliophile"], filler_names(98))
    assert [p.kind for p in probs(small, keep_size=True)] == [K.DECK_TOO_SMALL]


def test_size_rule_adjust_applies_with_one_or_two_commanders():
    bonus = card(
        "Bonus Leader",
        "{1}",
        "Legendary Creature — Bird",
        "",
        "1/1",
        1,
        rules=["Size:AdjustMax$ +5 | ActiveSection$ Commander"],
    )
    pool = make_pool(bonus)
    assert probs(deck(["Bonus Leader"], filler_names(104)), pool=pool, keep_size=True) == []
    over = probs(deck(["Bonus Leader"], filler_names(105)), pool=pool, keep_size=True)
    assert [p.kind for p in over] == [K.DECK_TOO_LARGE]


# --- rows 26–32: additional colours and marks -----------------------------------------------------


@pytest.mark.parametrize("pool", [POOL, POOL_MERGED], ids=["legacy", "merged"])
def test_row_26_and_29_no_choice_from_file(pool):
    out = probs(deck(["Tolabow, Loch Rascal"], ["Lightning Bolt"]), pool=pool)
    assert [(p.kind, p.severity, list(p.cards)) for p in out] == [
        (K.ADDITIONAL_COLOR_CHOICE, Severity.WARNING, ["Tolabow, Loch Rascal"])
    ]
    assert "red" in out[0].message


@pytest.mark.parametrize("pool", [POOL, POOL_MERGED], ids=["legacy", "merged"])
def test_row_28_and_29_over_budget_choice(pool):
    d = deck(
        ["Tolabow, Loch Rascal:RG"],
        ["Lightning Bolt", "Growth Spiral", "Counterspell", "Atarka's Command"],
    )
    assert errors(d, pool=pool) == [
        (K.ADDITIONAL_COLOR_CHOICE, ["Tolabow, Loch Rascal"]),
        (K.COLOR_IDENTITY, ["Atarka's Command"]),
        (K.COLOR_IDENTITY, ["Growth Spiral"]),
        (K.COLOR_IDENTITY, ["Lightning Bolt"]),
    ]


def test_row_30_unmarked_spires_with_one_colour():
    out = kinds(deck(["Tolabow, Loch Rascal"], ["Cryptic Spires"]))
    assert out == [
        (K.ADDITIONAL_COLOR_CHOICE, ["Cryptic Spires"]),
        (K.COLOR_IDENTITY, ["Cryptic Spires"]),
    ]
    assert probs(deck(["Tolabow, Loch Rascal"], ["Cryptic Spires"]))[0].severity is Severity.WARNING


def test_row_31_spires_marks_are_identity():
    thr = "Thrasios, Triton Hero"
    assert kinds(deck([thr], ["Cryptic Spires:BR"])) == [(K.COLOR_IDENTITY, ["Cryptic Spires"])]
    assert kinds(deck([thr], ["Cryptic Spires:UG"])) == []


def test_spires_over_marked_is_an_error():
    out = errors(deck(["Atraxa, Praetors' Voice"], ["Cryptic Spires:WUB"]))
    assert out == [(K.ADDITIONAL_COLOR_CHOICE, ["Cryptic Spires"])]


def test_row_32_sol_ring_commander_with_marks():
    out = kinds(deck(["Sol Ring:R"], []))
    assert out == [
        (K.ILLEGAL_COMMANDER, ["Sol Ring"]),
        (K.ADDITIONAL_COLOR_CHOICE, ["Sol Ring"]),
    ]


# --- rows 33–40: commanders and pairs ---------------------------------------------------------------


def test_row_33_partner_pair_zone():
    d = deck(
        ["Thrasios, Triton Hero", "Tymna the Weaver"], ["Swords to Plowshares", "Lightning Bolt"]
    )
    assert kinds(d) == [(K.COLOR_IDENTITY, ["Lightning Bolt"])]  # WUBG: no red


def test_row_34_partner_with():
    assert kinds(deck(["Pir, Imaginative Rascal", "Thrasios, Triton Hero"])) == [
        (K.ILLEGAL_PARTNERSHIP, ["Pir, Imaginative Rascal", "Thrasios, Triton Hero"])
    ]
    assert kinds(deck(["Pir, Imaginative Rascal", "Toothy, Imaginary Friend"])) == []


def test_row_35_background():
    assert kinds(deck(["Wilson, Refined Grizzly", "Raised by Giants"])) == []
    assert kinds(deck(["Raised by Giants"])) == [(K.ILLEGAL_COMMANDER, ["Raised by Giants"])]


def test_row_36_doctor_and_companion():
    assert kinds(deck(["The Tenth Doctor", "Rose Tyler"])) == []
    assert kinds(deck(["The Tenth Doctor", "Thrasios, Triton Hero"])) == [
        (K.ILLEGAL_PARTNERSHIP, ["The Tenth Doctor", "Thrasios, Triton Hero"])
    ]


def test_row_38_back_face_cannot_lead():
    assert kinds(deck(["Westvale Abbey // Ormendahl, Profane Prince"])) == [
        (K.ILLEGAL_COMMANDER, ["Westvale Abbey // Ormendahl, Profane Prince"])
    ]


def test_row_39_no_commander():
    d = deck([], ["Lightning Bolt", *filler_names(98)])
    assert [p.kind for p in probs(d, keep_size=True)] == [K.MISSING_COMMANDER, K.DECK_TOO_SMALL]


def test_row_40_three_commanders():
    d = deck(
        ["Thrasios, Triton Hero", "Tymna the Weaver", "Kraum, Ludevic's Opus"],
        ["Lightning Bolt", "Atarka's Command"],
    )
    assert kinds(d) == [
        (
            K.TOO_MANY_COMMANDERS,
            ["Kraum, Ludevic's Opus", "Thrasios, Triton Hero", "Tymna the Weaver"],
        )
    ]


def test_two_copies_of_one_commander_is_a_copy_problem():
    out = kinds(deck([("Thrasios, Triton Hero", 2)]))
    assert out == [(K.TOO_MANY_COPIES, ["Thrasios, Triton Hero"])]


# --- rows 41–46: copies, bans, unknown --------------------------------------------------------------


def test_row_41_own_copy_limits():
    d = deck(
        ["Atraxa, Praetors' Voice"],
        [("Relentless Rats", 30), ("Seven Dwarves", 8), ("Nazgûl", 9)],
    )
    copy_kinds = {K.TOO_MANY_COPIES, K.BANNED, K.RESTRICTED}
    assert [(k, c) for k, c in kinds(d) if k in copy_kinds] == [
        (K.TOO_MANY_COPIES, ["Seven Dwarves"])
    ]


def test_seven_dwarves_count_over_main_and_sideboard():
    d = deck(["Atraxa, Praetors' Voice"], [("Seven Dwarves", 4)], sideboard=[("Seven Dwarves", 4)])
    out = [p for p in probs(d) if p.kind is K.TOO_MANY_COPIES]
    assert [(p.section, list(p.cards)) for p in out] == [("Main", ["Seven Dwarves"])]


def test_row_42_sol_ring_twice():
    out = [p for p in probs(deck(["Atraxa, Praetors' Voice"], [("Sol Ring", 2)]))]
    assert [(p.kind, list(p.cards)) for p in out] == [(K.TOO_MANY_COPIES, ["Sol Ring"])]
    assert "limit is 1" in out[0].message


def test_row_43_gleemox_forbids_itself():
    out = probs(deck(["Atraxa, Praetors' Voice"], ["Gleemox"]))
    assert [(p.kind, list(p.cards)) for p in out] == [(K.BANNED, ["Gleemox"])]
    assert "its own rules" in out[0].message


def test_row_44_mana_crypt_by_day():
    d = deck(["Atraxa, Praetors' Voice"], ["Mana Crypt"])
    assert kinds(d, day=date(2024, 9, 22)) == []
    out = probs(d, day=date(2024, 9, 23))
    assert [(p.kind, list(p.cards)) for p in out] == [(K.BANNED, ["Mana Crypt"])]
    assert 'banned by the taboo list "2024-09" from 2024-09-23' in out[0].message


def test_banned_once_per_section():
    d = deck(["Atraxa, Praetors' Voice"], ["Mana Crypt"], sideboard=["Mana Crypt"])
    out = probs(d, day=date(2024, 9, 23))
    assert [(p.kind, p.section) for p in out] == [(K.BANNED, "Main"), (K.BANNED, "Sideboard")]


def test_row_45_vintage_restricted():
    out = probs(deck([], [("Sol Ring", 2)], fmt="vintage"), fmt="vintage")
    assert [(p.kind, list(p.cards)) for p in out] == [(K.RESTRICTED, ["Sol Ring"])]
    assert 'the taboo list "2022-04-25" from 2022-04-25 restricts it to 1' in out[0].message


def test_row_46_unknown_card_counts_in_size_only():
    d = deck(["Atraxa, Praetors' Voice"], ["Lightnig Bolt", *filler_names(98)])
    assert kinds(d, keep_size=True) == [(K.UNKNOWN_CARD, ["Lightnig Bolt"])]


# --- rows 47–50: companion, Brawl, Oathbreaker, wild colour ---------------------------------------


def test_row_47_companion_not_counted():
    d = deck(
        ["Tymna the Weaver", "Thrasios, Triton Hero"],
        filler_names(98),
        companion=["Lurrus of the Dream-Den"],
    )
    assert probs(d, keep_size=True) == []


def test_companion_section_problems():
    d = deck(["Atraxa, Praetors' Voice"], companion=["Lurrus of the Dream-Den", "Sol Ring"])
    out = probs(d)
    assert [(p.kind, p.section, list(p.cards)) for p in out] == [
        (K.TOO_MANY_COMMANDERS, "Companion", ["Lurrus of the Dream-Den", "Sol Ring"]),
        (K.ILLEGAL_COMMANDER, "Companion", ["Sol Ring"]),
    ]


def test_row_48_brawl_colourless_basics():
    d = deck(["Karn, the Great Creator"], [("Island", 20), ("Swamp", 10)], fmt="brawl")
    assert kinds(d, fmt="brawl") == [(K.COLOR_IDENTITY, ["Swamp"])]
    # the commander rule set has no such allowance
    d2 = deck(["Kozilek, Butcher of Truth"], [("Island", 20), ("Swamp", 10)])
    assert kinds(d2) == [(K.COLOR_IDENTITY, ["Island"]), (K.COLOR_IDENTITY, ["Swamp"])]
    # and Karn cannot lead a Commander deck
    assert kinds(deck(["Karn, the Great Creator"])) == [
        (K.ILLEGAL_COMMANDER, ["Karn, the Great Creator"])
    ]


def test_brawl_basic_tie_goes_to_wubrg_order():
    d = deck(["Karn, the Great Creator"], [("Island", 10), ("Plains", 10)], fmt="brawl")
    assert kinds(d, fmt="brawl") == [(K.COLOR_IDENTITY, ["Island"])]


def test_row_49_oathbreaker_signature_spell_identity():
    d = deck(["Jace, the Mind Sculptor", "Lightning Bolt"], fmt="oathbreaker")
    assert kinds(d, fmt="oathbreaker") == [(K.COLOR_IDENTITY, ["Lightning Bolt"])]
    ok = deck(["Jace, the Mind Sculptor", "Brainstorm"], fmt="oathbreaker")
    assert kinds(ok, fmt="oathbreaker") == []


def test_oathbreaker_zone_problems():
    assert [p.message for p in probs(deck(["Jace, the Mind Sculptor"]), fmt="oathbreaker")] == [
        "The deck is missing a signature spell"
    ]
    out = kinds(deck(["Brainstorm", "Sol Ring"]), fmt="oathbreaker")
    assert out == [(K.MISSING_COMMANDER, []), (K.ILLEGAL_COMMANDER, ["Sol Ring"])]


def test_row_50_wild_colour_joins_the_zone():
    d = deck(["The Prismatic Piper:R", "Thrasios, Triton Hero"], ["Lightning Bolt"])
    assert kinds(d) == []
    no_choice = deck(["The Prismatic Piper", "Thrasios, Triton Hero"], ["Lightning Bolt"])
    out = probs(no_choice)
    assert [(p.kind, p.severity) for p in out] == [(K.ADDITIONAL_COLOR_CHOICE, Severity.WARNING)]


# --- the §8 table (check side) ----------------------------------------------------------------------


def test_s8_red_committed_atarka_by_paste():
    d = deck(["Tolabow, Loch Rascal:R"], ["Lightning Bolt", "Atarka's Command"])
    assert kinds(d) == [(K.COLOR_IDENTITY, ["Atarka's Command"])]


def test_s8_red_committed_electrolyze_fits():
    assert kinds(deck(["Tolabow, Loch Rascal:R"], ["Electrolyze"])) == []


def test_s8_file_with_bolt_and_brainstorm():
    out = probs(deck(["Tolabow, Loch Rascal"], ["Lightning Bolt", "Brainstorm"]))
    assert [(p.kind, p.severity, list(p.cards)) for p in out] == [
        (K.ADDITIONAL_COLOR_CHOICE, Severity.WARNING, ["Tolabow, Loch Rascal"])
    ]


def test_s8_three_red_instants_and_growth_spiral():
    d = deck(
        ["Tolabow, Loch Rascal"],
        ["Lightning Bolt", "Shock", "Incinerate", "Growth Spiral"],
    )
    out = probs(d)
    assert [(p.kind, p.severity, list(p.cards)) for p in out] == [
        (K.ADDITIONAL_COLOR_CHOICE, Severity.WARNING, ["Tolabow, Loch Rascal"]),
        (K.COLOR_IDENTITY, Severity.ERROR, ["Growth Spiral"]),
    ]


def test_implied_colour_does_not_depend_on_order():
    a = deck(["Tolabow, Loch Rascal"], ["Growth Spiral", "Lightning Bolt", "Shock"])
    b = deck(["Tolabow, Loch Rascal"], ["Shock", "Lightning Bolt", "Growth Spiral"])
    assert (
        kinds(a)
        == kinds(b)
        == [
            (K.ADDITIONAL_COLOR_CHOICE, ["Tolabow, Loch Rascal"]),
            (K.COLOR_IDENTITY, ["Growth Spiral"]),
        ]
    )


def test_implied_tie_goes_to_wubrg_order():
    # one red, one green instant: a tie on copies and size; R comes before G
    d = deck(["Tolabow, Loch Rascal"], ["Growth Spiral", "Lightning Bolt"])
    assert kinds(d)[1] == (K.COLOR_IDENTITY, ["Growth Spiral"])


def test_s8_choice_rg_is_an_error_and_grants_nothing():
    d = deck(["Tolabow, Loch Rascal:RG"], ["Lightning Bolt", "Brainstorm"])
    assert errors(d) == [
        (K.ADDITIONAL_COLOR_CHOICE, ["Tolabow, Loch Rascal"]),
        (K.COLOR_IDENTITY, ["Lightning Bolt"]),
    ]


def test_s8_chosen_colour_in_zone_is_dropped_with_a_warning():
    out = probs(deck(["Tolabow, Loch Rascal:U"], ["Brainstorm"]))
    assert [(p.kind, p.severity) for p in out] == [(K.ADDITIONAL_COLOR_CHOICE, Severity.WARNING)]
    assert "already in the commanders' identity" in out[0].message


def test_s8_tolabow_moved_to_main_keeps_choice_silently():
    d = deck(["Atraxa, Praetors' Voice"], ["Tolabow, Loch Rascal:R"])
    assert kinds(d) == []


# --- §10: order and unknown commanders --------------------------------------------------------------


def test_result_order_is_by_kind_then_section_then_name():
    d = deck(
        ["Thrasios, Triton Hero"],
        ["Lightning Bolt", "Atarka's Command", "Lightnig Bolt", ("Sol Ring", 2)],
        sideboard=["Boros Charm", "Zzz Unknown"],
    )
    out = probs(d, keep_size=True)
    assert [(p.kind, p.section, p.cards[0] if p.cards else None) for p in out] == [
        (K.UNKNOWN_CARD, "Main", "Lightnig Bolt"),
        (K.UNKNOWN_CARD, "Sideboard", "Zzz Unknown"),
        (K.COLOR_IDENTITY, "Main", "Atarka's Command"),
        (K.COLOR_IDENTITY, "Main", "Lightning Bolt"),
        (K.COLOR_IDENTITY, "Sideboard", "Boros Charm"),
        (K.DECK_TOO_SMALL, "Main", None),
        (K.TOO_MANY_COPIES, "Main", "Sol Ring"),
    ]


def test_unknown_commander_skips_identity():
    d = deck(["Nobody Known"], ["Lightning Bolt"])
    assert kinds(d) == [(K.UNKNOWN_CARD, ["Nobody Known"])]


def test_sideboard_bounds():
    d = deck(["Atraxa, Praetors' Voice"], sideboard=filler_names(11))
    assert [p.kind for p in probs(d)] == [K.SIDEBOARD_SIZE]
    assert probs(deck(["Atraxa, Praetors' Voice"], sideboard=filler_names(10))) == []


def test_maybeboard_is_never_checked():
    d = deck(
        ["Atraxa, Praetors' Voice"], maybe=["Lightning Bolt", "Lightnig Bolt", ("Sol Ring", 3)]
    )
    assert kinds(d) == []


def test_constructed_ignores_commander_and_identity():
    d = deck(["Sol Ring"], [("Lightning Bolt", 4), *filler_names(56)], fmt="vintage")
    assert probs(d, fmt="vintage", keep_size=True) == []


def test_choice_on_a_card_that_allows_none_in_main():
    assert kinds(deck(["Atraxa, Praetors' Voice"], ["Counterspell:U"])) == [
        (K.ADDITIONAL_COLOR_CHOICE, ["Counterspell"])
    ]


def test_check_is_pure():
    d = deck(["Tolabow, Loch Rascal"], ["Lightning Bolt"])
    before = d
    check(d, fmt_info(), DAY, POOL)
    assert d == before and d.section("Commander").entries[0].colors == ""


def test_a_background_creature_leads_on_its_own():
    faceless = card(
        "Faceless One",
        "{5}",
        "Legendary Enchantment Creature — Background",
        "",
        "3/3",
        5,
        partner=PartnerInfo(choose_background=True, is_background=True),
        wild_color=True,
    )
    pool = make_pool(faceless)
    assert kinds(deck(["Faceless One"]), pool=pool) == []
    assert kinds(deck(["Faceless One", "Raised by Giants"]), pool=pool) == []


def test_rule_set_from_code_agrees_with_the_format_index():
    import json

    from deckeditor.games.mtg.rulesets import ruleset_for, variant_of_code
    from deckeditor.paths import resources_dir

    index = json.loads((resources_dir() / "format_index.json").read_text("utf-8"))
    mtg = {code: e["variant"] for code, e in index.items() if e["game"] == "mtg"}
    assert mtg and all(variant_of_code(code) == v for code, v in mtg.items())
    assert variant_of_code("pauper-commander") == "paupercommander"
    assert variant_of_code("historic_brawl") == "brawl"
    assert variant_of_code("duel.edh") == "commander"
    assert variant_of_code("vintage") == "constructed"
    assert ruleset_for(fmt_info("oathbreaker")).sideboard_max == 10
    assert ruleset_for(fmt_info("brawl")).sideboard_max == 15


# --- DeckRule activity and Copies rules of other cards ---------------------------------------------

RAT_KING = card(
    "Rat Herald",
    "{B}",
    "Legendary Creature — Rat",
    "B",
    "1/1",
    1,
    rules=["Copies:Limit$ 4 | Affected$ Creature.Rat"],
)
MAIN_EXEMPT = card(
    "Main Charm",
    "{U}",
    "Artifact",
    "U",
    mv=1,
    rules=["ColorIdentity:Exempt$ Instant | ActiveSection$ main"],
)
LOST_RULE = card(
    "Lost Charm",
    "{U}",
    "Artifact",
    "U",
    mv=1,
    rules=["ColorIdentity:Exempt$ Instant | ActiveSection$ Graveyard"],
)
SELF_BANNED = card("Self Banned", "{1}", "Artifact", "", mv=1, own_copy_limit=0)
RULES_POOL = make_pool(RAT_KING, MAIN_EXEMPT, LOST_RULE, SELF_BANNED)
SWIFT_RAT = card("Swift Rat", "{B}", "Creature — Rat", "B", "1/1", 1)
RULES_POOL.add(SWIFT_RAT)


def test_copies_rule_of_another_card_raises_the_limit():
    d = deck(["Valko Indorian"], ["Rat Herald", ("Swift Rat", 4)])
    assert kinds(d, pool=RULES_POOL) == []
    d5 = deck(["Valko Indorian"], ["Rat Herald", ("Swift Rat", 5)])
    out = [p for p in probs(d5, pool=RULES_POOL)]
    assert [(p.kind, list(p.cards)) for p in out] == [(K.TOO_MANY_COPIES, ["Swift Rat"])]
    assert "the rules of Rat Herald" in out[0].message
    # from the Maybeboard the rule does not apply
    parked = deck(["Valko Indorian"], [("Swift Rat", 4)], maybe=["Rat Herald"])
    assert kinds(parked, pool=RULES_POOL) == [(K.TOO_MANY_COPIES, ["Swift Rat"])]


def test_active_section_main_and_unknown_section():
    d = deck(["Valko Indorian"], ["Main Charm", "Lightning Bolt"])
    assert kinds(d, pool=RULES_POOL) == [(K.COLOR_IDENTITY, ["Main Charm"])]
    lost = deck(["Valko Indorian"], ["Lost Charm", "Lightning Bolt"])
    assert kinds(lost, pool=RULES_POOL) == [
        (K.COLOR_IDENTITY, ["Lightning Bolt"]),
        (K.COLOR_IDENTITY, ["Lost Charm"]),
    ]


def test_own_text_limit_zero_is_a_ban_by_its_own_rules():
    out = probs(deck(["Valko Indorian"], ["Self Banned"]), pool=RULES_POOL)
    assert [(p.kind, p.message) for p in out] == [
        (K.BANNED, "Self Banned is banned by its own rules")
    ]
