"""riftbound.md §3.1 deck edits and §1.6 name forms; fuzzing of the two outside-input parsers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor.deck import Deck, Entry, Printing
from deckeditor.games.riftbound.deckcode import DeckCodeError, b32encode, decode
from deckeditor.games.riftbound.deckops import add_card, make_chosen_champion
from deckeditor.games.riftbound.gallery import GalleryError, load_document
from deckeditor.games.riftbound.pool import by_code, find_card, resolve_name
from tests.conftest import shared_data
from tests.support.riftbound import gallery_pool


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


def test_add_card_goes_to_the_section_for_its_type(pool):
    deck = Deck(game="riftbound")
    for name in (
        "Jinx, Loose Cannon",
        "Fury Rune",
        "Zaun Warrens",
        "Long Sword",
        "Jinx, Demolitionist",
    ):
        deck = add_card(deck, pool.get(name))
    assert [(s.name, [e.card for e in s.entries]) for s in deck.sections] == [
        ("Legend", ["Jinx, Loose Cannon"]),
        ("Main", ["Long Sword", "Jinx, Demolitionist"]),
        ("Runes", ["Fury Rune"]),
        ("Battlefields", ["Zaun Warrens"]),
    ]


def test_make_chosen_champion_swaps_and_keeps_printing(pool):
    deck = Deck(game="riftbound")
    deck = deck.add("Main", Entry("Jinx, Demolitionist", 3, Printing(code="OGN-030")))
    deck = deck.add("Main", Entry("Jinx, Rebel", 2))
    deck = make_chosen_champion(deck, 0, pool)
    assert deck.section("Champion").entries == (
        Entry("Jinx, Demolitionist", 1, Printing(code="OGN-030")),
    )
    assert deck.section("Main").count_of("Jinx, Demolitionist") == 2
    idx = [e.card for e in deck.section("Main").entries].index("Jinx, Rebel")
    deck = make_chosen_champion(deck, idx, pool)
    assert [e.card for e in deck.section("Champion").entries] == ["Jinx, Rebel"]
    assert deck.section("Main").count_of("Jinx, Demolitionist") == 3
    assert deck.section("Main").count_of("Jinx, Rebel") == 1
    with pytest.raises(ValueError, match="not a champion"):
        make_chosen_champion(
            deck.add("Main", Entry("Long Sword", 1)), len(deck.section("Main").entries), pool
        )


def test_name_forms(pool):
    assert resolve_name(pool, "Jinx - Loose Cannon").name == "Jinx, Loose Cannon"
    assert resolve_name(pool, "Loose Cannon").name == "Jinx, Loose Cannon"
    assert resolve_name(pool, "jinx, loose cannon").name == "Jinx, Loose Cannon"
    assert find_card(pool, "no such name", "ogn-30").name == "Jinx, Demolitionist"
    assert by_code(pool, "SFD-228s") is not None and by_code(pool, "UNL-T01") is None


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=80))
def test_decoder_only_raises_its_own_error_on_text(text):
    try:
        decode(text)
    except DeckCodeError:
        pass


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=60))
def test_decoder_only_raises_its_own_error_on_bytes(data):
    try:
        decode(b32encode(data) or "A")
    except DeckCodeError:
        pass


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
KEYS = ["id", "code", "name", "setId", "type", "rarity", "domains", "energy", "power", "might",
        "mightBonus", "tags", "rulesText", "abilityHtml", "effectHtml"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.dictionaries(st.sampled_from(KEYS), json_values, max_size=15), max_size=3)
    | json_values
)
def test_gallery_only_raises_its_own_error(cards):
    try:
        load_document({"cards": cards})
    except GalleryError:
        pass


VALID = {
    "id": "sfd-022-221", "code": "SFD-022/221", "name": "Long Sword", "setId": "SFD", "type": "Gear",
    "rarity": "Rare", "domains": ["Fury"], "energy": "2", "power": "1", "might": None,
    "mightBonus": "+2", "tags": ["Equipment"], "rulesText": "Riftbound Gear: Long Sword. x",
    "abilityHtml": "<p>[Equip] :rb_rune_fury:</p>", "effectHtml": None,
}  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(KEYS), json_values)
def test_gallery_mutated_entry(key, value):
    entry = dict(VALID, **{key: value})
    try:
        result = load_document({"cards": [VALID, entry]})
    except GalleryError as exc:
        assert f"cards[1].{key}" in str(exc)
    else:
        assert 1 <= len(result.cards) + len(result.tokens) <= 2
