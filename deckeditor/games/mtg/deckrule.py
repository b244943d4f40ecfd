"""`DeckRule:` lines (`mtg-rules.md` §3): parsing into rule objects, branch lists and matching.

A line is `Class:Key$ Value | Key$ Value ...`. The legacy Rulebreaker syntax (`Exempt$ Type:...`,
`AllowedAdditionalColor$ 1:Type:...`, `Affected$ Name:CARDNAME`) and the merged syntax give equal
rule objects: the raw text and the carrying face are kept beside them but never compared.

Parsing never raises: anything it cannot use becomes a warning on the rule (`DeckRule.warnings`),
and `summarize_warnings` folds those into one line per class or `class.key` for an import report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from deckeditor.names import name_key

# Sections a rule may name in ActiveSection$ (§3.1); matched case-insensitively.
RULE_SECTIONS = ("Commander", "Companion", "Main", "Sideboard")
_SECTION_BY_KEY = {s.casefold(): s for s in RULE_SECTIONS}
CHECKED = frozenset(RULE_SECTIONS)

SUPERTYPES = frozenset({"basic", "legendary", "snow", "world", "ongoing", "elite", "host"})
CARD_TYPES = frozenset(
    {
        "artifact",
        "battle",
        "creature",
        "enchantment",
        "instant",
        "kindred",
        "tribal",
        "land",
        "planeswalker",
        "sorcery",
        "conspiracy",
        "dungeon",
        "phenomenon",
        "plane",
        "scheme",
        "vanguard",
    }
)
PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)
_PERMANENT_FOLDED = frozenset(t.casefold() for t in PERMANENT_TYPES)
# Subtypes of more than one word; the pool may add more (register_subtypes).
MULTIWORD_SUBTYPES: set[str] = {"time lord"}
# Subtypes that are not creature types: Changeling (CR 702.73a) satisfies every other subtype.
NONCREATURE_SUBTYPES = frozenset(
    s.casefold()
    for s in (
        # artifact
        "Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator "
        "Junk Lander Map Powerstone Spacecraft Treasure Vehicle Infinity Stone "
        # enchantment
        "Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine "
        # land
        "Plains Island Swamp Mountain Forest Desert Gate Lair Locus Mine Power-Plant Tower Urza's "
        "Cave Sphere Town Planet "
        # spell and battle
        "Adventure Arcane Lesson Trap Omen Chorus Siege "
        # planeswalker (common)
        "Ajani Chandra Elspeth Garruk Gideon Jace Karn Liliana Nissa Sorin Teferi Ugin Vraska "
        "Tezzeret Nahiri Sarkhan Ashiok Kaya Tamiyo Ral Vivien Wrenn Dovin Domri Kiora Saheeli "
        "Tibalt Oko Lukka Grist Lolth Niko Kasmina Basri Calix Davriel Kaito Nixilis Tyvar Zariel"
    ).split()
)
NAMED_MARK = "CARDNAME"

_STAT = re.compile(r"(power|toughness|cmc)(EQ|NE|GT|LT|GE|LE)(\d+)", re.IGNORECASE)
_TYPE_PREFIX = re.compile(r"\s*type\s*:", re.IGNORECASE)
_NAME_PREFIX = re.compile(r"\s*name\s*:", re.IGNORECASE)
_BUDGET = re.compile(r"\s*(\d+)\s*(?::\s*(.*))?", re.DOTALL)
_INT = re.compile(r"[+-]?\d+")
_SPACES = re.compile(r"\s+")
_OPS = {
    "EQ": lambda a, b: a == b,
    "NE": lambda a, b: a != b,
    "GT": lambda a, b: a > b,
    "LT": lambda a, b: a < b,
    "GE": lambda a, b: a >= b,
    "LE": lambda a, b: a <= b,
}


def register_subtypes(subtypes: Iterable[str]) -> None:
    """Let the pool's multi-word subtypes be read as one item in type-word tokens."""
    for s in subtypes:
        if " " in s:
            MULTIWORD_SUBTYPES.add(s.casefold())


