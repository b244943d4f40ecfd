"""The plain-text family (`deck-files.md` §7): plain text, MTG Arena, MTGO `.txt`, Moxfield,
Archidekt and Cockatrice text, read by one line parser; writers for `text`, `arena` and `mtgo`.

Reading is two passes: the first classifies every line (header, comment, card) and reads card
lines; the second places header-less card lines, because "two blocks without headers" means Main
and Sideboard only once the whole text has been seen.
"""

from __future__ import annotations

import re
from array import array

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files import sbcommander
from deckeditor.games.mtg.files.common import (
    DeckBuilder,
    bad_line,
    cards,
    clean_name,
    export_name,
    mtgo_name,
    parse_count,
    sideboard_commander_losses,
)

HEADERS = {
    **dict.fromkeys(("commander", "commanders"), "Commander"),
    **dict.fromkeys(("companion", "companions"), "Companion"),
    **dict.fromkeys(("deck", "main", "maindeck", "main deck", "mainboard", "decklist"), "Main"),
    **dict.fromkeys(("sideboard", "side", "side board", "sb"), "Sideboard"),
    **dict.fromkeys(("maybeboard", "maybe", "considering"), "Maybeboard"),
    "about": "about",
}
HEADER_WORDS = {"Commander": "Commander", "Companion": "Companion", "Main": "Deck",
                "Sideboard": "Sideboard", "Maybeboard": "Maybeboard"}

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
_PRINTING = re.compile(r"\s+\(([A-Za-z0-9]{2,6})\)(?:\s+([A-Za-z0-9\-★*]+))?$")
_HEADER_COUNT = re.compile(r"\s*\(\d+\)$")
_SPACES = re.compile(r"\s+")
_CATEGORY_LINE = re.compile(r"^\D.*\(\d+\)$")
# Cockatrice's annotated export: `// 99 Maindeck`, `// 13 Creature` (a count and one word)
_SUBTOTAL = re.compile(r"^\d+\s+[A-Za-z]+$")
_CAT_SECTIONS = {"commander": "Commander", "companion": "Companion", "sideboard": "Sideboard",
                 "maybeboard": "Maybeboard"}


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


def _strip_markers(rest: str) -> tuple[str, Printing | None, list[str], str | None, set[str]]:
    """Remove trailing markers, right to left, in any order (§7 step 6)."""
    tags: list[str] = []
    section: str | None = None
    finish = set_code = number = None
    seen: set[str] = set()
    while True:
        if m := _LABELS.search(rest):
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
    return rest, printing, list(dict.fromkeys(tags)), section, seen


def classify(line: str) -> tuple:
    """What a trimmed, non-blank line is, apart from where it stands (§7 steps 1–7); the same
    text always classifies the same, so a reader sees each distinct line once:

    `("bad", reason)`, `("header", section, arena_deck)`, `("comment", body)`,
    `("category",)`, `("reject", reason)`, or
    `("card", to_side, count|None, name, printing, tags, marked_section, dialects)`.
    """
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
        rest = rest[m.end():]
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
    rest, printing, tags, marked, found = _strip_markers(rest)
    seen |= found
    if mws_set and (printing is None or not printing.set):
        printing = Printing(set=mws_set, finish=printing.finish if printing else None)
    if not rest:
        return ("reject", "no card name")
    return ("card", to_side, count, rest, printing, tuple(tags), marked, frozenset(seen))


_CACHE_LIMIT = 50_000  # distinct lines remembered per read (a file of distinct lines: no gain)


