"""Cockatrice card database XML (format 4 and 3), via defusedxml; real spoiler files too."""

from __future__ import annotations

import tarfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.games.mtg.card import Layout
from deckeditor.games.mtg.cockatrice_xml import load_cockatrice
from deckeditor.games.mtg.colors import letters
from tests.conftest import shared_data

V4 = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
  <sets><set><name>TST</name><longname>Test</longname></set></sets>
  <cards>
    <card>
      <name>Kitchen Finks</name>
      <text>When Kitchen Finks enters, you gain 2 life.
Persist (When this creature dies, ...)</text>
      <prop><colors>GW</colors><type>Creature — Ouphe</type><maintype>Creature</maintype>
        <manacost>1G/WG/W</manacost><cmc>3</cmc><coloridentity>GW</coloridentity><pt>3/2</pt></prop>
      <set rarity="uncommon">SHM</set>
    </card>
    <card>
      <name>Kitchen Finks</name><text>same</text>
      <prop><colors>GW</colors><type>Creature — Ouphe</type><manacost>1G/WG/W</manacost><pt>3/2</pt></prop>
      <set>MM2</set>
    </card>
    <card>
      <name>Fire // Ice</name><text>Fire deals 2 damage ...</text>
      <prop><colors>RU</colors><type>Instant // Instant</type><manacost>1R // 1U</manacost><cmc>4</cmc></prop>
      <set>APC</set>
    </card>
    <card>
      <name>Delver of Secrets</name><text>At the beginning of your upkeep, ...</text>
      <prop><colors>U</colors><type>Creature — Human Wizard</type><manacost>U</manacost><pt>1/1</pt></prop>
      <related attach="transform">Insectile Aberration</related>
      <set>ISD</set>
    </card>
    <card>
      <name>Insectile Aberration</name><text>Flying</text>
      <prop><colors>U</colors><type>Creature — Human Insect</type><pt>3/2</pt><side>back</side></prop>
      <set>ISD</set>
    </card>
    <card><text>no name here</text><set>TST</set></card>
    <card>
      <name>Bad Cost</name><prop><type>Instant</type><manacost>2Q</manacost></prop><set>TST</set>
    </card>
  </cards>
</cockatrice_carddatabase>
"""

V3 = """<?xml version="1.0"?>
<cockatrice_carddatabase version="3"><cards>
  <card><name>Lightning Bolt</name><set>LEA</set><color>R</color><manacost>R</manacost>
    <type>Instant</type><text>Lightning Bolt deals 3 damage to any target.</text></card>
</cards></cockatrice_carddatabase>
"""

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<cockatrice_carddatabase version="4"><cards><card><name>&lol2;</name></card></cards></cockatrice_carddatabase>
"""


def test_format_4(tmp_path):
    path = tmp_path / "cards.xml"
    path.write_text(V4, encoding="utf-8")
    cards, issues = load_cockatrice(path)
    by = {c.name: c for c in cards}
    assert sorted(by) == [
        "Delver of Secrets // Insectile Aberration",
        "Fire // Ice",
        "Kitchen Finks",
    ]
    finks = by["Kitchen Finks"]
    assert finks.front.mana_cost == "{1}{G/W}{G/W}" and finks.mana_value == 3
    assert letters(finks.identity) == "WG" and finks.printings == ("SHM", "MM2")
    assert finks.front.power == "3" and finks.front.toughness == "2"
    fire = by["Fire // Ice"]
    assert fire.layout is Layout.SPLIT and fire.mana_value == 4 and letters(fire.identity) == "UR"
    delver = by["Delver of Secrets // Insectile Aberration"]
    assert delver.layout is Layout.TRANSFORM and delver.faces[1].color_indicator == 2
    assert sorted(i.where for i in issues) == ["card #6", "card #7 (Bad Cost)"]


def test_format_3(tmp_path):
    path = tmp_path / "cards.xml"
    path.write_text(V3, encoding="utf-8")
    cards, issues = load_cockatrice(path)
    assert [(c.name, letters(c.identity)) for c in cards] == [
        ("Lightning Bolt", "R")
    ] and not issues


