"""Which cards a format's card pool holds (`cli.md` NOT_IN_FORMAT; issue 12).

A card carries what its source says about formats (`Card.legalities`, "key=status;…" with the
statuses `legal`, `restricted`, `banned`, `not_legal`; `Card.legal_source`, "MTGJSON 2026-01-03")
and the facts that decide everywhere (`Card.traits`: joke, digital, not-a-deck-card, oversized,
rebalanced). A format's pool is named by a `PoolRule`: which legality key of the sources speaks
for it, and whether its pool rotates (Standard Brawl) or is eternal (Commander, Oathbreaker,
Vintage: the tournament-legal paper cards).

`verdict(card, rule, day)` decides one card; the predicate turns it into one bitset per
(pool, rule, day), so a keystroke never walks the cards.

Order of the decision:

1. not released yet on the day (the first printing's release day) -> not in the pool;
2. the source's explicit status for the format's key: `not_legal` is obeyed, `legal`/`restricted`
   let the card in, `banned` lets it in but bans it from the source's day on;
3. no statement (an empty map, or a source older than the format's key): the card's traits keep
   jokes, digital-only, non-deck and oversized cards out; a rotating pool admits nothing a
   legality-stating source is silent on; the rest (also every card of a source that states no
   legalities at all, such as Forge scripts) is let in.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache

from deckeditor.format_catalog import FormatInfo, variant_of_code
from deckeditor.formats import Format
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.set_calendar import promo_sets

LEGAL, RESTRICTED, BANNED, NOT_LEGAL = "legal", "restricted", "banned", "not_legal"
STATUSES = (LEGAL, RESTRICTED, BANNED, NOT_LEGAL)

JOKE = "joke"
DIGITAL = "digital"
NON_DECK = "not-a-deck-card"
OVERSIZED = "oversized"  # also celebration, World Championship and challenge-deck printings
REBALANCED = "rebalanced"  # Alchemy `A-` cards (digital as well)
BACK_FACE = "back-face"  # a meld result or other face stored as its own card: it cannot lead
RARITY_KNOWN = "rarity-known"  # the source gives its printings' rarities (Forge editions)
COMMON = "printed-common"  # one of them is common (Pauper's pool)
TRAIT_WORDS = {
    JOKE: "joke card",
    DIGITAL: "digital-only card",
    NON_DECK: "not a card that goes in a deck",
    OVERSIZED: "only printed as an oversized, celebration or collectors' card",
    REBALANCED: "Alchemy card",
}
# Checked in this order, so the most telling reason is the one named.
TRAIT_ORDER = (REBALANCED, JOKE, NON_DECK, DIGITAL, OVERSIZED)

# Card types that never go in a deck (planar, Archenemy, Vanguard, Hero, draft-matters cards, …).
NON_DECK_TYPES = frozenset(
    {"Plane", "Phenomenon", "Scheme", "Vanguard", "Hero", "Conspiracy", "Dungeon", "Stickers",
     "Emblem"}
)  # fmt: skip
NON_DECK_SUBTYPES = frozenset({"Attraction", "Contraption"})


# --- the source's statement ----------------------------------------------------------------------


def _status_word(text: str) -> str | None:
    word = str(text).strip().lower().replace(" ", "_").replace("-", "_")
    if word in ("not_legal", "notlegal", "illegal"):
        return NOT_LEGAL
    return word if word in STATUSES else None


def encode(statuses: Mapping[str, str], known: Iterable[str] = ()) -> str:
    """A source's statuses as the one shared string a card keeps; keys the source knows but does
    not list (MTGJSON leaves out the formats a card is not legal in) are written `not_legal`."""
    out: dict[str, str] = {}
    for key in known:
        out[str(key).lower()] = NOT_LEGAL
    for key, value in statuses.items():
        word = _status_word(value)
        if word is not None and isinstance(key, str):
            out[key.lower()] = word
    if not out:
        return ""
    return sys.intern(";".join(f"{k}={v}" for k, v in sorted(out.items())))


@lru_cache(maxsize=4096)
def decode(text: str) -> dict[str, str]:
    if not text:
        return {}
    out = {}
    for item in text.split(";"):
        key, _, value = item.partition("=")
        if key and value in STATUSES:
            out[key] = value
    return out


def source_day(card: Card) -> date | None:
    """The day the card's source made its statement (the last word of `legal_source`)."""
    return _day_of(card.legal_source)


