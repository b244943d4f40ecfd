"""Writers of the plain-text family (`deck-files.md` §7.1): `text`, `arena`, `mtgo` and
Archidekt's export, and what each cannot carry (§8). Every card line is checked to read back
as itself through the reader's own grammar (`text.classify`), so a part that would not is
reported as lost, never silently changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing
from deckeditor.deckfile_errors import DeckFileError
from deckeditor.games.mtg.files import precon
from deckeditor.games.mtg.files.common import (
    export_name,
    merged_rows,
    mtgo_name,
    unprefixed,
)
from deckeditor.games.mtg.files.export_losses import (
    cards,
    flag_losses,
    sideboard_commander_losses,
    unwritten_parts,
)
from deckeditor.games.mtg.files.text import (
    SUBTOTAL,
    UNPARSED_PREFIX,
    classify,
    written_name,
)
from deckeditor.games.mtg.files.text_markers import ARENA_TO_PAPER, CAT_SECTIONS
from deckeditor.games.mtg.files.xmage_line import XMAGE_LINE

HEADER_WORDS = {
    "Commander": "Commander",
    "Companion": "Companion",
    "Main": "Deck",
    "Sideboard": "Sideboard",
    "Maybeboard": "Maybeboard",
}

PAPER_TO_ARENA = {v: k for k, v in ARENA_TO_PAPER.items()}  # written in Arena's spelling

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


Expect = tuple[Printing | None, tuple[str, ...]]  # the printing and tags a line reads back as


def _reads_back(
    body: str, name: str, expect: Expect, pool: CardPool[Any] | None, section: str | None = None
) -> bool:
    """Whether `1 <body>` reads back as `name` with the printing and tags `expect` holds (and in
    `section`, for a line whose Archidekt category names one)."""
    got = classify(f"1 {body}".strip())  # as the reader sees the line: trimmed
    if got[0] != "card" or got[1] or got[6] != section:
        return False
    if XMAGE_LINE.search(f"1 {body}"):  # `1 [ABC:1] Foo` would make the file read as XMage
        return False
    return written_name(_Knows(pool), got[3]) == name and (got[4], got[5]) == expect


class _Knows:
    def __init__(self, pool: CardPool[Any] | None) -> None:
        self.pool = pool

    def knows(self, name: str) -> bool:
        return self.pool is not None and self.pool.resolve(name).card is not None


def card_body(
    name: str,
    suffix: str,
    pool: CardPool[Any] | None,
    expect: Expect = (None, ()),
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
        self, kind: str, pool: CardPool[Any] | None, printings: bool = False, tags: bool = False
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

    def lines(self, entries: Iterable[Entry]) -> list[str]:
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
        if _PLAIN_CATEGORY.fullmatch(t) and t == t.strip() and t.lower() not in CAT_SECTIONS
    ]
    premier = _ARCHIDEKT_PREMIER.get(section or "")
    parts = ([premier] if premier else []) + cats
    return (f" [{','.join(parts)}]" if parts else ""), tuple(cats)


def _name_lines(name: str) -> list[str]:
    """The deck name as the first comment (`// Korvold`), or, when that line would read back as
    something else (a header such as `// Sideboard`, a subtotal such as `// 99 Maindeck`, a
    precon list's `// NAME:`), as Arena's `About` / `Name` block, which holds any name."""
    line = f"// {name}"
    got = classify(line)
    if (
        got[0] == "comment"
        and got[1] == name
        and not SUBTOTAL.match(name)
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
    pool: CardPool[Any] | None = None,
    *,
    with_printings: bool = False,
    with_tags: bool = False,
) -> str:
    out = _name_lines(deck.name)
    plan = _Plan("text", pool, with_printings, with_tags)
    written = _blocks(out, deck, _CANON, plan)
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


def write_archidekt(deck: Deck, pool: CardPool[Any] | None = None) -> str:
    """Archidekt's text export: `1x Name (SET) CN [Category,…]`, one block, the section as the
    first category (the deck's categories must be in the tags: `deckeditor.games.categories`)."""
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


def losses_archidekt(deck: Deck, pool: CardPool[Any] | None = None) -> list[str]:
    out = _lost_sections(deck, _CANON) + _card_losses(deck, True, True, _CANON)
    plan = _Plan("archidekt", pool)
    for name in _CANON:
        plan.section = name
        for e in deck.section(name).entries:
            plan.body(e)
    out += plan.losses
    out += unwritten_parts(deck, name=True)
    return out


def write_arena(deck: Deck, pool: CardPool[Any] | None = None) -> str:
    out = ["About", f"Name {deck.name}", ""]
    plan = _Plan("arena", pool)
    written = _blocks(out, deck, _ARENA, plan)
    _refuse_empty("arena", deck, written, _ARENA)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def write_mtgo(deck: Deck, pool: CardPool[Any] | None = None) -> str:
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


def _card_losses(
    deck: Deck, printings: bool, tags: bool, sections: tuple[str, ...] = ()
) -> list[str]:
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


def _blocks(out: list[str], deck: Deck, sections: tuple[str, ...], plan: _Plan) -> int:
    """Each section with lines as a header, its lines and a blank line, appended to `out`;
    how many card lines were written."""
    written = 0
    for name in sections:
        entries = deck.section(name).entries
        lines = plan.lines(entries) if entries else []
        if lines:
            out += [HEADER_WORDS[name], *lines, ""]
            written += len(lines)
    return written


def _lost_sections(deck: Deck, keep: tuple[str, ...]) -> list[str]:
    return [
        f"{s.name} ({cards(s.total)}) not written"
        for s in deck.sections
        if s.name not in keep and s.entries
    ]


def losses_text(
    deck: Deck,
    pool: CardPool[Any] | None = None,
    *,
    with_printings: bool = False,
    with_tags: bool = False,
) -> list[str]:
    out = _lost_sections(deck, _CANON) + _card_losses(deck, with_printings, with_tags, _CANON)
    out += _planned(deck, _Plan("text", pool, with_printings, with_tags), _CANON)
    out += unwritten_parts(deck, unparsed=False)
    return out


def losses_arena(deck: Deck, pool: CardPool[Any] | None = None) -> list[str]:
    out = _lost_sections(deck, _ARENA)
    for _, e in deck.entries(*_ARENA):
        p = e.printing or Printing()
        if p.finish:
            out.append(f"{e.card}: finish not written")
        if p.set and not p.number:
            out.append(f"{e.card}: set without collector number not written")
    out += _card_losses(deck, True, False, _ARENA)
    out += _planned(deck, _Plan("arena", pool), _ARENA)
    out += unwritten_parts(deck)
    return out


def losses_mtgo(deck: Deck, pool: CardPool[Any] | None = None) -> list[str]:
    out = _lost_sections(deck, _ARENA)
    out += sideboard_commander_losses(deck, "mtgo", pool)
    out += _card_losses(deck, False, False, _ARENA)
    out += _planned(deck, _Plan("mtgo", pool), _ARENA)
    out += unwritten_parts(deck, name=True)
    return out
