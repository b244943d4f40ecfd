"""The games Deck Editor knows. Each game package supplies its card model, rules and files."""

GAMES = ("mtg", "riftbound")
# File > New's label of each game, here so the menu is built without importing every game's
# package at start (a game module costs a window start ~15 ms); each game's `new_deck_label`.
NEW_DECK_LABELS = {"mtg": "Magic: The Gathering deck", "riftbound": "Riftbound deck"}
