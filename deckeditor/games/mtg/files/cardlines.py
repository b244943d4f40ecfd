"""What the line-based MTG readers (Forge, XMage, precon lists) share on top of the line loop
(`deckeditor.linereader`): a card line's memo and how it is counted into the `DeckBuilder`."""

from __future__ import annotations

from deckeditor.deckfile_errors import TextReport
from deckeditor.games.mtg.files.common import (
    CARD_STATUS,
    UNKNOWN_STATUS,
    DeckBuilder,
    Prepared,
    Status,
)
from deckeditor.linereader import LineReader, Memo, Rows


class CardMemo(Memo):
    """A card line read once: its copies, its own section (None: the reader's current one),
    the prepared entry (`DeckBuilder.prepare`) and the warnings each occurrence notes."""

    __slots__ = ("count", "prep", "section", "warnings")

    def __init__(
        self,
        count: int,
        prep: Prepared,
        section: str | None = None,
        warnings: tuple[str, ...] = (),
    ) -> None:
        self.tally = None  # (Memo's, set here: a million distinct lines make a million memos)
        self.refused = None
        self.count, self.prep, self.section, self.warnings = count, prep, section, warnings


class CardLines(LineReader[CardMemo]):
    """A line reader whose card lines go into a `DeckBuilder`; `section` is where a card line
    without a section of its own goes."""

    def __init__(self, b: DeckBuilder, section: str) -> None:
        super().__init__(b)
        self.b = b
        self.tallying = isinstance(b.lines, TextReport)
        self.section = section
        # the status codes of a plain line's two statuses, looked up once
        self.plain_codes: dict[Status, int] = (
            {s: b.lines.code(*s) for s in (CARD_STATUS, UNKNOWN_STATUS)}
            if isinstance(b.lines, TextReport)
            else {}
        )

    def enter(self, section: str) -> None:
        """Card lines without a section of their own go to `section` from here on (its table
        is made by its first card line, so sections come in the order their cards do)."""
        self.section = section
        self.rows = None

    def card(
        self,
        count: int,
        prep: Prepared,
        section: str | None = None,
        warnings: tuple[str, ...] = (),
    ) -> CardMemo:
        """The memo of a card line; one with nothing to note is counted by the loop itself."""
        memo = CardMemo(count, prep, section, warnings)
        key, status, note = prep
        if self.tallying and not note and not warnings:
            fixed: Rows | None = None if section is None else self.b.section_rows(section)
            memo.tally = (fixed, count, key, self.b.lines.code(*status))  # type: ignore[union-attr]  # tallying: a TextReport
        return memo

    def plain_card(self, count: int, written: str) -> CardMemo:
        """`card` of a plain line (`plainline`) for the current section: the name resolved past
        the builder's name cache (a file of a million distinct names is nearly all such lines,
        each met once)."""
        prep = self.b.prepare_plain(written)
        memo = CardMemo(count, prep)
        if not prep[2] and self.tallying:  # (nothing to note: the status is one of the two)
            memo.tally = (None, count, prep[0], self.plain_codes[prep[1]])
        return memo

    def take(self, memo: CardMemo, number: int, text: str, shown: str | None, line: str) -> None:
        for warning in memo.warnings:
            self.b.note(f"line {number}: {warning}")
        self.b.add_prepared(number, shown, memo.section or self.section, memo.count, memo.prep)
        if memo.section is None:
            self.rows = self.b.sections[self.section]

    def done(self) -> None:
        """Count the lines the loop counted itself among the builder's card lines."""
        self.b.count_cards(self.b.card_lines() + self.tallied)
