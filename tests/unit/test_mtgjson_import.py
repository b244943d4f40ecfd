"""MTGJSON AtomicCards import: shapes, compression, bad records, identity mismatches."""

from __future__ import annotations

import gzip
import json
import lzma
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.games.mtg.card import Layout
from deckeditor.games.mtg.colors import letters
from deckeditor.games.mtg.mtgjson import MtgjsonError, load_mtgjson

FIRE_ICE = [
    {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
     "manaValue": 4.0, "faceManaValue": 2.0, "colors": ["U"], "colorIdentity": ["R", "U"],
     "type": "Instant", "types": ["Instant"], "supertypes": [], "subtypes": [],
     "text": "Tap target permanent.\nDraw a card.", "printings": ["MH2", "APC"]},
    {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
     "manaValue": 4.0, "faceManaValue": 2.0, "colors": ["R"], "colorIdentity": ["R", "U"],
     "type": "Instant", "types": ["Instant"], "supertypes": [], "subtypes": [],
     "text": "Fire deals 2 damage divided as you choose among one or two targets.",
     "printings": ["APC"], "someFutureKey": {"ignored": True}},
]  # fmt: skip
DOCTOR = [
    {"name": "The Tenth Doctor", "layout": "normal", "manaCost": "{3}{U}{R}", "manaValue": 5.0,
     "colors": ["R", "U"], "colorIdentity": ["R", "U"], "type": "Legendary Creature — Time Lord Doctor",
     "types": ["Creature"], "supertypes": ["Legendary"], "subtypes": ["Time Lord", "Doctor"],
     "power": "3", "toughness": "5", "text": "Allons-y! — ...", "keywords": [],
     "leadershipSkills": {"brawl": False, "commander": True, "oathbreaker": False},
     "printings": ["WHO"]},
]  # fmt: skip
TOLABOW = [
    {"name": "Tolabow, Loch Rascal", "layout": "normal", "manaCost": "{2}{U}{U}", "manaValue": 4,
     "colors": ["U"], "colorIdentity": ["U"], "type": "Legendary Creature — Otter",
     "types": ["Creature"], "supertypes": ["Legendary"], "subtypes": ["Otter"], "power": "3",
     "toughness": "2", "text": "Rulebreaker — ...\nWhenever you cast an instant or sorcery spell, "
     "create a 1/1 blue and red Otter creature token with prowess."},
]  # fmt: skip
LIAR = [  # claims an identity we do not compute: a warning, the card is kept
    {"name": "Liar", "layout": "normal", "manaCost": "{G}", "manaValue": 1, "colors": ["G"],
     "colorIdentity": ["B", "G"], "type": "Creature — Elf", "types": ["Creature"],
     "supertypes": [], "subtypes": ["Elf"], "power": "1", "toughness": "1"},
]  # fmt: skip


def doc(data) -> dict:
    return {"meta": {"version": "5.2.2", "date": "2026-01-03"}, "data": data}


def write(tmp_path, name, data, how="json"):
    raw = json.dumps(doc(data)).encode()
    path = tmp_path / name
    if how == "xz":
        raw = lzma.compress(raw)
    elif how == "gz":
        raw = gzip.compress(raw)
    elif how == "zip":
        with zipfile.ZipFile(path, "w") as zf:
            zf.writestr("AtomicCards.json", raw)
        return path
    path.write_bytes(raw)
    return path


@pytest.mark.parametrize(
    ("name", "how"),
    [("AtomicCards.json", "json"), ("AtomicCards.json.xz", "xz"), ("AtomicCards.json.gz", "gz"),
     ("AtomicCards.json.zip", "zip")],
)  # fmt: skip
def test_every_container(tmp_path, name, how):
    path = write(tmp_path, name, {"Fire // Ice": FIRE_ICE, "The Tenth Doctor": DOCTOR}, how)
    cards, issues = load_mtgjson(path)
    assert issues == []
    by = {c.name: c for c in cards}
    fire = by["Fire // Ice"]
    assert fire.layout is Layout.SPLIT and [f.name for f in fire.faces] == ["Fire", "Ice"]
    assert fire.mana_value == 4 and letters(fire.identity) == "UR"
    assert fire.source_identity == fire.identity
    assert fire.printings == ("APC", "MH2")
    doctor = by["The Tenth Doctor"]
    assert doctor.partner.is_doctor and doctor.front.subtypes == ("Time Lord", "Doctor")
    assert doctor.extra["leadershipSkills"]["commander"] is True


def test_overlay_gives_rulebreakers_their_rules(tmp_path):
    cards, _ = load_mtgjson(write(tmp_path, "a.json", {"Tolabow, Loch Rascal": TOLABOW}))
    (tolabow,) = cards
    assert letters(tolabow.identity) == "U"
    assert len(tolabow.deck_rule_lines) == 1
    assert "AllowedAdditionalColorType$ Instant,Sorcery" in tolabow.deck_rule_lines[0].text


def test_identity_mismatch_is_a_warning_and_the_card_is_kept(tmp_path):
    cards, issues = load_mtgjson(write(tmp_path, "a.json", {"Liar": LIAR}))
    assert [c.name for c in cards] == ["Liar"]
    assert len(issues) == 1 and issues[0].severity == "warning"
    assert issues[0].where == 'data["Liar"].colorIdentity'
    assert "BG" in issues[0].message and "computed G" in issues[0].message


def test_bad_records_are_reported_with_their_path_and_neighbours_survive(tmp_path):
    data = {
        "Fire // Ice": FIRE_ICE,
        "Broken A": "not a list",
        "Broken B": [{"name": "Broken B", "manaCost": 5}],
        "Broken C": [],
        "Broken D": [{"name": "Broken D", "manaCost": "2 U"}],
        "The Tenth Doctor": DOCTOR,
    }
    cards, issues = load_mtgjson(write(tmp_path, "a.json", data))
    assert sorted(c.name for c in cards) == ["Fire // Ice", "The Tenth Doctor"]
    errors = {i.where for i in issues if i.severity == "error"}
    assert errors == {
        'data["Broken A"]',
        'data["Broken B"]',
        'data["Broken C"]',
        'data["Broken D"]',
    }


def test_unusable_files_raise_one_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MtgjsonError, match="not valid JSON"):
        load_mtgjson(bad)
    arr = tmp_path / "arr.json"
    arr.write_text("[]", encoding="utf-8")
    with pytest.raises(MtgjsonError, match="data"):
        load_mtgjson(arr)


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=10), _JUNK, max_size=5))
def test_junk_records_never_lose_good_ones(tmp_path_factory, junk):
    data = {f"junk {k}": v for k, v in junk.items()}
    data["Fire // Ice"] = FIRE_ICE
    path = write(tmp_path_factory.mktemp("mj"), "a.json", data)
    cards, issues = load_mtgjson(path)
    assert "Fire // Ice" in {c.name for c in cards}
    assert len(cards) + len([i for i in issues if i.severity == "error"]) == len(data)
