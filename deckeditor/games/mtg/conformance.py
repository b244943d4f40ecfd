"""The MTG conformance check (`mtg-rules.md` §10): every problem of a deck, in the contract order.

`check(deck, fmt_info, day, pool)` is pure. It resolves the deck once (`DeckView`), builds the
colour context (`Zone`) and then runs the steps of §10; a step that depends on unknown data is
skipped, never guessed. Bans, restrictions and copy limits are asked of the seed-001 `Ruling`
(`formats.md` §13) with a card-like object carrying the card's own base limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from deckeditor.games.mtg import colors as C
from deckeditor.games.mtg.approval import (
    DeckView,
    Item,
    Zone,
    allows_choice,
    build_zone,
    is_basic_land,
)
from deckeditor.games.mtg.deckrule import CopiesRule, SizeRule, match_cached, rules_of
from deckeditor.games.mtg.legality import (
    lead_rule,
    pool_rule,
    source_ban,
    source_bans_apply,
    verdict,
)
from deckeditor.games.mtg.rulesets import (
    CHECKED_SECTIONS,
    COMMANDER,
    OATHBREAKER,
    SECTION_ORDER,
    RuleSet,
    can_be_oathbreaker,
    can_be_signature_spell,
    can_lead,
    can_partner,
    is_background,
    ruleset_for,
)
from deckeditor.names import name_key, possessive, slug
from deckeditor.problems import Problem, ProblemKind, Severity
from deckeditor.words import count

K = ProblemKind
KIND_ORDER = {
    kind: i
    for i, kind in enumerate(
        (
            K.UNKNOWN_CARD,
            K.MISSING_COMMANDER,
            K.TOO_MANY_COMMANDERS,
            K.ILLEGAL_COMMANDER,
            K.ILLEGAL_PARTNERSHIP,
            K.ADDITIONAL_COLOR_CHOICE,
            K.COLOR_IDENTITY,
            K.DECK_TOO_SMALL,
            K.DECK_TOO_LARGE,
            K.BANNED,
            K.NOT_IN_FORMAT,
            K.RESTRICTED,
            K.TOO_MANY_COPIES,
            K.SIDEBOARD_SIZE,
            K.BRACKET,
        )
    )
}
ANY_NUMBER = 999


@dataclass(frozen=True, slots=True)
class LimitCard:
    """The card-like object the format engine is asked about (`formats.md` §1, §13.1)."""

    id: str
    copy_limit: int | None


# --- the Ruling of a (format, day), kept because building one merges its lists ----------------

_RULINGS: dict[tuple[int, date], tuple[object, object]] = {}


def ruling_for(fmt, day: date):
    key = (id(fmt), day)
    hit = _RULINGS.get(key)
    if hit is not None and hit[0] is fmt:
        return hit[1]
    if len(_RULINGS) > 64:
        _RULINGS.clear()
    ruling = fmt.ruling_on(day)
    _RULINGS[key] = (fmt, ruling)
    return ruling


def format_of(fmt_info):
    """A FormatInfo's Format, or the Format itself."""
    return getattr(fmt_info, "format", None) or fmt_info


# --- copy limits (§6) ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BaseLimit:
    value: int | None  # B; None: the Format's copies
    source: str  # for messages: "basic land", "its own text", "the rules of X"
    own_zero: bool = False  # forbidden by itself


def own_limit_rules(card) -> list[CopiesRule]:
    return [
        r
        for r in rules_of(card)
        if isinstance(r, CopiesRule)
        and r.limit is not None
        and not r.active_invalid
        and match_cached(r.affected, card)
    ]


def base_limit(card, deck_rules: list[tuple[CopiesRule, object]] = ()) -> BaseLimit:
    """§6: basic lands 999; else the largest of the card's own and the deck's Copies values."""
    if card is None:
        return BaseLimit(None, "")
    if is_basic_land(card):
        return BaseLimit(ANY_NUMBER, "basic land")
    values: list[tuple[int, str, bool]] = []
    if card.own_copy_limit is not None:
        values.append((card.own_copy_limit, "its own text", True))
    for r in own_limit_rules(card):
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


