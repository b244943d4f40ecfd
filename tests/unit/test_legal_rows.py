"""The catalog's legal rows kept between edits (issue 24.10): a list patched from the last one is
the list a fresh conversion of the bitset gives, for any change; another pool, or the same pool
changed, is converted afresh."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from deckeditor.legal_rows import FEW, LegalRowList
from deckeditor.search.bits import rows_of


class Pool:
    generation = 0


def bits_of(rows) -> int:
    return sum(1 << r for r in set(rows))


sizes = st.integers(1, 3000)


@given(size=sizes, data=st.data())
def test_a_patched_list_is_the_fresh_one(size, data):
    rows = st.lists(st.integers(0, size - 1), max_size=200)
    first = bits_of(data.draw(rows, label="first"))
    flips = data.draw(st.lists(st.integers(0, size - 1), max_size=FEW + 5), label="flips")
    then = first ^ bits_of(flips)
    keep, pool = LegalRowList(), Pool()
    assert keep.rows(pool, first, size) == rows_of(first, size)
    assert keep.rows(pool, then, size) == rows_of(then, size)
    assert keep.rows(pool, first, size) == rows_of(first, size)


def test_unchanged_bits_give_the_last_list_and_another_pool_a_fresh_one():
    calls = []

    def convert(bits, size):
        calls.append(bits)
        return rows_of(bits, size)

    keep, pool = LegalRowList(convert), Pool()
    first = keep.rows(pool, 0b1011, 8)
    assert keep.rows(pool, 0b1011, 8) is first
    assert keep.rows(pool, 0b0011, 8) == [0, 1] and len(calls) == 1  # patched
    assert keep.rows(Pool(), 0b0011, 8) == [0, 1] and len(calls) == 2
    changed = Pool()
    keep.rows(changed, 0b0011, 8)
    changed.generation += 1  # cards replaced in place: the same rows may be other cards
    keep.rows(changed, 0b0111, 8)
    assert len(calls) == 4
