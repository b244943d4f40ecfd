"""The start-up snapshot: a game's whole card list as ONE compressed blob, read in one go.

Unpickling tens of thousands of frozen slotted dataclasses is slow (every field goes through
`object.__setattr__`, and the cyclic GC runs again and again over the new objects); marshalling
plain tuples and filling the slots directly, with the GC paused, is about five times quicker. So a
game whose record codec offers a tuple codec (`card_games.TupleCodec`) has its cards stored as
tuples; anything else (a game without one, a field of an unknown class) is pickled.
"""

from __future__ import annotations

import hashlib
import marshal
import pickle
import re
import sys
import zlib
from collections.abc import Callable, Iterator
from typing import Any

from deckeditor.carddb import card_games
from deckeditor.carddb.card_games import TupleCodec
from deckeditor.carddb.gc_pause import gc_paused as gc_paused  # where the readers found it
from deckeditor.carddb.pool import CardPool, SnapshotRows

Index = dict[str, Any]  # a CardPool's name index (its attributes but the cards)

PICKLE = "pickle"
TUPLES = "tuples"  # zlib-compressed marshal (snapshots written before issue 17; still read)
# plain marshal: ~3x the bytes, but no ~20-40 ms inflate at start-up. Since issue 24.10 the rows
# are marshalled in chunks inside it, `(chunks, index, count, rows per chunk)`, so a lazy pool
# reads back only the chunks of the rows it is asked for; `(rows, index)` written before is still
# read.
TUPLES_RAW = "tuples-raw"
CHUNK_ROWS = 256

_PLAIN_WORDS = {"str", "int", "float", "bool", "None", "tuple"}
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


class SnapshotError(ValueError):
    """A snapshot that cannot be read (the store then rebuilds it from the rows)."""


def interned(value: Any, intern: Callable[[str], str] = sys.intern) -> Any:
    """A short string, or a tuple of them, with each string as its one shared object: marshal
    writes each once and reading gives shared strings back (smaller blob, less memory)."""
    if type(value) is str:
        return intern(value) if len(value) <= 40 else value
    if type(value) is tuple and value:
        return tuple([intern(x) if type(x) is str and len(x) <= 40 else x for x in value])
    return value


def plain(annotation: Any) -> bool:
    """A field type marshal holds as it is (str, int, float, bool, None and tuples of them)."""
    return set(_WORD.findall(str(annotation))) <= _PLAIN_WORDS


def _tuple_codec(game: str) -> TupleCodec | None:
    found = card_games.find(game)
    if found is None or found.codec.tuple_codec is None:
        return None
    return found.codec.tuple_codec()


# --- blobs ---------------------------------------------------------------------------------------


def dump(game: str, cards: list[Any], index: Index | None = None) -> tuple[str, bytes]:
    """(codec name, blob) of the cards and, when given, a CardPool's name index. The tuple
    form is stored uncompressed: start-up reads it on every launch, and inflating ~11 MB costs
    more than reading 8 MB more from the cache file."""
    codec = _tuple_codec(game)
    if codec is not None and all(type(c) is codec.card_type for c in cards):
        try:
            rows = [codec.encode(c) for c in cards]
            chunks = [
                marshal.dumps(rows[i : i + CHUNK_ROWS]) for i in range(0, len(rows), CHUNK_ROWS)
            ]
            try:
                data = marshal.dumps((chunks, index, len(rows), CHUNK_ROWS))
            except ValueError:  # an index marshal cannot hold: the pool is indexed at load
                data = marshal.dumps((chunks, None, len(rows), CHUNK_ROWS))
            return TUPLES_RAW, data
        except ValueError:  # something in a card marshal cannot hold
            pass
    return PICKLE, zlib.compress(pickle.dumps((cards, None), protocol=pickle.HIGHEST_PROTOCOL), 1)


def load(game: str, codec_name: str, blob: bytes) -> tuple[list[Any], Index | None]:
    """(cards, pool index or None). Callers pause the GC around it (`gc_paused`)."""
    raw = blob if codec_name == TUPLES_RAW else zlib.decompress(blob)
    if codec_name in (TUPLES, TUPLES_RAW):
        codec = _tuple_codec(game)
        if codec is None:
            raise SnapshotError("tuple snapshot without a codec")
        rows, index = _rows_and_index(marshal.loads(raw))
        if isinstance(rows, ChunkedRows):  # a chunk at a time: its tuples freed as decoded
            return [c for chunk in rows.chunks() for c in codec.decode_rows(chunk)], index
        return codec.decode_rows(rows), index
    if codec_name == PICKLE:
        cards, index = pickle.loads(raw)
        return cards, index
    raise SnapshotError(f"unknown snapshot codec {codec_name!r}")


