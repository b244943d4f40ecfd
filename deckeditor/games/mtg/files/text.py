"""The plain-text family (`deck-files.md` §7): plain text, MTG Arena, MTGO `.txt`, Moxfield,
Archidekt and Cockatrice text, read by one line parser; writers for `text`, `arena` and `mtgo`.

Reading is two passes: the first classifies every line (header, comment, card) and reads card
lines; the second places header-less card lines, because "two blocks without headers" means Main
and Sideboard only once the whole text has been seen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing
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
    cards,
    clean_name,
    export_name,
    flag_losses,
    merged_rows,
    mtgo_name,
    parse_count,
    sideboard_commander_losses,
    unprefixed,
)
from deckeditor.games.mtg.files.plainline import PLAIN
from deckeditor.linereader import LineReader, Memo

HEADERS = {
    **dict.fromkeys(("commander", "commanders"), "Commander"),
    **dict.fromkeys(("companion", "companions"), "Companion"),
    **dict.fromkeys(("deck", "main", "maindeck", "main deck", "mainboard", "decklist"), "Main"),
    **dict.fromkeys(("sideboard", "side", "side board", "sb"), "Sideboard"),
    **dict.fromkeys(("maybeboard", "maybe", "considering"), "Maybeboard"),
    "about": "about",
}
HEADER_WORDS = {
    "Commander": "Commander",
    "Companion": "Companion",
    "Main": "Deck",
    "Sideboard": "Sideboard",
    "Maybeboard": "Maybeboard",
}

# MTG Arena spells a few sets differently from paper; read Arena → paper, write paper → Arena.
ARENA_TO_PAPER = {"DAR": "DOM", "CONF": "CON"}
PAPER_TO_ARENA = {v: k for k, v in ARENA_TO_PAPER.items()}

_COUNT_FRONT = re.compile(r"^(?:(\d+)[xX]?|[xX](\d+)|\((\d+)\)|\[(\d+)\])\s+(\S.*)$")
_COUNT_BACK = re.compile(r"^(\S.*?)\s+[xX](\d+)$")
_COUNT_ONLY = re.compile(r"^(?:\d+[xX]?|[xX]\d+|\(\d+\)|\[\d+\])$")  # `1x`: a count, no name
_MWS_SET = re.compile(r"^\[([A-Za-z0-9]{2,6})\]\s+(\S.*)$")
_SB = re.compile(r"^SB:\s*", re.I)
_LABELS = re.compile(r"\s*\^([^^]*)\^$")
_CATEGORIES = re.compile(r"\s*\[([^\[\]]*)\]$")
_MOX_TAG = re.compile(r"\s+#(\S+)$")
_FINISH = re.compile(r"\s+\*([FE])\*$")
# A collector number is one token: letters, digits and marks such as `-`, `★`, `*`, `†` (Portal's
# `158†`), `Φ`; only brackets, braces, quotes and `^` (other markers' delimiters) are not in it.
# The set code may carry a hyphenated part, as MTGGoldfish's promo groups do (`PRM-MSC`), so a
# printing read from its notation is written back as `(PRM-MSC)` and read again.
_PRINTING = re.compile(
    r"\s+\(([A-Za-z0-9]{2,6}(?:-[A-Za-z0-9]{2,6})?)\)(?:\s+([^\s()\[\]{}^\"]+))?$"
)
# MTGGoldfish's own notation: `Plains <294> [FIN]`, `Sol Ring <borderless> [CMM] (F)`, `(FE)`
# for foil-etched; the `<…>` is a collector number when it is one, else a variant name.
_GOLDFISH = re.compile(
    r"(?:\s+<([^<>]*)>)?\s+\[([A-Z0-9]{2,6}(?:-[A-Z0-9]{2,6})?)\](?:\s+\((F|FE)\))?$"
)
_GOLDFISH_NUMBER = re.compile(r"^[0-9]+[a-z★†]?$")
_HEADER_COUNT = re.compile(r"\s*\(\d+\)$")
_SPACES = re.compile(r"\s+")
_CATEGORY_LINE = re.compile(r"^\D.*\(\d+\)$")
# Cockatrice's annotated export: `// 99 Maindeck`, `// 13 Creature` (a count and one word)
_SUBTOTAL = re.compile(r"^\d+\s+[A-Za-z]+$")
# A plain card line: a count of 1-9999 without a leading zero, one space, and a name of ASCII
# letters, digits, spaces, commas, apostrophes and hyphens starting with a letter.
_PLAIN = PLAIN  # the plain card line every line-based kind shares (`plainline`)
_NO_DIALECT: frozenset[str] = frozenset()
# What `classify` makes of a line: a tuple whose first item names its shape (its docstring)
Classified = tuple[Any, ...]
_Prep = tuple[MergeKey, int, str | None, str | None]  # (merge key, status code, note, warning)
_CAT_SECTIONS = {
    "commander": "Commander",
    "companion": "Companion",
    "sideboard": "Sideboard",
    "maybeboard": "Maybeboard",
}


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


def _strip_markers(
    rest: str,
) -> tuple[str, Printing | None, list[str], str | None, set[str], tuple[tuple[str, str], ...]]:
    """Remove trailing markers, right to left, in any order (§7 step 6)."""
    tags: list[str] = []
    section: str | None = None
    finish = set_code = number = None
    seen: set[str] = set()
    flags: tuple[tuple[str, str], ...] = ()
    while True:
        if set_code is None and (m := _GOLDFISH.search(rest)):
            variant, set_code = m.group(1), m.group(2)
            if variant is not None:
                variant = variant.strip()
                if _GOLDFISH_NUMBER.match(variant):
                    number = variant
                elif variant:
                    flags = (("variant", variant),)
            if m.group(3):
                finish = finish or ("foil" if m.group(3) == "F" else "etched")
            seen.add("mtggoldfish")
        elif m := _LABELS.search(rest):
            parts = [p.strip() for p in m.group(1).split(",")]
            names = [p for p in parts if p and not p.startswith("#")]  # `#37d67a` is a colour
            tags = names + tags
            seen.add("archidekt")
        elif m := _CATEGORIES.search(rest):
            cats = [c.strip() for c in m.group(1).split(",") if c.strip()]
            plain = []
            no_deck = False
            for cat in cats:
                no_deck |= "{nodeck}" in cat.lower()
                plain.append(re.sub(r"\{[^}]*\}", "", cat).strip())
            first = plain[0].lower() if plain else ""
            if first in _CAT_SECTIONS:
                section = _CAT_SECTIONS[first]
                plain = plain[1:]
            if no_deck:
                section = "Maybeboard"
            tags = [p for p in plain if p] + tags
            seen.add("archidekt")
        elif m := _MOX_TAG.search(rest):
            tags = [m.group(1)] + tags
            seen.add("moxfield")
        elif m := _FINISH.search(rest):
            finish = finish or ("foil" if m.group(1) == "F" else "etched")
            seen.add("moxfield")
        elif (m := _PRINTING.search(rest)) and set_code is None:
            set_code = m.group(1).upper()
            number = m.group(2)
            seen.add("arena")
        else:
            break
        rest = rest[: m.start()].rstrip()
    printing = None
    if set_code or finish:
        if set_code in ARENA_TO_PAPER:
            set_code = ARENA_TO_PAPER[set_code]
        printing = Printing(set=set_code, number=number, finish=finish)
    return rest, printing, list(dict.fromkeys(tags)), section, seen, flags


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
    if quoted(rest):  # protected by a writer: no markers inside the quotes
        printing, tags, marked, flags = None, [], None, ()
    else:
        rest, printing, tags, marked, found, flags = _strip_markers(rest)
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
        # occurrence reads the same way; one without a fixed section is also the loop's tally
        self.fast: tuple[str | None, int, MergeKey, int] | None = None

    def set_fast(self, fixed: str | None, count: int, key: MergeKey, status: int) -> None:
        self.fast = fast = (fixed, count, key, status)
        if fixed is None:  # the same tuple read as a tally: no fixed table, the block's
            self.tally = fast  # type: ignore[assignment]  # (None, count, key, status) either way


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
        """The number of the first non-blank line read (at most the current one): the line
        after the blank lines that open the text."""
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
        if _SUBTOTAL.match(body):  # dropped: never the deck name, never a note
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


def written_name(b: DeckBuilder, rest: str) -> str:
    """The name a card line gives: a quoted name loses its quotes unless the pool knows it
    with them (`"Ach! Hans, Run!"` is an Oracle name)."""
    if quoted(rest) and not b.knows(rest):  # b: anything with `knows(name) -> bool`
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
        if sets and printing.set not in sets:
            warning = f"set {printing.set} not known for {card.name}; read by name"
    return key, code(kind, reason), note, warning


def _dialect_name(seen: set[str], any_header: bool, two_blocks: bool) -> str:
    if "mtggoldfish" in seen:
        return "MTGGoldfish text"
    if "archidekt" in seen:
        return "Archidekt text"
    if "moxfield" in seen:
        return "Moxfield text"
    if "arena" in seen:
        return "MTG Arena text"
    if "cockatrice" in seen:
        return "Cockatrice text"
    if two_blocks:
        return "MTGO text"
    return "plain text"


# --- writing -------------------------------------------------------------------------------------

_CANON = ("Commander", "Companion", "Main", "Sideboard", "Maybeboard")
_ARENA = ("Commander", "Companion", "Main", "Sideboard")


def _printing_part(entry: Entry, arena: bool) -> tuple[str, Printing | None]:
    """` (SET) CN *F*` (text) or ` (SET) CN` (Arena: both or nothing, Arena set codes), and the
    printing that reads back from it."""
    p = entry.printing or Printing()
    if p.set:  # set codes are read upper-cased: written so, a trip changes nothing
        p = replace(p, set=p.set.upper())
    if arena:
        if not (p.set and p.number):
            return "", None
        return f" ({PAPER_TO_ARENA.get(p.set, p.set)}) {p.number}", Printing(
            set=p.set, number=p.number
        )
    finish = p.finish if p.finish in ("foil", "etched") else None
    out = f" ({p.set})" + (f" {p.number}" if p.number else "") if p.set else ""
    out += {"foil": " *F*", "etched": " *E*"}.get(finish or "", "")
    if not out:
        return "", None
    return out, Printing(set=p.set, number=p.number if p.set else None, finish=finish)


def _tag_part(entry: Entry) -> tuple[str, tuple[str, ...]]:
    """` #tag` for each card tag (a space written as `_`), and the tags that read back."""
    written = [t.replace(" ", "_") for t in entry.tags]
    return "".join(f" #{t}" for t in written), tuple(dict.fromkeys(written))


def _reads_back(
    body: str, name: str, expect: tuple, pool: CardPool | None, section: str | None = None
) -> bool:
    """Whether `1 <body>` reads back as `name` with the printing and tags `expect` holds (and in
    `section`, for a line whose Archidekt category names one)."""
    from deckeditor.games.mtg.file_kinds import XMAGE_LINE

    got = classify(f"1 {body}".strip())  # as the reader sees the line: trimmed
    if got[0] != "card" or got[1] or got[6] != section:
        return False
    if XMAGE_LINE.search(f"1 {body}"):  # `1 [ABC:1] Foo` would make the file read as XMage
        return False
    return written_name(_Knows(pool), got[3]) == name and (got[4], got[5]) == expect


class _Knows:
    def __init__(self, pool: CardPool | None) -> None:
        self.pool = pool

    def knows(self, name: str) -> bool:
        return self.pool is not None and self.pool.resolve(name).card is not None


def card_body(
    name: str,
    suffix: str,
    pool: CardPool | None,
    expect: tuple = (None, ()),
    section: str | None = None,
) -> str | None:
    """What follows the count on a text line: the name, then `suffix` (printing, finish, tags),
    which must read back as `expect` (printing, tags). A name the marker rules would cut
    (`Caesar, Legion's Emperor (PIP)` is read as a card and a set; `Foo #1` as a card and a tag)
    is written in double quotes, which the reader takes off again; None when even that does not
    read back (the caller reports it)."""
    for body in (f"{name}{suffix}", f'"{name}"{suffix}'):
        if _reads_back(body, name, expect, pool, section):
            return body
    return None


def _lines(rows: list[tuple[int, str]]) -> list[str]:
    """`<count> <body>` lines, equal bodies merged: the reader would merge them anyway, so a
    second trip would not give the same file (two `Plains` of different art without printings)."""
    return [f"{n} {body}" for n, body in merged_rows((body, n, body) for n, body in rows)]


class _Plan:
    """What a text kind writes for each entry, and what it cannot write: the writer and the
    loss report share it, so a part dropped because it would not read back as itself (a set code
    such as `PRM-MSC` the marker rules do not take, a collector number with a space, a name over
    the line limit) is always reported, never silently lost."""

    def __init__(
        self, kind: str, pool: CardPool | None, printings: bool = False, tags: bool = False
    ) -> None:
        self.kind, self.pool, self.printings, self.tags = kind, pool, printings, tags
        self.losses: list[str] = []
        self.section: str | None = None  # archidekt: the section being written

    def body(self, entry: Entry) -> str | None:
        if self.kind == "archidekt":
            return self._archidekt_body(entry)
        name = mtgo_name(entry, self.pool) if self.kind == "mtgo" else export_name(entry, self.pool)
        ppart, pwant = ("", None)
        if self.kind == "arena" or (self.kind == "text" and self.printings):
            ppart, pwant = _printing_part(entry, self.kind == "arena")
        tpart, twant = _tag_part(entry) if self.kind == "text" and self.tags else ("", ())
        if twant != entry.tags and tpart:
            self.losses.append(
                f"{entry.card}: card tags written as " + ", ".join(f"#{t}" for t in twant)
            )
        tries = [(ppart + tpart, (pwant, twant))]
        if ppart and tpart:
            tries += [(ppart, (pwant, ())), (tpart, (None, twant))]
        if ppart or tpart:
            tries.append(("", (None, ())))
        for suffix, expect in tries:
            body = card_body(name, suffix, self.pool, expect)
            if body is None:
                continue
            if ppart and ppart not in suffix:
                self.losses.append(
                    f"{entry.card}: printing not written ({ppart.strip()} would not read back)"
                )
            if tpart and tpart not in suffix:
                self.losses.append(
                    f"{entry.card}: card tags not written ({tpart.strip()} would not read back)"
                )
            return body
        self.losses.append(
            f"{entry.card}: not written ({self.kind} has no line that reads back as this name)"
        )
        return None

    def _archidekt_body(self, entry: Entry) -> str | None:
        """`Name (SET) CN *F* [Premier{top},Ramp,Draw]`: the section as Archidekt's first
        category, then the line's categories (its tags); the section is never dropped."""
        name = export_name(entry, self.pool)
        ppart, pwant = _printing_part(entry, False)
        cpart, cwant = _category_part(entry, self.section)
        section = None if self.section == "Main" else self.section
        dropped = [t for t in entry.tags if t not in cwant]
        if dropped:
            self.losses.append(
                f"{entry.card}: categories not written ({', '.join(dropped)}: "
                "Archidekt's marks or a section's name)"
            )
        for suffix, expect in ((ppart + cpart, (pwant, cwant)), (cpart, (None, cwant))):
            body = card_body(name, suffix, self.pool, expect, section)
            if body is not None:
                if ppart and ppart not in suffix:
                    self.losses.append(
                        f"{entry.card}: printing not written ({ppart.strip()} would not read back)"
                    )
                return body
        self.losses.append(
            f"{entry.card}: not written (archidekt has no line that reads back as this name)"
        )
        return None

    def lines(self, entries) -> list[str]:
        return _lines(
            [(e.count, body) for e in entries for body in (self.body(e),) if body is not None]
        )


