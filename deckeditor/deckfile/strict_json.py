"""Strict JSON for the own deck file (`deck-files.md` §3): the bytes checked first (UTF-8, size),
then the text (duplicate keys, NaN and Infinity, depth, trailing data), each failure a
`DeckFileError` naming the line and, where one is known, the key path (`a.sections[2].name`).

`json` reports no position for a key, so `scan` (a tokenizer) finds them, and runs only when a
position is needed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from deckeditor.deckfile.lone_surrogates import refuse_in_json
from deckeditor.deckfile.report import DeckFileError
from deckeditor.deckfile.schema import MAX_BYTES, MAX_DEPTH
from deckeditor.formats.strict_json import JsonRefused, parse_strict

# Possessive repeats: an alternation repeated per character keeps a backtracking mark for every
# character of a string (an 8 MiB string of notes took 1.3 GB to scan); these keep none.
_TOKEN = re.compile(r'\s*(?:("[^"\\]*+(?:\\.[^"\\]*+)*+")|([{}\[\],:])|([^\s{}\[\],:"]++))', re.S)


KeyPath = tuple[str | int, ...]


Problem = tuple[str, KeyPath, int]  # (kind, key path, line)


def scan(text: str) -> tuple[dict[KeyPath, int], Problem | None]:
    """Key paths → line numbers, and the first text-level problem (kind, path, line).

    A tokenizer rather than the json module, because the json module reports no positions for
    keys; it only runs when a position is needed.
    """
    scanner = _Scanner()
    pos = 0
    line = 1
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            break
        start = m.start(1) if m.group(1) else m.start(2) if m.group(2) else m.start(3)
        if start < 0:
            break
        line += text.count("\n", pos, start)
        token_line = line
        line += text.count("\n", start, m.end())
        pos = m.end()
        string, punct, bare = m.groups()
        problem = scanner.token(string, punct, bare, token_line)
        if problem is not None:
            return scanner.lines, problem
    return scanner.lines, None


@dataclass(slots=True)
class _Level:
    """An object or array being scanned."""

    is_object: bool
    path: KeyPath
    key: str = ""
    index: int = -1
    want_key: bool = False
    keys: set[str] = field(default_factory=set)


class _Scanner:
    """The open objects and arrays, and the line of every key path seen."""

    def __init__(self) -> None:
        self.lines: dict[KeyPath, int] = {}
        self.stack: list[_Level] = []

    def token(
        self, string: str | None, punct: str | None, bare: str | None, line: int
    ) -> Problem | None:
        top = self.stack[-1] if self.stack else None
        if punct in ("{", "["):
            return self._open(punct == "{", line)
        if punct in ("}", "]"):
            if self.stack:
                self.stack.pop()
        elif punct == ",":
            if top and top.is_object:
                top.want_key = True
        elif punct == ":":
            pass
        elif string is not None and top and top.is_object and top.want_key:
            return self._key(top, string, line)
        else:
            path = self._value_path()
            self.lines.setdefault(path, line)
            if bare in ("NaN", "Infinity", "-Infinity"):
                return ("constant", path, line)
        return None

    def _value_path(self) -> KeyPath:
        if not self.stack:
            return ()
        top = self.stack[-1]
        if top.is_object:
            return (*top.path, top.key)
        top.index += 1
        return (*top.path, top.index)

    def _open(self, is_object: bool, line: int) -> Problem | None:
        path = self._value_path()
        self.lines.setdefault(path, line)
        self.stack.append(_Level(is_object, path, want_key=is_object))
        return ("depth", path, line) if len(self.stack) > MAX_DEPTH else None

    def _key(self, top: _Level, string: str, line: int) -> Problem | None:
        try:
            key = json.loads(string)
        except ValueError:
            key = string[1:-1]
        top.key = key
        top.want_key = False
        path = (*top.path, key)
        if key in top.keys:
            return ("duplicate", path, line)
        top.keys.add(key)
        self.lines.setdefault(path, line)
        return None


def key_path(loc: Sequence[str | int]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _depth(value: Any) -> int:
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item)
    return deepest


def decode_bytes(data: bytes, path: str | None) -> str:
    if len(data) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeckFileError(path, line, None, f"not valid UTF-8 (byte {exc.start})") from None


def load_json(text: str, path: str | None = None) -> tuple[Any, str]:
    """Parse JSON text under the §3 pre-validation rules; returns (value, text)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise DeckFileError(path, None, None, "empty file")
    try:
        value = parse_strict(text)
    except json.JSONDecodeError as exc:
        msg = "trailing data after the JSON value" if exc.msg == "Extra data" else exc.msg
        raise DeckFileError(path, exc.lineno, exc.colno, f"malformed JSON: {msg}") from None
    except JsonRefused:
        _, problem = scan(text)
        kind, where, line = problem or ("", (), None)
        if kind == "duplicate":
            raise DeckFileError(path, line, None, f"{key_path(where)}: key appears twice") from None
        raise DeckFileError(
            path, line, None, f"{key_path(where)}: NaN and Infinity are not allowed"
        ) from None
    except RecursionError:
        value = None
    if value is not None:
        refuse_in_json(text, path)  # `\ud800`: text no file can store (issue 26.3)
    if value is None or _depth(value) > MAX_DEPTH:
        _, problem = scan(text)
        where, line = (problem[1], problem[2]) if problem else ((), None)
        raise DeckFileError(
            path, line, None, f"{key_path(where)}: nested deeper than {MAX_DEPTH} levels"
        )
    return value, text
