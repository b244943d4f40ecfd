"""MTG cards in the start-up snapshot (`deckeditor.carddb.snapshot`): each card a tuple in field
order, decoded by code generated from the dataclass fields (a new plain field needs no change here).

Measured on 29,521 MTG cards (Python 3.11): unpickling the frozen slotted dataclasses costs
~800 ms; marshalling plain tuples and filling the slots directly, with the GC paused, ~150 ms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from deckeditor.carddb.slot_maker import Maker, maker
from deckeditor.carddb.snapshot import SnapshotError, interned, plain
from deckeditor.games.mtg.card import NO_PARTNER, Card, DeckRuleLine, Face, Layout, PartnerInfo

_UNIQUE = frozenset({"name", "oracle_text", "extra"})  # never interned: each is its own


_TUPLES_KEPT = 16384  # distinct face tuples the encoder shares (`MtgTupleCodec._one_tuple`)


class SharedSets(dict[tuple[str, ...], frozenset[str]]):
    """One frozenset per distinct tuple of words: the full pool's ~59,000 keyword and trait
    sets are ~2,300 distinct values (most of them empty), and each frozenset costs 216 bytes
    however few its items: ~12 MB resident, shared ~0.5 MB. A lookup is also quicker than
    building a frozenset."""

    def __missing__(self, words: tuple[str, ...]) -> frozenset[str]:
        found = self[words] = frozenset(words)
        return found


class MtgTupleCodec:
    """MTG cards as tuples in field order, and the decoders generated from the dataclass fields
    (SnapshotError when a field has no tuple form: the snapshot then pickles)."""

    card_type: type = Card

    def __init__(self) -> None:
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
                if not plain(f.type):
                    raise SnapshotError(f"{cls.__name__}.{f.name}: {f.type} has no tuple form")
        for f in fields(PartnerInfo):
            if not (plain(f.type) or f.name in self.partner_sets):
                raise SnapshotError(f"PartnerInfo.{f.name}: {f.type} has no tuple form")
        self.kinds = [self._kind(f.type) for f in fields(Card)]
        ns: dict[str, Any] = {
            "L": {m.value: m for m in Layout},
            "mkc": maker(Card),
            "mkf": maker(Face),
            "mkr": maker(DeckRuleLine),
            "mkp": self._partner_maker(maker(PartnerInfo)),
            "NP": NO_PARTNER,
            "FS": SharedSets(),  # kept with the codec: a lazy pool decodes cards later too
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
        self._decode_rows: Callable[[list[Any]], list[Any]] = ns["decode"]
        exec(f"def one(r):\n    return mkc(({', '.join(exprs)},))\n", ns)  # noqa: S102 - as above
        self._decode_row: Callable[[Any], Any] = ns["one"]
        self._prepare_encoder()

    def decode_rows(self, rows: list[Any]) -> list[Any]:
        """hot loop: every card of a snapshot (the generated decoder does the work)."""
        return self._decode_rows(rows)

    def decode_row(self, row: Any) -> Any:
        return self._decode_row(row)

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
            "dict[str,Any]": "dict",  # `extra`, typed: still a JSON object
        }
        if text in known:
            return known[text]
        if plain(text):
            return "plain"
        raise SnapshotError(f"Card field type {annotation} has no tuple form")

    def _partner_maker(self, make: Maker) -> Maker:
        sets = {self.partner_fields.index(n) for n in self.partner_sets}

        def mkp(vals: tuple[Any, ...]) -> Any:
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
            "set": f"FS[{r}]",
            "partner": f"(NP if {r} is None else mkp({r}))",
            "dict": f"(dict({r}) if {r} else {{}})",
        }[kind]

    def _prepare_encoder(self) -> None:
        self._card_get = attrgetter(*self.card_fields)
        self._face_get = attrgetter(*self.face_fields)
        # Short repeated strings (types, costs, keywords, set codes) are interned, so marshal
        # writes each once and reading gives shared strings back (smaller blob, less memory).
        # Names and rules text are unique: not worth the lookups.
        self._face_intern = [
            i for i, f in enumerate(fields(Face)) if f.name not in _UNIQUE and "str" in str(f.type)
        ]  # fmt: skip
        self._card_intern = [
            i for i, (n, k) in enumerate(zip(self.card_fields, self.kinds))
            if k in ("plain", "set") and n not in _UNIQUE
        ]  # fmt: skip
        self._special = [(i, k) for i, k in enumerate(self.kinds) if k != "plain"]
        self._face_name = self.face_fields.index("name")
        self._tuples: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def _face(self, face: Face, card_name: str) -> tuple[Any, ...]:
        vals = list(self._face_get(face))
        for i in self._face_intern:
            value = interned(vals[i])
            vals[i] = self._one_tuple(value) if type(value) is tuple else value
        if vals[self._face_name] == card_name:
            # the card's own name object: marshal writes it once, and the decoded face and
            # card share it (a one-faced card's face is named as the card: ~1.9 MB of copies)
            vals[self._face_name] = card_name
        return tuple(vals)

    def _one_tuple(self, words: tuple[Any, ...]) -> tuple[Any, ...]:
        """One object per distinct face tuple (types, subtypes, keywords: ~3 MB of repeats over
        the full pool as separate tuples), so marshal writes each once and reading shares it.
        Bounded: the few thousand distinct values of a pool fit; cleared when full."""
        found = self._tuples.get(words)
        if found is None:
            if len(self._tuples) >= _TUPLES_KEPT:
                self._tuples.clear()
            found = self._tuples[words] = words
        return found

    def encode(self, card: Card) -> tuple[Any, ...]:
        vals = list(self._card_get(card))
        for i, kind in self._special:
            v: Any = vals[i]
            if kind == "enum":
                v = v.value
            elif kind == "faces":
                v = tuple([self._face(f, card.name) for f in v])
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
            vals[i] = interned(vals[i])
        return tuple(vals)


_codec: MtgTupleCodec | None = None
_failed = False


def tuple_codec() -> MtgTupleCodec | None:
    """The codec, made once (None when the card model has a field with no tuple form)."""
    global _codec, _failed
    if _codec is None and not _failed:
        try:
            _codec = MtgTupleCodec()
        except SnapshotError:
            _failed = True
    return _codec
