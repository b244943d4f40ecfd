"""MTG deck file formats (`deck-files.md` §4–§7): Forge and XMage `.dck`, Cockatrice `.cod`, MTGO
`.dek`, the plain-text family, MTGJSON deck files and the taw precon lists."""
