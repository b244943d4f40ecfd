"""The command zone's colour context (`mtg-rules.md` §8, §9): Z, exemptions, additional colours.

`DeckView` resolves a deck against a pool once; `Zone` answers "may this card be in the deck?"
for the identity rules: identity ⊆ Z, `Disable$`, `Exempt$`, a commander's approved extra colours
(K ∪ I), a wild-colour commander, and Brawl's basic-land allowance. Everything here is pure:
`would_approve` and the implied colours I never commit anything; only `try_approve`, called for a
user's addition, returns a new deck carrying the committed choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

from deckeditor.deck import Deck, Entry
from deckeditor.games.mtg import colors as C
from deckeditor.games.mtg.branches import BranchList, match_cached
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.deckrule import ColorIdentityRule, DeckRule, rules_of
from deckeditor.games.mtg.rulesets import (
    BRAWL,
    CHECKED_SECTIONS,
    OATHBREAKER,
    FormatLike,
    RuleSet,
    can_be_oathbreaker,
    ruleset_for,
)
from deckeditor.names import possessive

ALL_CARDS = BranchList((), "*")  # the wild colour's type list: every card (special-cased)


def entry_identity(card: Card, colors: str) -> int:
    """§2/§9.1: a card that asks for circled colours has the marks as its identity."""
    if card.set_color_id and colors:
        return C.mask(colors)
    return card.identity


def is_basic_land(card: Card) -> bool:
    f = card.faces[0]
    return "Basic" in f.supertypes and "Land" in f.types


# --- the resolved deck ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    section: str
    index: int
    entry: Entry
    card: Card | None  # None: unknown to the pool
    ident: int = 0


# the last DeckView made, by (deck, pool, pool generation, sections): one entry, so no old deck
# or pool is kept past the next view
_LAST_VIEW: dict[str, tuple[tuple[object, ...], DeckView]] = {}


@dataclass(slots=True)
class Tally:
    """One card's copies over the checked sections."""

    name: str
    card: Card | None
    count: int
    sections: list[str]


@dataclass(slots=True)
class DeckView:
    items: list[Item]
    checked: list[Item]
    commanders: list[Item]  # every item of the Commander section
    rules: list[tuple[DeckRule, Item]]  # active rules and the item carrying them
    # the copies per name (`copy_limits.tally`), counted once for the checker and the predicate
    tallied: dict[str, Tally] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, deck: Deck, pool: Pool, sections: tuple[str, ...] = CHECKED_SECTIONS) -> DeckView:
        """`sections`: the checked sections of the rule set (constructed has no Commander).
        The last view made is given again for the same deck snapshot (decks are immutable),
        pool and sections: after an edit the checker, the catalog's predicate and the colour
        budget each ask for it."""
        key = (deck, pool, getattr(pool, "generation", None), sections)
        last = _LAST_VIEW.get("view")
        if last is not None:
            was = last[0]
            if was[0] is deck and was[1] is pool and was[2:] == key[2:]:
                return last[1]
        view = cls._make(deck, pool, sections)
        _LAST_VIEW["view"] = (key, view)
        return view

    @classmethod
    def _make(cls, deck: Deck, pool: Pool, sections: tuple[str, ...]) -> DeckView:
        items: list[Item] = []
        for sec in deck.sections:
            for i, entry in enumerate(sec.entries):
                card = resolve(pool, entry.card)
                ident = entry_identity(card, entry.colors) if card is not None else 0
                items.append(Item(sec.name, i, entry, card, ident))
        checked = [it for it in items if it.section in sections]
        commanders = [it for it in checked if it.section == "Commander"]
        rules = [
            (rule, it)
            for it in checked
            if it.card is not None
            for rule in rules_of(it.card)
            if rule.active_in(it.section)
        ]
        return cls(items, checked, commanders, rules)


def resolve(pool: Pool, name: str) -> Card | None:
    """Exact Oracle name first (the common case), then the pool's folded resolution."""
    card = pool.get(name)
    if card is None:
        card = pool.resolve(name).card
    return card


# --- budgets -------------------------------------------------------------------------------------


@dataclass(slots=True)
class Budget:
    """One commander's extra colours: `AllowedAdditionalColor$ n` or a wild colour."""

    item: Item
    n: int
    types: BranchList
    wild: bool
    rule: ColorIdentityRule | None
    chosen: int = 0  # as stored on the entry
    dropped: int = 0  # chosen colours already in Z
    K: int = 0
    valid: bool = True
    implied: int = 0  # I

    @property
    def name(self) -> str:
        card = self.item.card  # a budget is a known commander's
        return card.name if card is not None else self.item.entry.card

    @property
    def extra(self) -> int:
        """E = K ∪ I when the choice is valid, else nothing."""
        return (self.K | self.implied) if self.valid else 0

    def serves(self, card: Card) -> bool:
        return self.wild or match_cached(self.types, card)

    def approves(self, card: Card, need: int) -> bool:
        return need != 0 and self.serves(card) and need & ~self.extra == 0

    def would_approve(self, card: Card, need: int) -> bool:
        if not self.valid or not self.serves(card):
            return False
        return C.count(self.K | self.implied | need) <= self.n


