"""The shipped printing table keeps each printing as one integer (issue 24.10, resident memory:
the table was 16 MB as lists of four values, 7 MB so): packing gives back every field, a field
too wide is refused, and the shipped table answers with the numbers, rarities and artists."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckeditor.games.mtg import set_table
from deckeditor.games.mtg.set_table import LETTERS, facts, pack, unpack


@given(
    number=st.integers(0, (1 << 20) - 1),
    rarity=st.integers(0, len(LETTERS) - 1),
    artist=st.integers(-1, (1 << 20) - 2),
    games=st.integers(0, 255),
)
def test_a_packed_printing_gives_back_its_fields(number, rarity, artist, games):
    assert unpack(pack(number, rarity, artist, games)) == (number, rarity, artist, games)


@pytest.mark.parametrize(
    "fields", [(1 << 20, 0, 0, 0), (0, 16, 0, 0), (0, 0, 1 << 20, 0), (0, 0, 0, 256), (-1, 0, 0, 0)]
)
def test_a_field_too_wide_is_refused(fields):
    with pytest.raises(ValueError, match="does not fit"):
        pack(*fields)


def test_the_shipped_table_reads_back_its_printings():
    sol = facts("LEA", "Sol Ring")
    assert (sol.number, sol.rarity, sol.artist, sol.games) == ("269", "u", "Mark Tedin", 1)
    rows = {(code, name): row for code, name, *row in set_table.table_rows()}
    assert rows[("LEA", "Sol Ring")] == ["u", "Mark Tedin", 1]
    assert len(rows) > 70_000
