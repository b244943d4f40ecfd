"""What a query compiles to (`search.md` §7), and what its parts ask of an index.

A plan is a `Leaf` (one cached unit of work giving a row bitset), `Not(plan)`, `AllOf(plans)`
(AND), `AnyOf(plans)` (OR), or `ALL` (the empty query). Plain classes with slots: a plan is made
per query, and a dataclass costs start-up time to define. `IndexView` is the index as the key kinds
and the games' keys read it; `deckeditor.search.index.SearchIndex` is the one implementation.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from datetime import date
from typing import Any, Protocol, TypeVar

from deckeditor.search.context import SearchFormat

T = TypeVar("T")


class IndexView(Protocol):
    """The per-pool column store, as a leaf reads it."""

    n: int  # rows
    all: int  # every row's bit
    cards: Sequence[Any]  # the game's card objects, in row order
    columns: dict[str, Any]  # the game's columns (`GameSearch.build_columns`)
    cache: Any  # the pool's derived-values cache (`carddb.derived`), or None
    narrowing: dict[str, tuple[str, int]]  # column -> the last substring scanned and its hits

    def has_leaf(self, leaf: Leaf) -> bool: ...

    def leaf_bits(self, leaf: Leaf) -> int: ...

    def derived(self, key: tuple[Hashable, ...], build: Callable[[], T]) -> T: ...

    def distinct(self, column: str) -> dict[str, int | Sequence[int]] | None: ...

    def column(self, name: str) -> Any: ...

    def number_groups(self, field: str) -> dict[float, int]: ...

    def number_pairs(self, a: str, b: str) -> dict[tuple[float, float], int]: ...

    def format_outside(self, code: str, fmt: SearchFormat, day: date) -> int: ...

    def format_status(self, code: str, fmt: SearchFormat, day: date) -> tuple[int, int]: ...


Restrict = Callable[[IndexView, list[int]], int]


class Leaf:
    """One cached unit of work: `compute(index) -> bitset`. A scanning leaf also offers
    `restrict(index, rows) -> bitset`, its answer among the given rows only: inside an AND whose
    other terms already left few rows, only those are scanned (`bolt s` scans the bolts for "s")."""

    __slots__ = ("compute", "key", "restrict")

    def __init__(
        self,
        key: tuple[Hashable, ...],
        compute: Callable[[IndexView], int],
        restrict: Restrict | None = None,
    ) -> None:
        self.key = key
        self.compute = compute
        self.restrict = restrict

    def __repr__(self) -> str:
        return f"Leaf{self.key!r}"


class Not:
    """The rows the plan does not find."""

    __slots__ = ("item",)

    def __init__(self, item: Plan) -> None:
        self.item = item


class AllOf:
    """AND: the rows every plan finds."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Plan, ...]) -> None:
        self.items = items


class AnyOf:
    """OR: the rows some plan finds."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Plan, ...]) -> None:
        self.items = items


class Everything:
    """The empty query."""

    __slots__ = ()


ALL = Everything()

Plan = Leaf | Not | AllOf | AnyOf | Everything
