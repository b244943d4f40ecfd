"""The MTG conformance check (`mtg-rules.md` §10): every problem of a deck, in the contract order.

`check(deck, fmt_info, day, pool)` is pure. It resolves the deck once (`DeckView`), builds the
colour context (`Zone`) and then runs the steps of §10; a step that depends on unknown data is
skipped, never guessed. Bans, restrictions and copy limits are asked of the seed-001 `Ruling`
(`formats.md` §13) with a card-like object carrying the card's own base limit
(`deckeditor.games.mtg.copy_limits`); the colour steps (choices, identity) are
`deckeditor.games.mtg.identity_check`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from datetime import date

from deckeditor.deck import Deck
from deckeditor.formats import Format, Ruling
from deckeditor.games.mtg import brackets
from deckeditor.games.mtg.approval import DeckView, build_zone
from deckeditor.games.mtg.card import Card, Pool
from deckeditor.games.mtg.copy_limits import (
    LimitCard,
    base_limit,
    deck_copies_rules,
    limit_card,
    ruling_for,
    tally,
    written_name,
)
from deckeditor.games.mtg.deckrule import SizeRule
from deckeditor.games.mtg.identity_check import choice_problems, identity_problems
from deckeditor.games.mtg.legality import (
    deck_verdict,
    lead_rule,
    pool_rule,
    source_ban,
    source_bans_apply,
)
from deckeditor.games.mtg.rulesets import (
    CHECKED_SECTIONS,
    COMMANDER,
    OATHBREAKER,
    SECTION_ORDER,
    FormatLike,
    RuleSet,
    can_be_oathbreaker,
    can_be_signature_spell,
    can_lead,
    can_partner,
    format_of,
    is_background,
    ruleset_for,
)
from deckeditor.games.mtg.sections import OATHBREAKER_SLOT, SIGNATURE_SLOT
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


# --- the check -----------------------------------------------------------------------------------


def check(deck: Deck, fmt_info: FormatLike, day: date, pool: Pool) -> list[Problem]:
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
    choice_problems(view, zone, out)
    if zone is not None:
        identity_problems(view, zone, out)
    _size(view, rs, fmt, out)
    outside = _pool(view, fmt_info, day, out)
    _copies(view, ruling_for(fmt, day), fmt, out, outside, _source_bans(fmt_info, day))
    _sideboard(view, rs, out)
    _bracket(deck, rs, day, pool, out)
    out.sort(key=_order)
    return out


def _bracket(deck: Deck, rs: RuleSet, day: date, pool: Pool, out: list[Problem]) -> None:
    """Warnings against the deck's target bracket (Commander rule set only; unset: none)."""
    target = brackets.target_of(deck)
    if target is not None and rs.code == COMMANDER:
        out.extend(brackets.problems(brackets.report(deck, day, pool), target))


def _order(p: Problem) -> tuple[int, int, str]:
    first = p.cards[0].casefold() if p.cards else ""
    return (KIND_ORDER.get(p.kind, 99), SECTION_ORDER.get(p.section or "", 9), first)


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
                [written_name(it) for it in cmd],
                f"The command zone holds {total} cards; at most two may lead a deck",
            )
        )
    known = [it.card for it in cmd if it.card is not None]
    eligible: list[Card] = []
    for card in known:
        others = [o for o in known if o.name != card.name]
        ok = can_lead(card, rs.code) or (
            is_background(card) and any(o.partner.choose_background for o in others)
        )
        if ok:
            eligible.append(card)
        else:
            out.append(
                Problem.make(
                    K.ILLEGAL_COMMANDER,
                    "Commander",
                    [card.name],
                    f"{card.name} cannot be a commander",
                )
            )
    names = {card.name for card in eligible}
    if total == 2 and len(eligible) == 2 and len(names) == 2:
        a, b = eligible
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
    known = [it.card for it in cmd if it.card is not None]
    breakers = [card for card in known if can_be_oathbreaker(card)]
    spells = [c for c in known if can_be_signature_spell(c) and not can_be_oathbreaker(c)]
    # An unknown card in the zone might be the missing one: that check is skipped (§10).
    unknown = any(it.card is None for it in cmd)
    # the slot each missing card leaves empty: the window tags the problem with it
    if not breakers and not unknown:
        missing = Problem.make(
            K.MISSING_COMMANDER, "Commander", [], "The deck is missing an oathbreaker"
        )
        out.append(replace(missing, extra={"slot": OATHBREAKER_SLOT}))
    if not spells and not unknown:
        missing = Problem.make(
            K.MISSING_COMMANDER, "Commander", [], "The deck is missing a signature spell"
        )
        out.append(replace(missing, extra={"slot": SIGNATURE_SLOT}))
    if total > 2:
        out.append(
            Problem.make(
                K.TOO_MANY_COMMANDERS,
                "Commander",
                [written_name(it) for it in cmd],
                f"The command zone holds {total} cards; it takes an oathbreaker and a signature spell",
            )
        )
    for card in known:
        if card not in breakers and card not in spells:
            out.append(
                Problem.make(
                    K.ILLEGAL_COMMANDER,
                    "Commander",
                    [card.name],
                    f"{card.name} is neither an oathbreaker nor a signature spell",
                )
            )


def _is_companion(card: Card) -> bool:
    return card.companion or any(k.casefold() == "companion" for k in card.keywords)


def _companion(view: DeckView, out: list[Problem]) -> None:
    comp = [it for it in view.checked if it.section == "Companion"]
    total = sum(it.entry.count for it in comp)
    if total > 1:
        out.append(
            Problem.make(
                K.TOO_MANY_COMMANDERS,
                "Companion",
                [written_name(it) for it in comp],
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


def _size(view: DeckView, rs: RuleSet, fmt: Format, out: list[Problem]) -> None:
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


def _pool(view: DeckView, fmt_info: FormatLike, day: date, out: list[Problem]) -> set[str]:
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
        verdicts = {sec: deck_verdict(t.card, lead if sec == "Commander" else rule, day)
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


# card -> the source's ban in force on the day, or None
SourceBans = Callable[[Card | None], str | None]


def _no_source_ban(card: Card | None) -> None:
    return None


def _source_bans(fmt_info: FormatLike, day: date) -> SourceBans:
    """card -> the source's ban in force on the day (built-in formats only), or None."""
    if not source_bans_apply(fmt_info):
        return _no_source_ban
    rule, fmt = pool_rule(fmt_info), format_of(fmt_info)
    return lambda card: None if card is None else source_ban(card, rule, day, fmt, deck_verdict)


def _copies(
    view: DeckView,
    ruling: Ruling,
    fmt: Format,
    out: list[Problem],
    outside: Collection[str] = frozenset(),
    source_banned: SourceBans = _no_source_ban,
) -> None:
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
