"""The catalog predicate's bitsets over one pool (`mtg-rules.md` §11 implementation note).

Row ids are a pool's card indexes; a set of rows is a big int (bit r: row r). Cards are grouped
by identity mask, with one bitset per rule text, per ruling and per pool rule, cached per pool, so
one re-narrowing of the catalog costs a few dozen big-int operations.
"""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from functools import cache, cached_property
from typing import TypeVar

from deckeditor import formats
from deckeditor.carddb.derived import keep, remembered
from deckeditor.formats import Format, Ruling
from deckeditor.games.mtg.branches import (
    NONCREATURE_SUBTYPES,
    PERMANENT_TYPES,
    Branch,
    BranchList,
    branch_matches,
    card_facts,
)
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.copy_limits import LimitCard, own_limit_rules
from deckeditor.games.mtg.legality import (
    PoolRule,
    in_sets,
    printed_at_uncommon,
    source_ban,
    source_day,
    verdict,
)
from deckeditor.games.mtg.rulesets import partner_capable
from deckeditor.names import _NON_SLUG
from deckeditor.search import bits as bitsets

# the names the predicate and its tests know; one bitset module (`deckeditor.search.bits`)
bits_from_rows = bitsets.from_rows
rows_from_bits = bitsets.rows_of
T = TypeVar("T")


@cache
def rules_code() -> tuple[str, ...]:
    """The modules a stored bitset is stamped with: every module of MTG's rules and of the
    formats, so a change to any of them makes what earlier starts stored stale (never read back
    wrong), whichever helper a test of a flag calls."""
    names = ["deckeditor.names", bitsets.__name__]
    for package in (importlib.import_module(__package__ or "deckeditor.games.mtg"), formats):
        names += [f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]
    return tuple(sorted(names))


def _card_only(rule: PoolRule) -> bool:
    """A pool rule decided by the cards' own facts, the rule and the day alone: no set calendar
    (rotation, set pools) and no printings table (Pauper Commander's lead), whose data files a
    stored answer would not be stamped with."""
    return not (rule.by_sets or rule.rotating or rule.uncommon_lead or rule.sets_like)


