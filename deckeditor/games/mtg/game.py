"""Magic: The Gathering behind the game interface (`deckeditor.games.interface.Game`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from functools import cache
from types import ModuleType
from typing import Any

from deckeditor.deck import Deck, Printing
from deckeditor.games.categories import template_problems
from deckeditor.games.interface import (
    CardViewBlock,
    ChoiceOption,
    ColorBudget,
    DeckTarget,
    Game,
    LeadAction,
    Role,
    SectionCount,
    Statistics,
    Symbol,
)
from deckeditor.games.mtg import brackets as _brackets
from deckeditor.games.mtg import card_view as _view
from deckeditor.games.mtg import catalog as _catalog
from deckeditor.games.mtg import choices as _choices
from deckeditor.games.mtg import conformance, predicate
from deckeditor.games.mtg import exports as _exports
from deckeditor.games.mtg import images as _images
from deckeditor.games.mtg import leads as _leads
from deckeditor.games.mtg import role_names as _roles
from deckeditor.games.mtg import sections as _sections
from deckeditor.games.mtg import statistics as _stats
from deckeditor.games.mtg import symbols as _symbols
from deckeditor.games.mtg.approval import try_approve, would_approve  # noqa: F401 (interface)
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.declaration import DECLARATION
from deckeditor.games.mtg.predicate import Predicate
from deckeditor.games.mtg.rulesets import CHECKED_SECTIONS as _CHECKED
from deckeditor.games.mtg.rulesets import FormatLike
from deckeditor.games.mtg.rulesets import ruleset_for as _ruleset_for
from deckeditor.games.mtg.search_help import HELP
from deckeditor.games.mtg.set_table import describe, facts
from deckeditor.problems import Problem

CODE = "mtg"
_ROLES_OF_MASK: dict[int, tuple[str, ...]] = {}  # a role mask -> its roles, in ROLES order


@cache
def _role_table() -> ModuleType:
    """`games.mtg.role_table`, imported on first use (it reads the card database with sqlite3;
    its recognisers load on demand) and then kept: an import statement in `card_roles` went
    through PySide's import hook once a line, ~100 times an edit."""
    from deckeditor.games.mtg import role_table  # lazy: sqlite3, the recognisers

    return role_table


TITLE = "Magic: The Gathering"
SECTIONS = DECLARATION.sections
CHECKED_SECTIONS = _CHECKED
DEFAULT_FORMAT = DECLARATION.default_format
SEARCH_FIELDS = None  # filled by the search package
_APPROVING_SECTIONS = ("Main", "Sideboard", "Companion")


def check(deck: Deck, fmt_info: FormatLike, day: date, pool: Pool) -> list[Problem]:
    """Every conformance problem of `mtg-rules.md` §10, in the contract order."""
    return conformance.check(deck, fmt_info, day, pool)


def make_predicate(
    deck: Deck, fmt_info: FormatLike, day: date, pool: Pool, target_section: str = "Main"
) -> Predicate:
    """The catalog legality predicate of `mtg-rules.md` §11."""
    return predicate.make_predicate(deck, fmt_info, day, pool, target_section)