def limit_card(card, written: str, base: BaseLimit) -> LimitCard:
    ident = card.id if card is not None else slug(written)
    return LimitCard(ident, base.value if base.value else None)


# --- the check -----------------------------------------------------------------------------------


def check(deck, fmt_info, day: date, pool) -> list[Problem]:
    rs = ruleset_for(fmt_info)
    fmt = format_of(fmt_info)
    view = DeckView.of(deck, pool, rs.checked_sections)
    out: list[Problem] = []
    _unknown(view, out)
    if rs.command_zone:
        if rs.code == OATHBREAKER:
            _oathbreaker_zone(view, out)
        else:
            _command_zone(view, rs, out)
    _companion(view, out)
    zone = build_zone(view, rs) if rs.command_zone else None
    _choices(view, zone, out)
    if zone is not None:
        _identity(view, zone, out)
    _size(view, rs, fmt, out)
    outside = _pool(view, fmt_info, day, out)
    _copies(view, ruling_for(fmt, day), fmt, out, outside, _source_bans(fmt_info, day))
    _sideboard(view, rs, out)
    _bracket(deck, rs, day, pool, out)
    out.sort(key=_order)
    return out


def _bracket(deck, rs: RuleSet, day: date, pool, out: list[Problem]) -> None:
    """Warnings against the deck's target bracket (Commander rule set only; unset: none)."""
    from deckeditor.games.mtg import brackets

    target = brackets.target_of(deck)
    if target is not None and rs.code == COMMANDER:
        out.extend(brackets.problems(brackets.report(deck, day, pool), target))


def _order(p: Problem):
    first = p.cards[0].casefold() if p.cards else ""
    return (KIND_ORDER.get(p.kind, 99), SECTION_ORDER.get(p.section or "", 9), first)


def _name(it: Item) -> str:
    return it.card.name if it.card is not None else it.entry.card


def _unknown(view: DeckView, out: list[Problem]) -> None:
    seen = set()
    for it in view.checked:
        if it.card is None and (it.section, it.entry.card) not in seen:
            seen.add((it.section, it.entry.card))
            out.append(
                Problem.make(
                    K.UNKNOWN_CARD,
                    it.section,
                    [it.entry.card],
                    f"{it.entry.card} is not a card the card database knows",
                )
            )


def _command_zone(view: DeckView, rs: RuleSet, out: list[Problem]) -> None:
    cmd = view.commanders
    total = sum(it.entry.count for it in cmd)
    if total == 0:
        out.append(Problem.make(K.MISSING_COMMANDER, "Commander", [], "The deck has no commander"))
        return
    if total > 2:
        out.append(
            Problem.make(
                K.TOO_MANY_COMMANDERS,
                "Commander",
                [_name(it) for it in cmd],
                f"The command zone holds {total} cards; at most two may lead a deck",
            )
        )
    known = [it for it in cmd if it.card is not None]
    eligible = []
    for it in known:
        others = [o.card for o in known if o.card.name != it.card.name]
        ok = can_lead(it.card, rs.code) or (
            is_background(it.card) and any(o.partner.choose_background for o in others)
        )
        if ok:
            eligible.append(it)
        else:
            out.append(
                Problem.make(
                    K.ILLEGAL_COMMANDER,
                    "Commander",
                    [it.card.name],
                    f"{it.card.name} cannot be a commander",
                )
            )
    names = {it.card.name for it in eligible}
    if total == 2 and len(eligible) == 2 and len(names) == 2:
        a, b = eligible[0].card, eligible[1].card
        if not can_partner(a, b):
            out.append(
                Problem.make(
                    K.ILLEGAL_PARTNERSHIP,
                    "Commander",
                    [a.name, b.name],
                    f"{a.name} and {b.name} cannot lead a deck together",
                )
            )


