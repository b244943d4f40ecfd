"""The editor's state without Qt: the deck snapshots, undo/redo, format and day, and what the
window shows from them (problems, legal catalog rows, why a card is hidden, statistics).

The window is a thin view over one `EditorSession`; everything that decides something lives here
so it is testable without a display. The engines (rules, formats, search, deck files) are other
modules; when one of them fails on a deck, the session says so in the status bar (never a false
"legal") instead of taking the window down.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from deckeditor import format_catalog
from deckeditor.deck import Deck, new_deck
from deckeditor.games import registry
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

_FLAG_DIGIT = bytes.maketrans(b"\x00\x01", b"01")
_PIP_RE = re.compile(r"\{([^}]*)\}")


# --- what the game answers (deckeditor.games.interface) ----------------------------------------


def color_budget(card: Any) -> ColorBudget | None:
    """The upfront choice a card offers (a colour budget), asked of the card's game."""
    if card is None:
        return None
    return registry.game_for_card(card).upfront_choice(card)


def primary_type(card: Any) -> str:
    """The group a card is listed under: its most telling card type (the card's game says)."""
    if card is None:
        return "Unknown"
    return registry.game_for_card(card).primary_type(card)


def type_line(card: Any) -> str:
    """The printed type line, as the card's game writes it."""
    return registry.game_for_card(card).type_line(card)


def deck_stats(deck: Deck, pool: Any) -> Statistics:
    """The deck's statistics as values (charts, groups, summary, counts), from its game."""
    return registry.game(deck.game).statistics(deck, pool)


# --- the session --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EditResult:
    deck: Deck
    message: str = ""  # for the status line ("Red is now Tolabow's additional colour …")


class _AllLegal:
    """The predicate used while the rules engine is absent: every card may be added."""

    def __call__(self, card: Any) -> bool:
        return True

    def why_hidden(self, card: Any) -> list:
        return []

    def visible_rows(self, rows: Iterable[int] | None = None) -> list[int] | None:
        return None if rows is None else list(rows)

    def visible_bits(self) -> None:
        return None

    def possible_partner_rows(self) -> tuple[int, ...]:
        return ()

    @property
    def budget_open(self) -> bool:
        return False

    def commits(self, card: Any) -> None:
        return None

    def catalog_mark(self, card: Any) -> None:
        return None


def compact_cost(cost: str) -> str:
    """`{2}{U}{U}` -> `2UU`; hybrid and Phyrexian symbols keep parentheses: `{W/U}` -> `(W/U)`."""
    return "".join(
        sym if len(sym) == 1 or sym.isdigit() else f"({sym})" for sym in _PIP_RE.findall(cost or "")
    )


_TABOO = re.compile(
    r'(banned|restricted) by the taboo list "[^"]*" from (\d{4}-\d{2}-\d{2})', re.IGNORECASE
)


def player_words(text: str, fmt: Any = None) -> str:
    """A rules message in the words players use: a format's dated list is its banned list
    ("banned in Commander since 2024-09-23", not 'by the taboo list "2024-09" from …'). The
    checker's own wording stays for `check` (a contract); the window shows this."""
    title = getattr(fmt, "title", None) or "this format"
    return _TABOO.sub(lambda m: f"{m.group(1)} in {title} since {m.group(2)}", text)


def reason_text(reason: Any) -> str:
    return str(getattr(reason, "text", None) or getattr(reason, "message", None) or reason)


