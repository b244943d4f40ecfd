"""MTG deck sections with their targets (game interface): what the deck pane's headers show,
from the format's sizes and the rule set (mtg-rules.md §4): "Commander 1/1 or 2",
"Main 99/99", "Sideboard 3/10"."""

from __future__ import annotations

from typing import Any

from deckeditor.deck import MTG_SECTIONS, Deck
from deckeditor.games.interface import SectionCount
from deckeditor.games.mtg.rulesets import OATHBREAKER, ruleset_for

SECTIONS = MTG_SECTIONS


def _sizes(fmt: Any) -> tuple[int | None, int | None]:
    inner = getattr(fmt, "format", None)
    return getattr(inner, "min_size", None), getattr(inner, "max_size", None)


def _size_target(low: int | None, high: int | None) -> str:
    if low is None:
        return ""
    if high == low:
        return str(low)
    if high is None:
        return f"{low}+"
    return f"{low}–{high}"


def section_counts(deck: Deck, fmt: Any) -> list[SectionCount]:
    names = list(SECTIONS) + [n for n in deck.section_names() if n not in SECTIONS]
    out = []
    ruleset = ruleset_for(fmt) if fmt is not None else None
    low, high = _sizes(fmt)
    leads = deck.section("Commander").total
    for name in names:
        n = deck.section(name).total
        target, ok = "", True
        if ruleset is not None and name == "Commander" and ruleset.command_zone:
            if ruleset.code == OATHBREAKER:
                target, ok = "2", n == 2  # the oathbreaker and its signature spell
            else:
                target, ok = "1 or 2", n in (1, 2)
        elif ruleset is not None and name == "Main":
            counted_elsewhere = leads if "Commander" in ruleset.counted else 0
            lo = None if low is None else max(0, low - counted_elsewhere)
            hi = None if high is None else max(0, high - counted_elsewhere)
            target = _size_target(lo, hi)
            ok = (lo is None or n >= lo) and (hi is None or n <= hi)
        elif ruleset is not None and name == "Sideboard" and n:
            target, ok = str(ruleset.sideboard_max), n <= ruleset.sideboard_max
        title = name
        if ruleset is not None and name == "Commander" and ruleset.code == OATHBREAKER:
            title = "Oathbreaker + signature spell"  # the two slots of the command zone
        out.append(SectionCount(name, title, n, target, ok))
    return out
