"""Where two lists stop being equal, from the front and from the back (the catalog's splice after
a deck edit: ~22,000 rows, one or two of them changed).

The lists are compared a chunk at a time as slices (list equality runs in C, and stops at the
first chunk that differs), then that chunk element by element: a third of the time of comparing
every pair through `map` (0.5 -> 0.2 ms over 22,000 rows)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count
from operator import ne

CHUNK = 1024


def common_head(old: Sequence[object], new: Sequence[object], limit: int) -> int:
    """How many leading items the lists share (at most `limit`: the shorter length)."""
    start = 0
    while start < limit:
        end = min(start + CHUNK, limit)
        a, b = old[start:end], new[start:end]
        if a != b:
            return next(compress(count(start), map(ne, a, b)), end)
        start = end
    return limit


def common_tail(old: Sequence[object], new: Sequence[object], limit: int) -> int:
    """How many trailing items the lists share (at most `limit`)."""
    n_old, n_new = len(old), len(new)
    start = 0
    while start < limit:
        end = min(start + CHUNK, limit)
        a, b = old[n_old - end : n_old - start], new[n_new - end : n_new - start]
        if a != b:
            return start + next(compress(count(), map(ne, reversed(a), reversed(b))), end - start)
        start = end
    return limit
