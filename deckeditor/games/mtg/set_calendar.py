"""The shipped set calendar (`resources/mtg/set-release-days.json`): set code -> release day.

Sources that name a card's printings by set code only (MTGJSON AtomicCards, a Scryfall printing
without its date) get the card's first release day from it: the earliest day among the printings
the calendar knows. A printing it does not know is ignored; a card none of whose printings it
knows keeps "" (unknown, never refused). A product deck's new cards come out on the deck's day,
sometimes before their set's (Commander 2020 held Ikoria cards): those cards are listed by name. `tools/make_set_calendar.py` writes the file from the
MTGJSON set and deck files, the Cockatrice spoiler XML and Forge editions (`resources/mtg/README.md`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from deckeditor.paths import resources_dir

CALENDAR_FILE = "set-release-days.json"


@lru_cache(maxsize=1)
def _document() -> dict[str, Any]:  # the JSON document, {} when unreadable
    path = resources_dir() / "mtg" / CALENDAR_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # a broken install dates nothing rather than refusing cards
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=1)
def _shipped() -> tuple[Mapping[str, str], Mapping[str, str]]:
    data = _document()

    def days(part: object, key: Callable[[object], str] = str) -> dict[str, str]:
        items = part.items() if isinstance(part, dict) else ()
        return {key(k): v for k, v in items if isinstance(v, str)}

    return days(data.get("sets"), lambda k: str(k).upper()), days(
        data.get("cards_out_before_their_set")
    )


@lru_cache(maxsize=1)
def promo_sets() -> frozenset[str]:
    """The promo set codes (judge gifts, store and event promos): reprints that say nothing of
    what a card is."""
    codes = _document().get("promo_sets")
    return frozenset(str(c).upper() for c in codes) if isinstance(codes, list) else frozenset()


def shipped_calendar() -> Mapping[str, str]:
    """Set code -> release day."""
    return _shipped()[0]


def first_day(
    codes: Iterable[str], names: Iterable[str] = (), calendar: Mapping[str, str] | None = None
) -> str:
    """The earliest known release day of these set codes (ISO), or of the card by one of its
    names when a product deck brought it out before its set; "" when none is known."""
    cal = shipped_calendar() if calendar is None else calendar
    days = [day for day in (cal.get(str(c).upper()) for c in codes) if day]
    early = _shipped()[1] if calendar is None else {}
    days.extend(early[n] for n in names if n in early)
    return min(days) if days else ""
