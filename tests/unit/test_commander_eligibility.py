"""Commander eligibility (mtg-rules.md §5.1) and pairs (§5.2)."""

from __future__ import annotations

import pytest

from deckeditor.games.mtg.build import build_card, parse_type_line
from deckeditor.games.mtg.card import Face, Layout
from deckeditor.games.mtg.commander import (
    RuleSet,
    can_be_commander,
    can_be_oathbreaker,
    can_be_signature_spell,
    can_partner,
    is_background,
    partner_capable,
)
from deckeditor.games.mtg.mana import cost_colors, mana_value


def face(name, cost="", type_line="", text="", pt=None):
    supers, types, subs = parse_type_line(type_line)
    power, toughness = pt.split("/") if pt else (None, None)
    return Face(name=name, mana_cost=cost, colors=cost_colors(cost), supertypes=supers,
                types=types, subtypes=subs, oracle_text=text, mana_value=mana_value(cost),
                power=power, toughness=toughness)  # fmt: skip


def card(name, cost="", type_line="", text="", pt=None, layout=Layout.NORMAL, more=()):
    return build_card([face(name, cost, type_line, text, pt), *more], layout)


THRASIOS = card(
    "Thrasios, Triton Hero",
    "{G}{U}",
    "Legendary Creature — Merfolk Wizard",
    "{4}: Scry 1 ...\nPartner (You can have two commanders if both have partner.)",
)
TYMNA = card(
    "Tymna the Weaver",
    "{1}{W}{B}",
    "Legendary Creature — Human Cleric",
    "Lifelink\nPartner (You can have two commanders if both have partner.)",
)
PIR = card(
    "Pir, Imaginative Rascal",
    "{2}{G}",
    "Legendary Creature — Human",
    "Partner with Toothy, Imaginary Friend (When this creature enters, ...)",
)
TOOTHY = card(
    "Toothy, Imaginary Friend",
    "{3}{U}",
    "Legendary Creature — Illusion",
    "Partner with Pir, Imaginative Rascal (When this creature enters, ...)",
)
WILSON = card(
    "Wilson, Refined Grizzly",
    "{1}{G}",
    "Legendary Creature — Bear Warrior",
    "Choose a Background (You can have a Background as a second commander.)",
)
GIANTS = card(
    "Raised by Giants", "{5}{G}", "Legendary Enchantment — Background", "Commander creatures ..."
)
DOCTOR = card(
    "The Tenth Doctor", "{3}{U}{R}", "Legendary Creature — Time Lord Doctor", "Allons-y! ..."
)
ROSE = card(
    "Rose Tyler",
    "{1}{W}",
    "Legendary Creature — Human",
    "Doctor's companion (You can have two commanders if the other is the Doctor.)",
)
FF1 = card(
    "Will, Scion of Peace",
    "{W}{U}",
    "Legendary Creature — Human Noble",
    "Partner—Friends forever (You can have two commanders if both have this ability.)",
)
FF2 = card(
    "Cecily, Haunted Mage",
    "{2}{U}{R}",
    "Legendary Creature — Human Wizard",
    "Friends forever (You can have two commanders if both have friends forever.)",
)
SURV = card(
    "Survivor A",
    "{1}{G}",
    "Legendary Creature — Human",
    "Partner—Survivors (You can have two commanders if both have this ability.)",
)
PIPER = card(
    "The Prismatic Piper",
    "{5}",
    "Legendary Creature — Shapeshifter",
    "If The Prismatic Piper is your commander, choose a color before the game begins. The "
    "Prismatic Piper is the chosen color.\nPartner (You can have two commanders if both have partner.)",
)
SOL_RING = card("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}.")
KARN = card("Karn, the Great Creator", "{4}", "Legendary Planeswalker — Karn", "...")
UNLUCKY = card(
    "The Unluckiest Planeswalker",
    "{2}{R}",
    "Legendary Planeswalker",
    "...\nThe Unluckiest Planeswalker can be your commander.",
)
GRIST = card(
    "Grist, the Hunger Tide",
    "{1}{B}{G}",
    "Legendary Planeswalker — Grist",
    "As long as Grist isn't on the battlefield, it's a 1/1 Insect creature in addition to its other types.",
)
CHARIOT = card("Esika's Chariot", "{3}{G}", "Legendary Artifact — Vehicle", "...", pt="4/4")
WESTVALE = card(
    "Westvale Abbey",
    "",
    "Land",
    "{T}: Add {C}.",
    layout=Layout.TRANSFORM,
    more=[face("Ormendahl, Profane Prince", "", "Legendary Creature — Demon", "Flying", "9/7")],
)
ESIKA = card(
    "Esika, God of the Tree",
    "{1}{G}{G}",
    "Legendary Creature — God",
    "Vigilance",
    layout=Layout.MODAL_DFC,
    more=[face("The Prismatic Bridge", "{W}{U}{B}{R}{G}", "Legendary Enchantment")],
)
BOLT = card("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.")
JACE = card("Jace, the Mind Sculptor", "{2}{U}{U}", "Legendary Planeswalker — Jace", "...")
BEAR = card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", pt="2/2")
KAMAHL = card("Kamahl's Druidic Vow", "{X}{G}{G}", "Legendary Sorcery", "...")
SHIP = card("Some Spacecraft", "{4}", "Legendary Artifact — Spacecraft", "Station", pt="5/5")
SHIP_NO_PT = card("Other Spacecraft", "{4}", "Legendary Artifact — Spacecraft", "Station")


