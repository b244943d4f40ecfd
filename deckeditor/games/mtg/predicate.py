"""The catalog legality predicate (`mtg-rules.md` §11).

`make_predicate(deck, fmt_info, day, pool, target_section)` takes a snapshot of the deck and
answers, for any card, whether it may be added to the target section, and if not, why. It never
commits a colour choice and never changes the deck.

`visible_rows` answers for a whole pool at once with big-int bitsets (the §11 implementation
note), built and cached per pool by `deckeditor.games.mtg.pool_bits`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date

from deckeditor.deck import Deck
from deckeditor.games.mtg import colors as C
from deckeditor.games.mtg.approval import Budget, DeckView, Zone, build_zone, is_basic_land
from deckeditor.games.mtg.bracket_budget import TARGET_SECTIONS, BracketBudget
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.copy_limits import (
    LimitCard,
    base_limit,
    deck_copies_rules,
    ruling_for,
    tally,
)
from deckeditor.games.mtg.legality import (
    lead_rule,
    pool_rule,
    source_ban,
    source_bans_apply,
    verdict,
)
from deckeditor.games.mtg.pool_bits import (
    PoolIndex,
    bits_from_rows,
    invalidate_pool,
    outside_rows,
    pool_index,
    rows_from_bits,
)
from deckeditor.games.mtg.rulesets import (
    COMMANDER,
    OATHBREAKER,
    FormatLike,
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
from deckeditor.names import name_key, possessive

IDENTITY_TARGETS = ("Main", "Sideboard", "Companion")


@dataclass(frozen=True, slots=True)
class Reason:
    code: str  # BANNED, AT_COPY_LIMIT, NOT_A_COMMANDER, CANNOT_PARTNER, COMMAND_ZONE_FULL, ...
    text: str


# --- the predicate -------------------------------------------------------------------------------


def _short(name: str) -> str:
    return name.split(",")[0].split(" // ")[0]


class Predicate:
    def __init__(
        self, deck: Deck, fmt_info: FormatLike, day: date, pool: Pool, target_section: str
    ) -> None:
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
        self.commanders = [it.card for it in view.commanders if it.card is not None]
        self.zone_total = sum(it.entry.count for it in view.commanders)
        self.zone: Zone | None = (
            build_zone(view, self.rs, known_only=True) if self.rs.command_zone else None
        )
        lone = self.commanders[0] if self.zone_total == 1 and self.commanders else None
        self.partner_of = lone if lone is not None and partner_capable(lone) else None
        # the deck's target bracket: one more budget, read-only until a card is added
        self.bracket: BracketBudget | None = (
            BracketBudget.of(deck, day, pool)
            if self.rs.code == COMMANDER and target_section in TARGET_SECTIONS
            else None
        )
        self._visible: int | None = None

    # -- per card ----------------------------------------------------------------------------

    def __call__(self, card: Card) -> bool:
        return not self.why_hidden(card)

    def is_possible_partner(self, card: Card) -> bool:
        """Shown although off-identity: it could be added as the second commander."""
        return self.partner_of is not None and can_partner(self.partner_of, card)

    def why_hidden(self, card: Card) -> list[Reason]:
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

    def _pool(self, card: Card, out: list[Reason]) -> None:
        v = verdict(card, self.pool_rule, self.day)
        if not v.in_pool:
            out.append(Reason("NOT_IN_FORMAT", v.reason[:1].upper() + v.reason[1:]))
        elif self.source_bans and v.banned_from is not None:
            by = source_ban(card, self.pool_rule, self.day, self.fmt)
            if by is not None and self.ruling.banned_by(LimitCard(card.id, None)) is None:
                out.append(Reason("BANNED", f"Banned by {by}"))

    def catalog_mark(self, card: Card) -> str | None:
        """What adding a shown card would use up: "uses 1 of 3" / "uses the last slot" for a
        Game Changer the target bracket still takes; else a restriction it is under ("restricted
        to 1": Vintage's list said nothing until the second copy); None for the rest."""
        mark = self.bracket.mark(card) if self.bracket is not None else None
        return mark or self._restricted(card)

    def _restricted(self, card: Card) -> str | None:
        base = base_limit(card, self.deck_rules)
        if base.value == 0:
            return None
        lc = LimitCard(card.id, base.value or None)
        if self.ruling.restricted_by(lc) is None:
            return None
        return f"restricted to {self.ruling.copy_limit(lc)}"

    def _limits(self, card: Card, out: list[Reason]) -> None:
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
                # a restricted card says by what (Vintage's list), not only the count
                by = self.ruling.restricted_by(lc)
                why = f"; {by} restricts it to {limit}" if by else ""
                out.append(
                    Reason(
                        "AT_COPY_LIMIT", f"{card.name}: {count} of {limit} already in the deck{why}"
                    )
                )

    def _commander(self, card: Card, out: list[Reason]) -> None:
        if self.rs.code == OATHBREAKER:
            self._oathbreaker(card, out)
            return
        present = self.commanders
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

    def _oathbreaker(self, card: Card, out: list[Reason]) -> None:
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
                for c in self.commanders
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
        for present in self.commanders:
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

    def _identity(self, card: Card, out: list[Reason]) -> None:
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
        names = list(dict.fromkeys(_short(card.name).split(" the ")[0] for card in self.commanders))
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

    def commits(self, card: Card) -> str | None:
        """What adding `card` would commit of an open budget: "adding it makes red Tolabow's
        additional colour"; None when it fits without spending budget (or does not fit)."""
        zone = self.zone
        if zone is None or not self.budget_open:
            return None
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

    def visible_rows(self, rows: Iterable[int] | None = None) -> list[int]:
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
            vis &= idx.flag_bits("companion", _is_companion, stored=True)
        return vis & self._identity_bits(idx)

    def _limit_bits(self, idx: PoolIndex) -> int:
        """Deck cards at their copy limit, and cards the deck's Copies rules limit to 0."""
        cards = self.pool.card_list()  # the candidates only: a lazy pool decodes no more
        candidates: set[int] = set()
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
            lone = self.commanders[0]
            cards = self.pool.cards
            rows = [
                r
                for r in idx.partner_rows
                if can_partner(lone, cards[r]) and not self._why_commander(cards[r])
            ]
            return bits_from_rows(rows, idx.size)
        code = self.rs.code
        return idx.flag_bits(f"lead:{code}", lambda c: can_lead(c, code), stored=True)

    def _why_commander(self, card: Card) -> list[Reason]:
        out: list[Reason] = []
        self._commander(card, out)
        return out

    def _rows_where(self, test: Callable[[Card], bool]) -> int:
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
            basics = idx.flag_bits("basic", is_basic_land, stored=True)
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


def _budget_text(b: Budget, card: Card, need: int) -> str:
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


def _is_companion(card: Card) -> bool:
    return card.companion or any(k.casefold() == "companion" for k in card.keywords)


def make_predicate(
    deck: Deck, fmt_info: FormatLike, day: date, pool: Pool, target_section: str = "Main"
) -> Predicate:
    return Predicate(deck, fmt_info, day, pool, target_section)


__all__ = [
    "PoolIndex",
    "Predicate",
    "Reason",
    "bits_from_rows",
    "invalidate_pool",
    "make_predicate",
    "outside_rows",
    "pool_index",
    "rows_from_bits",
]