def _oathbreaker_zone(view: DeckView, out: list[Problem]) -> None:
    cmd = view.commanders
    total = sum(it.entry.count for it in cmd)
    known = [it for it in cmd if it.card is not None]
    breakers = [it for it in known if can_be_oathbreaker(it.card)]
    spells = [
        it for it in known if can_be_signature_spell(it.card) and not can_be_oathbreaker(it.card)
    ]
    # An unknown card in the zone might be the missing one: that check is skipped (§10).
    unknown = any(it.card is None for it in cmd)
    if not breakers and not unknown:
        out.append(
            Problem.make(K.MISSING_COMMANDER, "Commander", [], "The deck is missing an oathbreaker")
        )
    if not spells and not unknown:
        out.append(
            Problem.make(
                K.MISSING_COMMANDER, "Commander", [], "The deck is missing a signature spell"
            )
        )
    if total > 2:
        out.append(
            Problem.make(
                K.TOO_MANY_COMMANDERS,
                "Commander",
                [_name(it) for it in cmd],
                f"The command zone holds {total} cards; it takes an oathbreaker and a signature spell",
            )
        )
    for it in known:
        if it not in breakers and it not in spells:
            out.append(
                Problem.make(
                    K.ILLEGAL_COMMANDER,
                    "Commander",
                    [it.card.name],
                    f"{it.card.name} is neither an oathbreaker nor a signature spell",
                )
            )


def _is_companion(card) -> bool:
    return card.companion or any(k.casefold() == "companion" for k in card.keywords)


def _companion(view: DeckView, out: list[Problem]) -> None:
    comp = [it for it in view.checked if it.section == "Companion"]
    total = sum(it.entry.count for it in comp)
    if total > 1:
        out.append(
            Problem.make(
                K.TOO_MANY_COMMANDERS,
                "Companion",
                [_name(it) for it in comp],
                f"The Companion section holds {total} cards; a deck has at most one companion",
            )
        )
    for it in comp:
        if it.card is not None and not _is_companion(it.card):
            out.append(
                Problem.make(
                    K.ILLEGAL_COMMANDER,
                    "Companion",
                    [it.card.name],
                    f"{it.card.name} has no Companion ability",
                )
            )


def _colour_words(m: int) -> str:
    return ", ".join(C.names(m))


def _choices(view: DeckView, zone: Zone | None, out: list[Problem]) -> None:
    budget_items = {id(b.item): b for b in zone.budgets} if zone else {}
    for it in view.checked:
        card = it.card
        if card is None:
            continue
        chosen = C.mask(it.entry.colors)
        n = card.set_color_id
        if n:
            marked = C.count(chosen)
            if marked > n:
                out.append(
                    Problem.make(
                        K.ADDITIONAL_COLOR_CHOICE,
                        it.section,
                        [card.name],
                        f"{card.name} has {marked} colours circled; circle exactly {n}",
                    )
                )
            elif marked < n:
                out.append(
                    Problem.make(
                        K.ADDITIONAL_COLOR_CHOICE,
                        it.section,
                        [card.name],
                        f"{card.name}: circle {n} colours",
                        Severity.WARNING,
                    )
                )
            continue
        if chosen and not allows_choice(card):
            out.append(
                Problem.make(
                    K.ADDITIONAL_COLOR_CHOICE,
                    it.section,
                    [card.name],
                    f"{card.name} allows no colour choice ({C.letters(chosen)} is recorded)",
                )
            )
            continue
        b = budget_items.get(id(it))
        if b is None:
            continue
        if not b.valid:
            out.append(
                Problem.make(
                    K.ADDITIONAL_COLOR_CHOICE,
                    it.section,
                    [card.name],
                    f"{possessive(card.name)} chosen colours ({C.letters(b.K)}) exceed its budget of {b.n}; "
                    "it grants no additional colour",
                )
            )
            continue
        if b.dropped:
            out.append(
                Problem.make(
                    K.ADDITIONAL_COLOR_CHOICE,
                    it.section,
                    [card.name],
                    f"{_colour_words(b.dropped).capitalize()} is already in the commanders' "
                    "identity",
                    Severity.WARNING,
                )
            )
        if b.implied:
            noun = "chosen colour" if b.wild else "additional colour"
            out.append(
                Problem.make(
                    K.ADDITIONAL_COLOR_CHOICE,
                    it.section,
                    [card.name],
                    f"{possessive(card.name)} {noun} is not recorded; the deck uses "
                    f"{_colour_words(b.implied)}",
                    Severity.WARNING,
                )
            )


