"""The four MTG rule sets (`mtg-rules.md` §4) and who may lead a deck in each (§5.1, §5.2).

The rule set is chosen from the format: a built-in format names its variant in the format index;
a format given by path derives it from its code. Commander eligibility prefers engineer B's
`deckeditor.games.mtg.commander` when it exists; the local functions are the same rules, kept so
the checker works on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckeditor.names import name_key

COMMANDER, BRAWL, OATHBREAKER, CONSTRUCTED = "commander", "brawl", "oathbreaker", "constructed"
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


RULESETS = {
    COMMANDER: RuleSet(COMMANDER, True, ("Commander", "Main"), True, 0, 10),
    BRAWL: RuleSet(BRAWL, True, ("Commander", "Main"), True, 0, 15),
    OATHBREAKER: RuleSet(OATHBREAKER, True, ("Commander", "Main"), True, 0, 10),
    CONSTRUCTED: RuleSet(CONSTRUCTED, False, ("Main",), False, 0, 15),
}

_WORDS = re.compile(r"[-_.]")
_BY_WORD = {"commander": COMMANDER, "edh": COMMANDER, "brawl": BRAWL, "oathbreaker": OATHBREAKER}


def variant_of_code(code: str) -> str:
    """`pauper-commander` -> commander, `historic-brawl` -> brawl, `vintage` -> constructed."""
    for word in _WORDS.split(code.lower()):
        if word in _BY_WORD:
            return _BY_WORD[word]
    return CONSTRUCTED


def ruleset_for(fmt_info) -> RuleSet:
    """From a FormatInfo (its `variant`), or from anything with a `code`."""
    variant = getattr(fmt_info, "variant", None)
    if variant not in RULESETS:
        code = getattr(fmt_info, "code", None) or getattr(getattr(fmt_info, "format", None), "code", "")
        variant = variant_of_code(code or "")
    return RULESETS[variant]


# --- eligibility (front face only, §5.1) ---------------------------------------------------------

try:  # engineer B's module is the shared answer (search's is:commander uses it too)
    from deckeditor.games.mtg import commander as _shared
except ImportError:  # pragma: no cover - the local rules below are the same
    _shared = None


def _front(card):
    return card.faces[0]


def is_legendary(card) -> bool:
    return "Legendary" in _front(card).supertypes


def is_background(card) -> bool:
    return card.partner.is_background or "Background" in _front(card).subtypes


def is_doctor(card) -> bool:
    f = _front(card)
    return card.partner.is_doctor or (
        "Legendary" in f.supertypes
        and "Creature" in f.types
        and sorted(s.casefold() for s in f.subtypes) == ["doctor", "time lord"]
    )


def can_lead(card, ruleset: str = COMMANDER) -> bool:
    """Eligible to be a commander on its own (a Background is not: it needs a partner).

    Kept local: a Background that is also a legendary creature (Faceless One) leads on its own,
    which `commander.can_be_commander` refuses (reported to its owner).
    """
    f = _front(card)
    if card.commander_text:
        return True
    if "Legendary" not in f.supertypes:
        return False
    if "Creature" in f.types or card.creature_in_command_zone or "Vehicle" in f.subtypes:
        return True
    if "Spacecraft" in f.subtypes and f.power is not None and f.toughness is not None:
        return True
    return ruleset == BRAWL and "Planeswalker" in f.types


def can_be_oathbreaker(card) -> bool:
    return "Planeswalker" in _front(card).types or card.commander_text


def can_be_signature_spell(card) -> bool:
    types = _front(card).types
    return "Instant" in types or "Sorcery" in types


def partner_capable(card) -> bool:
    return card.partner.capable or is_background(card) or is_doctor(card)


def can_partner(a, b) -> bool:
    """§5.2: two different cards that may lead together."""
    if _shared is not None:
        return _shared.can_partner(a, b)
    return _can_partner_local(a, b)


def _can_partner_local(a, b) -> bool:
    if a.name == b.name:
        return False
    pa, pb = a.partner, b.partner
    if pa.plain and pb.plain:
        return True
    if pa.with_names and pb.with_names:
        a_names = {name_key(n) for n in pa.with_names}
        b_names = {name_key(n) for n in pb.with_names}
        if _names_hit(b, a_names) and _names_hit(a, b_names):
            return True
    if pa.types and pb.types and {t.casefold() for t in pa.types} & {t.casefold() for t in pb.types}:
        return True
    if (pa.choose_background and is_background(b)) or (pb.choose_background and is_background(a)):
        return True
    if (pa.doctors_companion and is_doctor(b)) or (pb.doctors_companion and is_doctor(a)):
        return True
    return False


def _names_hit(card, keys: set[str]) -> bool:
    return name_key(card.name) in keys or name_key(card.faces[0].name) in keys