# Archidekt's first category names a section; {top} and {noDeck}{noPrice} as its export writes
_ARCHIDEKT_PREMIER = {
    "Commander": "Commander{top}",
    "Companion": "Companion{top}",
    "Sideboard": "Sideboard{noDeck}{noPrice}",
    "Maybeboard": "Maybeboard{noDeck}{noPrice}",
}
_PLAIN_CATEGORY = re.compile(r"[^\[\]{},^#]+")


def _category_part(entry: Entry, section: str | None) -> tuple[str, tuple[str, ...]]:
    """` [Premier,Cat,…]` and the categories that read back (a category holding Archidekt's
    marks, or named like a section, cannot be written)."""
    cats = [
        t
        for t in entry.tags
        if _PLAIN_CATEGORY.fullmatch(t) and t == t.strip() and t.lower() not in _CAT_SECTIONS
    ]
    premier = _ARCHIDEKT_PREMIER.get(section or "")
    parts = ([premier] if premier else []) + cats
    return (f" [{','.join(parts)}]" if parts else ""), tuple(cats)


def _name_lines(name: str) -> list[str]:
    """The deck name as the first comment (`// Korvold`), or, when that line would read back as
    something else (a header such as `// Sideboard`, a subtotal such as `// 99 Maindeck`, a
    precon list's `// NAME:`), as Arena's `About` / `Name` block, which holds any name."""
    from deckeditor.games.mtg.files import precon

    line = f"// {name}"
    got = classify(line)
    if (
        got[0] == "comment"
        and got[1] == name
        and not _SUBTOTAL.match(name)
        and not precon.looks_like([line])
    ):
        return [line]
    return ["About", f"Name {name}", ""]