def _identity(view: DeckView, zone: Zone, out: list[Problem]) -> None:
    leader_ids = {id(it) for it in zone.leaders}
    zl = C.letters(zone.z) or "colourless"
    for it in view.checked:
        card = it.card
        if card is None or id(it) in leader_ids:
            continue
        if it.section == "Commander" and not can_be_signature_spell(card):
            continue  # an ineligible card in the zone is ILLEGAL_COMMANDER already
        if not zone.fits(card, it.ident):
            need = it.ident & ~zone.z
            out.append(
                Problem.make(
                    K.COLOR_IDENTITY,
                    it.section,
                    [card.name],
                    f"{card.name} is outside the commander's colour identity ({zl}): "
                    f"needs {', '.join(C.letters(need))}",
                )
            )
            continue
        n = card.set_color_id
        if n and C.count(it.ident) < n and not (zone.disabled or zone.exempt(card)):
            if C.count(zone.z) < n:
                out.append(
                    Problem.make(
                        K.COLOR_IDENTITY,
                        it.section,
                        [card.name],
                        f"{card.name} needs {n} colours circled, but the commander's colour "
                        f"identity ({zl}) has only {C.count(zone.z)}",
                    )
                )


def _size(view: DeckView, rs: RuleSet, fmt, out: list[Problem]) -> None:
    size = sum(it.entry.count for it in view.checked if it.section in rs.counted)
    lo = fmt.min_size
    hi = fmt.max_size
    size_rules = sorted(
        ((rule, it) for rule, it in view.rules if isinstance(rule, SizeRule)),
        key=lambda ri: (SECTION_ORDER.get(ri[1].section, 9), ri[1].index),
    )
    for rule, _ in size_rules:
        if rule.unlimited:
            hi = None
        elif hi is not None:
            hi += rule.adjust
    if size < lo:
        out.append(
            Problem.make(
                K.DECK_TOO_SMALL,
                "Main",
                [],
                f"The deck has {count(size, 'card')}; the format needs at least {lo}",
            )
        )
    elif hi is not None and size > hi:
        out.append(
            Problem.make(
                K.DECK_TOO_LARGE,
                "Main",
                [],
                f"The deck has {count(size, 'card')}; the format allows at most {hi}",
            )
        )


@dataclass(slots=True)
class _Tally:
    name: str
    card: object | None
    count: int
    sections: list[str]


def tally(view: DeckView) -> dict[str, _Tally]:
    """Copies per name key over the checked sections, sections in section order."""
    out: dict[str, _Tally] = {}
    for it in view.checked:
        name = _name(it)
        key = name_key(name)
        t = out.get(key)
        if t is None:
            t = out[key] = _Tally(name, it.card, 0, [])
        t.count += it.entry.count
        if it.section not in t.sections:
            t.sections.append(it.section)
    for t in out.values():
        t.sections.sort(key=lambda s: SECTION_ORDER.get(s, 9))
    return out


def deck_copies_rules(view: DeckView) -> list[tuple[CopiesRule, object]]:
    return [
        (rule, it.card)
        for rule, it in view.rules
        if isinstance(rule, CopiesRule) and rule.limit is not None
    ]


