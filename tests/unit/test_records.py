"""Card records: every MTG card round-trips exactly through a JSON-able dict."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.carddb.records import (
    RecordError,
    from_record,
    game_of,
    to_record,
)
from deckeditor.games.mtg.card import Card, DeckRuleLine, Face, Layout, PartnerInfo
from deckeditor.games.mtg.card_records import mtg_from_record

text = st.text(max_size=20)
words = st.lists(st.text(min_size=1, max_size=10), max_size=3).map(tuple)
opt_text = st.none() | text
mask = st.integers(min_value=0, max_value=31)
finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6)

faces = st.builds(
    Face,
    name=st.text(min_size=1, max_size=20),
    mana_cost=text,
    colors=mask,
    color_indicator=st.none() | mask,
    supertypes=words,
    types=words,
    subtypes=words,
    power=opt_text,
    toughness=opt_text,
    loyalty=opt_text,
    defense=opt_text,
    oracle_text=st.text(max_size=80),
    keywords=words,
    mana_value=finite,
)

partners = st.builds(
    PartnerInfo,
    plain=st.booleans(),
    with_names=st.frozensets(text, max_size=2),
    types=st.frozensets(text, max_size=2),
    choose_background=st.booleans(),
    doctors_companion=st.booleans(),
    is_background=st.booleans(),
    is_doctor=st.booleans(),
)

json_scalars = st.none() | st.booleans() | st.integers(-1000, 1000) | text
extras = st.dictionaries(
    st.text(max_size=8), json_scalars | st.lists(json_scalars, max_size=3), max_size=3
)

cards = st.builds(
    Card,
    name=st.text(min_size=1, max_size=30),
    layout=st.sampled_from(list(Layout)),
    faces=st.lists(faces, min_size=1, max_size=3).map(tuple),
    mana_value=finite,
    identity=mask,
    keywords=st.frozensets(text, max_size=4),
    deck_rule_lines=st.lists(st.builds(DeckRuleLine, face=text, text=text), max_size=2).map(tuple),
    own_copy_limit=st.none() | st.integers(0, 999),
    set_color_id=st.integers(0, 5),
    partner=partners,
    commander_text=st.booleans(),
    creature_in_command_zone=st.booleans(),
    wild_color=st.booleans(),
    companion=st.booleans(),
    printings=words,
    source_identity=st.none() | mask,
    extra=extras,
)


@given(cards)
@settings(max_examples=300)
def test_mtg_card_round_trips_through_json(card: Card) -> None:
    record = to_record(card)
    # The record is plain JSON: it survives a dump/load unchanged.
    again = from_record(json.loads(json.dumps(record)), "mtg")
    assert again == card
    assert again.extra == card.extra
    # Field by field too (compare=False fields and the float type included).
    for name in Card.__dataclass_fields__:
        assert getattr(again, name) == getattr(card, name), name
    assert type(again.mana_value) is type(card.mana_value)


def test_defaults_are_left_out() -> None:
    card = Card(name="Island", layout=Layout.NORMAL, faces=(Face(name="Island"),))
    assert to_record(card) == {"name": "Island", "layout": "normal", "faces": [{"name": "Island"}]}
    assert game_of(card) == "mtg"


def test_real_card_record_shape() -> None:
    card = Card(
        name="Fire // Ice",
        layout=Layout.SPLIT,
        faces=(
            Face(name="Fire", mana_cost="{1}{R}", colors=8, types=("Instant",), mana_value=2.0),
            Face(name="Ice", mana_cost="{1}{U}", colors=2, types=("Instant",), mana_value=2.0),
        ),
        mana_value=4.0,
        identity=10,
        partner=PartnerInfo(with_names=frozenset({"B", "A"})),
    )
    rec = to_record(card)
    assert rec["faces"][0] == {
        "name": "Fire",
        "mana_cost": "{1}{R}",
        "colors": 8,
        "types": ["Instant"],
        "mana_value": 2.0,
    }
    assert rec["identity"] == 10
    assert rec["partner"] == {"with_names": ["A", "B"]}
    assert mtg_from_record(rec) == card


@pytest.mark.parametrize(
    "bad, message",
    [
        ([], "must be an object"),
        ({"faces": [{"name": "x"}]}, "'name'"),
        ({"name": "X", "faces": []}, "'faces'"),
        ({"name": "X", "faces": [{"name": "X"}], "layout": "weird"}, "unknown layout 'weird'"),
        (
            {"name": "X", "faces": [{"name": "X", "colour": 1}]},
            "faces[0]: unknown face key 'colour'",
        ),
        ({"name": "X", "faces": [{"name": "X"}], "bogus": 1}, "unknown key 'bogus'"),
        ({"name": "X", "faces": [{"name": "X"}], "partner": {"pal": True}}, "unknown partner key"),
    ],
)
def test_bad_records_raise_a_clear_error(bad, message) -> None:
    with pytest.raises(RecordError) as err:
        mtg_from_record(bad)
    assert message in str(err.value)


def test_unknown_game_is_an_error() -> None:
    with pytest.raises(RecordError, match="unknown game"):
        from_record({"name": "x"}, "poker")


@given(st.lists(cards, max_size=5))
@settings(max_examples=100)
def test_snapshot_blob_round_trips(cards_list) -> None:
    from deckeditor.carddb import snapshot

    codec, blob = snapshot.dump("mtg", cards_list)
    assert codec == snapshot.TUPLES_RAW
    again, index = snapshot.load("mtg", codec, blob)
    assert again == cards_list and index is None
    for a, b in zip(again, cards_list):
        assert a.extra == b.extra and type(a.mana_value) is type(b.mana_value)
        assert a.extra is not b.extra


def test_a_compressed_tuple_snapshot_written_earlier_is_still_read() -> None:
    import zlib

    from deckeditor.carddb import snapshot
    from deckeditor.carddb.starter import starter_pool

    pool = list(starter_pool("mtg"))
    _codec, blob = snapshot.dump("mtg", pool)
    assert snapshot.load("mtg", snapshot.TUPLES, zlib.compress(blob, 1)) == (pool, None)


def test_snapshot_of_the_starter_pool() -> None:
    from deckeditor.carddb import snapshot
    from deckeditor.carddb.starter import starter_pool

    pool = list(starter_pool("mtg"))
    assert snapshot.load("mtg", *snapshot.dump("mtg", pool)) == (pool, None)
    # Cards of another kind fall back to pickle.
    codec, blob = snapshot.dump("riftbound", [("not", "a card")])
    assert codec == snapshot.PICKLE
    assert snapshot.load("riftbound", codec, blob) == ([("not", "a card")], None)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=10,
)
record_keys = st.sampled_from(
    ["name", "layout", "faces", "mana_value", "identity", "keywords", "deck_rule_lines",
     "partner", "printings", "extra", "own_copy_limit"]
)  # fmt: skip


@given(st.dictionaries(record_keys, json_values, max_size=8))
@settings(max_examples=300)
def test_garbage_records_raise_record_error_only(rec) -> None:
    try:
        mtg_from_record(rec)
    except RecordError:
        pass


@given(st.lists(json_values, max_size=3))
@settings(max_examples=200)
def test_garbage_faces_raise_record_error_only(faces) -> None:
    try:
        mtg_from_record({"name": "X", "faces": faces, "deck_rule_lines": faces})
    except RecordError:
        pass


face_keys = st.sampled_from(["name", "supertypes", "types", "keywords", "colors", "power"])


@given(st.lists(st.dictionaries(face_keys, json_values, max_size=4), min_size=1, max_size=2))
@settings(max_examples=300)
def test_garbage_face_fields_raise_record_error_only(faces) -> None:
    try:
        mtg_from_record({"name": "X", "faces": faces})
    except RecordError as exc:
        assert "X" in str(exc)
