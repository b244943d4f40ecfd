"""What the session shows of one snapshot of the deck, each computed once, when first asked: its
problems, the catalog predicate per target and what the catalog reads from it (legal rows and
bits, partner rows, why a card is hidden), and the game's views (statistics, section counts,
the template's status, the deck-level target's status).

The session makes new views after every change. When an engine fails on the deck, the view
says so (`engine_note`) and answers as if nothing were narrowed, never a false "legal".
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.format_catalog import FormatInfo
from deckeditor.games import categories, registry
from deckeditor.games.interface import (
    ColorBudget,
    Game,
    HiddenReason,
    Predicate,
    SectionCount,
    Statistics,
)
from deckeditor.problems import Problem, ProblemKind, Severity

_FLAG_DIGIT = bytes.maketrans(b"\x00\x01", b"01")
_PIP_RE = re.compile(r"\{([^}]*)\}")

_DAY = r"(\d{4}-\d{2}-\d{2})"
Words = Callable[..., str]  # (match, t=title) -> the words
# the format engine's labels (formats.md §5) as players say them, given the format's title
_LABELS: tuple[tuple[re.Pattern[str], Words], ...] = (
    (re.compile(rf'(banned|restricted) by the taboo list "[^"]*" from {_DAY}', re.I),
     lambda m, t: f"{m[1]} in {t} since {m[2]}"),
    (re.compile(rf'the taboo list "[^"]*" from {_DAY} restricts it to (\d+)', re.I),
     lambda m, t: f"{t} restricts it to {m[2]} since {m[1]}"),
    (re.compile(r'(banned|restricted|forbidden) by the format "[^"]*"', re.I),
     lambda m, t: f"{m[1]} in {t}"),
    (re.compile(r'the format "[^"]*" restricts it to', re.I), lambda m, t: f"{t} restricts it to"),
)  # fmt: skip


def player_words(text: str, fmt: FormatInfo | None = None) -> str:
    """A rules message in the words players use: a format's dated list is its banned list
    ("banned in Commander since 2024-09-23", not 'by the taboo list "2024-09" from …'; "Vintage
    restricts it to 1 since 2026-01-03", not 'the taboo list "2026-01-03" from 2026-01-03
    restricts it to 1'), and the format is its title, not its code. The checker's own wording
    stays for `check` (a contract); the window shows this."""
    title = (fmt.title if fmt is not None else None) or "this format"
    for pattern, words in _LABELS:
        text = pattern.sub(partial(words, t=title), text)
    return text


def window_problems(
    problems: Iterable[Problem], game: Game, fmt: FormatInfo | None, pool: Any
) -> list[Problem]:
    """The problems as the window lists them: in players' words, each tagged with its section
    as the deck pane names it under `fmt` (the game says: Oathbreaker's "Signature spell")."""
    return [
        replace(p, message=player_words(p.message, fmt), section=game.problem_section(p, fmt, pool))
        for p in problems
    ]


# --- what a card's game answers ---------------------------------------------------------------


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


def deck_stats(deck: Deck, pool: CardPool[Any] | None) -> Statistics:
    """The deck's statistics as values (charts, groups, summary, counts), from its game."""
    return registry.game(deck.game).statistics(deck, pool)


def compact_cost(cost: str) -> str:
    """`{2}{U}{U}` -> `2UU`; hybrid and Phyrexian symbols keep parentheses: `{W/U}` -> `(W/U)`."""
    return "".join(
        sym if len(sym) == 1 or sym.isdigit() else f"({sym})" for sym in _PIP_RE.findall(cost or "")
    )


class AllLegal:
    """The predicate used while the rules engine is absent: every card may be added."""

    def __call__(self, card: Any) -> bool:
        return True

    def why_hidden(self, card: Any) -> list[HiddenReason]:
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


class DeckViews:
    """The views of one snapshot of the deck. `game` is None for a game this build does not
    know (the deck is not checked), and `answers` then the default game's neutral answers;
    `fmt` is None when no format could be loaded (`format_error` says why)."""

    def __init__(
        self,
        deck: Deck,
        game: Game | None,
        answers: Game,
        fmt: FormatInfo | None,
        day: _dt.date,
        pool: CardPool[Any] | None,
        format_error: str | None = None,
    ) -> None:
        self.deck = deck
        self.game = game
        self.answers = answers
        self.fmt = fmt
        self.day = day
        self.pool = pool
        self.format_error = format_error
        self._problems: list[Problem] | None = None
        self._engine_error: str | None = None
        self._predicates: dict[str, Predicate] = {}
        self._legal: dict[str, frozenset[int] | None] = {}
        self._legal_bits: dict[str, int] = {}
        self._partners: dict[str, frozenset[int]] = {}
        self._target_status: tuple[str, str] | None = None
        self._template_status: list[categories.TargetStatus] | None = None
        self._stats: Statistics | None = None
        self._section_counts: list[SectionCount] | None = None

    def problems(self) -> list[Problem]:
        if self._problems is None:
            found: list[Problem] = []
            if self.game is not None and self.fmt is not None:
                try:
                    found = list(self.game.check(self.deck, self.fmt, self.day, self.pool))
                except Exception as exc:  # an engine bug must not take the window down: say it
                    self._engine_error = f"The deck could not be checked: {exc!r}"
                found += left_out(self.deck, self.game, self.fmt)
            self._problems = found
        return self._problems

    def engine_note(self) -> str | None:
        """Why no problems can be listed, when that is the case (never a false "legal")."""
        if self.format_error:
            return self.format_error
        self.problems()
        if self._engine_error is not None:
            return self._engine_error
        if self.game is None:
            return f"The {self.deck.game} rules engine is not available: the deck is not checked"
        if self.fmt is None:
            return "No format selected: the deck is not checked"
        return None

    def predicate(self, target: str = "Main") -> Predicate:
        pred = self._predicates.get(target)
        if pred is None:
            pred = AllLegal()
            if self.game is not None and self.fmt is not None:
                try:
                    pred = self.game.make_predicate(
                        self.deck, self.fmt, self.day, self.pool, target
                    )
                except Exception as exc:  # as above: every card shown, and the reason why
                    self._engine_error = f"The catalog could not be narrowed: {exc!r}"
            self._predicates[target] = pred
        return pred

    def legal_rows(self, target: str = "Main") -> frozenset[int] | None:
        """Pool rows the deck may take into `target`; None means every row."""
        if target not in self._legal:
            pred = self.predicate(target)
            rows = pred.visible_rows(None)  # every row's answer at once (bitsets, where kept)
            self._legal[target] = None if rows is None else frozenset(rows)
            bits = pred.visible_bits() if rows is not None else None
            if bits is not None:  # the same rows as a bitset, for the catalog's keystrokes
                self._legal_bits[target] = bits
        return self._legal[target]

    def legal_bits(self, target: str = "Main") -> int | None:
        """`legal_rows` as a bitset over row ids (bit r set: row r is legal); None: every row.
        An engine whose `visible_bits` is a bitset (the rows its `visible_rows` lists) answers
        without the rows being listed."""
        if target in self._legal_bits:
            return self._legal_bits[target]
        bits = self.predicate(target).visible_bits()
        if bits is not None:
            self._legal_bits[target] = bits
            return bits
        legal = self.legal_rows(target)
        if legal is None:
            return None
        if target not in self._legal_bits:
            flags = bytearray(len(self.pool) if self.pool is not None else 0)
            for r in legal:
                flags[r] = 1
            digits = bytes(flags[::-1]).translate(_FLAG_DIGIT)
            self._legal_bits[target] = int(digits, 2) if digits else 0
        return self._legal_bits[target]

    def partner_rows(self, target: str = "Main") -> frozenset[int]:
        """Cards shown only because they could partner the lone commander (mtg-rules.md §11)."""
        if target not in self._partners:
            self._partners[target] = frozenset(self.predicate(target).possible_partner_rows())
        return self._partners[target]

    def why_hidden(self, card: Any, target: str = "Main") -> list[str]:
        """The reasons the card may not go to `target`, in the words players use."""
        return [player_words(r.text, self.fmt) for r in self.predicate(target).why_hidden(card)]

    # --- the game's views ----------------------------------------------------------------

    def target_status(self) -> tuple[str, str]:
        """(the status bar's words, their tooltip) about the deck-level target. No words, no
        tooltip: the status bar hides the empty label, and an empty Commander deck's details
        would read the bracket tables at every start (~5 ms)."""
        if self._target_status is None:
            args = (self.deck, self.fmt, self.day, self.pool)
            try:
                words = self.answers.target_status(*args)
                details = self.answers.target_details(*args) if words else ""
                self._target_status = (words, details)
            except Exception as exc:  # a status line never takes the window down
                self._target_status = (f"({exc!r})", "")
        return self._target_status

    def template_status(self) -> list[categories.TargetStatus]:
        """Each category of the deck's template (or the game's default) with its count."""
        if self._template_status is None:
            self._template_status = categories.template_status(
                self.deck, self.answers, self.fmt, self.pool
            )
        return self._template_status

    def stats(self) -> Statistics:
        if self._stats is None:
            self._stats = self.answers.statistics(self.deck, self.pool)
        return self._stats

    def section_counts(self) -> list[SectionCount]:
        """Each section with its count against its target ("Main 40/40"), in pane order."""
        if self._section_counts is None:
            self._section_counts = self.answers.section_counts(self.deck, self.fmt, self.pool)
        return self._section_counts


def left_out(deck: Deck, game: Game, fmt: Any) -> list[Problem]:
    """A warning for each section of the game the format leaves out that still holds cards (a
    Commander deck switched to Vintage): the pane shows them, the check counts none of them, and
    the deck must not read as checked in full. The window's own, not `check`'s (cli.md's kinds)."""
    kept = set(game.sections_for(fmt))
    title = getattr(fmt, "title", "") or getattr(fmt, "code", "The format")
    out = []
    for name in game.sections:
        if name in kept:
            continue
        cards = list(dict.fromkeys(e.card for e in deck.section(name).entries))
        if not cards:
            continue
        them = "it" if len(cards) == 1 else "them"
        message = (
            f"{title} has no {game.section_title(name)} section: "
            f"{', '.join(cards)} {'is' if len(cards) == 1 else 'are'} not counted — move "
            f"{them} to a section {title} counts (Move to), or choose a format that has one"
        )
        out.append(
            Problem.make(ProblemKind.UNKNOWN_SECTION, name, cards, message, Severity.WARNING)
        )
    return out
