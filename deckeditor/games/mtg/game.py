"""Magic: The Gathering behind the game interface of `deckeditor.games.registry`."""

from __future__ import annotations

from deckeditor.deck import MTG_SECTIONS
from deckeditor.games.mtg import conformance, predicate
from deckeditor.games.mtg.approval import try_approve, would_approve  # noqa: F401 (interface)
from deckeditor.games.mtg.rulesets import CHECKED_SECTIONS as _CHECKED

CODE = "mtg"
TITLE = "Magic: The Gathering"
SECTIONS = MTG_SECTIONS
CHECKED_SECTIONS = _CHECKED
DEFAULT_FORMAT = "commander"
SEARCH_FIELDS = None  # filled by the search package


def check(deck, fmt_info, day, pool):
    """Every conformance problem of `mtg-rules.md` §10, in the contract order."""
    return conformance.check(deck, fmt_info, day, pool)


def make_predicate(deck, fmt_info, day, pool, target_section="Main"):
    """The catalog legality predicate of `mtg-rules.md` §11."""
    return predicate.make_predicate(deck, fmt_info, day, pool, target_section)
