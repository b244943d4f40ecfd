"""Which hits come first for a name the player typed (issue 24.1): an exact name, then names that
start with the text as a whole word (`Kenrith, the Returned King` for `Kenrith`), then the other
names that start with it (`Kenrith's Transformation`), then the rest, each tier in the pool's own
(name) order.

Typing `Forest` and pressing Enter twice must add Forest, not Deep Forest Hermit. The catalog and
`deckeditor cards search` both order through here, so they agree.

The typed name is what the query's top-level name terms say, folded as `search.md` §2 folds names
(`fold_name`) and joined in order: `lightning bolt` asks for "lightning bolt", `t:land forest` for
"forest". A query whose top is an OR, or with no name term, asks for no name: no tier.
A card's names are its full name and each face name (`Fire // Ice`, `Fire`, `Ice`), as `!name`
compares them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from deckeditor.search import bits
from deckeditor.search.folding import fold_name
from deckeditor.search.plan import IndexView, Leaf
from deckeditor.search.tree import Bare, Keyed, Node, top_terms

_PAST = "\U0010ffff"  # sorts after every folded name that starts with the same text


def typed_name(tree: Node, name_keys: frozenset[str] = frozenset({"name"})) -> str:
    """The folded name a query asks for ("" for none): its positive top-level name terms."""
    parts = []
    for term in top_terms(tree):
        if isinstance(term, Bare):
            parts.append(fold_name(term.value))
        elif (
            isinstance(term, Keyed)
            and term.key in name_keys
            and term.kind != "regex"
            and term.op in (":", "=")
        ):
            parts.append(fold_name(term.value))
    return " ".join(p for p in parts if p)


# a name's rows in the `name_exact` column: a bitset, or a list of rows (a game stores either)
NameRows = int | Sequence[int]


def _sorted_names(index: IndexView) -> tuple[list[str], list[NameRows]]:
    """Every folded name (full and face names), sorted, with its rows: a prefix is a range."""

    def build() -> tuple[list[str], list[NameRows]]:
        exact: dict[str, NameRows] = index.columns["name_exact"]
        keys = sorted(exact)
        return keys, [exact[k] for k in keys]

    return index.derived(("ranking", "sorted-names"), build)


def _union(found: NameRows, n: int) -> int:
    return found if isinstance(found, int) else bits.from_rows(found, n)


def _whole_word(key: str, name: str) -> bool:
    """Does `key` (starting with `name`) end the typed text at a word's end? `kenrith, the
    returned king` does, `kenrith's transformation` does not: an apostrophe goes on the word."""
    following = key[len(name) : len(name) + 1]
    return not following or not (following.isalnum() or following in "'’")


def tiers(index: IndexView, name: str) -> tuple[int, ...]:
    """(exact rows, rows whose name starts with the name as a whole word, the other rows
    starting with it) as bitsets over the index, cached per name."""
    if not name or "name_exact" not in index.columns:
        return ()

    def exact(ix: IndexView) -> int:
        return _union(ix.columns["name_exact"].get(name, ()), ix.n)

    def prefix(ix: IndexView, words_only: bool) -> int:
        keys, rows = _sorted_names(ix)
        lo, hi = bisect_left(keys, name), bisect_left(keys, name + _PAST)
        out = 0
        listed: list[int] = []
        for key, found in zip(keys[lo:hi], rows[lo:hi]):
            if words_only and not _whole_word(key, name):
                continue
            if isinstance(found, int):
                out |= found
            else:
                listed.extend(found)
        return out | bits.from_rows(listed, ix.n) if listed else out

    first = index.leaf_bits(Leaf(("rank=", name), exact))
    words = index.leaf_bits(Leaf(("rank^w", name), lambda ix: prefix(ix, True)))
    starts = index.leaf_bits(Leaf(("rank^", name), lambda ix: prefix(ix, False)))
    return first, words & ~first, starts & ~first & ~words


def ranked_rows(found: int, ranks: tuple[int, ...], n: int) -> list[int]:
    """The rows of `found`, tier by tier (then the rest), ascending within each."""
    if not ranks:
        return bits.rows_of(found, n)
    out: list[int] = []
    rest = found
    for tier in ranks:
        hit = rest & tier
        if hit:
            out.extend(bits.rows_of(hit, n))
            rest &= ~hit
    out.extend(bits.rows_of(rest, n))
    return out


def tiers_first(rows: list[int], ranks: tuple[int, ...], n: int) -> list[int]:
    """`rows` in their own order (a sort the catalog made), each tier's rows moved to the front:
    a pool out of name order (a source layered over another) or a column the player sorts by
    still lists the typed name first."""
    if not ranks or not rows:
        return rows
    placed = [frozenset(bits.rows_of(tier, n)) for tier in ranks]
    heads: list[list[int]] = [[] for _ in ranks]
    rest = []
    for row in rows:
        for head, tier in zip(heads, placed):
            if row in tier:
                head.append(row)
                break
        else:
            rest.append(row)
    return [row for head in heads for row in head] + rest


def tier_of(row: int, ranks: tuple[int, ...]) -> int:
    """The tier a row falls in (len(ranks): none of them)."""
    for place, tier in enumerate(ranks):
        if tier >> row & 1:
            return place
    return len(ranks)


def warm(index: IndexView) -> None:
    """The sorted names, built with the index (off the first keystroke)."""
    if "name_exact" in index.columns:
        _sorted_names(index)
