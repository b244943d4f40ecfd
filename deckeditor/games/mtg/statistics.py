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


def _tally(deck: Deck, pool: Pool | None, primary_type: Callable[[Card | None], str]) -> _Tally:
    t = _Tally()
    curve, pips, types, sources = t.curve, t.pips, t.types, t.sources
    for _, entry in deck.entries(*LIBRARY_SECTIONS):
        t.library += entry.count
        card = pool.get(entry.card) if pool is not None else None
        types[primary_type(card)] += entry.count
        if card is None:
            continue
        if "Land" not in (getattr(card, "types", ()) or ()):
            curve[min(7, int(getattr(card, "mana_value", 0) or 0))] += entry.count
            t.nonland += entry.count
            t.mana_values += (getattr(card, "mana_value", 0) or 0) * entry.count
        else:
            t.lands += entry.count
            # a land whose colours are chosen at deck building (Cryptic Spires) makes those
            for colour in land_colours(card) or entry.colors:
                sources[colour] += entry.count
        for face in (getattr(card, "faces", ()) or ())[:2]:
            for symbol in _PIP_RE.findall(getattr(face, "mana_cost", "") or ""):
                for ch in symbol.upper():
                    if ch in WUBRG:
                        pips[ch] += entry.count
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
