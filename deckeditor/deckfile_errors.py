"""What reading a deck file reports (`deck-files.md` §1): one fatal `DeckFileError`, or a deck with
one status per input line and deck-level notes.

Kept apart from the readers so every game's file module (MTG here, Riftbound's deck codes) can
return the same report without importing `deckio`, which imports them all.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from deckeditor.deck import Deck


class DeckFileError(Exception):
    """A file that cannot be used at all, printed `deck.txt:12:5: message` (column when known)."""

    def __init__(
        self,
        path: str | None,
        line: int | None,
        column: int | None,
        message: str,
    ) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = [self.path or "<text>"]
        if self.line is not None:
            where.append(str(self.line))
            if self.column is not None:
                where.append(str(self.column))
        return f"{':'.join(where)}: {self.message}"

    def at(self, path: str | None) -> DeckFileError:
        """The same error naming the file (parsers raise it before they know the path)."""
        return DeckFileError(path, self.line, self.column, self.message)


class LineKind(str, Enum):
    CARD = "CARD"
    UNKNOWN_CARD = "UNKNOWN_CARD"
    SECTION = "SECTION"
    METADATA = "METADATA"
    COMMENT = "COMMENT"
    BLANK = "BLANK"
    UNPARSED = "UNPARSED"


# The brief's spelling: LineStatus(number, text, status, reason). A named tuple rather than a
# frozen dataclass: a million-line file has a million of them, and a tuple is built several times
# faster and is smaller (issue 15: reading is linear and bounded).
class LineStatus(NamedTuple):
    number: int  # 1-based line number (XML: the element's position in document order)
    text: str
    status: LineKind
    reason: str = ""


_KINDS = tuple(LineKind)
_KIND_INDEX = {kind: i for i, kind in enumerate(_KINDS)}


class LineReport(Sequence):
    """The line statuses of one read, held column-wise: a number, a kind byte and references to
    the text and reason per line, not a tuple per line (a file of a million distinct lines: about
    25 bytes a line instead of 90). Reads like a list of `LineStatus`, made on access."""

    def __init__(self, statuses: Iterable[LineStatus] = ()) -> None:
        self._numbers = array("q")
        self._texts: list[str] = []
        self._kinds = bytearray()
        self._reasons: list[str] = []
        for status in statuses:
            self.add(*status)

    def add(self, number: int, text: str, kind: LineKind, reason: str = "") -> None:
        self._numbers.append(number)
        self._texts.append(text)
        self._kinds.append(_KIND_INDEX[kind])
        self._reasons.append(reason)

    def append(self, status: LineStatus) -> None:
        self.add(*status)

    def __len__(self) -> int:
        return len(self._texts)

    def _at(self, i: int) -> LineStatus:
        return LineStatus(self._numbers[i], self._texts[i], _KINDS[self._kinds[i]],
                          self._reasons[i])

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("line report index out of range")
        return self._at(index)

    def __iter__(self) -> Iterator[LineStatus]:
        kinds = _KINDS
        for number, text, kind, reason in zip(self._numbers, self._texts, self._kinds,
                                              self._reasons):
            yield LineStatus(number, text, kinds[kind], reason)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LineReport, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # mutable, like a list

    def __repr__(self) -> str:
        return f"LineReport({list(self)!r})"


@dataclass(frozen=True, slots=True)
class ImportResult:
    deck: Deck
    kind: str
    lines: Sequence[LineStatus] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def with_kind(self, kind: str) -> ImportResult:
        return ImportResult(self.deck, kind, self.lines, self.notes)

    def statuses(self, *kinds: LineKind) -> list[LineStatus]:
        return [s for s in self.lines if s.status in kinds]
