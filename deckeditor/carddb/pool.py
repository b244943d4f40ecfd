"""A card pool: the cards of one game, addressed by row id (their index) and by name.

Row ids are stable for the life of a pool, so the catalog, the search index and the legality
predicate can all speak in row ids and big-int bitsets over them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, overload

from deckeditor.carddb.gc_pause import gc_paused
from deckeditor.carddb.records import inherit
from deckeditor.names import name_key, split_key


class SnapshotRows(Protocol):
    """A lazy pool's undecoded rows: read by row id, and let go of (set to None) once decoded."""

    def __len__(self) -> int: ...

    def __getitem__(self, row: int) -> Any: ...

    def __setitem__(self, row: int, value: Any) -> None: ...


class NamedCard(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def face_names(self) -> tuple[str, ...]: ...


C = TypeVar("C", bound=NamedCard)


@dataclass(frozen=True, slots=True)
class Resolution(Generic[C]):
    """How a written name resolved: the card (or None) and a note for the import report."""

    card: C | None
    note: str | None = None  # "matched the back face ...", "ambiguous name"

    @property
    def ambiguous(self) -> bool:
        return self.card is None and self.note == "ambiguous name"


_UNRESOLVED: Resolution[Any] = Resolution(None)  # frozen: one for every unknown name


# Undecoded cards are decoded by whichever thread asks first: the window's search-index worker
# decodes the rest after the first paint while the window reads the rows it shows. One decoder at
# a time, so a card is made once and every reader gets the same object.
_DECODING = threading.Lock()
_CHUNK = 512  # rows decoded per hold of the lock (~1 ms): a reader waits for at most one chunk


class LazyCards(Sequence[C]):
    """A lazy pool's cards, read-only: a card is decoded when read; iterating decodes them all."""

    __slots__ = ("_pool",)

    def __init__(self, pool: CardPool[C]) -> None:
        self._pool = pool

    def __len__(self) -> int:
        return len(self._pool)

    @overload
    def __getitem__(self, row: int) -> C: ...

    @overload
    def __getitem__(self, row: slice) -> list[C]: ...

    def __getitem__(self, row: int | slice) -> C | list[C]:
        if isinstance(row, slice):
            return self._pool.cards[row]
        return self._pool._card(row)

    def __iter__(self) -> Iterator[C]:
        return iter(self._pool.cards)


def _with_row(table: dict[str, tuple[int, ...]], key: str, row: int) -> None:
    """Add `row` to the rows of `key` (each row once, in the order added)."""
    rows = table.get(key)
    if rows is None:
        table[key] = (row,)
    elif row not in rows:
        table[key] = (*rows, row)


class CardPool(Generic[C]):
    def __init__(self, game: str, cards: Iterable[C] = ()) -> None:
        self.game = game
        self.generation = 0  # bumped on every change, so caches keyed on the pool can tell
        # two-card combos from a source that holds them (Commander Spellbook), if one was given
        self.combos: object | None = None
        self.combos_path: str | None = None  # an imported combos file, read on first need
        self._cards: list[C] = []
        # (snapshot rows, row -> card) while some cards are still undecoded (`lazy`); else None
        self._lazy: tuple[SnapshotRows, Callable[[Any], C]] | None = None
        self._exact: dict[str, int] = {}
        # A name key's rows are a tuple (`_with_row`): one row's set costs 216 bytes, its tuple
        # 48; the full MTG pool's ~29,500 full-name keys were 6.4 MB of one-row sets.
        self._folded: dict[str, tuple[int, ...]] = {}  # full-name keys
        # face-name keys of cards with more faces than one, or a face named unlike the card (a
        # one-faced card's face is its name: kept out, the table stays small and quick to miss)
        self._faces: dict[str, tuple[int, ...]] = {}
        self._back: set[tuple[str, int]] = set()
        # `"Ach! Hans, Run!"` written without quotes
        self._unquoted: dict[str, tuple[int, ...]] = {}
        for card in cards:
            self.add(card)

    # --- the card list -----------------------------------------------------------------------

    @property
    def cards(self) -> list[C]:
        """Every card, in row order (an undecoded pool decodes the rest first)."""
        if self._lazy is not None:
            self._decode_all()
        return self._cards

    @cards.setter
    def cards(self, cards: list[C]) -> None:
        self._cards = cards
        self._lazy = None

    def lazy(self, rows: SnapshotRows, decode: Callable[[Any], C]) -> None:
        """Cards decoded from their snapshot rows when first asked for: a command that looks at
        a deck's hundred cards (`check`) need not build 30,000 (~70 ms). Whoever asks for
        `cards` (a search, the catalog) gets them all decoded."""
        # an undecoded card is None in its row until it is read (`_card`)
        self._cards = [None] * len(rows)  # type: ignore[list-item]
        self._lazy = (rows, decode)

    def card_list(self) -> Sequence[C]:
        """The cards for a reader that may need only some (a search's matches): the list
        itself, or while undecoded a view that decodes a card when it is read."""
        return self._cards if self._lazy is None else LazyCards(self)

    def _card(self, row: int) -> C:
        card = self._cards[row]
        if card is None and self._lazy is not None:
            with _DECODING:
                card = self._cards[row]
                lazy = self._lazy
                if card is None and lazy is not None:
                    rows, decode = lazy
                    card = self._cards[row] = decode(rows[row])
                    rows[row] = None  # its tuples are freed as the card is made
        return card

    def _decode_all(self) -> None:
        """Decode every card still undecoded, a chunk at a time (another thread may decode
        some meanwhile: each is made once, under the lock). Each row is dropped once decoded,
        so the tuple form and the card list are not both whole at the peak."""
        lazy = self._lazy
        if lazy is None:
            return
        rows, decode = lazy
        cards = self._cards
        with gc_paused(freeze=True):
            for start in range(0, len(rows), _CHUNK):
                with _DECODING:
                    for row in range(start, min(start + _CHUNK, len(rows))):
                        if cards[row] is None:
                            cards[row] = decode(rows[row])
                            rows[row] = None
                time.sleep(0)  # lets a waiting thread (the window's) run between chunks
        self._lazy = None

    # --- building ----------------------------------------------------------------------------

    def add(self, card: C) -> int:
        """Add or replace (same Oracle name: the later source wins, `cli.md` --cards)."""
        self.generation += 1
        row = self._exact.get(card.name)
        if row is not None:
            self.cards[row] = inherit(self.game, self.cards[row], card)
            return row
        row = len(self.cards)
        self.cards.append(card)
        self._exact[card.name] = row
        key = split_key(card.name)
        _with_row(self._folded, key, row)
        if len(key) > 2 and key[0] == key[-1] == '"':
            _with_row(self._unquoted, key[1:-1].strip(), row)
        for alias in getattr(card, "other_names", ()) or ():  # same Oracle card, other name
            _with_row(self._folded, split_key(alias), row)
        faces: tuple[str, ...] = getattr(card, "face_names", ()) or ()
        if len(faces) == 1 and name_key(faces[0]) == key:
            faces = ()  # one face named as the card: found by its full name first, always
        for i, face in enumerate(faces):
            key = name_key(face)
            _with_row(self._faces, key, row)
            if i > 0:
                self._back.add((key, row))
        return row

    def extend(self, cards: Iterable[C]) -> None:
        for card in cards:
            self.add(card)

    # --- reading -----------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[C]:
        return iter(self.cards)

    def __contains__(self, name: str) -> bool:
        return name in self._exact

    def __getitem__(self, row: int) -> C:
        return self._card(row)

    def get(self, name: str) -> C | None:
        """Exact Oracle name only."""
        row = self._exact.get(name)
        return None if row is None else self._card(row)

    def row_of(self, name: str) -> int | None:
        return self._exact.get(name)

    def resolve(self, written: str) -> Resolution[C]:
        """`deck-files.md` §1 name resolution: exact, then folded full or face name."""
        row = self._exact.get(written)
        if row is not None:
            return Resolution(self._card(row))
        key = split_key(written)
        face_key = key if "/" not in written else name_key(written)
        rows = self._folded.get(key)
        if rows is None:
            rows = self._faces.get(face_key)
        if rows is None:  # a name whose Oracle spelling is quoted, written without the quotes
            rows = self._unquoted.get(key)
        if not rows:
            return _UNRESOLVED
        if len(rows) > 1:
            return Resolution(None, "ambiguous name")
        (row,) = rows
        card = self._card(row)
        if (face_key, row) in self._back and split_key(card.name) != key:
            return Resolution(card, f"{written!r} is a back face of {card.name}")
        return Resolution(card)

    def lookup(self, written: str) -> C | None:
        return self.resolve(written).card
