"""What a game plugs into the card database: its card sources, its record codec, its starter pool.

The card database is an engine below the games: it never imports one nor names one. Each game
declares a `CardGame` in its own package; the games' registry (`deckeditor.games.registry`) hands
each to this module, as a loader called on the game's first use (`register_loader`), or a test
registers one itself (`register`). The database loops over what is registered, in registration
order; the first game is the default one (a card or records file naming no game).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from deckeditor.carddb.import_issue import ImportIssue, Issue

# (done, total or None): called now and then by a reader; it may raise to cancel the read
Progress = Callable[[int, int | None], object]
Record = dict[str, Any]


class SourceError(ValueError):
    """A path that cannot be used as a card source; the message says why, in one line."""


@dataclass(slots=True)
class SourceResult:
    """What one card source gave: its cards, or (holding none of its own) what it amends in a
    pool or the combos it holds."""

    kind: str
    game: str
    cards: list[Any] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    note: str = ""  # what `cards info` shows beside the source (a gallery's generatedAt, source)
    # a source of no cards that settles cards already in a pool (a supplementary supertype file):
    # the cards of the pool it changes, changed
    amend: Callable[[Sequence[Any]], list[Any]] | None = None
    combos: object | None = None  # a table of card combos the game's reports read (no cards)

    def settle(self, cards: Sequence[Any]) -> list[Any]:
        """The cards of `cards` this source amends, amended ([] for a source of cards)."""
        return [] if self.amend is None else self.amend(cards)

    @property
    def holds_nothing(self) -> bool:
        return not self.cards and self.amend is None and self.combos is None

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "error"]


SourceReader = Callable[[str | os.PathLike[str], Progress | None], SourceResult]


@dataclass(frozen=True, slots=True)
class SourceKind:
    """One kind of card source a game reads, and how a path is recognised as it.

    A path is tried in this order: a folder, zip or tar of card `scripts`; a zip's first JSON
    member, or the file's head, against each kind's `sniff` (registration order, `fallback`
    kinds last); a zip holding a `zip_member`."""

    kind: str
    game: str
    read: SourceReader
    label: str = ""  # what "not a card source (expected ...)" names; "" for none
    sniff: Callable[[str], bool] | None = None  # the head of the document, as text
    fallback: bool = False  # sniffed after every other kind
    scripts: str = ""  # the suffix of one card script (".txt"): a folder, zip or tar of them
    scripts_label: str = ""  # "Forge card scripts": what an empty folder is said to lack
    zip_member: str = ""  # a zip holding a member of this suffix (".xml")
    bounds_itself: bool = False  # its reader bounds the bytes it reads (else checked first)
    holds_combos: bool = False  # its combos are read again, on first need, from the newest one


class TupleCodec(Protocol):
    """A game's cards as plain tuples for the start-up snapshot (`carddb.snapshot`)."""

    @property
    def card_type(self) -> type: ...

    def encode(self, card: Any) -> tuple[Any, ...]: ...

    def decode_rows(self, rows: list[Any]) -> list[Any]: ...

    def decode_row(self, row: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class RecordCodec:
    """A game's cards as JSON-able records (`carddb.records`): the database rows, the starter
    pool and own records files."""

    owns: Callable[[Any], bool]  # is this card one of the game's
    to_record: Callable[[Any], Record]
    from_record: Callable[[Record], Any]
    model_classes: Callable[[], list[type]]  # a change to them makes a stored snapshot stale
    # a records file's head (JSON text) that is this game's records without naming the game
    recognises: Callable[[str], bool] | None = None
    check_record: Callable[[Any], None] | None = None  # an untrusted file's record: RecordError
    # a later source's card replacing an earlier one of the same name keeps what only the
    # earlier source knew; None: the later card as it is
    inherit: Callable[[Any, Any], Any] | None = None
    tuple_codec: Callable[[], TupleCodec | None] | None = None  # None: snapshots pickle


@dataclass(frozen=True, slots=True)
class CardGame:
    code: str
    codec: RecordCodec
    kinds: tuple[SourceKind, ...] = ()
    starter: Path | None = None  # the starter pool's records file
    # what is computed once per stored pool and kept beside it (card roles)
    derive: Callable[[Any], None] | None = None
    # warnings over a whole read (cards, source path): a game's rules its cards carry
    review: Callable[[list[Any], str], list[ImportIssue]] | None = None


_ORDER: list[str] = []  # the registered games' codes, the default game first
_LOADERS: dict[str, Callable[[], CardGame]] = {}
_GAMES: dict[str, CardGame] = {}


def register_loader(code: str, loader: Callable[[], CardGame]) -> None:
    """Register a game whose `CardGame` is made on its first use (its modules load then)."""
    _GAMES.pop(code, None)
    _LOADERS[code] = loader
    if code not in _ORDER:
        _ORDER.append(code)


def register(game: CardGame) -> None:
    register_loader(game.code, lambda: game)


def withdraw(code: str) -> None:
    """Forget a game (the registry withdraws every game before it hands them over again)."""
    _LOADERS.pop(code, None)
    _GAMES.pop(code, None)
    if code in _ORDER:
        _ORDER.remove(code)


def codes() -> tuple[str, ...]:
    return tuple(_ORDER)


def games() -> tuple[CardGame, ...]:
    return tuple(card_game(code) for code in _ORDER)


def default_code() -> str:
    """The first game registered: a card or records file that names none is its."""
    if not _ORDER:
        raise LookupError("no card game is registered (import deckeditor.games.registry first)")
    return _ORDER[0]


def find(code: str) -> CardGame | None:
    found = _GAMES.get(code)
    if found is None and code in _LOADERS:
        found = _GAMES[code] = _LOADERS[code]()
    return found


def card_game(code: str) -> CardGame:
    found = find(code)
    if found is None:
        known = ", ".join(_ORDER) or "none: import deckeditor.games.registry first"
        raise LookupError(f"unknown game {code!r} (known: {known})")
    return found


def game_of(card: Any) -> CardGame:
    """The registered game that owns `card` (the last one registered when none says so)."""
    registered = games()
    for game in registered:
        if game.codec.owns(card):
            return game
    if not registered:
        raise LookupError("no card game is registered (import deckeditor.games.registry first)")
    return registered[-1]


def kinds() -> list[SourceKind]:
    """Every source kind, `fallback` kinds last."""
    every = [k for g in games() for k in g.kinds]
    return [k for k in every if not k.fallback] + [k for k in every if k.fallback]


def source_kind(kind: str) -> SourceKind | None:
    return next((k for k in kinds() if k.kind == kind), None)