@lru_cache(maxsize=256)
def _day_of(text: str) -> date | None:
    tail = text.rsplit(" ", 1)[-1] if text else ""
    try:
        return date.fromisoformat(tail)
    except ValueError:
        return None


# --- facts every source gives ------------------------------------------------------------------

# Set codes whose printings are not tournament-legal paper cards. Used only for cards whose source
# states no legality: a card is out when every printing it has is in one of these.
JOKE_SETS = frozenset(
    {"UGL", "UNH", "UST", "UND", "UNK", "PUST", "PUNH", "PAL04", "HHO", "PHHO", "CMB1",
     "CMB2", "MB2", "PTG", "H17", "HTR", "HTR16", "HTR17", "HTR18", "HTR19", "HTR20", "PLGS",
     "UPLIST", "DA1", "SUNF", "UNF"}
)  # fmt: skip
COLLECTOR_SETS = frozenset(
    {"CED", "CEI", "30A", "PTC", "WC97", "WC98", "WC99", "WC00", "WC01", "WC02", "WC03", "WC04",
     "OC13", "OC14", "OC15", "OC16", "OC17", "OC18", "OC19", "OC20", "OC21", "OCMD", "OCM1",
     "OC22", "OCMR", "OHOP", "OPCA", "OARC", "OE01", "OPC2", "PPC1", "TFTH", "TBTH", "TDAG",
     "PVAN", "PSAL", "PMOA", "PCMD", "PCEL"}
)  # fmt: skip
DIGITAL_SETS = frozenset(
    {"ANB", "ANA", "OANA", "XANA", "J21", "HBG", "AKR", "KLR", "EA1", "EA2", "EA3", "PAST", "PMIC",
     "Y22", "Y23", "Y24", "Y25", "YMID", "YNEO", "YSNC", "YDMU", "YBRO", "YONE", "YMOM", "YWOE",
     "YLCI", "YMKM", "YOTJ", "YBLB", "YDSK", "YFDN", "YDFT", "YTDM", "YEOE", "SIR", "SIS",
     "OM1", "MED", "ME1", "ME2", "ME3", "ME4", "VMA", "TPR", "PZ1", "PZ2", "TD0", "TD2"}
)  # fmt: skip
NON_TOURNAMENT_SETS = JOKE_SETS | COLLECTOR_SETS | DIGITAL_SETS


def _deciding(codes: set[str]) -> set[str]:
    """The printings that say what a card is: a promo reprint does not (Rules Lawyer, an Unstable
    card, is a joke though it was also a judge gift), unless the card has no other printing."""
    return (codes - promo_sets()) or codes


def traits_from_facts(
    *,
    name: str,
    types: Iterable[str],
    subtypes: Iterable[str] = (),
    printings: Iterable[str] = (),
    funny: bool = False,
    digital: bool = False,
    oversized: bool = False,
) -> frozenset[str]:
    """The traits one source's facts give a card (flags the source states, plus what its name,
    type line and printings show)."""
    out: set[str] = set()
    if name.startswith("A-"):
        out.update((REBALANCED, DIGITAL))
    if funny:
        out.add(JOKE)
    if digital:
        out.add(DIGITAL)
    if oversized:
        out.add(OVERSIZED)
    if NON_DECK_TYPES.intersection(types) or NON_DECK_SUBTYPES.intersection(subtypes):
        out.add(NON_DECK)
    codes = _deciding({p.upper() for p in printings})
    if codes and codes <= NON_TOURNAMENT_SETS:
        if codes & JOKE_SETS:
            out.add(JOKE)
        elif codes <= DIGITAL_SETS:
            out.add(DIGITAL)
        else:
            out.add(OVERSIZED)
    return frozenset(out)


