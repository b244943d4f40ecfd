"""The plain-text family (`deck-files.md` §7): plain text, MTG Arena, MTGO `.txt`, Moxfield,
Archidekt and Cockatrice text, read by one line parser; writers for `text`, `arena` and `mtgo`.

Reading is two passes: the first classifies every line (header, comment, card) and reads card
lines; the second places header-less card lines, because "two blocks without headers" means Main
and Sideboard only once the whole text has been seen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind, TextReport
from deckeditor.games.mtg.files import sbcommander
from deckeditor.games.mtg.files.common import (
    CARD_STATUS,
    KEPT_UNPARSED,
    MAX_LINE,
    UNKNOWN_STATUS,
    DeckBuilder,
    MergeKey,
    Status,
    bad_line,
    clean_name,
    parse_count,
    unprefixed,
)
from deckeditor.games.mtg.files.plainline import PLAIN
from deckeditor.games.mtg.files.text_markers import Marked, strip_markers
from deckeditor.linereader import LineReader, Memo

HEADERS = {
    **dict.fromkeys(("commander", "commanders"), "Commander"),
    **dict.fromkeys(("companion", "companions"), "Companion"),
    **dict.fromkeys(("deck", "main", "maindeck", "main deck", "mainboard", "decklist"), "Main"),
    **dict.fromkeys(("sideboard", "side", "side board", "sb"), "Sideboard"),
    **dict.fromkeys(("maybeboard", "maybe", "considering"), "Maybeboard"),
    "about": "about",
}

_COUNT_FRONT = re.compile(r"^(?:(\d+)[xX]?|[xX](\d+)|\((\d+)\)|\[(\d+)\])\s+(\S.*)$")
_COUNT_BACK = re.compile(r"^(\S.*?)\s+[xX](\d+)$")
_COUNT_ONLY = re.compile(r"^(?:\d+[xX]?|[xX]\d+|\(\d+\)|\[\d+\])$")  # `1x`: a count, no name
_MWS_SET = re.compile(r"^\[([A-Za-z0-9]{2,6})\]\s+(\S.*)$")
_SB = re.compile(r"^SB:\s*", re.I)
_HEADER_COUNT = re.compile(r"\s*\(\d+\)$")
_SPACES = re.compile(r"\s+")
_CATEGORY_LINE = re.compile(r"^\D.*\(\d+\)$")
# Cockatrice's annotated export: `// 99 Maindeck`, `// 13 Creature` (a count and one word)
SUBTOTAL = re.compile(r"^\d+\s+[A-Za-z]+$")
# A plain card line: a count of 1-9999 without a leading zero, one space, and a name of ASCII
# letters, digits, spaces, commas, apostrophes and hyphens starting with a letter.
_PLAIN = PLAIN  # the plain card line every line-based kind shares (`plainline`)
_NO_DIALECT: frozenset[str] = frozenset()
UNPARSED_PREFIX = "// unparsed: "  # an earlier export's unparsed line
# What `classify` makes of a line: a tuple whose first item names its shape (its docstring)
Classified = tuple[Any, ...]
_Prep = tuple[MergeKey, int, str | None, str | None]  # (merge key, status code, note, warning)


def header_of(line: str) -> str | None:
    """The section (or "about") a header line names, else None."""
    if line[:1].isdigit():  # a count: a card line, never a header
        return None
    text = line
    if text.startswith("//"):
        text = text[2:]
    elif text.startswith("#"):
        text = text[1:]
    text = text.strip()
    text = _HEADER_COUNT.sub("", text)
    text = text.removesuffix(":").strip()
    text = _HEADER_COUNT.sub("", text)
    return HEADERS.get(_SPACES.sub(" ", text).lower())


def quoted(name: str) -> bool:
    """A name written in double quotes: the writers' protection of a name that would otherwise
    lose a trailing part to the marker rules (`Caesar, Legion's Emperor (PIP)`)."""
    return len(name) >= 2 and name[0] == '"' and name[-1] == '"'


def classify(line: str) -> Classified:
    """What a trimmed, non-blank line is, apart from where it stands (§7 steps 1–7); the same
    text always classifies the same, so a reader sees each distinct line once:

    `("bad", reason)`, `("header", section, arena_deck)`, `("comment", body)`,
    `("category",)`, `("reject", reason)`, or
    `("card", to_side, count|None, name, printing, tags, marked_section, dialects)`.
    """
    if (m := _PLAIN.fullmatch(line)) and len(line) <= MAX_LINE:
        # the short path of most lines, `4 Lightning Bolt`: nothing below would find a header,
        # a prefix or a marker in it (none of their characters is in `_PLAIN`), so the result
        # is the one the full steps give
        return ("card", False, int(m.group(1)), m.group(2), None, (), None, _NO_DIALECT, ())
    if line.startswith(UNPARSED_PREFIX):  # an earlier export's unparsed line: unparsed again
        return ("unparsed", unprefixed(line, UNPARSED_PREFIX))
    if reason := bad_line(line):
        return ("bad", reason)
    head = header_of(line)
    if head is not None:
        # Arena's export names its main block `Deck`
        return ("header", head, head == "Main" and line.strip().rstrip(":").lower() == "deck")
    if line.startswith(("//", "#")):
        return ("comment", line.lstrip("/#").strip())
    rest = line
    to_side = False
    seen: set[str] = set()
    if m := _SB.match(rest):
        to_side = True
        rest = rest[m.end() :]
        seen.add("cockatrice")
    count = None
    if m := _COUNT_FRONT.match(rest):
        raw = next(g for g in m.groups()[:4] if g is not None)
        rest = m.group(5)
        count = parse_count(raw)
        if count is None:
            return ("reject", "count outside 1–9999")
    elif m := _COUNT_BACK.match(rest):
        count = parse_count(m.group(2))
        rest = m.group(1)
        if count is None:
            return ("reject", "count outside 1–9999")
    elif _COUNT_ONLY.match(rest):
        return ("reject", "no card name")
    elif _CATEGORY_LINE.match(rest) and not to_side:
        return ("category",)
    mws_set = None
    if m := _MWS_SET.match(rest):
        mws_set = m.group(1).upper()
        rest = m.group(2)
    # a name in quotes is protected by a writer: no markers inside the quotes
    parts: Marked = (rest, None, [], None, set(), ()) if quoted(rest) else strip_markers(rest)
    rest, printing, tags, marked, found, flags = parts
    seen |= found
    if mws_set and (printing is None or not printing.set):
        printing = Printing(set=mws_set, finish=printing.finish if printing else None)
    if not rest:
        return ("reject", "no card name")
    return ("card", to_side, count, rest, printing, tuple(tags), marked, frozenset(seen), flags)


class _Hit(Memo):
    """What a distinct line's text alone decides, kept for its next occurrences: the class of
    the line and, once read as a card line with nothing to note, its fast form."""

    __slots__ = ("fast", "got", "prep")

    def __init__(self, got: Classified | None) -> None:
        self.tally = None  # (Memo's, set here: a million distinct lines make a million hits)
        self.refused = None
        self.got = got  # None until needed, for a line `_plain_hit` read
        self.prep: _Prep | None = None  # a card line's resolved form (`_prepare`)
        # (fixed section or None, count, merge key, status code) of a card line whose every
        # occurrence reads the same way (without a fixed section: the loop's tally too)
        self.fast: tuple[str | None, int, MergeKey, int] | None = None

    def set_fast(self, fixed: str | None, count: int, key: MergeKey, status: int) -> None:
        self.fast = (fixed, count, key, status)
        self.tally = (None, count, key, status) if fixed is None else None  # (the block's)


def _plain_hit(m: re.Match[str], b: DeckBuilder, codes: dict[Status, int]) -> _Hit | None:
    """A plain card line (`4 Lightning Bolt`, `_PLAIN`) read straight to its fast form: what
    `classify` and `_prepare` give it, without their steps (a file of a million distinct lines
    is nearly all such lines). None when its name earns a note: the full steps then."""
    if len(m.string) > MAX_LINE:
        return None
    key, status, note = b.prepare_plain(m.group(2))
    if note:
        return None
    hit = _Hit(None)
    hit.fast = hit.tally = (None, int(m.group(1)), key, codes[status])
    return hit


class _TextLines(LineReader[_Hit]):
    """How a line of the plain-text family reads (§7). A card line whose section only the whole
    text decides (no header yet: the two-block rule) goes to a stand-in section of its block,
    ("block", n), folded into Main or the Sideboard at the end. Each distinct line is classified
    and resolved once; the loop's current table (`rows`) is the section of the block being read,
    None until a card line of the block has gone there (and in an About block)."""

    cares_for_blanks = True

    def __init__(self, b: DeckBuilder, report: TextReport) -> None:
        super().__init__(b)
        self.b = b
        self.report = report
        self.add_status = report.codes.append
        self.code = report.code
        self.plain_codes = {s: report.code(*s) for s in (CARD_STATUS, UNKNOWN_STATUS)}
        self.plain = _PLAIN.fullmatch
        self.section: str | None = None
        self.any_header = self.about = False
        self.about_name: str | None = None
        self.first_comment: str | None = None
        self.first_number = 0  # the first non-blank line, once a comment asked
        self.notes: list[str] = []
        self.block = 0  # blocks holding card lines so far
        self.block_key: tuple[str, int] = ("block", 0)
        self.blocks: dict[tuple[str, int], None] = {}  # stand-in sections, in order
        self.in_block = self.to_sideboard = False
        self.cards = 0
        self.dialect: set[str] = set()

    def blank(self, number: int, shown: str | None) -> None:
        self.in_block = False
        self.rows = None

    def classify(self, number: int, text: str, shown: str | None, line: str) -> _Hit:
        if (m := self.plain(line)) is not None:
            hit = _plain_hit(m, self.b, self.plain_codes)
            if hit is not None:
                return hit
        return _Hit(classify(line))

    def take(self, memo: _Hit, number: int, text: str, shown: str | None, line: str) -> None:
        if memo.fast is not None and not self.about:
            fixed, count, key, status = memo.fast
            self._count(fixed, count, key, status)
            return
        if self.about and line[:5].lower() == "name " and not bad_line(line):
            self.about_name = line[5:].strip()
            self.add_status(self.code(LineKind.METADATA))
            return
        got = memo.got
        if got is None:  # a plain line met in an About block
            got = memo.got = classify(line)
        what = got[0]
        if what == "card":
            self._card(memo, got, number, text)
        elif what in ("bad", "reject"):
            self._reject(memo, number, text, got[1])
        elif what == "unparsed":
            self.add_status(self.code(LineKind.UNPARSED, KEPT_UNPARSED))
            self.report.set_text(number - 1, got[1])
            self.b.keep_unparsed(number, got[1], KEPT_UNPARSED)
        elif what == "header":
            self._header(got)
        elif what == "comment":
            self._comment(got[1], number, line)
        else:  # a category line such as `Creatures (23)`
            self.add_status(self.code(LineKind.COMMENT))

    def _reject(self, hit: _Hit, number: int, text: str, reason: str) -> None:
        """A line that could not be read: reported, and kept in the deck as it was written;
        its next occurrences are refused by the loop (a file of junk lines)."""
        self.add_status(self.code(LineKind.UNPARSED, reason))
        self.b.keep_unparsed(number, text, reason)
        hit.refused = self.refusal(reason)

    def _start_block(self) -> None:
        if not self.in_block:
            self.block += 1
            self.block_key = ("block", self.block)
            self.in_block = True

    def _count(self, fixed: str | None, count: int, key: MergeKey, status: int) -> None:
        """Count a card line into its section (`fixed`, else the block's)."""
        self._start_block()
        target: str | tuple[str, int] | None = fixed or self.section
        if target is None:
            target = self.block_key
            self.blocks[self.block_key] = None
        elif target == "Sideboard":
            self.to_sideboard = True
        rows = self.b.section_rows(target)
        rows[key] = rows.get(key, 0) + count
        self.add_status(status)
        self.cards += 1
        if fixed is None and not self.about:
            self.rows = rows  # the block's next such lines: counted by the loop

    def _card(self, hit: _Hit, got: Classified, number: int, text: str) -> None:
        b = self.b
        if got[7]:
            self.dialect |= got[7]
        if got[2] is None and not b.knows(written_name(b, got[3])):
            self._reject(hit, number, text, "no count and not a known card")
            return
        prep = hit.prep
        if prep is None:
            prep = hit.prep = _prepare(b, got, self.code)
        key, status, note, warning = prep
        if note:
            b.note(f"line {number}: {note}")
        fixed = "Sideboard" if got[1] else got[6]
        self._count(fixed, got[2] or 1, key, status)
        if warning:
            b.note(f"line {number}: {warning}")
        elif got[2] is not None and not note:
            hit.set_fast(fixed, got[2], key, status)

    def _header(self, got: Classified) -> None:
        self.add_status(self.code(LineKind.SECTION))
        self.any_header = True
        head = got[1]
        self.about = head == "about"
        # in an About block a `Name` line is the deck's name, whatever else it would read as:
        # no line is refused by the loop there
        self.settled = not self.about
        if got[2] or self.about:
            self.dialect.add("arena")
        if not self.about:
            self.section = head
        self.in_block = False
        self.rows = None

    def _first_number(self) -> int:
        """The first non-blank line's number: the line after the blank lines opening the text."""
        if not self.first_number:
            blank = self.code(LineKind.BLANK)
            codes = self.report.codes
            self.first_number = next((i for i, c in enumerate(codes) if c != blank), len(codes)) + 1
        return self.first_number

    def _comment(self, body: str, number: int, line: str) -> None:
        self.add_status(self.code(LineKind.COMMENT))
        first = number == self._first_number()
        if first and line.startswith("//"):
            self.dialect.add("cockatrice")
        if SUBTOTAL.match(body):  # dropped: never the deck name, never a note
            pass
        elif first and line.startswith("//"):
            self.first_comment = body
        elif not self.cards and body:
            self.notes.append(body)


def read(
    source: str,
    pool: CardPool[Any] | None,
    *,
    name: str = "Imported deck",
    format_code: str | None = None,
    kind: str = "text",
) -> ImportResult:
    """Read the decoded text of a plain-text family file: one pass, linear; the report keeps a
    status code per line, and the text reads a chunk at a time."""
    report = TextReport(source)
    b = DeckBuilder(pool, kind, report)
    reader = _TextLines(b, report)
    reader.read(source)
    cards = reader.cards + reader.tallied
    if not cards:
        raise DeckFileError(None, None, None, "no card lines")
    b.count_cards(cards)
    free = list(reader.blocks)
    # `block` counts the blocks holding card lines: two, both without a section of their own
    two_blocks = not reader.any_header and reader.block == 2 and len(free) == 2
    fold: dict[str | tuple[str, int], str] = {key: "Main" for key in free}
    if two_blocks:
        fold[free[1]] = "Sideboard"
    b.fold_sections(fold)
    deck_name = reader.about_name or reader.first_comment
    deck = b.deck(
        name=clean_name(deck_name, name), notes="\n".join(reader.notes), format=format_code
    )
    dialect = _dialect_name(reader.dialect, reader.any_header, two_blocks)
    out_notes = [f"read as {dialect}"] + b.notes
    if not reader.any_header and (two_blocks or reader.to_sideboard):
        deck, moved = sbcommander.apply(deck, b.pool, format_code)
        out_notes += moved
    return ImportResult(deck, kind, report, out_notes)


class Knows(Protocol):
    """What knows whether the pool holds a written name (the builder, a writer's pool)."""

    def knows(self, written: str) -> bool: ...


def written_name(b: Knows, rest: str) -> str:
    """The name a card line gives: a quoted name loses its quotes unless the pool knows it
    with them (`"Ach! Hans, Run!"` is an Oracle name)."""
    if quoted(rest) and not b.knows(rest):
        return rest[1:-1]
    return rest


def _prepare(b: DeckBuilder, parsed: Classified, code: Callable[[LineKind, str], int]) -> _Prep:
    """A parsed card line resolved once: (merge key, status code, note, warning), the warning
    being the note its set earns when the pool does not know that printing of the card."""
    _, _, _, rest, printing, tags, _, _, flags = parsed
    if printing is None and not tags and not flags and not quoted(rest):
        key, (kind, reason), note = b.prepare_plain(rest)  # nearly every line
        return key, code(kind, reason), note, None
    key, (kind, reason), note = b.prepare(
        written_name(b, rest), printing, tags=tags, flags=dict(flags)
    )
    warning = None
    if printing is not None and printing.set:
        card = b.pool.get(b.key_card(key))
        sets = getattr(card, "printings", ()) if card is not None else ()
        if card is not None and sets and printing.set not in sets:
            warning = f"set {printing.set} not known for {card.name}; read by name"
    return key, code(kind, reason), note, warning


# the dialect a text is reported as, by the first of its marks found (`classify`'s dialects)
_DIALECTS = (
    ("mtggoldfish", "MTGGoldfish text"),
    ("archidekt", "Archidekt text"),
    ("moxfield", "Moxfield text"),
    ("arena", "MTG Arena text"),
    ("cockatrice", "Cockatrice text"),
)


def _dialect_name(seen: set[str], any_header: bool, two_blocks: bool) -> str:
    return next(
        (n for mark, n in _DIALECTS if mark in seen), "MTGO text" if two_blocks else "plain text"
    )
