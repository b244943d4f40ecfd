"""Scryfall oracle-cards import, on small files written here (shape from Scryfall's API docs)."""

from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.games.mtg.card import Layout
from deckeditor.games.mtg.colors import letters
from deckeditor.games.mtg.scryfall import ScryfallError, iter_objects, load_scryfall

BOLT = {
    "object": "card",
    "id": "x",
    "oracle_id": "y",
    "name": "Lightning Bolt",
    "layout": "normal",
    "mana_cost": "{R}",
    "cmc": 1.0,
    "type_line": "Instant",
    "oracle_text": "Lightning Bolt deals 3 damage to any target.",
    "colors": ["R"],
    "color_identity": ["R"],
    "keywords": [],
    "set": "clu",
    "legalities": {"commander": "legal"},
}
CIVILIZED = {
    "object": "card", "name": "Civilized Scholar // Homicidal Brute", "layout": "transform",
    "cmc": 3.0, "color_identity": ["R", "U"], "keywords": [], "set": "isd",
    "card_faces": [
        {"object": "card_face", "name": "Civilized Scholar", "mana_cost": "{2}{U}",
         "type_line": "Creature — Human Advisor", "oracle_text": "{T}: Draw a card, then discard a card.",
         "colors": ["U"], "power": "0", "toughness": "1"},
        {"object": "card_face", "name": "Homicidal Brute", "mana_cost": "",
         "type_line": "Creature — Human Mutant", "oracle_text": "At the beginning of your end step, ...",
         "colors": ["R"], "color_indicator": ["R"], "power": "5", "toughness": "1"},
    ],
}  # fmt: skip
FIRE_ICE = {
    "object": "card", "name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}",
    "cmc": 4.0, "colors": ["R", "U"], "color_identity": ["R", "U"], "keywords": [],
    "type_line": "Instant // Instant", "set": "mh2",
    "card_faces": [
        {"object": "card_face", "name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
         "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets."},
        {"object": "card_face", "name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
         "oracle_text": "Tap target permanent.\nDraw a card."},
    ],
}  # fmt: skip
PIR = {
    "object": "card", "name": "Pir, Imaginative Rascal", "layout": "normal", "mana_cost": "{2}{G}",
    "cmc": 3.0, "type_line": "Legendary Creature — Human", "colors": ["G"], "color_identity": ["G"],
    "oracle_text": "Partner with Toothy, Imaginary Friend (When this creature enters, ...)\nIf one or more counters ...",
    "keywords": ["Partner with"], "power": "1", "toughness": "1", "set": "bbd",
}  # fmt: skip
TOKEN = {
    "object": "card",
    "name": "Soldier",
    "layout": "token",
    "type_line": "Token Creature — Soldier",
}
ART = {"object": "card", "name": "Art Card", "layout": "art_series", "type_line": "Card"}


def write(tmp_path, objs, name="oracle-cards.json", gz=False):
    raw = json.dumps(objs).encode()
    path = tmp_path / name
    path.write_bytes(gzip.compress(raw) if gz else raw)
    return path


@pytest.mark.parametrize("gz", [False, True])
def test_cards_faces_and_skipped_objects(tmp_path, gz):
    path = write(
        tmp_path, [BOLT, CIVILIZED, FIRE_ICE, PIR, TOKEN, ART], "o.json.gz" if gz else "o.json", gz
    )
    cards, issues = load_scryfall(path)
    assert issues == []
    by = {c.name: c for c in cards}
    assert sorted(by) == ["Civilized Scholar // Homicidal Brute", "Fire // Ice", "Lightning Bolt",
                          "Pir, Imaginative Rascal"]  # fmt: skip
    civ = by["Civilized Scholar // Homicidal Brute"]
    assert civ.layout is Layout.TRANSFORM and letters(civ.identity) == "UR"
    assert civ.faces[1].color_indicator == 8 and civ.mana_value == 3
    fire = by["Fire // Ice"]
    assert fire.mana_value == 4 and letters(fire.identity) == "UR"
    assert fire.faces[0].colors == 8  # face colours from the face's own cost
    assert by["Lightning Bolt"].printings == ("CLU",)
    assert by["Pir, Imaginative Rascal"].partner.with_names == {"Toothy, Imaginary Friend"}


def test_bad_records_reported_by_index_neighbours_kept(tmp_path):
    objs = [BOLT, {"object": "card", "name": "Bad", "mana_cost": 3, "type_line": "Instant"}, 42,
            {"object": "card", "name": "Bad Faces", "card_faces": "nope"}, FIRE_ICE]  # fmt: skip
    cards, issues = load_scryfall(write(tmp_path, objs))
    assert sorted(c.name for c in cards) == ["Fire // Ice", "Lightning Bolt"]
    assert sorted(i.where for i in issues) == ["[1] (Bad)", "[2]", "[3] (Bad Faces)"]


def test_identity_mismatch_warns(tmp_path):
    liar = dict(BOLT, name="Liar", color_identity=["R", "G"])
    cards, issues = load_scryfall(write(tmp_path, [liar]))
    assert len(cards) == 1 and [i.severity for i in issues] == ["warning"]
    assert "color_identity" in issues[0].where


def test_broken_json_keeps_what_was_read(tmp_path):
    path = tmp_path / "o.json"
    path.write_text("[" + json.dumps(BOLT) + ", {broken", encoding="utf-8")
    cards, issues = load_scryfall(path)
    assert [c.name for c in cards] == ["Lightning Bolt"]
    assert issues[-1].where == "file" and "[1]" in issues[-1].message


def test_not_an_array(tmp_path):
    path = tmp_path / "o.json"
    path.write_text('{"data": {}}', encoding="utf-8")
    cards, issues = load_scryfall(path)
    assert cards == [] and "JSON array" in issues[0].message


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(["[", "]", ",", "{}", "1", '"x"', " ", "{", "null", "[]"]), max_size=12
    )
)
def test_array_walker_raises_only_its_error(parts):
    try:
        list(iter_objects("".join(parts)))
    except ScryfallError:
        pass


def test_reversible_card_is_its_oracle_card_and_legalities_kept(tmp_path):
    side = {
        "object": "card_face",
        "name": "Sol Ring",
        "mana_cost": "{1}",
        "type_line": "Artifact",
        "oracle_text": "{T}: Add {C}{C}.",
    }
    objs = [
        {
            "object": "card",
            "name": "Sol Ring // Sol Ring",
            "layout": "reversible_card",
            "card_faces": [side, dict(side)],
            "color_identity": [],
            "set": "sld",
            "legalities": {"commander": "legal", "vintage": "restricted", "standard": "not_legal"},
        },
        {
            "object": "card",
            "name": "Ashnod's Coupon",
            "layout": "normal",
            "mana_cost": "{0}",
            "type_line": "Artifact",
            "oracle_text": "",
            "color_identity": [],
            "set": "ugl",
            "set_type": "funny",
            "legalities": {},
        },
    ]
    path = tmp_path / "oracle.json"
    path.write_text(json.dumps(objs), encoding="utf-8")
    cards, _issues = load_scryfall(path)
    ring, coupon = cards
    assert ring.name == "Sol Ring" and len(ring.faces) == 1
    assert ring.other_names == ("Sol Ring // Sol Ring",)
    assert "commander=legal" in ring.legalities and "standard=not_legal" in ring.legalities
    assert ring.legal_source == "Scryfall"
    assert "joke" in coupon.traits
