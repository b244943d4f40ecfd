"""What reading a deck file reports: now `deckeditor.deckfile.report`; this name stays for the
readers that import it."""

from deckeditor.deckfile.report import (
    DeckFileError,
    ImportResult,
    LineKind,
    LineReport,
    LineStatus,
    TextReport,
)

__all__ = ["DeckFileError", "ImportResult", "LineKind", "LineReport", "LineStatus", "TextReport"]
