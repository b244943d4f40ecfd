"""The own deck file's schema (`deck-files.md` §3): its name and version, its limits, the keys and
value rules every reader of it shares (the fast path and the models), and the migrations that
bring an older file to this version."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deckeditor.deckfile.report import DeckFileError

Document = dict[str, Any]

SCHEMA = "deckeditor-deck"
VERSION = 2
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 15
EXTRA_KEY = "_json"  # where unknown keys wait in Deck.foreign until the next write

# the keys each level may hold (anything else is kept through the models' `extra`)
TOP = frozenset(
    {
        "schema",
        "version",
        "game",
        "name",
        "format",
        "notes",
        "tags",
        "bracket",
        "template",
        "category_names",
        "created",
        "modified",
        "sections",
        "unparsed",
        "foreign",
    }
)
SECTION = frozenset({"name", "entries"})
ENTRY = frozenset({"card", "count", "printing", "choices", "tags", "categories", "flags"})
PRINTING = frozenset({"set", "number", "finish", "forge_art", "ids", "code"})
IDS = frozenset({"scryfall", "mtgo", "arena", "multiverse"})
UNPARSED = ("source", "line", "text", "reason")
FINISHES = ("nonfoil", "foil", "etched")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # no control characters in a deck's name
CODE = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")  # a format code

# One function per version step, turning a version-n document into version n+1.


def _v1_brawl_is_standard_brawl(doc: Document) -> Document:
    """Version 1 knew one Brawl, the 60-card format MTG Arena has called Standard Brawl since
    2023-12-05; from version 2, "brawl" is the 100-card Brawl (issue 23, docs/spec-notes.md)."""
    if doc.get("format") == "brawl":
        doc = {**doc, "format": "standardbrawl"}
    return doc


MIGRATIONS: dict[int, Callable[[Document], Document]] = {1: _v1_brawl_is_standard_brawl}


def written_version(fmt: str | None) -> int:
    """The version a deck's file is written as: the lowest that reads it right. Only a 100-card
    Brawl deck needs version 2 (a version-1 reader would take it for Standard Brawl), so every
    other deck stays readable by earlier Deck Editors."""
    return VERSION if fmt == "brawl" else 1


def migrate(doc: Document, path: str | None = None) -> Document:
    """The document at this VERSION, each step of `MIGRATIONS` applied; a newer file refused."""
    if "version" not in doc:
        raise DeckFileError(path, None, None, "version: required key is missing")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DeckFileError(path, None, None, "version: must be an integer from 1")
    if version > VERSION:
        raise DeckFileError(
            path,
            None,
            None,
            f"written by a newer Deck Editor (file version {version}; this one reads {VERSION})",
        )
    while version < VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["version"] = version
    return doc
