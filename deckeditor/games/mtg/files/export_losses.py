"""What an MTG export cannot carry, said the same way by every writer (`deck-files.md` §8): the
command zone kept in a sideboard, sections that read back as others, deck tags, names, flags."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Section
from deckeditor.games.mtg.files.common import empty_pool
from deckeditor.games.mtg.files.formats_known import known_format
from deckeditor.games.mtg.files.sbcommander import apply
from deckeditor.games.mtg.section_names import SECTIONS as MTG_SECTIONS


def sideboard_commander_losses(
    deck: Deck, kind: str, pool: CardPool[Any] | None = None
) -> list[str]:
    """Kinds that keep the command zone in the sideboard (§8): say when a re-import cannot put
    it back. Decided by the rule itself, not by a sketch of it: the file's sideboard (commanders,
    companion, then the sideboard, as the writers put them) goes through the sideboard-commander
    rule (§6.3) with the pool and the format the file stores (only `.cod` stores one), and any
    card that does not come back to its section is a loss (a commander that cannot lead, such as
    an Oathbreaker's signature spell; a sideboard beside the commander)."""
    command = ("Commander", "Companion")
    if not any(deck.section(n).entries for n in command):
        return []
    side = tuple(e for n in (*command, "Sideboard") for e in deck.section(n).entries)
    kept = tuple(s for s in deck.sections if s.name not in (*command, "Sideboard"))
    fmt = known_format(deck.format) if kind == "cod" else None  # what the file keeps
    written = replace(deck, format=fmt, sections=kept + (Section("Sideboard", side),))
    restored, _ = apply(written, pool if pool is not None else empty_pool(), fmt)

    def where(d: Deck) -> dict[tuple[str, str], int]:
        return {
            (n, e.card): d.section(n).count_of(e.card)
            for n in (*command, "Sideboard")
            for e in d.section(n).entries
        }

    if where(restored) == where(deck):
        return []
    # in the player's words: the sections the deck has, the kind by the name players use
    moved = " and ".join(n for n in command if deck.section(n).entries)
    return [
        f"{moved} written into the sideboard; {_KIND_NAMES.get(kind, kind)} cannot tell them "
        "apart from the sideboard on re-import"
    ]


_KIND_NAMES = {"mtgo": "MTGO text", "dek": "MTGO .dek"}


def fold_sections(deck: Deck, reads_as: Callable[[str], str]) -> tuple[Deck, list[str]]:
    """Sections whose name, as the target kind writes it, reads back as another section's
    (`.cod` zone `Side` is the sideboard, Forge `[planes]` is `Planes`, `[main]` is Main) merged
    into that section before writing, with a loss line each: otherwise the file would read back
    with them merged anyway, and a second trip would not give the same file. `reads_as(name)`
    gives the section a written extra section reads back as."""
    groups: dict[str, list[Entry]] = {}
    losses = []
    for sec in deck.sections:
        target = sec.name if sec.name in MTG_SECTIONS else reads_as(sec.name)
        if target != sec.name and sec.entries:
            losses.append(f"section {sec.name!r} ({cards(sec.total)}) written as {target!r}")
        groups.setdefault(target, []).extend(sec.entries)
    if not losses:
        return deck, []
    sections = tuple(Section(name, tuple(entries)) for name, entries in groups.items())
    return replace(deck, sections=sections), losses


def deck_tag_losses(deck: Deck, split: str | None = None) -> list[str]:
    """Deck tags the target reads back otherwise: trimmed, and split at `split` (Forge's
    `Tags=` is comma-separated)."""
    out = []
    for tag in deck.tags:
        parts = [p.strip() for p in (tag.split(split) if split else [tag]) if p.strip()]
        if parts != [tag]:
            out.append(
                f"deck tag {tag!r} is read back as "
                + (", ".join(repr(p) for p in parts) or "nothing")
            )
    return out


def trimmed_name_losses(entry: Entry, name: str, kind: str) -> list[str]:
    """A name with spaces around it (only an own file can hold one) is written trimmed, as
    every reader of `kind` trims it."""
    if name == name.strip():
        return []
    return [f"{entry.card}: written as {name.strip()!r} ({kind} trims the spaces around names)"]


def flag_losses(entry: Entry, kept: Iterable[str] = ()) -> list[str]:
    """A loss line for the per-card flags a kind does not write (`kept`: the ones it does):
    MTGGoldfish's `variant`, Forge's `noSellValue`, MTGO's `Annotation`."""
    lost = [k for k in entry.flags if k not in kept]
    if not lost:
        return []
    return [f"{entry.card}: card flags not written ({', '.join(lost)})"]


def cards(n: int) -> str:
    """`1 card`, `3 cards`: for loss messages."""
    return f"{n} card" if n == 1 else f"{n} cards"


def unwritten_parts(deck: Deck, *, name: bool = False, unparsed: bool = True) -> list[str]:
    """'<part> not written' for each part of the deck a kind has no place for and the deck has:
    its name (when the kind keeps none), notes, tags, format and unparsed lines, in that order."""
    parts = (
        ("deck name", name),
        ("notes", deck.notes),
        ("deck tags", deck.tags),
        ("format", deck.format),
        ("unparsed lines", unparsed and deck.unparsed),
    )
    return [f"{what} not written" for what, lost in parts if lost]
