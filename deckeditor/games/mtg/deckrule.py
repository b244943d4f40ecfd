"""`DeckRule:` lines (`mtg-rules.md` §3): parsing into rule objects.

A line is `Class:Key$ Value | Key$ Value ...`. The legacy Rulebreaker syntax (`Exempt$ Type:...`,
`AllowedAdditionalColor$ 1:Type:...`, `Affected$ Name:CARDNAME`) and the merged syntax give equal
rule objects: the raw text and the carrying face are kept beside them but never compared. The
branch lists a rule names (`Exempt$`, `Affected$`) are `deckeditor.games.mtg.branches`.

Parsing never raises: anything it cannot use becomes a warning on the rule (`DeckRule.warnings`),
and `summarize_warnings` folds those into one line per class or `class.key` for an import report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypedDict

from deckeditor.games.mtg.branches import NAMED_MARK, NOTHING, BranchList, parse_branch_list
from deckeditor.games.mtg.card import Card, DeckRuleLine

# Sections a rule may name in ActiveSection$ (§3.1); matched case-insensitively.
RULE_SECTIONS = ("Commander", "Companion", "Main", "Sideboard")
_SECTION_BY_KEY = {s.casefold(): s for s in RULE_SECTIONS}
CHECKED = frozenset(RULE_SECTIONS)

_NAME_PREFIX = re.compile(r"\s*name\s*:", re.IGNORECASE)
_BUDGET = re.compile(r"\s*(\d+)\s*(?::\s*(.*))?", re.DOTALL)
_SPACES = re.compile(r"\s+")

# --- rules -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckRule:
    """Common part: the class, where it is active and its description."""

    cls: str
    active_section: str | None = None  # canonical name; None = absent
    active_invalid: bool = False  # an unknown section name: the rule never applies
    description: str | None = None
    params: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    raw: str = field(default="", compare=False)
    face: str = field(default="", compare=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def active_in(self, section: str) -> bool:
        """§3.1: the named section, else Commander (Copies: any checked section)."""
        if self.active_invalid:
            return False
        if self.active_section is None:
            return section == "Commander"
        return section == self.active_section

    def description_text(self, card_name: str) -> str | None:
        return self.description.replace(NAMED_MARK, card_name) if self.description else None


@dataclass(frozen=True, slots=True)
class ColorIdentityRule(DeckRule):
    exempt: BranchList = NOTHING
    disable: bool = False
    additional: int = 0  # AllowedAdditionalColor$ budget
    additional_types: BranchList = NOTHING


@dataclass(frozen=True, slots=True)
class SizeRule(DeckRule):
    unlimited: bool = False
    adjust: int = 0


@dataclass(frozen=True, slots=True)
class CopiesRule(DeckRule):
    limit: int | None = None  # None: malformed or missing, the rule is inert
    affected: BranchList = NOTHING

    def active_in(self, section: str) -> bool:
        if self.active_invalid:
            return False
        if self.active_section is None:
            return section in CHECKED
        return section == self.active_section


@dataclass(frozen=True, slots=True)
class UnknownRule(DeckRule):
    """A class we do not support: kept on the card, ignored by every check."""


# The spec's class names (§3.2), for callers that speak them.
ColorIdentity = ColorIdentityRule
Size = SizeRule
Copies = CopiesRule

_KNOWN_KEYS = {
    "ColorIdentity": {"Exempt", "Disable", "AllowedAdditionalColor", "AllowedAdditionalColorType"},
    "Size": {"AdjustMax"},
    "Copies": {"Limit", "Affected"},
}
_COMMON_KEYS = {"ActiveSection", "Description"}


def _split_params(params: str, warnings: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    pieces = params.split("|")
    for piece in pieces:
        if not piece.strip():
            if len(pieces) > 1:
                warnings.append("an empty piece between '|' is ignored")
            continue
        if "$" not in piece:
            warnings.append(f"piece {piece.strip()!r} has no '$'")
            continue
        key, _, value = piece.partition("$")
        key, value = key.strip(), value.strip()
        if not key:
            warnings.append(f"piece {piece.strip()!r} has no key")
            continue
        if key in out:
            warnings.append(f"{key}: repeated key, the last value is kept")
        out[key] = value
    return out


class _Common(TypedDict):
    """The fields every rule class shares, read before the class decides the rest."""

    cls: str
    active_section: str | None
    active_invalid: bool
    description: str | None
    params: tuple[tuple[str, str], ...]
    raw: str
    face: str


def parse_rule(text: str, face: str = "") -> DeckRule:
    """One line (with or without the `DeckRule:` prefix) into a rule object; never raises."""
    raw = text
    body = text.strip()
    if body[:9].casefold() == "deckrule:":
        body = body[9:]
    cls, _, params = body.partition(":")
    cls = cls.strip()
    warnings: list[str] = []
    values = _split_params(params, warnings)
    active, invalid = None, False
    if "ActiveSection" in values:
        active = _SECTION_BY_KEY.get(values["ActiveSection"].strip().casefold())
        if active is None:
            invalid = True
            warnings.append(f"ActiveSection: unknown section {values['ActiveSection']!r}")
    common = _Common(
        cls=cls,
        active_section=active,
        active_invalid=invalid,
        description=values.get("Description"),
        params=tuple(values.items()),
        raw=raw,
        face=face,
    )
    known = _KNOWN_KEYS.get(cls)
    if known is None:
        warnings.append(f"unknown class {cls!r}")
        return UnknownRule(**common, warnings=tuple(warnings))
    for key in values:
        if key not in known and key not in _COMMON_KEYS:
            warnings.append(f"{cls}.{key}: unknown key")
    rule: DeckRule
    if cls == "ColorIdentity":
        rule = _color_identity(values, face, warnings, common)
    elif cls == "Size":
        rule = _size(values, warnings, common)
    else:
        rule = _copies(values, face, warnings, common)
    return rule


def _color_identity(
    values: dict[str, str], face: str, warnings: list[str], common: _Common
) -> ColorIdentityRule:
    exempt = NOTHING
    if "Exempt" in values:
        exempt = parse_branch_list(values["Exempt"], face, warnings)
    disable = values.get("Disable", "").strip().casefold() == "true"
    additional, types_text = 0, None
    if "AllowedAdditionalColor" in values:
        m = _BUDGET.fullmatch(values["AllowedAdditionalColor"])
        if m is None or int(m.group(1)) > 5:
            warnings.append(
                f"ColorIdentity.AllowedAdditionalColor: malformed value "
                f"{values['AllowedAdditionalColor']!r}"
            )
        else:
            additional = int(m.group(1))
            types_text = m.group(2)
    if "AllowedAdditionalColorType" in values:
        if types_text is not None and types_text.strip():
            warnings.append(
                "ColorIdentity.AllowedAdditionalColorType: given twice, the explicit key wins"
            )
        types_text = values["AllowedAdditionalColorType"]
    add_types = NOTHING
    if types_text is not None and types_text.strip():
        add_types = parse_branch_list(types_text, face, warnings)
    elif additional:
        warnings.append(
            "ColorIdentity.AllowedAdditionalColorType: missing, the budget serves no card"
        )
    return ColorIdentityRule(
        **common,
        warnings=tuple(warnings),
        exempt=exempt,
        disable=disable,
        additional=additional,
        additional_types=add_types,
    )


def _size(values: dict[str, str], warnings: list[str], common: _Common) -> SizeRule:
    unlimited, adjust = False, 0
    if "AdjustMax" in values:
        v = values["AdjustMax"].strip()
        if v.casefold() == "unlimited":
            unlimited = True
        elif re.fullmatch(r"[+-]?\d+", v):
            adjust = int(v)
        else:
            warnings.append(f"Size.AdjustMax: malformed value {v!r}")
    return SizeRule(**common, warnings=tuple(warnings), unlimited=unlimited, adjust=adjust)


def _copies(values: dict[str, str], face: str, warnings: list[str], common: _Common) -> CopiesRule:
    limit: int | None = None
    v = values.get("Limit")
    if v is None:
        warnings.append("Copies.Limit: missing, the rule is inert")
    elif v.strip().casefold() == "unlimited":
        limit = 999
    elif re.fullmatch(r"\d+", v.strip()) and int(v) <= 999:
        limit = int(v)
    else:
        warnings.append(f"Copies.Limit: malformed value {v!r}, the rule is inert")
    affected_text = values.get("Affected")
    if affected_text is None or not affected_text.strip():
        affected_text = "named" + NAMED_MARK
    elif _NAME_PREFIX.match(affected_text):  # legacy `Name:CARDNAME`
        affected_text = "named" + _NAME_PREFIX.sub("", affected_text, count=1).strip()
    affected = parse_branch_list(affected_text, face, warnings)
    return CopiesRule(**common, warnings=tuple(warnings), limit=limit, affected=affected)


# --- a card's rules ------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def _rules_of_lines(lines: tuple[DeckRuleLine, ...]) -> tuple[DeckRule, ...]:
    return tuple(parse_rule(line.text, line.face) for line in lines)


def rules_of(card: Card) -> tuple[DeckRule, ...]:
    """The parsed rules of every face, memoised by the raw lines (equal lines share objects).
    Another game's card (no `deck_rule_lines`) has none."""
    lines: tuple[DeckRuleLine, ...] = getattr(card, "deck_rule_lines", ())
    return _rules_of_lines(tuple(lines)) if lines else ()


