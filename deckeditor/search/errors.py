"""The one error a query can raise: where it went wrong, how far, and what to say (`search.md` §6)."""

from __future__ import annotations


class SearchError(ValueError):
    """A bad query. `position` is a 0-based code-point offset, `length` its extent (>= 1).

    Built as `SearchError(position, length, message)` (the spec's order); `SearchError(message,
    position[, length])` is accepted too, so callers need not remember which comes first.
    """

    def __init__(self, *args: str | int) -> None:
        if args and isinstance(args[0], str):
            message, position, length = (list(args) + [0, 1])[:3]
        else:
            position, length, message = (list(args) + [1, ""])[:3]
        self.position = max(0, int(position))
        self.length = max(1, int(length))
        self.message = str(message)
        # a key Scryfall has that this build does not: the query is well formed, but nothing it
        # finds can be shown (issue 24.5: the catalog empties instead of keeping old results)
        self.unsupported = False
        super().__init__(self.message)

    def __str__(self) -> str:
        return f"{self.message} (at position {self.position})"

    def render(self, query: str) -> str:
        """The query, and a caret line under the offending text (for the command line)."""
        caret = " " * self.position + "^" * max(1, min(self.length, len(query) - self.position))
        return f"{query}\n{caret}\n{self.message}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SearchError):
            return NotImplemented
        return (self.position, self.length, self.message) == (
            other.position,
            other.length,
            other.message,
        )

    __hash__ = ValueError.__hash__
