"""Draw odds: the exact chance of at least *k* wanted cards in the opening hand and by a turn.

Game-neutral: a library of `deck` cards of which `wanted` are the kind asked about (lands, a
category's cards, the copies of one card), an opening hand of `hand` cards (7), one draw a turn.

**Draws.** By turn *t* the player has seen the opening hand plus one card for each draw step of
turns 1..t; the player on the play skips the first one: ``t - 1`` draws on the play, ``t`` on the
draw. Turn 0 means the opening hand alone.

**The mulligan model (London).** ``mulligans`` is how many mulligans the player allows (0, 1 or 2:
hands kept at 7, 6 or 5 cards). Each try shuffles the whole deck and draws `hand` cards. The
player mulligans exactly when the drawn hand holds fewer than ``keep_at_least`` wanted cards
(default *k*) and a mulligan is left; after the *j*-th mulligan the kept hand puts *j* cards on
the bottom of the library, chosen optimally: unwanted cards first, so the kept hand holds
``min(x, hand - j)`` of the *x* wanted cards drawn. The last allowed try is kept whatever it holds.
Cards put on the bottom are never drawn in the turns counted (the library below them is far
larger than the draws), so the later draws come from the ``deck - hand`` cards not seen, of which
``wanted - x`` are wanted. The tries are independent (each is a fresh shuffle), so
``P = Σ_j P(first j tries mulliganed) · P(try j is kept and succeeds)``.

**The set-aside mulligan (Riftbound).** A game whose `HandRule.mulligan` is ``"set_aside"`` deals
`hand` cards once; a hand with fewer than ``keep_at_least`` wanted cards sets aside up to
``set_aside`` of its unwanted cards (to the bottom, never drawn again in the turns counted) and
draws as many from the library; the later draws come from what is left. `chance_with` answers for
either rule; the window and the `odds` command ask the deck's game for its rule.

Every probability is a sum of products of binomial coefficients (`math.comb`), computed in exact
integers and fractions, then turned into a float once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from deckeditor.hand_rule import LONDON, OPENING_HAND, HandRule  # noqa: F401 (the odds' names)


def percent(p: float) -> str:
    """One decimal; a chance short of certain never reads as 100.0% (nor a possible one as 0.0%)."""
    if 0.9995 <= p < 1:
        return ">99.9%"
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def hypergeometric(deck: int, wanted: int, drawn: int, hits: int) -> Fraction:
    """P(exactly `hits` wanted cards among `drawn` cards drawn from `deck`, `wanted` of them wanted)."""
    if not (0 <= hits <= drawn <= deck) or hits > wanted or drawn - hits > deck - wanted:
        return Fraction(0)
    return Fraction(comb(wanted, hits) * comb(deck - wanted, drawn - hits), comb(deck, drawn))


def at_least(deck: int, wanted: int, drawn: int, k: int) -> Fraction:
    """P(at least `k` wanted cards among `drawn` cards), no mulligan."""
    _check(deck, wanted, drawn)
    if k <= 0:
        return Fraction(1)
    return sum(
        (hypergeometric(deck, wanted, drawn, i) for i in range(k, min(wanted, drawn) + 1)),
        Fraction(0),
    )


def draws_by_turn(turn: int, on_draw: bool = False) -> int:
    """Cards drawn after the opening hand by the end of turn `turn`'s draw step."""
    if turn < 0:
        raise ValueError("a turn is 0 (the opening hand) or more")
    if turn == 0:
        return 0
    return turn if on_draw else turn - 1


def chance(
    deck: int,
    wanted: int,
    k: int = 1,
    turn: int = 0,
    on_draw: bool = False,
    mulligans: int = 0,
    hand: int = OPENING_HAND,
    keep_at_least: int | None = None,
) -> Fraction:
    """P(at least `k` wanted cards in hand by `turn`) under the module's draw and mulligan model."""
    draws = draws_by_turn(turn, on_draw)
    _check(deck, wanted, hand + draws)
    if not 0 <= mulligans < hand:
        raise ValueError(f"mulligans must be from 0 to {hand - 1}")
    if k <= 0:
        return Fraction(1)
    keep = k if keep_at_least is None else keep_at_least
    unseen = deck - hand
    mulligan_p = sum(
        (hypergeometric(deck, wanted, hand, x) for x in range(0, min(keep, hand + 1))), Fraction(0)
    )
    total = Fraction(0)
    reach = Fraction(1)  # P(every earlier try was mulliganed)
    for j in range(mulligans + 1):
        last = j == mulligans
        kept_p = Fraction(0)
        for x in range(0, min(wanted, hand) + 1):
            p_x = hypergeometric(deck, wanted, hand, x)
            if not p_x or (not last and x < keep):
                continue
            in_hand = min(x, hand - j)
            if in_hand >= k:
                kept_p += p_x
            else:
                kept_p += p_x * at_least(unseen, wanted - x, draws, k - in_hand)
        total += reach * kept_p
        reach *= mulligan_p
    return total


def chance_with(
    rule: HandRule,
    deck: int,
    wanted: int,
    k: int = 1,
    turn: int = 0,
    on_draw: bool = False,
    choice: int = 0,
) -> Fraction:
    """`chance` under a game's hand rule; `choice` is one of `rule.choices()`'s numbers."""
    if rule.mulligan == "set_aside":
        return set_aside_chance(deck, wanted, k, turn, on_draw, rule.size, choice)
    return chance(deck, wanted, k, turn, on_draw, choice, rule.size)


