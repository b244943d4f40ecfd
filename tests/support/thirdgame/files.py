"""Pebbles' one deck-file kind, `pebbles`: a `# pebbles deck` line, then `[Deck]` and
`[Reserve]` headers over `N Name` lines.

    # pebbles deck
    [Deck]
    2 Red Pebble
    [Reserve]
    1 Grey Pebble
"""

from __future__ import annotations

import re
from typing import Any

from deckeditor.deck import Deck, Entry, Section
from deckeditor.deckfile.report import ImportResult, LineKind, LineStatus
from deckeditor.games.declaration import FileKind, Options, ReadRequest

KIND = "pebbles"
HEADER = "# pebbles deck"
SECTIONS = ("Deck", "Reserve")
_CARD = re.compile(r"(\d+)\s+(\S.*)")


def recognise(text: str) -> bool:
    return text.lstrip().startswith(HEADER)


def read(request: ReadRequest) -> ImportResult:
    section, lines = SECTIONS[0], []
    found: dict[str, list[Entry]] = {}
    for number, line in enumerate(request.text.splitlines(), 1):
        line = line.strip()
        card = _CARD.fullmatch(line)
        if not line or line == HEADER:
            lines.append(LineStatus(number, line, LineKind.BLANK if not line else LineKind.COMMENT))
        elif line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            lines.append(LineStatus(number, line, LineKind.SECTION))
        elif card:
            found.setdefault(section, []).append(Entry(card.group(2), int(card.group(1))))
            known = request.pool is not None and request.pool.get(card.group(2)) is not None
            lines.append(
                LineStatus(number, line, LineKind.CARD if known else LineKind.UNKNOWN_CARD)
            )
        else:
            lines.append(LineStatus(number, line, LineKind.UNPARSED, "not a card line"))
    sections = tuple(Section(name, tuple(entries)) for name, entries in found.items())
    deck = Deck(game="pebbles", name=request.name, sections=sections)
    return ImportResult(deck, KIND, lines, [])


def write(deck: Deck, pool: Any, options: Options) -> str:
    out = [HEADER]
    for section in deck.sections:
        out.append(f"[{section.name}]")
        out += [f"{e.count} {e.card}" for e in section.entries]
    return "\n".join(out) + "\n"


def losses(deck: Deck, pool: Any, options: Options) -> list[str]:
    return [f"{what} not written" for what, lost in (("notes", deck.notes),) if lost]


KINDS = (
    FileKind(
        KIND, ".peb", read, write, losses, recognise=recognise, rank=5, output_extensions=(".peb",)
    ),
)
