"""Derived card facts (mtg-rules.md §1, §5.2, §6): build_card from hand-written faces."""

from __future__ import annotations

import pytest

from deckeditor.games.mtg.build import (
    build_card,
    deckrule_overlay,
    own_limit_from_text,
    parse_type_line,
    set_color_id_from_text,
)
from deckeditor.games.mtg.card import DeckRuleLine, Face, Layout
from deckeditor.games.mtg.mana import cost_colors, mana_value


def face(name, cost="", type_line="", text="", keywords=(), pt=None):
    supers, types, subs = parse_type_line(type_line)
    power, toughness = pt.split("/") if pt else (None, None)
    return Face(
        name=name, mana_cost=cost, colors=cost_colors(cost), supertypes=supers, types=types,
        subtypes=subs, oracle_text=text, keywords=tuple(keywords), mana_value=mana_value(cost),
        power=power, toughness=toughness,
    )  # fmt: skip


def test_type_line_with_dash_and_multiword_subtype():
    assert parse_type_line("Legendary Creature — Time Lord Doctor") == (
        ("Legendary",), ("Creature",), ("Time Lord", "Doctor"))  # fmt: skip


def test_forge_type_line_without_dash():
    assert parse_type_line("Legendary Creature Time Lord Doctor") == (
        ("Legendary",), ("Creature",), ("Time Lord", "Doctor"))  # fmt: skip
    assert parse_type_line("Basic Snow Land Island") == (("Basic", "Snow"), ("Land",), ("Island",))
    assert parse_type_line("Legendary Enchantment Background") == (
        ("Legendary",), ("Enchantment",), ("Background",))  # fmt: skip


def test_mana_value_by_layout():
    fire, ice = face("Fire", "{1}{R}", "Instant"), face("Ice", "{1}{U}", "Instant")
    assert build_card([fire, ice], Layout.SPLIT).mana_value == 4
    giant = face("Bonecrusher Giant", "{2}{R}", "Creature — Giant")
    stomp = face("Stomp", "{1}{R}", "Instant — Adventure")
    card = build_card([giant, stomp], Layout.ADVENTURE)
    assert card.mana_value == 3 and card.name == "Bonecrusher Giant // Stomp"
    assert build_card([face("Fireball", "{X}{R}", "Sorcery")]).mana_value == 1


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("A deck can have any number of cards named Relentless Rats.", 999),
        ("A deck can have up to seven cards named Seven Dwarves.", 7),
        ("A deck can have up to nine cards named Nazgûl.", 9),
        ("A deck can have up to 12 cards named Foo.", 12),
        ("A deck can have only one card named Bar.", 1),
        ("Flying", None),
    ],
)
def test_own_copy_limit_from_text(text, limit):
    assert own_limit_from_text(text) == limit


def test_forge_deck_limit_is_used():
    card = build_card([face("Nazgûl", "{2}{B}", "Creature — Wraith Knight", "Deathtouch")],
                      deck_limit=9)  # fmt: skip
    assert card.own_copy_limit == 9


def test_set_color_id():
    assert set_color_id_from_text("As you create your deck, circle two of the colors below.") == 2
    spires = build_card([face("Cryptic Spires", "", "Land",
                              "As you create your deck, circle two of the colors below.")])  # fmt: skip
    assert spires.set_color_id == 2
    assert build_card([face("Cryptic Spires", "", "Land")], set_color_id=2).set_color_id == 2


def test_commander_text_and_wild_colour_and_command_zone_creature():
    unl = build_card([face("The Unluckiest Planeswalker", "{2}{R}", "Legendary Planeswalker",
                           "The Unluckiest Planeswalker can be your commander.")])  # fmt: skip
    assert unl.commander_text
    piper = build_card([face("The Prismatic Piper", "{5}", "Legendary Creature — Shapeshifter",
                             "If The Prismatic Piper is your commander, choose a color before the "
                             "game begins. The Prismatic Piper is the chosen color.\nPartner "
                             "(You can have two commanders if both have partner.)",
                             keywords=["Partner"])])  # fmt: skip
    assert piper.wild_color and piper.partner.plain
    grist = build_card([face("Grist, the Hunger Tide", "{1}{B}{G}", "Legendary Planeswalker — Grist",
                             "As long as Grist isn't on the battlefield, it's a 1/1 Insect creature "
                             "in addition to its other types.")])  # fmt: skip
    assert grist.creature_in_command_zone and not grist.commander_text


