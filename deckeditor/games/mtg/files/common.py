"""What every MTG reader shares: name resolution into entries, merging, the line report.

Readers feed a `DeckBuilder` line by line; it resolves names through the pool (`deck-files.md` §1),
merges equal lines, records one status per input line and builds the immutable `Deck` at the end.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, TypeVar, cast

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import (
    MAX_COUNT,
    Deck,
    Entry,
    PlainEntries,
    Printing,
    Section,
)
from deckeditor.deckfile_errors import ImportResult, LineKind, LineReport, TextReport
from deckeditor.games.mtg.section_names import SECTIONS as MTG_SECTIONS
from deckeditor.linereader import SEEN_LIMIT, LineBook

# A control character other than TAB makes a line unparsed (§1 decoding).
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
MAX_LINE = 1000  # longer lines are not deck lines (a 5,000-character line is unparsed, §9)

WUBRG = "WUBRG"
T = TypeVar("T")
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def empty_pool() -> CardPool[Any]:
    return CardPool("mtg")


def wubrg(letters: str) -> str:
    """Colour letters in WUBRG order, once each."""
    up = set(letters.upper())
    return "".join(c for c in WUBRG if c in up)


def parse_colors(text: str) -> str | None:
    """Letters in any order and case, or full names separated by commas/spaces; else None."""
    raw = text.strip()
    if not raw:
        return None
    words = [w for w in re.split(r"[\s,;/]+", raw.lower()) if w]
    if all(w in COLOR_WORDS for w in words):
        return wubrg("".join(COLOR_WORDS[w] for w in words))
    compact = raw.replace(" ", "").replace(",", "")
    if all(c in "wubrgWUBRG" for c in compact):
        return wubrg(compact)
    return None


def parse_count(text: str) -> int | None:
    """An integer 1–9,999, or None."""
    if not text.isdigit() or len(text) > 6:
        return None
    n = int(text)
    return n if 1 <= n <= MAX_COUNT else None


def export_name(entry: Entry, pool: CardPool[Any] | None) -> str:
    """§1 card names on export: the pool's display name, unknown entries as read.

    One name per card, and one that reads back as that card: when the display name is another
    card's (a reversible `Parhelion II // Parhelion II` beside `Parhelion II`), the full name."""
    card = pool.get(entry.card) if pool is not None else None
    if card is None or pool is None:
        return entry.card
    display: str = card.display_name
    if display != card.name and pool.resolve(display).card is not card:
        full: str = card.name
        return full
    return display


def mtgo_name(entry: Entry, pool: CardPool[Any] | None) -> str:
    """MTGO spells split-family cards `Fire/Ice`; an unknown entry is written as it was read
    (its ` // ` is not known to be a split card's, and changing it would change the name)."""
    card = pool.get(entry.card) if pool is not None else None
    if card is None:
        return entry.card
    return export_name(entry, pool).replace(" // ", "/")


def merged_rows(rows: Iterable[tuple[Hashable, int, T]]) -> list[tuple[int, T]]:
    """Rows a target kind cannot tell apart, merged: `(key, count, payload)` in, `(count,
    payload)` out, in first-appearance order, counts summed. Two `Plains` of different art are
    two equal lines in a kind that drops printings, and its reader would merge them anyway, so a
    second trip would not give the same file (`deck-files.md` §1 Entries). A sum past 9,999 is
    written as full lines of 9,999 and the rest, which the reader keeps apart the same way."""
    totals: dict[Hashable, list[Any]] = {}  # key -> [count, payload]
    for key, count, payload in rows:
        if key in totals:
            totals[key][0] += count
        else:
            totals[key] = [count, payload]
    out: list[tuple[int, T]] = []
    for total, payload in totals.values():
        while total > MAX_COUNT:
            out.append((MAX_COUNT, payload))
            total -= MAX_COUNT
        out.append((total, payload))
    return out


