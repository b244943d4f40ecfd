"""The loop every line-based deck reader shares (issue 25): each kind supplies only how to read
one line; the loop, the lines remembered, the line statuses and the unparsed lines are here.

A text is read a chunk of lines at a time (`textlines.line_chunks`) into a `TextReport`, which
holds a status code per line and cuts a line's text from the source when asked (issue 15: a
million-line file holds no string per line). A caller's own list of lines is reported line by
line into a `LineReport`.

A kind's reader is a `LineReader` subclass:

* `classify(number, text, shown, line)` reads a non-blank line met for the first time. A line
  that is not a card line it reports itself (`book.mark`, `book.reject`) and returns None; else
  it returns a `Memo`: what the line's text alone decides, kept for its next occurrences
  (at most `SEEN_LIMIT` distinct lines).
* `take(memo, number, text, shown, line)` counts a card line, given its memo, the first time and
  each time the line comes again.

A memo may carry a `tally`: the copies to add, the merge key and the status code of a line whose
every occurrence reads the same way (nothing to note). The loop then counts the line itself, into
the fixed table the tally names or else the reader's current one (`rows`), without calling the
kind: the hot path of a long file. A reader sets `rows` to None while a line for the current
table must go through `take` (a new block starts, a header block is read, no line has gone
there yet).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, ClassVar, Generic, TypeVar, cast

from deckeditor.deck import Unparsed
from deckeditor.deckfile_errors import LineKind, LineReport, TextReport
from deckeditor.textlines import line_chunks

# How many distinct lines (or names) one read remembers. Past it a file of distinct lines gains
# nothing from memory, and 8 MiB of them would otherwise be held twice.
SEEN_LIMIT = 50_000

Rows = dict[Any, int]  # a section's merge table: the kind's merge key -> copies
# (fixed table or None for the reader's current one, copies, merge key, status code)
Tally = tuple[Rows | None, int, Hashable, int]


class LineBook:
    """The statuses of one read's lines (one per line, in order) and the lines kept unparsed in
    the deck for the player (`deck-files.md` §1: never silently dropped)."""

    def __init__(self, source: str, report: LineReport | TextReport | None = None) -> None:
        self.source = source  # the kind an unparsed line names as its source
        self.lines: LineReport | TextReport = report if report is not None else LineReport()
        self.unparsed: list[Unparsed] = []
        # `mark` without its own call: the report's `add` (a caller's list gives every text)
        self.status = cast(Callable[[int, "str | None", LineKind, str], None], self.lines.add)

    def mark(self, number: int, text: str | None, kind: LineKind, reason: str = "") -> None:
        """The status of line `number` (`text` None: the line's own, cut from the source)."""
        self.lines.add(number, text, kind, reason)  # type: ignore[arg-type]  # LineReport: a caller's list gives every text

    def reject(self, number: int, text: str, reason: str) -> None:
        """A line that could not be read: kept, reported with its number, never dropped."""
        self.lines.add(number, text, LineKind.UNPARSED, reason)
        self.keep_unparsed(number, text, reason)

    def keep_unparsed(self, number: int, text: str, reason: str) -> None:
        """Keep a line as unparsed in the deck (its status is the caller's to report)."""
        self.unparsed.append(Unparsed(self.source, number, text, reason))


class Memo:
    """What a distinct line's text decided, kept for its next occurrences: a card line's
    `tally`, or the reason a line that cannot be read is `refused` (with its status code); a
    kind's memo adds its own slots."""

    __slots__ = ("refused", "tally")

    def __init__(self, tally: Tally | None = None) -> None:
        self.tally = tally
        self.refused: tuple[str, int] | None = None


M = TypeVar("M", bound=Memo)


def report_for(lines: str | list[str]) -> LineReport | TextReport:
    """The report a read of `lines` fills: a text's `TextReport`, else a `LineReport`."""
    return TextReport(lines) if isinstance(lines, str) else LineReport()


class LineReader(Generic[M]):
    """The loop of a line-based reader; a kind supplies `classify` and `take` (module doc)."""

    trim: ClassVar[bool] = True  # False: a line keeps its trailing spaces (Forge notes)

    def __init__(self, book: LineBook) -> None:
        self.book = book
        self.seen: dict[str, M] = {}
        self.recall = True  # False: a line is classified again wherever it stands
        self.settled = True  # False: a refused line goes through `take` (it may read otherwise)
        self.rows: Rows | None = None  # where a tally without a fixed table counts
        self.tallied = 0  # card lines the loop counted itself

    # --- what a kind supplies ----------------------------------------------------------------

    def classify(self, number: int, text: str, shown: str | None, line: str) -> M | None:
        raise NotImplementedError

    def take(self, memo: M, number: int, text: str, shown: str | None, line: str) -> None:
        raise NotImplementedError

    def refusal(self, reason: str) -> tuple[str, int]:
        """What a memo's `refused` holds: the reason, and its status code in a `TextReport`."""
        report = self.book.lines
        return reason, (
            report.code(LineKind.UNPARSED, reason) if isinstance(report, TextReport) else -1
        )

    def blank(self, number: int, shown: str | None) -> None:
        """A blank line (reported by the loop); a kind that cares overrides it."""

    cares_for_blanks: ClassVar[bool] = False

    # --- the loop -----------------------------------------------------------------------------

    def read(self, lines: str | list[str]) -> None:
        """Read every line: a text a chunk at a time into its `TextReport`, a caller's list of
        (already trimmed) lines one by one."""
        if isinstance(lines, str):
            self._read_text(lines)
        else:
            self._read_list(lines)

    def _read_list(self, lines: Iterable[str]) -> None:
        mark = self.book.mark
        for number, line in enumerate(lines, 1):
            stripped = line.strip()
            if not stripped:
                mark(number, line, LineKind.BLANK)
                if self.cares_for_blanks:
                    self.blank(number, line)
                continue
            memo = self.seen.get(stripped) if self.recall else None
            if memo is None:
                memo = self.classify(number, line, line, stripped)
                if memo is None:
                    continue
                if len(self.seen) < SEEN_LIMIT:
                    self.seen[stripped] = memo
            if memo.refused is not None and self.settled:
                self.book.reject(number, line, memo.refused[0])
            else:
                self.take(memo, number, line, line, stripped)

    def _read_text(self, source: str) -> None:
        """Hot loop: a repeated card line (nearly every line of a large file) is counted here
        with a dict update and a status code, no call; kept whole so it stays so."""
        report = self.book.lines
        assert isinstance(report, TextReport)
        add_status = report.codes.append
        blank = report.code(LineKind.BLANK)
        seen = self.seen
        get = seen.get
        classify, take = self.classify, self.take
        on_blank = self.blank if self.cares_for_blanks else None
        trim = self.trim
        keep, kind = self.book.unparsed.append, self.book.source
        limit = SEEN_LIMIT
        number = tallied = 0
        raw = ""
        for starts, raws in line_chunks(source):
            report.starts.extend(starts)
            for raw in raws:
                number += 1
                line = raw.strip()
                if trim:  # (the text made only where it is needed)
                    text = ""
                    shown = None
                else:  # the line without its end; shown when it has trailing spaces
                    text = raw.rstrip("\r\n")
                    shown = text if text[-1:].isspace() else None
                if not line:
                    if shown is None:
                        add_status(blank)
                    else:
                        report.add(number, shown, LineKind.BLANK)
                    if on_blank is not None:
                        on_blank(number, shown)
                    continue
                memo = get(line) if self.recall else None
                if memo is None:
                    memo = classify(number, text or raw.rstrip(), shown, line)
                    if memo is None:
                        continue
                    if len(seen) < limit:
                        seen[line] = memo
                tally = memo.tally
                if tally is not None and shown is None:
                    rows, count, key, status = tally
                    if rows is None:
                        rows = self.rows
                    if rows is not None:
                        rows[key] = rows.get(key, 0) + count
                        add_status(status)
                        tallied += 1
                        continue
                refused = memo.refused
                if refused is not None and self.settled:
                    add_status(refused[1])
                    keep(Unparsed(kind, number, text or raw.rstrip(), refused[0]))
                    continue
                take(memo, number, text or raw.rstrip(), shown, line)
        self.tallied = tallied
        if number and not (raw.rstrip() if trim else raw.rstrip("\r\n")):
            report.drop_last()  # an empty last line is no line (`split_lines`)
