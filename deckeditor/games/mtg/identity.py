"""Colour identity, CR 903.4 as `mtg-rules.md` §2 states it.

The union over every face (not Forge's Specialize variants) of: mana-cost colours, the colour
indicator, colours set by a characteristic-defining ability ("~ is all colors", "~ is red"), mana
symbols in the rules text outside reminder text, and the colours of basic land types. Colour words
elsewhere never count ("create a blue and red Otter").
"""

from __future__ import annotations

import re

from deckeditor.games.mtg.card import Face, Layout
from deckeditor.games.mtg.colors import ALL, from_word
from deckeditor.games.mtg.mana import cost_colors, text_mana_colors

# Reminder text is every parenthesised span (no nesting in printed cards; a lazy match is enough).
_REMINDER = re.compile(r"\([^()]*\)")

BASIC_LAND_COLORS = {"Plains": 1, "Island": 2, "Swamp": 4, "Mountain": 8, "Forest": 16}

# "<name> is all colors." / "<name> is blue and red." at the start of a sentence: the colour-setting
# characteristic-defining abilities (CR 604.3). `~`, `CARDNAME` and "this card" stand for the name.
_CDA = re.compile(
    r"(?:^|(?<=[.\n]))\s*(?P<who>[^.\n]+?) is (?P<what>all colors|colorless|"
    r"(?:(?:white|blue|black|red|green)(?:,? (?:and )?)?)+)(?:\.|(?=\n)|$)",
    re.IGNORECASE,
)
_NOT_IDENTITY = "doesn't affect its color identity"
_COLOUR_WORD = re.compile(r"white|blue|black|red|green", re.IGNORECASE)


def strip_reminder(text: str) -> str:
    """Rules text with every parenthesised span removed."""
    return _REMINDER.sub("", text) if "(" in text else text


def _names_self(who: str, face_name: str) -> bool:
    w = who.strip().casefold()
    if w in ("~", "cardname", "this card", "this spell", "this permanent", "this creature"):
        return True
    name = face_name.casefold()
    # Short names ("Grist" for "Grist, the Hunger Tide") are used by newer Oracle text.
    return w == name or (bool(w) and name.startswith(w + ","))


def cda_colors(text: str, face_name: str) -> int:
    """Colours a colour-setting characteristic-defining ability of this face gives (§2 rule 3)."""
    if " is " not in text or _NOT_IDENTITY in text:
        return 0  # Fallaji Wayfarer: "This ability doesn't affect its color identity."
    m = 0
    for hit in _CDA.finditer(text):
        if not _names_self(hit.group("who"), face_name):
            continue
        what = hit.group("what").lower()
        if what == "all colors":
            m |= ALL
        elif what != "colorless":
            for word in _COLOUR_WORD.findall(what):
                m |= from_word(word)
    return m


def face_identity(face: Face) -> int:
    m = cost_colors(face.mana_cost)
    if face.color_indicator:
        m |= face.color_indicator
    text = face.oracle_text
    if text:
        plain = strip_reminder(text)
        if "{" in plain:
            m |= text_mana_colors(plain)
        m |= cda_colors(plain, face.name)
    for sub in face.subtypes:
        m |= BASIC_LAND_COLORS.get(sub, 0)
    return m


def identity_faces(layout: Layout, faces: tuple[Face, ...]) -> tuple[Face, ...]:
    """The faces identity reads: all of them, except Forge's digital Specialize variants."""
    return faces[:1] if layout is Layout.SPECIALIZE else faces


def card_identity(layout: Layout, faces: tuple[Face, ...]) -> int:
    m = 0
    for face in identity_faces(layout, faces):
        m |= face_identity(face)
    return m