_NO_FLAGS: Mapping[str, str] = MappingProxyType({})  # a row without flags (shared, read-only)
Status = tuple[LineKind, str]  # a line's (kind, reason)
CARD_STATUS: Status = (LineKind.CARD, "")
UNKNOWN_STATUS: Status = (LineKind.UNKNOWN_CARD, "unknown card")
# An entry's merge key: the card name of a plain entry, else (card, printing, colours, tags,
# flags as sorted pairs), what `Entry.same_line` compares
MergeKey = str | tuple[str, Printing | None, str, tuple[str, ...], tuple[tuple[str, str], ...]]
Prepared = tuple[MergeKey, Status, str | None]  # (merge key, line status, note)
SectionKey = str | tuple[str, int]  # a section's name, or a reader's stand-in for one


class DeckBuilder(LineBook):
    """Collects sections, entries, line statuses, unparsed lines and notes for one import.

    Linear in the input (issue 15): a new line meets only the earlier entries it could merge with
    (a table per section keyed on what `Entry.same_line` compares, holding the copies), the
    immutable entries are built once at the end, and each written name is resolved once.
    """

    def __init__(
        self, pool: CardPool[Any] | None, source: str, report: LineReport | TextReport | None = None
    ) -> None:
        super().__init__(source, report)
        self.pool = pool if pool is not None else empty_pool()
        # section -> merge key -> copies, in first-appearance order; the key is the card name
        # of a plain entry, else (card, printing, colors, tags, flags as sorted pairs). Totals
        # past 9,999 become full rows of 9,999 and the rest when the deck is built.
        self.sections: dict[SectionKey, dict[MergeKey, int]] = {}
        self._resolved: dict[str, tuple[str, bool, str | None]] = {}
        self.notes: list[str] = []
        self._noted: set[str] = set()
        self._cards = 0
        self._built: dict[str, Sequence[Entry]] | None = None  # the entries, once built

    # --- the report ---------------------------------------------------------------------

    def note(self, text: str) -> None:
        if text not in self._noted:
            self._noted.add(text)
            self.notes.append(text)

    # --- cards --------------------------------------------------------------------------

    def resolve(self, written: str) -> tuple[str, bool, str | None]:
        """(name to store, known?, note): the Oracle name, or the name as written."""
        got = self._resolved.get(written)
        if got is None:
            res = self.pool.resolve(written)
            if res.card is not None:
                got = (res.card.name, True, res.note)
            else:
                got = (written, False, res.note)
            if len(self._resolved) < SEEN_LIMIT:  # bounded: a file of distinct names
                self._resolved[written] = got
        return got

    def knows(self, written: str) -> bool:
        return self.resolve(written)[1]

    def add_card(
        self,
        number: int,
        text: str,
        section: str,
        written: str,
        count: int,
        printing: Printing | None = None,
        colors: str = "",
        tags: tuple[str, ...] = (),
        flags: dict[str, str] | None = None,
    ) -> None:
        self.add_prepared(
            number, text, section, count, self.prepare(written, printing, colors, tags, flags)
        )

    def prepare(
        self,
        written: str,
        printing: Printing | None = None,
        colors: str = "",
        tags: tuple[str, ...] = (),
        flags: dict[str, str] | None = None,
    ) -> Prepared:
        """A card line's resolved form, for `add_prepared` (a reader that sees the same line
        many times prepares it once)."""
        name, known, note = self.resolve(written)
        if printing is not None and printing.is_empty():
            printing = None
        flat = tuple(sorted(flags.items())) if flags else ()
        status: Status
        if note:
            status = (LineKind.CARD, note) if known else (LineKind.UNKNOWN_CARD, note)
        else:  # the common statuses shared, not one pair per distinct line
            status = CARD_STATUS if known else UNKNOWN_STATUS
        # the merge key: the name alone for a plain entry (nearly every line), which saves a
        # tuple per distinct line; else everything `Entry.same_line` compares
        if printing is None and not colors and not tags and not flat:
            return name, status, note
        return (name, printing, colors, tags, flat), status, note

    def prepare_plain(self, written: str) -> Prepared:
        """`prepare` of a bare name (no printing, choices, tags or flags), past the name cache:
        for a reader that keeps its own per line, where a file of distinct names would only
        fill it."""
        res = self.pool.resolve(written)
        card, note = res.card, res.note
        if card is not None:
            name: str = card.name
            return name, ((LineKind.CARD, note) if note else CARD_STATUS), note
        return written, ((LineKind.UNKNOWN_CARD, note) if note else UNKNOWN_STATUS), note

    @staticmethod
    def key_card(key: MergeKey) -> str:
        """The card name of a merge key (`prepare(...)[0]`)."""
        return key if isinstance(key, str) else key[0]

    def add_prepared(
        self, number: int, text: str | None, section: SectionKey, count: int, prepared: Prepared
    ) -> None:
        key, (kind, reason), note = prepared
        if note:
            self.note(f"line {number}: {note}" if number else note)
        self.add_key(section, count, key)
        self._cards += 1
        self.mark(number, text, kind, reason)

    def count_cards(self, total: int) -> None:
        """The card lines a reader counted itself (its fast path calls `add_key` directly)."""
        self._cards = max(self._cards, total)

    def add_key(self, section: SectionKey, count: int, key: MergeKey) -> None:
        """Add `count` copies of a prepared entry (its key, `prepare(...)[0]`) to `section`."""
        rows = self.sections.get(section)
        if rows is None:
            rows = self.sections[section] = {}
        rows[key] = rows.get(key, 0) + count

    def section_rows(self, section: SectionKey) -> dict[MergeKey, int]:
        """The merge key -> copies table of a section, for a reader's hot loop to add to with
        `rows[key] = rows.get(key, 0) + count`, as `add_key` does."""
        rows = self.sections.get(section)
        if rows is None:
            rows = self.sections[section] = {}
        return rows

    def fold_sections(self, fold: Mapping[SectionKey, str]) -> None:
        """Move the rows of stand-in sections into real ones (`fold`: stand-in -> section),
        merging as if their lines had been read there; stand-ins come first, in order."""
        if not fold:
            return
        targets = list(fold.values())
        if all(targets.count(t) == 1 and t not in self.sections for t in targets):
            # each stand-in becomes a section of its own: renamed in place, nothing re-added
            # (the common case: one block of header-less lines, all Main)
            self.sections = {fold.get(k, k): rows for k, rows in self.sections.items()}
            return
        old = self.sections
        self.sections = {}
        moved = [(fold[k], rows) for k, rows in old.items() if k in fold]
        for target, rows in moved + [(k, rows) for k, rows in old.items() if k not in fold]:
            into = self.section_rows(target)
            for key, count in rows.items():
                into[key] = into.get(key, 0) + count

    def ensure_section(self, section: str) -> None:
        self.section_rows(section)

    def card_lines(self) -> int:
        return self._cards

    # --- the result ---------------------------------------------------------------------

    def deck(self, **fields: Any) -> Deck:
        # What the own file could not hold again (§3) is fitted here, once for every reader:
        # section names of 1–64 characters, notes of at most 100,000.
        fitted: dict[str, Sequence[Entry]] = {}
        for raw, entries in self._entries().items():
            name = section_name(raw)
            if name != raw and entries:
                self.note(
                    f"section {raw[:40]!r}… renamed {name!r} (at most "
                    f"{MAX_SECTION_NAME} characters)"
                    if raw
                    else f"a section without a name read as {name!r}"
                )
            fitted[name] = (tuple(fitted[name]) + tuple(entries)) if name in fitted else entries
        notes = fields.get("notes")
        if isinstance(notes, str) and len(notes) > MAX_NOTES:
            fields["notes"] = notes[:MAX_NOTES]
            self.note(f"notes cut to {MAX_NOTES:,} characters")
        order = [n for n in MTG_SECTIONS if n in fitted]
        order += [n for n in fitted if n not in MTG_SECTIONS]
        sections = tuple(Section(n, _frozen(fitted[n])) for n in order if fitted[n])
        # A Riftbound pool reads plain-text lists too; the deck then belongs to that game.
        game = self.pool.game if self.pool.game in ("mtg", "riftbound") else "mtg"
        return Deck(game=game, sections=sections, unparsed=tuple(self.unparsed), **fields)

    def _entries(self) -> dict[str, Sequence[Entry]]:
        """The rows as entries, per section: a plain section (card names and counts only, as a
        large file's) as `PlainEntries`, else a tuple. The rows are used up; nothing is added
        after the deck is built, and a second call gets the same entries."""
        if self._built is None:
            built: dict[str, Sequence[Entry]] = {}
            for raw in list(self.sections):
                rows = self.sections.pop(raw)  # each section's table freed as it is built
                # (a reader's stand-ins are folded into named sections by now)
                built[cast(str, raw)] = _section_entries(rows)
            self._built = built
        return self._built

    def result(self, kind: str, **fields: Any) -> ImportResult:
        return ImportResult(self.deck(**fields), kind, self.lines, self.notes)


