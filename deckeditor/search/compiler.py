"""Tree -> plan -> row bitset (`search.md` §7): the plan's shapes are in `search.plan`.

`plan_query(text, game, context)` parses and checks the text against the game's key table and
returns a QueryPlan, evaluated over any index of the game (`search.searcher.compile_query` adds
the cache and the pool-level calls).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from deckeditor.search import bits, ranking
from deckeditor.search.context import SearchContext
from deckeditor.search.errors import SearchError
from deckeditor.search.keys import GameSearch, default_game, game_search
from deckeditor.search.keys.kinds import KeySpec, RecordTest
from deckeditor.search.parser import Parser
from deckeditor.search.plan import ALL, AllOf, AnyOf, Everything, IndexView, Leaf, Plan
from deckeditor.search.plan import Not as PlanNot
from deckeditor.search.printer import to_text
from deckeditor.search.terms import check_term
from deckeditor.search.tree import And, Bare, Empty, Keyed, Node, Not, Or, leaves, top_terms


def build_plan(node: Node, search: GameSearch, ctx: SearchContext) -> Plan:
    if isinstance(node, Empty):
        return ALL
    if isinstance(node, Bare):
        return search.name_key.plan(node, check_term(node, search, ctx)[1], ctx)
    if isinstance(node, Keyed):
        spec, parsed = check_term(node, search, ctx)
        return spec.plan(node, parsed, ctx)
    if isinstance(node, Not):
        return PlanNot(build_plan(node.item, search, ctx))
    if isinstance(node, And):
        return _and_plan(node, search, ctx)
    return AnyOf(tuple(build_plan(item, search, ctx) for item in node.items))


# --- scoped keys: one record (printing) satisfies the whole conjunction ----------------------


class _Scoped:
    """A part of an AND that one record can satisfy: its card-level plan (a necessary condition
    for the card) and its test of one record."""

    __slots__ = ("plan", "spec", "test")

    def __init__(self, spec: KeySpec[Any], plan: Plan, test: RecordTest) -> None:
        self.spec = spec
        self.plan = plan
        self.test = test


def _scoped(node: Node, search: GameSearch, ctx: SearchContext) -> _Scoped | None:
    """`node` as a test of one record: a positive scoped term, or an AND / OR of such terms of
    one scope; None for anything else (it is read over the whole card)."""
    if isinstance(node, Keyed):
        spec, parsed = check_term(node, search, ctx)
        test = spec.record_test(node, parsed, ctx) if spec.scope is not None else None
        return None if test is None else _Scoped(spec, spec.plan(node, parsed, ctx), test)
    if not isinstance(node, (And, Or)):
        return None
    parts = [_scoped(item, search, ctx) for item in node.items]
    known = [part for part in parts if part is not None]
    if len(known) < len(parts) or len({part.spec.scope for part in known}) != 1:
        return None
    tests = tuple(part.test for part in known)
    if isinstance(node, And):
        return _Scoped(known[0].spec, _one_record(known), lambda r: all(t(r) for t in tests))
    return _Scoped(
        known[0].spec,
        AnyOf(tuple(part.plan for part in known)),
        lambda r: any(t(r) for t in tests),
    )


def _and_plan(node: And, search: GameSearch, ctx: SearchContext) -> Plan:
    """The AND's plan; the parts one record can satisfy, two or more of one scope, become one
    leaf asking that of the card's records (`set:mh3 r:mythic`: one printing both)."""
    plans: list[Plan] = []
    groups: dict[str, list[_Scoped]] = {}
    for item in node.items:
        part = _scoped(item, search, ctx)
        if part is None or part.spec.scope is None:
            plans.append(build_plan(item, search, ctx))
        else:
            groups.setdefault(part.spec.scope, []).append(part)
    for parts in groups.values():
        plans.append(parts[0].plan if len(parts) == 1 else _one_record(parts))
    return AllOf(tuple(plans))


def _plan_key(plan: Plan) -> tuple[Hashable, ...]:
    if isinstance(plan, Leaf):
        return plan.key
    if isinstance(plan, PlanNot):
        return ("not", _plan_key(plan.item))
    if isinstance(plan, (AllOf, AnyOf)):
        return (type(plan).__name__, tuple(_plan_key(item) for item in plan.items))
    return ("all",)


