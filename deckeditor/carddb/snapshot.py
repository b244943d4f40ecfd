"""The start-up snapshot: a game's whole card list as ONE compressed blob, read in one go.

Measured on 29,521 MTG cards (Python 3.11): unpickling the frozen slotted dataclasses costs
~800 ms (every field goes through `object.__setattr__`, and the cyclic GC runs again and again over
the new objects); marshalling plain tuples and filling the slots through their descriptors, with the
GC paused, costs ~150 ms. So MTG cards are stored as tuples in field order, with a decoder generated
from the dataclass fields (a new plain field needs no change here); anything this cannot describe
(another game, a field of an unknown class) falls back to pickle.
"""

from __future__ import annotations

import gc
import marshal
import pickle
import re
import sys
import types
import zlib
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import fields
from typing import Any

PICKLE = "pickle"
TUPLES = "tuples"  # zlib-compressed marshal (snapshots written before issue 17; still read)
TUPLES_RAW = "tuples-raw"  # plain marshal: ~3x the bytes, but no ~20-40 ms inflate at start-up

_PLAIN_WORDS = {"str", "int", "float", "bool", "None", "tuple"}
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


class SnapshotError(ValueError):
    """A snapshot that cannot be read (the store then rebuilds it from the rows)."""


@contextmanager
def gc_paused(freeze: bool = False):
    """Building tens of thousands of objects triggers many full collections for nothing.

    With `freeze`, what was built is moved out of the collector's sight (`gc.freeze`): a loaded
    pool lives as long as the process, and each full collection would otherwise rescan its ~1M
    objects (measured ~100 ms, the first one right after loading). Cards hold no cycles, so
    reference counting still frees a pool that is dropped."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if was:
            gc.enable()


# --- fast construction of slotted dataclasses ----------------------------------------------------


def _maker(cls: type) -> Callable[[tuple], Any]:
    """`vals -> instance`, filling slots directly (no __init__: the values were built once by an
    importer already); the plain constructor when the class is not a plain slotted dataclass."""
    names = [f.name for f in fields(cls)]
    slotted = all(isinstance(getattr(cls, n, None), types.MemberDescriptorType) for n in names)
    if not slotted or hasattr(cls, "__post_init__"):
        return lambda vals: cls(*vals)
    fast = _shadow_maker(cls, names)
    if fast is not None:
        return fast
    ns: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for i, n in enumerate(names):
        ns[f"s{i}"] = getattr(cls, n).__set__
    body = "; ".join(f"s{i}(o, v[{i}])" for i in range(len(names)))
    exec(f"def make(v):\n    o = new(cls)\n    {body}\n    return o\n", ns)  # noqa: S102
    return ns["make"]


def _shadow_maker(cls: type, names: list[str]) -> Callable[[tuple], Any] | None:
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
    shadow = ns["Shadow"]

    def make(vals, shadow=shadow, cls=cls):
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


# --- the MTG codec -------------------------------------------------------------------------------


class _MtgCodec:
    def __init__(self) -> None:
        from deckeditor.games.mtg.card import (
            NO_PARTNER,
            Card,
            DeckRuleLine,
            Face,
            Layout,
            PartnerInfo,
        )

        self.Card = Card
        self.no_partner = NO_PARTNER
        self.card_fields = [f.name for f in fields(Card)]
        self.face_fields = [f.name for f in fields(Face)]
        self.partner_fields = [f.name for f in fields(PartnerInfo)]
        self.partner_sets = [
            f.name for f in fields(PartnerInfo) if str(f.type).startswith("frozenset")
        ]
        self.rule_fields = [f.name for f in fields(DeckRuleLine)]
        for cls in (Face, DeckRuleLine):
            for f in fields(cls):
                if not _plain(f.type):
                    raise SnapshotError(f"{cls.__name__}.{f.name}: {f.type} has no tuple form")
        for f in fields(PartnerInfo):
            if not (_plain(f.type) or f.name in self.partner_sets):
                raise SnapshotError(f"PartnerInfo.{f.name}: {f.type} has no tuple form")
        self.kinds = [self._kind(f.type) for f in fields(Card)]
        ns = {
            "L": {m.value: m for m in Layout},
            "mkc": _maker(Card),
            "mkf": _maker(Face),
            "mkr": _maker(DeckRuleLine),
            "mkp": self._partner_maker(_maker(PartnerInfo)),
            "NP": NO_PARTNER,
        }
        exprs = [self._decode_expr(kind, i) for i, kind in enumerate(self.kinds)]
        # Each row is dropped from `rows` once decoded: its tuples are freed while the cards are
        # made, so the peak is not the whole tuple form and the whole card list at once (~45 MB
        # less resident at start-up over the full pool).
        src = (
            "def decode(rows):\n    out = []\n    ap = out.append\n"
            "    for i in range(len(rows)):\n        r = rows[i]\n        rows[i] = None\n"
            f"        ap(mkc(({', '.join(exprs)},)))\n    return out\n"
        )
        exec(src, ns)  # noqa: S102 - generated from the dataclass fields above
        self.decode_rows = ns["decode"]
        exec(f"def one(r):\n    return mkc(({', '.join(exprs)},))\n", ns)  # noqa: S102 - as above
        self.decode_row = ns["one"]

    @staticmethod
    def _kind(annotation: Any) -> str:
        text = str(annotation).replace(" ", "")
        known = {
            "Layout": "enum",
            "tuple[Face,...]": "faces",
            "tuple[DeckRuleLine,...]": "rules",
            "frozenset[str]": "set",
            "PartnerInfo": "partner",
            "dict": "dict",
            "dict[str,Any]": "dict",  # `extra`, typed since 7fdba18: still a JSON object
        }
        if text in known:
            return known[text]
        if _plain(text):
            return "plain"
        raise SnapshotError(f"Card field type {annotation} has no tuple form")

    def _partner_maker(self, make):
        sets = {self.partner_fields.index(n) for n in self.partner_sets}

        def mkp(vals):
            return make(tuple(frozenset(v) if i in sets else v for i, v in enumerate(vals)))

        return mkp

    @staticmethod
    def _decode_expr(kind: str, i: int) -> str:
        r = f"r[{i}]"
        return {
            "plain": r,
            "enum": f"L[{r}]",
            "faces": f"tuple([mkf(f) for f in {r}])",
            "rules": f"(tuple([mkr(d) for d in {r}]) if {r} else ())",
            "set": f"frozenset({r})",
            "partner": f"(NP if {r} is None else mkp({r}))",
            "dict": f"(dict({r}) if {r} else {{}})",
        }[kind]

    def _prepare_encoder(self) -> None:
        from operator import attrgetter

        self._card_get = attrgetter(*self.card_fields)
        self._face_get = attrgetter(*self.face_fields)
        # Short repeated strings (types, costs, keywords, set codes) are interned, so marshal
        # writes each once and reading gives shared strings back (smaller blob, less memory).
        # Names and rules text are unique: not worth the lookups.
        from deckeditor.games.mtg.card import Face

        self._face_intern = [
            i for i, f in enumerate(fields(Face)) if f.name not in _UNIQUE and "str" in str(f.type)
        ]  # fmt: skip
        self._card_intern = [
            i for i, (n, k) in enumerate(zip(self.card_fields, self.kinds))
            if k in ("plain", "set") and n not in _UNIQUE
        ]  # fmt: skip
        self._special = [(i, k) for i, k in enumerate(self.kinds) if k != "plain"]

    def _face(self, face) -> tuple:
        vals = list(self._face_get(face))
        for i in self._face_intern:
            vals[i] = _interned(vals[i])
        return tuple(vals)

    def encode(self, card) -> tuple:
        if not hasattr(self, "_card_get"):
            self._prepare_encoder()
        vals = list(self._card_get(card))
        for i, kind in self._special:
            v = vals[i]
            if kind == "enum":
                v = v.value
            elif kind == "faces":
                v = tuple([self._face(f) for f in v])
            elif kind == "rules":
                v = tuple(tuple(getattr(d, n) for n in self.rule_fields) for d in v)
            elif kind == "set":
                v = tuple(v)
            elif kind == "partner":
                v = (
                    None
                    if v == self.no_partner
                    else tuple(
                        tuple(getattr(v, n)) if n in self.partner_sets else getattr(v, n)
                        for n in self.partner_fields
                    )
                )
            elif kind == "dict":
                v = v or None
            vals[i] = v
        for i in self._card_intern:
            vals[i] = _interned(vals[i])
        return tuple(vals)


_UNIQUE = frozenset({"name", "oracle_text", "extra"})


def _interned(value: Any, intern=sys.intern) -> Any:
    """A short string, or a tuple of them, with each string as its one shared object."""
    if type(value) is str:
        return intern(value) if len(value) <= 40 else value
    if type(value) is tuple and value:
        return tuple([intern(x) if type(x) is str and len(x) <= 40 else x for x in value])
    return value


def _plain(annotation: Any) -> bool:
    return set(_WORD.findall(str(annotation))) <= _PLAIN_WORDS


_codec: _MtgCodec | None = None


def _mtg_codec() -> _MtgCodec | None:
    global _codec
    if _codec is None:
        try:
            _codec = _MtgCodec()
        except SnapshotError:
            return None
    return _codec


# --- blobs ---------------------------------------------------------------------------------------


def dump(game: str, cards: list, index: dict | None = None) -> tuple[str, bytes]:
    """(codec name, blob) of the cards and, when given, a CardPool's name index. The tuple
    form is stored uncompressed: start-up reads it on every launch, and inflating ~11 MB costs
    more than reading 8 MB more from the cache file."""
    codec = _mtg_codec() if game == "mtg" else None
    if codec is not None and all(type(c) is codec.Card for c in cards):
        try:
            rows = [codec.encode(c) for c in cards]
            try:
                data = marshal.dumps((rows, index))
            except ValueError:  # an index marshal cannot hold: the pool is indexed at load
                data = marshal.dumps((rows, None))
            return TUPLES_RAW, data
        except ValueError:  # something in `extra` marshal cannot hold
            pass
    return PICKLE, zlib.compress(pickle.dumps((cards, None), protocol=pickle.HIGHEST_PROTOCOL), 1)


def load(game: str, codec_name: str, blob: bytes) -> tuple[list, dict | None]:
    """(cards, pool index or None). Callers pause the GC around it (`gc_paused`)."""
    raw = blob if codec_name == TUPLES_RAW else zlib.decompress(blob)
    if codec_name in (TUPLES, TUPLES_RAW):
        codec = _mtg_codec()
        if codec is None or game != "mtg":
            raise SnapshotError("tuple snapshot without a codec")
        rows, index = marshal.loads(raw)
        return codec.decode_rows(rows), index
    if codec_name == PICKLE:
        cards, index = pickle.loads(raw)
        return cards, index
    raise SnapshotError(f"unknown snapshot codec {codec_name!r}")


def load_rows(
    game: str, codec_name: str, blob: bytes
) -> tuple[list, Callable[[tuple], Any], dict | None] | None:
    """(undecoded rows, row -> card, pool index) for a pool that decodes its cards when asked
    (`CardPool.lazy`); None when the snapshot's codec has no row form (pickle)."""
    if codec_name not in (TUPLES, TUPLES_RAW) or game != "mtg":
        return None
    codec = _mtg_codec()
    if codec is None:
        return None
    rows, index = marshal.loads(blob if codec_name == TUPLES_RAW else zlib.decompress(blob))
    return rows, codec.decode_row, index