# --- branch lists ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stat:
    stat: str  # power | toughness | cmc
    op: str  # EQ NE GT LT GE LE
    value: int


@dataclass(frozen=True, slots=True)
class Branch:
    """One AND-branch: every part must hold."""

    stats: tuple[Stat, ...] = ()
    permanent: bool = False
    named: str | None = None  # name key
    supertypes: tuple[str, ...] = ()  # case-folded
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BranchList:
    """Comma-separated OR of branches; `text` is the normalised source, the cache key."""

    branches: tuple[Branch, ...]
    text: str = field(compare=False, default="")

    def matches(self, card) -> bool:
        return match_cached(self, card)

    def __bool__(self) -> bool:
        return bool(self.branches)


NOTHING = BranchList((), "")


def parse_branch_list(text: str, face: str, warnings: list[str] | None = None) -> BranchList:
    """`Artifact.Creature,Equipment,Basic.Land` -> BranchList; one leading `Type:` is dropped."""
    warnings = warnings if warnings is not None else []
    body = _TYPE_PREFIX.sub("", text, count=1) if _TYPE_PREFIX.match(text) else text
    branches = []
    for raw in body.split(","):
        raw = raw.strip().replace(NAMED_MARK, face)
        if not raw:
            continue
        branch = _parse_branch(raw, warnings)
        if branch is not None:
            branches.append(branch)
    return BranchList(tuple(branches), body.strip())


def _split_named(raw: str) -> tuple[str, str | None]:
    """The first `named` that starts the branch or follows `.`/`+` runs to the branch's end."""
    low = raw.lower()
    pos = 0
    while True:
        i = low.find("named", pos)
        if i < 0:
            return raw, None
        if i == 0 or raw[i - 1] in ".+":
            return raw[: max(i - 1, 0)] if i else "", raw[i + 5 :].strip()
        pos = i + 1


def _parse_branch(raw: str, warnings: list[str]) -> Branch | None:
    head, named = _split_named(raw)
    tokens: list[str] = []
    if head:
        first, _, tail = head.partition(".")
        tokens.append(first)
        if tail:
            tokens.extend(tail.split("+"))
    stats: list[Stat] = []
    permanent = False
    words: list[str] = []
    for tok in (t.strip() for t in tokens):
        if not tok:
            continue
        m = _STAT.fullmatch(tok)
        if m:
            stats.append(Stat(m.group(1).lower(), m.group(2).upper(), int(m.group(3))))
        elif tok.casefold() == "permanent":
            permanent = True
        else:
            words.extend(_SPACES.split(tok))
    if named is not None and not named:
        warnings.append("empty name after 'named'")
        return None
    sup, typ, sub = _read_type_words(words, warnings)
    if not (stats or permanent or named or sup or typ or sub):
        return None
    return Branch(tuple(stats), permanent, name_key(named) if named else None, sup, typ, sub)


def _read_type_words(words: list[str], warnings: list[str]):
    """Longest match first against supertypes, card types and multi-word subtypes."""
    folded = [w.casefold() for w in words if w]
    sup: list[str] = []
    typ: list[str] = []
    sub: list[str] = []
    i = 0
    while i < len(folded):
        for j in range(len(folded), i + 1, -1):  # multi-word subtypes first
            phrase = " ".join(folded[i:j])
            if phrase in MULTIWORD_SUBTYPES:
                sub.append(phrase)
                i = j
                break
        else:
            w = folded[i]
            if w in SUPERTYPES:
                sup.append(w)
            elif w in CARD_TYPES:
                typ.append("kindred" if w == "tribal" else w)
            else:
                sub.append(w)
            i += 1
    return tuple(sup), tuple(typ), tuple(sub)


# --- matching ------------------------------------------------------------------------------------

# Per (rule text, card name) answers: a pool asks each rule about each card once (§11 note).
_MATCH_CACHE: dict[tuple[BranchList, str, int], bool] = {}


