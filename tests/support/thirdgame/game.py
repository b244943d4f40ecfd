"""Pebbles behind the game interface: one rule (the Deck holds exactly three pebbles)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from deckeditor.deck import Deck
from deckeditor.games.interface import Game, HiddenReason
from deckeditor.problems import Problem, ProblemKind
from tests.support.thirdgame.cards import Pebble
from tests.support.thirdgame.declaration import FORMAT_FILE
from tests.support.thirdgame.files import SECTIONS


class _AnyPebble:
    """The catalog predicate: every pebble may be added."""

    budget_open = False

    def __call__(self, card: Any) -> bool:
        return True

    def why_hidden(self, card: Any) -> Sequence[HiddenReason]:
        return ()

    def visible_rows(self, rows: Iterable[int] | None = None) -> list[int] | None:
        return None if rows is None else list(rows)

    def visible_bits(self) -> int | None:
        return None

    def possible_partner_rows(self) -> Sequence[int]:
        return ()

    def commits(self, card: Any) -> str | None:
        return None

    def catalog_mark(self, card: Any) -> str | None:
        return None


class PebblesGame(Game):
    code = "pebbles"
    title = "Pebbles"
    new_deck_label = "Pebbles deck"
    sections = SECTIONS
    default_format = str(FORMAT_FILE)
    checked_sections = ("Deck",)

    def owns(self, card: Any) -> bool:
        return isinstance(card, Pebble)

    def check(self, deck: Deck, fmt: Any, day: Any, pool: Any) -> list[Problem]:
        problems = []
        unknown = [e.card for _, e in deck.entries() if pool is None or pool.get(e.card) is None]
        if unknown:
            problems.append(
                Problem.make(ProblemKind.UNKNOWN_CARD, None, unknown, "not a known pebble")
            )
        count = deck.count("Deck")
        if count < 3:
            problems.append(
                Problem.make(
                    ProblemKind.DECK_TOO_SMALL, "Deck", (), f"Deck has {count} pebbles; needs 3"
                )
            )
        return problems

    def make_predicate(
        self, deck: Deck, fmt: Any, day: Any, pool: Any, target_section: str = "Deck"
    ) -> _AnyPebble:
        return _AnyPebble()


GAME = PebblesGame()
