"""The games a deck may belong to, each with its sections in canonical order.

The core (`deck`, `deckfile`) names no game: each game package declares its code and sections to
`deckeditor.games.registry`, which enters them here when it is imported (every command, the
window and `deckio` import it before a deck is made or read). The first game declared is the
default: a new deck's, and a deck file's that names none.
"""

from __future__ import annotations

_SECTIONS: dict[str, tuple[str, ...]] = {}


def declare(code: str, sections: tuple[str, ...]) -> None:
    """Enter a game (again: its sections replaced)."""
    _SECTIONS[code] = tuple(sections)


def withdraw(code: str) -> None:
    """Forget a game (a test's game, once the test is over)."""
    _SECTIONS.pop(code, None)


def codes() -> tuple[str, ...]:
    """Every declared game's code, the default first."""
    return tuple(_SECTIONS)


def known(code: object) -> bool:
    return isinstance(code, str) and code in _SECTIONS


def sections(code: str) -> tuple[str, ...]:
    """The game's canonical sections; () for a game not declared."""
    return _SECTIONS.get(code, ())


def default() -> str:
    """The default game's code."""
    for code in _SECTIONS:
        return code
    raise LookupError("no game is declared (import deckeditor.games.registry first)")