def match_cached(blist: BranchList, card) -> bool:
    key = (blist, card.name, id(card))
    hit = _MATCH_CACHE.get(key)
    if hit is None:
        if len(_MATCH_CACHE) > 500_000:
            _MATCH_CACHE.clear()
        hit = _MATCH_CACHE[key] = any(branch_matches(b, card) for b in blist.branches)
    return hit


@dataclass(frozen=True, slots=True)
class _Facts:
    """A card's characteristics outside the game, case-folded, for type-word matching."""

    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    changeling: bool


_FACTS: dict[int, tuple[object, _Facts]] = {}
_NAMES: dict[int, tuple[object, frozenset[str]]] = {}


def card_facts(card) -> _Facts:
    hit = _FACTS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    faces = card.faces if card.layout == "split" else card.faces[:1]
    types = {t.casefold() for f in faces for t in f.types}
    if "tribal" in types:
        types.add("kindred")
    facts = _Facts(
        frozenset(s.casefold() for f in faces for s in f.supertypes),
        frozenset(types),
        frozenset(s.casefold() for f in faces for s in f.subtypes),
        any(k.casefold() == "changeling" for k in card.keywords),
    )
    if len(_FACTS) > 200_000:
        _FACTS.clear()
    _FACTS[id(card)] = (card, facts)
    return facts


def _names(card) -> frozenset[str]:
    """Name keys of the card and its faces; only `named` tokens need them (NFKD is costly)."""
    hit = _NAMES.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    names = frozenset(name_key(n) for n in (card.name, *card.face_names))
    if len(_NAMES) > 200_000:
        _NAMES.clear()
    _NAMES[id(card)] = (card, names)
    return names


def _number(text: str | None) -> int | None:
    """Printed P/T as a number: `*` counts 0, `1+*` is 1; None when not printed."""
    if text is None:
        return None
    return sum(int(n) for n in _INT.findall(text.replace("*", "0"))) if text.strip() else None


def branch_matches(branch: Branch, card) -> bool:
    facts = card_facts(card)
    if branch.named is not None and branch.named not in _names(card):
        return False
    if branch.permanent and not facts.types & _PERMANENT_FOLDED:
        return False
    for s in branch.stats:
        if s.stat == "cmc":
            value = card.mana_value
        else:
            value = _number(getattr(card.front, s.stat))
            if value is None:
                return False
        if not _OPS[s.op](value, s.value):
            return False
    if any(t not in facts.supertypes for t in branch.supertypes):
        return False
    if any(t not in facts.types for t in branch.types):
        return False
    for sub in branch.subtypes:
        if sub in facts.subtypes:
            continue
        if facts.changeling and sub not in NONCREATURE_SUBTYPES:
            continue
        return False
    return True


