"""Recursive-descent parser (`search.md` §1, §6): tokens -> tree, or a SearchError with a position.

Precedence: `-` binds tightest, then AND (implicit, or the word `and`), then `or`. Parentheses nest
to depth 32. Every term is checked against the game's key table as it is read, so the first
mistake in reading order is the one reported.
"""

from __future__ import annotations

from collections.abc import Callable

from deckeditor.search.context import SearchContext
from deckeditor.search.errors import SearchError
from deckeditor.search.keys import default_game
from deckeditor.search.lexer import Lexer, Token
from deckeditor.search.terms import term_checker
from deckeditor.search.tree import And, Bare, Empty, Keyed, Node, Not, Or

MAX_DEPTH = 32
_TERM_START = frozenset({"term", "(", "-"})

TermCheck = Callable[[Keyed | Bare], object]


def parse(text: str, game: str | None = "", context: SearchContext | None = None) -> Node:
    """The query's tree. With a game ("" the default game), keys and values are checked against
    that game's key table (and format codes against `context`); `game=None` checks syntax only."""
    check = None
    if game is not None:
        check = term_checker(game or default_game(), context)
    return Parser(text, check).parse()


class Parser:
    def __init__(self, text: str, check: TermCheck | None = None) -> None:
        self.tokens = Lexer(text).tokens()
        self.i = 0
        self.check = check

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def _advance(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def parse(self) -> Node:
        if self.tok.kind == "eof":
            return Empty()
        node = self._or(0)
        if self.tok.kind == ")":
            raise SearchError(self.tok.start, 1, 'unexpected ")"')
        if self.tok.kind != "eof":  # pragma: no cover - every other token continues an AND
            raise SearchError(self.tok.start, self.tok.end - self.tok.start, "unexpected text")
        return node

    def _or(self, depth: int) -> Node:
        if self.tok.kind == "or":
            raise SearchError(self.tok.start, 2, '"or" needs a term on each side')
        items = [self._and(depth)]
        while self.tok.kind == "or":
            or_tok = self._advance()
            if self.tok.kind not in _TERM_START:
                raise SearchError(or_tok.start, 2, '"or" needs a term on each side')
            items.append(self._and(depth))
        return items[0] if len(items) == 1 else Or(tuple(items))

    def _and(self, depth: int) -> Node:
        if self.tok.kind == "and":
            raise SearchError(self.tok.start, 3, '"and" needs a term on each side')
        items = [self._unary(depth)]
        while True:
            kind = self.tok.kind
            if kind == "and":
                and_tok = self._advance()
                if self.tok.kind not in _TERM_START:
                    raise SearchError(and_tok.start, 3, '"and" needs a term on each side')
                items.append(self._unary(depth))
            elif kind in _TERM_START:
                items.append(self._unary(depth))
            else:
                break
        return items[0] if len(items) == 1 else And(tuple(items))

    def _unary(self, depth: int) -> Node:
        negations = 0
        first = None
        while self.tok.kind == "-":
            minus = self._advance()
            first = first if first is not None else minus.start
            # "-" negates only when a term follows at once: `t:elf -` and `- t:elf` are mistakes.
            if self.tok.kind not in _TERM_START or self.tok.start != minus.end:
                raise SearchError(minus.start, 1, '"-" needs a term')
            negations += 1
        node = self._primary(depth)
        if negations % 2 == 0:
            return node
        # `-(-x)` is `x`, so the printed form (`--x` would lex as `x`) re-parses to the same tree.
        return node.item if isinstance(node, Not) else Not(node, first or 0)

    def _primary(self, depth: int) -> Node:
        token = self.tok
        if token.kind == "(":
            if depth >= MAX_DEPTH:
                raise SearchError(token.start, 1, "too many nested parentheses (at most 32)")
            self._advance()
            if self.tok.kind == ")":
                raise SearchError(token.start, 1, "empty parentheses")
            if self.tok.kind == "eof":
                raise SearchError(token.start, 1, 'missing ")"')
            inner = self._or(depth + 1)
            if self.tok.kind != ")":
                raise SearchError(token.start, 1, 'missing ")"')
            self._advance()
            return inner
        if token.kind == "term" and token.node is not None:  # a term token carries its node
            self._advance()
            node = token.node
            if isinstance(node, Keyed) and node.key == "not":
                # `not:X` is `-is:X`.
                node = Keyed(
                    "is",
                    node.op,
                    node.value,
                    node.kind,
                    node.start,
                    node.end,
                    node.op_start,
                    node.value_start,
                )
                if self.check is not None:
                    self.check(node)
                return Not(node, token.start)
            if self.check is not None:
                self.check(node)
            return node
        if token.kind == ")":
            raise SearchError(token.start, 1, 'unexpected ")"')
        raise SearchError(token.start, max(1, token.end - token.start), "missing term")
