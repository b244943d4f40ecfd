"""Riftbound's deck-file kinds (`deck-files.md` §2, `riftbound.md` §4.5) as the registry takes
them: the Piltover Archive deck code and the plain deck list (Legend:, Champion:, …).

The codec and the list reader are imported when first used (# lazy: a `check` of an own
`.deck.json` loads neither).
"""

from __future__ import annotations

import re
from typing import Any

from deckeditor import deck_games
from deckeditor.deck import Deck
from deckeditor.deckfile.report import DeckFileError, ImportResult, LineKind, LineStatus
from deckeditor.games.declaration import FileKind, Options, ReadRequest

CODE_KIND = "riftbound-code"
TEXT_KIND = "riftbound-text"
_SPACE = re.compile(r"\s")


def _is_code(text: str) -> bool:
    """One token (no split: a million-line text would be cut into two million words) that is a
    deck code, or a damaged one, so the decoder says what is wrong and where."""
    stripped = text.strip()
    if _SPACE.search(stripped):
        return False
    from deckeditor.games.riftbound import deckcode  # lazy: the codec loads on first use

    try:
        if deckcode.looks_like_code(stripped):
            return True
    except Exception:  # a broken codec must not stop plain text from reading
        pass
    return deckcode.looks_like_damaged_code(stripped)


def _is_list(text: str) -> bool:
    from deckeditor.games.riftbound import textlist  # lazy: the reader loads on first use

    return textlist.looks_like_text(text)


def _read_code(r: ReadRequest) -> ImportResult:
    from deckeditor.games.riftbound import deckcode  # lazy: the codec loads on first use

    token = r.text.strip()
    try:
        got = deckcode.import_code(token, r.pool, r.name)
    except ValueError as exc:
        raise DeckFileError(r.path, 1, None, f"deck code: {exc}") from None
    line = LineStatus(1, token, LineKind.CARD)
    return ImportResult(got.deck, CODE_KIND, [line], ["read as a Riftbound deck code", *got.notes])


def _write_code(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.riftbound import deckcode  # lazy: the codec loads on first use

    try:
        return deckcode.encode_deck(deck, pool) + "\n"
    except ValueError as exc:
        raise DeckFileError(None, None, None, f"deck code: {exc}") from None


def _losses_code(deck: Deck, pool: Any, options: Options) -> list[str]:
    """A code holds the sections' cards and nothing else: no name, notes or tags."""
    sections = deck_games.sections(deck.game)  # Riftbound's, as its declaration gave them
    out = [f"{s.name} not written" for s in deck.sections if s.entries and s.name not in sections]
    out += [
        f"{what} not written"
        for what, lost in (("deck name", True), ("notes", deck.notes), ("deck tags", deck.tags))
        if lost
    ]
    return out


def _read_list(r: ReadRequest) -> ImportResult:
    from deckeditor.games.riftbound import textlist  # lazy: the reader loads on first use

    return textlist.read(r.text, r.pool, name=r.name, format_code=r.format_code)


def _write_list(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.riftbound import textlist  # lazy: the writer loads on first use

    return textlist.write(deck, pool, with_printings=bool(options.get("with_printings")))


def _losses_list(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.riftbound import textlist  # lazy: the writer loads on first use

    return textlist.losses(deck, with_printings=bool(options.get("with_printings")))


# Recognised after MTG's Forge, precon and XMage files and before plain text (§2 steps 6-7).
KINDS = (
    FileKind(CODE_KIND, None, _read_code, _write_code, _losses_code, recognise=_is_code, rank=40),
    FileKind(TEXT_KIND, ".txt", _read_list, _write_list, _losses_list, recognise=_is_list, rank=50),
)