# --- rules -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckRule:
    """Common part: the class, where it is active and its description."""

    cls: str
    active_section: str | None = None  # canonical name; None = absent
    active_invalid: bool = False  # an unknown section name: the rule never applies
    description: str | None = None
    params: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    raw: str = field(default="", compare=False)
    face: str = field(default="", compare=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def active_in(self, section: str) -> bool:
        """§3.1: the named section, else Commander (Copies: any checked section)."""
        if self.active_invalid:
            return False
        if self.active_section is None:
            return section == "Commander"
        return section == self.active_section

    def description_text(self, card_name: str) -> str | None:
        return self.description.replace(NAMED_MARK, card_name) if self.description else None


@dataclass(frozen=True, slots=True)
class ColorIdentityRule(DeckRule):
    exempt: BranchList = NOTHING
    disable: bool = False
    additional: int = 0  # AllowedAdditionalColor$ budget
    additional_types: BranchList = NOTHING


@dataclass(frozen=True, slots=True)
class SizeRule(DeckRule):
    unlimited: bool = False
    adjust: int = 0


@dataclass(frozen=True, slots=True)
class CopiesRule(DeckRule):
    limit: int | None = None  # None: malformed or missing, the rule is inert
    affected: BranchList = NOTHING

    def active_in(self, section: str) -> bool:
        if self.active_invalid:
            return False
        if self.active_section is None:
            return section in CHECKED
        return section == self.active_section


@dataclass(frozen=True, slots=True)
class UnknownRule(DeckRule):
    """A class we do not support: kept on the card, ignored by every check."""


# The spec's class names (§3.2), for callers that speak them.
ColorIdentity = ColorIdentityRule
Size = SizeRule
Copies = CopiesRule

_KNOWN_KEYS = {
    "ColorIdentity": {"Exempt", "Disable", "AllowedAdditionalColor", "AllowedAdditionalColorType"},
    "Size": {"AdjustMax"},
    "Copies": {"Limit", "Affected"},
}
_COMMON_KEYS = {"ActiveSection", "Description"}


def _split_params(params: str, warnings: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    pieces = params.split("|")
    for piece in pieces:
        if not piece.strip():
            if len(pieces) > 1:
                warnings.append("an empty piece between '|' is ignored")
            continue
        if "$" not in piece:
            warnings.append(f"piece {piece.strip()!r} has no '$'")
            continue
        key, _, value = piece.partition("$")
        key, value = key.strip(), value.strip()
        if not key:
            warnings.append(f"piece {piece.strip()!r} has no key")
            continue
        if key in out:
            warnings.append(f"{key}: repeated key, the last value is kept")
        out[key] = value
    return out


def parse_rule(text: str, face: str = "") -> DeckRule:
    """One line (with or without the `DeckRule:` prefix) into a rule object; never raises."""
    raw = text
    body = text.strip()
    if body[:9].casefold() == "deckrule:":
        body = body[9:]
    cls, _, params = body.partition(":")
    cls = cls.strip()
    warnings: list[str] = []
    values = _split_params(params, warnings)
    active, invalid = None, False
    if "ActiveSection" in values:
        active = _SECTION_BY_KEY.get(values["ActiveSection"].strip().casefold())
        if active is None:
            invalid = True
            warnings.append(f"ActiveSection: unknown section {values['ActiveSection']!r}")
    common = dict(
        cls=cls,
        active_section=active,
        active_invalid=invalid,
        description=values.get("Description"),
        params=tuple(values.items()),
        raw=raw,
        face=face,
    )
    known = _KNOWN_KEYS.get(cls)
    if known is None:
        warnings.append(f"unknown class {cls!r}")
        return UnknownRule(**common, warnings=tuple(warnings))
    for key in values:
        if key not in known and key not in _COMMON_KEYS:
            warnings.append(f"{cls}.{key}: unknown key")
    if cls == "ColorIdentity":
        rule = _color_identity(values, face, warnings, common)
    elif cls == "Size":
        rule = _size(values, warnings, common)
    else:
        rule = _copies(values, face, warnings, common)
    return rule


def _color_identity(values, face, warnings, common) -> ColorIdentityRule:
    exempt = NOTHING
    if "Exempt" in values:
        exempt = parse_branch_list(values["Exempt"], face, warnings)
    disable = values.get("Disable", "").strip().casefold() == "true"
    additional, types_text = 0, None
    if "AllowedAdditionalColor" in values:
        m = _BUDGET.fullmatch(values["AllowedAdditionalColor"])
        if m is None or int(m.group(1)) > 5:
            warnings.append(
                f"ColorIdentity.AllowedAdditionalColor: malformed value "
                f"{values['AllowedAdditionalColor']!r}"
            )
        else:
            additional = int(m.group(1))
            types_text = m.group(2)
    if "AllowedAdditionalColorType" in values:
        if types_text is not None and types_text.strip():
            warnings.append(
                "ColorIdentity.AllowedAdditionalColorType: given twice, the explicit key wins"
            )
        types_text = values["AllowedAdditionalColorType"]
    add_types = NOTHING
    if types_text is not None and types_text.strip():
        add_types = parse_branch_list(types_text, face, warnings)
    elif additional:
        warnings.append(
            "ColorIdentity.AllowedAdditionalColorType: missing, the budget serves no card"
        )
    return ColorIdentityRule(
        **common,
        warnings=tuple(warnings),
        exempt=exempt,
        disable=disable,
        additional=additional,
        additional_types=add_types,
    )


def _size(values, warnings, common) -> SizeRule:
    unlimited, adjust = False, 0
    if "AdjustMax" in values:
        v = values["AdjustMax"].strip()
        if v.casefold() == "unlimited":
            unlimited = True
        elif re.fullmatch(r"[+-]?\d+", v):
            adjust = int(v)
        else:
            warnings.append(f"Size.AdjustMax: malformed value {v!r}")
    return SizeRule(**common, warnings=tuple(warnings), unlimited=unlimited, adjust=adjust)


def _copies(values, face, warnings, common) -> CopiesRule:
    limit = None
    v = values.get("Limit")
    if v is None:
        warnings.append("Copies.Limit: missing, the rule is inert")
    elif v.strip().casefold() == "unlimited":
        limit = 999
    elif re.fullmatch(r"\d+", v.strip()) and int(v) <= 999:
        limit = int(v)
    else:
        warnings.append(f"Copies.Limit: malformed value {v!r}, the rule is inert")
    affected_text = values.get("Affected")
    if affected_text is None or not affected_text.strip():
        affected_text = "named" + NAMED_MARK
    elif _NAME_PREFIX.match(affected_text):  # legacy `Name:CARDNAME`
        affected_text = "named" + _NAME_PREFIX.sub("", affected_text, count=1).strip()
    affected = parse_branch_list(affected_text, face, warnings)
    return CopiesRule(**common, warnings=tuple(warnings), limit=limit, affected=affected)


# --- a card's rules ------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def _rules_of_lines(lines: tuple) -> tuple[DeckRule, ...]:
    return tuple(parse_rule(line.text, line.face) for line in lines)


def rules_of(card) -> tuple[DeckRule, ...]:
    """The parsed rules of every face, memoised by the raw lines (equal lines share objects)."""
    lines = getattr(card, "deck_rule_lines", ())
    return _rules_of_lines(tuple(lines)) if lines else ()


@dataclass(frozen=True, slots=True)
class RuleWarning:
    key: str  # class, or class.key
    cards: int
    examples: tuple[str, ...]
    message: str


def _warning_key(rule: DeckRule, warning: str) -> str:
    m = re.match(r"([A-Za-z]+)\.([A-Za-z]+):", warning)
    if m:
        return f"{m.group(1)}.{m.group(2)}"
    if warning.startswith("unknown class"):
        return rule.cls
    if warning.startswith("ActiveSection"):
        return f"{rule.cls}.ActiveSection"
    return rule.cls


def summarize_warnings(cards: Iterable) -> list[RuleWarning]:
    """One warning per distinct class or `class.key` across an import (§3.2)."""
    seen: dict[str, list[str]] = {}
    texts: dict[str, str] = {}
    for card in cards:
        for rule in rules_of(card):
            for w in rule.warnings:
                key = _warning_key(rule, w)
                names = seen.setdefault(key, [])
                texts.setdefault(key, w)
                if not names or names[-1] != card.name:
                    names.append(card.name)
    out = []
    for key in sorted(seen):
        names = list(dict.fromkeys(seen[key]))
        examples = tuple(names[:3])
        msg = (
            f"DeckRule {key}: not supported or malformed on {len(names)} card"
            f"{'s' if len(names) != 1 else ''} (e.g. {', '.join(examples)}); {texts[key]}"
        )
        out.append(RuleWarning(key, len(names), examples, msg))
    return out


def _collapse(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def shown_descriptions(card) -> list[str]:
    """§3.1: the card view's extra lines — each rule's `Description$` with CARDNAME replaced,
    unless the Oracle text already says it (compared with runs of whitespace collapsed, since
    Forge's scripts put two spaces after the dash, and case-folded, since Hadran's script says
    "your commander" where its Oracle text says "your Commander")."""
    oracle = _collapse(" ".join(f.oracle_text for f in card.faces)).casefold()
    out: list[str] = []
    for rule in rules_of(card):
        text = rule.description_text(rule.face or card.name)
        if text and _collapse(text).casefold() not in oracle and text not in out:
            out.append(text)
    return out
