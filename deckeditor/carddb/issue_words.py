"""A card import's issues as a player reads them (issue 24.8): counted by kind in plain sentences
("43 cards: the source's colour identity differs from the card's text; the wider one is kept"),
and each line naming the card, not a JSON path (`data["Brisela…"].colorIdentity: source says W,
computed colourless; using W` becomes `Brisela, Voice of Nightmares: the source gives colour
identity W, its text gives colourless; W is used`).

The lines are those `carddb.issue_lines.issue_line` makes: `severity: where: message`. Kinds are
`carddb.issue_lines.issue_kind`'s; a line this module has no words for is shown as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from deckeditor.carddb.issue_lines import issue_kind, issue_kinds
from deckeditor.words import count

_IDENTITY = re.compile(
    r"source says (?P<src>\w+), computed (?P<comp>\w+)(?:; using (?P<used>\w+))?"
)
_JSON_NAME = re.compile(r'^data\[(?P<name>"(?:[^"\\]|\\.)*")\]')
_SEVERITY = ("warning", "error")

# kind -> (noun counted, what it means for the player)
_SUMMARIES = {
    "identity": (
        "card",
        "the source's colour identity differs from what the card's text gives; "
        "the wider identity is used",
    ),
    "DeckRule": ("deck-building rule", "not understood; the cards are imported without it"),
    "duplicate": ("card", "listed more than once; the last one is kept"),
    "error": ("record", "could not be read and was left out"),
    "warning": ("other note", "the cards were imported as the source gives them"),
}


def _split(line: str) -> tuple[str, str, str]:
    """(severity, where, message) of a stored line; missing parts are ""."""
    severity, where, message = "", "", line
    head, sep, rest = line.partition(": ")
    if sep and head in _SEVERITY:
        severity, line = head, rest
    where, sep, message = line.partition(": ")
    if not sep:
        where, message = "", line
    return severity, where, message


def _subject(where: str) -> str:
    """The card a JSON path names (`data["Fire // Ice"][1].manaCost` -> Fire // Ice), else the
    place as written (`line 12`, `card X`)."""
    found = _JSON_NAME.match(where)
    if found:
        try:
            return str(json.loads(found.group("name")))
        except ValueError:
            return where
    return where.removeprefix("card ")


def player_line(line: str) -> str:
    """One stored issue line in a player's words."""
    severity, where, message = _split(line)
    subject = _subject(where)
    found = _IDENTITY.search(message)
    if found:
        used = found.group("used") or found.group("src")
        return (
            f"{subject}: the source gives colour identity {found.group('src')}, its text gives "
            f"{found.group('comp')}; {used} is used"
        )
    if severity == "error":
        return (
            f"{subject}: could not be read, left out ({message})"
            if subject
            else f"Left out: {message}"
        )
    return f"{subject}: {message}" if subject else message


def summary(kinds: dict[str, int]) -> list[str]:
    """One sentence per kind, with its count: `carddb.issue_lines.issue_kinds` in a player's words."""
    out = []
    for kind, n in kinds.items():
        noun, meaning = _SUMMARIES.get(kind, ("note", kind))
        out.append(f"{count(n, noun)}: {meaning}")
    return out


# notes with no sentence of their own are shown one by one up to this many ("Shadows of the Past:
# Effect Text on a card that is not a Gear: '1'"), not as "1 other note" that says nothing
_FEW = 3


def summary_of(lines: Sequence[str]) -> list[str]:
    """`summary` of stored issue lines, with the few notes of a kind it has no words for shown
    themselves, naming their card."""
    out = []
    for kind, n in issue_kinds(lines).items():
        if (kind in _SUMMARIES and kind != "warning") or n > _FEW:
            out.extend(summary({kind: n}))
        else:
            out.extend(player_line(line) for line in lines if issue_kind(line) == kind)
    return out


def player_lines(lines: Sequence[str]) -> list[str]:
    return [player_line(line) for line in lines]
