"""The search columns kept in the card database beside the snapshot (`carddb.derived`), one row
per column and read back one at a time, when a key first reads it.

A whole MTG column set is ~17 MB of marshal (~60 ms to read and decode); `cards search
"t:instant o:draw"` reads two of its seventeen columns. The row `search-columns` holds the
stored columns' names, written after them, so a names row is only there when every column
is. A column that cannot be read back (replaced, damaged) has every column built again.

A column whose rows are mostly the very objects of an earlier column's rows (MTG's rules text
without reminder text is the full text on ~70 % of cards, its `~` form on ~85 %) is stored as
that column's name and the rows that differ: read back, it shares the earlier column's strings
instead of holding copies (~15 MB of the window's resident memory over the full MTG pool).
"""

from __future__ import annotations

import gc
import marshal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from operator import is_
from typing import TYPE_CHECKING, Any

from deckeditor.carddb.derived import DerivedCache

if TYPE_CHECKING:  # the views dict's own methods return
    from _collections_abc import dict_items, dict_keys, dict_values

NAMES = "search-columns"

Columns = dict[str, Any]


def _row(column: str) -> str:
    return f"{NAMES}:{column}"


@contextmanager
def _collector_paused() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


def _decoded(blob: bytes | None) -> Any:
    if blob is None:
        return None
    try:
        # ~300,000 objects for all columns: no collection passes over them while they are
        # made, and none later (they live as long as the index; strings and numbers make no
        # cycles)
        with _collector_paused():
            return marshal.loads(blob)
    except (ValueError, EOFError, TypeError):
        return None


def store(
    cache: DerivedCache, fingerprint: str, columns: Columns, unkept: frozenset[str] = frozenset()
) -> None:
    """Keep the columns a function did not make and not named in `unkept` (those are made
    again), each in its own row, then their names and the columns each shares its rows with. A
    value marshal cannot hold leaves the set unstored (built every time)."""
    stored = {k: v for k, v in columns.items() if not callable(v) and k not in unkept}
    bases = shared_bases(stored)
    try:
        # uncompressed: inflating ~17 MB would cost ~40 ms of the ~80 ms this saves at start
        blobs = {
            name: marshal.dumps(_patch(value, stored[bases[name]]) if name in bases else value)
            for name, value in stored.items()
        }
    except ValueError:
        return
    for name, blob in blobs.items():
        if not cache.put(_row(name), fingerprint, blob):
            return
    cache.put(NAMES, fingerprint, marshal.dumps({name: bases.get(name) for name in blobs}))


def shared_bases(columns: Columns) -> dict[str, str]:
    """column -> the earlier list column of the same length whose row objects it holds in at
    least half of its rows (the most such rows), for the columns that have one."""
    lists = [(name, v) for name, v in columns.items() if isinstance(v, list) and v]
    bases: dict[str, str] = {}
    for i, (name, value) in enumerate(lists):
        best = len(value) // 2
        for base_name, base in lists[:i]:
            if len(base) != len(value) or sum(map(is_, value[:64], base[:64])) * 4 < min(
                64, len(value)
            ):
                continue  # a quarter of a sample shared at least, before counting them all
            same = sum(map(is_, value, base))
            if same >= best:
                best, bases[name] = same, base_name
    return bases


Patch = tuple[list[int], list[Any]]  # the rows that differ from the base column, their values


def _patch(value: list[Any], base: list[Any]) -> Patch:
    rows = [row for row, (mine, theirs) in enumerate(zip(value, base)) if mine is not theirs]
    return rows, [value[row] for row in rows]


def _patched(base: list[Any], patch: Any) -> list[Any] | None:
    """The base column's rows with the patch's rows replaced; None for a patch not of that
    shape (then every column is built again)."""
    try:
        rows, values = patch
        out = list(base)
        for row, value in zip(rows, values, strict=True):
            out[row] = value
    except (TypeError, ValueError, IndexError):
        return None
    return out


def read_back(
    cache: DerivedCache,
    fingerprint: str,
    rebuild: Callable[[], Columns],
    made: dict[str, Callable[[], Any]] | None = None,
) -> StoredColumns | None:
    """The stored columns, each read on first use, with the columns `made` makes (from the
    cards, `GameSearch.card_columns`), each made on first use; None when no complete set is
    stored."""
    names = _decoded(cache.get(NAMES, fingerprint))
    if not isinstance(names, dict) or not all(
        isinstance(n, str) and (b is None or b in names) for n, b in names.items()
    ):
        return None  # none stored, or the form of an earlier version
    bases = {name: base for name, base in names.items() if base is not None}
    makers = made or {}

    def load(name: str) -> Any:
        make = makers.get(name)
        return make() if make is not None else _decoded(cache.get(_row(name), fingerprint))

    return StoredColumns([*names, *makers], load, rebuild, bases)


class StoredColumns(dict[str, Any]):
    """A dict of columns whose stored ones are read when first looked up; listing it (keys,
    items, iteration, len) reads them all. Columns added (`update`, item assignment) are kept
    as a dict keeps them."""

    def __init__(
        self,
        names: list[str],
        load: Callable[[str], Any],
        rebuild: Callable[[], Columns],
        bases: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self._pending = set(names)
        self._load = load
        self._rebuild = rebuild
        self._bases = bases or {}  # column -> the column it shares rows with (`store`)

    def __missing__(self, name: str) -> Any:
        if name not in self._pending:
            raise KeyError(name)
        value = self._load(name)
        base = self._bases.get(name)
        if value is not None and base is not None:
            value = _patched(self[base], value)
        if value is None:  # gone or unreadable since the names were read: build them all
            self._fill(self._rebuild())
            return dict.__getitem__(self, name)
        self[name] = value
        self._pending.discard(name)
        return value

    def _fill(self, built: Columns) -> None:
        # a copy: the window's warm-up worker and a keystroke may both be reading columns
        for name in list(self._pending):
            self[name] = built[name]
        self._pending.clear()

    def load_all(self) -> None:
        for name in list(self._pending):
            self[name]  # noqa: B018 - read for its side effect: the column is loaded

    def __contains__(self, name: object) -> bool:
        return name in self._pending or dict.__contains__(self, name)

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default

    def __iter__(self) -> Iterator[str]:
        self.load_all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        return dict.__len__(self) + len(self._pending)

    def keys(self) -> dict_keys[str, Any]:
        self.load_all()
        return dict.keys(self)

    def values(self) -> dict_values[str, Any]:
        self.load_all()
        return dict.values(self)

    def items(self) -> dict_items[str, Any]:
        self.load_all()
        return dict.items(self)
