"""Tree -> plan -> row bitset (`search.md` §7). A plan is a leaf (cached per index), or
("and", [...]), ("or", [...]), ("not", plan), or ALL (the empty query).

`compile_query(text, game, context)` parses and checks the text against the game's key table and
returns a CompiledQuery: `matches(card)` for one card, `filter_rows(pool, rows)` for the catalog.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

from deckeditor.search import bits
from deckeditor.search.context import SearchContext
from deckeditor.search.errors import SearchError
from deckeditor.search.keys import GameSearch, game_search
from deckeditor.search.keys.kinds import Leaf
from deckeditor.search.parser import Parser
from deckeditor.search.printer import to_text
from deckeditor.search.tree import And, Bare, Empty, Keyed, Node, Not, leaves, top_terms

ALL = ("all",)


def check_term(term: Keyed | Bare, search: GameSearch, ctx: SearchContext):
    """The key spec and the checked value of one term, or a SearchError pointing at the culprit."""
    if isinstance(term, Bare):
        spec = search.name_key
        return spec, spec.check(term, ctx)
    key = term.key
    key_span = max(1, term.op_start - term.start)
    if key in search.unsupported:
        error = SearchError(term.start, key_span, f'"{key}:" is not supported yet')
        error.unsupported = True  # a real key: the catalog shows nothing rather than old results
        raise error
    if key in search.refused:
        raise SearchError(term.start, key_span, search.refused[key])
    spec = search.keys.get(key)
    if spec is None:
        raise SearchError(
            term.start, key_span, f'unknown key "{key}" (put text with ":" in quotes)'
        )
    if term.op not in spec.ops:
        raise SearchError(term.op_start, len(term.op), f'"{term.op}" does not apply to "{key}:"')
    if not term.value.strip():
        raise SearchError(term.value_start, 1, f'missing value after "{key}{term.op}"')
    if term.kind == "regex" and not spec.regex:
        raise SearchError(
            term.value_start,
            max(1, term.end - term.value_start),
            f'"{key}:" does not take a regular expression',
        )
    return spec, spec.check(term, ctx)


def term_checker(game: str, context: SearchContext | None):
    search = game_search(game)
    ctx = context or SearchContext()
    return lambda term: check_term(term, search, ctx)


def build_plan(node: Node, search: GameSearch, ctx: SearchContext):
    if isinstance(node, Empty):
        return ALL
    if isinstance(node, (Keyed, Bare)):
        spec, parsed = check_term(node, search, ctx)
        return spec.plan(node, parsed, ctx)
    if isinstance(node, Not):
        return ("not", build_plan(node.item, search, ctx))
    kind = "and" if isinstance(node, And) else "or"
    return (kind, [build_plan(item, search, ctx) for item in node.items])


def _scan_leaf(part, index):
    """The scanning leaf of `part` (a leaf, or a negated one) not yet in the cache, else None."""
    leaf = part[1] if isinstance(part, tuple) and part[0] == "not" else part
    if isinstance(leaf, Leaf) and leaf.restrict is not None and not index.has_leaf(leaf):
        return leaf
    return None


def evaluate(plan, index) -> int:
    if isinstance(plan, Leaf):
        return index.leaf_bits(plan)
    kind = plan[0]
    if kind == "all":
        return index.all
    if kind == "not":
        return index.all & ~evaluate(plan[1], index)
    if kind == "or":
        result = 0
        for part in plan[1]:
            result |= evaluate(part, index)
        return result
    # AND: cached and cheap parts first; then each new scanning leaf, which only scans the rows
    # left when they are few (typing `bolt s`, the "s" is looked for among the bolts).
    result = index.all
    pending = []
    for part in plan[1]:
        if _scan_leaf(part, index) is not None:
            pending.append(part)
        elif isinstance(part, tuple) and part[0] == "not":
            result &= ~evaluate(part[1], index)
        else:
            result &= evaluate(part, index)
        if not result:
            return 0
    for part in pending:
        negated = isinstance(part, tuple)
        leaf = part[1] if negated else part
        if result.bit_count() * 8 < index.n:
            found = leaf.restrict(index, bits.to_rows(result))
        else:
            found = index.leaf_bits(leaf)
        result = result & ~found if negated else result & found
        if not result:
            return 0
    return result


class CompiledQuery:
    def __init__(self, text: str, game: str, ctx: SearchContext, tree: Node, plan) -> None:
        self.text = text
        self.game = game
        self.context = ctx
        self.tree = tree
        self.plan = plan

    def bits(self, index) -> int:
        return evaluate(self.plan, index)

    def ranks(self, index) -> tuple[int, ...]:
        """The name tiers of `ranking` for this query over `index` (exact, then prefix)."""
        from deckeditor.search import ranking

        search = game_search(self.game)
        names = frozenset(alias for alias, key in search.keys.items() if key is search.name_key)
        return ranking.tiers(index, ranking.typed_name(self.tree, names))

    def ranked_names(self, pool) -> list[str]:
        """The matching cards' names: the typed name's exact matches, then the names starting
        with it, then the rest, alphabetically within each (`deckeditor cards search`)."""
        from deckeditor.search import ranking
        from deckeditor.search.index import index_for

        index = index_for(pool, self.game)
        ranks = self.ranks(index)
        rows = bits.to_rows(self.bits(index))
        return [name for _, name in sorted((ranking.tier_of(r, ranks), pool[r].name) for r in rows)]

    def matches(self, card) -> bool:
        """Does this one card match? (Builds a one-card index: for tests and the card view.)"""
        from deckeditor.search.index import SearchIndex

        return bool(self.bits(SearchIndex(self.game, [card])))

    def filter_rows(self, pool, rows: Iterable[int] | None = None) -> list[int]:
        """The rows of `pool` (all, or those given, in their order) that match."""
        from deckeditor.search.index import index_for

        index = index_for(pool, self.game)
        found = self.bits(index)
        if rows is None:
            return bits.to_rows(found)
        if found == index.all:
            return list(rows)
        flags = bits.to_flags(found, index.n)
        return [row for row in rows if flags[row]]

    def first_failing_term(self, card) -> str | None:
        """The first top-level AND term `card` fails, printed canonically (for "why is this card
        hidden?"), or None when it matches."""
        from deckeditor.search.index import SearchIndex

        index = SearchIndex(self.game, [card])
        search = game_search(self.game)
        for term in top_terms(self.tree):
            if not evaluate(build_plan(term, search, self.context), index):
                return to_text(term)
        return None

    def filter_cards(self, cards: Sequence[Any]) -> list[Any]:
        from deckeditor.search.index import SearchIndex

        index = SearchIndex(self.game, cards)
        return [cards[row] for row in bits.to_rows(self.bits(index))]


_SLOW_KEYS = frozenset({"o", "oracle", "fo", "fulloracle", "effect"})


def is_slow(text: str) -> bool:
    """Whether the catalog should wait for a pause in typing (`search.md` §6: a 100 ms timer only
    for regex and rules-text terms). A query that does not parse is not slow: it fails at once."""
    try:
        tree = Parser(text).parse()
    except SearchError:
        return False
    return any(
        isinstance(t, Keyed) and (t.kind == "regex" or t.key in _SLOW_KEYS) for t in leaves(tree)
    )


_COMPILED: OrderedDict[tuple, CompiledQuery] = OrderedDict()


def compile_query(
    text: str, game: str = "mtg", context: SearchContext | None = None
) -> CompiledQuery:
    """Parse, check and plan `text` for `game`; raises SearchError on a bad query."""
    ctx = context or SearchContext()
    key = (text, game, ctx.cache_key(), id(ctx.loader))
    found = _COMPILED.get(key)
    if found is not None:
        return found
    search = game_search(game)
    tree = Parser(text, lambda term: check_term(term, search, ctx)).parse()
    compiled = CompiledQuery(text, game, ctx, tree, build_plan(tree, search, ctx))
    _COMPILED[key] = compiled
    if len(_COMPILED) > 256:
        _COMPILED.popitem(last=False)
    return compiled
