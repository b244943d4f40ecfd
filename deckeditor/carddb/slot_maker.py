"""Fast construction of slotted dataclasses from tuples of their field values.

A snapshot's cards were built once by an importer: decoding them again need not run `__init__`
(frozen classes store each field through `object.__setattr__`). A game's tuple codec
(`card_games.TupleCodec`) makes its card classes with `maker`.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import fields
from typing import Any

Maker = Callable[[tuple[Any, ...]], Any]


def maker(cls: type) -> Maker:
    """`vals -> instance`, filling slots directly (no __init__: the values were built once by an
    importer already); the plain constructor when the class is not a plain slotted dataclass."""
    names = [f.name for f in fields(cls)]
    slotted = all(isinstance(getattr(cls, n, None), types.MemberDescriptorType) for n in names)
    if not slotted or hasattr(cls, "__post_init__"):
        return lambda vals: cls(*vals)
    fast = shadow_maker(cls, names)
    if fast is not None:
        return fast
    ns: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for i, n in enumerate(names):
        ns[f"s{i}"] = getattr(cls, n).__set__
    body = "; ".join(f"s{i}(o, v[{i}])" for i in range(len(names)))
    exec(f"def make(v):\n    o = new(cls)\n    {body}\n    return o\n", ns)  # noqa: S102
    made: Maker = ns["make"]
    return made


def shadow_maker(cls: type, names: list[str]) -> Maker | None:
    """`vals -> instance` through a plain class with the same slots: its __init__ stores each
    field with an ordinary attribute store (which the interpreter specialises for slots), then
    the object takes `cls` as its class (same layout: allowed). A frozen class's slots can
    otherwise only be filled through their descriptors' `__set__`, one call each: measured on
    30,000 cards of 21 fields, 22 ms -> 9 ms. None when the layouts differ (then the
    descriptors are used)."""
    slots = getattr(cls, "__slots__", None)
    if not isinstance(slots, tuple) or set(slots) != set(names):
        return None
    body = "\n".join(f"        self.{n} = v[{i}]" for i, n in enumerate(names))
    ns: dict[str, Any] = {}
    exec(f"class Shadow:\n    __slots__ = {slots!r}\n    def __init__(self, v):\n{body}\n", ns)  # noqa: S102
    shadow: type = ns["Shadow"]

    def make(vals: tuple[Any, ...], shadow: type = shadow, cls: type = cls) -> Any:
        obj = shadow(vals)
        obj.__class__ = cls
        return obj

    try:
        probe = make(tuple(range(len(names))))
    except TypeError:  # "object layout differs": another base, __dict__ or __weakref__
        return None
    if type(probe) is not cls or any(getattr(probe, n) != i for i, n in enumerate(names)):
        return None
    return make
