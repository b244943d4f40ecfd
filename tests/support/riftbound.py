"""Shared helpers for the Riftbound tests: the real gallery pool, the vector decks, the formats."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from deckeditor.carddb.pool import CardPool
from deckeditor.formats import Format, TabooList

SNAPSHOTS = [
    ("2026-04-29", ["fight-or-flight", "reaver-s-row", "scrapheap"]),
    ("2026-07-16", ["called-shot", "draven-vanquisher", "obelisk-of-power", "the-dreaming-tree"]),
    ("2026-07-24", ["aspirant-s-climb", "stealthy-pursuer", "the-arena-s-greatest"]),
]


def spec_taboo_lists() -> list[TabooList]:
    """The three complete snapshots of riftbound.md §3.4."""
    out, banned = [], []
    for code, added in SNAPSHOTS:
        banned = banned + added
        out.append(TabooList(code, date.fromisoformat(code), banned=tuple(banned)))
    return out


@dataclass(frozen=True)
class FakeInfo:
    """A FormatInfo stand-in (code, game, variant, format, path, title, mode)."""

    code: str
    format: Format
    mode: str
    game: str = "riftbound"
    variant: str = "riftbound"
    path: object = None
    title: str = ""


def format_info(code: str = "riftbound"):
    """The built-in format through the format catalog when it has landed, else built per spec."""
    try:
        from deckeditor.format_catalog import load_format

        return load_format(code)
    except Exception:  # noqa: BLE001 - catalog or file not there yet
        pass
    casual = code == "riftbound-casual"
    fmt = Format(
        code,
        "Riftbound casual" if casual else "Riftbound",
        min_size=40,
        max_size=None if casual else 40,
        copies=3,
        taboo_lists=spec_taboo_lists(),
    )
    return FakeInfo(code, fmt, "casual" if casual else "competitive")


@lru_cache(maxsize=1)
def gallery_result(path: str):
    from deckeditor.games.riftbound.gallery import load_gallery

    return load_gallery(path)


def gallery_pool(path) -> CardPool:
    return CardPool("riftbound", gallery_result(str(path)).cards)


def vectors(path) -> dict:
    return {v["name"]: v for v in json.loads(open(path, encoding="utf-8").read())["vectors"]}


def real_pool() -> CardPool:
    """The reference gallery's pool (`../shared/data/riftbound/cards.json`)."""
    from tests.conftest import shared_data

    return gallery_pool(shared_data("riftbound", "cards.json"))


def vector_deck(name: str, pool):
    """A deck-code vector (`ex1`, `ex2`, `ex3`) imported against the pool (riftbound.md §4.6)."""
    from deckeditor.games.riftbound.deckcode import decode_to_deck
    from tests.conftest import shared_data

    return decode_to_deck(
        vectors(shared_data("riftbound", "deckcode-test-vectors.json"))[name]["code"], pool
    )
