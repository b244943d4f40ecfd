"""Riftbound behind the game interface of `deckeditor.games.registry`."""

from __future__ import annotations

from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound.rules import SECTIONS

CODE = "riftbound"
TITLE = "Riftbound"
CHECKED_SECTIONS = SECTIONS
SECTION_TITLES = {s: rules.SECTION_TITLES.get(s, s) for s in SECTIONS}
DEFAULT_FORMAT = "riftbound"


def check(deck, fmt_info, day, pool):
    """Every conformance problem of `riftbound.md` §3.3."""
    return rules.check(deck, fmt_info, day, pool)


def make_predicate(deck, fmt_info, day, pool, target_section="Main"):
    return rules.make_predicate(deck, fmt_info, day, pool, target_section)


def section_for(card) -> str:
    """Where a catalog add puts the card (§3.1)."""
    return card.section


def __getattr__(name):
    # SEARCH_FIELDS is built lazily: the search package is written in parallel
    if name == "SEARCH_FIELDS":
        from deckeditor.games.riftbound.search_keys import SEARCH_FIELDS

        return SEARCH_FIELDS
    raise AttributeError(name)
