"""What the card database records of one imported source (`cards info`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckeditor.carddb.issue_lines import issue_kinds


@dataclass(frozen=True, slots=True)
class SourceSummary:
    path: str
    kind: str
    game: str
    cards: int
    errors: int
    imported_at: str = ""
    note: str = ""
    warnings: int = 0
    # the import's warning and error lines (stored: `cards info --json` reports them per source)
    messages: tuple[str, ...] = field(default=(), compare=False)

    def as_info(self, details: bool = False) -> dict[str, Any]:
        info: dict[str, Any] = {
            "path": self.path,
            "kind": self.kind,
            "cards": self.cards,
            "errors": self.errors,
        }
        if details and self.note:
            info["note"] = self.note
        if details and self.warnings:
            info["warnings"] = self.warnings
        if self.messages:
            info["issues"] = {"kinds": issue_kinds(self.messages), "messages": list(self.messages)}
        return info
