"""How much a card source may make the program read (issue 16 point 8; stated in README).

A source is read whole into memory, and parsing costs several times its size, so its uncompressed
size is bounded: a 285 KB zip holding a 300 MB JSON string once took 2.6 GB. The limits are well
above the real sources (Scryfall oracle-cards ~170 MB, MTGJSON AtomicCards ~120 MB, expanding
~10 times from .xz; a Forge card script is a few KB):

* a file or archive member: at most MAX_BYTES uncompressed;
* compressed data (.xz, .gz, a zip member): at most MAX_RATIO times its compressed size once past
  SMALL_BYTES (a zip bomb expands a thousand times);
* one Forge card script: at most MAX_SCRIPT_BYTES;
* an archive's members together (a Forge zip or tar, a folder of scripts): what one file of the
  archive's size may expand to (a `Budget`), checked against the declared sizes before reading a
  byte where the archive states them (a zip's central directory);
* the cards of one source: at most CARDS_FLOOR plus one per BYTES_PER_CARD bytes of the source
  uncompressed (`card_limit`, `source_bytes`). A card costs a few KB in memory whatever its
  source says (about 2.5 KB while it is imported), so without it a file of a million two-word
  records (44 MB) took 2.5 GB; the real sources hold one card per 700 bytes (a Forge script) to
  5 KB (Scryfall), far inside it;
* a zip whose entries overlap (several entries reading the same compressed bytes, a zip bomb
  that expands a small file thousands of times) is refused outright (`zip_entries`).

Reads stop one byte past the limit, so memory stays bounded whatever the file claims.
"""

from __future__ import annotations

import bz2
import gzip
import itertools
import lzma
import os
import zipfile
from collections.abc import Iterable
from typing import Protocol

from deckeditor.path_kind import Kind, kind_of

MAX_BYTES = 512 * 2**20
MAX_RATIO = 100
SMALL_BYTES = 16 * 2**20
MAX_SCRIPT_BYTES = 4 * 2**20
CARDS_FLOOR = 10_000
BYTES_PER_CARD = 256


class TooLarge(ValueError):
    """A source (or one of its members) bigger than the limits; the message names it."""


def _mib(n: int) -> str:
    return f"{n / 2**20:.0f} MiB"


def allowed(compressed: int | None) -> int:
    """The uncompressed bytes allowed for data of `compressed` bytes (None: not compressed)."""
    if compressed is None:
        return MAX_BYTES
    return min(MAX_BYTES, max(SMALL_BYTES, MAX_RATIO * compressed))


def refuse(what: str, limit: int, compressed: int | None) -> TooLarge:
    if compressed is not None and limit == allowed(compressed) < MAX_BYTES:
        why = (
            f"expands to more than {_mib(limit)}, over {MAX_RATIO} times its compressed "
            f"size ({compressed} bytes); refused as a likely zip bomb"
        )
    else:
        why = f"is larger than {_mib(limit)} uncompressed; refused (the limit for a card source)"
    return TooLarge(f"{what}: {why}")


def check_size(
    what: str, size: int, compressed: int | None = None, limit: int | None = None
) -> None:
    """Refuse a declared size (an archive header, a file's length) before reading anything."""
    limit = allowed(compressed) if limit is None else min(limit, allowed(compressed))
    if size > limit:
        raise refuse(what, limit, compressed)


class ByteReader(Protocol):
    """What `read_limited` reads: a file, a zip member, an lzma or gzip stream."""

    def read(self, size: int = -1, /) -> bytes: ...


def read_limited(
    stream: ByteReader, what: str, compressed: int | None = None, limit: int | None = None
) -> bytes:
    """Read the whole stream, stopping one byte past the limit (TooLarge then)."""
    limit = allowed(compressed) if limit is None else min(limit, allowed(compressed))
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise refuse(what, limit, compressed)
    return data


class Budget:
    """The bytes an archive's members may expand to in all (one file of `compressed` bytes;
    None: a folder or an uncompressed archive, MAX_BYTES)."""

    def __init__(self, what: str, compressed: int | None = None) -> None:
        self.what, self.compressed = what, compressed
        self.limit = allowed(compressed)
        self.used = 0

    def take(self, size: int) -> None:
        """Count `size` more bytes; TooLarge once the members exceed the limit together."""
        self.used += size
        if self.used > self.limit:
            raise refuse(f"{self.what} (all members together)", self.limit, self.compressed)

    def take_all(self, sizes: Iterable[int]) -> None:
        for size in sizes:
            self.take(size)


_LOCAL_HEADER = 30  # the fixed part of a zip entry's local header, before its name and extra field


def zip_entries(zf: zipfile.ZipFile, what: str) -> list[zipfile.ZipInfo]:
    """The zip's entries, refused (TooLarge) when two of them share bytes: an entry's local
    header and data end before the next entry's header in a zip any tool writes, and an overlap
    lets a 106 KB file unpack one 4 MiB member 2,000 times."""
    for info in zf.infolist():
        if info.flag_bits & 0x1:  # zipfile would raise RuntimeError asking for a password
            raise ValueError(
                f"{what}: zip entry {info.filename!r} is encrypted; cards cannot be read from it"
            )
    infos = sorted(zf.infolist(), key=lambda i: i.header_offset)
    for a, b in itertools.pairwise(infos):
        if a.header_offset + _LOCAL_HEADER + a.compress_size > b.header_offset:
            raise TooLarge(
                f"{what}: zip entries {a.filename!r} and {b.filename!r} overlap; "
                "refused as a likely zip bomb"
            )
    return zf.infolist()


def regular_files(folder: str | os.PathLike[str]) -> list[str]:
    """The regular files under `folder` (links followed to one), sorted. A FIFO would wait for
    a writer for ever and a device never ends; a dangling link is no file: all passed over."""
    found = (os.path.join(root, f) for root, _, names in os.walk(folder) for f in names)
    return sorted(f for f in found if kind_of(f)[0] in (Kind.FILE, Kind.UNREACHABLE))


def card_limit(source_bytes: int) -> int:
    """The most cards a source of `source_bytes` bytes on disk may give."""
    return CARDS_FLOOR + source_bytes // BYTES_PER_CARD


def too_many_cards(what: str, limit: int) -> TooLarge:
    return TooLarge(
        f"{what}: holds more than {limit:,} cards (at most {CARDS_FLOOR:,} and one per "
        f"{BYTES_PER_CARD} bytes of the source); refused"
    )


_COMPRESSED = ((b"\xfd7zXZ\x00", lzma.open), (b"\x1f\x8b", gzip.open), (b"BZh", bz2.open))


def source_bytes(path: str | os.PathLike[str]) -> int:
    """A source's size uncompressed: a folder's files, a zip's members as its directory states
    them, a compressed file as it unpacks (counted, at most MAX_BYTES + 1), else its length."""
    if os.path.isdir(path):
        return sum(os.path.getsize(f) for f in regular_files(path))
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as zf:
            return sum(i.file_size for i in zf.infolist())
    with open(path, "rb") as fh:
        head = fh.read(6)
    opener = next((op for prefix, op in _COMPRESSED if head.startswith(prefix)), None)
    if opener is None:
        return os.path.getsize(path)
    total = 0
    with opener(path, "rb") as fh:
        while total <= MAX_BYTES and (chunk := fh.read(1 << 20)):
            total += len(chunk)
    return total