@pytest.mark.parametrize(
    ("c", "commander", "brawl", "oathbreaker"),
    [
        (THRASIOS, True, True, False),
        (SOL_RING, False, False, False),
        (KARN, False, True, True),
        (UNLUCKY, True, True, True),
        (GRIST, True, True, True),
        (CHARIOT, True, True, False),
        (WESTVALE, False, False, False),
        (ESIKA, True, True, False),
        (GIANTS, False, False, False),
        (BEAR, False, False, False),
        (KAMAHL, False, False, False),
        (SHIP, True, True, False),
        (SHIP_NO_PT, False, False, False),
    ],
    ids=lambda v: getattr(v, "name", str(v)),
)
def test_eligibility(c, commander, brawl, oathbreaker):
    assert can_be_commander(c, RuleSet.COMMANDER) is commander
    assert can_be_commander(c, "brawl") is brawl
    assert can_be_oathbreaker(c) is oathbreaker
    assert can_be_commander(c, "oathbreaker") is oathbreaker
    assert can_be_commander(c, "constructed") is False


def test_signature_spell():
    assert can_be_signature_spell(BOLT)
    assert not can_be_signature_spell(JACE)
    assert can_be_signature_spell(KAMAHL)


def test_background_only_with_choose_a_background():
    assert is_background(GIANTS) and not can_be_commander(GIANTS)
    assert can_partner(WILSON, GIANTS) and can_partner(GIANTS, WILSON)
    assert not can_partner(THRASIOS, GIANTS)


@pytest.mark.parametrize(
    ("a", "b", "ok"),
    [
        (THRASIOS, TYMNA, True),
        (PIR, THRASIOS, False),
        (PIR, TOOTHY, True),
        (DOCTOR, ROSE, True),
        (DOCTOR, THRASIOS, False),
        (FF1, FF2, True),
        (FF1, SURV, False),
        (FF1, THRASIOS, False),
        (PIPER, THRASIOS, True),
        (THRASIOS, THRASIOS, False),
        (WILSON, DOCTOR, False),
        (ROSE, THRASIOS, False),
    ],
    ids=lambda v: getattr(v, "name", str(v)),
)
def test_pairs(a, b, ok):
    assert can_partner(a, b) is ok
    assert can_partner(b, a) is ok


def test_partner_capable():
    for c in (THRASIOS, PIR, WILSON, GIANTS, DOCTOR, ROSE, FF1, PIPER):
        assert partner_capable(c), c.name
    for c in (SOL_RING, KARN, BEAR):
        assert not partner_capable(c), c.name


def test_a_background_creature_leads_alone():
    faceless = card(
        "Faceless One",
        "{5}",
        "Legendary Enchantment Creature — Background",
        "Choose a Background (You can have a Background as a second commander.)\nIf "
        "Faceless One is your commander, choose a color before the game begins.",
        "3/3",
    )
    assert is_background(faceless) and can_be_commander(faceless)
    assert faceless.wild_color and faceless.partner.choose_background
    assert can_partner(faceless, GIANTS) and can_partner(WILSON, faceless)