class EditorSession:
    """One open deck: its snapshots, format, day and everything derived from them."""

    def __init__(
        self,
        pool: Any,
        deck: Deck | None = None,
        format_code: str | None = None,
        day: _dt.date | None = None,
    ) -> None:
        self.pool = pool
        deck = deck or new_deck(getattr(pool, "game", None) or registry.DEFAULT_GAME)
        self.history = UndoStack(deck)
        self.day = day or _dt.date.today()
        self.listeners: list[Callable[[EditorSession], None]] = []
        self.format_error: str | None = None
        self.fmt = None
        self._cache: dict[tuple, Any] = {}
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
        self._cache.clear()
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

    # --- derived views -------------------------------------------------------------------

    def problems(self) -> list[Problem]:
        key = ("problems",)
        if key not in self._cache:
            game = self.game_module()
            found: list[Problem] = []
            if game is not None and self.fmt is not None:
                try:
                    found = list(game.check(self.deck, self.fmt, self.day, self.pool))
                except Exception as exc:  # an engine bug must not take the window down: say it
                    self._cache[("engine_error",)] = f"The deck could not be checked: {exc!r}"
            self._cache[key] = found
        return self._cache[key]

    def engine_note(self) -> str | None:
        """Why no problems can be listed, when that is the case (never a false "legal")."""
        if self.format_error:
            return self.format_error
        self.problems()
        if ("engine_error",) in self._cache:
            return self._cache[("engine_error",)]
        game = self.game_module()
        if game is None or not hasattr(game, "check"):
            return f"The {self.game_code} rules engine is not available: the deck is not checked"
        if self.fmt is None:
            return "No format selected: the deck is not checked"
        return None

    def predicate(self, target: str = "Main") -> Predicate:
        key = ("predicate", target)
        if key not in self._cache:
            game = self.game_module()
            pred: Predicate = _AllLegal()
            if game is not None and self.fmt is not None:
                try:
                    pred = game.make_predicate(self.deck, self.fmt, self.day, self.pool, target)
                except Exception as exc:  # as above: every card shown, and the reason why
                    self._cache[("engine_error",)] = f"The catalog could not be narrowed: {exc!r}"
            self._cache[key] = pred
        return self._cache[key]

    def legal_rows(self, target: str = "Main") -> frozenset[int] | None:
        """Pool rows the deck may take into `target`; None means every row."""
        key = ("legal", target)
        if key not in self._cache:
            pred = self.predicate(target)
            rows = pred.visible_rows(
                None
            )  # every row's answer at once (bitsets, where the game has them)
            self._cache[key] = None if rows is None else frozenset(rows)
            bits = pred.visible_bits() if rows is not None else None
            if (
                bits is not None
            ):  # the same rows as a bitset, for the catalog's keystrokes (legal_bits)
                self._cache[("legal_bits", target)] = bits
        return self._cache[key]

    def legal_bits(self, target: str = "Main") -> int | None:
        """`legal_rows` as a bitset over row ids (bit r set: row r is legal); None: every row.
        An engine whose `visible_bits` is a bitset (the rows its `visible_rows` lists) answers
        without the rows being listed."""
        key = ("legal_bits", target)
        if key in self._cache:
            return self._cache[key]
        bits = self.predicate(target).visible_bits()
        if bits is not None:
            self._cache[key] = bits
            return bits
        legal = self.legal_rows(target)
        if legal is None:
            return None
        if key not in self._cache:
            flags = bytearray(len(self.pool))
            for r in legal:
                flags[r] = 1
            digits = bytes(flags[::-1]).translate(_FLAG_DIGIT)
            self._cache[key] = int(digits, 2) if digits else 0
        return self._cache[key]

    def partner_rows(self, target: str = "Main") -> frozenset[int]:
        """Cards shown only because they could partner the lone commander (mtg-rules.md §11)."""
        key = ("partners", target)
        if key not in self._cache:
            self._cache[key] = frozenset(self.predicate(target).possible_partner_rows())
        return self._cache[key]

    def budget_open(self, target: str = "Main") -> bool:
        """A lead card's colour budget is still open (catalog rows may commit it)."""
        return bool(self.predicate(target).budget_open)

    def commit_note(self, card: Any, target: str = "Main") -> str | None:
        """What adding the card would commit of an open budget (the game's words), or None."""
        return self.predicate(target).commits(card) if card is not None else None

    def why_hidden(self, card: Any, target: str = "Main") -> list[str]:
        return [
            player_words(reason_text(r), self.fmt) for r in self.predicate(target).why_hidden(card)
        ]

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
        key = ("target_status",)
        if key not in self._cache:
            args = (self.deck, self.fmt, self.day, self.pool)
            try:
                self._cache[key] = (self.game.target_status(*args), self.game.target_details(*args))
            except Exception as exc:  # a status line never takes the window down
                self._cache[key] = (f"({exc!r})", "")
        return self._cache[key]

    # --- categories and the template (`deckeditor.categories`) ---------------------------

    def template_status(self) -> list:
        """Each category of the deck's template (or the game's default) with its count."""
        key = ("template_status",)
        if key not in self._cache:
            from deckeditor import categories

            self._cache[key] = categories.template_status(self.deck, self.game, self.fmt, self.pool)
        return self._cache[key]

    def build_to_template(self) -> None:
        """The deck keeps the template shown (the game's default until then): its targets are
        warned about from now on. One undo step."""
        from deckeditor import categories

        self.apply(
            self.deck.with_template(categories.template_of(self.deck, self.game, self.fmt)),
            "Building to the template",
        )

    def set_category_target(self, category: str, target: int | None) -> None:
        from deckeditor import categories

        self.apply(
            categories.with_target(self.deck, self.game, self.fmt, category, target),
            f"{category}: target {target}" if target is not None else f"{category}: no target",
        )

    def category_query(self, category: str) -> str:
        """The catalog search that lists a category's cards ("" for a player's own category)."""
        from deckeditor import categories

        return categories.queries(self.game, self.deck).get(category, "")

    def line_categories(self, section: str, index: int) -> tuple[str, ...]:
        from deckeditor import categories

        entry = self.deck.section(section).entries[index]
        return categories.line_categories(
            entry, self.card(entry.card), self.game, self.pool, self.deck
        )

    def set_line_categories(self, section: str, index: int, names) -> None:
        """The line's categories as the player sets them (None: back to its card's roles)."""
        from deckeditor import categories

        entry = self.deck.section(section).entries[index]
        self.apply(
            categories.with_line_categories(self.deck, section, index, names),
            f"{entry.card}: categories {', '.join(names) if names is not None else 'from its text'}",
        )

    def rename_category(self, old: str, new: str) -> None:
        from deckeditor import categories

        self.apply(
            categories.rename_category(self.deck, self.game, self.pool, old, new),
            f"Category {old} renamed {new}",
        )

    def library_cards(self) -> list[str]:
        """The names of the cards shuffled into the library, a copy each (sample hands)."""
        from deckeditor import categories

        return [
            e.card
            for e, _card in categories.library_cards(self.deck, self.game, self.pool)
            for _ in range(e.count)
        ]

    def stats(self) -> Statistics:
        key = ("stats",)
        if key not in self._cache:
            self._cache[key] = self.game.statistics(self.deck, self.pool)
        return self._cache[key]

    def section_counts(self) -> list[SectionCount]:
        """Each section with its count against its target ("Main 40/40"), in pane order."""
        key = ("section_counts",)
        if key not in self._cache:
            self._cache[key] = self.game.section_counts(self.deck, self.fmt, self.pool)
        return self._cache[key]

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

    def _try_approve(self, deck: Deck, name: str, section: str) -> tuple[Deck, str] | None:
        """The deck *before* the addition with the committed choice, and the message."""
        return self.game.try_approve(deck, self.pool, self.card(name), self.fmt, section)

    def remove(self, section: str, index: int, count: int | None = 1) -> None:
        entry = self.deck.section(section).entries[index]
        self.apply(self.deck.remove(section, index, count), f"Removed {entry.card}")

    def set_count(self, section: str, index: int, count: int) -> None:
        entry = self.deck.section(section).entries[index]
        if count <= 0:
            self.apply(self.deck.remove(section, index), f"Removed {entry.card}")
        else:
            deck = self.deck.replace_entry(section, index, entry.with_count(min(count, 9999)))
            self.apply(deck, f"{entry.card}: {count}")

    def move(self, section: str, index: int, target: str, count: int | None = None) -> None:
        entry = self.deck.section(section).entries[index]
        if target == section:
            return
        self.apply(self.deck.move(section, index, target, count), f"Moved {entry.card} to {target}")

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
        from dataclasses import replace

        entry = self.deck.section(section).entries[index]
        chosen = self.game.normalise_choice(colors)
        deck = self.deck.replace_entry(section, index, replace(entry, colors=chosen))
        self.apply(deck, f"{entry.card}: colours {chosen or 'none'}")

    def set_printing(self, section: str, index: int, printing) -> None:
        """Give a line a printing (None: any printing); a merge with an equal line is the deck's."""
        from dataclasses import replace

        entry = self.deck.section(section).entries[index]
        printing = None if printing is None or printing.is_empty() else printing
        if printing == entry.printing:
            return
        deck = self.deck.replace_entry(section, index, replace(entry, printing=printing))
        label = printing.label() if printing is not None else "any printing"
        self.apply(deck, f"{entry.card}: {label}")

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


