"""The editor's state without Qt: the deck snapshots, undo/redo, format and day, and what the
window shows from them (problems, legal catalog rows, why a card is hidden, statistics).

The window is a thin view over one `EditorSession`; everything that decides something lives here
so it is testable without a display. The engines (rules, formats, search, deck files) are other
modules; when one of them fails on a deck, the session says so in the status bar (never a false
"legal") instead of taking the window down.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deckeditor import deck_edits, format_catalog
from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Printing, new_deck
from deckeditor.deck_views import DeckViews
from deckeditor.format_catalog import FormatInfo
from deckeditor.games import categories, registry
from deckeditor.games.interface import (  # noqa: F401  (the window's names for the game's values)
    CardViewBlock,
    ColorBudget,
    DeckTarget,
    ExportKind,
    Game,
    LeadAction,
    Predicate,
    SearchHelp,
    SectionCount,
    Statistics,
)
from deckeditor.history import UndoStack
from deckeditor.problems import Problem

# --- the session --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EditResult:
    deck: Deck
    message: str = ""  # for the status line ("Red is now Tolabow's additional colour …")


class EditorSession:
    """One open deck: its snapshots, format, day and everything derived from them."""

    def __init__(
        self,
        pool: CardPool[Any] | None,
        deck: Deck | None = None,
        format_code: str | None = None,
        day: _dt.date | None = None,
    ) -> None:
        self.pool = pool
        deck = deck or new_deck((pool.game if pool is not None else "") or registry.DEFAULT_GAME)
        self.history = UndoStack(deck)
        self.day = day or _dt.date.today()
        self.listeners: list[Callable[[EditorSession], None]] = []
        self.format_error: str | None = None
        self.fmt: FormatInfo | None = None
        self._views: DeckViews | None = None
        self.set_format(format_code or deck.format, notify=False)

    # --- state ---------------------------------------------------------------------------

    @property
    def deck(self) -> Deck:
        return self.history.current

    @property
    def game_code(self) -> str:
        return self.deck.game

    @property
    def sections(self) -> tuple[str, ...]:
        """Canonical sections of the game, then any extra sections the deck carries."""
        game = self.game_module()
        base = tuple(game.sections_for(self.fmt)) if game is not None else ()
        canonical = tuple(game.sections) if game is not None else ()
        # a section the format leaves out still shows while it holds cards
        extra = tuple(
            n
            for n in self.deck.section_names()
            if n not in base and (n not in canonical or self.deck.section(n).entries)
        )
        return base + extra

    def game_module(self) -> Game | None:
        """The deck's game (`deckeditor.games.interface.Game`); None for a game this build does
        not know (the deck is still shown, unchecked)."""
        try:
            return registry.game(self.game_code)
        except KeyError:
            return None

    @property
    def game(self) -> Game:
        """The deck's game, or the default game's neutral answers for an unknown one."""
        return self.game_module() or registry.default()

    @property
    def dirty(self) -> bool:
        return not self.history.is_clean()

    def _changed(self) -> None:
        self._views = None
        for listener in list(self.listeners):
            listener(self)

    # --- format and day ------------------------------------------------------------------

    def default_format(self) -> str:
        return self.game.default_format

    def format_codes(self) -> list[str]:
        """Built-in formats of this deck's game (the format selector's list)."""
        codes: list[str] = []
        for code in format_catalog.builtin_codes():
            try:
                info = format_catalog.load_format(code)
            except format_catalog.FormatLoadError:  # a broken built-in must not hide the others
                continue
            if info.game == self.game_code:
                codes.append(code)
        if self.fmt is not None and self.fmt.code not in codes:
            codes.append(self.fmt.code)
        return codes or [self.default_format()]

    @property
    def format_code(self) -> str:
        return (
            self.fmt.code if self.fmt is not None else (self.deck.format or self.default_format())
        )

    def set_format(self, code: str | None, notify: bool = True) -> None:
        code = code or self.default_format()
        self.format_error = None
        self.fmt = None
        try:
            self.fmt = format_catalog.load_format(code)
        except format_catalog.FormatLoadError as exc:  # shown in the status bar, never raised
            self.format_error = f"Format {code!r}: {exc}"
        if notify:
            self._changed()

    def set_day(self, day: _dt.date) -> None:
        self.day = day
        self._changed()

    # --- what the rules and the game say (`deckeditor.deck_views`) ------------------------

    @property
    def views(self) -> DeckViews:
        """What is shown of the deck as it is now (new views after every change)."""
        if self._views is None:
            game = self.game_module()
            self._views = DeckViews(
                self.deck,
                game,
                game or registry.default(),
                self.fmt,
                self.day,
                self.pool,
                self.format_error,
            )
        return self._views

    def problems(self) -> list[Problem]:
        return self.views.problems()

    def engine_note(self) -> str | None:
        """Why no problems can be listed, when that is the case (never a false "legal")."""
        return self.views.engine_note()

    def predicate(self, target: str = "Main") -> Predicate:
        return self.views.predicate(target)

    def legal_rows(self, target: str = "Main") -> frozenset[int] | None:
        """Pool rows the deck may take into `target`; None means every row."""
        return self.views.legal_rows(target)

    def legal_bits(self, target: str = "Main") -> int | None:
        """`legal_rows` as a bitset over row ids (bit r set: row r is legal); None: every row."""
        return self.views.legal_bits(target)

    def partner_rows(self, target: str = "Main") -> frozenset[int]:
        """Cards shown only because they could partner the lone commander (mtg-rules.md §11)."""
        return self.views.partner_rows(target)

    def budget_open(self, target: str = "Main") -> bool:
        """A lead card's colour budget is still open (catalog rows may commit it)."""
        return bool(self.predicate(target).budget_open)

    def commit_note(self, card: Any, target: str = "Main") -> str | None:
        """What adding the card would commit of an open budget (the game's words), or None."""
        return self.predicate(target).commits(card) if card is not None else None

    def why_hidden(self, card: Any, target: str = "Main") -> list[str]:
        return self.views.why_hidden(card, target)

    def catalog_mark(self, card: Any, target: str = "Main") -> str | None:
        """What adding a shown card would use up of a deck budget ("uses the last slot")."""
        return self.predicate(target).catalog_mark(card)

    # --- the deck-level target beside the format (the game's own: a Commander bracket) ------

    def deck_target(self) -> DeckTarget | None:
        return self.game.deck_target(self.deck, self.fmt)

    def set_deck_target(self, value: int | None) -> None:
        """One undo step, like the format."""
        target = self.deck_target()
        if target is None:
            return
        text = dict(target.options).get(value, str(value))
        self.apply(self.game.with_deck_target(self.deck, value), f"{target.label}: {text}")

    def target_status(self) -> tuple[str, str]:
        """(the status bar's words, their tooltip) about the deck-level target."""
        return self.views.target_status()

    # --- categories and the template (`deckeditor.games.categories`) ---------------------------

    def template_status(self) -> list[categories.TargetStatus]:
        """Each category of the deck's template (or the game's default) with its count."""
        return self.views.template_status()

    def build_to_template(self) -> None:
        """The deck keeps the template shown (the game's default until then): its targets are
        warned about from now on. One undo step."""
        self.apply(
            self.deck.with_template(categories.template_of(self.deck, self.game, self.fmt)),
            "Building to the template",
        )

    def set_category_target(self, category: str, target: int | None) -> None:
        self.apply(
            categories.with_target(self.deck, self.game, self.fmt, category, target),
            f"{category}: target {target}" if target is not None else f"{category}: no target",
        )

    def category_query(self, category: str) -> str:
        """The catalog search that lists a category's cards ("" for a player's own category)."""
        return categories.queries(self.game, self.deck).get(category, "")

    def line_categories(self, section: str, index: int) -> tuple[str, ...]:
        entry = self.deck.section(section).entries[index]
        return categories.line_categories(
            entry, self.card(entry.card), self.game, self.pool, self.deck
        )

    def set_line_categories(self, section: str, index: int, names: Sequence[str] | None) -> None:
        """The line's categories as the player sets them (None: back to its card's roles)."""
        entry = self.deck.section(section).entries[index]
        self.apply(
            categories.with_line_categories(self.deck, section, index, names),
            f"{entry.card}: categories {', '.join(names) if names is not None else 'from its text'}",
        )

    def rename_category(self, old: str, new: str) -> None:
        self.apply(
            categories.rename_category(self.deck, self.game, self.pool, old, new),
            f"Category {old} renamed {new}",
        )

    def library_cards(self) -> list[str]:
        """The names of the cards shuffled into the library, a copy each (sample hands)."""
        return [
            e.card
            for e, _card in categories.library_cards(self.deck, self.game, self.pool)
            for _ in range(e.count)
        ]

    def stats(self) -> Statistics:
        return self.views.stats()

    def section_counts(self) -> list[SectionCount]:
        """Each section with its count against its target ("Main 40/40"), in pane order."""
        return self.views.section_counts()

    def count_summary(self) -> str:
        """The status bar's count text, in the game's terms."""
        return self.game.count_summary(self.deck, self.fmt, self.pool)

    def search_help(self) -> SearchHelp:
        return self.game.search_help()

    def export_kinds(self) -> tuple[ExportKind, ...]:
        return self.game.export_kinds()

    def card_blocks(self, card: Any) -> list[CardViewBlock]:
        """The card view's blocks for a card of this deck's game (with the deck's choices)."""
        return list(self.game.card_view(card, self.deck))

    def upfront_choice(self, card: Any) -> ColorBudget | None:
        return None if card is None else self.game.upfront_choice(card)

    def add_targets(self) -> tuple[str, ...]:
        """What "Add to" offers: the sections, or a section's slots in its place (the game's)."""
        return tuple(self.game.add_targets(self.fmt, self.sections))

    def target_section(self, target: str) -> str:
        """The section an add target fills (a slot's section; a section is its own)."""
        return self.game.target_section(target)

    def section_for(self, card: Any, asked: str) -> str:
        """Where a catalog add aimed at `asked` goes (Riftbound: the section for the type)."""
        if card is None:
            return asked
        try:
            return self.game.section_for(card, asked) or asked
        except Exception:  # a card the game cannot place: where it was asked to go
            return asked

    def lead_actions(self, section: str, index: int) -> list[LeadAction]:
        """What the deck line offers (Set as commander, Make chosen champion, …)."""
        try:
            return list(self.game.lead_actions(self.deck, section, index, self.pool, self.fmt))
        except (IndexError, KeyError):
            return []

    def catalog_lead_actions(self, card: Any, target: str = "Main") -> list[LeadAction]:
        """The lead actions a catalog card offers aimed at `target` ("Add as partner")."""
        if card is None:
            return []
        try:
            return list(
                self.game.catalog_lead_actions(self.deck, card, self.pool, self.fmt, target)
            )
        except (IndexError, KeyError):
            return []

    def add_instead(self, card: Any, target: str = "Main") -> LeadAction | None:
        """What an add aimed at `target` does instead of putting the card there, when the card
        can join the deck only through a lead action (a partner off the commander's identity)."""
        return next((a for a in self.catalog_lead_actions(card, target) if a.instead), None)

    def add_by_lead_action(
        self, name: str, action: str, target: str = "Main", colors: str | None = None
    ) -> EditResult:
        """A catalog card added through a lead action: a copy goes to `target` and the action
        is applied to its line, as one undo step with the game's message."""
        section = self.target_section(target)
        deck = self.deck.add_card(section, name)
        index = max(i for i, e in enumerate(deck.section(section).entries) if e.card == name)
        deck, message = self.game.apply_lead_action(action, deck, section, index, self.pool, colors)
        self.apply(deck, message)
        return EditResult(deck, message)

    def card(self, name: str) -> Any | None:
        return self.pool.get(name) if self.pool is not None else None

    # --- edits (each one undo step) ------------------------------------------------------

    def apply(self, deck: Deck, message: str = "") -> None:
        if deck == self.deck and deck.sections == self.deck.sections:
            return
        self.history.push(deck, message)
        self._changed()

    def undo(self) -> None:
        if self.history.can_undo():
            self.history.undo()
            self._follow_deck_format()
            self._changed()

    def redo(self) -> None:
        if self.history.can_redo():
            self.history.redo()
            self._follow_deck_format()
            self._changed()

    def _follow_deck_format(self) -> None:
        """Undoing a format change brings the old format back into force."""
        wanted = self.deck.format or self.default_format()
        if wanted != self.format_code:
            self.set_format(wanted, notify=False)

    def replace_deck(self, deck: Deck) -> None:
        """A new or opened deck: a fresh history, clean."""
        self.history = UndoStack(deck)
        self.set_format(deck.format, notify=False)
        self._changed()

    def mark_saved(self) -> None:
        self.history.mark_clean()
        self._changed()

    def add_card(
        self,
        name: str,
        section: str = "Main",
        count: int = 1,
        colors: str = "",
        shown_as: str | None = None,
    ) -> EditResult:
        """Add copies; an off-colour card an open budget allows commits that colour in the
        same step (mtg-rules.md §8 try_approve), and the message says so. `shown_as`: the add
        target the message names (a slot, "Signature spell"), by the game's title."""
        deck = self.deck
        message = f"Added {count} × {name} to {self.game.section_title(shown_as or section)}"
        approved = self._try_approve(deck, name, section)
        if approved is not None:
            deck, message = approved[0], approved[1] or message
        deck = deck.add_card(section, name, count, colors)
        self.apply(deck, message)
        return EditResult(deck, message)

    def add_hint(self, name: str, section: str) -> str:
        """What the window's message of an add to `section` goes on to say (the game's hint)."""
        return self.game.add_hint(self.deck, self.card(name), self.pool, section)

    def _try_approve(self, deck: Deck, name: str, section: str) -> tuple[Deck, str] | None:
        """The deck *before* the addition with the committed choice, and the message."""
        return self.game.try_approve(deck, self.pool, self.card(name), self.fmt, section)

    def remove(self, section: str, index: int, count: int | None = 1) -> None:
        self.apply(*deck_edits.remove(self.deck, section, index, count))

    def set_count(self, section: str, index: int, count: int) -> None:
        self.apply(*deck_edits.set_count(self.deck, section, index, count))

    def move(self, section: str, index: int, target: str, count: int | None = None) -> None:
        edit = deck_edits.move(self.deck, section, index, target, count)
        if edit is not None:
            self.apply(*edit)

    def lead_action(self, action: str, section: str, index: int, colors: str | None = None) -> None:
        """Apply one of the line's lead actions (`lead_actions`), as one undo step."""
        deck, message = self.game.apply_lead_action(
            action, self.deck, section, index, self.pool, colors
        )
        self.apply(deck, message)

    def set_commander(self, section: str, index: int, colors: str | None = None) -> None:
        """The line's first lead action (Set as commander; Make chosen champion; Set as legend),
        with the colours chosen for its budget when given."""
        actions = self.lead_actions(section, index)
        if actions:
            self.lead_action(actions[0].action, section, index, colors)

    def set_colors(self, section: str, index: int, colors: str) -> None:
        chosen = self.game.normalise_choice(colors)
        self.apply(*deck_edits.set_colors(self.deck, section, index, chosen))

    def set_printing(self, section: str, index: int, printing: Printing | None) -> None:
        """Give a line a printing (None: any printing); a merge with an equal line is the deck's."""
        edit = deck_edits.set_printing(self.deck, section, index, printing)
        if edit is not None:
            self.apply(*edit)

    def rename(self, name: str) -> None:
        self.apply(self.deck.renamed(name), f"Renamed to {name}")

    def record_format(self) -> None:
        """The selected format is part of the deck (saved with it)."""
        if self.deck.format != self.format_code:
            self.history.push(self.deck.with_format(self.format_code), "Format")
            self._changed()

    # --- upfront choices -----------------------------------------------------------------

    def relied_on(self, card_name: str) -> dict[str, int]:
        """Per option letter, how many deck cards need it beyond the lead's own (what the
        choice dialog lists)."""
        return self.game.relied_on(self.deck, self.pool, card_name)

    def choice_zone(self) -> str:
        """Option letters the lead cards already have."""
        return self.game.choice_zone(self.deck, self.pool)
