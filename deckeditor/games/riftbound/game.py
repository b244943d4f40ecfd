"""Riftbound behind the game interface (`deckeditor.games.interface.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckeditor.deck import Deck, Printing
from deckeditor.games.interface import (
    CardViewBlock,
    Game,
    LeadAction,
    Predicate,
    SectionCount,
    Statistics,
)
from deckeditor.games.riftbound import card_view as _view
from deckeditor.games.riftbound import catalog as _catalog
from deckeditor.games.riftbound import exports as _exports
from deckeditor.games.riftbound import images as _images
from deckeditor.games.riftbound import leads as _leads
from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound import sections as _sections
from deckeditor.games.riftbound import statistics as _stats
from deckeditor.games.riftbound.card import Card
from deckeditor.games.riftbound.declaration import DECLARATION
from deckeditor.games.riftbound.rules import SECTIONS
from deckeditor.games.riftbound.search_help import HELP
from deckeditor.games.riftbound.symbols import SYMBOLS
from deckeditor.hand_rule import HandRule
from deckeditor.problems import Problem

CODE = "riftbound"
TITLE = "Riftbound"
CHECKED_SECTIONS = SECTIONS
SECTION_TITLES = dict(_sections.TITLES)
DEFAULT_FORMAT = DECLARATION.default_format
_ENERGY_TOP = 7


def check(deck: Deck, fmt_info: Any, day: Any, pool: Any) -> list[Problem]:
    """Every conformance problem of `riftbound.md` §3.3."""
    return rules.check(deck, fmt_info, day, pool)


def make_predicate(
    deck: Deck, fmt_info: Any, day: Any, pool: Any, target_section: str = "Main"
) -> Predicate:
    return rules.make_predicate(deck, fmt_info, day, pool, target_section)


def section_for(card: Card) -> str:
    """Where a catalog add puts the card (§3.1)."""
    return card.section


class RiftboundGame(Game):
    code = CODE
    title = TITLE
    new_deck_label = DECLARATION.new_deck_label
    default_format = DEFAULT_FORMAT
    sections = SECTIONS
    checked_sections = CHECKED_SECTIONS
    lead_section = "Legend"
    section_titles = SECTION_TITLES
    help = HELP
    exports = _exports.KINDS
    columns = _catalog.COLUMNS
    type_order = _stats.TYPE_ORDER
    symbol_table = SYMBOLS
    groupings = ("Type", "Energy", "Domain", "None")
    single_kind_sections = ("Legend", "Champion", "Runes", "Battlefields")
    # a 4-card opening hand; its mulligan sets aside up to 2 cards and draws as many
    # (docs/spec-notes.md, riftbound.md: the spec and the seed are silent on it)
    hand_rule = HandRule(4, "set_aside", 2)

    @property
    def SEARCH_FIELDS(self) -> tuple[str, ...]:  # noqa: N802 - built on first use (it registers the search keys)
        from deckeditor.games.riftbound.search_keys import SEARCH_FIELDS  # lazy: registers the keys

        return SEARCH_FIELDS

    def owns(self, card: Any) -> bool:
        return not getattr(card, "faces", None) and hasattr(card, "tags")

    def check(self, deck: Deck, fmt: Any, day: Any, pool: Any) -> list[Problem]:
        return check(deck, fmt, day, pool)

    def make_predicate(
        self, deck: Deck, fmt: Any, day: Any, pool: Any, target_section: str = "Main"
    ) -> Predicate:
        return make_predicate(deck, fmt, day, pool, target_section)

    # sections
    def section_counts(self, deck: Deck, fmt: Any, pool: Any = None) -> list[SectionCount]:
        return _sections.section_counts(deck, fmt)

    def count_summary(self, deck: Deck, fmt: Any, pool: Any = None) -> str:
        return _sections.count_summary(deck)

    def problem_section(self, problem: Problem, fmt: Any, pool: Any = None) -> str | None:
        return _sections.problem_section(problem)

    def section_for(self, card: Any, asked: str = "Main") -> str:
        # a catalog add aimed at Main goes to the section for the card's type (§3.1)
        return card.section if asked == "Main" and card is not None else asked

    # lead actions
    def lead_actions(
        self, deck: Deck, section: str, index: int, pool: Any, fmt: Any = None
    ) -> list[LeadAction]:
        return _leads.lead_actions(deck, section, index, pool)

    def catalog_lead_actions(
        self, deck: Deck, card: Any, pool: Any, fmt: Any, target: str
    ) -> list[LeadAction]:
        return _leads.catalog_actions(deck, card)

    def lead_refusal(self, card: Any) -> str | None:
        return _leads.refusal(card)

    def apply_lead_action(
        self,
        action: str,
        deck: Deck,
        section: str,
        index: int,
        pool: Any,
        colors: str | None = None,
    ) -> tuple[Deck, str]:
        return _leads.apply(action, deck, section, index, pool)

    # statistics
    def statistics(self, deck: Deck, pool: Any) -> Statistics:
        return _stats.statistics(deck, pool, self.primary_type)

    # card view
    def card_view(self, card: Any, deck: Deck | None = None) -> list[CardViewBlock]:
        return _view.card_view(card, deck)

    def attachable(self, card: Any, deck: Deck, pool: Any) -> list[str]:
        return _view.attachable(card, deck, pool)

    def attachment_view(self, card: Any, attached: Sequence[str], pool: Any) -> list[CardViewBlock]:
        return _view.attachment_view(card, attached, pool)

    # catalog and deck pane
    def catalog_row(self, card: Any) -> tuple[str, ...]:
        return _catalog.catalog_row(card)

    def type_line(self, card: Any) -> str:
        return _catalog.type_line(card)

    def sort_value(self, card: Any) -> float:
        return 99.0 if card is None or card.energy is None else float(card.energy)

    def cost_text(self, card: Any) -> str:
        return _catalog.cost_text(card)

    def cost_symbols(self, card: Any) -> tuple[str, ...]:
        return _catalog.cost_symbols(card)

    def group_of(self, card: Any, grouping: str) -> str:
        if grouping == "Type":
            return self.primary_type(card)
        if card is None:
            return "Unknown" if grouping != "None" else ""
        if grouping == "Energy":
            if card.energy is None:
                return "No energy cost"
            return (
                f"Energy {card.energy}" if card.energy < _ENERGY_TOP else f"Energy {_ENERGY_TOP}+"
            )
        if grouping == "Domain":
            return _catalog.domains_text(card) or "Colourless"
        return ""

    def group_rank(self, label: str) -> tuple[Any, ...]:
        order = _stats.TYPE_ORDER + ("Other", "Unknown")
        if label.startswith("Energy"):
            return (0, label)
        return (1, order.index(label) if label in order else 50, label)

    # printings and pictures
    images = _images

    def printing_choices(self, card: Any) -> list[Printing]:
        """The card's printings by card code."""
        return [Printing(code=p.code) for p in getattr(card, "printings", ()) or ()]


GAME = RiftboundGame()


def __getattr__(name: str) -> Any:
    # SEARCH_FIELDS is built lazily: importing the search keys registers them
    if name == "SEARCH_FIELDS":
        from deckeditor.games.riftbound.search_keys import SEARCH_FIELDS  # lazy: registers the keys

        return SEARCH_FIELDS
    raise AttributeError(name)