def read(
    lines: list[str], pool: CardPool | None, *, name: str = "Imported deck",
    format_code: str | None = None, kind: str = "text",
) -> ImportResult:
    b = DeckBuilder(pool, kind)
    # One pass, linear: a card line whose section only the whole text decides (no header yet:
    # the two-block rule) goes to a stand-in section of its block, ("block", n), folded into
    # Main or the Sideboard at the end. Each distinct line is classified and resolved once.
    cache: dict[str, tuple] = {}
    prepared: dict[str, tuple] = {}
    section: str | None = None
    any_header = False
    about = False
    about_name: str | None = None
    first_comment: str | None = None
    first_seen = False
    notes: list[str] = []
    block = 0
    block_key: tuple = ("block", 0)
    blocks: dict[tuple, None] = {}  # stand-in sections, in order
    in_block = False
    cards = 0
    to_sideboard = False
    dialect: set[str] = set()
    for number, text in enumerate(lines, 1):
        line = text.strip()
        if not line:
            b.mark(number, text, LineKind.BLANK)
            in_block = False
            continue
        first = not first_seen
        first_seen = True
        if about and line[:5].lower() == "name " and not bad_line(line):
            about_name = line[5:].strip()
            b.mark(number, text, LineKind.METADATA)
            continue
        hit = cache.get(line)
        if hit is None:
            got = classify(line)
            if len(cache) < _CACHE_LIMIT:
                cache[line] = (got, line)
        else:
            got, first_copy = hit
            if text is line and text is not first_copy:
                # the same text again: keep one copy (a million-line file repeats a few lines)
                text = lines[number - 1] = first_copy
        what = got[0]
        if what == "card":
            if got[7]:
                dialect |= got[7]
            if got[2] is None and not b.knows(got[3]):
                b.reject(number, text, "no count and not a known card")
                continue
            if not in_block:
                block += 1
                block_key = ("block", block)
                in_block = True
            target = "Sideboard" if got[1] else got[6] or section
            if target is None:
                target = block_key
                blocks[block_key] = None
            elif target == "Sideboard":
                to_sideboard = True
            prep = prepared.get(line)
            if prep is None:
                prep = _prepare(b, got)
                if len(prepared) < _CACHE_LIMIT:
                    prepared[line] = prep
            b.add_prepared(number, text, target, got[2] or 1, prep[0])
            if prep[1]:
                b.note(f"line {number}: {prep[1]}")
            cards += 1
        elif what in ("bad", "reject"):
            b.reject(number, text, got[1])
        elif what == "header":
            b.mark(number, text, LineKind.SECTION)
            any_header = True
            head = got[1]
            about = head == "about"
            if got[2] or about:
                dialect.add("arena")
            if not about:
                section = head
            in_block = False
        elif what == "comment":
            body = got[1]
            b.mark(number, text, LineKind.COMMENT)
            if first and line.startswith("//"):
                dialect.add("cockatrice")
            if _SUBTOTAL.match(body):  # dropped: never the deck name, never a note
                pass
            elif first and line.startswith("//"):
                first_comment = body
            elif not cards and body:
                notes.append(body)
        else:  # a category line such as `Creatures (23)`
            b.mark(number, text, LineKind.COMMENT)
    if not cards:
        raise DeckFileError(None, None, None, "no card lines")
    free = list(blocks)
    # `block` counts the blocks holding card lines: two, both without a section of their own
    two_blocks = not any_header and block == 2 and len(free) == 2
    fold = {key: "Main" for key in free}
    if two_blocks:
        fold[free[1]] = "Sideboard"
    b.fold_sections(fold)
    deck_name = about_name or first_comment
    deck = b.deck(name=clean_name(deck_name, name), notes="\n".join(notes), format=format_code)
    out_notes = [f"read as {_dialect_name(dialect, any_header, two_blocks)}"] + b.notes
    if not any_header and (two_blocks or to_sideboard):
        deck, moved = sbcommander.apply(deck, b.pool, format_code)
        out_notes += moved
    return ImportResult(deck, kind, b.lines, out_notes)


def _prepare(b: DeckBuilder, parsed: tuple) -> tuple[tuple, str | None]:
    """A parsed card line resolved once, with the note its set earns when the pool does not
    know that printing of the card."""
    _, _, _, rest, printing, tags, _, _ = parsed
    prep = b.prepare(rest, printing, tags=tags)
    warning = None
    if printing is not None and printing.set:
        card = b.pool.get(prep[0][0])
        sets = getattr(card, "printings", ()) if card is not None else ()
        if sets and printing.set not in sets:
            warning = f"set {printing.set} not known for {card.name}; read by name"
    return prep, warning


def _dialect_name(seen: set[str], any_header: bool, two_blocks: bool) -> str:
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


