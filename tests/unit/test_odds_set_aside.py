"""Riftbound's opening hand in the odds (`deckeditor.odds.set_aside_chance`, `HandRule`): four
cards, and a hand short of what is wanted sets aside up to two of its other cards to the bottom
and draws as many. Checked against enumerating every placement of the wanted cards, and a case
worked by hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor import odds


def enumerated(deck, wanted, k, turn, on_draw, hand, aside):
    """Every placement of the wanted cards in a shuffled deck, equally likely: the hand is the
    first `hand` cards; short of `k`, up to `aside` unwanted ones are set aside and the next
    cards drawn in their place; the turns' draws are the cards after those."""
    draws = odds.draws_by_turn(turn, on_draw)
    placements = list(combinations(range(deck), wanted))
    wins = 0
    for places in placements:
        in_hand = sum(1 for p in places if p < hand)
        taken = 0 if in_hand >= k else min(aside, hand - in_hand, deck - hand)
        seen = sum(1 for p in places if hand <= p < hand + taken + draws)
        wins += in_hand + seen >= k
    return Fraction(wins, len(placements))


@settings(max_examples=80, deadline=None)
@given(
    st.integers(min_value=6, max_value=14).flatmap(
        lambda deck: st.tuples(
            st.just(deck),
            st.integers(min_value=0, max_value=min(deck, 5)),
            st.integers(min_value=0, max_value=3),
            st.integers(min_value=0, max_value=deck - 6),
            st.booleans(),
            st.integers(min_value=0, max_value=2),
        )
    )
)
def test_the_set_aside_chance_agrees_with_enumerating_every_deck_order(case):
    deck, wanted, k, turn, on_draw, aside = case
    expected = enumerated(deck, wanted, k, turn, on_draw, 4, aside)
    assert odds.set_aside_chance(deck, wanted, k, turn, on_draw, 4, aside) == expected


def test_one_of_two_wanted_in_ten_with_two_set_aside():
    # none in four: 70/210 = 1/3; then one of two wanted among the six left, in two drawn: 3/5
    assert odds.set_aside_chance(10, 2, 1, 0, False, 4, 2) == Fraction(2, 3) + Fraction(1, 5)


def test_setting_nothing_aside_is_the_plain_four_card_hand():
    assert odds.set_aside_chance(39, 3, 1, 0, False, 4, 0) == odds.at_least(39, 3, 4, 1)


def test_a_rule_names_its_columns():
    assert odds.LONDON.choices() == ((0, "7"), (1, "6"), (2, "5"))
    riftbound = odds.HandRule(4, "set_aside", 2)
    assert riftbound.choices() == ((0, "4"), (1, "4, 1 aside"), (2, "4, 2 aside"))
    assert odds.chance_with(riftbound, 39, 3, 1, 0, False, 2) == odds.set_aside_chance(
        39, 3, 1, 0, False, 4, 2
    )


def test_a_sample_hand_sets_aside_once_and_replaces_each_card():
    hand = odds.SampleHand([f"c{i}" for i in range(20)], rule=odds.HandRule(4, "set_aside", 2))
    assert len(hand.hand) == 4
    first, top = list(hand.hand), hand.library[0]
    hand.mulligan()
    assert hand.to_bottom == 2 and hand.hand == first  # the same hand
    hand.bottom(1)
    assert hand.hand == [first[0], top, first[2], first[3]] and hand.library[-1] == first[1]
    hand.draw()  # keeps the hand: the second card is not owed
    assert hand.to_bottom == 0 and len(hand.hand) == 5
    try:
        hand.mulligan()
    except ValueError as exc:
        assert "one mulligan" in str(exc)
    else:
        raise AssertionError("a second mulligan was taken")
