"""What the card view shows (`riftbound.md` §5.2): a unit previewed with gear attached, and a
card off the board with its Effect Text dimmed and its Might Bonus as a badge."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from deckeditor.games.riftbound.card import Card, Keyword

from .board import Board
from .model import (
    BoardCard,
    TextBlock,
    active_keywords,
    effective_might,
    effective_text,
    equipped,
    keywords_present,
    might_bonuses,
    might_text,
)

# --- the card view's preview ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttachmentView:
    """What the card view shows for a unit previewed with gear attached."""

    unit: str
    might: int | None
    might_text: str | None
    might_attacking: int | None
    might_defending: int | None
    printed_might: int | None
    bonuses: tuple[tuple[str, int], ...]
    text: tuple[TextBlock, ...]
    keywords: tuple[Keyword, ...]  # active
    keywords_present: tuple[Keyword, ...]
    equipped: bool
    top_most: bool


def view_of(x: BoardCard) -> AttachmentView:
    return AttachmentView(
        unit=x.card.name,
        might=effective_might(x),
        might_text=might_text(x),
        might_attacking=effective_might(x, attacking=True, defending=False),
        might_defending=effective_might(x, attacking=False, defending=True),
        printed_might=x.card.might,
        bonuses=tuple(might_bonuses(x)),
        text=tuple(effective_text(x)),
        keywords=tuple(active_keywords(x)),
        keywords_present=tuple(keywords_present(x)),
        equipped=equipped(x),
        top_most=x.top_most,
    )


def preview(unit_card: Card, gear_cards: Iterable[Card] = ()) -> AttachmentView:
    """The unit in base with each gear attached (the deck's "preview with Equipment")."""
    board = Board()
    unit = board.put(unit_card)
    for card in gear_cards:
        board.attach(board.put(card), unit)
    return view_of(unit)


@dataclass(frozen=True, slots=True)
class CardView:
    """A card off the board (catalog, deck list): texts as printed, Effect Text dimmed, the
    Might Bonus as a badge that is not applied (§5.2, case 18)."""

    rules_text: str
    effect_text: str | None
    effect_dimmed: bool
    effect_note: str
    bonus_badge: str | None
    bonus_applied: bool = False


def card_view(card: Card) -> CardView:
    return CardView(
        rules_text=card.rules_text,
        effect_text=card.effect_text,
        effect_dimmed=card.effect_text is not None,
        effect_note="applies only while attached" if card.effect_text is not None else "",
        bonus_badge=None if card.might_bonus is None else f"{card.might_bonus:+d}",
    )