def test_entities_are_refused(tmp_path):
    path = tmp_path / "cards.xml"
    path.write_text(BILLION_LAUGHS, encoding="utf-8")
    cards, issues = load_cockatrice(path)
    assert cards == [] and issues[0].where == "file"


def test_broken_xml_keeps_cards_before_the_break(tmp_path):
    path = tmp_path / "cards.xml"
    path.write_text(V3.replace("</cards>", "<card><name>x</cards>"), encoding="utf-8")
    cards, issues = load_cockatrice(path)
    assert [c.name for c in cards] == ["Lightning Bolt"]
    assert issues[0].where == "file"


@pytest.mark.realdata
def test_real_spoiler_files(tmp_path):
    archive = shared_data("mtg", "magic-spoiler-cockatrice-xml-2019-2025.tar.xz")
    with tarfile.open(archive) as tf:
        members = [m for m in tf.getmembers() if m.name.endswith(".xml")]
        tf.extractall(tmp_path, members=members, filter="data")
    total = 0
    for m in members:
        cards, issues = load_cockatrice(tmp_path / m.name)
        assert not [i for i in issues if i.severity == "error"], (m.name, issues[:3])
        total += len(cards)
    assert len(members) == 198 and total > 15000


FORMAT3_QUIRKS = """<?xml version="1.0"?>
<cockatrice_carddatabase version="3"><cards>
  <card><name>Nezumi Shortfang // Stabwhisker the Odious</name><set>FMB1</set><manacost>1B</manacost>
    <color>B</color><type>Creature - Rat Rogue // Legendary Creature - Rat Shaman</type><pt>1/1</pt></card>
  <card><name>Smoky Lounge // Misty Salon</name><set>DSK</set><manacost>2R // 3U</manacost>
    <type>Enchantment — Room // Enchantment — Room</type></card>
  <card><name>Hearthhull, the Worldseed</name><set>EOE</set><manacost>1BRG</manacost>
    <type>Legendary Artifact — Spacecraft</type><text>Station
STATION 8+
Flying
6/7</text></card>
</cards></cockatrice_carddatabase>
"""


def test_layout_guess_and_spacecraft_power(tmp_path):
    from deckeditor.games.mtg.commander import can_be_commander

    path = tmp_path / "cards.xml"
    path.write_text(FORMAT3_QUIRKS, encoding="utf-8")
    by = {c.name: c for c in load_cockatrice(path)[0]}
    flip = by["Nezumi Shortfang // Stabwhisker the Odious"]
    assert flip.layout is Layout.TRANSFORM and not can_be_commander(flip)  # front is not legendary
    room = by["Smoky Lounge // Misty Salon"]
    assert room.layout is Layout.SPLIT and letters(room.identity) == "UR" and room.mana_value == 7
    ship = by["Hearthhull, the Worldseed"]
    assert (ship.front.power, ship.front.toughness) == ("6", "7") and can_be_commander(ship)


_XML_PART = st.sampled_from(
    ["<card>", "</card>", "<name>A</name>", "<name>B // C</name>", "<name></name>", "<prop>",
     "</prop>", "<manacost>2Q</manacost>", "<manacost>1U/RU/R</manacost>", "<manacost>1R // 1U</manacost>",
     "<type>Instant // Sorcery</type>", "<type>Legendary Creature — Time Lord Doctor</type>",
     "<pt>1/1</pt>", "<colors>GW</colors>", "<color>R</color>", "<side>back</side>",
     '<related attach="transform">A</related>', "<set>X</set>", "<text>A is all colors.</text>", "&amp;", "<"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_XML_PART, max_size=16))
def test_any_xml_gives_cards_or_issues_never_an_exception(tmp_path_factory, parts):
    path = tmp_path_factory.mktemp("xml") / "cards.xml"
    path.write_text("<cockatrice_carddatabase version='4'><cards>" + "".join(parts) + "</cards></cockatrice_carddatabase>",
                    encoding="utf-8")  # fmt: skip
    cards, issues = load_cockatrice(path)
    assert all(c.name for c in cards)
    assert all(i.where for i in issues)
