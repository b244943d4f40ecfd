"""Row sets as Python ints (bit i = catalog row i): AND/OR/NOT are single big-int operations, and
these helpers move between that form and lists at C speed (no per-bit Python loop)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import compress
from typing import TypeVar

K = TypeVar("K")

_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
# Bit positions set in each byte value, for turning a bitset back into row ids.
_BYTE_ROWS = tuple(tuple(i for i in range(8) if value >> i & 1) for value in range(256))


def from_flags(flags: Sequence[bool] | bytes | bytearray) -> int:
    """A list of booleans (row order) -> bitset."""
    if not flags:
        return 0
    return int(bytes(flags).translate(_TO_DIGITS)[::-1], 2)


def from_rows(rows: Iterable[int], n: int) -> int:
    """Row ids (any order, below n) -> bitset."""
    if not isinstance(rows, Sequence):
        rows = list(rows)
    if len(rows) < 16:  # a few shifts beat filling and converting a buffer
        result = 0
        for row in rows:
            result |= 1 << row
        return result
    if len(rows) * 32 < n:  # sparse: set each row's bit in an n/8-byte buffer
        packed = bytearray((n + 7) // 8)
        for row in rows:
            packed[row >> 3] |= 1 << (row & 7)
        return int.from_bytes(packed, "little")
    flags = bytearray(n)  # dense: one byte per row, turned into digits at C speed
    for row in rows:
        flags[row] = 1
    return from_flags(flags)


def to_rows(bits: int) -> list[int]:
    """Bitset -> ascending row ids."""
    if not bits:
        return []
    data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    out: list[int] = []
    extend = out.extend
    table = _BYTE_ROWS
    base = 0
    for byte in data:
        if byte:
            if byte == 255:
                extend(range(base, base + 8))
            else:
                extend([base + i for i in table[byte]])
        base += 8
    return out


_DIGIT_FLAG = bytes.maketrans(b"01", b"\x00\x01")


def rows_of(found: int, n: int | None = None) -> list[int]:
    """Bitset over `n` rows (default: up to its highest bit) -> ascending row ids, with C-level
    passes only: a dense set (a keystroke's first letters keep most of the pool) through one
    translate, a sparse one per hit. The keystroke path's converter; `to_rows` is the general
    one."""
    if not found:
        return []
    if n is None:
        n = found.bit_length()
    text = format(found, "b")[::-1]  # least significant bit first
    if found.bit_count() * 5 >= n:  # measured: the translate wins from about one row in six
        return list(compress(range(len(text)), text.encode("ascii").translate(_DIGIT_FLAG)))
    out = []
    find = text.find
    i = find("1")
    while i >= 0:
        out.append(i)
        i = find("1", i + 1)
    return out


def to_flags(bits: int, n: int) -> bytes:
    """Bitset -> one byte per row (0 or 1), for filtering an arbitrary list of rows."""
    if n <= 0:
        return b""
    digits = format(bits & ((1 << n) - 1), "b").zfill(n)
    return digits.encode("ascii")[::-1].translate(bytes.maketrans(b"01", b"\x00\x01"))


def union_where(groups: Mapping[K, int], test: Callable[[K], bool]) -> int:
    """The rows of every group whose key passes `test` (a key search over value -> rows)."""
    result = 0
    for value, group in groups.items():
        if test(value):
            result |= group
    return result


def all_rows(n: int) -> int:
    return (1 << n) - 1


def count(bits: int) -> int:
    return bits.bit_count()
