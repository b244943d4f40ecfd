"""The one interface the session and the window ask about a game (product.md, "Games behind one
interface"). `session.py` and `ui/` never test a game's code or know its rule texts: they hold a
`Game` (from `deckeditor.games.registry.game(code)`) and ask it.

A game is a package `deckeditor.games.<code>/` whose `declaration.py` declares it to the registry
(`deckeditor.games.declaration`) and whose `game.py` defines ``GAME``, an instance of a `Game`
subclass. A third game is a new package; nothing else in the tree changes. Everything here is Qt-free and returns *values* (texts, numbers, colour
names), never widgets: the window builds its widgets once and updates them from these values.

What a game answers (each method documents its contract; the base class gives the neutral
default where one exists, so a new game overrides only what it has):

* identity: `code`, `title`, `new_deck_label`, `default_format`;
* sections: `sections`, `checked_sections`, `section_title`, `section_counts` (the pane's
  "Main 40/40" labels, a section's slots), `count_summary` (the status bar's count), `section_for`
  (where a catalog add goes), `add_targets`/`target_section` ("Add to"'s choices, slots
  included), `lead_section`;
* rules: `check`, `make_predicate` (the catalog predicate: a `Predicate`, `deckeditor.games.<code>` rules),
  `report_extras` (more keys for `check --json`);
* deck target: `deck_target` (a deck-level target chosen beside the format, such as MTG's
  Commander bracket), `with_deck_target`, `target_status` (its status-bar words);
* lead actions: `lead_actions` (what a deck line's context menu offers: "Set as commander",
  "Make chosen champion"), `catalog_lead_actions` (a catalog card's: "Add as partner"),
  `lead_refusal` (a card that can lead nothing) and `apply_lead_action`;
* upfront choices: `upfront_choice(card)` (a `ColorBudget`, its options included),
  `choice_zone`, `relied_on`, `try_approve` (an open budget committed by an addition);
* statistics: `statistics(deck, pool)` -> `Statistics` (charts with a fixed set of bars, groups,
  summary and the status-bar count), for a panel that updates widgets it made once;
* search: `search_help()` -> `SearchHelp` (placeholder, keys, examples);
* files: `export_kinds()` -> `ExportKind`s (kind, label, extension);
* card view: `card_view(card, deck)` -> `CardViewBlock`s, `symbols()` (text symbols the view draws
  as icons), `attachable(card, deck, pool)` and `attachment_view(card, names, pool)`;
* catalog: `catalog_columns()` and `catalog_row(card)`; deck pane: `groupings`, `group_of`,
  `group_rank`, `type_line`, `primary_type`, `sort_value`, `single_kind_sections`.
* odds: `library_sections`, `odds_role`, `hand_rule` (the opening hand's size and mulligan);
* roles and categories: `roles` (`Role`s: what part a card plays, read from its text, each with
  the catalog search that finds it), `card_roles(card, pool)`, `default_template(fmt)` (copies
  wanted per category, "Ramp": 10), `derive(pool)` (what is computed once when a pool is stored);
  `deckeditor.games.categories` builds a deck's categories and template status from them;
* symbols: `symbols()`, `cost_symbols(card)` (a cost as symbol tokens, drawn in cost columns);
* printings and pictures: `printing_choices(card)` (the printings a deck line can name),
  `printing_text(printing)` and `printing_symbol(printing)` (its name and set symbol), and
  `images` (a module: `picture_candidates`, `image_urls`, `SET_PARENTS`, `SOURCE_NAME`; see
  `deckeditor.images`), None for a game without pictures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Protocol

from deckeditor.deck import Deck, Entry, Printing
from deckeditor.games.values import (
    Bar,
    CardViewBlock,
    Chart,
    ChoiceOption,
    ColorBudget,
    Column,
    DeckTarget,
    ExportKind,
    LeadAction,
    Role,
    SearchHelp,
    SectionCount,
    Statistics,
    Symbol,
)
from deckeditor.hand_rule import LONDON, HandRule
from deckeditor.problems import Problem

# --- the catalog predicate -----------------------------------------------------------------


class HiddenReason(Protocol):
    """Why a catalog card may not be added (`Predicate.why_hidden`): a stable `code` for the
    kind of reason ("BANNED", "AT_COPY_LIMIT") and the `text` the window shows."""

    @property
    def code(self) -> str: ...

    @property
    def text(self) -> str: ...


class Predicate(Protocol):
    """What the session asks of a game's catalog predicate (`Game.make_predicate`): which cards
    of the pool the deck may take into one target section, and why a card is hidden. A game's
    predicate answers every member; where it has nothing to say it gives the neutral answer
    noted (no bitset, no partner rows, no open budget, no mark)."""

    def __call__(self, card: Any) -> bool:
        """Whether the card may be added."""
        ...

    def why_hidden(self, card: Any) -> Sequence[HiddenReason]:
        """The reasons the card may not be added (none: it may)."""
        ...

    def visible_rows(self, rows: Iterable[int] | None = None) -> list[int] | None:
        """The pool rows (all rows when `rows` is None, else those of `rows`, in order) the card
        may be added from; None: every row (nothing narrowed)."""
        ...

    def visible_bits(self) -> int | None:
        """The rows `visible_rows(None)` lists as a bitset (bit r set: row r), or None for an
        engine without bitsets (the session builds one from the rows when asked)."""
        ...

    def possible_partner_rows(self) -> Sequence[int]:
        """Rows shown only because they could partner the lone commander; () when none."""
        ...

    @property
    def budget_open(self) -> bool:
        """A lead card's colour budget is still open (some additions would commit it)."""
        ...

    def commits(self, card: Any) -> str | None:
        """What adding the card would commit of an open budget, in the game's words, or None."""
        ...

    def catalog_mark(self, card: Any) -> str | None:
        """What adding a shown card would use up of a deck budget ("uses the last slot"), or None."""
        ...