def with_statement(card: Card, legalities: str, source: str, *, funny: bool = False,
                   digital: bool = False, oversized: bool = False, non_deck: bool = False,
                   back_face: bool = False, released: str = "") -> Card:  # fmt: skip
    """The card with its source's statement and the flags the source states (importers)."""
    flags = {JOKE: funny, DIGITAL: digital, OVERSIZED: oversized, NON_DECK: non_deck,
             BACK_FACE: back_face}  # fmt: skip
    traits = card.traits | {trait for trait, on in flags.items() if on}
    day = released or card.released  # the first printing's release day, when the importer knows
    return replace(card, legalities=legalities, legal_source=sys.intern(source), traits=traits,
                   released=day)  # fmt: skip


# --- formats -------------------------------------------------------------------------------------

from deckeditor.games.mtg import format_sets  # noqa: E402
from deckeditor.games.mtg.format_rules import FORMAT_RULES, FormatRule, key_on  # noqa: E402
from deckeditor.games.mtg.set_table import RARITY_NAMES, RARITY_RANK, printed_rarities  # noqa: E402

PoolRule = FormatRule  # the name the predicate and the checker know it by
RULES = FORMAT_RULES
_BY_VARIANT = {"commander": "commander", "oathbreaker": "oathbreaker", "brawl": "brawl",
               "paupercommander": "paupercommander", "constructed": "vintage"}  # fmt: skip
_DUEL_LEAD = replace(RULES["duel"], restricted_bans_lead=True)
PAPER_TRAITS = TRAIT_ORDER
DIGITAL_TRAITS = (JOKE, NON_DECK, OVERSIZED)  # an MTG Arena format takes digital-only cards


def pool_rule(fmt_info: FormatInfo | Format) -> PoolRule:
    """The pool of a FormatInfo (or Format): by its code when it names a known format (a player's
    `pauper-commander.json` too), else by its variant."""
    code = str(getattr(fmt_info, "code", "") or "").lower()
    bare = code.replace("-", "").replace("_", "").replace(".", "")
    if bare == "historicbrawl":
        bare = "brawl"
    rule = RULES.get(code) or RULES.get(bare)
    if rule is not None:
        return rule
    variant = getattr(fmt_info, "variant", None)
    if variant is None:
        variant = variant_of_code(code, game="mtg")
    return RULES[_BY_VARIANT.get(variant, "vintage")]


def lead_rule(rule: PoolRule) -> PoolRule:
    """The pool the command zone takes from (Pauper Commander: an uncommon creature leads; Duel
    Commander: less its banned-as-commander list)."""
    if rule.lead_pool:
        return replace(RULES[rule.lead_pool], uncommon_lead=True)
    return _DUEL_LEAD if rule == RULES["duel"] else rule


def source_bans_apply(fmt_info: FormatInfo | Format) -> bool:
    """A source's "banned" is taken over only by built-in formats: a player's own format file
    decides its bans itself."""
    return getattr(fmt_info, "path", "not a FormatInfo") is None


# --- the verdict ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    in_pool: bool
    reason: str = ""  # why not (for NOT_IN_FORMAT / why_hidden), naming the source
    banned_from: date | None = None  # the source bans it from this day on
    uncertain: str = ""  # the day is before what the data can tell (a warning)
    by_sets: bool = False  # decided by the card's printings (`in_sets`), not by its statement
    by_rarity: bool = False  # decided by its printings' rarities in the shipped table


IN = Verdict(True)


def _source_name(card: Card) -> str:
    # Sources without legalities name what gave the facts (`Cockatrice sets`, `Forge editions`).
    return card.legal_source or card.extra.get("facts_from") or "its card source"


def _per_source(card: Card, key: str, rule: PoolRule) -> str:
    """Whose word it is, as a player reads it: "per the MTGJSON card data of 2026-01-03" (and
    which of its formats it was read from, when the source has no entry for this one)."""
    name, said = _source_name(card), source_day(card)
    if said is not None:
        name = name.rsplit(" ", 1)[0]
    words = f"per the {name} card data" + (f" of {said.isoformat()}" if said is not None else "")
    return words if key == rule.key else f"{words}, read from its {key} legality"