def find_entries(deck: Deck, names: Iterable[str]) -> list[tuple[str, int]]:
    """(section, index) of every entry naming one of `names` (a problem's cards)."""
    wanted = set(names)
    out = []
    for sec in deck.sections:
        for i, entry in enumerate(sec.entries):
            if entry.card in wanted:
                out.append((sec.name, i))
    return out


# --- files --------------------------------------------------------------------------------------


def deck_file_game(path: str) -> str:
    """The game whose pool a deck file needs (its kind, or our own file's `game`), so it is read
    once, against that pool; the default game for a file that cannot be read."""
    from deckeditor import deckio

    game = deckio.game_of(path)
    return game if game in registry.GAMES else registry.DEFAULT_GAME


def read_deck_file(path_or_text: str | bytes, pool: Any, kind: str | None = None) -> Any:
    """Any deck file the program reads -> an ImportResult (deck, kind, lines, notes)."""
    from deckeditor import deckio

    return deckio.read_deck(path_or_text, pool, kind=kind)


def write_deck_text(deck: Deck, kind: str, pool: Any) -> str | bytes:
    if kind == "json":
        from deckeditor.deckfile import write_json_deck

        return write_json_deck(deck)
    from deckeditor import deckio

    return deckio.write_deck(deck, kind, pool)