def _pool(view: DeckView, fmt_info, day: date, out: list[Problem]) -> set[str]:
    """NOT_IN_FORMAT for each card outside the format's pool on the day (the message names the
    reason and the source); a warning, once per section, where the data cannot tell the day."""
    rule = pool_rule(fmt_info)
    lead = lead_rule(rule)
    outside: set[str] = set()
    unsure: dict[str, list[str]] = {}
    notes: dict[str, str] = {}
    for key, t in tally(view).items():
        if t.card is None:
            continue
        # The command zone of Pauper Commander takes from its own pool (an uncommon leads).
        verdicts = {sec: verdict(t.card, lead if sec == "Commander" else rule, day)
                    for sec in t.sections}  # fmt: skip
        for sec, v in verdicts.items():
            if not v.in_pool:
                outside.add(key)
                out.append(Problem.make(K.NOT_IN_FORMAT, sec, [t.name], f"{t.name} is {v.reason}"))
        v = verdicts[t.sections[0]]
        if v.in_pool and v.uncertain:
            unsure.setdefault(t.sections[0], []).append(t.name)
            notes.setdefault(t.sections[0], v.uncertain)
    for sec, names in unsure.items():
        out.append(
            Problem.make(
                K.NOT_IN_FORMAT,
                sec,
                names,
                notes[sec][:1].upper() + notes[sec][1:],
                Severity.WARNING,
            )
        )
    return outside


def _source_bans(fmt_info, day: date):
    """card -> the source's ban in force on the day (built-in formats only), or None."""
    if not source_bans_apply(fmt_info):
        return lambda card: None
    rule, fmt = pool_rule(fmt_info), format_of(fmt_info)
    return lambda card: None if card is None else source_ban(card, rule, day, fmt)


def _copies(view: DeckView, ruling, fmt, out: list[Problem], outside=frozenset(),
            source_banned=lambda card: None) -> None:  # fmt: skip
    deck_rules = deck_copies_rules(view)
    for key, t in tally(view).items():
        if key in outside:
            continue  # NOT_IN_FORMAT says it already
        base = base_limit(t.card, deck_rules)
        if base.value == 0:
            source = base.source
            for sec in t.sections:
                out.append(Problem.make(K.BANNED, sec, [t.name], f"{t.name} is banned by {source}"))
            continue
        lc = limit_card(t.card, t.name, base)
        banned = ruling.banned_by(lc) or source_banned(t.card)
        if banned is not None:
            for sec in t.sections:
                out.append(Problem.make(K.BANNED, sec, [t.name], f"{t.name} is banned by {banned}"))
            continue
        limit = ruling.copy_limit(lc)
        if t.count <= limit:
            continue
        restricted = ruling.restricted_by(lc)
        if restricted is not None:
            out.append(
                Problem.make(
                    K.RESTRICTED,
                    t.sections[0],
                    [t.name],
                    f"The deck has {t.count} copies of {t.name}; {restricted} restricts it to "
                    f"{limit}",
                )
            )
        else:
            source = base.source if base.value is not None else f'the format "{fmt.code}"'
            out.append(
                Problem.make(
                    K.TOO_MANY_COPIES,
                    t.sections[0],
                    [t.name],
                    f"The deck has {t.count} copies of {t.name}; the limit is {limit} ({source})",
                )
            )


def _sideboard(view: DeckView, rs: RuleSet, out: list[Problem]) -> None:
    size = sum(it.entry.count for it in view.checked if it.section == "Sideboard")
    if size and not rs.sideboard_min <= size <= rs.sideboard_max:
        out.append(
            Problem.make(
                K.SIDEBOARD_SIZE,
                "Sideboard",
                [],
                f"The sideboard has {count(size, 'card')}; it may hold {rs.sideboard_min} to "
                f"{rs.sideboard_max}",
            )
        )


__all__ = ["CHECKED_SECTIONS", "LimitCard", "base_limit", "check", "format_of", "ruling_for"]
