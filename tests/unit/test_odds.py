"""Draw odds (`deckeditor.odds`) against a direct enumeration of every deck order, and against
closed forms with `math.comb`, to 1e-9."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor import odds


def enumerated(deck, wanted, k, turn, on_draw, mulligans, hand=7, keep=None):
    """The chance by brute force: every placement of the wanted cards in a shuffled deck is one
    equally likely outcome; a try is kept or mulliganed as the module's docstring says."""
    keep = k if keep is None else keep
    draws = odds.draws_by_turn(turn, on_draw)
    placements = list(combinations(range(deck), wanted))
    n = len(placements)
    mull = 0
    success_at = [0] * (mulligans + 1)
    for places in placements:
        in_hand = sum(1 for p in places if p < hand)
        drawn = sum(1 for p in places if hand <= p < hand + draws)
        if in_hand < keep:
            mull += 1
        for j in range(mulligans + 1):
            kept = j == mulligans or in_hand >= keep
            if kept and min(in_hand, hand - j) + drawn >= k:
                success_at[j] += 1
    total = Fraction(0)
    for j in range(mulligans + 1):
        total += Fraction(mull, n) ** j * Fraction(success_at[j], n)
    return total


decks = st.integers(min_value=8, max_value=15).flatmap(
    lambda deck: st.tuples(
        st.just(deck),
        st.integers(min_value=0, max_value=min(deck, 6)),  # wanted (small: C(15, 6) = 5005 orders)
        st.integers(min_value=0, max_value=4),  # k
        st.integers(min_value=0, max_value=deck - 8),  # turn (the draws fit in the deck)
        st.booleans(),
        st.integers(min_value=0, max_value=2),
    )
)


@settings(max_examples=60, deadline=None)
@given(decks)
def test_the_chance_agrees_with_enumerating_every_deck_order(case):
    deck, wanted, k, turn, on_draw, mulligans = case
    if 7 + odds.draws_by_turn(turn, on_draw) > deck:
        return
    expected = enumerated(deck, wanted, k, turn, on_draw, mulligans)
    got = odds.chance(deck, wanted, k, turn, on_draw, mulligans)
    assert abs(float(got) - float(expected)) < 1e-9


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=7, max_value=120).flatmap(
        lambda deck: st.tuples(st.just(deck), st.integers(min_value=0, max_value=deck))
    )
)
def test_at_least_one_in_the_opening_hand_is_one_minus_none(case):
    deck, wanted = case
    closed = 1 - comb(deck - wanted, 7) / comb(deck, 7)
    assert abs(float(odds.chance(deck, wanted, 1)) - closed) < 1e-9


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=10, max_value=100).flatmap(
        lambda deck: st.tuples(
            st.just(deck),
            st.integers(min_value=0, max_value=deck),
            st.integers(0, 3),
            st.integers(min_value=0, max_value=3),
        )
    )
)
def test_without_mulligans_it_is_the_hypergeometric_tail(case):
    deck, wanted, draws, k = case
    seen = 7 + draws
    tail = sum(
        comb(wanted, i) * comb(deck - wanted, seen - i) for i in range(k, min(wanted, seen) + 1)
    ) / comb(deck, seen)
    assert abs(float(odds.chance(deck, wanted, k, turn=draws, on_draw=True)) - tail) < 1e-9
    assert abs(float(odds.chance(deck, wanted, k, turn=draws + 1, on_draw=False)) - tail) < 1e-9


@settings(max_examples=100, deadline=None)
@given(st.integers(40, 100), st.integers(0, 40), st.integers(1, 3), st.integers(0, 6))
def test_more_mulligans_and_more_turns_never_lower_the_chance(deck, wanted, k, turn):
    wanted = min(wanted, deck)
    by = [odds.chance(deck, wanted, k, turn, False, m) for m in range(3)]
    assert by[0] <= by[1] <= by[2] <= 1
    assert odds.chance(deck, wanted, k, turn) <= odds.chance(deck, wanted, k, turn + 1)
    assert odds.chance(deck, wanted, k, turn, on_draw=False) <= odds.chance(
        deck, wanted, k, turn, on_draw=True
    )


@pytest.mark.parametrize(
    "deck, wanted, k, turn, on_draw, expected",
    [
        # 37 lands in 99 cards: at least 2 in the opening seven, a figure players quote (~0.80)
        (99, 37, 2, 0, False, 1 - (comb(62, 7) + 37 * comb(62, 6)) / comb(99, 7)),
        # one named card, singleton, by turn 3 on the play: 9 cards seen
        (99, 1, 1, 3, False, 9 / 99),
        (99, 1, 1, 3, True, 10 / 99),
    ],
)
def test_named_figures(deck, wanted, k, turn, on_draw, expected):
    assert abs(float(odds.chance(deck, wanted, k, turn, on_draw)) - expected) < 1e-12


def test_a_mulligan_to_six_by_hand():
    """k = 1 of 10 in 60, one mulligan allowed: a miss (no wanted card in seven) is followed by a
    fresh seven whose one wanted card survives the bottoming."""
    miss = Fraction(comb(50, 7), comb(60, 7))
    assert odds.chance(60, 10, 1, mulligans=1) == (1 - miss) + miss * (1 - miss)


def test_bad_input_is_refused_in_words():
    with pytest.raises(ValueError, match="cannot draw 8 cards from a deck of 7"):
        odds.chance(7, 2, 1, turn=1, on_draw=True)
    with pytest.raises(ValueError, match="12 wanted cards in a deck of 10"):
        odds.chance(10, 12, 1)
    with pytest.raises(ValueError, match="mulligans"):
        odds.chance(60, 10, 1, mulligans=7)


def test_draws_by_turn():
    assert [odds.draws_by_turn(t) for t in range(4)] == [0, 0, 1, 2]
    assert [odds.draws_by_turn(t, on_draw=True) for t in range(4)] == [0, 1, 2, 3]


def test_a_sample_hand_is_seeded_and_follows_the_london_mulligan():
    cards = [f"card {i}" for i in range(60)]
    a, b = odds.SampleHand(cards, seed=4), odds.SampleHand(cards, seed=4)
    assert a.hand == b.hand and len(a.hand) == 7 and a.to_bottom == 0
    assert sorted(a.hand + a.library) == sorted(cards)
    a.redraw()
    assert a.seed == 5 and a.hand != b.hand
    a.mulligan()
    assert len(a.hand) == 7 and a.to_bottom == 1
    with pytest.raises(ValueError, match="bottom first"):
        a.draw()
    put = a.hand[2]
    a.bottom(2)
    assert len(a.hand) == 6 and a.library[-1] == put
    top = a.library[0]
    assert a.draw() == top and len(a.hand) == 7 and a.drawn == 1
    assert sorted(a.hand + a.library) == sorted(cards)
