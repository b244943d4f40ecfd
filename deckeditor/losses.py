"""An export's loss list as a player reads it: one line per kind of loss ("no MTGO id … — 68
cards: Sol Ring, Counterspell, … and 62 more"), not one line per card. The lines the writers give
name a card then what it loses (`Card: what` or `Card's what`); lines that share the what are
one group."""

from __future__ import annotations

from dataclasses import dataclass

SHOWN = 5  # card names written out in a group's line; the rest are counted


@dataclass(frozen=True, slots=True)
class LossGroup:
    what: str
    cards: tuple[str, ...]  # () for a loss of the deck itself ("notes not written")

    def line(self) -> str:
        if not self.cards:
            return self.what
        if len(self.cards) == 1:
            return f"{self.cards[0]}: {self.what}"
        named = ", ".join(self.cards[:SHOWN])
        more = f" and {len(self.cards) - SHOWN} more" if len(self.cards) > SHOWN else ""
        return f"{self.what} — {len(self.cards)} cards: {named}{more}"

    def sentence(self) -> str:
        """The line as the window shows it: a sentence, its first letter upper-case ("Notes not
        written", "No MTGO id …"; a line naming a card starts with the card's name already)."""
        line = self.line()
        return line[:1].upper() + line[1:]


def _split(line: str) -> tuple[str, str] | None:
    card, sep, what = line.rpartition(": ")
    if sep and card and what:
        return card, what
    card, sep, what = line.rpartition("'s ")
    if sep and card and what:
        return card, what
    return None


def group_losses(lines: list[str]) -> list[LossGroup]:
    """Groups in the order their first line came; a card-less line stays a group of its own."""
    groups: dict[str, list[str]] = {}
    order: list[str] = []
    for line in lines:
        parts = _split(line)
        if parts is None:
            key, card = line, None
        else:
            card, key = parts
        if key not in groups:
            groups[key] = []
            order.append(key)
        if card is not None and card not in groups[key]:
            groups[key].append(card)
    return [LossGroup(key, tuple(groups[key])) for key in order]
