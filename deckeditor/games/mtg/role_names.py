"""The deck roles' names, titles, searches and the Commander template (`games.mtg.roles` reads
the roles; these are apart so the game can name them without compiling the recognisers at start).
"""

from __future__ import annotations

from deckeditor.games.mtg.rulesets import FormatLike, ruleset_for

RAMP, DRAW, REMOVAL, BOARDWIPE, COUNTERSPELL, TUTOR, PROTECTION, RECURSION, LAND = (
    "ramp", "draw", "removal", "boardwipe", "counterspell", "tutor", "protection", "recursion", "land",
)  # fmt: skip
ROLES: tuple[str, ...] = (
    RAMP,
    DRAW,
    REMOVAL,
    BOARDWIPE,
    COUNTERSPELL,
    TUTOR,
    PROTECTION,
    RECURSION,
    LAND,
)
# one word each: Moxfield's #tags end at a space
TITLES = {
    RAMP: "Ramp", DRAW: "Draw", REMOVAL: "Removal", BOARDWIPE: "Boardwipes",
    COUNTERSPELL: "Counterspells", TUTOR: "Tutors", PROTECTION: "Protection",
    RECURSION: "Recursion", LAND: "Lands",
}  # fmt: skip
BIT = {role: 1 << i for i, role in enumerate(ROLES)}
# the catalog search that lists a role's cards (a land is its type line)
QUERIES = {role: ("t:land" if role == LAND else f"otag:{role}") for role in ROLES}
# The common Commander template ("10 ramp, 10 draw, 10 removal, 3 board wipes, 37 lands")
COMMANDER_TEMPLATE = {
    TITLES[RAMP]: 10,
    TITLES[DRAW]: 10,
    TITLES[REMOVAL]: 10,
    TITLES[BOARDWIPE]: 3,
    TITLES[LAND]: 37,
}


def default_template(fmt: FormatLike | None) -> dict[str, int]:
    """The Commander template for a format with a command zone and a 100-card deck; {} for the
    others (a 60-card deck has no common template)."""
    if fmt is None:
        return {}
    try:
        ruleset = ruleset_for(fmt)
    except (TypeError, AttributeError, ValueError, KeyError):
        return {}
    if not getattr(ruleset, "command_zone", False):
        return {}
    minimum = getattr(getattr(fmt, "format", fmt), "min_size", None)
    if isinstance(minimum, int) and minimum < 90:
        return {}
    return dict(COMMANDER_TEMPLATE)
