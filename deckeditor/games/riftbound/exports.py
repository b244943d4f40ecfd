"""The deck-file kinds a Riftbound deck exports to (game interface: the Export dialog's list)."""

from __future__ import annotations

from deckeditor.games.interface import ExportKind

KINDS = (
    ExportKind("json", "Deck Editor deck (.deck.json)", ".deck.json"),
    ExportKind("riftbound-code", "Riftbound deck code", ".txt", shares=True),
    ExportKind("riftbound-text", "Plain text deck list (.txt)", ".txt", shares=True),
)
