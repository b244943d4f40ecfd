"""Plain-text Riftbound deck lists, as players paste them from deck sites and as the editor
writes them (deck kind `riftbound-text`):

    // Jinx aggro
    Legend: Jinx, Loose Cannon
    Champion:
    1 Jinx, Demolitionist
    MainDeck:
    3 Long Sword
    3x Get Excited! (OGN-007)
    Battlefields:
    1 The Arena's Greatest
    Runes:
    8 Fury Rune
    Sideboard:
    2 Serrated Dirk

* A header is a section word alone on its line, with an optional `:` and `(n)` count (`Main Deck
  (40):`), or followed by `:` and one card (`Legend: Jinx, Loose Cannon`). Words: Legend,
  Champion / Chosen Champion, Main / Main Deck / MainDeck / Deck, Runes / Rune Deck, Battlefields,
  Sideboard / Side Deck. Any other word ending in `:` alone on its line starts a section of that
  name, kept and reported by `check` (UNKNOWN_SECTION), never dropped.
* A card line is `<count>[x] <name>`, or a bare name (one copy), with an optional card code in
  parentheses or brackets (`(OGN-007a)`), which becomes the entry's printing. Names are resolved
  as the pool accepts them (`Short - Subtitle`, a legend's subtitle alone); an unknown name is
  kept as written (`check` reports UNKNOWN_CARD).
* Before any header, a card goes to the section for its type (riftbound.md §3.1).
* `//` and `#` lines are comments; the first `// ` line before any card names the deck.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from deckeditor.deck import Deck, Entry, PlainEntries, Printing, Section, new_deck
from deckeditor.deckfile.report import ImportResult, LineKind, TextReport
from deckeditor.games.riftbound.card import Card, CardCodeError, canonical_code
from deckeditor.games.riftbound.pool import Pool, by_code, name_resolver
from deckeditor.games.riftbound.rules import SECTIONS
from deckeditor.linereader import SEEN_LIMIT, LineBook, LineReader, Memo, report_for

KIND = "riftbound-text"
UNKNOWN = "not a known Riftbound card"  # the reason of an unknown card's line
GAME = "riftbound"
MAX_COUNT = 9999

HEADERS = {
    "legend": "Legend",
    "champion": "Champion",
    "chosen champion": "Champion",
    "main": "Main",
    "main deck": "Main",
    "maindeck": "Main",
    "deck": "Main",
    "mainboard": "Main",
    "runes": "Runes",
    "rune": "Runes",
    "rune deck": "Runes",
    "runedeck": "Runes",
    "battlefields": "Battlefields",
    "battlefield": "Battlefields",
    "sideboard": "Sideboard",
    "side deck": "Sideboard",
    "sidedeck": "Sideboard",
    "side": "Sideboard",
}
# the words only Riftbound lists use: they make a pasted text a Riftbound list
RIFTBOUND_WORDS = (
    "legend",
    "champion",
    "chosen champion",
    "runes",
    "rune deck",
    "runedeck",
    "battlefields",
    "maindeck",
    "side deck",
    "sidedeck",
)
WRITTEN_HEADERS = {
    "Legend": "Legend",
    "Champion": "Champion",
    "Main": "MainDeck",
    "Battlefields": "Battlefields",
    "Runes": "Runes",
    "Sideboard": "Sideboard",
}
WRITE_ORDER = ("Legend", "Champion", "Main", "Battlefields", "Runes", "Sideboard")

_HEADER = re.compile(r"^([A-Za-z](?:[A-Za-z ]*[A-Za-z])?)\s*(?:\(\s*\d+\s*\))?\s*(?:(:)\s*(.*))?$")
_CARD = re.compile(r"^(?:(\d+)\s*[xX×]?\s+)?(.+?)\s*$")
# A plain card line, read without the steps above: a count of 1-9999 without a leading zero, one
# space, a name of ASCII letters, digits, spaces, commas, apostrophes and hyphens starting with a
# letter other than x (`3 x Long Sword` is a count marker); no header starts with a digit.
_PLAIN = re.compile(r"([1-9][0-9]{0,3}) ([A-WYZa-wyz][A-Za-z0-9 ,'-]*)")
_CODE = re.compile(r"\s*[\(\[]\s*([A-Za-z]{2,4}-[A-Za-z]{0,2}\d{1,4}[abAB*sS]?)\s*[\)\]]\s*$")


def _header(line: str) -> tuple[str, str] | None:
    """(section, rest) when the line is a header; `rest` is an inline card ("" for none)."""
    m = _HEADER.match(line)
    if m is None:
        return None
    word, colon, rest = m.group(1).strip(), m.group(2), (m.group(3) or "").strip()
    section = HEADERS.get(word.casefold())
    if section is not None and (colon or not rest):
        return section, rest if colon else ""
    if section is None and colon and not rest:
        return word, ""  # an unknown section name: kept under its own name
    return None


HEAD_CHARS = 32_768  # where recognition looks for a Riftbound header
_RIFTBOUND_HEADER = re.compile(
    r"^[ \t]*(?:" + "|".join(w.replace(" ", "[ \t]+") for w in RIFTBOUND_WORDS) + r")[ \t]*"
    r"(?:\([ \t]*\d+[ \t]*\))?[ \t]*(?::.*)?$",
    re.IGNORECASE | re.MULTILINE,
)


def looks_like_text(text: str) -> bool:
    """A Riftbound list: a line among the first ones is a header only Riftbound lists have. A
    Riftbound list has at most a few hundred lines and names its sections from the start, so
    only the head is read (a million-line MTG list costs nothing here)."""
    return _RIFTBOUND_HEADER.search(text, 0, HEAD_CHARS) is not None


def _card_line(text: str) -> tuple[int, str, str | None] | None:
    code = None
    found = _CODE.search(text) if text[-1:] in (")", "]") else None  # (the code ends the line)
    if found:
        try:
            code = canonical_code(found.group(1))
            text = text[: found.start()]
        except CardCodeError:
            code = None
    m = _CARD.match(text)
    if m is None or not m.group(2).strip():
        return None
    count = int(m.group(1)) if m.group(1) else 1
    return count, m.group(2).strip(), code


def _quoted(name: str) -> bool:
    """A name in double quotes: the writer's protection of a name whose end would read as a card
    code (`Foo (OGN-007)`); the reader takes the quotes off again."""
    return len(name) >= 2 and name[0] == '"' and name[-1] == '"'


def _card_of(line: str) -> tuple[int, str, str | None] | None:
    """(count, name, code) a written card line reads back as under a header, else None."""
    plain = _PLAIN.fullmatch(line)
    if plain is not None:
        return int(plain.group(1)), plain.group(2), None
    if _header(line) is not None:
        return None
    parsed = _card_line(line)
    if parsed is None:
        return None
    count, written, code = parsed
    return count, written[1:-1] if _quoted(written) else written, code


def _resolve(
    pool: Pool | None,
    name: str,
    code: str | None,
    by_name: Callable[[str], Card | None] | None = None,
) -> Card | None:
    if pool is None:
        return None
    card = (by_name or name_resolver(pool))(name)
    if card is None and code:
        card = by_code(pool, code)
    return card


Key = str | tuple[str, str]  # a row's merge key: the name, or (name, card code) with a code


class _CardMemo(Memo):
    """A card line read once: its copies, the name as written, its card code and its card."""

    __slots__ = ("card", "code", "count", "written")

    def __init__(self, count: int, written: str, code: str | None, card: Card | None) -> None:
        self.tally = None  # (Memo's; counts are capped at 9,999: never tallied by the loop)
        self.refused = None
        self.count, self.written, self.code, self.card = count, written, code, card


class _Reader(LineReader[_CardMemo]):
    """How a line of a list reads (module doc). Linear in the input (issue 15): section ->
    merge key -> count, in first-appearance order (what `Deck.add` would merge: the same card
    and card code; the count capped at 9,999), the deck built once at the end."""

    def __init__(self, book: LineBook, pool: Pool | None, name: str) -> None:
        super().__init__(book)
        self.pool = pool
        self.by_name = name_resolver(pool) if pool is not None else None
        self.default_name = self.deck_name = name
        self.counts: dict[str, dict[Key, int]] = {}
        self.resolved: dict[tuple[str, str | None], Card | None] = {}
        self.section: str | None = None
        self.seen_card = False
        self.status = book.status  # (bound once: a status per line)
        report = book.lines
        self.unknown_code = (
            report.code(LineKind.UNKNOWN_CARD, UNKNOWN) if isinstance(report, TextReport) else -1
        )

    def classify(self, number: int, text: str, shown: str | None, line: str) -> _CardMemo | None:
        if line.startswith(("//", "#")):
            self._comment(number, line, shown)
            return None
        plain = _PLAIN.fullmatch(line)
        if plain is not None:  # `3 Long Sword`: no header, count marker or card code in it
            written = plain.group(2)  # (never quoted, its count from 1 to 9,999)
            return self._card_memo(int(plain.group(1)), written, None)
        header = _header(line)
        if header is None:
            return self._memo(number, text, shown, _card_line(line))
        self.section, rest = header
        self.rows = None  # (the new header's table: made by its first card line)
        if not rest:
            self.book.mark(number, shown, LineKind.SECTION, self.section)
            return None
        memo = self._memo(number, text, shown, _card_line(rest))  # `Legend: Jinx, …`
        if memo is not None:  # counted here: the line is a header too, never remembered
            self.take(memo, number, text, shown, line)
        return None

    def _comment(self, number: int, text: str, shown: str | None) -> None:
        named = text.startswith("//") and not self.seen_card and text[2:].strip()
        if named and self.deck_name == self.default_name:
            self.deck_name = text[2:].strip()
            self.book.mark(number, shown, LineKind.METADATA, "deck name")
        else:
            self.book.mark(number, shown, LineKind.COMMENT)

    def _memo(
        self, number: int, text: str, shown: str | None, parsed: tuple[int, str, str | None] | None
    ) -> _CardMemo | None:
        """The memo of a card line (count, name, code); None for a line that is no card line
        (its status added, the line kept unparsed)."""
        if parsed is None:
            self.book.mark(number, shown, LineKind.UNPARSED, "not a card line")
            self.book.keep_unparsed(number, text, "not a card line")
            return None
        count, written, code = parsed
        if _quoted(written) and (self.by_name is None or self.by_name(written) is None):
            written = written[1:-1]
        if not 1 <= count <= MAX_COUNT:
            self.book.mark(number, shown, LineKind.UNPARSED, "count out of range")
            self.book.keep_unparsed(number, text, f"count {count} is not from 1 to {MAX_COUNT}")
            return None
        return self._card_memo(count, written, code)

    def _card_memo(self, count: int, written: str, code: str | None) -> _CardMemo:
        card = self._resolved(written, code)
        memo = _CardMemo(count, written, code, card)
        if card is None and self.unknown_code >= 0:
            # an unknown card reads the same under any header (a file of distinct names is
            # nearly all such lines): counted by the loop into the header's section
            memo.tally = (None, count, (written, code) if code else written, self.unknown_code)
        return memo

    def _resolved(self, written: str, code: str | None) -> Card | None:
        if (written, code) in self.resolved:
            return self.resolved[(written, code)]
        card = _resolve(self.pool, written, code, self.by_name)
        if len(self.resolved) < SEEN_LIMIT:  # bounded: a file of distinct names
            self.resolved[(written, code)] = card
        return card

    def take(self, memo: _CardMemo, number: int, text: str, shown: str | None, line: str) -> None:
        self.seen_card = True
        card = memo.card
        where = self.section or (card.section if card is not None else "Main")
        card_name = card.name if card is not None else memo.written
        key: Key = (card_name, memo.code) if memo.code else card_name
        counts = self.counts.get(where)
        if counts is None:
            counts = self.counts[where] = {}
        counts[key] = counts.get(key, 0) + memo.count  # (capped at 9,999 when the deck is built)
        if self.section is not None:
            self.rows = counts  # the header's next unknown cards: counted by the loop
        if card is None:
            # one shared reason (the line shows the name): a file of a million unknown names
            # would otherwise hold a million reason strings
            self.status(number, shown, LineKind.UNKNOWN_CARD, UNKNOWN)
        else:
            self.status(number, shown, LineKind.CARD, where)

    def deck(self, format_code: str | None) -> Deck:
        deck = new_deck(GAME, self.deck_name, format_code)
        for where, counts in self.counts.items():  # in first-appearance order, as `Deck.add`
            names = [key for key in counts if isinstance(key, str)]
            entries: Sequence[Entry]
            if len(names) == len(counts):  # names and counts only: column-wise
                capped = (
                    counts.values()
                    if max(counts.values(), default=0) <= MAX_COUNT
                    else _capped(counts)
                )
                entries = PlainEntries(names, capped)
            else:
                entries = tuple(_entry(key, min(MAX_COUNT, n)) for key, n in counts.items())
            counts.clear()
            deck = deck.with_section(Section(where, entries))
        if self.book.unparsed:
            deck = replace(deck, unparsed=tuple(self.book.unparsed))
        return deck


def read(
    lines: str | list[str],
    pool: Pool | None,
    name: str = "Imported deck",
    format_code: str | None = None,
) -> ImportResult:
    """The list as a Riftbound deck. Another game's pool resolves nothing (every card is then
    kept as written, and the caller reads the list again with the Riftbound pool)."""
    book = LineBook(KIND, report_for(lines))  # a text: 8 bytes a line, cut from the source
    reader = _Reader(book, pool if pool is not None and pool.game == GAME else None, name)
    reader.read(lines)
    deck = reader.deck(format_code)
    notes = ["read as a Riftbound deck list"]
    extra = [s.name for s in deck.sections if s.name not in SECTIONS and s.entries]
    if extra:
        notes.append(f"section(s) Riftbound does not have, kept: {', '.join(extra)}")
    return ImportResult(deck, KIND, book.lines, notes)


def _capped(counts: dict[Key, int]) -> list[int]:
    """The copies of each line, at most 9,999 (what `Deck.add` keeps)."""
    return [min(MAX_COUNT, n) for n in counts.values()]


def _entry(key: Key, count: int) -> Entry:
    if isinstance(key, str):
        return Entry(key, count)
    card_name, code = key
    return Entry(card_name, count, Printing(code=code))


def write(deck: Deck, pool: object = None, with_printings: bool = False) -> str:
    """The list as deck sites take it: a header per non-empty section, `<count> <name>` lines
    (`(CODE)` after the name with `with_printings`), extra sections under their own names."""
    out = [f"// {deck.name}"] if deck.name else []
    names = list(WRITE_ORDER) + [s.name for s in deck.sections if s.name not in WRITE_ORDER]
    for section in names:
        entries = deck.section(section).entries
        if not entries:
            continue
        lines = [line for e in entries for line in (_line(e, with_printings),) if line]
        if lines:
            out.append(f"{WRITTEN_HEADERS.get(section, section)}:")
            out += lines
    return "\n".join(out) + "\n"


def _line(entry: Entry, with_printings: bool) -> str | None:
    """`<count> <name>[ (CODE)]`, the name in double quotes when its end would otherwise read
    as a card code (`Foo (OGN-007)`); None when no line reads back as the entry (reported)."""
    code = entry.printing.code if with_printings and entry.printing else None
    suffix = f" ({code})" if code else ""
    try:
        want = canonical_code(code) if code else None
    except CardCodeError:
        want = None
    for body in (f"{entry.card}{suffix}", f'"{entry.card}"{suffix}'):
        line = f"{entry.count} {body}"
        if _card_of(line) == (entry.count, entry.card, want):
            return line
    return None


def losses(deck: Deck, with_printings: bool = False) -> list[str]:
    out = [
        f"{e.card}: not written (no line of a Riftbound list reads back as this name)"
        for _, e in deck.entries()
        if _line(e, with_printings) is None
    ]
    if not with_printings and any(e.printing and e.printing.code for _, e in deck.entries()):
        out.append("printings (card codes) not written")
    out += [
        f"{what} not written"
        for what, lost in (("notes", deck.notes), ("deck tags", deck.tags))
        if lost
    ]
    if deck.unparsed:
        out.append("unparsed lines not written")
    return out