def _one_record(parts: list[_Scoped]) -> Leaf:
    """The rows with one record passing every part's test. Only the rows every part finds on
    its own (cached leaves, unions of value groups) have their records read."""
    spec, tests = parts[0].spec, tuple(part.test for part in parts)
    needed = tuple(part.plan for part in parts)

    def restrict(index: IndexView, rows: list[int]) -> int:
        records = spec.records(index)
        found = [r for r in rows if any(all(t(rec) for t in tests) for rec in records(r))]
        return bits.from_rows(found, index.n)

    def compute(index: IndexView) -> int:
        candidates = index.all
        for plan in needed:
            candidates &= evaluate(plan, index)
            if not candidates:
                return 0
        return restrict(index, bits.to_rows(candidates))

    key = ("one-record", spec.scope, tuple(sorted((_plan_key(p) for p in needed), key=repr)))
    return Leaf(key, compute, restrict)


def _scan_leaf(part: Plan, index: IndexView) -> Leaf | None:
    """The scanning leaf of `part` (a leaf, or a negated one) not yet in the cache, else None."""
    leaf = part.item if isinstance(part, PlanNot) else part
    if isinstance(leaf, Leaf) and leaf.restrict is not None and not index.has_leaf(leaf):
        return leaf
    return None


def evaluate(plan: Plan, index: IndexView) -> int:
    if isinstance(plan, Leaf):
        return index.leaf_bits(plan)
    if isinstance(plan, Everything):
        return index.all
    if isinstance(plan, PlanNot):
        return index.all & ~evaluate(plan.item, index)
    if isinstance(plan, AnyOf):
        result = 0
        for part in plan.items:
            result |= evaluate(part, index)
        return result
    return _evaluate_and(plan, index)


def _evaluate_and(plan: AllOf, index: IndexView) -> int:
    """Cached and cheap parts first; then each new scanning leaf, which only scans the rows left
    when they are few (typing `bolt s`, the "s" is looked for among the bolts)."""
    result = index.all
    pending: list[tuple[Leaf, bool]] = []
    for part in plan.items:
        leaf = _scan_leaf(part, index)
        if leaf is not None:
            pending.append((leaf, isinstance(part, PlanNot)))
        elif isinstance(part, PlanNot):
            result &= ~evaluate(part.item, index)
        else:
            result &= evaluate(part, index)
        if not result:
            return 0
    for leaf, negated in pending:
        if leaf.restrict is not None and result.bit_count() * 8 < index.n:
            found = leaf.restrict(index, bits.to_rows(result))
        else:
            found = index.leaf_bits(leaf)
        result = result & ~found if negated else result & found
        if not result:
            return 0
    return result


class QueryPlan:
    """A checked query and its plan, evaluated over any index of its game."""

    def __init__(self, text: str, game: str, ctx: SearchContext, tree: Node, plan: Plan) -> None:
        self.text = text
        self.game = game
        self.context = ctx
        self.tree = tree
        self.plan = plan

    def bits(self, index: IndexView) -> int:
        return evaluate(self.plan, index)

    def ranks(self, index: IndexView) -> tuple[int, ...]:
        """The name tiers of `ranking` for this query over `index` (exact, then prefix)."""
        names = game_search(self.game).name_aliases()
        return ranking.tiers(index, ranking.typed_name(self.tree, names))

    def failing_term(self, index: IndexView) -> str | None:
        """The first top-level AND term the index's one card fails, printed canonically."""
        search = game_search(self.game)
        for term in top_terms(self.tree):
            if not evaluate(build_plan(term, search, self.context), index):
                return to_text(term)
        return None


def plan_query(text: str, game: str, ctx: SearchContext) -> QueryPlan:
    """Parse, check and plan `text` for `game`; raises SearchError on a bad query."""
    search = game_search(game)
    tree = Parser(text, lambda term: check_term(term, search, ctx)).parse()
    return QueryPlan(text, game, ctx, tree, build_plan(tree, search, ctx))


def is_slow(text: str, game: str = "") -> bool:
    """Whether the catalog should wait for a pause in typing (`search.md` §6: a 100 ms timer only
    for regex and rules-text terms). A query that does not parse is not slow: it fails at once."""
    try:
        tree = Parser(text).parse()
    except SearchError:
        return False
    search = game_search(game or default_game())
    return any(
        isinstance(t, Keyed) and (t.kind == "regex" or search.is_slow(t.key)) for t in leaves(tree)
    )
