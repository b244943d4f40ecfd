"""The search columns kept in the card database beside the snapshot (`carddb.derived`), one row
per column and read back one at a time, when a key first reads it.

A whole MTG column set is ~17 MB of marshal (~60 ms to read and decode); `cards search
"t:instant o:draw"` reads two of its seventeen columns. The row `search-columns` holds the
stored columns' names, written after them, so a names row is only there when every column
is. A column that cannot be read back (replaced, damaged) has every column built again.
"""

from __future__ import annotations

import gc
import marshal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


def store(cache: DerivedCache, fingerprint: str, columns: Columns) -> None:
    """Keep the columns a function did not make (those are made again), each in its own row,
    then their names. A value marshal cannot hold leaves the set unstored (built every time)."""
    stored = {k: v for k, v in columns.items() if not callable(v)}
    try:
        # uncompressed: inflating ~17 MB would cost ~40 ms of the ~80 ms this saves at start
        blobs = {name: marshal.dumps(value) for name, value in stored.items()}
    except ValueError:
        return
    for name, blob in blobs.items():
        if not cache.put(_row(name), fingerprint, blob):
            return
    cache.put(NAMES, fingerprint, marshal.dumps(list(blobs)))


def read_back(
    cache: DerivedCache, fingerprint: str, rebuild: Callable[[], Columns]
) -> StoredColumns | None:
    """The stored columns, each read on first use; None when no complete set is stored."""
    names = _decoded(cache.get(NAMES, fingerprint))
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None  # none stored, or the one-row form of an earlier version
    return StoredColumns(names, lambda name: _decoded(cache.get(_row(name), fingerprint)), rebuild)


class StoredColumns(dict[str, Any]):
    """A dict of columns whose stored ones are read when first looked up; listing it (keys,
    items, iteration, len) reads them all. Columns added (`update`, item assignment) are kept
    as a dict keeps them."""

    def __init__(
        self, names: list[str], load: Callable[[str], Any], rebuild: Callable[[], Columns]
    ) -> None:
        super().__init__()
        self._pending = set(names)
        self._load = load
        self._rebuild = rebuild

    def __missing__(self, name: str) -> Any:
        if name not in self._pending:
            raise KeyError(name)
        value = self._load(name)
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
