"""The Riftbound card model (`riftbound.md` §1): a Card is a rules identity keyed by its rules
name; a Printing is one physical version keyed by its card code.

Plain frozen dataclasses, built once by the gallery importer (`gallery.py`) and read by the rules,
the deck codec, the search keys and the attachment model. Everything derived from text (keywords,
costs, the copy limit) is computed here, at build time, so hot paths only read attributes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from deckeditor.names import name_key, slug

# --- domains (§1.3) ------------------------------------------------------------------------

DOMAINS = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")  # display order of the table
DOMAIN_LETTER = {"Fury": "R", "Calm": "G", "Mind": "B", "Body": "O", "Chaos": "P", "Order": "Y"}
LETTER_DOMAIN = {v: k for k, v in DOMAIN_LETTER.items()}
DOMAIN_BIT = {d: 1 << i for i, d in enumerate(DOMAINS)}

TYPES = ("Unit", "Gear", "Spell", "Rune", "Battlefield", "Legend")
PERMANENT_TYPES = frozenset({"Unit", "Gear"})
SUPERTYPES = ("Champion", "Signature")


def domain_mask(domains) -> int:
    mask = 0
    for d in domains:
        mask |= DOMAIN_BIT[d]
    return mask


def domain_letters(domains) -> str:
    """Letters in table order: {Chaos, Fury} -> 'RP'."""
    return "".join(DOMAIN_LETTER[d] for d in DOMAINS if d in domains)


# --- card codes (§1.5) ---------------------------------------------------------------------

SETS = ("OGN", "OGS", "ARC", "SFD", "UNL", "VEN", "RAD")  # release order
SET_NAMES = {
    "OGN": "Origins",
    "OGS": "Proving Grounds",
    "ARC": "Arcane Box Set",
    "SFD": "Spiritforged",
    "UNL": "Unleashed",
    "VEN": "Vendetta",
    "RAD": "Radiance",
}
SET_SIZES = {"OGN": 298, "OGS": 24, "SFD": 221, "UNL": 219, "VEN": 166}
DECKCODE_SET_ID = {s: i for i, s in enumerate(SETS)}
PREFIXES = ("", "R", "SP", "T")
VARIANTS = ("", "a", "b", "*")

_CODE = re.compile(r"([A-Za-z]{2,4})-(R|SP|T|r|sp|Sp|sP|t)?([0-9]{1,4})([abAB*sS]?)")


class CardCodeError(ValueError):
    pass


@dataclass(frozen=True, slots=True, order=True)
class CardCode:
    """A parsed card code; `str()` gives the canonical form (`OGN-007a`, `VEN-R01`, `SFD-228*`)."""

    set: str
    prefix: str
    number: int
    variant: str

    def __str__(self) -> str:
        if self.prefix == "":
            digits = f"{self.number:03d}"
        elif self.prefix in ("R", "T"):
            digits = f"{self.number:02d}"
        else:  # SP numbers are written unpadded
            digits = str(self.number)
        return f"{self.set}-{self.prefix}{digits}{self.variant}"

    @property
    def is_token(self) -> bool:
        return self.prefix == "T"

    @property
    def overnumbered(self) -> bool:
        size = SET_SIZES.get(self.set)
        return self.prefix == "" and size is not None and self.number > size


def parse_code(text: str) -> CardCode:
    """`ogn-7` -> OGN-007; `SFD-228s` -> SFD-228*; the part before `/` of a public code."""
    raw = text.strip().split("/", 1)[0]
    m = _CODE.fullmatch(raw)
    if m is None:
        raise CardCodeError(f"{text!r} is not a card code (SET-NUMBER, e.g. OGN-007a)")
    set_code, prefix, digits, variant = m.groups()
    variant = variant.lower()
    if variant == "s":
        variant = "*"
    return CardCode(set_code.upper(), (prefix or "").upper(), int(digits), variant)


def canonical_code(text: str) -> str:
    return str(parse_code(text))


# --- costs and keywords (§1.4) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cost:
    """`[4][B]` -> Cost(4, {B: 1}); a pip is a domain letter or `A` (any domain)."""

    energy: int = 0
    pips: Counter = field(default_factory=Counter)
    exhaust: bool = False
    other: str | None = None

    def __hash__(self) -> int:
        return hash((self.energy, tuple(sorted(self.pips.items())), self.exhaust, self.other))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cost):
            return NotImplemented
        return (self.energy, +self.pips, self.exhaust, self.other) == (
            other.energy,
            +other.pips,
            other.exhaust,
            other.other,
        )

    def __add__(self, other: Cost) -> Cost:
        others = [t for t in (self.other, other.other) if t]
        return Cost(
            self.energy + other.energy,
            self.pips + other.pips,
            self.exhaust or other.exhaust,
            "; ".join(others) or None,
        )

    @property
    def is_free(self) -> bool:
        return self.energy == 0 and not +self.pips and not self.exhaust and not self.other

    def symbols(self) -> str:
        """The cost in text symbols: `[4][B][B]`; `[0]` when free."""
        out = f"[{self.energy}]" if self.energy or not (+self.pips or self.exhaust) else ""
        for letter in "RGBOPYCA":
            out += f"[{letter}]" * self.pips.get(letter, 0)
        if self.exhaust:
            out += "[T]"
        if self.other:
            out += f", {self.other}"
        return out


@dataclass(frozen=True, slots=True)
class Keyword:
    """A bracketed word opening a line: `[Assault 2]` -> Keyword('Assault', 2).

    `cost` is set for Equip and Repeat when it has the plain shape; `cost_text` keeps the written
    cost whatever its shape (Curtain Call's alternatives have text only)."""

    name: str
    value: int | None = None
    cost: Cost | None = None
    cost_text: str | None = None

    @property
    def key(self) -> str:
        return self.name.casefold()


_SYMBOL = re.compile(r"\[(?:[0-9]+|[RGBOPYACST]|>|>>)\]")
_BRACKET = re.compile(r"\[([^\[\]]*)\]")
_REMINDER = re.compile(r"\([^()]*\)")
_KW_VALUE = re.compile(r"(.*?)\s+(-?[0-9]+)")
_COST_RUN = re.compile(r"\s*(?:—|-|–)?\s*((?:\[(?:[0-9]+|[RGBOPYACT])\]\s*)+)(?:,\s*([^(\n]*))?")
_COST_TOKEN = re.compile(r"\[([0-9]+|[RGBOPYACT])\]")
_ANY_NUMBER = re.compile(r"Your deck can have any number of cards named (.+?)\.", re.IGNORECASE)
COST_KEYWORDS = frozenset({"equip", "repeat"})


def strip_reminders(text: str) -> str:
    """Drop every parenthesised part (innermost first), so reminders never give keywords."""
    prev = None
    while prev != text:
        prev, text = text, _REMINDER.sub("", text)
    return text


def parse_cost(rest: str) -> tuple[Cost | None, str | None]:
    """The cost after Equip/Repeat: optional dash, a run of symbols, optional `, <text>`."""
    visible = rest.split("(", 1)[0]
    cost_text = visible.strip().lstrip("—–-").strip() or None
    m = _COST_RUN.match(visible)
    if m is None:
        return None, cost_text
    tail = visible[m.end() :].strip()
    if tail:  # e.g. Curtain Call's `/ [1] / …` alternatives: kept as text only
        return None, cost_text
    energy, pips, exhaust = 0, Counter(), False
    for tok in _COST_TOKEN.findall(m.group(1)):
        if tok.isdigit():
            energy += int(tok)
        elif tok == "T":
            exhaust = True
        else:
            pips[tok] += 1
    other = (m.group(2) or "").strip() or None
    return Cost(energy, pips, exhaust, other), cost_text


def parse_keywords(text: str) -> tuple[Keyword, ...]:
    """Keywords of one text (Rules Text or Effect Text), reminders ignored (§1.4)."""
    found: list[Keyword] = []
    for full_line in (text or "").split("\n"):
        line = strip_reminders(full_line)
        pos = 0
        stripped = line.lstrip()
        pos = len(line) - len(stripped)
        if re.match(r"Equip\b", stripped):  # Jagged Cutlass: unbracketed Equip opens a line
            line = line[:pos] + "[Equip]" + stripped[len("Equip") :]
        while True:
            while pos < len(line) and line[pos] in " \t":
                pos += 1
            m = _BRACKET.match(line, pos)
            if m is None:
                break
            pos = m.end()
            if _SYMBOL.fullmatch(m.group(0)):
                continue
            inner = m.group(1).strip()
            vm = _KW_VALUE.fullmatch(inner)
            name, value = (vm.group(1), int(vm.group(2))) if vm else (inner, None)
            if name.casefold() in COST_KEYWORDS:
                # the cost is read from the full line (reminders included) up to the first `(`
                rest = _rest_after_keyword(full_line, m.group(0))
                cost, cost_text = parse_cost(rest)
                found.append(Keyword(name, value, cost, cost_text))
                break  # the rest of the line is the cost
            found.append(Keyword(name, value))
    return tuple(found)


def _rest_after_keyword(line: str, token: str) -> str:
    if token == "[Equip]" and "[Equip]" not in line:
        idx = line.find("Equip") + len("Equip")
    else:
        idx = line.find(token) + len(token)
    return line[idx:]


def has_keyword(keywords, name: str) -> bool:
    key = name.casefold()
    return any(k.key == key for k in keywords)


def any_number_clause(text: str) -> str | None:
    """X of "Your deck can have any number of cards named X.", or None."""
    m = _ANY_NUMBER.search(strip_reminders(text or ""))
    return m.group(1).strip() if m else None


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


def reference_printing(printings) -> Printing | None:
    """§2.5: the latest set; then no variant; then no prefix; then the lowest number."""
    best = None
    best_key = None
    for p in printings:
        key = (-_set_rank(p.set), p.variant != "", p.prefix != "", p.number)
        if best_key is None or key < best_key:
            best, best_key = p, key
    return best


def own_copy_limit(name: str, keywords, rules_text: str) -> int | None:
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


def _cost_record(cost: Cost | None) -> dict | None:
    if cost is None:
        return None
    return {
        "energy": cost.energy,
        "pips": dict(sorted((+cost.pips).items())),
        "exhaust": cost.exhaust,
        "other": cost.other,
    }


def _cost_from(d: dict | None) -> Cost | None:
    if d is None:
        return None
    return Cost(d["energy"], Counter(d["pips"]), d["exhaust"], d["other"])


def _kw_record(k: Keyword) -> dict:
    return {
        "name": k.name,
        "value": k.value,
        "cost": _cost_record(k.cost),
        "cost_text": k.cost_text,
    }


def _kw_from(d: dict) -> Keyword:
    return Keyword(d["name"], d["value"], _cost_from(d["cost"]), d["cost_text"])


def _domains_list(domains) -> list[str]:
    return [d for d in DOMAINS if d in domains]


def printing_record(p: Printing) -> dict:
    rec = {k: getattr(p, k) for k in _PRINTING_SCALARS}
    rec["types"] = list(p.types)
    rec["tags"] = list(p.tags)
    rec["domains"] = _domains_list(p.domains)
    return rec


def printing_from(d: dict) -> Printing:
    kwargs = {k: d[k] for k in _PRINTING_SCALARS if k in d}
    return Printing(
        **kwargs,
        types=tuple(d.get("types", ())),
        tags=tuple(d.get("tags", ())),
        domains=frozenset(d.get("domains", ())),
    )


def to_record(card: Card) -> dict:
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


def from_record(d: dict) -> Card:
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