def _refuse_empty(kind: str, deck: Deck, written: int, kept: tuple[str, ...]) -> None:
    """A file with no card line cannot be read back ("no card lines"): refuse to write it."""
    if written:
        return
    lost = ", ".join(f"{s.name} ({cards(s.total)})" for s in deck.sections if s.entries)
    where = ", ".join(kept[:-1]) + f" or {kept[-1]}"
    raise DeckFileError(
        None,
        None,
        None,
        f"{kind} cannot hold this deck: no card in {where}"
        + (f"; {lost} cannot be written" if lost else ""),
    )


def write_text(
    deck: Deck,
    pool: CardPool | None = None,
    *,
    with_printings: bool = False,
    with_tags: bool = False,
) -> str:
    out = _name_lines(deck.name)
    written = 0
    plan = _Plan("text", pool, with_printings, with_tags)
    for name in _CANON:
        entries = deck.section(name).entries
        if not entries:
            continue
        lines = plan.lines(entries)
        if not lines:
            continue
        out.append(HEADER_WORDS[name])
        written += len(lines)
        out += lines
        out.append("")
    _refuse_empty("text", deck, written, _CANON)
    out += [
        f"// unparsed: {text}"
        for u in deck.unparsed
        for text in (unprefixed(u.text, UNPARSED_PREFIX),)
        if text.strip()
    ]
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def write_archidekt(deck: Deck, pool: CardPool | None = None) -> str:
    """Archidekt's text export: `1x Name (SET) CN [Category,…]`, one block, the section as the
    first category (the deck's categories must be in the tags: `deckeditor.categories`)."""
    plan = _Plan("archidekt", pool)
    rows: list[tuple[int, str]] = []
    for name in _CANON:
        plan.section = name
        rows += [
            (e.count, body)
            for e in deck.section(name).entries
            for body in (plan.body(e),)
            if body is not None
        ]
    _refuse_empty("archidekt", deck, len(rows), _CANON)
    return "\n".join(f"{n}x {body}" for n, body in merged_rows((b, n, b) for n, b in rows)) + "\n"


