"""MTG deck sections with their targets (game interface): what the deck pane's headers show,
from the format's sizes and the rule set (mtg-rules.md §4): "Commander (2)",
"Main 99/99", "Sideboard 3/10". Under Oathbreaker the Commander section shows as two slots,
"Oathbreaker 1/1" and "Signature spell 1/1" (§5.4: the zone holds one oathbreaker and one
signature spell); the deck still keeps both in its Commander section, so every file kind that
has a command zone carries them as before."""

from __future__ import annotations

from collections.abc import Sequence

from deckeditor.deck import Deck
from deckeditor.games.interface import SectionCount
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.rulesets import (
    OATHBREAKER,
    FormatLike,
    can_be_oathbreaker,
    can_be_signature_spell,
    ruleset_for,
)
from deckeditor.games.mtg.section_names import SECTIONS as DECLARED_SECTIONS
from deckeditor.problems import Problem

SECTIONS = DECLARED_SECTIONS
OATHBREAKER_SLOT, SIGNATURE_SLOT = "Oathbreaker", "Signature spell"
SLOT_SECTIONS = {OATHBREAKER_SLOT: "Commander", SIGNATURE_SLOT: "Commander"}


def has_slots(fmt: FormatLike | None) -> bool:
    return fmt is not None and ruleset_for(fmt).code == OATHBREAKER


def add_targets(fmt: FormatLike | None, sections: Sequence[str]) -> tuple[str, ...]:
    """ "Add to"'s choices: under Oathbreaker the two slots stand in for Commander."""
    if not has_slots(fmt):
        return tuple(sections)
    out: list[str] = []
    for name in sections:
        out.extend((OATHBREAKER_SLOT, SIGNATURE_SLOT) if name == "Commander" else (name,))
    return tuple(out)


def slot_of(card: Card | None) -> str:
    """The slot a command-zone card shows in: an instant or sorcery is the signature spell;
    anything else (the oathbreaker, or a card the checker calls illegal there, or one the pool
    does not know) shows in the oathbreaker's slot, where the problem list names it."""
    if card is not None and can_be_signature_spell(card) and not can_be_oathbreaker(card):
        return SIGNATURE_SLOT
    return OATHBREAKER_SLOT


def problem_slot(problem: Problem, fmt: FormatLike | None, pool: Pool | None) -> str | None:
    """Under Oathbreaker a command-zone problem is tagged with its slot, as the pane shows it:
    the slot the checker named (a missing signature spell), else its cards' slot."""
    if problem.section != "Commander" or not has_slots(fmt):
        return problem.section
    named = problem.extra.get("slot")
    if isinstance(named, str):
        return named
    slots = {slot_of(pool.get(name) if pool is not None else None) for name in problem.cards}
    return slots.pop() if len(slots) == 1 else OATHBREAKER_SLOT


def _slot_counts(deck: Deck, pool: Pool | None) -> list[SectionCount]:
    entries = deck.section("Commander").entries
    slots = [slot_of(pool.get(e.card) if pool is not None else None) for e in entries]
    out = []
    for slot in (OATHBREAKER_SLOT, SIGNATURE_SLOT):
        mine = tuple(i for i, s in enumerate(slots) if s == slot)
        n = sum(entries[i].count for i in mine)
        out.append(SectionCount("Commander", slot, n, "1", n == 1, slot, mine))
    return out


def _sizes(fmt: FormatLike | None) -> tuple[int | None, int | None]:
    inner = getattr(fmt, "format", None)
    return getattr(inner, "min_size", None), getattr(inner, "max_size", None)


def _size_target(low: int | None, high: int | None) -> str:
    if low is None:
        return ""
    if high == low:
        return str(low)
    if high is None:
        return f"{low}+"
    return f"{low}–{high}"


def section_counts(
    deck: Deck, fmt: FormatLike | None, pool: Pool | None = None
) -> list[SectionCount]:
    names = list(SECTIONS) + [n for n in deck.section_names() if n not in SECTIONS]
    out = []
    ruleset = ruleset_for(fmt) if fmt is not None else None
    low, high = _sizes(fmt)
    leads = deck.section("Commander").total
    for name in names:
        n = deck.section(name).total
        target, ok = "", True
        if ruleset is not None and name == "Commander" and ruleset.command_zone:
            if ruleset.code == OATHBREAKER:  # the oathbreaker and its signature spell
                out.extend(_slot_counts(deck, pool))
                continue
            target, ok = "1 or 2", n in (1, 2)
        elif ruleset is not None and name == "Main":
            counted_elsewhere = leads if "Commander" in ruleset.counted else 0
            lo = None if low is None else max(0, low - counted_elsewhere)
            hi = None if high is None else max(0, high - counted_elsewhere)
            target = _size_target(lo, hi)
            ok = (lo is None or n >= lo) and (hi is None or n <= hi)
        elif ruleset is not None and name == "Sideboard" and n:
            target, ok = str(ruleset.sideboard_max), n <= ruleset.sideboard_max
        out.append(SectionCount(name, name, n, target, ok))
    return out
