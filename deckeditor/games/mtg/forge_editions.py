"""Forge edition files (`res/editions/*.txt`): which sets printed a card, and on which day.

A Forge cardsfolder holds no printings; the `editions` folder beside it does. Each file has a
`[metadata]` section (`Code=`, `Date=`, `Type=`) and a `[cards]` section of lines
`<collector number> <rarity> <Card Name>[ @Artist]`. A card's first printing's day decides when it
becomes legal (issue 12); `Type=Funny` and `Type=Online` sets mark joke and digital-only cards.
Cards are found by their name key (`names.name_key`): old editions spell `AEther Storm` where the
card script and newer editions say `Aether Storm`, and one card must gather all its printings (it
was digital-only when only its Masters Edition II printing matched).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.legality import COMMON, DIGITAL, JOKE, RARITY_KNOWN
from deckeditor.names import name_key

_RARITY = frozenset("CURMLSTP")
_TAIL = re.compile(r"\s+[@$].*$")


@dataclass
class Printed:
    codes: list[tuple[str, str]] = field(default_factory=list)  # (day, code)
    kinds: set[str] = field(default_factory=set)
    rarities: set[str] = field(default_factory=set)  # C U R M L S T P of its printings


def _card_name(line: str) -> str | None:
    return _card_line(line)[0]


def _card_line(line: str) -> tuple[str | None, str]:
    """(card name, rarity letter or "") of a `[cards]` line."""
    words = line.split()
    if len(words) < 2:
        return None, ""
    if words[0][:1].isdigit():
        words = words[1:]
    rarity = ""
    if len(words) > 1 and len(words[0]) == 1 and words[0] in _RARITY:
        rarity, words = words[0], words[1:]
    name = _TAIL.sub("", " ".join(words)).strip()
    return name or None, rarity


def read_edition(text: str, into: dict[str, Printed]) -> None:
    meta: dict[str, str] = {}
    section = ""
    names: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        if section == "metadata" and "=" in line:
            key, _, value = line.partition("=")
            meta[key.strip().lower()] = value.strip()
        elif section == "cards":
            name, rarity = _card_line(line)
            if name:
                names.append((name, rarity))
    code, day = meta.get("code", "").upper(), meta.get("date", "")
    try:
        day = date.fromisoformat(day[:10]).isoformat()
    except ValueError:
        day = ""
    if not code:
        return
    kind = meta.get("type", "").lower()
    for name, rarity in names:
        printed = into.setdefault(name_key(name), Printed())
        printed.codes.append((day, code))
        printed.kinds.add(kind)
        if rarity:
            printed.rarities.add(rarity)


def editions_beside(cardsfolder: str | os.PathLike[str]) -> dict[str, Printed]:
    """The editions of `res/editions` next to `res/cardsfolder` (empty when there is none), by
    card name key."""
    folder = Path(cardsfolder).parent / "editions"
    out: dict[str, Printed] = {}
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.txt")):
        try:
            read_edition(path.read_text(encoding="utf-8", errors="replace"), out)
        except OSError:
            continue
    return out


def printed_as(editions: dict[str, Printed], card: Card) -> Printed | None:
    """A card's printings, by its name or its front face's."""
    return editions.get(name_key(card.name)) or editions.get(name_key(card.front.name))


def with_printings(card: Card, printed: Printed | None) -> Card:
    """The card with its set codes (oldest first), first release day and set-type traits."""
    if printed is None or card.printings:
        return card
    ordered = sorted(printed.codes, key=lambda dc: (dc[0] or "9999", dc[1]))
    days = [d for d, _ in ordered if d]
    traits = set(card.traits)
    if printed.kinds <= {"online"}:
        traits.add(DIGITAL)
    elif printed.kinds <= {"funny"}:
        traits.add(JOKE)
    if printed.rarities:  # Pauper's pool: printed at common (L: a basic land)
        traits.add(RARITY_KNOWN)
        if printed.rarities & {"C", "L"}:
            traits.add(COMMON)
    return replace(
        card,
        printings=tuple(dict.fromkeys(c for _, c in ordered)),
        released=days[0] if days else card.released,
        traits=frozenset(traits),
        extra={**card.extra, "facts_from": "Forge editions"} if traits else card.extra,
    )
