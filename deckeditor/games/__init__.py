"""The games Deck Editor knows. Each game package supplies its card model, rules and files."""

GAMES = ("mtg", "riftbound")