def _section_entries(rows: dict[MergeKey, int]) -> Sequence[Entry]:
    """One section's merge table as its entries: a total past 9,999 as full rows of 9,999 and
    the rest, side by side (what the writers write, so a second trip reads the same)."""
    if all(key.__class__ is str for key in rows) and (not rows or max(rows.values()) <= MAX_COUNT):
        return PlainEntries(cast("list[str]", list(rows)), rows.values())
    out: list[Entry] = []
    printing: Printing | None
    tags: tuple[str, ...]
    flags: Mapping[str, str]
    for key, total in rows.items():
        if isinstance(key, str):
            card, printing, colors, tags, flags = key, None, "", (), _NO_FLAGS
        else:
            card, printing, colors, tags, flat = key
            flags = dict(flat) if flat else _NO_FLAGS
        while total > 0:
            count = min(total, MAX_COUNT)
            out.append(Entry(card, count, printing, colors, tags, flags))
            total -= count
    return tuple(out)


def _frozen(entries: Sequence[Entry]) -> tuple[Entry, ...] | PlainEntries:
    return entries if entries.__class__ in (tuple, PlainEntries) else tuple(entries)


def move_one(deck: Deck, card: str, source: str, target: str) -> Deck | None:
    """Move one copy of `card` from `source` to `target`; None when `source` lacks it."""
    for i, entry in enumerate(deck.section(source).entries):
        if entry.card == card:
            return deck.move(source, i, target, 1)
    return None


