"""The deck file itself, game-neutral: Deck Editor's own `.deck.json` (`deck-files.md` §3) and what
every reader reports (§1).

    report       DeckFileError, line statuses, ImportResult: what a read of any kind gives
    decoding     a file's bytes as text (§1)
    schema       the own file's name, version, limits, keys and migrations
    strict_json  the own file's JSON checked (duplicate keys, NaN, depth) with located errors
    fast         the common well-formed file read without pydantic
    model        the pydantic models every other file is read through
    reading      text -> Deck; writing: Deck -> text

Layered without a cycle: report < schema < decoding, strict_json < fast, model < reading,
writing. The package names no game: the games a file may belong to and their sections are the
ones declared (`deckeditor.deck_games`).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckeditor.deckfile.reading import model_to_deck, parse_model, read_json_deck
    from deckeditor.deckfile.report import DeckFileError, ImportResult, LineKind, LineStatus
    from deckeditor.deckfile.schema import (
        EXTRA_KEY,
        MAX_BYTES,
        MAX_DEPTH,
        MIGRATIONS,
        SCHEMA,
        VERSION,
        migrate,
        written_version,
    )
    from deckeditor.deckfile.strict_json import decode_bytes, key_path, load_json, scan
    from deckeditor.deckfile.writing import deck_to_dict, ordered_sections, write_json_deck
    from deckeditor.saving import save_atomic

# name -> the submodule that defines it; each is imported when first asked for (# lazy: a reader
# that needs only `report` does not load the JSON reader and writer, nor make a cycle through
# the modules they use that report errors)
_WHERE = {
    "model_to_deck": "reading",
    "parse_model": "reading",
    "read_json_deck": "reading",
    "DeckFileError": "report",
    "ImportResult": "report",
    "LineKind": "report",
    "LineStatus": "report",
    "EXTRA_KEY": "schema",
    "MAX_BYTES": "schema",
    "MAX_DEPTH": "schema",
    "MIGRATIONS": "schema",
    "SCHEMA": "schema",
    "VERSION": "schema",
    "migrate": "schema",
    "written_version": "schema",
    "decode_bytes": "strict_json",
    "key_path": "strict_json",
    "load_json": "strict_json",
    "scan": "strict_json",
    "deck_to_dict": "writing",
    "ordered_sections": "writing",
    "write_json_deck": "writing",
    "save_atomic": "deckeditor.saving",  # the writers' import path
}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'deckeditor.deckfile' has no attribute {name!r}")
    module = where if "." in where else f"deckeditor.deckfile.{where}"
    return getattr(import_module(module), name)


__all__ = [
    "EXTRA_KEY",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MIGRATIONS",
    "SCHEMA",
    "VERSION",
    "DeckFileError",
    "ImportResult",
    "LineKind",
    "LineStatus",
    "deck_to_dict",
    "decode_bytes",
    "key_path",
    "load_json",
    "migrate",
    "model_to_deck",
    "ordered_sections",
    "parse_model",
    "read_json_deck",
    "save_atomic",
    "scan",
    "write_json_deck",
    "written_version",
]