def _implied(budget: Budget, candidates: list[tuple[int, int]]) -> int:
    """I: the subset S of still-needed colours covering most copies, then smallest, then WUBRG.

    `candidates` are (need beyond Z, copies) of entries that match the type list, do not fit Z
    and are not exempt. Enumerating every subset keeps the answer independent of card order.
    """
    beyond = [(need & ~budget.K, copies) for need, copies in candidates]
    wanted = 0
    for need, _ in beyond:
        wanted |= need
    room = budget.n - C.count(budget.K)
    if not wanted or room <= 0:
        return 0
    colours = [bit for bit in (1, 2, 4, 8, 16) if wanted & bit]
    best_key: tuple[int, int, tuple[int, ...]] | None = None
    best = 0
    for size in range(0, min(room, len(colours)) + 1):
        for combo in combinations(colours, size):
            s = sum(combo)
            covered = sum(copies for need, copies in beyond if need & ~s == 0)
            key = (-covered, size, tuple(combo))
            if best_key is None or key < best_key:
                best_key, best = key, s
    return best


# --- the zone ------------------------------------------------------------------------------------


@dataclass(slots=True)
class Zone:
    """The identity context of a deck with known commanders."""

    z: int  # Z, wild colours included
    leaders: list[Item]
    disabled: bool = False
    exempts: list[BranchList] = field(default_factory=list)
    budgets: list[Budget] = field(default_factory=list)
    brawl_basic: int | None = None  # Brawl, colourless commander: the allowed basic colour
    brawl: bool = False

    def brawl_addable(self) -> int:
        """Colours whose basics the catalog shows (§5.4): any while the deck has no coloured
        basic, else only the allowed type, so an addition never turns other basics illegal."""
        if not self.brawl or self.z:
            return 0
        return self.brawl_basic if self.brawl_basic is not None else C.ALL

    def exempt(self, card: Card) -> bool:
        return any(match_cached(b, card) for b in self.exempts)

    def need(self, ident: int) -> int:
        return ident & ~self.z

    def fits(self, card: Card, ident: int) -> bool:
        """Conformance's test (§10 step 5): fits Z, disabled, exempt, approved, Brawl basics."""
        need = ident & ~self.z
        if not need or self.disabled or self.exempt(card):
            return True
        if any(b.approves(card, need) for b in self.budgets):
            return True
        return self.brawl_basic is not None and is_basic_land(card) and ident == self.brawl_basic

    def catalog_fits(self, card: Card, ident: int) -> bool:
        """The predicate's test (§11 step 5): also what a commander *would* approve."""
        need = ident & ~self.z
        if not need or self.disabled or self.exempt(card):
            return True
        if any(b.approves(card, need) or b.would_approve(card, need) for b in self.budgets):
            return True
        return is_basic_land(card) and bool(ident & self.brawl_addable()) and C.count(ident) == 1


def leaders_of(view: DeckView, ruleset: RuleSet) -> list[Item]:
    """Whose identity makes Z: every commander; Oathbreaker: the oathbreaker alone."""
    if ruleset.code == OATHBREAKER:
        return [it for it in view.commanders if it.card is not None and can_be_oathbreaker(it.card)]
    return list(view.commanders)


def build_zone(view: DeckView, ruleset: RuleSet, known_only: bool = False) -> Zone | None:
    """None when identity is not applied: constructed, no commander, or an unknown commander.

    The check needs every commander known (§10 step 5); the catalog works from the known ones
    (`known_only`, §11 step 5).
    """
    if not ruleset.identity or not view.commanders:
        return None
    if not known_only and any(it.card is None for it in view.commanders):
        return None
    leaders = [it for it in leaders_of(view, ruleset) if it.card is not None]
    if not leaders:
        return None
    z0 = 0
    for it in leaders:
        z0 |= it.ident
    zone = Zone(z0, leaders, brawl=ruleset.code == BRAWL)
    leader_ids = {id(it) for it in leaders}
    for rule, it in view.rules:
        if not isinstance(rule, ColorIdentityRule):
            continue
        if rule.disable:
            zone.disabled = True
        if rule.exempt:
            zone.exempts.append(rule.exempt)
        if rule.additional > 0 and it.section == "Commander" and id(it) in leader_ids:
            zone.budgets.append(Budget(it, rule.additional, rule.additional_types, False, rule))
    # Wild colours first: their chosen colour joins Z (§9.2).
    for it in leaders:
        if it.card is not None and it.card.wild_color:
            b = Budget(it, 1, ALL_CARDS, True, None)
            _set_choice(b, C.mask(it.entry.colors), z0)
            if b.valid:
                zone.z |= b.K
            zone.budgets.insert(0, b)
    for b in zone.budgets:
        if not b.wild:
            _set_choice(b, C.mask(b.item.entry.colors), zone.z)
    _set_implied(zone, view)
    zone.brawl_basic = _brawl_basic(zone, view)
    return zone


