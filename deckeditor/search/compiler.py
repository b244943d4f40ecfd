"""Tree -> plan -> row bitset (`search.md` §7): the plan's shapes are in `search.plan`.

`plan_query(text, game, context)` parses and checks the text against the game's key table and
returns a QueryPlan, evaluated over any index of the game (`search.searcher.compile_query` adds
the cache and the pool-level calls).
"""

from __future__ import annotations

from deckeditor.search import bits, ranking
from deckeditor.search.context import SearchContext
from deckeditor.search.errors import SearchError
from deckeditor.search.keys import GameSearch, default_game, game_search
from deckeditor.search.parser import Parser
from deckeditor.search.plan import ALL, AllOf, AnyOf, Everything, IndexView, Leaf, Plan
from deckeditor.search.plan import Not as PlanNot
from deckeditor.search.printer import to_text
from deckeditor.search.terms import check_term
from deckeditor.search.tree import And, Bare, Empty, Keyed, Node, Not, leaves, top_terms


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
    items = tuple(build_plan(item, search, ctx) for item in node.items)
    return AllOf(items) if isinstance(node, And) else AnyOf(items)


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