def statement(card: Card, rule: PoolRule) -> tuple[str | None, str]:
    """The source's status for the format (read with the key of the source's day), or for a key
    of the same pool, and the key used."""
    stated = decode(card.legalities)
    if not stated:
        return None, ""
    said = source_day(card)
    key = key_on(rule.code, said.isoformat()) if said is not None else rule.key
    if key is not None and key in stated:
        return stated[key], key
    for other in rule.also:
        if other in stated:
            status = stated[other]
            # Another format's ban says nothing about this one; its pool membership does.
            return (LEGAL if status in (BANNED, RESTRICTED) else status), other
    return None, ""


def _reaches(rule: PoolRule, said: date | None, day: date | None) -> bool:
    """Does a statement made on `said` speak for `day`? Always, but in a format sets leave: there
    only within the same rotation period; and in an MTG Arena format, whose pool also grows by
    digital reprint sets, not before its own day."""
    if day is None or said is None:
        return True
    if rule.digital and day < said:
        return False
    if not rule.rotating:
        return True
    return format_sets.same_period(rule.code, said, day)


def verdict(card: Card, rule: PoolRule, day: date | None) -> Verdict:
    title = rule.title
    if day is not None and card.released:
        try:
            first = date.fromisoformat(card.released)
        except ValueError:
            first = None
        if first is not None and day < first:
            return Verdict(
                False, f"not part of {title} on {day.isoformat()}: first released {card.released}"
            )
    # A card that never goes in a deck (a Conspiracy, a Plane) is out of every format the same
    # way, whatever a source calls it (MTGJSON lists Conspiracies as banned in Vintage).
    if NON_DECK in card.traits:
        trait = next(t for t in TRAIT_ORDER if t in card.traits)  # a joke says more
        return Verdict(False, f"not part of {title}: {TRAIT_WORDS[trait]} ({_source_name(card)})")
    if rule.uncommon_lead and not printed_at_uncommon(card):
        return Verdict(
            False,
            "not a Pauper Commander commander: the printings table has it "
            "printed only at "
            + _rarity_words(printed_rarities(card.name, card.printings))
            + ", never at uncommon",
        )
    status, key = statement(card, rule)
    said = source_day(card)
    if status is not None and _reaches(rule, said, day):
        if status == NOT_LEGAL:
            return Verdict(False, f"not legal in {title} ({_per_source(card, key, rule)})")
        if status == RESTRICTED and rule.restricted_bans_lead:
            return Verdict(False, f"banned as commander in {title} ({_source_name(card)})")
        if status == RESTRICTED and rule.lead_pool:
            # Pauper Commander (2022 data): "restricted" is an uncommon, which only leads.
            return Verdict(
                False,
                f"not part of {title} outside the command zone: "
                f"{_source_name(card)} says it may only be the commander",
            )
        banned_from = (said or date.min) if status == BANNED else None
        return Verdict(True, "", banned_from)
    for trait in DIGITAL_TRAITS if rule.digital else PAPER_TRAITS:
        if trait in card.traits:
            return Verdict(
                False, f"not part of {title}: {TRAIT_WORDS[trait]} ({_source_name(card)})"
            )
    if rule.commons and RARITY_KNOWN in card.traits and COMMON not in card.traits:
        return Verdict(
            False, f"not part of {title}: never printed at common ({_source_name(card)})"
        )
    if rule.commons and RARITY_KNOWN not in card.traits:
        return _table_commons(card, title)
    if rule.by_sets and format_sets.has_sets(rule.code) and day is not None:
        return _by_sets(card, rule, day, status is not None)
    # A source that states no legalities at all (Forge scripts, a spoiler list): let in.
    return IN


def printed_at_uncommon(card: Card) -> bool:
    """Pauper Commander's lead: one printing at uncommon (the shipped printings table, issue 23).
    A card the table gives no rarity (a newer or custom card) leads as before the table: the
    format's legality alone decides, as the pool gives no rarity either."""
    rarities = printed_rarities(card.name, card.printings)
    return not rarities or "u" in rarities


