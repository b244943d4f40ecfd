"""The plain card line every line-based MTG kind shares: `4 Lightning Bolt` (issue 15).

Nearly every line of a large file is one: a count of 1-9999 without a leading zero, one space,
and a name of ASCII letters, digits, spaces, commas, apostrophes and hyphens starting with a
letter. None of those characters starts a header, a comment, a flag, a segment or a bracket, so
a reader takes such a line straight to the card it names, skipping its full grammar, and gets
what the full grammar would give (tests/unit/test_plainline.py holds each reader to that).
"""

from __future__ import annotations

import re

from deckeditor.deckfile_errors import TextReport
from deckeditor.games.mtg.files.common import CARD_STATUS, MAX_LINE, UNKNOWN_STATUS, DeckBuilder

PLAIN = re.compile(r"([1-9][0-9]{0,3}) ([A-Za-z][A-Za-z0-9 ,'-]*)")


def plain(line: str) -> tuple[int, str] | None:
    """(count, name) of a trimmed plain card line, else None (the reader's full steps)."""
    m = PLAIN.fullmatch(line)
    if m is None or len(line) > MAX_LINE:
        return None
    return int(m.group(1)), m.group(2)


class PlainLines:
    """A line reader's hot path for plain card lines, as the text reader's: the copies counted
    into the section's merge table and a status code appended to the `TextReport`, without the
    builder's per-line steps (a file of a million distinct names is nearly all such lines)."""

    def __init__(self, b: DeckBuilder) -> None:
        self.b = b
        report = b.lines
        self.on = isinstance(report, TextReport)  # (a caller's list of lines: the usual steps)
        if self.on:
            self._status = report.codes.append
            self._codes = {
                CARD_STATUS: report.code(*CARD_STATUS),
                UNKNOWN_STATUS: report.code(*UNKNOWN_STATUS),
            }
        self._rows: dict = {}
        self.cards = 0

    def add(self, section: str, count: int, written: str) -> tuple | None:
        """Count a plain line (the next of the report) into `section`: its prepared form, for
        the reader's cache of repeated lines; None (nothing done) when the line needs the
        builder's steps: its name earns a note, or the report is no `TextReport`."""
        if not self.on:
            return None
        prep = self.b.prepare_plain(written)
        key, status, note = prep
        if note:
            return None
        rows = self._rows.get(section)
        if rows is None:
            rows = self._rows[section] = self.b.section_rows(section)
        rows[key] = rows.get(key, 0) + count
        self._status(self._codes[status])
        self.cards += 1
        return prep

    def done(self) -> None:
        """Count the lines read here among the builder's card lines."""
        self.b.count_cards(self.b.card_lines() + self.cards)
        self.cards = 0