def _set_choice(b: Budget, chosen: int, z: int) -> None:
    b.chosen = chosen
    b.dropped = chosen & z
    b.K = chosen & ~z
    b.valid = C.count(b.K) <= b.n


def _set_implied(zone: Zone, view: DeckView) -> None:
    leader_ids = {id(it) for it in zone.leaders}
    for b in zone.budgets:
        if not b.valid:
            continue
        cands: list[tuple[int, int]] = []
        for it in view.checked:
            if it.card is None or id(it) in leader_ids:
                continue
            need = it.ident & ~zone.z
            if not need or zone.disabled or zone.exempt(it.card) or not b.serves(it.card):
                continue
            cands.append((need, it.entry.count))
        b.implied = _implied(b, cands)


def _brawl_basic(zone: Zone, view: DeckView) -> int | None:
    """§5.4: with a colourless Brawl commander, basics of the most-copied basic type."""
    if not zone.brawl or zone.z:
        return None
    copies = {bit: 0 for bit in (1, 2, 4, 8, 16)}
    for it in view.checked:
        if it.card is not None and it.section != "Commander" and is_basic_land(it.card):
            if it.ident in copies:
                copies[it.ident] += it.entry.count
    best = max(copies.values())
    if not best:
        return None
    return next(bit for bit in (1, 2, 4, 8, 16) if copies[bit] == best)


# --- choice problems and commits -----------------------------------------------------------------


def allows_choice(card: Card) -> bool:
    """§9.3: set_color_id, any AllowedAdditionalColor$ rule (active or not), or wild colour."""
    if card.set_color_id or card.wild_color:
        return True
    return any(isinstance(r, ColorIdentityRule) and r.additional > 0 for r in rules_of(card))


def would_approve(zone: Zone, card: Card, ident: int | None = None) -> bool:
    """Some commander would let the card in by spending open budget (pure)."""
    ident = card.identity if ident is None else ident
    need = ident & ~zone.z
    return bool(need) and any(b.would_approve(card, need) for b in zone.budgets)


def _short(name: str) -> str:
    return name.split(",")[0].split(" // ")[0]


def commit_message(b: Budget, new: int) -> str:
    words = [w.capitalize() if i == 0 else w for i, w in enumerate(C.names(new))]
    colour = " and ".join(words)
    verb = "is" if C.count(new) == 1 else "are"
    noun = "additional colour" if C.count(new) == 1 else "additional colours"
    if b.wild:
        return f"{colour} {verb} now {possessive(_short(b.name))} chosen colour. Undo reverts it."
    tag = ""
    desc = (b.rule.description or "") if b.rule else ""
    if desc.lower().startswith("rulebreaker"):
        tag = " (Rulebreaker)"
    return f"{colour} {verb} now {possessive(_short(b.name))} {noun}{tag}. Undo reverts it."


def try_approve(
    deck: Deck,
    pool: Pool,
    card: Card,
    fmt_info: FormatLike | None = None,
    ruleset: RuleSet | None = None,
) -> tuple[Deck, str] | None:
    """For a user adding `card` to Main, Sideboard or Companion: commit the colours it needs.

    Returns `(deck with the choice recorded on the commander's entry, status message)`, or None
    when nothing is committed (it fits, is exempt, is already approved, or no budget can take it).
    The caller adds the card itself, in the same undo step.
    """
    rs = ruleset or ruleset_for(fmt_info)
    view = DeckView.of(deck, pool, rs.checked_sections)
    zone = build_zone(view, rs)
    if zone is None:
        return None
    ident = card.identity
    need = ident & ~zone.z
    if not need or zone.disabled or zone.exempt(card):
        return None
    if any(b.approves(card, need) for b in zone.budgets):
        return None
    for b in sorted(zone.budgets, key=lambda b: b.item.index):
        if b.would_approve(card, need):
            new = b.K | b.implied | need
            added = new & ~(b.K)
            entry = replace(b.item.entry, colors=C.letters(new))
            new_deck = deck.replace_entry("Commander", b.item.index, entry)
            return new_deck, commit_message(b, added or new)
    return None


__all__ = [
    "Budget",
    "DeckView",
    "Item",
    "Zone",
    "allows_choice",
    "build_zone",
    "entry_identity",
    "is_basic_land",
    "try_approve",
    "would_approve",
]
