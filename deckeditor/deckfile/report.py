"""What reading a deck file reports (`deck-files.md` §1): one fatal `DeckFileError`, or a deck with
one status per input line and deck-level notes.

Kept apart from the readers so every game's file module can return the same report without
importing `deckio`, which loops over them all.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple, overload

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


class _Statuses(Sequence[LineStatus]):
    """Reads like a list of `LineStatus`, each made on access from the columns a subclass keeps."""

    def _at(self, i: int) -> LineStatus:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> LineStatus: ...

    @overload
    def __getitem__(self, index: slice) -> list[LineStatus]: ...

    def __getitem__(self, index: int | slice) -> LineStatus | list[LineStatus]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("line report index out of range")
        return self._at(index)

    def __iter__(self) -> Iterator[LineStatus]:
        return map(self._at, range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (_Statuses, list, tuple)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list: unhashable

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"

    def of_kind(self, kinds: Iterable[LineKind]) -> list[LineStatus]:
        """The statuses of these kinds, in order."""
        wanted = set(kinds)
        return [s for s in self if s.status in wanted]

    def kind_counts(self) -> dict[LineKind, int]:
        """How many lines have each kind (kinds no line has: absent)."""
        return dict(Counter(s.status for s in self))


class LineReport(_Statuses):
    """The line statuses of one read, held column-wise: a number, a kind byte and references to
    the text and reason per line, not a tuple per line (a file of a million distinct lines: about
    25 bytes a line instead of 90)."""

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
        return LineStatus(
            self._numbers[i], self._texts[i], _KINDS[self._kinds[i]], self._reasons[i]
        )

    def kind_counts(self) -> dict[LineKind, int]:
        return {_KINDS[k]: n for k, n in Counter(self._kinds).items()}

    def __iter__(self) -> Iterator[LineStatus]:
        kinds = _KINDS
        for number, text, kind, reason in zip(
            self._numbers, self._texts, self._kinds, self._reasons
        ):
            yield LineStatus(number, text, kinds[kind], reason)


class TextReport(_Statuses):
    """The statuses of a text read line by line, one per line in order (line n is the n-th):
    per line only where it starts in the text and a code for its (kind, reason), 8 bytes; the
    line's text is cut from the source when asked for. A file of a million lines, distinct or
    not, holds no string per line (issue 15: memory bounded by the input).

    The reader appends a chunk's line starts with `starts.extend`, then one `codes` entry per
    line (`code` interns a status); a line reported with another text than its own (an unparsed
    line without an earlier export's prefix) is given it with `set_text`.
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self.starts = array("I")  # offsets of a text of at most 8 MiB
        self.codes = array("I")
        self._statuses: list[tuple[LineKind, str]] = []
        self._code_of: dict[tuple[LineKind, str], int] = {}
        self._texts: dict[int, str] = {}

    def code(self, kind: LineKind, reason: str = "") -> int:
        """The code of a status, the same for equal statuses."""
        key = (kind, reason)
        got = self._code_of.get(key)
        if got is None:
            got = self._code_of[key] = len(self._statuses)
            self._statuses.append(key)
        return got

    def add(self, number: int, text: str | None, kind: LineKind, reason: str = "") -> None:
        """The status of the next line (`number` must be it); `text` None: the line's own."""
        index = len(self.codes)
        if number != index + 1:
            raise ValueError(f"line {number} reported after line {index}")
        self.codes.append(self.code(kind, reason))
        if text is not None and text != self.line_text(index):
            self._texts[index] = text

    def set_text(self, index: int, text: str) -> None:
        self._texts[index] = text

    def line_text(self, index: int) -> str:
        """Line `index` (from 0) of the source, right-trimmed."""
        starts = self.starts
        end = starts[index + 1] if index + 1 < len(starts) else len(self.source)
        return self.source[starts[index] : end].rstrip()

    def drop_last(self) -> None:
        """Forget the last line (an empty last line is no line, `split_lines`)."""
        self.codes.pop()
        self.starts.pop()
        self._texts.pop(len(self.codes), None)

    def __len__(self) -> int:
        return len(self.codes)

    def of_kind(self, kinds: Iterable[LineKind]) -> list[LineStatus]:
        # the codes compared, not a status made per line (a million-line file: unparsed lines)
        wanted = set(kinds)
        codes = {c for c, (kind, _) in enumerate(self._statuses) if kind in wanted}
        return [self._at(i) for i, c in enumerate(self.codes) if c in codes]

    def kind_counts(self) -> dict[LineKind, int]:
        out: dict[LineKind, int] = {}
        for code, n in Counter(self.codes).items():
            kind = self._statuses[code][0]
            out[kind] = out.get(kind, 0) + n
        return out

    def _at(self, i: int) -> LineStatus:
        text = self._texts.get(i)
        if text is None:
            text = self.line_text(i)
        kind, reason = self._statuses[self.codes[i]]
        return LineStatus(i + 1, text, kind, reason)


@dataclass(frozen=True, slots=True)
class ImportResult:
    deck: Deck
    kind: str
    lines: Sequence[LineStatus] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def with_kind(self, kind: str) -> ImportResult:
        return ImportResult(self.deck, kind, self.lines, self.notes)

    def statuses(self, *kinds: LineKind) -> list[LineStatus]:
        if isinstance(self.lines, _Statuses):
            return self.lines.of_kind(kinds)
        return [s for s in self.lines if s.status in kinds]