Rows = tuple[Any, Callable[[Any], Any], Index | None]


def load_rows(game: str, codec_name: str, blob: bytes) -> Rows | None:
    """(undecoded rows, row -> card, pool index) for a pool that decodes its cards when asked
    (`CardPool.lazy`); None when the snapshot's codec has no row form (pickle)."""
    if codec_name not in (TUPLES, TUPLES_RAW):
        return None
    codec = _tuple_codec(game)
    if codec is None:
        return None
    loaded = marshal.loads(blob if codec_name == TUPLES_RAW else zlib.decompress(blob))
    rows, index = _rows_and_index(loaded)
    return rows, codec.decode_row, index


def _rows_and_index(loaded: Any) -> tuple[Any, Index | None]:
    if len(loaded) == 4:  # (chunks, index, count, rows per chunk)
        chunks, index, count, size = loaded
        return ChunkedRows(chunks, count, size), index
    rows, index = loaded
    return rows, index


class ChunkedRows:
    """A snapshot's rows as the marshalled chunks they were stored in (CHUNK_ROWS each): a
    chunk is read back when one of its rows is first asked for, so the window's first screen
    reads a few of the full pool's ~120 (~0.2 ms each) instead of all of them (~25 ms). A row
    set to None once decoded is let go."""

    __slots__ = ("_chunks", "_count", "_rows", "_size")

    def __init__(self, chunks: list[bytes | None], count: int, size: int) -> None:
        self._chunks = chunks
        self._rows: list[list[Any] | None] = [None] * len(chunks)
        self._count = count
        self._size = size  # rows per chunk, as written

    def __len__(self) -> int:
        return self._count

    def _chunk(self, i: int) -> list[Any]:
        rows = self._rows[i]
        if rows is None:
            raw = self._chunks[i]
            if raw is None:  # pragma: no cover - a chunk is let go only once read
                raise SnapshotError(f"snapshot chunk {i} read twice")
            # ~2,000 tuples living as long as the pool: out of the collector's sight at once, as
            # a whole pool's are (`gc_paused`), or full collections keep passing over them
            with gc_paused(freeze=True):
                rows = self._rows[i] = marshal.loads(raw)
            self._chunks[i] = None
        return rows

    def __getitem__(self, row: int) -> Any:
        chunk, at = divmod(row, self._size)
        return self._chunk(chunk)[at]

    def __setitem__(self, row: int, value: Any) -> None:
        chunk, at = divmod(row, self._size)
        rows = self._rows[chunk]
        if rows is not None:
            rows[at] = value

    def chunks(self) -> Iterator[list[Any]]:
        """Each chunk's rows in order, each let go once the caller is done with it."""
        for i in range(len(self._chunks)):
            rows = self._chunk(i)
            self._rows[i] = None
            yield rows


# --- the pool's name index -----------------------------------------------------------------------
# Indexing 30,000 names (NFKD folding of every name and face name) costs about as much as decoding
# the cards, so the index CardPool builds is stored beside them and put back as it was. It is used
# only when the CardPool class is the one that built it (`pool_fingerprint`).

_POOL_OWN = ("_cards", "_lazy", "game")


def pool_fingerprint() -> str:
    """The bytes of the module that defines CardPool (cheap: inspect.getsource costs ~40 ms)."""
    path = getattr(sys.modules[CardPool.__module__], "__file__", None)
    try:
        with open(path, "rb") as fh:  # type: ignore[arg-type]  # None: the TypeError below
            data = fh.read()
    except (OSError, TypeError):  # no source file (frozen bundle): the attribute names only
        data = ",".join(sorted(vars(CardPool("x")))).encode()
    return hashlib.sha1(data).hexdigest()[:12]


def pool_index(pool: CardPool[Any]) -> Index:
    return {k: v for k, v in vars(pool).items() if k not in _POOL_OWN}


def lazy_pool(
    game: str, rows: SnapshotRows, decode: Callable[[Any], Any], index: Index | None
) -> CardPool[Any] | None:
    """A CardPool over undecoded snapshot rows with its stored index (`CardPool.lazy`), or None
    when the index does not fit."""
    pool = pool_from(game, [None] * len(rows), index)  # as many cards as rows, to be decoded
    if pool is not None:
        pool.lazy(rows, decode)
    return pool


def pool_from(game: str, cards: list[Any], index: Index | None) -> CardPool[Any] | None:
    """A CardPool over `cards` with its stored index, or None when the index does not fit."""
    if not index or set(index) | set(_POOL_OWN) != set(vars(CardPool(game))):
        return None
    if len(index.get("_exact", ())) != len(cards):
        return None
    pool: CardPool[Any] = CardPool.__new__(CardPool)
    vars(pool).update(index)
    pool.cards = cards
    pool.game = game
    return pool
