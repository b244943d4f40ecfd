"""What decides each MTG format's card pool (issue 23): the legality key a card source uses for
it on the source's day, and whether its pool is its sets (`format_sets.py`) where no source speaks.

MTGJSON renamed two keys on the day MTG Arena renamed its formats (`RENAME_DAY`): before it,
`brawl` was the 60-card Standard Brawl and `historicbrawl` the 100-card Brawl; from it, `brawl` is
the 100-card format and `standardbrawl` the 60-card one. A source's statement is read with the key
of the source's own day.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict, Unpack

# MTG Arena's update of 2023-12-05 (Alchemy: Ixalan) renamed Historic Brawl to Brawl and Brawl to
# Standard Brawl; every source dated before it uses the old keys.
RENAME_DAY = "2023-12-05"
ETERNAL = ("vintage", "legacy", "commander")


@dataclass(frozen=True, slots=True)
class FormatRule:
    code: str
    title: str
    keys: tuple[tuple[str, str | None], ...]  # (from day, key) in day order; None: no key then
    by_sets: bool = False  # where no statement applies, the pool is the format's sets on the day
    rotating: bool = False  # sets leave it: a statement holds only until the next rotation
    digital: bool = False  # an MTG Arena format: digital-only and Alchemy cards may be in it
    also: tuple[str, ...] = ()  # keys of the same pool, asked when the source lacks the key
    sets_like: str | None = None  # the key whose sets stand in on a source day without the key
    lead_pool: str | None = None  # the pool a commander is taken from, when not the format's
    commons: bool = False  # only cards printed at common (judged where a source gives rarity)
    # Duel Commander: a source's "restricted" is its banned-as-commander list; set on the rule
    # the command zone is checked with (`legality.lead_rule`)
    restricted_bans_lead: bool = False
    # Pauper Commander: the commander is a creature printed at uncommon; set on the rule the
    # command zone is checked with (`legality.lead_rule`), judged by the shipped printings table
    uncommon_lead: bool = False

    @property
    def key(self) -> str:
        """The key of the newest sources."""
        return next((k for _day, k in reversed(self.keys) if k), self.code)


class _Options(TypedDict, total=False):
    """The FormatRule fields a table row may set (the rest keep their defaults)."""

    by_sets: bool
    rotating: bool
    digital: bool
    also: tuple[str, ...]
    sets_like: str | None
    lead_pool: str | None
    commons: bool


def _rule(code: str, title: str, key: str | None = None, **kw: Unpack[_Options]) -> FormatRule:
    return FormatRule(code, title, (("0000-01-01", key or code),), **kw)


class _Rotating(TypedDict):
    by_sets: bool
    rotating: bool


_ROTATING = _Rotating(by_sets=True, rotating=True)  # sets leave it
FORMAT_RULES: dict[str, FormatRule] = {
    r.code: r
    for r in (
        _rule("standard", "Standard", **_ROTATING),
        _rule("future", "Future Standard", **_ROTATING),
        _rule("pioneer", "Pioneer", by_sets=True),
        _rule("modern", "Modern", by_sets=True),
        _rule("legacy", "Legacy", also=ETERNAL),
        _rule("vintage", "Vintage", also=ETERNAL),
        _rule("pauper", "Pauper", commons=True),
        _rule("penny", "Penny Dreadful"),
        _rule("premodern", "Premodern", by_sets=True),
        _rule("oldschool", "Old School", by_sets=True),
        _rule("historic", "Historic", by_sets=True, digital=True),
        _rule(
            "timeless",
            "Timeless",
            by_sets=True,
            digital=True,
            also=("historic",),
            sets_like="historic",
        ),
        _rule("alchemy", "Alchemy", digital=True, **_ROTATING),
        # MTG Arena folded Explorer into Pioneer; sources that no longer know the key speak for
        # it through Pioneer's.
        _rule(
            "explorer",
            "Explorer",
            by_sets=True,
            digital=True,
            also=("pioneer",),
            sets_like="pioneer",
        ),
        _rule("gladiator", "Gladiator", by_sets=True, digital=True, sets_like="historic"),
        FormatRule(
            "brawl",
            "Brawl",
            (("0000-01-01", "historicbrawl"), (RENAME_DAY, "brawl")),
            by_sets=True,
            digital=True,
            sets_like="historic",
        ),
        FormatRule(
            "standardbrawl",
            "Standard Brawl",
            (("0000-01-01", "brawl"), (RENAME_DAY, "standardbrawl")),
            digital=True,
            sets_like="standard",
            **_ROTATING,
        ),
        _rule("commander", "Commander", also=ETERNAL),
        _rule("oathbreaker", "Oathbreaker", also=ETERNAL),
        _rule("duel", "Duel Commander", also=ETERNAL),
        _rule("predh", "PreDH", by_sets=True),
        _rule("paupercommander", "Pauper Commander", lead_pool="commander", commons=True),
    )
}


def key_on(code: str, day: str) -> str | None:
    """The legality key a source dated `day` (ISO) uses for the format, or None."""
    rule = FORMAT_RULES.get(code)
    if rule is None:
        return code if day else None
    key = None
    for since, k in rule.keys:
        if since <= day:
            key = k
    return key


__all__ = ["ETERNAL", "FORMAT_RULES", "RENAME_DAY", "FormatRule", "key_on"]
