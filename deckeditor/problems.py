"""What every checker returns: problems with a kind, a severity, a section and the cards behind it.

The kinds and their order are the contract of `specs/cli.md`; `message` is for people.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


class ProblemKind(str, Enum):
    # MTG, in the report order of mtg-rules.md §10
    UNKNOWN_CARD = "UNKNOWN_CARD"
    # Riftbound: a section the game does not have; the window (never `check`): a section of the
    # game the format leaves out that holds cards (a Commander deck switched to Vintage)
    UNKNOWN_SECTION = "UNKNOWN_SECTION"
    MISSING_COMMANDER = "MISSING_COMMANDER"
    TOO_MANY_COMMANDERS = "TOO_MANY_COMMANDERS"
    ILLEGAL_COMMANDER = "ILLEGAL_COMMANDER"
    ILLEGAL_PARTNERSHIP = "ILLEGAL_PARTNERSHIP"
    ADDITIONAL_COLOR_CHOICE = "ADDITIONAL_COLOR_CHOICE"
    COLOR_IDENTITY = "COLOR_IDENTITY"
    # Riftbound-only kinds (riftbound.md orders them among the shared ones)
    MISSING_LEGEND = "MISSING_LEGEND"
    CHOSEN_CHAMPION = "CHOSEN_CHAMPION"
    DOMAIN_IDENTITY = "DOMAIN_IDENTITY"
    SIGNATURE_LIMIT = "SIGNATURE_LIMIT"
    RUNE_DECK = "RUNE_DECK"
    BATTLEFIELDS = "BATTLEFIELDS"
    # shared tail
    DECK_TOO_SMALL = "DECK_TOO_SMALL"
    DECK_TOO_LARGE = "DECK_TOO_LARGE"
    BANNED = "BANNED"
    NOT_IN_FORMAT = "NOT_IN_FORMAT"
    RESTRICTED = "RESTRICTED"
    TOO_MANY_COPIES = "TOO_MANY_COPIES"
    SIDEBOARD_SIZE = "SIDEBOARD_SIZE"
    # Commander Brackets: always a warning (brackets are guidelines)
    BRACKET = "BRACKET"
    # a category under the deck's template target ("Ramp 8/10"): always a warning
    CATEGORY_TARGET = "CATEGORY_TARGET"


@dataclass(frozen=True, slots=True)
class Problem:
    kind: ProblemKind
    severity: Severity
    section: str | None
    cards: tuple[str, ...]
    message: str
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def make(
        cls,
        kind: ProblemKind,
        section: str | None,
        cards: Iterable[str],
        message: str,
        severity: Severity = Severity.ERROR,
    ) -> Problem:
        """Cards are sorted (plain string order) and listed once each, as `cli.md` asks."""
        unique = sorted(set(cards))
        return cls(kind, severity, section, tuple(unique), message)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "severity": self.severity.value,
            "section": self.section,
            "cards": list(self.cards),
            "message": self.message,
        }