# --- the pool's name index -----------------------------------------------------------------------
# Indexing 30,000 names (NFKD folding of every name and face name) costs about as much as decoding
# the cards, so the index CardPool builds is stored beside them and put back as it was. It is used
# only when the CardPool class is the one that built it (`pool_fingerprint`).

_POOL_OWN = ("_cards", "_lazy", "game")


def pool_fingerprint() -> str:
    """The bytes of the module that defines CardPool (cheap: inspect.getsource costs ~40 ms)."""
    import hashlib
    import sys as _sys

    from deckeditor.carddb.pool import CardPool

    path = getattr(_sys.modules[CardPool.__module__], "__file__", None)
    try:
        with open(path, "rb") as fh:  # type: ignore[arg-type]
            data = fh.read()
    except (OSError, TypeError):  # no source file (frozen bundle): the attribute names only
        data = ",".join(sorted(vars(CardPool("x")))).encode()
    return hashlib.sha1(data).hexdigest()[:12]


def pool_index(pool) -> dict:
    return {k: v for k, v in vars(pool).items() if k not in _POOL_OWN}


def lazy_pool(game: str, rows: list, decode, index: dict | None):
    """A CardPool over undecoded snapshot rows with its stored index (`CardPool.lazy`), or None
    when the index does not fit."""
    pool = pool_from(game, rows, index)  # the rows stand in for the cards: same count
    if pool is not None:
        pool.lazy(rows, decode)
    return pool


def pool_from(game: str, cards: list, index: dict | None):
    """A CardPool over `cards` with its stored index, or None when the index does not fit."""
    from deckeditor.carddb.pool import CardPool

    if not index or set(index) | set(_POOL_OWN) != set(vars(CardPool(game))):
        return None
    if len(index.get("_exact", ())) != len(cards):
        return None
    pool = CardPool.__new__(CardPool)
    vars(pool).update(index)
    pool.cards = cards
    pool.game = game
    return pool