@dataclass(frozen=True, slots=True)
class RuleWarning:
    key: str  # class, or class.key
    cards: int
    examples: tuple[str, ...]
    message: str


def _warning_key(rule: DeckRule, warning: str) -> str:
    m = re.match(r"([A-Za-z]+)\.([A-Za-z]+):", warning)
    if m:
        return f"{m.group(1)}.{m.group(2)}"
    if warning.startswith("unknown class"):
        return rule.cls
    if warning.startswith("ActiveSection"):
        return f"{rule.cls}.ActiveSection"
    return rule.cls


def summarize_warnings(cards: Iterable[Card]) -> list[RuleWarning]:
    """One warning per distinct class or `class.key` across an import (§3.2)."""
    seen: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    for card in cards:
        for rule in rules_of(card):
            for w in rule.warnings:
                key = _warning_key(rule, w)
                names = seen.setdefault(key, [])
                texts.setdefault(key, w)
                if not names or names[-1] != card.name:
                    names.append(card.name)
    out = []
    for key in sorted(seen):
        names = list(dict.fromkeys(seen[key]))
        examples = tuple(names[:3])
        msg = (
            f"DeckRule {key}: not supported or malformed on {len(names)} card"
            f"{'s' if len(names) != 1 else ''} (e.g. {', '.join(examples)}); {texts[key]}"
        )
        out.append(RuleWarning(key, len(names), examples, msg))
    return out


def _collapse(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def shown_descriptions(card: Card) -> list[str]:
    """§3.1: the card view's extra lines — each rule's `Description$` with CARDNAME replaced,
    unless the Oracle text already says it (compared with runs of whitespace collapsed, since
    Forge's scripts put two spaces after the dash, and case-folded, since Hadran's script says
    "your commander" where its Oracle text says "your Commander")."""
    oracle = _collapse(" ".join(f.oracle_text for f in card.faces)).casefold()
    out: list[str] = []
    for rule in rules_of(card):
        text = rule.description_text(rule.face or card.name)
        if text and _collapse(text).casefold() not in oracle and text not in out:
            out.append(text)
    return out