class MtgGame(Game):
    code = CODE
    title = TITLE
    new_deck_label = DECLARATION.new_deck_label
    default_format = DEFAULT_FORMAT
    sections = SECTIONS
    checked_sections = CHECKED_SECTIONS
    lead_section = "Commander"
    side_sections = ("Sideboard", "Maybeboard")
    main_after_sections = ("Companion",)  # one companion: then the deck's cards
    catalog_lead_label = "Add as &partner"
    help = HELP
    exports = _exports.KINDS
    columns = _catalog.COLUMNS
    type_order = _stats.TYPE_ORDER
    groupings = ("Type", "Mana value", "Category", "None")
    choice_problem_kinds = frozenset({"ADDITIONAL_COLOR_CHOICE"})

    def owns(self, card: Any) -> bool:
        return bool(getattr(card, "faces", None))

    def make_predicate(
        self, deck: Deck, fmt: FormatLike, day: date, pool: Pool, target_section: str = "Main"
    ) -> Predicate:
        return make_predicate(deck, fmt, day, pool, target_section)

    roles = tuple(Role(k, _roles.TITLES[k], _roles.QUERIES[k]) for k in _roles.ROLES)
    odds_role = _roles.LAND  # "how likely are my land drops" is the first question

    def check(self, deck: Deck, fmt_info: FormatLike, day: date, pool: Pool) -> list[Problem]:
        """The rules' problems, then the template's warnings (`deckeditor.games.categories`)."""
        return check(deck, fmt_info, day, pool) + template_problems(deck, self, fmt_info, pool)

    # roles (`games.mtg.roles`) and the Commander template
    def card_roles(self, card: Card | None, pool: Pool | None = None) -> tuple[str, ...]:
        if card is None:
            return ()
        mask = _role_table().mask_in(pool, card)
        found = _ROLES_OF_MASK.get(mask)
        if found is None:  # a few dozen masks: each spelt out once (a template counts ~100 lines)
            found = _ROLES_OF_MASK[mask] = tuple(r for r in _roles.ROLES if mask & _roles.BIT[r])
        return found

    def default_template(self, fmt: FormatLike | None) -> dict[str, int]:
        return _roles.default_template(fmt)

    def derive(self, pool: Pool) -> None:
        from deckeditor.games.mtg import roles  # lazy: fifty regexes, only when a pool is stored

        roles.roles_for_pool(pool)

    # Commander Brackets: `check --json`'s `bracket`, the bracket beside the format, the status
    def report_extras(
        self, deck: Deck, fmt: FormatLike | None, day: date, pool: Pool
    ) -> dict[str, object]:
        if not _brackets.applies_to(fmt):
            return {}
        return {"bracket": _brackets.report(deck, day, pool).to_json()}

    def deck_target(self, deck: Deck, fmt: FormatLike | None) -> DeckTarget | None:
        if not _brackets.applies_to(fmt):
            return None
        return DeckTarget("Bracket", _brackets.TARGET_OPTIONS, _brackets.target_of(deck))

    def with_deck_target(self, deck: Deck, value: int | None) -> Deck:
        return deck.with_bracket(value)

    def target_status(self, deck: Deck, fmt: FormatLike | None, day: date, pool: Pool) -> str:
        if not _brackets.applies_to(fmt):
            return ""
        target = _brackets.target_of(deck)
        if target is None and not deck.count(*_brackets.BRACKET_SECTIONS):
            return ""
        return _brackets.status_text(_brackets.report(deck, day, pool), target)

    def target_details(self, deck: Deck, fmt: FormatLike | None, day: date, pool: Pool) -> str:
        if not _brackets.applies_to(fmt):
            return ""
        report = _brackets.report(deck, day, pool)
        return _brackets.details_text(report, _brackets.target_of(deck))

    # sections
    def section_counts(self, deck: Deck, fmt: Any, pool: Any = None) -> list[SectionCount]:
        return _sections.section_counts(deck, fmt, pool)

    def add_targets(self, fmt: Any, sections: Sequence[str]) -> tuple[str, ...]:
        return _sections.add_targets(fmt, sections)

    def problem_section(self, problem: Problem, fmt: Any, pool: Any = None) -> str | None:
        return _sections.problem_slot(problem, fmt, pool)

    def target_section(self, target: str) -> str:
        return _sections.SLOT_SECTIONS.get(target, target)

    def section_for(self, card: Any, asked: str = "Main") -> str:
        return self.target_section(asked)

    def count_summary(self, deck: Deck, fmt: Any, pool: Any = None) -> str:
        """Commander-like formats: the deck and its library ("100 cards · library 99"); a
        constructed deck has no command zone, so its library is the deck: its cards and its
        sideboard ("60 cards · sideboard 15"; it said "60 cards · library 60"). A companion is
        outside the deck (it starts in the sideboard): "8 cards" as the size problem says it, not 9."""
        main = deck.count("Main")
        if getattr(fmt, "variant", "") != "constructed":
            total = deck.count("Commander", "Main")  # every command-zone rule set's `counted`
            return f"{total} card{'s' if total != 1 else ''} · library {main}"
        side = deck.count("Sideboard")
        said = f"{main} card{'s' if main != 1 else ''}"
        return f"{said} · sideboard {side}" if side else said

    # lead actions
    def lead_actions(
        self, deck: Deck, section: str, index: int, pool: Pool, fmt: FormatLike | None = None
    ) -> list[LeadAction]:
        return _leads.lead_actions(deck, section, index, pool)

    def catalog_lead_actions(
        self, deck: Deck, card: Card, pool: Pool, fmt: FormatLike | None, target: str
    ) -> list[LeadAction]:
        return _leads.catalog_actions(deck, card, pool, self.target_section(target))

    def add_hint(self, deck: Deck, card: Any, pool: Any, section: str) -> str:
        return _leads.add_hint(deck, card, pool, section)

    def apply_lead_action(
        self,
        action: str,
        deck: Deck,
        section: str,
        index: int,
        pool: Pool,
        colors: str | None = None,
    ) -> tuple[Deck, str]:
        return _leads.apply(action, deck, section, index, colors)

    # upfront choices
    def upfront_choice(self, card: Any) -> ColorBudget | None:
        return _choices.color_budget(card)

    def choice_options(self) -> tuple[ChoiceOption, ...]:
        return _choices.OPTIONS

    def choice_zone(self, deck: Deck, pool: Any) -> str:
        return _choices.zone_letters(deck, pool)

    def relied_on(self, deck: Deck, pool: Any, card_name: str) -> dict[str, int]:
        return _choices.relied_on(deck, pool)

    def try_approve(
        self, deck: Deck, pool: Pool, card: Card | None, fmt: FormatLike | None, section: str
    ) -> tuple[Deck, str] | None:
        if section not in _APPROVING_SECTIONS or card is None:
            return None
        return try_approve(deck, pool, card, fmt)

    # statistics
    def statistics(self, deck: Deck, pool: Any) -> Statistics:
        return _stats.statistics(deck, pool, self.primary_type)

    # card view
    def card_view(self, card: Any, deck: Deck | None = None) -> list[CardViewBlock]:
        return _view.card_view(card, deck)

    def attachment_view(self, card: Any, attached: Sequence[str], pool: Any) -> list[CardViewBlock]:
        return []

    # catalog and deck pane
    def catalog_row(self, card: Any) -> tuple[str, ...]:
        return _catalog.catalog_row(card)

    def type_line(self, card: Card) -> str:
        return card.faces[0].type_line

    def sort_value(self, card: Any) -> float:
        return 99.0 if card is None else float(getattr(card, "mana_value", 0) or 0)

    def cost_text(self, card: Any) -> str:
        return _view.compact_cost(card.faces[0].mana_cost)

    def group_of(self, card: Any, grouping: str) -> str:
        if grouping == "Type":
            return self.primary_type(card)
        if grouping == "Mana value":
            if card is None:
                return "Unknown"
            if "Land" in (getattr(card, "types", ()) or ()):
                return "Lands"
            mv = int(self.sort_value(card))
            return f"Mana value {mv}" if mv < 7 else "Mana value 7+"
        return ""

    def group_rank(self, label: str) -> tuple[int, str] | tuple[int, int, str]:
        order = (
            "Creature",
            "Planeswalker",
            "Battle",
            "Instant",
            "Sorcery",
            "Artifact",
            "Enchantment",
            "Kindred",
            "Land",
            "Lands",
            "Other",
            "Unknown",
        )
        if label.startswith("Mana value"):
            return (0, label)
        return (1, order.index(label) if label in order else 50, label)

    def sections_for(self, fmt: Any) -> tuple[str, ...]:
        """Without a command zone (constructed formats) there is no Commander and no Companion
        section: a companion waits in the sideboard there."""
        if fmt is None or _ruleset_for(fmt).command_zone:
            return self.sections
        return tuple(s for s in self.sections if s not in ("Commander", "Companion"))

    # printings and pictures
    images = _images

    def printing_choices(self, card: Any) -> list[Printing]:
        """The pool's set codes, newest first (pools list them oldest first), each with its
        collector number where the shipped printing table knows it (picking one fills it)."""
        name = getattr(card, "name", "")
        return [
            Printing(set=code, number=facts(code, name).number or None)
            for code in reversed(getattr(card, "printings", ()) or ())
        ]

    def printing_outline(self, card: Any) -> list[Printing]:
        return [Printing(set=code) for code in reversed(getattr(card, "printings", ()) or ())]

    def printing_text(self, printing: Printing) -> str:
        return describe(printing.set, printing.number) if printing.set else printing.label()

    def printing_symbol(self, printing: Printing) -> Symbol | None:
        return _symbols.set_symbol(printing.set) if printing.set else None

    # symbols: the Mana font's glyphs (issue 24.6)
    def symbols(self) -> tuple[Symbol, ...]:
        return _symbols.mana_symbols()

    def cost_symbols(self, card: Any) -> tuple[str, ...]:
        return _symbols.cost_tokens(card)


GAME = MtgGame()
