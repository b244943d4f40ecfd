"""The printing a Forge `.dck` line names so that Forge keeps the line's flags (issue 22 point 1).

Forge's loader keeps a card line's flags (`#{markedColors=R}`: Tolabow's chosen colour, Cryptic
Spires' circles) only when it finds the card in the set the line names: `CardRequest.fromString`
reads `???` as "no edition", and `tryGetCard` copies the flags only onto a card found by
`getCardFromSet`; its fallback by name composes a request without them. So such a line needs a
real set code of a printing Forge knows the card in. In this order:

1. the entry's own printing, as written (a code Forge wrote, or one it resolves as an alias);
2. the pool's printings of the card (MTGJSON `printings`, Forge edition files, Cockatrice and
   Scryfall sets): the newest paper printing that is not a promo, token or digital-only set;
3. the shipped name -> printing table (`resources/mtg/forge-printings.json`, written by
   `tools/make_forge_printings.py`), so a pool of bare Forge scripts still gets a real set;
4. any printing the pool knows (newest first).

Codes from 2-4 are written as Forge spells them where its edition files use another code than
MTGJSON (Conflux is `CON` in MTGJSON and `CFX` in Forge's edition files, which keep `CON` as an
alias). None when no printing is known at all: the line then carries no flags, and the export's
loss list says so.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from deckeditor.deck import Entry
from deckeditor.games.mtg.card import Pool
from deckeditor.games.mtg.set_calendar import promo_sets, shipped_calendar
from deckeditor.paths import resources_dir

TABLE_FILE = "forge-printings.json"


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:  # the JSON document, {} when unreadable
    try:
        data = json.loads((resources_dir() / "mtg" / TABLE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # a broken install: lines fall back to what the pool knows
    return data if isinstance(data, dict) else {}


def _part(key: str) -> dict[str, Any]:
    part = _table().get(key)
    return part if isinstance(part, dict) else {}


@lru_cache(maxsize=1)
def not_preferred() -> frozenset[str]:
    """Set codes no line should prefer: promo sets (the set calendar's list), token,
    memorabilia and digital-only sets (this table's)."""
    codes = (c for group in _part("avoid").values() if isinstance(group, list) for c in group)
    return promo_sets() | frozenset(str(c).upper() for c in codes)


def forge_code(code: str) -> str:
    """The code Forge's edition files give the set (`CON` -> `CFX`); other codes as they are."""
    code = code.upper()
    return str(_part("forge_codes").get(code, code))


def newest(codes: Iterable[str], days: Mapping[str, str], avoid: frozenset[str]) -> str | None:
    """The newest of `codes` not in `avoid` (by release day; an undated code counts as oldest,
    and among equals the later listed wins), else the newest of all; None for no codes."""
    ordered = list(dict.fromkeys(str(c).upper() for c in codes if c))
    if not ordered:
        return None
    preferred = [c for c in ordered if c not in avoid] or ordered
    return max(reversed(preferred), key=lambda c: days.get(c, ""))


def table_printing(name: str) -> str | None:
    """The shipped table's printing of a card, by its Oracle name."""
    code = _part("cards").get(name)
    return str(code) if code else None


def flag_printing(entry: Entry, pool: Pool | None) -> tuple[str, str | None] | None:
    """(set code, collector number) for a Forge line that carries flags, or None when no
    printing of the card is known at all."""
    p = entry.printing
    if p is not None and p.set:
        return p.set.upper(), p.number
    card = pool.get(entry.card) if pool is not None else None
    codes = tuple(getattr(card, "printings", ()) or ())
    avoid, days = not_preferred(), shipped_calendar()
    best = newest(codes, days, avoid)  # None: no codes
    if best is not None and any(c.upper() not in avoid for c in codes):
        return forge_code(best), None
    names = (entry.card, getattr(card, "name", entry.card))
    shipped = next((c for c in map(table_printing, names) if c), None)
    if shipped:
        return forge_code(shipped), None
    return (forge_code(best), None) if best is not None else None
