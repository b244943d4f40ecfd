"""MTG's deck sections in their order (`mtg-rules.md` §2), below everything else of the game: the
declaration, the deck-file readers and the rules all name them from here."""

SECTIONS = ("Commander", "Companion", "Main", "Sideboard", "Maybeboard")
