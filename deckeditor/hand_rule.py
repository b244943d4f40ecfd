"""A game's opening hand and mulligan (`HandRule`: MTG's seven and London, Riftbound's four and
set-aside), declared by each game. Apart from the odds (`deckeditor.odds`), which read it: the
game interface names it at start-up, the odds' arithmetic (fractions, sampling) is loaded when
the odds are first asked (issue 24.10)."""

from __future__ import annotations

from dataclasses import dataclass

OPENING_HAND = 7


@dataclass(frozen=True, slots=True)
class HandRule:
    """A game's opening hand: `size` cards; its mulligan `london` (the whole hand redrawn, one
    card to the bottom per mulligan taken; the odds show up to `most` mulligans) or `set_aside`
    (once: up to `most` cards of the hand set aside to the bottom and as many drawn)."""

    size: int = OPENING_HAND
    mulligan: str = "london"
    most: int = 2

    def choices(self) -> tuple[tuple[int, str], ...]:
        """The odds' columns: (mulligans taken or cards set aside at most, its short label)."""
        if self.mulligan == "set_aside":
            return tuple(
                (n, str(self.size) if n == 0 else f"{self.size}, {n} aside")
                for n in range(self.most + 1)
            )
        return tuple((m, str(self.size - m)) for m in range(self.most + 1) if self.size - m >= 1)

    def explained(self) -> str:
        """The columns in a player's words (the odds table's tooltip)."""
        if self.mulligan == "set_aside":
            return (
                f"{self.size}: the opening hand kept; “{self.size}, n aside”: a hand without them "
                f"sets aside up to n of its other cards (to the bottom) and draws as many"
            )
        sizes = ", ".join(label for _, label in self.choices())
        return (
            f"{sizes}: the hand kept after 0, 1 or 2 London mulligans (a hand without them is "
            f"mulliganed, the cards put on the bottom are the others)"
        )


LONDON = HandRule()