def with_foreign(deck: Deck, key: str, value: object) -> Deck:
    if not value:
        return deck
    foreign = dict(deck.foreign)
    foreign[key] = value
    return replace(deck, foreign=foreign)


MAX_SECTION_NAME = 64
MAX_NOTES = 100_000


def section_name(name: str) -> str:
    """A section name the own file accepts (1–64 characters): cut, trimmed, `Extra` if empty."""
    text = CONTROL.sub(" ", name).strip()[:MAX_SECTION_NAME].strip()
    return text or "Extra"


def bad_line(text: str) -> str | None:
    """Why a line cannot be a deck line at all (control characters, absurd length), or None."""
    if CONTROL.search(text):
        return "control character in the line"
    if len(text) > MAX_LINE:
        return f"line longer than {MAX_LINE} characters"
    return None


def clean_tags(tags: Iterable[object]) -> tuple[str, ...]:
    """Deck tags as the own file allows them: trimmed, 1–100 characters, each once (in order; a
    dict's keys, so that 300,000 tags of a Forge export take linear time, not quadratic)."""
    out: dict[str, None] = {}
    for tag in tags:
        tag = CONTROL.sub(" ", str(tag)).strip()[:100]
        if tag:
            out[tag] = None
    return tuple(out)


def clean_name(name: str | None, default: str) -> str:
    """A deck name the own file accepts (1–200 characters, no controls, no edge spaces)."""
    text = re.sub(r"[\x00-\x1f\x7f-\x9f]+", " ", name or "").strip()[:200].strip()
    return text or default


FORMAT_CODE = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")


def clean_format(code: str | None) -> str | None:
    """A format code in seed-001 code form, or None (the raw value is the caller's to keep)."""
    if not code:
        return None
    code = code.strip().lower()
    return code if FORMAT_CODE.match(code) else None


KEPT_UNPARSED = "unparsed in an earlier import (kept as a comment)"


_UNPARSED_PREFIXES = ("# unparsed: ", "// unparsed: ")


def unprefixed(text: str, prefix: str) -> str:
    """An unparsed line's text without the comment prefixes earlier exports gave it (Forge's
    `# unparsed: `, text's `// unparsed: `, in any order): a line never gains a second prefix
    on the next export, whichever kind wrote the first."""
    prefixes = (prefix, *_UNPARSED_PREFIXES)
    while text.startswith(prefixes):
        text = text[len(next(p for p in prefixes if text.startswith(p))) :]
    return text
