"""Copy limits (`mtg-rules.md` §6) and the format's Ruling: how many copies of a card a deck may
hold, shared by the conformance check and the catalog predicate.

Bans, restrictions and copy limits are asked of the seed-001 `Ruling` (`formats.md` §13) with a
card-like object (`LimitCard`) carrying the card's own base limit: basic lands any number, else the
largest of the card's own text, its own `Copies` rules and the deck's `Copies` rules naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from deckeditor.formats import Format, Ruling
from deckeditor.games.mtg.approval import DeckView, Item, Tally, is_basic_land
from deckeditor.games.mtg.branches import match_cached
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.deckrule import CopiesRule, rules_of
from deckeditor.games.mtg.rulesets import SECTION_ORDER
from deckeditor.names import name_key, slug

ANY_NUMBER = 999


@dataclass(frozen=True, slots=True)
class LimitCard:
    """The card-like object the format engine is asked about (`formats.md` §1, §13.1)."""

    id: str
    copy_limit: int | None


# --- the Ruling of a (format, day), kept because building one merges its lists ----------------

_RULINGS: dict[tuple[int, date], tuple[Format, Ruling]] = {}


def ruling_for(fmt: Format, day: date) -> Ruling:
    key = (id(fmt), day)
    hit = _RULINGS.get(key)
    if hit is not None and hit[0] is fmt:
        return hit[1]
    if len(_RULINGS) > 64:
        _RULINGS.clear()
    ruling = fmt.ruling_on(day)
    _RULINGS[key] = (fmt, ruling)
    return ruling


# --- copy limits (§6) ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BaseLimit:
    value: int | None  # B; None: the Format's copies
    source: str  # for messages: "basic land", "its own text", "the rules of X"
    own_zero: bool = False  # forbidden by itself


def own_limit_rules(card: Card) -> list[CopiesRule]:
    return [
        r
        for r in rules_of(card)
        if isinstance(r, CopiesRule)
        and r.limit is not None
        and not r.active_invalid
        and match_cached(r.affected, card)
    ]


# A deck's Copies rules with the card that carries each (a carrier's own rule is not a deck rule
# for it).
DeckCopiesRules = Sequence[tuple[CopiesRule, Card]]


def base_limit(card: Card | None, deck_rules: DeckCopiesRules = ()) -> BaseLimit:
    """§6: basic lands 999; else the largest of the card's own and the deck's Copies values."""
    if card is None:
        return BaseLimit(None, "")
    if is_basic_land(card):
        return BaseLimit(ANY_NUMBER, "basic land")
    values: list[tuple[int, str, bool]] = []
    if card.own_copy_limit is not None:
        values.append((card.own_copy_limit, "its own text", True))
    for r in own_limit_rules(card):
        if r.limit is not None:  # always: own_limit_rules keeps the limited rules only
            values.append((r.limit, "its own rules", True))
    for rule, carrier in deck_rules:
        if carrier is card or rule.limit is None:
            continue
        if match_cached(rule.affected, card):
            values.append((rule.limit, f"the rules of {carrier.name}", False))
    if any(v == 0 and own for v, _, own in values):
        return BaseLimit(0, "its own rules", True)
    if not values:
        return BaseLimit(None, "")
    value, source, _ = max(values, key=lambda v: v[0])
    return BaseLimit(min(value, ANY_NUMBER), source)


def limit_card(card: Card | None, written: str, base: BaseLimit) -> LimitCard:
    ident = card.id if card is not None else slug(written)
    return LimitCard(ident, base.value if base.value else None)


def written_name(it: Item) -> str:
    """The card's Oracle name, or the deck line's own when the pool does not know it."""
    return it.card.name if it.card is not None else it.entry.card


def tally(view: DeckView) -> dict[str, Tally]:
    """Copies per name key over the checked sections, sections in section order (counted once
    per view; the caller reads it, never changes it)."""
    if view.tallied is None:
        view.tallied = _tally(view)
    return view.tallied


def _tally(view: DeckView) -> dict[str, Tally]:
    out: dict[str, Tally] = {}
    for it in view.checked:
        name = written_name(it)
        key = name_key(name)
        t = out.get(key)
        if t is None:
            t = out[key] = Tally(name, it.card, 0, [])
        t.count += it.entry.count
        if it.section not in t.sections:
            t.sections.append(it.section)
    for t in out.values():
        t.sections.sort(key=lambda s: SECTION_ORDER.get(s, 9))
    return out


def deck_copies_rules(view: DeckView) -> list[tuple[CopiesRule, Card]]:
    return [
        (rule, it.card)
        for rule, it in view.rules
        if isinstance(rule, CopiesRule) and rule.limit is not None and it.card is not None
    ]