# --- the interface ---------------------------------------------------------------------------


class Game:
    """The base every game subclasses. Methods without a neutral default raise
    NotImplementedError; the rest answer as a game with no special rules would."""

    code: str = ""
    title: str = ""
    new_deck_label: str = ""
    default_format: str = ""
    sections: tuple[str, ...] = ("Main", "Sideboard")
    checked_sections: tuple[str, ...] = ("Main",)
    lead_section: str | None = None  # where the deck's lead card goes (Commander, Legend)
    # the sections beside the deck a catalog card goes to whatever "Add to" says (the Deck
    # menu's "Add to …", Ctrl+Alt+ its first letter; the catalog's Shift+Enter, Ctrl+Enter)
    side_sections: tuple[str, ...] = ("Sideboard",)
    # sections after whose last card "Add to" goes back to Main, as it does once the lead is in
    # (MTG's Companion); a full section not named here keeps the catalog on it, empty, with why
    main_after_sections: tuple[str, ...] = ()
    # the Deck menu's item for a catalog card's lead action ("Add as &partner"); "": none
    catalog_lead_label: str = ""
    groupings: tuple[str, ...] = ("Type", "None")
    # sections that hold one kind of card (Riftbound's Legend, Runes): the deck pane lists
    # their lines without a head when they fall in one group ("Runes 12/12" over "Rune (12)"
    # said it twice); grouped by domain, two runes' groups keep theirs
    single_kind_sections: tuple[str, ...] = ()
    section_titles: ClassVar[dict[str, str]] = {}
    # plain values a subclass sets instead of overriding the method that returns them
    help: SearchHelp = SearchHelp("Search cards by name")
    exports: tuple[ExportKind, ...] = (
        ExportKind("json", "Deck Editor deck (.deck.json)", ".deck.json"),
    )
    symbol_table: tuple[Symbol, ...] = ()
    columns: tuple[Column, ...] = (Column("Name", 200), Column("Type", 140))
    type_order: tuple[str, ...] = ()  # the pane's "Type" groups, most telling type first
    # problem kinds (values) that a double-click answers with the card's upfront choice dialog
    choice_problem_kinds: frozenset[str] = frozenset()
    images: Any = None  # where card pictures are (a module, see `deckeditor.images`)
    roles: tuple[Role, ...] = ()  # the roles a card may have, in display order
    category_sections: tuple[str, ...] = ("Main",)  # the sections a template counts
    library_sections: tuple[str, ...] = ("Main",)  # the sections shuffled into the library (odds)
    odds_role: str = ""  # the role the odds dialog opens on (a key of `roles`; "": the first)
    # the opening hand's size and mulligan (the odds, the sample hand): MTG's seven and London
    hand_rule: HandRule = LONDON

    # --- compatibility names (the module-level interface this class replaces) ------------

    @property
    def CODE(self) -> str:  # noqa: N802
        return self.code

    @property
    def TITLE(self) -> str:  # noqa: N802
        return self.title

    @property
    def SECTIONS(self) -> tuple[str, ...]:  # noqa: N802
        return self.sections

    @property
    def CHECKED_SECTIONS(self) -> tuple[str, ...]:  # noqa: N802
        return self.checked_sections

    @property
    def DEFAULT_FORMAT(self) -> str:  # noqa: N802
        return self.default_format

    @property
    def SECTION_TITLES(self) -> dict[str, str]:  # noqa: N802
        return {s: self.section_title(s) for s in self.sections}

    @property
    def SEARCH_FIELDS(self) -> tuple[str, ...] | None:  # noqa: N802
        return None

    # --- identity ------------------------------------------------------------------------

    def owns(self, card: Any) -> bool:
        """Whether `card` is this game's card model (duck-typed: records and test doubles too).
        `registry.game_for_card` asks each game in turn."""
        return False

    # --- rules ---------------------------------------------------------------------------

    def check(self, deck: Deck, fmt: Any, day: Any, pool: Any) -> list[Problem]:
        raise NotImplementedError

    def make_predicate(
        self, deck: Deck, fmt: Any, day: Any, pool: Any, target_section: str = "Main"
    ) -> Predicate:
        raise NotImplementedError

    def report_extras(self, deck: Deck, fmt: Any, day: Any, pool: Any) -> dict[str, Any]:
        """Keys `check --json` adds to a deck's object after its problems (none by default)."""
        return {}

    # --- deck target ---------------------------------------------------------------------

    def deck_target(self, deck: Deck, fmt: Any) -> DeckTarget | None:
        """The deck-level target offered beside the format in `fmt`, or None (nothing to pick)."""
        return None

    def with_deck_target(self, deck: Deck, value: int | None) -> Deck:
        """The deck with its target set to `value` (None: no target)."""
        return deck

    def target_status(self, deck: Deck, fmt: Any, day: Any, pool: Any) -> str:
        """The status bar's words about the deck's target ("" for none)."""
        return ""

    def target_details(self, deck: Deck, fmt: Any, day: Any, pool: Any) -> str:
        """What stands behind `target_status`, line by line, with the cards (its tooltip)."""
        return ""

    # --- sections ------------------------------------------------------------------------

    def sections_for(self, fmt: Any) -> tuple[str, ...]:
        """The sections a deck of this format shows (a format without commanders has no
        Commander section); `sections` when the format changes nothing."""
        return self.sections

    def section_title(self, section: str) -> str:
        return self.section_titles.get(section, section)

    def problem_section(self, problem: Problem, fmt: Any, pool: Any = None) -> str | None:
        """The section the window tags `problem` with, as the deck pane names it under `fmt`
        (a slot in place of its section); `check` prints `problem.section` itself (cli.md)."""
        return problem.section

    def section_counts(self, deck: Deck, fmt: Any, pool: Any = None) -> list[SectionCount]:
        """Each section of the pane with its count and target, in display order (canonical
        sections, then any extra section the deck carries)."""
        names = list(self.sections) + [n for n in deck.section_names() if n not in self.sections]
        return [SectionCount(n, self.section_title(n), deck.section(n).total) for n in names]

    def count_summary(self, deck: Deck, fmt: Any, pool: Any = None) -> str:
        """The status bar's count ("60 cards · library 59")."""
        return f"{deck.count(*self.checked_sections)} cards"

    def section_for(self, card: Any, asked: str = "Main") -> str:
        """Where a catalog add aimed at `asked` puts the card."""
        return asked

    def add_targets(self, fmt: Any, sections: Sequence[str]) -> tuple[str, ...]:
        """What "Add to" offers for a deck of `fmt` showing `sections`: the sections, or slots
        in place of a section (Oathbreaker's "Oathbreaker" and "Signature spell" for its
        Commander section). `target_section` maps each back to the section it fills."""
        return tuple(sections)

    def target_section(self, target: str) -> str:
        """The section an add target fills (a slot's section; a section is its own)."""
        return target

    # --- lead actions --------------------------------------------------------------------

    def lead_actions(
        self, deck: Deck, section: str, index: int, pool: Any, fmt: Any = None
    ) -> list[LeadAction]:
        """What the deck line `deck.section(section).entries[index]` offers."""
        return []

    def catalog_lead_actions(
        self, deck: Deck, card: Any, pool: Any, fmt: Any, target: str
    ) -> list[LeadAction]:
        """The lead actions a catalog card offers before it is in the deck (MTG: "Add as partner"
        beside a lone commander), applied to the line an add to `target` makes. An action with
        `instead` is what an add aimed at `target` does."""
        return []

    def add_hint(self, deck: Deck, card: Any, pool: Any, section: str) -> str:
        """What the message of an add of `card` to `section` (already in `deck`) goes on to say
        (MTG: how a Background added to Main becomes the commander's); "" for nothing."""
        return ""

    def lead_refusal(self, card: Any) -> str | None:
        """Why the catalog's card cannot be made a lead card at all ("Set as lead card",
        Ctrl+Shift+C), in the game's words; None: it can (or the deck's rules say why)."""
        return None

    def apply_lead_action(
        self,
        action: str,
        deck: Deck,
        section: str,
        index: int,
        pool: Any,
        colors: str | None = None,
    ) -> tuple[Deck, str]:
        """The deck after `action` on that line, and the status message. Raises ValueError for
        an action the line does not offer."""
        raise ValueError(f"{action!r} is not an action of {self.title}")

    # --- upfront choices -----------------------------------------------------------------

    def upfront_choice(self, card: Any) -> ColorBudget | None:
        """The choice a card asks for when it is added or made the lead (None: none)."""
        return None

    def choice_options(self) -> tuple[ChoiceOption, ...]:
        return ()

    def normalise_choice(self, letters: str) -> str:
        """A choice in canonical order (the options' order), unknown letters dropped."""
        wanted = letters.upper()
        return "".join(o.letter for o in self.choice_options() if o.letter in wanted)

    def choice_zone(self, deck: Deck, pool: Any) -> str:
        """Option letters the lead cards already have (the dialog marks them)."""
        return ""

    def relied_on(self, deck: Deck, pool: Any, card_name: str) -> dict[str, int]:
        """Per option letter, how many deck cards need it beyond the lead's own (the dialog
        shows what changing a choice costs)."""
        return {}

    def try_approve(
        self, deck: Deck, pool: Any, card: Any, fmt: Any, section: str
    ) -> tuple[Deck, str] | None:
        """An open budget that this addition commits: (deck before the addition with the choice
        recorded, message), or None."""
        return None

    # --- statistics ----------------------------------------------------------------------

    def statistics(self, deck: Deck, pool: Any) -> Statistics:
        total = deck.count(*self.checked_sections)
        return Statistics((), (), f"<b>{total} cards</b>", f"{total} cards", {"total": total})

    # --- roles and categories ------------------------------------------------------------

    def card_roles(self, card: Any, pool: Any = None) -> tuple[str, ...]:
        """The keys of `roles` that `card` has (none for a game without roles)."""
        return ()

    def default_template(self, fmt: Any) -> dict[str, int]:
        """Copies wanted per category (role title) for a deck of `fmt`; {} when none."""
        return {}

    def derive(self, pool: Any) -> None:
        """Compute what is kept beside a pool once it is stored (card roles); nothing by default."""

    # --- search --------------------------------------------------------------------------

    def search_help(self) -> SearchHelp:
        return self.help

    # --- files ---------------------------------------------------------------------------

    def export_kinds(self) -> tuple[ExportKind, ...]:
        return self.exports

    # --- card view -----------------------------------------------------------------------

    def card_view(self, card: Any, deck: Deck | None = None) -> list[CardViewBlock]:
        return [CardViewBlock("title", getattr(card, "name", str(card)))]

    def symbols(self) -> tuple[Symbol, ...]:
        return self.symbol_table

    def attachable(self, card: Any, deck: Deck, pool: Any) -> list[str]:
        """Names of the deck's cards the view can preview attached to `card` (none: no preview)."""
        return []

    def attachment_view(self, card: Any, attached: Sequence[str], pool: Any) -> list[CardViewBlock]:
        return []

    # --- printings -----------------------------------------------------------------------

    def printing_choices(self, card: Any) -> list[Printing]:
        """The printings (`deckeditor.deck.Printing`) a deck line of `card` can name, most
        wanted first; [] when the pool knows none."""
        return []

    def printing_outline(self, card: Any) -> list[Printing]:
        """`printing_choices` as far as the card itself tells it: as many, in the same order,
        with the same sets and codes, but without what a game looks up elsewhere (MTG's
        collector numbers, from a table of ~25 ms to load): enough to say whether a line has
        printings to pick and how many, before the list is shown."""
        return self.printing_choices(card)

    def printing_text(self, printing: Any) -> str:
        """How the window names a printing ("Commander 2016 (C16) · 2016 · #190")."""
        return str(printing.label())

    def printing_symbol(self, printing: Any) -> Symbol | None:
        """The printing's set symbol, drawn beside its name (None: none)."""
        return None

    def cost_symbols(self, card: Any) -> tuple[str, ...]:
        """A card's cost as tokens of `symbols()` (`{2}`, `{U}`, "//" between split halves),
        for a `Column(symbols=True)` and the deck pane's Cost; () draws the cost as text."""
        return ()

    # --- catalog and deck pane -----------------------------------------------------------

    def catalog_columns(self) -> tuple[Column, ...]:
        return self.columns

    def catalog_row(self, card: Any) -> tuple[str, ...]:
        return (card.name, self.type_line(card))

    def type_line(self, card: Any) -> str:
        types = getattr(card, "types", ()) or ()
        return " ".join(types)

    def primary_type(self, card: Any) -> str:
        """The group a card is listed under: the first of `type_order` it has."""
        if card is None:
            return "Unknown"
        types = set(getattr(card, "types", ()) or ())
        for name in self.type_order:
            if name in types:
                return name
        return sorted(types)[0] if types else "Other"

    def group_of(self, card: Any, grouping: str) -> str:
        """The group a deck line is listed under for one of `groupings` ("None": no groups)."""
        if grouping == "Type":
            return self.primary_type(card)
        return ""

    def group_rank(self, label: str) -> tuple[Any, ...]:
        return (label,)

    def sort_value(self, card: Any) -> float:
        """The number the pane's cost sort uses (mana value, energy)."""
        return 99.0

    def cost_text(self, card: Any) -> str:
        """The deck pane's Cost column."""
        return ""


def entries_named(deck: Deck, sections: Iterable[str]) -> list[Entry]:
    """Every entry of `sections`, in order (a helper for games)."""
    return [e for _, e in deck.entries(*sections)]


__all__ = [
    "Bar",
    "CardViewBlock",
    "Chart",
    "ChoiceOption",
    "ColorBudget",
    "Column",
    "DeckTarget",
    "ExportKind",
    "Game",
    "LeadAction",
    "Role",
    "SearchHelp",
    "SectionCount",
    "Statistics",
    "Symbol",
]