def _suffix(entry: Entry, printings: bool, tags: bool) -> str:
    out = ""
    p = entry.printing or Printing()
    if printings:
        if p.set:
            out += f" ({p.set})" + (f" {p.number}" if p.number else "")
        if p.finish == "foil":
            out += " *F*"
        elif p.finish == "etched":
            out += " *E*"
    if tags:
        out += "".join(f" #{t.replace(' ', '_')}" for t in entry.tags)
    return out


def write_text(deck: Deck, pool: CardPool | None = None, *, with_printings: bool = False,
               with_tags: bool = False) -> str:
    out = [f"// {deck.name}"]
    for name in _CANON:
        entries = deck.section(name).entries
        if not entries:
            continue
        out.append(HEADER_WORDS[name])
        out += [f"{e.count} {export_name(e, pool)}{_suffix(e, with_printings, with_tags)}"
                for e in entries]
        out.append("")
    out += [f"// unparsed: {u.text}" for u in deck.unparsed]
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def write_arena(deck: Deck, pool: CardPool | None = None) -> str:
    out = ["About", f"Name {deck.name}", ""]
    for name in ("Commander", "Companion", "Main", "Sideboard"):
        entries = deck.section(name).entries
        if not entries:
            continue
        out.append(HEADER_WORDS[name])
        for e in entries:
            p = e.printing or Printing()
            line = f"{e.count} {export_name(e, pool)}"
            if p.set and p.number:
                line += f" ({PAPER_TO_ARENA.get(p.set, p.set)}) {p.number}"
            out.append(line)
        out.append("")
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def write_mtgo(deck: Deck, pool: CardPool | None = None) -> str:
    main = [f"{e.count} {mtgo_name(e, pool)}" for e in deck.section("Main").entries]
    side = [f"{e.count} {mtgo_name(e, pool)}"
            for n in ("Commander", "Companion", "Sideboard") for e in deck.section(n).entries]
    out = main + ([""] + side if side else [])
    return "\n".join(out) + "\n"


def _card_losses(deck: Deck, printings: bool, tags: bool) -> list[str]:
    out = []
    for _, e in deck.entries():
        p = e.printing or Printing()
        if not printings and (p.set or p.number or p.finish):
            out.append(f"{e.card}: printing not written")
        if p.scryfall or p.mtgo or p.arena or p.multiverse:
            out.append(f"{e.card}: card ids not written")
        if e.colors:
            out.append(f"{e.card}'s colour choice not written")
        if e.tags and not tags:
            out.append(f"{e.card}: card tags not written")
    return out


def _lost_sections(deck: Deck, keep: tuple[str, ...]) -> list[str]:
    return [f"{s.name} ({cards(s.total)}) not written" for s in deck.sections
            if s.name not in keep and s.entries]


def losses_text(deck: Deck, *, with_printings: bool = False, with_tags: bool = False) -> list[str]:
    out = _lost_sections(deck, _CANON) + _card_losses(deck, with_printings, with_tags)
    for what, lost in (("notes", deck.notes), ("deck tags", deck.tags), ("format", deck.format)):
        if lost:
            out.append(f"{what} not written")
    return out


def losses_arena(deck: Deck) -> list[str]:
    out = _lost_sections(deck, ("Commander", "Companion", "Main", "Sideboard"))
    for _, e in deck.entries("Commander", "Companion", "Main", "Sideboard"):
        p = e.printing or Printing()
        if p.finish:
            out.append(f"{e.card}: finish not written")
        if p.set and not p.number:
            out.append(f"{e.card}: set without collector number not written")
    out += [x for x in _card_losses(deck, True, False) if "printing" not in x]
    for what, lost in (("notes", deck.notes), ("deck tags", deck.tags), ("format", deck.format),
                       ("unparsed lines", deck.unparsed)):
        if lost:
            out.append(f"{what} not written")
    return out


def losses_mtgo(deck: Deck) -> list[str]:
    out = _lost_sections(deck, ("Commander", "Companion", "Main", "Sideboard"))
    out += sideboard_commander_losses(deck, "mtgo")
    out += _card_losses(deck, False, False)
    for what, lost in (("deck name", True), ("notes", deck.notes), ("deck tags", deck.tags),
                       ("format", deck.format), ("unparsed lines", deck.unparsed)):
        if lost:
            out.append(f"{what} not written")
    return out