def losses_archidekt(deck: Deck, pool: CardPool | None = None) -> list[str]:
    out = _lost_sections(deck, _CANON) + _card_losses(deck, True, True, _CANON)
    plan = _Plan("archidekt", pool)
    for name in _CANON:
        plan.section = name
        for e in deck.section(name).entries:
            plan.body(e)
    out += plan.losses
    for what, lost in (
        ("deck name", True),
        ("notes", deck.notes),
        ("deck tags", deck.tags),
        ("format", deck.format),
        ("unparsed lines", deck.unparsed),
    ):
        if lost:
            out.append(f"{what} not written")
    return out


def write_arena(deck: Deck, pool: CardPool | None = None) -> str:
    out = ["About", f"Name {deck.name}", ""]
    written = 0
    plan = _Plan("arena", pool)
    for name in _ARENA:
        entries = deck.section(name).entries
        if not entries:
            continue
        lines = plan.lines(entries)
        if not lines:
            continue
        out.append(HEADER_WORDS[name])
        written += len(lines)
        out += lines
        out.append("")
    _refuse_empty("arena", deck, written, _ARENA)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def write_mtgo(deck: Deck, pool: CardPool | None = None) -> str:
    plan = _Plan("mtgo", pool)
    main = plan.lines(deck.section("Main").entries)
    side = plan.lines(
        [e for n in ("Commander", "Companion", "Sideboard") for e in deck.section(n).entries]
    )
    _refuse_empty("mtgo", deck, len(main) + len(side), _ARENA)
    if not main:
        # a lone block would read back as Main: the sideboard keeps the MWS `SB:` mark, which
        # leaves the file header-less (the sideboard-commander rule still applies)
        return "\n".join(f"SB: {line}" for line in side) + "\n"
    out = main + ([""] + side if side else [])
    return "\n".join(out) + "\n"


