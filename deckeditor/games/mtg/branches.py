"""Branch lists of `DeckRule:` lines (`mtg-rules.md` §3.2): `Artifact.Creature,Equipment` parsed
into OR-ed branches of type words, stats and names, and matched against a card.

Matching is asked about each (rule text, card) pair once per pool (§11 note): answers and a card's
case-folded type words are memoised here.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from deckeditor.games.mtg.card import SPLIT_FAMILY, Card
from deckeditor.names import name_key

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
_OPS: dict[str, Callable[[float, float], bool]] = {
    "EQ": operator.eq,
    "NE": operator.ne,
    "GT": operator.gt,
    "LT": operator.lt,
    "GE": operator.ge,
    "LE": operator.le,
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

    def matches(self, card: Card) -> bool:
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


def _read_type_words(
    words: list[str], warnings: list[str]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
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


def match_cached(blist: BranchList, card: Card) -> bool:
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


_FACTS: dict[int, tuple[Card, _Facts]] = {}
_NAMES: dict[int, tuple[Card, frozenset[str]]] = {}


def card_facts(card: Card) -> _Facts:
    hit = _FACTS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    faces = card.faces if card.layout in SPLIT_FAMILY else card.faces[:1]
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


def _names(card: Card) -> frozenset[str]:
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


def branch_matches(branch: Branch, card: Card) -> bool:
    facts = card_facts(card)
    if branch.named is not None and branch.named not in _names(card):
        return False
    if branch.permanent and not facts.types & _PERMANENT_FOLDED:
        return False
    for s in branch.stats:
        value: float | None
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
