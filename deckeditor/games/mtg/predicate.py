"""The catalog legality predicate (`mtg-rules.md` §11).

`make_predicate(deck, fmt_info, day, pool, target_section)` takes a snapshot of the deck and
answers, for any card, whether it may be added to the target section, and if not, why. It never
commits a colour choice and never changes the deck.

`visible_rows` answers for a whole pool at once with big-int bitsets (the §11 implementation
note): cards grouped by identity mask, one bitset per rule text, per ruling and per rule set,
cached per pool, so one re-narrowing costs a few dozen big-int operations.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property

from deckeditor.games.mtg import colors as C
from deckeditor.games.mtg.approval import Budget, DeckView, Zone, build_zone, is_basic_land
from deckeditor.games.mtg.bracket_budget import TARGET_SECTIONS, BracketBudget
from deckeditor.games.mtg.branches import (
    NONCREATURE_SUBTYPES,
    PERMANENT_TYPES,
    BranchList,
    branch_matches,
    card_facts,
)
from deckeditor.games.mtg.copy_limits import (
    LimitCard,
    base_limit,
    deck_copies_rules,
    own_limit_rules,
    ruling_for,
    tally,
)
from deckeditor.games.mtg.legality import (
    PoolRule,
    in_sets,
    lead_rule,
    pool_rule,
    printed_at_uncommon,
    source_ban,
    source_bans_apply,
    verdict,
)
from deckeditor.games.mtg.rulesets import (
    COMMANDER,
    OATHBREAKER,
    RuleSet,
    can_be_oathbreaker,
    can_be_signature_spell,
    can_lead,
    can_partner,
    format_of,
    is_background,
    partner_capable,
    ruleset_for,
)
from deckeditor.games.mtg.sections import OATHBREAKER_SLOT, SIGNATURE_SLOT, SLOT_SECTIONS
from deckeditor.names import _NON_SLUG, name_key, possessive

IDENTITY_TARGETS = ("Main", "Sideboard", "Companion")


@dataclass(frozen=True, slots=True)
class Reason:
    code: str  # BANNED, AT_COPY_LIMIT, NOT_A_COMMANDER, CANNOT_PARTNER, COMMAND_ZONE_FULL, ...
    text: str


# --- per-pool bitsets --------------------------------------------------------------------------


def bits_from_rows(rows, size: int) -> int:
    buf = bytearray((size + 7) // 8)
    for r in rows:
        buf[r >> 3] |= 1 << (r & 7)
    return int.from_bytes(buf, "little")


def rows_from_bits(bits: int) -> list[int]:
    text = bin(bits)[:1:-1]  # least significant bit first
    out = []
    find = text.find
    i = find("1")
    while i >= 0:
        out.append(i)
        i = find("1", i + 1)
    return out


class PoolIndex:
    """Bitsets over one pool's row ids; rebuilt when the pool changes size.

    Only the identity groups are built up front (start-up narrows by them); the type-word,
    partner and id tables are built on first use, since an empty deck or a deck without
    `DeckRule:` exemptions and budgets never needs them."""

    def __init__(self, pool) -> None:
        self.pool = pool
        self.size = len(pool)
        self.stamp = (getattr(pool, "generation", None), len(pool))
        self.all = (1 << self.size) - 1
        groups: list[list[int]] = [[] for _ in range(32)]
        spires: dict[int, list[int]] = {}
        for row, card in enumerate(pool.cards):
            groups[card.identity & 31].append(row)
            if card.set_color_id:
                spires.setdefault(card.set_color_id, []).append(row)
        size = self.size
        self.groups = [bits_from_rows(g, size) for g in groups]
        self.spires = {n: bits_from_rows(rows, size) for n, rows in spires.items()}
        self._branch: dict[BranchList, int] = {}
        self._banned: dict[int, tuple[object, int]] = {}
        self._flags: dict[str, int] = {}
        self._by_id: dict[str, list[int]] | None = None
        self._pools: dict[tuple, int] = {}

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

    def _one_branch(self, branch) -> int:
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
            cards = self.pool.cards
            rows = [r for r in rows_from_bits(bits) if branch_matches(branch, cards[r])]
            bits = bits_from_rows(rows, self.size)
        return bits

    def banned_bits(self, ruling) -> int:
        """Cards forbidden by their own rules or banned by the ruling (ids only matter).

        Only ids the format or one of its taboo lists names can be banned, so those are asked;
        a ruling whose format does not expose its lists is asked about every card.
        """
        hit = self._banned.get(id(ruling))
        if hit is not None and hit[0] is ruling:
            return hit[1]
        bits = self.flag_bits("forbids-itself", _forbids_itself)
        listed = _listed_ids(getattr(ruling, "format", None))
        cards = self.pool.cards
        if listed is None:
            candidates = range(len(cards))
        else:
            by_id = self._rows_by_id()
            candidates = [row for i in listed for row in by_id.get(i, ())]
        rows = [
            row
            for row in candidates
            if ruling.banned_by(LimitCard(cards[row].id, None)) is not None
        ]
        bits |= bits_from_rows(rows, self.size)
        if len(self._banned) > ANSWERS_KEPT:
            self._banned.clear()
        self._banned[id(ruling)] = (ruling, bits)
        return bits

    def pool_bits(self, rule: PoolRule, day: date, fmt=None) -> int:
        """Rows NOT in the format's pool on the day, or banned there by their source (when `fmt`
        is given): one pass per (pool, day), deciding each distinct statement once."""
        key = (rule, day, id(fmt) if fmt is not None else None)
        hit = self._pools.get(key)
        if hit is not None:
            return hit
        rows = outside_rows(self.pool.cards, rule, day, fmt)
        if len(self._pools) > ANSWERS_KEPT:
            self._pools.clear()
        bits = self._pools[key] = bits_from_rows(rows, self.size)
        return bits

    def _rows_by_id(self) -> dict[str, list[int]]:
        if self._by_id is None:
            # ~30 ms for 30,000 names at every start: kept in the card database beside the
            # pool's snapshot when the pool came from there (read back in a few ms)
            from deckeditor.carddb.derived import remembered

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

    def flag_bits(self, name: str, test) -> int:
        hit = self._flags.get(name)
        if hit is None:
            rows = [row for row, card in enumerate(self.pool.cards) if test(card)]
            hit = self._flags[name] = bits_from_rows(rows, self.size)
        return hit


_INDEXES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def invalidate_pool(pool) -> None:
    """Drop a pool's bitsets (a CardPool's own changes are seen through its generation)."""
    _INDEXES.pop(pool, None)


def pool_index(pool) -> PoolIndex:
    idx = _INDEXES.get(pool)
    if idx is None or idx.stamp != (getattr(pool, "generation", None), len(pool)):
        idx = _INDEXES[pool] = PoolIndex(pool)
    return idx


def outside_rows(cards, rule: PoolRule, day: date, fmt=None) -> list[int]:
    """Rows NOT in the format's pool on the day, or banned there by their source (when `fmt` is
    given). Each distinct statement is decided once; a verdict that rests on the card's sets is
    finished per distinct list of printings."""
    memo: dict[tuple, object] = {}
    by_printings: dict[tuple, bool] = {}
    rows = []
    # Pauper Commander's lead rarity is the card's own, not its statement's: asked per card below
    by_rarity, rule = rule.uncommon_lead, replace(rule, uncommon_lead=False)
    for row, card in enumerate(cards):
        facts = (card.legalities, card.legal_source, card.traits, card.released)
        out = memo.get(facts)
        if out is None:
            v = verdict(card, rule, day)
            if v.by_sets:
                out = _BY_SETS  # the same statement, other printings: decided below
            else:
                out = not v.in_pool or (
                    fmt is not None
                    and v.banned_from is not None
                    and source_ban(card, rule, day, fmt) is not None
                )
            memo[facts] = out
        if out is _BY_SETS:
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
# Answers kept per pool: every built-in format (24) on a couple of days, so going round the
# formats (the legality overview, a format switch) never recomputes one (about 4 KB each).
ANSWERS_KEPT = 64


def _listed_ids(fmt) -> set[str] | None:
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


def _forbids_itself(card) -> bool:
    if card.own_copy_limit == 0:
        return True
    return bool(card.deck_rule_lines) and any(r.limit == 0 for r in own_limit_rules(card))


# --- the predicate -------------------------------------------------------------------------------


def _short(name: str) -> str:
    return name.split(",")[0].split(" // ")[0]


class Predicate:
    def __init__(self, deck, fmt_info, day: date, pool, target_section: str) -> None:
        self.pool = pool
        # a slot of the command zone ("Oathbreaker", "Signature spell") checks as Commander,
        # narrowed to the cards that slot takes
        self.slot = target_section if target_section in SLOT_SECTIONS else ""
        self.target = SLOT_SECTIONS.get(target_section, target_section)
        self.rs: RuleSet = ruleset_for(fmt_info)
        self.fmt = format_of(fmt_info)
        self.ruling = ruling_for(self.fmt, day)
        self.day = day
        self.pool_rule = pool_rule(fmt_info)
        if target_section in ("Commander", *SLOT_SECTIONS):
            self.pool_rule = lead_rule(self.pool_rule)  # Pauper Commander: an uncommon leads
        self.source_bans = source_bans_apply(fmt_info)
        view = DeckView.of(deck, pool, self.rs.checked_sections)
        self.view = view
        self.counts = {key: t.count for key, t in tally(view).items()}
        self.deck_rules = deck_copies_rules(view)
        self.commanders = [it for it in view.commanders if it.card is not None]
        self.zone_total = sum(it.entry.count for it in view.commanders)
        self.zone: Zone | None = (
            build_zone(view, self.rs, known_only=True) if self.rs.command_zone else None
        )
        lone = self.commanders[0].card if self.zone_total == 1 and self.commanders else None
        self.partner_of = lone if lone is not None and partner_capable(lone) else None
        # the deck's target bracket: one more budget, read-only until a card is added
        self.bracket: BracketBudget | None = (
            BracketBudget.of(deck, day, pool)
            if self.rs.code == COMMANDER and target_section in TARGET_SECTIONS
            else None
        )
        self._visible: int | None = None

    # -- per card ----------------------------------------------------------------------------

    def __call__(self, card) -> bool:
        return not self.why_hidden(card)

    def is_possible_partner(self, card) -> bool:
        """Shown although off-identity: it could be added as the second commander."""
        return self.partner_of is not None and can_partner(self.partner_of, card)

    def why_hidden(self, card) -> list[Reason]:
        if self.target not in ("Commander", *IDENTITY_TARGETS):
            return []  # Maybeboard and extra sections: no checks
        out: list[Reason] = []
        self._pool(card, out)
        self._limits(card, out)
        if self.target == "Commander":
            if self.rs.command_zone:
                self._commander(card, out)
        else:
            if self.target == "Companion" and not _is_companion(card):
                out.append(Reason("NOT_A_COMPANION", f"{card.name} has no Companion ability"))
            self._identity(card, out)
        if self.bracket is not None:
            out.extend(Reason(code, text) for code, text in self.bracket.reasons(card))
        return out

    def _pool(self, card, out: list[Reason]) -> None:
        v = verdict(card, self.pool_rule, self.day)
        if not v.in_pool:
            out.append(Reason("NOT_IN_FORMAT", v.reason[:1].upper() + v.reason[1:]))
        elif self.source_bans and v.banned_from is not None:
            by = source_ban(card, self.pool_rule, self.day, self.fmt)
            if by is not None and self.ruling.banned_by(LimitCard(card.id, None)) is None:
                out.append(Reason("BANNED", f"Banned by {by}"))

    def catalog_mark(self, card) -> str | None:
        """What adding a shown card would use up: "uses 1 of 3" / "uses the last slot" for a
        Game Changer the target bracket still takes; None for the rest."""
        return self.bracket.mark(card) if self.bracket is not None else None

    def _limits(self, card, out: list[Reason]) -> None:
        base = base_limit(card, self.deck_rules)
        if base.value == 0:
            out.append(Reason("BANNED", f"Forbidden by {base.source}"))
            return
        lc = LimitCard(card.id, base.value or None)
        banned = self.ruling.banned_by(lc)
        if banned is not None:
            out.append(Reason("BANNED", f"Banned by {banned}"))
            return
        count = self.counts.get(name_key(card.name), 0)
        if count:
            limit = self.ruling.copy_limit(lc)
            if count >= limit:
                out.append(
                    Reason("AT_COPY_LIMIT", f"{card.name}: {count} of {limit} already in the deck")
                )

    def _commander(self, card, out: list[Reason]) -> None:
        if self.rs.code == OATHBREAKER:
            self._oathbreaker(card, out)
            return
        present = [it.card for it in self.commanders]
        eligible = can_lead(card, self.rs.code) or (
            is_background(card) and any(c.partner.choose_background for c in present)
        )
        if not eligible:
            out.append(Reason("NOT_A_COMMANDER", f"{card.name} cannot be a commander"))
        if self.zone_total >= 2:
            out.append(Reason("COMMAND_ZONE_FULL", "The deck already has two commanders"))
        elif self.zone_total == 1 and present and not can_partner(present[0], card):
            out.append(
                Reason("CANNOT_PARTNER", f"{card.name} cannot lead together with {present[0].name}")
            )

    def _oathbreaker(self, card, out: list[Reason]) -> None:
        is_ob, is_sig = can_be_oathbreaker(card), can_be_signature_spell(card)
        if self.slot == OATHBREAKER_SLOT and not is_ob:
            out.append(Reason("NOT_A_COMMANDER", f"{card.name} is no oathbreaker (a planeswalker)"))
            return
        if self.slot == SIGNATURE_SLOT and not is_sig:
            out.append(
                Reason(
                    "NOT_A_COMMANDER", f"{card.name} is no signature spell (an instant or sorcery)"
                )
            )
            return
        if not (is_ob or is_sig):
            out.append(
                Reason(
                    "NOT_A_COMMANDER",
                    f"{card.name} is neither an oathbreaker nor a signature spell",
                )
            )
            return
        if self.zone_total >= 2:
            out.append(Reason("COMMAND_ZONE_FULL", "The command zone already holds two cards"))
            return
        if self.slot:  # the slot already filled: its card named
            taken = [
                c
                for c in (it.card for it in self.commanders)
                if can_be_oathbreaker(c) == (self.slot == OATHBREAKER_SLOT)
            ]
            if taken:
                out.append(
                    Reason(
                        "COMMAND_ZONE_FULL",
                        f"The deck already has its {self.slot.lower()}, {taken[0].name}",
                    )
                )
                return
        for present in (it.card for it in self.commanders):
            if can_be_oathbreaker(present) and not is_sig:
                out.append(Reason("CANNOT_PARTNER", "The command zone needs a signature spell"))
            elif not can_be_oathbreaker(present) and not is_ob:
                out.append(Reason("CANNOT_PARTNER", "The command zone needs an oathbreaker"))
            elif can_be_oathbreaker(present) and card.identity & ~present.identity:
                # the signature spell must fit its oathbreaker's colour identity
                need = card.identity & ~present.identity
                out.append(
                    Reason(
                        "OUTSIDE_IDENTITY",
                        f"Outside the colour identity of {_short(present.name)} "
                        f"({C.letters(present.identity) or 'colourless'}): needs {', '.join(C.letters(need))}",
                    )
                )

    def _identity(self, card, out: list[Reason]) -> None:
        zone = self.zone
        if zone is None or zone.disabled:
            return
        if self.partner_of is not None and can_partner(self.partner_of, card):
            return
        ident = card.identity
        need = ident & ~zone.z
        zl = C.letters(zone.z) or "colourless"
        if need and not zone.catalog_fits(card, ident):
            serving = [b for b in zone.budgets if b.valid and b.serves(card)]
            if serving:
                out.append(Reason("BUDGET_EXCEEDED", _budget_text(serving[0], card, need)))
            else:
                out.append(
                    Reason(
                        "OUTSIDE_IDENTITY",
                        f"Outside the colour identity of {self._leaders()} ({zl}): needs "
                        f"{', '.join(C.letters(need))}",
                    )
                )
            return
        n = card.set_color_id
        if n and C.count(zone.z) < n and not zone.exempt(card):
            out.append(
                Reason(
                    "NEEDS_COLORS",
                    f"{card.name} needs {n} colours circled; the commanders' identity ({zl}) "
                    f"has {C.count(zone.z)}",
                )
            )

    def _leaders(self) -> str:
        """The commanders by their short names: "Thrasios and Tymna"."""
        # players' short names: "Thrasios" for Thrasios, Triton Hero, "Tymna" for Tymna the Weaver
        names = list(
            dict.fromkeys(_short(it.card.name).split(" the ")[0] for it in self.commanders)
        )
        names = names or ["the commanders"]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    # -- the open budget --------------------------------------------------------------------

    @property
    def budget_open(self) -> bool:
        """A commander still has colours to choose (so some additions would commit one)."""
        zone = self.zone
        if zone is None or zone.disabled or self.target not in IDENTITY_TARGETS:
            return False
        return any(b.valid and C.count(b.extra) < b.n for b in zone.budgets)

    def commits(self, card) -> str | None:
        """What adding `card` would commit of an open budget: "adding it makes red Tolabow's
        additional colour"; None when it fits without spending budget (or does not fit)."""
        if not self.budget_open:
            return None
        zone = self.zone
        need = card.identity & ~zone.z
        if not need or zone.exempt(card) or any(b.approves(card, need) for b in zone.budgets):
            return None
        for b in zone.budgets:
            if b.valid and b.would_approve(card, need):
                new = need & ~b.extra
                words = " and ".join(C.names(new))
                if b.wild:
                    return f"adding it makes {words} {possessive(_short(b.name))} chosen colour"
                noun = "additional colour" if C.count(new) == 1 else "additional colours"
                return f"adding it makes {words} {possessive(_short(b.name))} {noun}"
        return None

    # -- whole pool ----------------------------------------------------------------------------

    def visible_bits(self) -> int:
        if self._visible is None:
            self._visible = self._compute_bits()
        return self._visible

    def visible_rows(self, rows: list[int] | None = None) -> list[int]:
        """The pool rows this predicate accepts (all rows, or those of `rows`, in order)."""
        bits = self.visible_bits()
        if rows is None:
            return rows_from_bits(bits)
        return [r for r in rows if bits >> r & 1]

    def possible_partner_rows(self) -> list[int]:
        if self.partner_of is None:
            return []
        cards = self.pool.cards
        idx = pool_index(self.pool)
        return [r for r in idx.partner_rows if can_partner(self.partner_of, cards[r])]

    def _compute_bits(self) -> int:
        idx = pool_index(self.pool)
        if self.target not in ("Commander", *IDENTITY_TARGETS):
            return idx.all
        vis = idx.all & ~idx.banned_bits(self.ruling) & ~self._limit_bits(idx)
        vis &= ~idx.pool_bits(self.pool_rule, self.day, self.fmt if self.source_bans else None)
        if self.bracket is not None:
            vis &= ~self.bracket.hidden_bits(idx)
        if self.target == "Commander":
            if self.rs.command_zone:
                vis &= self._commander_bits(idx)
            return vis
        if self.target == "Companion":
            vis &= idx.flag_bits("companion", _is_companion)
        return vis & self._identity_bits(idx)

    def _limit_bits(self, idx: PoolIndex) -> int:
        """Deck cards at their copy limit, and cards the deck's Copies rules limit to 0."""
        cards = self.pool.cards
        candidates = set()
        for t in tally(self.view).values():
            if t.card is not None:
                row = self.pool.row_of(t.card.name)
                if row is not None:
                    candidates.add(row)
        for rule, _carrier in self.deck_rules:
            if rule.limit == 0:
                candidates.update(rows_from_bits(idx.branch_bits(rule.affected)))
        rows = []
        for row in candidates:
            reasons: list[Reason] = []
            self._limits(cards[row], reasons)
            if reasons:
                rows.append(row)
        return bits_from_rows(rows, idx.size)

    def _commander_bits(self, idx: PoolIndex) -> int:
        if self.rs.code == OATHBREAKER:
            return self._rows_where(lambda c: not self._why_commander(c))
        if self.zone_total >= 2:
            return 0
        if self.zone_total == 1 and self.commanders:
            lone = self.commanders[0].card
            cards = self.pool.cards
            rows = [
                r
                for r in idx.partner_rows
                if can_partner(lone, cards[r]) and not self._why_commander(cards[r])
            ]
            return bits_from_rows(rows, idx.size)
        code = self.rs.code
        return idx.flag_bits(f"lead:{code}", lambda c: can_lead(c, code))

    def _why_commander(self, card) -> list[Reason]:
        out: list[Reason] = []
        self._commander(card, out)
        return out

    def _rows_where(self, test) -> int:
        rows = [r for r, c in enumerate(self.pool.cards) if test(c)]
        return bits_from_rows(rows, len(self.pool.cards))

    def _identity_bits(self, idx: PoolIndex) -> int:
        zone = self.zone
        if zone is None or zone.disabled:
            return idx.all
        z = zone.z
        ok = 0
        for m in range(32):
            if m & ~z == 0:
                ok |= idx.groups[m]
        exempt = 0
        for blist in zone.exempts:
            exempt |= idx.branch_bits(blist)
        for b in zone.budgets:
            ok |= self._budget_bits(idx, b, z)
        addable = zone.brawl_addable()
        if addable:
            basics = idx.flag_bits("basic", is_basic_land)
            for bit in (1, 2, 4, 8, 16):
                if addable & bit:
                    ok |= basics & idx.groups[bit]
        needs = 0
        for n, bits in idx.spires.items():
            if C.count(z) < n:
                needs |= bits
        ok = (ok & ~needs) | exempt
        if self.partner_of is not None:
            ok |= bits_from_rows(self.possible_partner_rows(), idx.size)
        return ok

    def _budget_bits(self, idx: PoolIndex, b: Budget, z: int) -> int:
        if not b.valid:
            return 0
        groups = 0
        for m in range(32):
            need = m & ~z
            if need and (need & ~b.extra == 0 or C.count(b.K | b.implied | need) <= b.n):
                groups |= idx.groups[m]
        if not groups:
            return 0
        serves = idx.all if b.wild else idx.branch_bits(b.types)
        return groups & serves


def _budget_text(b: Budget, card, need: int) -> str:
    used = b.K | b.implied
    who = _short(b.name)
    if used and C.count(used) >= b.n:
        words = " and ".join(C.names(used))
        noun = "additional colour is" if C.count(used) == 1 else "additional colours are"
        return f"{possessive(who)} {noun} already {words}"
    return (
        f"{card.name} needs {C.count(need)} additional colours ({', '.join(C.letters(need))}); "
        f"{who} allows {b.n}"
    )


def _is_companion(card) -> bool:
    return card.companion or any(k.casefold() == "companion" for k in card.keywords)


def make_predicate(deck, fmt_info, day: date, pool, target_section: str = "Main") -> Predicate:
    return Predicate(deck, fmt_info, day, pool, target_section)


__all__ = [
    "Predicate",
    "Reason",
    "invalidate_pool",
    "make_predicate",
    "pool_index",
    "rows_from_bits",
]