class PoolIndex:
    """Bitsets over one pool's row ids; rebuilt when the pool changes size.

    Only the identity groups are built up front (start-up narrows by them); the type-word,
    partner and id tables are built on first use, since an empty deck or a deck without
    `DeckRule:` exemptions and budgets never needs them."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.size = len(pool)
        self.stamp = (getattr(pool, "generation", None), len(pool))
        self.all = (1 << self.size) - 1
        # read back from the card database when a start before this one stored them: the first
        # screen's legality pass then decodes no card (the pool decodes them after the paint)
        self.groups, self.spires = self._stored("identity-groups", self._build_groups)
        self._branch: dict[BranchList, int] = {}
        self._banned: dict[int, tuple[Ruling, int]] = {}
        self._flags: dict[str, int] = {}
        self._by_id: dict[str, list[int]] | None = None
        self._pools: dict[tuple[PoolRule, date, int | None], int] = {}

    def _build_groups(self) -> tuple[list[int], dict[int, int]]:
        """(a bitset per identity mask, a bitset per Cryptic-Spires count of colours)."""
        groups: list[list[int]] = [[] for _ in range(32)]
        spires: dict[int, list[int]] = {}
        for row, card in enumerate(self.pool.cards):
            groups[card.identity & 31].append(row)
            if card.set_color_id:
                spires.setdefault(card.set_color_id, []).append(row)
        size = self.size
        return (
            [bits_from_rows(g, size) for g in groups],
            {n: bits_from_rows(rows, size) for n, rows in spires.items()},
        )

    def _stored(self, name: str, build: Callable[[], T]) -> T:
        """`build()`, or what a start before this one stored under `name` for the same stored
        pool and rules code (`carddb.derived`): then no card of the pool is read."""
        return remembered(self.pool, name, rules_code(), build)

    @cached_property
    def partner_rows(self) -> list[int]:
        return [row for row, card in enumerate(self.pool.cards) if partner_capable(card)]

    @cached_property
    def _typed(self) -> tuple[dict[tuple[str, str], int], int, int]:
        """(type-word bitsets, changelings, permanents), from every card's rules facts."""
        words: dict[tuple[str, str], list[int]] = {}  # (kind, folded word) -> rows
        changeling: list[int] = []
        for row, card in enumerate(self.pool.cards):
            facts = card_facts(card)
            for kind, items in (
                ("sup", facts.supertypes),
                ("type", facts.types),
                ("sub", facts.subtypes),
            ):
                for w in items:
                    words.setdefault((kind, w), []).append(row)
            if facts.changeling:
                changeling.append(row)
        size = self.size
        word_bits = {key: bits_from_rows(rows, size) for key, rows in words.items()}
        permanent = 0
        for t in PERMANENT_TYPES:
            permanent |= word_bits.get(("type", t.casefold()), 0)
        return word_bits, bits_from_rows(changeling, size), permanent

    @property
    def words(self) -> dict[tuple[str, str], int]:
        return self._typed[0]

    @property
    def changeling(self) -> int:
        return self._typed[1]

    @property
    def permanent(self) -> int:
        return self._typed[2]

    def branch_bits(self, blist: BranchList) -> int:
        """Rows matching a branch list: type words by bitset algebra, the rest card by card."""
        hit = self._branch.get(blist)
        if hit is None:
            hit = 0
            for branch in blist.branches:
                hit |= self._one_branch(branch)
            self._branch[blist] = hit
        return hit

    def _one_branch(self, branch: Branch) -> int:
        words = self.words
        bits = self.all
        for w in branch.supertypes:
            bits &= words.get(("sup", w), 0)
        for w in branch.types:
            bits &= words.get(("type", w), 0)
        for w in branch.subtypes:
            extra = self.changeling if w not in NONCREATURE_SUBTYPES else 0
            bits &= words.get(("sub", w), 0) | extra
        if branch.permanent:
            bits &= self.permanent
        if bits and (branch.stats or branch.named is not None):
            cards = self.pool.card_list()  # the rows left only
            rows = [r for r in rows_from_bits(bits) if branch_matches(branch, cards[r])]
            bits = bits_from_rows(rows, self.size)
        return bits

    def banned_bits(self, ruling: Ruling) -> int:
        """Cards forbidden by their own rules or banned by the ruling (ids only matter).

        Only ids the format or one of its taboo lists names can be banned, so those are asked;
        a ruling whose format does not expose its lists is asked about every card.
        """
        hit = self._banned.get(id(ruling))
        if hit is not None and hit[0] is ruling:
            return hit[1]
        bits = self.flag_bits("forbids-itself", _forbids_itself, stored=True)
        listed = _listed_ids(getattr(ruling, "format", None))
        if listed is None:
            cards = self.pool.cards
            rows = [
                row
                for row, card in enumerate(cards)
                if ruling.banned_by(LimitCard(card.id, None)) is not None
            ]
        else:  # the ids the lists ban: their rows from the id table, no card read
            banned = sorted(i for i in listed if ruling.banned_by(LimitCard(i, None)) is not None)
            rows = self._banned_rows(getattr(ruling, "format", None), banned)
        bits |= bits_from_rows(rows, self.size)
        if len(self._banned) > ANSWERS_KEPT:
            self._banned.clear()
        self._banned[id(ruling)] = (ruling, bits)
        return bits

    def pool_bits(self, rule: PoolRule, day: date, fmt: Format | None = None) -> int:
        """Rows NOT in the format's pool on the day, or banned there by their source (when `fmt`
        is given): one pass per (pool, day), deciding each distinct statement once."""
        key = (rule, day, id(fmt) if fmt is not None else None)
        hit = self._pools.get(key)
        if hit is not None:
            return hit

        def build() -> int:
            return bits_from_rows(outside_rows(self.pool.cards, rule, day, fmt), self.size)

        bits = self._stored_pool_bits(rule, day, fmt, build) if _card_only(rule) else build()
        if len(self._pools) > ANSWERS_KEPT:
            self._pools.clear()
        self._pools[key] = bits
        return bits

    def _stored_pool_bits(
        self, rule: PoolRule, day: date, fmt: Format | None, build: Callable[[], int]
    ) -> int:
        """One stored answer per rule and source-ban dates (`source_ban` reads only the taboo
        lists' days). It holds from the day it was computed for until the next day a verdict
        compares the day with (`_next_change`): a start on a day outside that stretch computes
        it again, so a new day does not mean a new pass over the pool."""
        taboo = [] if fmt is None else [getattr(t, "effective_from", None) for t in fmt.taboo_lists]
        which = hashlib.sha1(repr((rule, [str(d) for d in taboo])).encode()).hexdigest()[:16]
        today = day.isoformat()

        def fresh() -> tuple[str, str, int]:
            bits = build()
            return today, self._next_change(today, taboo), bits

        name = f"pool-out/{which}"
        found = self._stored(name, fresh)
        if not found[0] <= today < found[1]:
            found = fresh()
            keep(self.pool, name, rules_code(), found)
        return found[2]

    def _next_change(self, today: str, taboo: list[object]) -> str:
        """The first day after `today` (ISO) on which a pool verdict can change: a verdict
        compares the day only with a card's release, its source's day (a ban's start, an MTG
        Arena statement) and a taboo list's start (`legality.verdict`, `source_ban`; rotation and
        set pools are never stored). "9999-12-31" when none comes later."""
        days = {d.isoformat() for d in taboo if isinstance(d, date)}
        for card in self.pool.cards:
            days.add(card.released)
            said = source_day(card)
            if said is not None:
                days.add(said.isoformat())
        return min((d for d in days if d > today), default="9999-12-31")

    def _banned_rows(self, fmt: Format | None, banned: list[str]) -> list[int]:
        """The rows of the banned ids, kept per format for the next start with the ids they were
        found for (the card-id table is then not read: ~30,000 names); other ids find them anew."""
        which = hashlib.sha1("\n".join(banned).encode()).hexdigest()[:16]

        def build() -> list[int]:
            by_id = self._rows_by_id()
            return [row for i in banned for row in by_id.get(i, ())]

        name = f"banned-rows/{getattr(fmt, 'code', '')}"
        found = self._stored(name, lambda: (which, build()))
        if found[0] == which:
            return list(found[1])
        rows = build()
        keep(self.pool, name, rules_code(), (which, rows))
        return rows

    def _rows_by_id(self) -> dict[str, list[int]]:
        if self._by_id is None:
            # ~30 ms for 30,000 names at every start: kept in the card database beside the
            # pool's snapshot when the pool came from there (read back in a few ms)
            self._by_id = remembered(
                self.pool, "card-ids", (__name__, "deckeditor.names"), self._build_by_id
            )
        return self._by_id

    def _build_by_id(self) -> dict[str, list[int]]:
        by_id: dict[str, list[int]] = {}
        for row, card in enumerate(self.pool.cards):
            name = card.name  # an ASCII name is its own NFKD form: slug without unicodedata
            card_id = _NON_SLUG.sub("-", name.lower()).strip("-") if name.isascii() else card.id
            by_id.setdefault(card_id, []).append(row)
        return by_id

    def flag_bits(self, name: str, test: Callable[[Card], bool], stored: bool = False) -> int:
        """Rows whose card passes `test`. `stored`: the test reads the card alone (no data file,
        no day), so its answer is kept in the card database for the next start."""
        hit = self._flags.get(name)
        if hit is None:

            def build() -> int:
                rows = [row for row, card in enumerate(self.pool.cards) if test(card)]
                return bits_from_rows(rows, self.size)

            hit = self._flags[name] = self._stored(f"flag/{name}", build) if stored else build()
        return hit