def test_keywords_union_of_faces_and_companion():
    lurrus = build_card([face("Lurrus of the Dream-Den", "{1}{W/B}{W/B}", "Legendary Creature — Cat Nightmare",
                              "Companion — Each permanent card in your starting deck has mana value 2 or less.\nLifelink",
                              keywords=["Companion", "Lifelink"])])  # fmt: skip
    assert lurrus.companion and lurrus.keywords == {"Companion", "Lifelink"}
    plain = build_card([face("Bear", "{1}{G}", "Creature — Bear")])
    assert not plain.companion and plain.keywords == frozenset()


def test_partner_kinds():
    pir = build_card([face("Pir, Imaginative Rascal", "{2}{G}", "Legendary Creature — Human",
                           "Partner with Toothy, Imaginary Friend (When this creature enters, ...)",
                           keywords=["Partner", "Partner with"])])  # fmt: skip
    assert pir.partner.with_names == {"Toothy, Imaginary Friend"} and not pir.partner.plain
    forge_pir = build_card([face("Pir, Imaginative Rascal", "{2}{G}", "Legendary Creature — Human")],
                           partner_with=["Toothy, Imaginary Friend"])  # fmt: skip
    assert forge_pir.partner.with_names == {"Toothy, Imaginary Friend"}
    ff_new = build_card([face("Hero A", "{1}{W}", "Legendary Creature — Human",
                              "Partner—Friends forever (You can have two commanders if both have this ability.)")])  # fmt: skip
    ff_old = build_card([face("Hero B", "{1}{U}", "Legendary Creature — Human",
                              "Friends forever (You can have two commanders if both have friends forever.)")])  # fmt: skip
    assert ff_new.partner.types == ff_old.partner.types == {"friends forever"}
    wilson = build_card([face("Wilson, Refined Grizzly", "{1}{G}", "Legendary Creature — Bear Warrior",
                              "Choose a Background (You can have a Background as a second commander.)")])  # fmt: skip
    assert wilson.partner.choose_background
    giants = build_card(
        [face("Raised by Giants", "{5}{G}", "Legendary Enchantment — Background", "...")]
    )
    assert giants.partner.is_background
    doctor = build_card(
        [face("The Tenth Doctor", "{3}{U}{R}", "Legendary Creature — Time Lord Doctor")]
    )
    assert doctor.partner.is_doctor
    not_doctor = build_card(
        [face("Dr. Who", "{3}{U}{R}", "Legendary Creature — Time Lord Doctor Human")]
    )
    assert not not_doctor.partner.is_doctor
    rose = build_card([face("Rose Tyler", "{1}{W}", "Legendary Creature — Human",
                            "Doctor's companion (You can have two commanders if the other is the Doctor.)")])  # fmt: skip
    assert rose.partner.doctors_companion


def test_overlay_has_thirteen_cards_in_merged_form():
    overlay = deckrule_overlay()
    assert len(overlay) == 13
    assert "The Covert Blue Mage" in overlay
    for rules in overlay.values():
        for rule in rules:
            assert "Type:" not in rule  # merged form, no legacy prefixes
            assert "ActiveSection$ Commander" in rule
    assert overlay["Tolabow, Loch Rascal"] == (
        "ColorIdentity:AllowedAdditionalColor$ 1 | AllowedAdditionalColorType$ Instant,Sorcery | "
        "Exempt$ Basic.Land | ActiveSection$ Commander | Description$ Rulebreaker — If CARDNAME is "
        "your commander, the color identity of instant and sorcery cards in your deck can include "
        "one color of your choice not in your commander's color identity, and your deck can have "
        "any basic land cards.",
    )


def test_overlay_fills_sources_without_rules_and_source_rules_replace_it():
    f = face("Tolabow, Loch Rascal", "{2}{U}{U}", "Legendary Creature — Otter")
    from_overlay = build_card([f])
    assert len(from_overlay.deck_rule_lines) == 1
    assert from_overlay.deck_rule_lines[0].face == "Tolabow, Loch Rascal"
    assert from_overlay.deck_rule_lines[0].text.startswith(
        "ColorIdentity:AllowedAdditionalColor$ 1 |"
    )
    own = DeckRuleLine("Tolabow, Loch Rascal", "ColorIdentity:Exempt$ Type:Basic.Land")
    assert build_card([f], deck_rule_lines=[own]).deck_rule_lines == (own,)
    assert build_card([face("Bear", "{1}{G}", "Creature — Bear")]).deck_rule_lines == ()
