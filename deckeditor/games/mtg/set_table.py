"""What the app knows of a set and of a card's printing in it, beyond the set code a card pool gives
(issue 24.5): the set's name and year, its Keyrune glyph, and per (set, card) the collector number,
rarity, artist and the games the printing is on.

Read from `resources/mtg/set-names.json` and `resources/mtg/printings.json.xz`, written by
`tools/make_set_table.py` from the shared MTGJSON, Cockatrice and Forge data (see that script), and
the set calendar (`set_calendar.py`) for the year. Both files are read on first use, not at
start-up: the catalog and the search ask only when a printing is shown or a printing key is typed.
"""

from __future__ import annotations

import json
import lzma
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckeditor.games.mtg.set_calendar import shipped_calendar
from deckeditor.paths import resources_dir

NAMES_FILE = "set-names.json"
PRINTINGS_FILE = "printings.json.xz"
RARITY_NAMES = {
    "c": "common",
    "u": "uncommon",
    "r": "rare",
    "m": "mythic",
    "s": "special",
    "b": "bonus",
}
# Scryfall's order for `r>=rare`: special and bonus sit above mythic
RARITY_RANK = {"c": 0, "u": 1, "r": 2, "m": 3, "s": 4, "b": 5}
GAME_BITS = {"paper": 1, "mtgo": 2, "arena": 4}


@dataclass(frozen=True, slots=True)
class PrintingFacts:
    number: str = ""
    rarity: str = ""  # one letter of RARITY_NAMES, "" unknown
    artist: str = ""
    games: int = 0  # GAME_BITS, 0 unknown


_NONE = PrintingFacts()


# One printing of the shipped table is one integer (a list of four values per printing kept the
# ~76,000 printings at 16 MB resident, 7 MB so): from the lowest bit, the index of its collector
# number in the table's `numbers` (20 bits), of its rarity letter in LETTERS (4 bits), its
# artist's index in `artists` plus one (20 bits; 0: none) and its GAME_BITS (8 bits).
LETTERS = ("", *RARITY_NAMES)
_WIDTHS = (20, 4, 20, 8)


def pack(number: int, rarity: int, artist: int, games: int) -> int:
    """A printing's integer from its fields (`tools/make_set_table.py` writes them)."""
    values = (number, rarity, artist + 1, games)
    packed, shift = 0, 0
    for value, width in zip(values, _WIDTHS, strict=True):
        if not 0 <= value < 1 << width:
            raise ValueError(f"printing field {value} does not fit in {width} bits")
        packed |= value << shift
        shift += width
    return packed


def unpack(packed: int) -> tuple[int, int, int, int]:
    """(number index, rarity index, artist index or -1, games) of a printing's integer."""
    return (
        packed & 0xFFFFF,
        packed >> 20 & 0xF,
        (packed >> 24 & 0xFFFFF) - 1,
        packed >> 44 & 0xFF,
    )


class _Printings:
    """The shipped table as read: artists and collector numbers by index, and per set code and
    card name the printing's integer."""

    def __init__(self, data: Any) -> None:
        self.artists: list[str] = list(data["artists"])
        self.numbers: list[str] = list(data["numbers"])
        self.sets: Mapping[str, Mapping[str, int]] = data["sets"]

    def fields(self, packed: int) -> tuple[str, str, str, int]:
        """(collector number, rarity letter, artist, games); "" where the table has none."""
        number, rarity, artist, games = unpack(packed)
        return (
            self.numbers[number] if number < len(self.numbers) else "",
            LETTERS[rarity] if rarity < len(LETTERS) else "",
            self.artists[artist] if 0 <= artist < len(self.artists) else "",
            games,
        )


def _resources() -> Path:
    return resources_dir() / "mtg"


@lru_cache(maxsize=1)
def _names() -> Mapping[str, list[str]]:  # code -> [set name, Keyrune glyph name]
    try:
        data = json.loads((_resources() / NAMES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # a broken install shows bare codes rather than failing
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=1)
def _printings() -> _Printings:
    try:
        data: Any = json.loads(lzma.decompress((_resources() / PRINTINGS_FILE).read_bytes()))
        return _Printings(data)
    except (OSError, ValueError, KeyError, TypeError, lzma.LZMAError):
        return _Printings({"artists": [], "numbers": [], "sets": {}})


def set_name(code: str) -> str:
    """The set's name ("Commander 2016"), "" when no source names it. A promo set nobody names is
    named after its set, as MTGJSON and Scryfall code them ("P" + the set's code: PMH3 is
    "Modern Horizons 3 Promos")."""
    code = code.upper()
    entry = _names().get(code)
    if entry and entry[0]:
        return str(entry[0])
    if len(code) >= 4 and code.startswith("P"):
        base = _names().get(code[1:])
        if base and base[0]:
            return f"{base[0]} Promos"
    return ""


def set_year(code: str) -> str:
    return shipped_calendar().get(code.upper(), "")[:4]


def keyrune_name(code: str) -> str:
    """The Keyrune glyph name of the set (its lower-cased code unless the table says otherwise)."""
    entry = _names().get(code.upper())
    return entry[1] if entry and len(entry) > 1 else code.lower()


def facts(code: str, card_name: str) -> PrintingFacts:
    """The printing of `card_name` in set `code`: number, rarity, artist, games (empty: unknown)."""
    table = _printings()
    row = table.sets.get(code.upper(), {}).get(card_name)
    if row is None and " // " in card_name:  # a pool keyed by the front face's name
        row = table.sets.get(code.upper(), {}).get(card_name.split(" // ", 1)[0])
    if row is None:
        return _NONE
    return PrintingFacts(*table.fields(row))


def printed_rarities(card_name: str, codes: Iterable[str]) -> set[str]:
    """The rarity letters the table gives `card_name` in the sets `codes` ("" left out)."""
    return {r for code in codes if (r := facts(code, card_name).rarity)}


def table_rows() -> Iterator[tuple[str, str, str, str, int]]:
    """Every printing the shipped table describes: (set code, card name, rarity, artist, games)."""
    table = _printings()
    for code, cards in table.sets.items():
        for name, packed in cards.items():
            _number, rarity, artist, games = table.fields(packed)
            yield code, name, rarity, artist, games


def describe(code: str, number: str | None = None) -> str:
    """How the window names a printing: `Commander 2016 (C16) · 2016 · #190`."""
    name, year = set_name(code), set_year(code)
    parts = [f"{name} ({code.upper()})" if name else code.upper()]
    if year:
        parts.append(year)
    if number:
        parts.append(f"#{number}")
    return " · ".join(parts)