UNPARSED_PREFIX = "// unparsed: "


def _card_losses(deck: Deck, printings: bool, tags: bool, sections=None) -> list[str]:
    """What the card lines of a text kind cannot carry: the printing unless `printings`, ids,
    colour choices, tags unless `tags`, and every per-card flag."""
    out = []
    for _, e in deck.entries(*(sections or ())):
        p = e.printing or Printing()
        if not printings and (p.set or p.number or p.finish):
            out.append(f"{e.card}: printing not written")
        if printings and p.number and not p.set:
            out.append(f"{e.card}: collector number not written (no set code)")
        if p.scryfall or p.mtgo or p.arena or p.multiverse:
            out.append(f"{e.card}: card ids not written")
        if printings and p.forge_art:
            out.append(f"{e.card}: Forge art index not written")
        if e.colors:
            out.append(f"{e.card}'s colour choice not written")
        if e.tags and not tags:
            out.append(f"{e.card}: card tags not written")
        out += flag_losses(e)
    return out


def _planned(deck: Deck, plan: _Plan, sections: tuple[str, ...]) -> list[str]:
    """The losses the writer's plan finds (parts that would not read back)."""
    for _, e in deck.entries(*sections):
        plan.body(e)
    return plan.losses


def _lost_sections(deck: Deck, keep: tuple[str, ...]) -> list[str]:
    return [
        f"{s.name} ({cards(s.total)}) not written"
        for s in deck.sections
        if s.name not in keep and s.entries
    ]