_INDEXES: weakref.WeakKeyDictionary[Pool, PoolIndex] = weakref.WeakKeyDictionary()


def invalidate_pool(pool: Pool) -> None:
    """Drop a pool's bitsets (a CardPool's own changes are seen through its generation)."""
    _INDEXES.pop(pool, None)


def pool_index(pool: Pool) -> PoolIndex:
    idx = _INDEXES.get(pool)
    if idx is None or idx.stamp != (getattr(pool, "generation", None), len(pool)):
        idx = _INDEXES[pool] = PoolIndex(pool)
    return idx


def outside_rows(
    cards: Sequence[Card], rule: PoolRule, day: date, fmt: Format | None = None
) -> list[int]:
    """Rows NOT in the format's pool on the day, or banned there by their source (when `fmt` is
    given). Each distinct statement is decided once; a verdict that rests on the card's sets is
    finished per distinct list of printings."""
    memo: dict[tuple[str, str, frozenset[str], str], object] = {}  # a bool or _BY_SETS
    by_printings: dict[tuple[str, ...], bool] = {}
    rows: list[int] = []
    # Pauper Commander's lead rarity is the card's own, not its statement's: asked per card below
    by_rarity, rule = rule.uncommon_lead, replace(rule, uncommon_lead=False)
    for row, card in enumerate(cards):
        facts = (card.legalities, card.legal_source, card.traits, card.released)
        out: object = memo.get(facts)
        if out is None:
            v = verdict(card, rule, day)
            if v.by_rarity:
                out = _BY_RARITY  # the same statement, another card's rarities: decided below
            elif v.by_sets:
                out = _BY_SETS  # the same statement, other printings: decided below
            else:
                out = not v.in_pool or (
                    fmt is not None
                    and v.banned_from is not None
                    and source_ban(card, rule, day, fmt) is not None
                )
            memo[facts] = out
        if out is _BY_RARITY:
            out = not verdict(card, rule, day).in_pool
        elif out is _BY_SETS:
            if not card.printings:
                out = True
            else:
                hit = by_printings.get(card.printings)
                if hit is None:
                    hit = by_printings[card.printings] = not in_sets(card.printings, rule, day)
                out = hit
        if out or (by_rarity and not printed_at_uncommon(card)):
            rows.append(row)
    return rows


_BY_SETS = object()
_BY_RARITY = object()
# Answers kept per pool: every built-in format (24) on a couple of days, so going round the
# formats (the legality overview, a format switch) never recomputes one (about 4 KB each).
ANSWERS_KEPT = 64


def _listed_ids(fmt: Format | None) -> set[str] | None:
    """Every card id a format or any of its taboo lists bans; None when it cannot be read."""
    if fmt is None or not hasattr(fmt, "banned") or not hasattr(fmt, "taboo_lists"):
        return None
    try:
        ids = set(fmt.banned)
        for taboo in fmt.taboo_lists:
            ids.update(taboo.banned)
    except (TypeError, AttributeError):
        return None
    return ids


def _forbids_itself(card: Card) -> bool:
    if card.own_copy_limit == 0:
        return True
    return bool(card.deck_rule_lines) and any(r.limit == 0 for r in own_limit_rules(card))
