"""Build a `Card` from its faces and source facts, deriving every fact `mtg-rules.md` §1 lists.

All importers (Forge scripts, MTGJSON, Scryfall, Cockatrice XML) end here, so a fact is derived
one way whatever the source. Facts only Forge scripts carry (`SETCOLORID:`, `K:DeckLimit:`,
`K:Partner:NAME`) are passed in; for the other sources they come from the Oracle text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

# ImportIssue lives in the card database (its readers' issue); re-exported for this game's readers
from deckeditor.carddb.import_issue import ImportIssue as ImportIssue
from deckeditor.games.mtg.card import (
    NO_PARTNER,
    Card,
    DeckRuleLine,
    Face,
    Layout,
    PartnerInfo,
)
from deckeditor.games.mtg.identity import card_identity, strip_reminder
from deckeditor.games.mtg.legality import traits_from_facts
from deckeditor.paths import resources_dir

# --- type lines ------------------------------------------------------------------------------

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
CARD_TYPES = frozenset(
    {
        "Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Tribal", "Land",
        "Planeswalker", "Sorcery", "Conspiracy", "Dungeon", "Emblem", "Phenomenon", "Plane",
        "Scheme", "Vanguard", "Hero",
    }
)  # fmt: skip
# Subtypes printed as more than one word; the type line is otherwise split on spaces.
MULTIWORD_SUBTYPES = ("Time Lord",)
_DASH = re.compile(r"\s+[—–-]\s+|\s*—\s*")


@lru_cache(maxsize=8192)
def parse_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """`Legendary Creature — Time Lord Doctor` -> (("Legendary",), ("Creature",), ("Time Lord",
    "Doctor")). Without a dash (Forge `Types:`), known super/card types lead and the rest are
    subtypes."""
    line = line.replace("_", " ").strip()
    parts = _DASH.split(line, maxsplit=1)
    left = parts[0].split()
    sub_words = parts[1].split() if len(parts) > 1 else []
    supers: list[str] = []
    types: list[str] = []
    rest: list[str] = []
    for word in left:
        cap = word[:1].upper() + word[1:]
        if not rest and cap in SUPERTYPES:
            supers.append(cap)
        elif not rest and cap in CARD_TYPES:
            types.append(cap)
        else:
            rest.append(word)
    return tuple(supers), tuple(types), _join_multiword(rest + sub_words)


def _join_multiword(words: list[str]) -> tuple[str, ...]:
    out: list[str] = []
    i = 0
    while i < len(words):
        for multi in MULTIWORD_SUBTYPES:
            n = multi.count(" ") + 1
            if " ".join(words[i : i + n]) == multi:
                out.append(multi)
                i += n
                break
        else:
            out.append(words[i])
            i += 1
    return tuple(out)


# --- Oracle-text facts -------------------------------------------------------------------------

_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
_ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"A deck can have (?:up to|only) (\w+) cards? named", re.IGNORECASE)
_CIRCLE = re.compile(r"circle (\w+) of the colors", re.IGNORECASE)
_WILD = re.compile(r"is your commander, choose a colou?r before the game begins", re.IGNORECASE)
_CIZ = re.compile(r"isn't on the battlefield, it's an? [^.]*\bcreature\b", re.IGNORECASE)
_PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
_PARTNER_TYPED = re.compile(r"^Partner\s*(?:—|–|-)\s*([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
_PARTNER_PLAIN = re.compile(r"^Partner\s*(?:\(|$)", re.MULTILINE)
_FRIENDS = re.compile(r"^Friends forever\s*(?:\(|$)", re.MULTILINE | re.IGNORECASE)
_BACKGROUND = re.compile(r"^Choose a Background\s*(?:\(|$)", re.MULTILINE | re.IGNORECASE)
_DOCTORS = re.compile(r"^Doctor's companion\s*(?:\(|$)", re.MULTILINE | re.IGNORECASE)
_COMPANION = re.compile(r"^Companion\s*(?:—|–|-)", re.MULTILINE)
_PARTNER_WORDS = ("Partner", "riends forever", "ackground", "companion")
_PARTNER_KEYWORDS = frozenset(
    {"partner", "partner with", "friends forever", "choose a background", "doctor's companion"}
)
_KEYWORD_PARAM = re.compile(r"[:$].*$")


def number(word: str) -> int | None:
    w = word.strip().lower()
    if w.isdigit():
        return int(w)
    return _NUMBER_WORDS.get(w)


def own_limit_from_text(text: str) -> int | None:
    """§6: "any number" -> 999; "up to n" (digits or words) -> n; "only one" -> 1."""
    if "eck can have" not in text:
        return None
    if _ANY_NUMBER.search(text):
        return 999
    hit = _UP_TO.search(text)
    if hit:
        return number(hit.group(1))
    return None


def set_color_id_from_text(text: str) -> int:
    hit = _CIRCLE.search(text)
    return (number(hit.group(1)) or 0) if hit else 0


def keyword_name(raw: str) -> str:
    """`Ward:2` -> `Ward`, `Partner:Toothy…` -> `Partner`; Oracle-style `Ward {2}` is kept whole
    by the sources that supply names already."""
    return _KEYWORD_PARAM.sub("", raw).strip()


def partner_info(front: Face, keywords: Iterable[str], partner_with: Iterable[str] = (),
                 partner_types: Iterable[str] = (), plain_keyword: bool = False) -> PartnerInfo:  # fmt: skip
    """PartnerInfo from the front face's Oracle text and keywords (§5.2), plus Forge facts
    (a Forge `K:Partner` line, `plain_keyword`, is plain partner even if the Oracle line is not)."""
    raw = front.oracle_text
    kws = {k.casefold() for k in keywords}
    subs = front.subtypes
    if (
        not (partner_with or partner_types or plain_keyword or kws & _PARTNER_KEYWORDS)
        and "Background" not in subs
        and "Doctor" not in subs
        and not (raw and any(word in raw for word in _PARTNER_WORDS))
    ):
        return NO_PARTNER  # the common case, decided without a regex
    text = strip_reminder_keep_lines(raw)
    with_names = {n.strip() for n in partner_with if n.strip()}
    with_names.update(m.strip() for m in _PARTNER_WITH.findall(text))
    types = {t.strip().casefold() for t in partner_types if t.strip()}
    types.update(t.strip().casefold() for t in _PARTNER_TYPED.findall(text))
    if _FRIENDS.search(text) or "friends forever" in kws:
        types.add("friends forever")
    plain = plain_keyword or bool(_PARTNER_PLAIN.search(text))
    if not plain and "partner" in kws and not with_names and not types and not text.strip():
        plain = True  # a source with keywords but no text
    is_legendary_creature = "Legendary" in front.supertypes and "Creature" in front.types
    info = PartnerInfo(
        plain=plain,
        with_names=frozenset(with_names),
        types=frozenset(types),
        choose_background=bool(_BACKGROUND.search(text)) or "choose a background" in kws,
        doctors_companion=bool(_DOCTORS.search(text)) or "doctor's companion" in kws,
        is_background="Background" in front.subtypes and "Enchantment" in front.types,
        is_doctor=is_legendary_creature and set(front.subtypes) == {"Time Lord", "Doctor"},
    )
    return info if info.capable else NO_PARTNER


def strip_reminder_keep_lines(text: str) -> str:
    return strip_reminder(text) if text else ""


# --- the DeckRule overlay ----------------------------------------------------------------------


@lru_cache(maxsize=1)
def deckrule_overlay() -> dict[str, tuple[str, ...]]:
    """`resources/mtg/deckrules.txt`: card name TAB `DeckRule:…`, one rule per line."""
    path = resources_dir() / "mtg" / "deckrules.txt"
    out: dict[str, list[str]] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    for line in lines:
        if not line.strip() or line.startswith("#") or "\t" not in line:
            continue
        name, rule = line.split("\t", 1)
        rule = rule.strip()
        if rule.startswith("DeckRule:"):
            out.setdefault(name.strip(), []).append(rule[len("DeckRule:") :].strip())
    return {k: tuple(v) for k, v in out.items()}


# --- the builder -------------------------------------------------------------------------------


def card_name(layout: Layout, faces: tuple[Face, ...]) -> str:
    """Oracle name: faces joined with ` // ` (Specialize variants are not part of the name)."""
    if layout is Layout.SPECIALIZE or len(faces) == 1:
        return faces[0].name
    return " // ".join(f.name for f in faces)


def build_card(
    faces: Iterable[Face],
    layout: Layout = Layout.NORMAL,
    *,
    name: str | None = None,
    deck_rule_lines: Iterable[DeckRuleLine] = (),
    set_color_id: int | None = None,
    deck_limit: int | None = None,
    partner_with: Iterable[str] = (),
    partner_types: Iterable[str] = (),
    partner_plain: bool = False,
    printings: Iterable[str] = (),
    source_identity: int | None = None,
    use_overlay: bool = True,
    extra: dict[str, Any] | None = None,
) -> Card:
    faces = tuple(faces)
    if not faces:
        raise ValueError("a card needs at least one face")
    front = faces[0]
    name = name or card_name(layout, faces)
    mv = sum(f.mana_value for f in faces) if layout is Layout.SPLIT else front.mana_value
    keywords = frozenset(k for f in faces for k in f.keywords if k)
    all_text = "\n".join(f.oracle_text for f in faces if f.oracle_text)
    front_text = front.oracle_text

    limit = _copy_limit(deck_limit, all_text)
    scid = set_color_id or (set_color_id_from_text(all_text) if "ircle" in all_text else 0)
    rules = _rule_lines(tuple(deck_rule_lines), use_overlay, name, front)
    kw_fold = {k.casefold() for k in keywords}
    printings = tuple(printings)
    return Card(
        name=name,
        layout=layout,
        faces=faces,
        mana_value=float(mv),
        # §2: never narrower than the source says (a source may lack some faces of the card).
        identity=card_identity(layout, faces) | (source_identity or 0),
        keywords=keywords,
        deck_rule_lines=rules,
        own_copy_limit=limit,
        set_color_id=scid,
        partner=partner_info(front, front.keywords, partner_with, partner_types, partner_plain),
        commander_text="can be your commander" in front_text,
        creature_in_command_zone=bool(_CIZ.search(front_text))
        if "t on the battlefield" in front_text
        else False,
        wild_color=bool(_WILD.search(all_text)) if "before the game begins" in all_text else False,
        companion="companion" in kw_fold
        or ("Companion" in front_text and bool(_COMPANION.search(front_text))),
        printings=printings,
        source_identity=source_identity,
        # What every source shows (name, type line, printings); importers add their own flags.
        traits=traits_from_facts(
            name=name, types=front.types, subtypes=front.subtypes, printings=printings
        ),
        extra=extra or {},
    )


def _copy_limit(deck_limit: int | None, all_text: str) -> int | None:
    """The larger of the source's deck limit and what the card's text says."""
    text_limit = own_limit_from_text(all_text) if all_text else None
    if text_limit is not None and (deck_limit is None or text_limit > deck_limit):
        return text_limit
    return deck_limit


def _rule_lines(
    given: tuple[DeckRuleLine, ...], use_overlay: bool, name: str, front: Face
) -> tuple[DeckRuleLine, ...]:
    """The source's `DeckRule:` lines, else the shipped overlay's for the card (by name)."""
    if given or not use_overlay:
        return given
    overlay = deckrule_overlay().get(name) or deckrule_overlay().get(front.name)
    return tuple(DeckRuleLine(front.name, text) for text in overlay) if overlay else given
