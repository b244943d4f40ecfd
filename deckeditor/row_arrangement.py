"""The catalog's rows in display order: the search hits, sorted, legal ones only unless hidden
cards are shown (what each keystroke in the search box costs, so C-level loops where it can).
"""

from __future__ import annotations

from itertools import compress


def arrange_rows(
    order: list[int],
    rank: list[int] | None,
    hits: list[int] | None,
    legal: frozenset[int] | None,
    show_hidden: bool,
) -> list[int]:
    """The catalog's rows: the search hits, in the current sort order, legal ones only unless
    hidden cards are shown. `order` is every row sorted; `rank[row]` its place in `order`."""
    keep = None if (show_hidden or legal is None) else legal
    if hits is None:
        return list(order) if keep is None else [r for r in order if r in keep]
    if rank is not None and len(hits) * 4 < len(order):
        chosen = hits if keep is None else [r for r in hits if r in keep]
        return sorted(chosen, key=rank.__getitem__)
    wanted = set(hits)
    if keep is None:
        return [r for r in order if r in wanted]
    return [r for r in order if r in wanted and r in keep]


class RowArranger:
    """`arrange_rows` with what one sort order allows precomputed: the rank of every row, whether
    the order is the pool's own (the database keeps cards in name order, so the default sort
    is the identity and ascending search hits are already in display order), and the legal set
    as a byte mask, so a keystroke costs C-level loops only."""

    def __init__(self, order: list[int]) -> None:
        self.order = order
        # the default order is the pool's own at every start: said with one C-level comparison
        self.identity = order == list(range(len(order)))
        if self.identity:
            self.rank = order
        else:
            self.rank = [0] * len(order)
            for i, r in enumerate(order):
                self.rank[r] = i
        self._mask_for: frozenset[int] | None = None
        self._mask = bytearray()

    def _legal_mask(self, legal: frozenset[int]) -> bytearray:
        if legal is not self._mask_for:
            mask = bytearray(len(self.order))
            for r in legal:
                mask[r] = 1
            self._mask, self._mask_for = mask, legal
        return self._mask

    def arrange(
        self, hits: list[int] | None, legal: frozenset[int] | None, show_hidden: bool
    ) -> list[int]:
        keep = None if (show_hidden or legal is None) else legal
        if hits is None:
            if keep is None:
                return list(self.order)
            return list(compress(self.order, map(self._legal_mask(keep).__getitem__, self.order)))
        if self.identity:  # hits are ascending row ids: already in display order
            if keep is None:
                return list(hits)
            return list(compress(hits, map(self._legal_mask(keep).__getitem__, hits)))
        return arrange_rows(self.order, self.rank, hits, keep, False)
