"""The query tree. Positions are kept for error messages and ignored by `==`, so a printed and
re-parsed query compares equal to the original."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Empty:
    """The empty query: every card."""


@dataclass(frozen=True, slots=True)
class Keyed:
    """`key op value`. `key` is lower-cased as written (aliases are resolved by the key table)."""

    key: str
    op: str
    value: str
    kind: str = "word"  # "word" | "quoted" | "regex" (the raw pattern between the slashes)
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)
    op_start: int = field(default=0, compare=False)
    value_start: int = field(default=0, compare=False)

    @property
    def label(self) -> str:
        """How messages name the key: `t:`."""
        return f"{self.key}:"


@dataclass(frozen=True, slots=True)
class Bare:
    """A name search: a word, a `"phrase"`, or with `exact` the `!name` form."""

    value: str
    kind: str = "word"  # "word" | "quoted"
    exact: bool = False
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Not:
    item: Node
    start: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class And:
    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Or:
    items: tuple[Node, ...]


Node = Empty | Keyed | Bare | Not | And | Or
Term = Keyed | Bare  # one term of the query (a key, or a name)


def leaves(node: Node) -> Iterator[Term]:
    """Every term of the tree, in text order."""
    if isinstance(node, (Keyed, Bare)):
        yield node
    elif isinstance(node, Not):
        yield from leaves(node.item)
    elif isinstance(node, (And, Or)):
        for item in node.items:
            yield from leaves(item)


def top_terms(node: Node) -> tuple[Node, ...]:
    """The top-level AND terms (for "the first search term the card fails")."""
    if isinstance(node, Empty):
        return ()
    return node.items if isinstance(node, And) else (node,)
