"""The trailing markers of a plain-text card line (`deck-files.md` §7 step 6), removed from the
right in any order: Archidekt labels and categories, Moxfield tags and finishes, an Arena
printing `(SET) CN`, MTGGoldfish's `<CN> [SET] (F)`.
"""

from __future__ import annotations

import re

from deckeditor.deck import Printing

# MTG Arena spells a few sets differently from paper; read Arena → paper, write paper → Arena.
ARENA_TO_PAPER = {"DAR": "DOM", "CONF": "CON"}
_LABELS = re.compile(r"\s*\^([^^]*)\^$")
_CATEGORIES = re.compile(r"\s*\[([^\[\]]*)\]$")
_MOX_TAG = re.compile(r"\s+#(\S+)$")
_FINISH = re.compile(r"\s+\*([FE])\*$")
# A collector number is one token: letters, digits and marks such as `-`, `★`, `*`, `†` (Portal's
# `158†`), `Φ`; only brackets, braces, quotes and `^` (other markers' delimiters) are not in it.
# The set code may carry a hyphenated part, as MTGGoldfish's promo groups do (`PRM-MSC`), so a
# printing read from its notation is written back as `(PRM-MSC)` and read again.
_PRINTING = re.compile(
    r"\s+\(([A-Za-z0-9]{2,6}(?:-[A-Za-z0-9]{2,6})?)\)(?:\s+([^\s()\[\]{}^\"]+))?$"
)
# MTGGoldfish's own notation: `Plains <294> [FIN]`, `Sol Ring <borderless> [CMM] (F)`, `(FE)`
# for foil-etched; the `<…>` is a collector number when it is one, else a variant name.
_GOLDFISH = re.compile(
    r"(?:\s+<([^<>]*)>)?\s+\[([A-Z0-9]{2,6}(?:-[A-Z0-9]{2,6})?)\](?:\s+\((F|FE)\))?$"
)
_GOLDFISH_NUMBER = re.compile(r"^[0-9]+[a-z★†]?$")

CAT_SECTIONS = {
    "commander": "Commander",
    "companion": "Companion",
    "sideboard": "Sideboard",
    "maybeboard": "Maybeboard",
}


# (the rest of the line, printing, tags, marked section, dialects seen, flags)
Marked = tuple[str, Printing | None, list[str], str | None, set[str], tuple[tuple[str, str], ...]]


def strip_markers(rest: str) -> Marked:
    """Remove trailing markers, right to left, in any order (§7 step 6)."""
    tags: list[str] = []
    section: str | None = None
    finish = set_code = number = None
    seen: set[str] = set()
    flags: tuple[tuple[str, str], ...] = ()
    while True:
        if set_code is None and (m := _GOLDFISH.search(rest)):
            variant, set_code = m.group(1), m.group(2)
            if variant is not None:
                variant = variant.strip()
                if _GOLDFISH_NUMBER.match(variant):
                    number = variant
                elif variant:
                    flags = (("variant", variant),)
            if m.group(3):
                finish = finish or ("foil" if m.group(3) == "F" else "etched")
            seen.add("mtggoldfish")
        elif m := _LABELS.search(rest):
            parts = [p.strip() for p in m.group(1).split(",")]
            names = [p for p in parts if p and not p.startswith("#")]  # `#37d67a` is a colour
            tags = names + tags
            seen.add("archidekt")
        elif m := _CATEGORIES.search(rest):
            cats = [c.strip() for c in m.group(1).split(",") if c.strip()]
            plain = []
            no_deck = False
            for cat in cats:
                no_deck |= "{nodeck}" in cat.lower()
                plain.append(re.sub(r"\{[^}]*\}", "", cat).strip())
            first = plain[0].lower() if plain else ""
            if first in CAT_SECTIONS:
                section = CAT_SECTIONS[first]
                plain = plain[1:]
            if no_deck:
                section = "Maybeboard"
            tags = [p for p in plain if p] + tags
            seen.add("archidekt")
        elif m := _MOX_TAG.search(rest):
            tags = [m.group(1)] + tags
            seen.add("moxfield")
        elif m := _FINISH.search(rest):
            finish = finish or ("foil" if m.group(1) == "F" else "etched")
            seen.add("moxfield")
        elif (m := _PRINTING.search(rest)) and set_code is None:
            set_code = m.group(1).upper()
            number = m.group(2)
            seen.add("arena")
        else:
            break
        rest = rest[: m.start()].rstrip()
    printing = None
    if set_code or finish:
        if set_code in ARENA_TO_PAPER:
            set_code = ARENA_TO_PAPER[set_code]
        printing = Printing(set=set_code, number=number, finish=finish)
    return rest, printing, list(dict.fromkeys(tags)), section, seen, flags
