"""The editor's undo history: deck snapshots and where the saved state is among them.

Decks are immutable, so undo and redo only move an index; `EditorSession` (deckeditor.session)
keeps one `UndoStack` per open deck.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckeditor.deck import Deck


@dataclass(frozen=True, slots=True)
class Step:
    deck: Deck
    message: str = ""


class UndoStack:
    """Deck snapshots: decks are immutable, so undo is only moving an index."""

    def __init__(self, deck: Deck, limit: int = 500) -> None:
        self._steps: list[Step] = [Step(deck, "")]
        self._index = 0
        self._clean = 0
        self._limit = limit

    @property
    def current(self) -> Deck:
        return self._steps[self._index].deck

    def push(self, deck: Deck, message: str = "") -> None:
        del self._steps[self._index + 1 :]
        if self._clean > self._index:
            self._clean = -1  # the saved state can no longer be reached
        self._steps.append(Step(deck, message))
        self._index += 1
        if len(self._steps) > self._limit:
            drop = len(self._steps) - self._limit
            del self._steps[:drop]
            self._index -= drop
            self._clean -= drop

    def can_undo(self) -> bool:
        return self._index > 0

    def can_redo(self) -> bool:
        return self._index + 1 < len(self._steps)

    def undo_text(self) -> str:
        return self._steps[self._index].message if self.can_undo() else ""

    def redo_text(self) -> str:
        return self._steps[self._index + 1].message if self.can_redo() else ""

    def undo(self) -> Deck:
        if self.can_undo():
            self._index -= 1
        return self.current

    def redo(self) -> Deck:
        if self.can_redo():
            self._index += 1
        return self.current

    def mark_clean(self) -> None:
        self._clean = self._index

    def mark_dirty(self) -> None:
        """A deck that exists in no file (recovered, imported): closing it asks to save."""
        self._clean = -1

    def is_clean(self) -> bool:
        return self._clean == self._index
