"""The Commander Game Changers list, as it stood on a given day.

The list is published by dated announcements; `resources/mtg/game-changers.json` holds one complete
snapshot per announcement (sources and confidence in `resources/mtg/README.md`). A card source's own
flag (MTGJSON `isGameChanger`, Scryfall `game_changer`, kept as `card.extra["gameChanger"]`) says
what the list was when that file was made; it is trusted only for days after the newest shipped
snapshot, where it is the only news we have. Before the brackets began (2025-02-11) nothing is a
Game Changer.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from deckeditor.games.mtg.card import Card
from deckeditor.names import name_key
from deckeditor.paths import resources_dir

Day = date  # a Snapshot's field is named `date`, which hides the type in its class body


@dataclass(frozen=True, slots=True)
class Snapshot:
    date: Day  # the announcement's day
    applies_from: Day  # the first day it is used for (earlier than `date` only for the first one)
    announcement: str
    names: frozenset[str]  # name keys (names.name_key), so any spelling of the Oracle name matches
    cards: tuple[str, ...]  # as listed, for reports


@dataclass(frozen=True, slots=True)
class GameChangerList:
    brackets_from: date
    snapshots: tuple[Snapshot, ...]  # oldest first

    def in_force(self, day: date) -> Snapshot | None:
        """The snapshot that applies on `day`; None before the brackets existed."""
        if day < self.brackets_from or not self.snapshots:
            return None
        i = bisect_right([s.applies_from for s in self.snapshots], day)
        return self.snapshots[max(i - 1, 0)]

    def trusts_source_flags(self, day: date) -> bool:
        """Card data newer than our newest snapshot may know of later additions."""
        return bool(self.snapshots) and day > self.snapshots[-1].date


def _day(value: object, where: str) -> date:
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise ValueError(f"{where}: not a day in the form YYYY-MM-DD: {value!r}")


def parse_list(doc: dict[str, object]) -> GameChangerList:
    """The shipped file's shape; a bad value raises ValueError naming its key path."""
    if not isinstance(doc, dict) or doc.get("schema") != "deckeditor-game-changers":
        raise ValueError("not a deckeditor-game-changers file")
    start = _day(doc.get("brackets_from"), "brackets_from")
    raw = doc.get("snapshots")
    if not isinstance(raw, list):
        raise ValueError("snapshots: must be a list")
    snaps = []
    for i, s in enumerate(raw):
        where = f"snapshots[{i}]"
        if not isinstance(s, dict):
            raise ValueError(f"{where}: must be an object")
        day = _day(s.get("date"), f"{where}.date")
        since = _day(s.get("applies_from", s.get("date")), f"{where}.applies_from")
        cards = s.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) and c for c in cards):
            raise ValueError(f"{where}.cards: must be a list of card names")
        snaps.append(
            Snapshot(
                day,
                since,
                str(s.get("announcement", "")),
                frozenset(name_key(c) for c in cards),
                tuple(cards),
            )
        )
    if [s.date for s in snaps] != sorted(s.date for s in snaps):
        raise ValueError("snapshots: must be in date order")
    return GameChangerList(start, tuple(snaps))


@lru_cache(maxsize=1)
def shipped_list() -> GameChangerList:
    path = resources_dir() / "mtg" / "game-changers.json"
    return parse_list(json.loads(path.read_text(encoding="utf-8")))


def _keys(card: Card) -> tuple[str, ...]:
    """The full name and the front face's (lists name Tergrid by either)."""
    key = name_key(card.name)
    faces = getattr(card, "face_names", ()) or ()
    front = name_key(faces[0]) if faces else key
    return (key,) if front == key else (key, front)


def flagged_by_source(card: Card) -> bool:
    extra = getattr(card, "extra", None) or {}
    return bool(extra.get("gameChanger"))


def is_game_changer(card: Card, day: date, gc_list: GameChangerList | None = None) -> bool:
    gc_list = gc_list or shipped_list()
    snap = gc_list.in_force(day)
    if snap is None:
        return False
    if any(k in snap.names for k in _keys(card)):
        return True
    return gc_list.trusts_source_flags(day) and flagged_by_source(card)


def list_key(day: date, gc_list: GameChangerList | None = None) -> str:
    """A cache key for the membership on `day` (the same on every day one snapshot applies)."""
    gc_list = gc_list or shipped_list()
    snap = gc_list.in_force(day)
    if snap is None:
        return "gc:none"
    return f"gc:{snap.date.isoformat()}:{int(gc_list.trusts_source_flags(day))}"


__all__ = [
    "GameChangerList",
    "Snapshot",
    "is_game_changer",
    "list_key",
    "parse_list",
    "shipped_list",
]
