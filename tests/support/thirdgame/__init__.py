"""Pebbles: a tiny third game kept in the test suite, not shipped (issue 25 point 1's proof).

It plugs into Deck Editor the way a game package does, through its declaration alone: two
sections, one deck-file kind, one search key (`hue:`), a few cards, one rule. The program
learns of it from ``DECKEDITOR_GAMES=tests.support.thirdgame.declaration`` (a command run in a
subprocess) or `deckeditor.games.registry.register(DECLARATION)` (in the test's process).
"""
