"""What reading a deck file reports (`deck-files.md` §1): one fatal `DeckFileError`, or a deck with
one status per input line and deck-level notes.

Kept apart from the readers so every game's file module (MTG here, Riftbound's deck codes) can
return the same report without importing `deckio`, which imports them all.
"""

from __future__ import annotations

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


@dataclass(frozen=True, slots=True)
class ImportResult:
    deck: Deck
    kind: str
    lines: list[LineStatus] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def with_kind(self, kind: str) -> ImportResult:
        return ImportResult(self.deck, kind, self.lines, self.notes)

    def statuses(self, *kinds: LineKind) -> list[LineStatus]:
        return [s for s in self.lines if s.status in kinds]
