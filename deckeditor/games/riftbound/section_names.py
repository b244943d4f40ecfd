"""Riftbound's deck sections in their order (`riftbound.md` §3), below everything else of the
game: the declaration, the text list and the rules all name them from here."""

SECTIONS = ("Legend", "Champion", "Main", "Runes", "Battlefields", "Sideboard")