def save_deck_file(path: str, deck: Deck, kind: str = "json", pool: Any = None) -> None:
    from deckeditor.deckfile import save_atomic

    save_atomic(path, write_deck_text(deck, kind, pool))


def export_kinds(game: str) -> list[str]:
    """The kinds the Export dialog offers for a deck of this game."""
    return [k.kind for k in registry.game(game).export_kinds()]


def export_kind(game: str, kind: str) -> ExportKind:
    """One export kind of the game (label, extension); an unknown kind gets a plain label."""
    for k in registry.game(game).export_kinds():
        if k.kind == kind:
            return k
    return ExportKind(kind, kind, ".txt")


def share_kinds(game: str) -> list[ExportKind]:
    """The kinds players paste to share a deck (Edit › Copy deck as…), from the game's list."""
    return [k for k in registry.game(game).export_kinds() if k.shares]


def deck_text(deck: Deck, kind: str, pool: Any) -> str:
    """The deck written as a text kind (what goes on the clipboard)."""
    text = write_deck_text(deck, kind, pool)
    return text.decode("utf-8") if isinstance(text, bytes) else text


def export_losses(
    deck: Deck, kind: str, pool: Any = None, *, reread_only: bool = False
) -> list[str]:
    """What a `kind` file loses of the deck, against the pool it will be written with (a Forge
    line's set comes from the pool's printings); `reread_only`: only what Deck Editor itself
    loses reading it back (a save in place), not what the other program ignores of it."""
    if kind == "json":
        return []
    from deckeditor import deckio

    return list(deckio.export_losses(deck, kind, pool, reread_only=reread_only))
