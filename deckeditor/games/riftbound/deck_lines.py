"""What the Riftbound checker and catalog predicate share (`riftbound.md` §3): the sections and
their numbers, the format's mode (competitive or casual) and ruling, and a deck's lines resolved
against the pool.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import TypeAlias

from deckeditor.deck import Deck
from deckeditor.format_catalog import FormatInfo
from deckeditor.formats import Format, Ruling
from deckeditor.games.riftbound.card import DOMAINS, Card
from deckeditor.games.riftbound.pool import Pool, find_card
from deckeditor.games.riftbound.section_names import SECTIONS
from deckeditor.paths import resources_dir

__all__ = ["SECTIONS"]

SECTION_TITLES = {"Champion": "Chosen Champion"}
MAIN_SIZE_SECTIONS = ("Main", "Champion")
RUNE_COUNT = 12
BATTLEFIELD_COUNT = 3
SIDEBOARD_MAX = 10
SIGNATURE_MAX = 3
UNCOUNTED_TYPES = frozenset({"Rune", "Battlefield"})  # §3.3 rule 5: not counted for copies
COMPETITIVE = "competitive"
CASUAL = "casual"
# the one kind of card a section holds (rules 1, 3, 7, 8)
SECTION_KIND = {
    "Legend": "Legend",
    "Champion": "Unit",
    "Runes": "Rune",
    "Battlefields": "Battlefield",
}

FormatLike: TypeAlias = FormatInfo | Format  # a FormatInfo, or a bare Format


# --- format plumbing -----------------------------------------------------------------------


@lru_cache(maxsize=1)
def _index_modes() -> dict[str, str]:
    try:
        index = json.loads((resources_dir() / "format_index.json").read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return {
        code: str(v["mode"]) for code, v in index.items() if isinstance(v, dict) and v.get("mode")
    }


def mode_of(fmt: FormatLike) -> str:
    """competitive or casual: the FormatInfo's mode, else the format index's, else competitive
    (a format given by path is competitive, `formats.md` §13.3)."""
    info = fmt if isinstance(fmt, FormatInfo) else None
    if info is not None and info.mode in (COMPETITIVE, CASUAL):
        return info.mode
    if (info is None or info.path is None) and fmt.code in _index_modes():
        return _index_modes()[fmt.code]
    return COMPETITIVE


def format_of(fmt: FormatLike) -> Format:
    """A FormatInfo carries its Format in `.format`; a bare Format is accepted too."""
    return fmt.format if isinstance(fmt, FormatInfo) else fmt


def ruling_of(fmt: FormatLike, day: date) -> Ruling:
    return format_of(fmt).ruling_on(day)


# --- resolving the deck --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    section: str
    written: str
    count: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class KnownLine:
    """A line whose card the pool knows (the rules read only these)."""

    section: str
    written: str
    count: int
    card: Card


def resolve_lines(deck: Deck, pool: Pool | None) -> list[Line]:
    lines = []
    for section, entry in deck.entries(*SECTIONS):
        code = entry.printing.code if entry.printing else None
        card = find_card(pool, entry.card, code) if pool is not None else None
        lines.append(Line(section, entry.card, entry.count, card))
    return lines


def known_lines(lines: Iterable[Line]) -> list[KnownLine]:
    return [
        KnownLine(ln.section, ln.written, ln.count, ln.card) for ln in lines if ln.card is not None
    ]


def names(lines: Iterable[Line | KnownLine]) -> list[str]:
    return [ln.card.name if ln.card else ln.written for ln in lines]


def domains_text(domains: Iterable[str]) -> str:
    found = set(domains)
    return ", ".join(d for d in DOMAINS if d in found) or "colourless"
