"""Which cards are extra turns, mass land denial or tutors, read from their Oracle text.

The Commander Brackets name these categories without listing their cards, so each is recognised
from the rules text of every face (reminder text removed) by a few phrasings, and
`resources/mtg/bracket-exceptions.json` adds the cards whose text says it another way and removes
the ones a phrasing catches wrongly — each entry with its reason. Only a card's own text is read:
"Islands" is not "lands", "target land" is one land, and a search for a land card is ramp, not a
tutor.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from deckeditor.games.mtg.card import Card
from deckeditor.names import name_key
from deckeditor.paths import resources_dir

EXTRA_TURNS, MASS_LAND_DENIAL, TUTORS = "extra_turns", "mass_land_denial", "tutors"
CATEGORIES = (EXTRA_TURNS, MASS_LAND_DENIAL, TUTORS)

_REMINDER = re.compile(r"\([^()]*\)")
_SENTENCE = re.compile(r"(?<=[.:;•\n])\s*")

# "Target player takes an extra turn after this one", "take two extra turns"; not "can't take
# extra turns" or "would begin an extra turn" (those stop extra turns).
_EXTRA_TURN = re.compile(
    r"(?<!n't )\btakes? (?:an|one|two|three|four|x|that many|\d+) (?:additional|extra) turns?\b"
)
# Mass land denial, in the words of the brackets: destroy/exile/bounce many lands, keep them
# tapped, or change the mana they make.
_ALL_LANDS = re.compile(
    r"\b(?:destroy|exile|return) all (?P<gap>(?:(?!nonland|you control)[^.;])*?)\b(?:lands|permanents)\b"
    r"(?! you control| target player controls| with| of| named| attached| that| in addition)"
)
_NOT_EVERY_LAND = re.compile(  # colour-qualified permanents leave colourless lands alone
    r"\b(?:white|blue|black|red|green|multicolou?red|monocolou?red|colou?red|tapped|untapped)\b"
)
_EXCEPT_LANDS = re.compile(r"\bexcept\b[^.]*\blands\b")
_NO_UNTAP = re.compile(
    r"\b(?:players|player|opponents) can't untap more than (?:one|two|three|\w+) (?:lands?|permanents?)\b"
    r"|(?<!target )\blands (?:don't|do not) untap\b|\bskip their untap steps?\b"
)
_LANDS_ARE = re.compile(
    r"(?:^|\s)(?:all |nonbasic )?lands are (?:(?:basic )?)(?:mountains|islands|swamps|forests|plains)\b"
    r"(?! in addition)"
)
# "Each player sacrifices four lands", "… chooses five lands they control and sacrifices the
# rest", "… sacrifices a land … for each card in your hand"
_EACH_SACRIFICES_LANDS = re.compile(
    r"\beach (?:player|opponent) (?:chooses [^.]*?\blands?\b[^.]*?(?:then|and) )?sacrifices "
    r"(?:all|half|the rest|[^.]*?\blands\b|an? (?:nonbasic )?land\b[^.]*?\bfor each\b)"
)
# "Each player chooses three permanents they control, then sacrifices the rest": lands are
# permanents, unless the choice is among nonland ones (Cataclysmic Gearhulk)
_KEEP_A_FEW = re.compile(
    r"\beach player chooses (?:a number of|one|two|three|four|five|six|seven|x|\d+) permanents they control\b"
    r"[^.]*?(?:then|and) sacrifices the rest\b"
)
# "For each land, destroy that land unless any player pays 1 life"
_EACH_LAND_IN_TURN = re.compile(
    r"\bfor each (?:land|permanent), (?:destroy|exile|return) that (?:land|permanent)\b"
)
# Every land's mana changed for good: "If a land is tapped for mana, it produces {B} instead of
# any other type", "If tapped for mana, Plains produce {R}, Islands produce {G} …"; not one
# player's lands ("you control", "if you tap") or one turn's ("until end of turn, if a player taps")
_MANA_CHANGED = re.compile(
    r"(?:^|\s)if (?:a (?:nonbasic )?land is )?tapped for mana, [^.]*\binstead of any other type\b"
)
_LAND = re.compile(r"\blands?\b")
# "without replacing them": lands handed back at once (Wave of Vitriol, From the Ashes) are not
# denial
_REPLACED = re.compile(
    r"\bfor each (?:nonbasic )?land (?:destroyed|sacrificed|exiled|returned|put [^.]*?) this way\b"
)
# Whose library: yours, or "their" when a player you name or the one a card hands it to searches
# it (Pattern of Rebirth, Scheming Symmetry, Arcum Dagsson). The wanted card runs to the clause's
# end; a comma or "or"/"and/or" inside a list of types does not end it ("a creature, instant, or
# sorcery card", "creature and/or planeswalker cards").
_LIST_GOES_ON = r"(?: or| and/or)? [\w'-]+(?:,| or | and/or | cards?\b)"  # after a comma
# The library may be searched with other zones ("your library and/or graveyard": Finale of
# Devastation; "your graveyard, hand, and/or library")
_OTHER_ZONES = r"(?:(?:graveyard|hand),? (?:and/or |or )?)*"
_TUTOR = re.compile(
    r"\bsearch(?:es)? (?P<whose>your|their) "
    + _OTHER_ZONES
    + r"library(?:,? (?:and/or|or) (?:graveyard|hand))* for (?P<what>(?:[^.,;]|,(?="
    + _LIST_GOES_ON
    + r"))*?)"
    r"(?:,(?!" + _LIST_GOES_ON + r")|\.|;|\band\b(?!/)|\bthen\b|$)"
)
# An opponent searching their own library is helped, not you (Boldwyr Heavyweights)
_OPPONENT = re.compile(r"\bopponents?\b")
_SAME_NAME = re.compile(r"\bnamed\b|\bwith the same name as\b")
# The land types (rule 205.3i) and "land": a search for one of them is ramp, not a tutor
_LAND_WORDS = re.compile(
    r"\b(?:lands?|plains|islands?|swamps?|mountains?|forests?|caves?|clouds?|deserts?|gates?|lairs?|"
    r"locus|loci|mines?|power-plants?|spheres?|towers?|towns?|urza's)\b"
)
_CARD_WORD = re.compile(r"\bcards?\b")


def _texts(card: Card) -> list[str]:
    out: list[str] = []
    for face in getattr(card, "faces", ()):
        text = _REMINDER.sub("", face.oracle_text or "").lower()
        if text.strip():
            out.append(text.replace("\u2019", "'"))
    return out


def _sentences(card: Card) -> list[str]:
    return [s for t in _texts(card) for s in _SENTENCE.split(t) if s.strip()]


def reads_extra_turn(card: Card) -> bool:
    return any(_EXTRA_TURN.search(s) for s in _sentences(card))


def reads_mass_land_denial(card: Card) -> bool:
    sentences = _sentences(card)
    if any(_REPLACED.search(s) for s in sentences):
        return False
    for s in sentences:
        m = _ALL_LANDS.search(s)
        if m and not _NOT_EVERY_LAND.search(m.group("gap")) and not _EXCEPT_LANDS.search(s):
            return True
        if _NO_UNTAP.search(s) or _LANDS_ARE.search(s):
            return True
        if _EACH_SACRIFICES_LANDS.search(s) and _LAND.search(s):
            return True
        if _KEEP_A_FEW.search(s) or _EACH_LAND_IN_TURN.search(s) or _MANA_CHANGED.search(s):
            return True
    return False


def reads_tutor(card: Card) -> bool:
    """A search of your library for a card that is not (only) a land; copies of itself by name
    (Squadron Hawk) are not a tutor. Transmute is one, though its words are reminder text."""
    if any(k.casefold() == "transmute" for k in getattr(card, "keywords", ())):
        return True
    for s in _sentences(card):
        for m in _TUTOR.finditer(s):
            what = m.group("what")
            if not _CARD_WORD.search(what) or _SAME_NAME.search(what):
                continue
            if m.group("whose") == "their" and _OPPONENT.search(s, 0, m.start()):
                continue
            if _LAND_WORDS.search(what) and not re.search(r"\bnonland\b", what):
                continue
            return True
    return False


_READERS = {
    EXTRA_TURNS: reads_extra_turn,
    MASS_LAND_DENIAL: reads_mass_land_denial,
    TUTORS: reads_tutor,
}


@dataclass(frozen=True, slots=True)
class Exceptions:
    add: dict[
        str, frozenset[str]
    ]  # category -> name keys counted although the text does not say so
    remove: dict[str, frozenset[str]]  # category -> name keys the text matches wrongly


def parse_exceptions(doc: dict[str, object]) -> Exceptions:
    if not isinstance(doc, dict) or doc.get("schema") != "deckeditor-bracket-exceptions":
        raise ValueError("not a deckeditor-bracket-exceptions file")
    add: dict[str, frozenset[str]] = {}
    remove: dict[str, frozenset[str]] = {}
    for cat in CATEGORIES:
        section = doc.get(cat, {})
        if not isinstance(section, dict):
            raise ValueError(f"{cat}: must be an object")
        for which, into in (("add", add), ("remove", remove)):
            entries = section.get(which, [])
            if not isinstance(entries, list):
                raise ValueError(f"{cat}.{which}: must be a list")
            keys: set[str] = set()
            for i, e in enumerate(entries):
                if (
                    not isinstance(e, dict)
                    or not isinstance(e.get("card"), str)
                    or not isinstance(e.get("why"), str)
                    or not e["why"].strip()
                ):
                    raise ValueError(f'{cat}.{which}[{i}]: needs "card" and a "why"')
                keys.add(name_key(e["card"]))
            into[cat] = frozenset(keys)
    return Exceptions(add, remove)


@lru_cache(maxsize=1)
def shipped_exceptions() -> Exceptions:
    path = resources_dir() / "mtg" / "bracket-exceptions.json"
    return parse_exceptions(json.loads(path.read_text(encoding="utf-8")))


def _keys(card: Card) -> set[str]:
    keys = {name_key(card.name)}
    faces = getattr(card, "face_names", ()) or ()
    if faces:
        keys.add(name_key(faces[0]))
    return keys


# (category, name) -> (card, answer): a deck's cards are asked again on every edit (the catalog
# re-narrows), and reading their text each time would cost most of a re-narrowing
_MEMO: dict[tuple[str, str], tuple[Card, bool]] = {}


def is_in(category: str, card: Card, exceptions: Exceptions | None = None) -> bool:
    if exceptions is not None:
        return _answer(category, card, exceptions)
    key = (category, card.name)
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_MEMO) > 16384:
        _MEMO.clear()
    answer = _answer(category, card, shipped_exceptions())
    _MEMO[key] = (card, answer)
    return answer


def _answer(category: str, card: Card, ex: Exceptions) -> bool:
    keys = _keys(card)
    if keys & ex.add.get(category, frozenset()):
        return True
    if keys & ex.remove.get(category, frozenset()):
        return False
    return _READERS[category](card)


def is_extra_turn(card: Card) -> bool:
    return is_in(EXTRA_TURNS, card)


def is_mass_land_denial(card: Card) -> bool:
    return is_in(MASS_LAND_DENIAL, card)


def is_tutor(card: Card) -> bool:
    return is_in(TUTORS, card)


__all__ = [
    "CATEGORIES",
    "EXTRA_TURNS",
    "MASS_LAND_DENIAL",
    "TUTORS",
    "is_extra_turn",
    "is_in",
    "is_mass_land_denial",
    "is_tutor",
    "parse_exceptions",
    "reads_extra_turn",
    "reads_mass_land_denial",
    "reads_tutor",
    "shipped_exceptions",
]
