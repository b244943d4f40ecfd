"""The four MTG rule sets (`mtg-rules.md` §4) and who may lead a deck in each (§5.1, §5.2).

The rule set is chosen from the format: a built-in format names its variant in the format index;
a format given by path derives it from its code. Eligibility and pairs live in
`deckeditor.games.mtg.commander`, the one answer the checker, the predicate and search share.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeAlias

from deckeditor.format_catalog import FormatInfo, variant_of_code
from deckeditor.formats import Format
from deckeditor.games.mtg import commander as _commander
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.commander import (
    can_be_oathbreaker,
    can_be_signature_spell,
    can_partner,
    is_background,
    partner_capable,
)

# What the rules engine is given as "the format": a loaded FormatInfo (its variant, sideboard and
# Format), or a bare Format (its code names the rule set).
FormatLike: TypeAlias = FormatInfo | Format

COMMANDER, BRAWL, OATHBREAKER, CONSTRUCTED = "commander", "brawl", "oathbreaker", "constructed"
PAUPERCOMMANDER = "paupercommander"
CHECKED_SECTIONS = ("Commander", "Companion", "Main", "Sideboard")
SECTION_ORDER = {name: i for i, name in enumerate(CHECKED_SECTIONS)}


@dataclass(frozen=True, slots=True)
class RuleSet:
    code: str
    command_zone: bool
    counted: tuple[str, ...]  # sections whose cards make the deck size
    identity: bool
    sideboard_min: int
    sideboard_max: int

    @property
    def has_commanders(self) -> bool:
        return self.command_zone

    @property
    def checked_sections(self) -> tuple[str, ...]:
        """§4: a rule set without a command zone ignores the Commander section altogether."""
        return CHECKED_SECTIONS if self.command_zone else CHECKED_SECTIONS[1:]


RULESETS = {
    COMMANDER: RuleSet(COMMANDER, True, ("Commander", "Main"), True, 0, 10),
    BRAWL: RuleSet(BRAWL, True, ("Commander", "Main"), True, 0, 15),
    OATHBREAKER: RuleSet(OATHBREAKER, True, ("Commander", "Main"), True, 0, 10),
    CONSTRUCTED: RuleSet(CONSTRUCTED, False, ("Main",), False, 0, 15),
    # Pauper Commander: the commander rule set, led by a creature printed at uncommon.
    PAUPERCOMMANDER: RuleSet(PAUPERCOMMANDER, True, ("Commander", "Main"), True, 0, 10),
}


def ruleset_for(fmt_info: FormatLike | None) -> RuleSet:
    """From a FormatInfo (its `variant`), or from anything with a `code`."""
    variant = getattr(fmt_info, "variant", None)
    if variant not in RULESETS:
        code = getattr(fmt_info, "code", None) or getattr(
            getattr(fmt_info, "format", None), "code", ""
        )
        variant = variant_of_code(code or "")
    rs = RULESETS.get(variant, RULESETS[CONSTRUCTED])
    board = getattr(fmt_info, "sideboard", None)
    if isinstance(board, int) and board != rs.sideboard_max:
        # The format's own sideboard (Gladiator: none) over its rule set's default.
        rs = replace(rs, sideboard_min=min(rs.sideboard_min, board), sideboard_max=board)
    return rs


# --- eligibility (front face only, §5.1): one answer, shared with search's is:commander ---------


def can_lead(card: Card, ruleset: str = COMMANDER) -> bool:
    """Eligible to lead on its own under the commander or brawl test (a lone Background
    enchantment is not: it needs a Choose a Background partner). Oathbreakers and signature
    spells have their own tests above."""
    return _commander.can_be_commander(
        card, ruleset if ruleset in (BRAWL, PAUPERCOMMANDER) else COMMANDER
    )


def format_of(fmt_info: FormatLike) -> Format:
    """A FormatInfo's Format, or the Format itself."""
    return fmt_info.format if isinstance(fmt_info, FormatInfo) else fmt_info


__all__ = [
    "BRAWL",
    "CHECKED_SECTIONS",
    "COMMANDER",
    "CONSTRUCTED",
    "OATHBREAKER",
    "PAUPERCOMMANDER",
    "RULESETS",
    "SECTION_ORDER",
    "FormatLike",
    "RuleSet",
    "can_be_oathbreaker",
    "can_be_signature_spell",
    "can_lead",
    "can_partner",
    "format_of",
    "is_background",
    "partner_capable",
    "ruleset_for",
]
