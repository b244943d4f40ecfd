"""What the window must say when it opens, kept by code that runs before it (a damaged file set
aside, a card database repaired or not read): the command line has said it on stderr already.

A plain list below every layer, so the card database and the kept files both add to it without
importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Note(Protocol):
    """One thing to say: a dialog title and its text."""

    @property
    def title(self) -> str: ...

    def text(self) -> str: ...


@dataclass
class Notice:
    """A note that is only words (a pool that could not be read, a file set aside)."""

    message: str
    title: str = "Card database not read"

    def text(self) -> str:
        return self.message


_notes: list[Note] = []


def keep(note: Note) -> None:
    _notes.append(note)


def pending() -> bool:
    """Is there something the window has not said yet?"""
    return bool(_notes)


def take() -> list[Note]:
    """The notes kept in this process since the last call (the window shows them)."""
    out = list(_notes)
    _notes.clear()
    return out
