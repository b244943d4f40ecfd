"""An MTG deck's statistics as values (game interface): the mana curve of the library's nonland
cards, coloured mana symbols per colour against the lands that make each colour, the land count
and average mana value, copies per card type, and the starting library."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from deckeditor.deck import Deck
from deckeditor.games.interface import Bar, Chart, Statistics
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.colors import WUBRG

_PIP_RE = re.compile(r"\{([^}]*)\}")
PIP_COLORS = {"W": "#e9dfa8", "U": "#4f8fd0", "B": "#4a4040", "R": "#d4553a", "G": "#3f9a5a"}
CURVE_COLOR = "#6b7fa8"
LIBRARY_SECTIONS = ("Main",)
COUNTED_SECTIONS = ("Commander", "Companion", "Main")
TYPE_ORDER = (
    "Creature",
    "Planeswalker",
    "Battle",
    "Instant",
    "Sorcery",
    "Artifact",
    "Enchantment",
    "Land",
    "Kindred",
)


_BASIC_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_ADD_RE = re.compile(r"\badd\b([^.]*)", re.IGNORECASE)
_ANY_COLOUR = re.compile(
    r"mana of any (?:one )?colou?r|any combination of colou?rs|mana of any type", re.IGNORECASE
)


def land_colours(card: Card) -> str:
    """The colours a land makes: its basic land types, the coloured symbols after "Add", or all
    five for "mana of any color". Lands that only fetch or make colourless count for none."""
    made = set()
    for face in (getattr(card, "faces", ()) or ())[:2]:
        for sub in getattr(face, "subtypes", ()) or ():
            if sub in _BASIC_TYPES:
                made.add(_BASIC_TYPES[sub])
        text = getattr(face, "oracle_text", "") or ""
        if _ANY_COLOUR.search(text):
            return WUBRG
        for clause in _ADD_RE.findall(text):
            for symbol in _PIP_RE.findall(clause):
                made.update(ch for ch in symbol.upper() if ch in WUBRG)
    return "".join(c for c in WUBRG if c in made)


@dataclass(slots=True)
class _Tally:
    """The library's counts the charts and the summary are made from."""

    curve: Counter[int] = field(default_factory=Counter)
    pips: Counter[str] = field(default_factory=Counter)
    types: Counter[str] = field(default_factory=Counter)
    sources: Counter[str] = field(default_factory=Counter)
    library: int = 0
    lands: int = 0
    nonland: int = 0
    mana_values: float = 0.0


@dataclass(frozen=True, slots=True)
class _CardCounts:
    """What one copy of a card adds to the tally (the same in every deck)."""

    group: str  # its primary type
    land: bool
    mana_value: float
    colours: str  # a land's colours ("" for a nonland card, or a land whose colours are chosen)
    pips: tuple[str, ...]  # its coloured mana symbols, one letter each


# id(card) -> (the card, the primary-type function, its counts): an edit changes one line of ~100
# and the tally reads them all; the card is kept with its counts, so a reused id is not read
_COUNTS: dict[int, tuple[Card, object, _CardCounts]] = {}


def _card_counts(card: Card, primary_type: Callable[[Card | None], str]) -> _CardCounts:
    kept = _COUNTS.get(id(card))
    if kept is not None and kept[0] is card and kept[1] == primary_type:  # a bound method: ==
        return kept[2]
    land = "Land" in (getattr(card, "types", ()) or ())
    pips = tuple(
        ch
        for face in (getattr(card, "faces", ()) or ())[:2]
        for symbol in _PIP_RE.findall(getattr(face, "mana_cost", "") or "")
        for ch in symbol.upper()
        if ch in WUBRG
    )
    counts = _CardCounts(
        primary_type(card),
        land,
        getattr(card, "mana_value", 0) or 0,
        land_colours(card) if land else "",
        pips,
    )
    if len(_COUNTS) > 1024:
        _COUNTS.clear()
    _COUNTS[id(card)] = (card, primary_type, counts)
    return counts


def _tally(deck: Deck, pool: Pool | None, primary_type: Callable[[Card | None], str]) -> _Tally:
    t = _Tally()
    curve, pips, types, sources = t.curve, t.pips, t.types, t.sources
    for _, entry in deck.entries(*LIBRARY_SECTIONS):
        n = entry.count
        t.library += n
        card = pool.get(entry.card) if pool is not None else None
        if card is None:
            types[primary_type(card)] += n
            continue
        c = _card_counts(card, primary_type)
        types[c.group] += n
        if not c.land:
            curve[min(7, int(c.mana_value))] += n
            t.nonland += n
            t.mana_values += c.mana_value * n
        else:
            t.lands += n
            # a land whose colours are chosen at deck building (Cryptic Spires) makes those
            for colour in c.colours or entry.colors:
                sources[colour] += n
        for ch in c.pips:
            pips[ch] += n
    return t


def _charts(t: _Tally) -> tuple[Chart, ...]:
    curve, pips, sources = t.curve, t.pips, t.sources
    return (
        Chart(
            "curve",
            "Mana curve (library, nonland)",
            tuple(
                Bar("7+" if mv == 7 else str(mv), curve.get(mv, 0), CURVE_COLOR) for mv in range(8)
            ),
        ),
        Chart(
            "pips",
            "Coloured mana symbols",
            tuple(Bar(c, pips.get(c, 0), PIP_COLORS[c], f"{{{c}}}") for c in WUBRG),
        ),
        Chart(
            "sources",
            "Lands making each colour",
            tuple(Bar(c, sources.get(c, 0), PIP_COLORS[c], f"{{{c}}}") for c in WUBRG),
        ),
    )


def statistics(
    deck: Deck, pool: Pool | None, primary_type: Callable[[Card | None], str]
) -> Statistics:
    """`primary_type` names the group a card counts under (the game's `Game.primary_type`)."""
    t = _tally(deck, pool, primary_type)
    curve, pips, types, sources = t.curve, t.pips, t.types, t.sources
    library, lands, nonland, mana_values = t.library, t.lands, t.nonland, t.mana_values
    total = deck.count(*COUNTED_SECTIONS)
    charts = _charts(t)
    average = mana_values / nonland if nonland else 0.0
    balance = " · ".join(
        f"{c} {sources.get(c, 0)}/{pips[c]}" for c in WUBRG if pips.get(c) or sources.get(c)
    )
    groups = tuple(sorted(types.items(), key=lambda t: (-t[1], t[0])))
    values = {
        "curve": dict(curve),
        "pips": dict(pips),
        "types": dict(types),
        "library": library,
        "total": total,
        "lands": lands,
        "average_mv": average,
        "sources": dict(sources),
    }
    return Statistics(
        charts,
        groups,
        f"<b>Starting library: {library} cards</b> &nbsp; · &nbsp; deck total {total}<br>"
        f"{lands} land{'s' if lands != 1 else ''} &nbsp; · &nbsp; average mana value {average:.2f} (nonland)"
        + (f"<br>Colour sources / symbols: {balance}" if balance else ""),
        f"{total} card{'s' if total != 1 else ''} · library {library}",
        values,
    )
