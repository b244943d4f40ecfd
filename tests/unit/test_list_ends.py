"""Where two lists stop being equal from the front and the back (`deckeditor.list_ends`, the
catalog's splice after a deck edit): the same answer as comparing every pair, across chunk
borders."""

from __future__ import annotations

from itertools import compress, count
from operator import ne

from hypothesis import given
from hypothesis import strategies as st

from deckeditor import list_ends
from deckeditor.list_ends import common_head, common_tail


def pairwise_head(old, new, limit):
    return next(compress(count(), map(ne, old, new)), limit)


def pairwise_tail(old, new, limit):
    return next(compress(count(), map(ne, reversed(old), reversed(new))), limit)


edits = st.lists(st.integers(0, 5), max_size=3000).flatmap(
    lambda old: st.tuples(
        st.just(old),
        st.builds(
            lambda cut, drop, add: old[:cut] + add + old[cut + drop :],
            st.integers(0, len(old)),
            st.integers(0, 3),
            st.lists(st.integers(0, 5), max_size=3),
        ),
    )
)


@given(edits)
def test_the_same_ends_as_comparing_every_pair(pair):
    old, new = pair
    limit = min(len(old), len(new))
    assert common_head(old, new, limit) == pairwise_head(old, new, limit)
    assert common_tail(old, new, limit) == pairwise_tail(old, new, limit)


def test_a_difference_just_past_a_chunk_border():
    size = list_ends.CHUNK * 3
    old = list(range(size))
    for at in (0, list_ends.CHUNK - 1, list_ends.CHUNK, list_ends.CHUNK + 1, size - 1):
        new = old[:at] + [-1] + old[at + 1 :]
        assert common_head(old, new, size) == at
        assert common_tail(old, new, size) == size - 1 - at


def test_equal_lists_share_everything_up_to_the_limit():
    rows = list(range(5000))
    assert common_head(rows, list(rows), 4000) == 4000
    assert common_tail(rows, list(rows), 5000) == 5000
    assert common_head([], [], 0) == common_tail([], [], 0) == 0
