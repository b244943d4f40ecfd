"""Riftbound deck sections with their targets (riftbound.md §3.1, §3.2; game interface): the
pane's headers "Legend 1/1", "Chosen Champion 1/1", "Main 40/40" (Main + Champion),
"Runes 12/12", "Battlefields 3/3", "Sideboard n/10" (competitive)."""

from __future__ import annotations

from typing import Any

from deckeditor.deck import Deck
from deckeditor.games.interface import SectionCount
from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound.rules import SECTIONS
from deckeditor.problems import Problem

TITLES = {s: rules.SECTION_TITLES.get(s, s) for s in SECTIONS}
MAIN_SIZE = 40


def _main_target(fmt: Any) -> tuple[int, int | None]:
    inner = getattr(fmt, "format", None)
    low = getattr(inner, "min_size", None) or MAIN_SIZE
    high = getattr(inner, "max_size", low) if inner is not None else low
    return low, high


def main_count(deck: Deck) -> int:
    """Main + Champion: the chosen champion is counted inside the main deck (CR 103.2.a)."""
    return deck.count(*rules.MAIN_SIZE_SECTIONS)


def section_counts(deck: Deck, fmt: Any) -> list[SectionCount]:
    competitive = fmt is None or rules.mode_of(fmt) == rules.COMPETITIVE
    low, high = _main_target(fmt)
    out = []
    for name in list(SECTIONS) + [n for n in deck.section_names() if n not in SECTIONS]:
        n = deck.section(name).total
        title = TITLES.get(name, name)
        if name in ("Legend", "Champion"):
            out.append(SectionCount(name, title, n, "1", n == 1))
        elif name == "Main":
            total = main_count(deck)
            target = str(low) if high == low else f"{low}+"
            out.append(
                SectionCount(
                    name, title, total, target, total >= low and (high is None or total <= high)
                )
            )
        elif name == "Runes":
            out.append(SectionCount(name, title, n, str(rules.RUNE_COUNT), n == rules.RUNE_COUNT))
        elif name == "Battlefields":
            out.append(
                SectionCount(
                    name, title, n, str(rules.BATTLEFIELD_COUNT), n == rules.BATTLEFIELD_COUNT
                )
            )
        elif name == "Sideboard" and competitive:
            out.append(
                SectionCount(name, title, n, str(rules.SIDEBOARD_MAX), n <= rules.SIDEBOARD_MAX)
            )
        else:
            out.append(SectionCount(name, title, n))
    return out


def problem_section(problem: Problem) -> str | None:
    """The window tags a problem with its section as the pane's header names it ("Chosen
    Champion", not the file's "Champion"); `check` prints the section itself (cli.md)."""
    return TITLES.get(problem.section, problem.section) if problem.section else problem.section


def count_summary(deck: Deck) -> str:
    """The status bar's count: the main deck as the rules count it, runes, battlefields."""
    return (
        f"Main {main_count(deck)} · Runes {deck.section('Runes').total}"
        f" · Battlefields {deck.section('Battlefields').total}"
        + (
            f" · Sideboard {deck.section('Sideboard').total}"
            if deck.section("Sideboard").total
            else ""
        )
    )
