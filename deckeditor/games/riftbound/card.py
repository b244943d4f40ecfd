"""The Riftbound card model (`riftbound.md` §1): a Card is a rules identity keyed by its rules
name; a Printing is one physical version keyed by its card code.

Plain frozen dataclasses, built once by the gallery importer (`gallery.py`) and read by the rules,
the deck codec, the search keys and the attachment model. Everything derived from text (keywords,
costs, the copy limit) is computed here, at build time, so hot paths only read attributes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from deckeditor.games.riftbound.card_codes import (
    DECKCODE_SET_ID,
    PREFIXES,
    SET_NAMES,
    SET_SIZES,
    SETS,
    VARIANTS,
    CardCode,
    CardCodeError,
    canonical_code,
    parse_code,
)
from deckeditor.games.riftbound.card_text import (
    COST_KEYWORDS,
    Cost,
    Keyword,
    any_number_clause,
    has_keyword,
    parse_cost,
    parse_keywords,
    strip_reminders,
)
from deckeditor.names import name_key, slug

Record = dict[str, Any]  # one card or printing as the card store keeps it (JSON)

__all__ = [  # the card model, and the codes and text it is built from
    "COST_KEYWORDS",
    "DECKCODE_SET_ID",
    "DOMAINS",
    "DOMAIN_BIT",
    "DOMAIN_LETTER",
    "LETTER_DOMAIN",
    "PERMANENT_TYPES",
    "PREFIXES",
    "SETS",
    "SET_NAMES",
    "SET_SIZES",
    "SUPERTYPES",
    "TYPES",
    "VARIANTS",
    "Card",
    "CardCode",
    "CardCodeError",
    "Cost",
    "Keyword",
    "Printing",
    "any_number_clause",
    "canonical_code",
    "domain_letters",
    "domain_mask",
    "from_record",
    "has_keyword",
    "own_copy_limit",
    "parse_code",
    "parse_cost",
    "parse_keywords",
    "printing_from",
    "printing_record",
    "reference_printing",
    "split_name",
    "strip_reminders",
    "to_record",
]

# --- domains (§1.3) ------------------------------------------------------------------------

DOMAINS = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")  # display order of the table
DOMAIN_LETTER = {"Fury": "R", "Calm": "G", "Mind": "B", "Body": "O", "Chaos": "P", "Order": "Y"}
LETTER_DOMAIN = {v: k for k, v in DOMAIN_LETTER.items()}
DOMAIN_BIT = {d: 1 << i for i, d in enumerate(DOMAINS)}

TYPES = ("Unit", "Gear", "Spell", "Rune", "Battlefield", "Legend")
PERMANENT_TYPES = frozenset({"Unit", "Gear"})
SUPERTYPES = ("Champion", "Signature")


def domain_mask(domains: Iterable[str]) -> int:
    mask = 0
    for d in domains:
        mask |= DOMAIN_BIT[d]
    return mask


def domain_letters(domains: Iterable[str]) -> str:
    """Letters in table order: {Chaos, Fury} -> 'RP'."""
    return "".join(DOMAIN_LETTER[d] for d in DOMAINS if d in domains)


# --- names (§1.6) --------------------------------------------------------------------------


def split_name(name: str) -> tuple[str, str | None]:
    """`Jinx, Demolitionist` -> ('Jinx', 'Demolitionist'); a bare name has no subtitle."""
    if ", " in name:
        short, subtitle = name.split(", ", 1)
        return short, subtitle
    return name, None


# --- printings and cards (§1.1) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Printing:
    code: str  # canonical card code
    set: str
    prefix: str = ""
    number: int = 0
    variant: str = ""
    public_code: str = ""
    riot_id: str = ""
    rarity: str = ""
    artist: str = ""
    image_url: str = ""
    orientation: str = "portrait"
    overnumbered: bool = False
    # printed facts, kept for display (the Card holds the reference printing's)
    name: str = ""
    types: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    domains: frozenset[str] = frozenset()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    might_bonus: int | None = None
    rules_text: str = ""
    effect_text: str | None = None

    @property
    def card_code(self) -> CardCode:
        return CardCode(self.set, self.prefix, self.number, self.variant)


@dataclass(frozen=True, slots=True)
class Card:
    name: str  # the rules name, `Short, Subtitle`
    short_name: str
    subtitle: str | None
    types: tuple[str, ...]
    supertypes: frozenset[str] = frozenset()
    supertypes_known: bool = True
    tags: tuple[str, ...] = ()
    champion_tag: str | None = None
    domains: frozenset[str] = frozenset()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    might_bonus: int | None = None
    rules_text: str = ""
    effect_text: str | None = None
    keywords: tuple[Keyword, ...] = ()
    effect_keywords: tuple[Keyword, ...] = ()
    own_copy_limit: int | None = None
    printings: tuple[Printing, ...] = ()

    # --- what the pool, the format engine and the search need ----------------------------

    @property
    def face_names(self) -> tuple[str, ...]:
        return (self.name,)

    @property
    def id(self) -> str:
        return slug(self.name)

    @property
    def key(self) -> str:
        return name_key(self.name)

    @property
    def copy_limit(self) -> int | None:  # the card-like shape of formats.md §1
        return self.own_copy_limit

    @property
    def domain_mask(self) -> int:
        return domain_mask(self.domains)

    def is_type(self, type_name: str) -> bool:
        return type_name in self.types

    @property
    def is_legend(self) -> bool:
        return "Legend" in self.types

    @property
    def is_champion(self) -> bool:
        return "Champion" in self.supertypes

    @property
    def is_signature(self) -> bool:
        return "Signature" in self.supertypes

    @property
    def is_equipment(self) -> bool:
        return "Equipment" in self.tags

    def has_keyword(self, name: str) -> bool:
        """A keyword of the Rules Text; Quick-Draw implies Reaction (002 745.1.b)."""
        return self.keyword(name) is not None

    def keyword(self, name: str) -> Keyword | None:
        key = name.casefold()
        found = next((k for k in self.keywords if k.key == key), None)
        if found is None and key == "reaction" and has_keyword(self.keywords, "Quick-Draw"):
            return Keyword("Reaction")
        return found

    def printing(self, code: str) -> Printing | None:
        for p in self.printings:
            if p.code == code:
                return p
        return None

    @property
    def reference_printing(self) -> Printing | None:
        return reference_printing(self.printings)

    @property
    def section(self) -> str:
        """The deck section a catalog add puts this card in (§3.1)."""
        for t in ("Legend", "Rune", "Battlefield"):
            if t in self.types:
                return {"Legend": "Legend", "Rune": "Runes", "Battlefield": "Battlefields"}[t]
        return "Main"


def _set_rank(set_code: str) -> int:
    return SETS.index(set_code) if set_code in SETS else -1  # promos sort first


def reference_printing(printings: Iterable[Printing]) -> Printing | None:
    """§2.5: the latest set; then no variant; then no prefix; then the lowest number."""
    best = None
    best_key = None
    for p in printings:
        key = (-_set_rank(p.set), p.variant != "", p.prefix != "", p.number)
        if best_key is None or key < best_key:
            best, best_key = p, key
    return best


def own_copy_limit(name: str, keywords: Iterable[Keyword], rules_text: str) -> int | None:
    """1 for [Unique]; 999 for the "any number" clause naming the card itself (§1.4)."""
    if has_keyword(keywords, "Unique"):
        return 1
    named = any_number_clause(rules_text)
    if named is None:
        return None
    if name_key(named) == name_key(name):
        return 999
    # a name with its own full stops (`B.F. Sword`) ends the lazy match early: compare whole
    own = re.compile(r"any number of cards named " + re.escape(name) + r"\.", re.IGNORECASE)
    return 999 if own.search(strip_reminders(rules_text)) else None


# --- records: what the card store keeps (one JSON-able dict per card) ----------------------

_PRINTING_SCALARS = (
    "code", "set", "prefix", "number", "variant", "public_code", "riot_id", "rarity", "artist",
    "image_url", "orientation", "overnumbered", "name", "energy", "power", "might",
    "might_bonus", "rules_text", "effect_text",
)  # fmt: skip


def _cost_record(cost: Cost | None) -> Record | None:
    if cost is None:
        return None
    return {
        "energy": cost.energy,
        "pips": dict(sorted((+cost.pips).items())),
        "exhaust": cost.exhaust,
        "other": cost.other,
    }


def _cost_from(d: Record | None) -> Cost | None:
    if d is None:
        return None
    return Cost(d["energy"], Counter(d["pips"]), d["exhaust"], d["other"])


def _kw_record(k: Keyword) -> Record:
    return {
        "name": k.name,
        "value": k.value,
        "cost": _cost_record(k.cost),
        "cost_text": k.cost_text,
    }


def _kw_from(d: Record) -> Keyword:
    return Keyword(d["name"], d["value"], _cost_from(d["cost"]), d["cost_text"])


def _domains_list(domains: Iterable[str]) -> list[str]:
    return [d for d in DOMAINS if d in domains]


def printing_record(p: Printing) -> Record:
    rec = {k: getattr(p, k) for k in _PRINTING_SCALARS}
    rec["types"] = list(p.types)
    rec["tags"] = list(p.tags)
    rec["domains"] = _domains_list(p.domains)
    return rec


def printing_from(d: Record) -> Printing:
    kwargs = {k: d[k] for k in _PRINTING_SCALARS if k in d}
    return Printing(
        **kwargs,
        types=tuple(d.get("types", ())),
        tags=tuple(d.get("tags", ())),
        domains=frozenset(d.get("domains", ())),
    )


def to_record(card: Card) -> Record:
    """A Card as a plain JSON-able dict; `from_record(to_record(c)) == c`."""
    return {
        "game": "riftbound",
        "name": card.name,
        "short_name": card.short_name,
        "subtitle": card.subtitle,
        "types": list(card.types),
        "supertypes": [s for s in SUPERTYPES if s in card.supertypes],
        "supertypes_known": card.supertypes_known,
        "tags": list(card.tags),
        "champion_tag": card.champion_tag,
        "domains": _domains_list(card.domains),
        "energy": card.energy,
        "power": card.power,
        "might": card.might,
        "might_bonus": card.might_bonus,
        "rules_text": card.rules_text,
        "effect_text": card.effect_text,
        "keywords": [_kw_record(k) for k in card.keywords],
        "effect_keywords": [_kw_record(k) for k in card.effect_keywords],
        "own_copy_limit": card.own_copy_limit,
        "printings": [printing_record(p) for p in card.printings],
    }


def from_record(d: Record) -> Card:
    return Card(
        name=d["name"],
        short_name=d["short_name"],
        subtitle=d["subtitle"],
        types=tuple(d["types"]),
        supertypes=frozenset(d["supertypes"]),
        supertypes_known=d["supertypes_known"],
        tags=tuple(d["tags"]),
        champion_tag=d["champion_tag"],
        domains=frozenset(d["domains"]),
        energy=d["energy"],
        power=d["power"],
        might=d["might"],
        might_bonus=d["might_bonus"],
        rules_text=d["rules_text"],
        effect_text=d["effect_text"],
        keywords=tuple(_kw_from(k) for k in d["keywords"]),
        effect_keywords=tuple(_kw_from(k) for k in d["effect_keywords"]),
        own_copy_limit=d["own_copy_limit"],
        printings=tuple(printing_from(p) for p in d["printings"]),
    )
