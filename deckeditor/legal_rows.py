"""The catalog's legal rows as an ascending list of row ids, kept from one deck edit to the next.

An edit changes a few cards' legality (the card added reaches its copy limit, a removed one comes
back); converting the whole bitset again costs ~1 ms over 30,000 rows on every edit, so a list
that differs from the last one by a few rows is made from it by inserting and deleting those."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable

from deckeditor.search.bits import rows_of

FEW = 64  # rows changed at most for the last list to be patched; more: converted afresh


class LegalRowList:
    """Bitset -> ascending row ids, remembering the last answer for one pool (by identity, its
    generation and size); the list returned may be the last one itself: callers must not change
    it."""

    def __init__(self, convert: Callable[[int, int], list[int]] = rows_of) -> None:
        self._convert = convert
        self._last: tuple[object, tuple[object, int], int, list[int]] | None = None

    def rows(self, pool: object, bits: int, size: int) -> list[int]:
        last = self._last
        state = (getattr(pool, "generation", None), size)
        if last is not None and last[0] is pool and last[1] == state:
            if last[2] == bits:
                return last[3]
            changed = last[2] ^ bits
            if changed.bit_count() <= FEW:
                rows = self._patch(last[3], bits, changed)
                self._last = (pool, state, bits, rows)
                return rows
        rows = self._convert(bits, size)
        self._last = (pool, state, bits, rows)
        return rows

    @staticmethod
    def _patch(old: list[int], bits: int, changed: int) -> list[int]:
        rows = list(old)
        while changed:  # each changed row from its lowest bit: no pass over all `size` bits
            low = changed & -changed
            changed ^= low
            row = low.bit_length() - 1
            if bits >> row & 1:
                insort(rows, row)
            else:
                del rows[bisect_left(rows, row)]
        return rows
