"""Text no file can store: a lone UTF-16 surrogate (U+D800-U+DFFF without its pair), refused
where it is read, with the place it was found (issue 26 point 3).

Bytes never decode to one here: UTF-8 and UTF-16 are decoded strictly (both refuse an encoded
surrogate) and Windows-1252 has none; file names, which Python decodes with `surrogateescape`,
are cleaned by `printable_name`. What remains is text that says so itself: a JSON escape
`"\\ud800"`, which `json` turns into the lone code point, and text handed over as `str` (a paste).
XML character references (`&#xD800;`) are refused by the XML parser itself. Kept, such a string
would pass every check and then fail every write (UTF-8 cannot encode it): Save, autosave and
`convert` would end in a traceback, and `check` while printing the deck's name.
"""

from __future__ import annotations

import json
import os
import re

from deckeditor.deckfile.report import DeckFileError

LONE = re.compile("[\ud800-\udfff]")
# a JSON escape of a surrogate; a pair decodes to one real character, so only a hit is looked at
_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
# every string token of valid JSON, keys included, in order: outside strings JSON has no `"`
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"', re.S)  # possessive: no mark per character
_KEY_AFTER = re.compile(r"\s*:")


def _place(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _what(char: str) -> str:
    return f"a lone surrogate \\u{ord(char):04x} (half of a UTF-16 pair), which no file can store"


def refuse_in_text(text: str, path: str | None) -> None:
    """DeckFileError at the line and column of the first lone surrogate in `text`."""
    hit = LONE.search(text)
    if hit is not None:
        line, column = _place(text, hit.start())
        raise DeckFileError(path, line, column, f"text holds {_what(hit.group())}")


def refuse_in_json(text: str, path: str | None) -> None:
    """DeckFileError at the first string of (valid) JSON text that decodes to a lone surrogate,
    naming the key it belongs to. Text without a surrogate escape costs one regex scan."""
    if _ESCAPE.search(text) is None:
        refuse_in_text(text, path)  # raw ones (text given as str)
        return
    key = None
    for m in _STRING.finditer(text):
        token = m.group()
        is_key = _KEY_AFTER.match(text, m.end()) is not None
        if "\\" in token or LONE.search(token):
            try:
                value = json.loads(token)
            except ValueError:  # not valid JSON: its parser says where
                value = ""
            hit = LONE.search(value)
            if hit is not None:
                line, column = _place(text, m.start())
                where = "a key" if is_key or key is None else key
                raise DeckFileError(path, line, column, f"{where}: {_what(hit.group())}")
        if is_key:
            key = token[1:-1]
    refuse_in_text(text, path)


_ESCAPE_BYTES = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def refuse_in_json_bytes(data: bytes, path: str | None) -> None:
    """`refuse_in_json` for a JSON file still in bytes (card sources of a hundred megabytes):
    the bytes are scanned for a surrogate escape, and only a file with one is decoded to say
    where."""
    if _ESCAPE_BYTES.search(data) is not None:
        refuse_in_json(data.decode("utf-8", "replace").removeprefix("\ufeff"), path)


def printable_name(name: str) -> str:
    """A file name as text a file can hold: bytes that were not UTF-8 (kept by Python as
    surrogate escapes) become U+FFFD, as a file manager shows them."""
    if LONE.search(name) is None:
        return name
    try:
        return os.fsencode(name).decode("utf-8", "replace")
    except UnicodeError:  # a surrogate that is no escaped byte
        return LONE.sub("\ufffd", name)