def set_aside_chance(
    deck: int,
    wanted: int,
    k: int = 1,
    turn: int = 0,
    on_draw: bool = False,
    hand: int = 4,
    set_aside: int = 2,
) -> Fraction:
    """P(at least `k` wanted cards by `turn`) when a hand short of `k` sets aside up to
    `set_aside` unwanted cards and draws as many (the module's set-aside model)."""
    draws = draws_by_turn(turn, on_draw)
    _check(deck, wanted, hand + draws)
    if not 0 <= set_aside <= hand:
        raise ValueError(f"set aside from 0 to {hand} cards")
    if k <= 0:
        return Fraction(1)
    unseen = deck - hand
    total = Fraction(0)
    for x in range(0, min(wanted, hand) + 1):
        p_x = hypergeometric(deck, wanted, hand, x)
        if not p_x:
            continue
        if x >= k:
            total += p_x
            continue
        aside = min(set_aside, hand - x, unseen)
        left = unseen - aside  # the set-aside cards lie below these
        for y in range(0, min(aside, wanted - x) + 1):
            p_y = hypergeometric(unseen, wanted - x, aside, y)
            if p_y:
                need = k - x - y
                total += p_x * p_y * at_least(left, wanted - x - y, min(draws, left), need)
    return total


def _check(deck: int, wanted: int, drawn: int) -> None:
    if deck < 0 or not 0 <= wanted <= deck:
        raise ValueError(f"{wanted} wanted cards in a deck of {deck}")
    if drawn > deck:
        raise ValueError(f"cannot draw {drawn} cards from a deck of {deck}")


@dataclass(frozen=True, slots=True)
class OddsRow:
    """One line of an odds table: the chance on the play and on the draw, for hands kept at
    7, 6 and 5 cards (0, 1, 2 mulligans allowed)."""

    turn: int
    on_play: tuple[float, float, float]
    on_draw: tuple[float, float, float]


def odds_table(
    deck: int, wanted: int, k: int = 1, turns: Sequence[int] = (0, 1, 2, 3, 4, 5)
) -> list[OddsRow]:
    rows = []
    for turn in turns:
        if OPENING_HAND + draws_by_turn(turn, True) > deck:
            break
        rows.append(
            OddsRow(
                turn,
                tuple(float(chance(deck, wanted, k, turn, False, m)) for m in range(3)),  # type: ignore[arg-type]
                tuple(float(chance(deck, wanted, k, turn, True, m)) for m in range(3)),  # type: ignore[arg-type]
            )
        )
    return rows


# --- a sample hand ----------------------------------------------------------------------------------


@dataclass
class SampleHand:
    """A shuffled library and the hand drawn from it, for trying a deck out.

    Seeded, so a hand can be shown again (`seed`); `redraw` shuffles anew with the next seed,
    `draw` takes the library's top card. `mulligan` follows the game's `rule`: London (a fresh
    hand, then `to_bottom` cards go to the bottom: the player picks them with `bottom`) or set
    aside (once, the same hand: each card picked with `bottom`, up to `to_bottom`, goes to the
    bottom and the library's top card takes its place; a draw ends the setting aside)."""

    cards: Sequence[str]
    seed: int = 0
    rule: HandRule = LONDON
    hand: list[str] = field(default_factory=list)
    library: list[str] = field(default_factory=list)
    mulligans: int = 0
    to_bottom: int = 0
    drawn: int = 0

    def __post_init__(self) -> None:
        self._deal()

    @property
    def sets_aside(self) -> bool:
        return self.rule.mulligan == "set_aside"

    def _deal(self) -> None:
        library = list(self.cards)
        random.Random(f"{self.seed}/{self.mulligans}").shuffle(library)
        size = min(self.rule.size, len(library))
        self.hand, self.library = library[:size], library[size:]
        self.to_bottom = min(self.mulligans, len(self.hand))
        self.drawn = 0

    def redraw(self) -> None:
        """A new hand: the next seed, no mulligan."""
        self.seed += 1
        self.mulligans = 0
        self._deal()

    def mulligan(self) -> None:
        if self.sets_aside:
            if self.mulligans or self.drawn:
                raise ValueError(
                    "one mulligan, before the first draw: New hand (Ctrl+R) deals again"
                )
            self.mulligans = 1
            self.to_bottom = min(self.rule.most, len(self.hand), len(self.library))
            return
        if self.mulligans + 1 >= self.rule.size:
            raise ValueError("no more mulligans: the hand would be empty")
        self.mulligans += 1
        self._deal()

    def bottom(self, index: int) -> None:
        """Put the hand's card at `index` on the bottom of the library (London mulligan); set
        aside, the library's top card takes its place."""
        if self.to_bottom <= 0:
            raise ValueError("no card is owed to the bottom of the library")
        card = self.hand.pop(index)
        if self.sets_aside:
            self.hand.insert(index, self.library.pop(0))
        self.library.append(card)
        self.to_bottom -= 1

    def draw(self) -> str | None:
        if self.sets_aside:
            self.to_bottom = 0  # up to that many: a draw keeps the hand as it is
        if self.to_bottom:
            raise ValueError(f"put {self.to_bottom} card(s) on the bottom first")
        if not self.library:
            return None
        card = self.library.pop(0)
        self.hand.append(card)
        self.drawn += 1
        return card


__all__ = [
    "LONDON",
    "OPENING_HAND",
    "HandRule",
    "OddsRow",
    "SampleHand",
    "at_least",
    "chance",
    "chance_with",
    "draws_by_turn",
    "hypergeometric",
    "odds_table",
    "set_aside_chance",
]
