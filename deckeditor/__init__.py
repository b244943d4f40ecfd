"""Deck Editor: a fast, offline deck editor for Magic: The Gathering and Riftbound."""

__version__ = "0.1.0"
APP_NAME = "Deck Editor"
APP_ID = "deckeditor"
ORG_NAME = "Deck Editor"
DESKTOP_FILE_NAME = "org.deckeditor.DeckEditor"
