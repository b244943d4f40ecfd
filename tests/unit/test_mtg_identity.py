"""Colour identity (mtg-rules.md §2) on the spec's test cards, faces written by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.games.mtg.build import build_card, parse_type_line
from deckeditor.games.mtg.card import Face, Layout
from deckeditor.games.mtg.colors import letters, mask
from deckeditor.games.mtg.identity import card_identity, face_identity, strip_reminder
from deckeditor.games.mtg.mana import (
    ManaCostError,
    cost_colors,
    from_compact,
    from_forge,
    mana_value,
    text_mana_colors,
)


def face(name, cost="", type_line="", text="", indicator=None, colors=None):
    supers, types, subs = parse_type_line(type_line)
    return Face(
        name=name,
        mana_cost=cost,
        colors=cost_colors(cost) if colors is None else colors,
        color_indicator=mask(indicator) if indicator else None,
        supertypes=supers,
        types=types,
        subtypes=subs,
        oracle_text=text,
        mana_value=mana_value(cost),
    )


def ident(*faces, layout=Layout.NORMAL) -> str:
    return letters(card_identity(layout, tuple(faces)))


CASES = {
    "Tolabow, Loch Rascal": (
        [face("Tolabow, Loch Rascal", "{2}{U}{U}", "Legendary Creature — Otter",
              "Rulebreaker — If Tolabow, Loch Rascal is your commander, ...\nWhenever you cast an "
              "instant or sorcery spell, create a 1/1 blue and red Otter creature token with "
              "prowess. (Whenever you cast a noncreature spell, it gets +1/+1 until end of turn.)")],
        Layout.NORMAL, "U"),
    "Esika": (
        [face("Esika, God of the Tree", "{1}{G}{G}", "Legendary Creature — God",
              "Vigilance\n{T}: Add one mana of any color."),
         face("The Prismatic Bridge", "{W}{U}{B}{R}{G}", "Legendary Enchantment",
              "At the beginning of your upkeep, reveal cards ...")],
        Layout.MODAL_DFC, "WUBRG"),
    "Delver of Secrets": (
        [face("Delver of Secrets", "{U}", "Creature — Human Wizard", "At the beginning of ..."),
         face("Insectile Aberration", "", "Creature — Human Insect", "Flying", indicator="U")],
        Layout.TRANSFORM, "U"),
    "Civilized Scholar": (
        [face("Civilized Scholar", "{2}{U}", "Creature — Human Advisor",
              "{T}: Draw a card, then discard a card. If a creature card is discarded this way, "
              "untap Civilized Scholar, then transform it."),
         face("Homicidal Brute", "", "Creature — Human Mutant",
              "At the beginning of your end step, if Homicidal Brute didn't attack this turn, "
              "tap Homicidal Brute, then transform it.", indicator="R")],
        Layout.TRANSFORM, "UR"),
    "Fire // Ice": (
        [face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose ..."),
         face("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card.")],
        Layout.SPLIT, "UR"),
    "Syndic of Tithes": (
        [face("Syndic of Tithes", "{2}{W}", "Creature — Human Cleric",
              "Extort (Whenever you cast a spell, you may pay {W/B}. If you do, each opponent "
              "loses 1 life and you gain that much life.)")],
        Layout.NORMAL, "W"),
    "Kitchen Finks": (
        [face("Kitchen Finks", "{1}{G/W}{G/W}", "Creature — Ouphe",
              "When Kitchen Finks enters, you gain 2 life.\nPersist (When this creature dies, if "
              "it had no -1/-1 counters on it, return it to the battlefield under its owner's "
              "control with a -1/-1 counter on it.)")],
        Layout.NORMAL, "WG"),
    "Dismember": (
        [face("Dismember", "{1}{B/P}{B/P}", "Instant",
              "({B/P} can be paid with either {B} or 2 life.)\nTarget creature gets -5/-5 until "
              "end of turn.")],
        Layout.NORMAL, "B"),
    "General Tazri": (
        [face("General Tazri", "{4}{W}", "Legendary Creature — Human Ally",
              "When General Tazri enters, you may search your library for an Ally creature "
              "card, reveal it, put it into your hand, then shuffle.\n{W}{U}{B}{R}{G}: Ally "
              "creatures you control get +X/+X until end of turn, where X is the number of "
              "colors among those creatures.")],
        Layout.NORMAL, "WUBRG"),
    "City of Brass": (
        [face("City of Brass", "", "Land",
              "Whenever City of Brass becomes tapped, it deals 1 damage to you.\n{T}: Add one "
              "mana of any color.")],
        Layout.NORMAL, ""),
    "Tundra": ([face("Tundra", "", "Land — Plains Island", "({T}: Add {W} or {U}.)")],
               Layout.NORMAL, "WU"),
    "Hallowed Fountain": (
        [face("Hallowed Fountain", "", "Land — Plains Island",
              "({T}: Add {W} or {U}.)\nAs Hallowed Fountain enters, you may pay 2 life. If you "
              "don't, it enters tapped.")],
        Layout.NORMAL, "WU"),
    "Murmuring Bosk": (
        [face("Murmuring Bosk", "", "Land — Forest",
              "({T}: Add {G}.)\nMurmuring Bosk enters tapped.\n{T}: Add {W} or {B}. Murmuring "
              "Bosk deals 1 damage to you.")],
        Layout.NORMAL, "WBG"),
    "Snow-Covered Island": (
        [face("Snow-Covered Island", "", "Basic Snow Land — Island", "({T}: Add {U}.)")],
        Layout.NORMAL, "U"),
    "Wastes": ([face("Wastes", "", "Basic Land", "{T}: Add {C}.")], Layout.NORMAL, ""),
    "Dryad Arbor": (
        [face("Dryad Arbor", "", "Land Creature — Forest Dryad",
              "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has "
              "\"{T}: Add {G}.\")", indicator="G")],
        Layout.NORMAL, "G"),
    "Ruination Guide": (
        [face("Ruination Guide", "{2}{U}", "Creature — Eldrazi Drone",
              "Devoid (This card has no color.)\nIngest\nOther colorless creatures you control "
              "get +1/+0.", colors=0)],
        Layout.NORMAL, "U"),
    # §2 "Where Forge deviates": a colourless CDA does not remove the cost's colour.
    "Ghostfire": (
        [face("Ghostfire", "{2}{R}", "Instant",
              "Ghostfire is colorless.\nGhostfire deals 3 damage to any target.", colors=0)],
        Layout.NORMAL, "R"),
    "Transguild Courier": (
        [face("Transguild Courier", "{4}", "Artifact Creature — Golem",
              "Transguild Courier is all colors.")],
        Layout.NORMAL, "WUBRG"),
    "Fallaji Wayfarer": (
        [face("Fallaji Wayfarer", "{2}{G}", "Creature — Human Scout",
              "Fallaji Wayfarer is all colors. This ability doesn't affect its color identity. "
              "(It can be in any deck whose commander's color identity includes green.)")],
        Layout.NORMAL, "G"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_identity_of_spec_test_cards(name):
    faces, layout, expected = CASES[name]
    assert ident(*faces, layout=layout) == expected


def test_identity_via_build_card_matches():
    faces, layout, expected = CASES["Esika"]
    card = build_card(faces, layout)
    assert letters(card.identity) == expected
    assert card.name == "Esika, God of the Tree // The Prismatic Bridge"


def test_colour_words_never_count():
    f = face("X", "{1}", "Sorcery", "Create a blue and red Otter. Destroy target green creature.")
    assert face_identity(f) == 0


def test_non_mana_braced_tokens_are_not_mana():
    assert text_mana_colors("{T}, {E}, {CHAOS}, {PW}, {Q}: do it") == 0
    assert letters(text_mana_colors("{2/W}{C/G}{HR}{U/P}{B/G/P}")) == "WUBRG"


def test_reminder_text_is_every_parenthesised_span():
    assert strip_reminder("A (b {W}) c (d)") == "A  c "


def test_specialize_variants_do_not_count():
    front = face("Lae'zel", "{1}{W}", "Legendary Creature — Human")
    variant = face("Lae'zel, Blessed", "{1}{W}{B}", "Legendary Creature — Human")
    assert ident(front, variant, layout=Layout.SPECIALIZE) == "W"
    assert ident(front, variant, layout=Layout.TRANSFORM) == "WB"


@pytest.mark.parametrize(
    ("forge", "braces"),
    [
        ("2 U U", "{2}{U}{U}"),
        ("no cost", ""),
        ("X R", "{X}{R}"),
        ("W/U", "{W/U}"),
        ("1 W/B W/B", "{1}{W/B}{W/B}"),
        ("BR", "{B/R}"),
        ("UW", "{W/U}"),
        ("PR", "{R/P}"),
        ("B/P", "{B/P}"),
        ("2/W", "{2/W}"),
        ("C", "{C}"),
        ("S", "{S}"),
        ("G/U/P", "{G/U/P}"),
    ],
)
def test_forge_cost_notation(forge, braces):
    assert from_forge(forge) == braces


def test_cockatrice_cost_notation():
    assert from_compact("1U/RU/R") == "{1}{U/R}{U/R}"
    assert from_compact("3U/P") == "{3}{U/P}"
    assert from_compact("X2U") == "{X}{2}{U}"
    assert from_compact("{2}{W/U}") == "{2}{W/U}"


def test_bad_forge_cost_is_a_clear_error():
    with pytest.raises(ManaCostError, match="Q"):
        from_forge("2 Q")


@pytest.mark.parametrize(
    ("cost", "mv"),
    [("{2}{U}{U}", 4), ("{X}{R}", 1), ("{2/W}{2/W}", 4), ("{1}{B/P}{B/P}", 3), ("", 0),
     ("{C}{S}", 2), ("{W/U}", 1), ("{HW}", 0.5), ("{10}", 10)],
)  # fmt: skip
def test_mana_value(cost, mv):
    assert mana_value(cost) == mv


def test_cost_colours():
    assert letters(cost_colors("{1}{G/W}{G/W}")) == "WG"
    assert cost_colors("{2}{C}{S}{X}") == 0


@settings(deadline=None)
@given(st.text(max_size=60))
def test_identity_never_raises_on_any_text(text):
    f = face("Any", "", "Creature", text)
    assert 0 <= face_identity(f) <= 31


@settings(deadline=None)
@given(st.text(alphabet="0123456789WUBRGCXSP/ ", max_size=20))
def test_forge_cost_parser_only_raises_its_error(text):
    try:
        out = from_forge(text)
    except ManaCostError:
        return
    assert 0 <= cost_colors(out) <= 31
