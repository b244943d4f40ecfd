"""Magic: The Gathering: cards, colour identity, DeckRule, commander rules, importers, deck files."""
