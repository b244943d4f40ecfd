"""The deck's target bracket as a budget the catalog reads (`brackets.py` has the rules).

Like the additional-colour budget: read-only while looking ("would this card still fit the
bracket?"), committed only by adding the card. With a target bracket, a card the deck's own
sections (Commander, Companion, Main) could not take without breaking it is hidden with a reason;
a Game Changer that still fits is marked "uses 1 of 3" / "uses the last slot". For the whole pool
the hidden cards are one bitset per category, cached on the pool's index like every other.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from deckeditor.deck import Deck
from deckeditor.games.mtg import brackets as B
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.pool_bits import PoolIndex
from deckeditor.games.mtg.spellbook import combos_of

# The Oracle-text categories and the Game Changer list are imported where a target bracket is
# read: a deck without one (and every window start) never needs them.
from deckeditor.names import name_key
from deckeditor.search import bits

TARGET_SECTIONS = B.BRACKET_SECTIONS
_WORDS = {0: "no", 1: "one", 2: "two", 3: "three"}


def _n(k: int) -> str:
    return _WORDS.get(k, str(k))


@dataclass(frozen=True, slots=True)
class BracketBudget:
    target: int
    day: date
    gc_allowed: int | None  # None: any number
    gc_used: int
    turns_allowed: int | None  # extra-turn cards the target still calls "not chained"
    turns_used: int
    no_mld: bool
    in_deck: frozenset[str]  # names of the deck's bracket cards (adding them again counts nothing)
    # pool name -> the combo it would complete (two names), target 1-2 only
    combo_partners: dict[str, tuple[str, str]]

    @classmethod
    def of(cls, deck: Deck, day: date, pool: Pool) -> BracketBudget | None:
        target = B.target_of(deck)
        if target is None:
            return None
        table = combos_of(pool)
        rep = B.report(deck, day, pool, combos=table)
        cards = B.deck_cards(deck, pool)
        partners: dict[str, tuple[str, str]] = {}
        if table is not None and target <= 2:
            for card in cards:
                for combo in table.by_card.get(name_key(card.name), ()):
                    for other in combo.cards:
                        found = pool.lookup(other)
                        if found is not None and found.name != card.name:
                            partners.setdefault(found.name, combo.cards)
        turns_allowed = 0 if target == 1 else (B.CHAINED - 1 if target <= 3 else None)
        return cls(
            target,
            day,
            B.GC_ALLOWED.get(target),
            len(rep.game_changers),
            turns_allowed,
            len(rep.extra_turns),
            target <= 3,
            frozenset(c.name for c in cards),
            partners,
        )

    # -- per card -------------------------------------------------------------------------------

    def reasons(self, card: Card) -> list[tuple[str, str]]:
        """(code, text) for each way adding `card` would break the target bracket."""
        # lazy: only a deck with a target bracket reads the categories and the list
        from deckeditor.games.mtg.bracket_categories import is_extra_turn, is_mass_land_denial
        from deckeditor.games.mtg.gamechangers import is_game_changer

        if card.name in self.in_deck:
            return []
        out: list[tuple[str, str]] = []
        t = f"Bracket {self.target}"
        if (
            self.gc_allowed is not None
            and self.gc_used >= self.gc_allowed
            and is_game_changer(card, self.day)
        ):
            if self.gc_allowed:
                text = f"{t} allows {_n(self.gc_allowed)} Game Changers; the deck has {_n(self.gc_used)}"
            else:
                text = f"{t} allows no Game Changers"
            out.append(("BRACKET_GAME_CHANGERS", text))
        if self.no_mld and is_mass_land_denial(card):
            out.append(("BRACKET_LAND_DENIAL", f"{t} allows no mass land denial"))
        if (
            self.turns_allowed is not None
            and self.turns_used >= self.turns_allowed
            and is_extra_turn(card)
        ):
            text = (
                f"{t} allows no extra turns"
                if not self.turns_allowed
                else f"{t} allows extra turns only in low quantities, not chained; the deck has "
                f"{_n(self.turns_used)}"
            )
            out.append(("BRACKET_EXTRA_TURNS", text))
        combo = self.combo_partners.get(card.name)
        if combo is not None:
            out.append(
                ("BRACKET_COMBO", f"{t} allows no two-card infinite combos: {' + '.join(combo)}")
            )
        return out

    def mark(self, card: Card) -> str | None:
        """ "uses 1 of 3" / "uses the last slot" for a Game Changer that still fits; else None."""
        allowed = self.gc_allowed
        if not allowed or card.name in self.in_deck or self.gc_used >= allowed:
            return None
        from deckeditor.games.mtg.gamechangers import is_game_changer  # lazy: as in `reasons`

        if not is_game_changer(card, self.day):
            return None
        return (
            "uses the last slot"
            if self.gc_used == allowed - 1
            else f"uses {self.gc_used + 1} of {allowed}"
        )

    # -- whole pool -------------------------------------------------------------------------------

    def hidden_bits(self, idx: PoolIndex) -> int:
        """Rows `reasons` would hide, as one bitset (each category cached on the pool index)."""
        # lazy: as in `reasons`
        from deckeditor.games.mtg.bracket_categories import is_extra_turn, is_mass_land_denial

        hidden = 0
        if self.gc_allowed is not None and self.gc_used >= self.gc_allowed:
            hidden |= gc_bits(idx, self.day)
        if self.no_mld:
            hidden |= idx.flag_bits("bracket:mld", is_mass_land_denial, stored=True)
        if self.turns_allowed is not None and self.turns_used >= self.turns_allowed:
            hidden |= idx.flag_bits("bracket:extra-turn", is_extra_turn, stored=True)
        row_of = idx.pool.row_of
        partners = [r for r in map(row_of, self.combo_partners) if r is not None]
        if partners:
            hidden |= bits.from_rows(partners, idx.size)
        in_deck = [r for r in map(row_of, self.in_deck) if r is not None]
        return hidden & ~bits.from_rows(in_deck, idx.size) if hidden and in_deck else hidden


def gc_bits(idx: PoolIndex, day: date) -> int:
    # lazy: as in `BracketBudget.reasons`
    from deckeditor.games.mtg.gamechangers import is_game_changer, list_key, shipped_list

    gc_list = shipped_list()
    return idx.flag_bits(list_key(day, gc_list), lambda c: is_game_changer(c, day, gc_list))


__all__ = ["TARGET_SECTIONS", "BracketBudget", "gc_bits"]
