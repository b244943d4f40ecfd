"""The deck-file kinds an MTG deck exports to (game interface: the Export dialog's list)."""

from __future__ import annotations

from deckeditor.games.interface import ExportKind

KINDS = (
    ExportKind("json", "Deck Editor deck (.deck.json)", ".deck.json"),
    ExportKind("forge", "Forge (.dck)", ".dck"),
    ExportKind("cod", "Cockatrice (.cod)", ".cod"),
    ExportKind("arena", "MTG Arena text", ".txt", shares=True),
    ExportKind("mtgo", "MTGO text (.txt)", ".txt", shares=True),
    ExportKind("dek", "MTGO (.dek)", ".dek"),
    ExportKind("text", "Plain text (.txt)", ".txt", shares=True),
    # each line's categories (its roles, or the player's), Archidekt's `[Ramp,Draw]`
    ExportKind("archidekt", "Archidekt text (.txt)", ".txt", shares=True),
)