def _table_commons(card: Card, title: str) -> Verdict:
    """Pauper's pool over a source with no rarity (MTGJSON's AtomicCards shape, the starter
    cards) where it states nothing: the shipped printings table's rarities of the card's
    printings that are played (promos and COLLECTOR_SETS left out: 30th Anniversary Edition lists
    Sol Ring at common, but no tournament takes its printings). Where the table knows none of
    them: in, with a warning that it cannot be checked (never "legal" as if known)."""
    played = [c for c in card.printings if c.upper() not in COLLECTOR_SETS | promo_sets()]
    rarities = printed_rarities(card.name, played)
    if "c" in rarities:
        return Verdict(True, by_rarity=True)
    if rarities:
        return Verdict(
            False,
            f"not part of {title}: never printed at common (printed at "
            f"{_rarity_words(rarities)}, by the app's printings table)",
            by_rarity=True,
        )
    return Verdict(
        True,
        uncertain=f"{title} takes only cards printed at common, and the card pool gives no "
        "rarity for these cards: whether they were cannot be checked",
        by_rarity=True,
    )


def _rarity_words(rarities: set[str]) -> str:
    ranked = sorted(rarities, key=lambda r: RARITY_RANK.get(r, 9))
    return ", ".join(RARITY_NAMES.get(r, r) for r in ranked)


def _by_sets(card: Card, rule: PoolRule, day: date, stated_elsewhere: bool) -> Verdict:
    """Where no statement speaks: in the pool when one of its printings' sets is in the format."""
    title = rule.title
    if not card.printings:
        # A Forge cardsfolder without its editions folder: no set, so no way into a set pool.
        return Verdict(
            False,
            f"not part of {title}: {_source_name(card)} names no set that prints it",
            by_sets=True,
        )
    if in_sets(card.printings, rule, day):
        return Verdict(True, by_sets=True)
    said = source_day(card)
    when = f" (its source speaks for {said.isoformat()})" if stated_elsewhere and said else ""
    return Verdict(
        False,
        f"not part of {title} on {day.isoformat()}: none of its sets is in {title} then{when}",
        by_sets=True,
    )


def in_sets(printings: Iterable[str], rule: PoolRule, day: date) -> bool:
    sets = format_sets.sets_on(rule.code, day)
    return any(code.upper() in sets for code in printings)


# (id(card), id(rule), day) -> (the card, the rule, its verdict): a deck's check asks for every
# line's verdict on every edit, and one edit changes one line of ~100. The card and rule are kept
# with the answer, so an id reused by another object is not read. Bounded: a pass over a whole pool
# (`pool_bits`) calls `verdict` itself.
_KEPT: dict[tuple[int, int, date | None], tuple[Card, PoolRule, Verdict]] = {}


def deck_verdict(card: Card, rule: PoolRule, day: date | None) -> Verdict:
    """`verdict`, kept for the cards of the decks being checked."""
    key = (id(card), id(rule), day)
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is card and kept[1] is rule:
        return kept[2]
    found = verdict(card, rule, day)
    if len(_KEPT) > 2048:
        _KEPT.clear()
    _KEPT[key] = (card, rule, found)
    return found


def source_ban(
    card: Card,
    rule: PoolRule,
    day: date,
    fmt: Format | None,
    judge: Callable[[Card, PoolRule, date | None], Verdict] = verdict,
) -> str | None:
    """The source's own ban in force on the day, as a label, or None. A ban holds from the
    source's day until the format's own next list (dated after it) takes over. `judge`: how the
    card's verdict is made (`deck_verdict` for a deck's lines)."""
    v = judge(card, rule, day)
    if v.banned_from is None or day < v.banned_from:
        return None
    for taboo in getattr(fmt, "taboo_lists", ()) or ():
        eff = getattr(taboo, "effective_from", None)
        if isinstance(eff, date) and v.banned_from < eff <= day:
            return None
    return f"{_source_name(card)} ({rule.title} legality)"


__all__ = [
    "BANNED",
    "COMMON",
    "DIGITAL",
    "JOKE",
    "LEGAL",
    "NON_DECK",
    "NOT_LEGAL",
    "OVERSIZED",
    "RARITY_KNOWN",
    "REBALANCED",
    "RESTRICTED",
    "PoolRule",
    "Verdict",
    "deck_verdict",
    "decode",
    "encode",
    "lead_rule",
    "pool_rule",
    "printed_at_uncommon",
    "source_ban",
    "traits_from_facts",
    "verdict",
]