def losses_text(
    deck: Deck,
    pool: CardPool | None = None,
    *,
    with_printings: bool = False,
    with_tags: bool = False,
) -> list[str]:
    out = _lost_sections(deck, _CANON) + _card_losses(deck, with_printings, with_tags, _CANON)
    out += _planned(deck, _Plan("text", pool, with_printings, with_tags), _CANON)
    for what, lost in (("notes", deck.notes), ("deck tags", deck.tags), ("format", deck.format)):
        if lost:
            out.append(f"{what} not written")
    return out


def losses_arena(deck: Deck, pool: CardPool | None = None) -> list[str]:
    out = _lost_sections(deck, _ARENA)
    for _, e in deck.entries(*_ARENA):
        p = e.printing or Printing()
        if p.finish:
            out.append(f"{e.card}: finish not written")
        if p.set and not p.number:
            out.append(f"{e.card}: set without collector number not written")
    out += _card_losses(deck, True, False, _ARENA)
    out += _planned(deck, _Plan("arena", pool), _ARENA)
    for what, lost in (
        ("notes", deck.notes),
        ("deck tags", deck.tags),
        ("format", deck.format),
        ("unparsed lines", deck.unparsed),
    ):
        if lost:
            out.append(f"{what} not written")
    return out


def losses_mtgo(deck: Deck, pool: CardPool | None = None) -> list[str]:
    out = _lost_sections(deck, _ARENA)
    out += sideboard_commander_losses(deck, "mtgo", pool)
    out += _card_losses(deck, False, False, _ARENA)
    out += _planned(deck, _Plan("mtgo", pool), _ARENA)
    for what, lost in (
        ("deck name", True),
        ("notes", deck.notes),
        ("deck tags", deck.tags),
        ("format", deck.format),
        ("unparsed lines", deck.unparsed),
    ):
        if lost:
            out.append(f"{what} not written")
    return out
