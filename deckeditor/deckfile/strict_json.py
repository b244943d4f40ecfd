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
from typing import Any

from deckeditor.deckfile.report import DeckFileError
from deckeditor.deckfile.schema import MAX_BYTES, MAX_DEPTH
from deckeditor.lone_surrogates import refuse_in_json


class _JsonProblem(Exception):
    def __init__(self, what: str) -> None:
        self.what = what


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _JsonProblem("duplicate")
        seen[key] = value
    return seen


def _constant(name: str) -> Any:
    raise _JsonProblem("constant")


# Possessive repeats: an alternation repeated per character keeps a backtracking mark for every
# character of a string (an 8 MiB string of notes took 1.3 GB to scan); these keep none.
_TOKEN = re.compile(r'\s*(?:("[^"\\]*+(?:\\.[^"\\]*+)*+")|([{}\[\],:])|([^\s{}\[\],:"]++))', re.S)


KeyPath = tuple[str | int, ...]


def scan(text: str) -> tuple[dict[KeyPath, int], tuple[str, KeyPath, int] | None]:
    """Key paths → line numbers, and the first text-level problem (kind, path, line).

    A tokenizer rather than the json module, because the json module reports no positions for
    keys; it only runs when a position is needed.
    """
    lines: dict[KeyPath, int] = {}
    problem: tuple[str, KeyPath, int] | None = None
    stack: list[dict[str, Any]] = []
    pos = 0
    line = 1

    def value_path() -> KeyPath:
        if not stack:
            return ()
        top = stack[-1]
        path: KeyPath = top["path"]
        if top["type"] == "obj":
            return (*path, top["key"])
        top["index"] += 1
        return (*path, top["index"])

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
        top = stack[-1] if stack else None
        if punct in ("{", "["):
            path = value_path()
            lines.setdefault(path, token_line)
            stack.append(
                {
                    "type": "obj" if punct == "{" else "arr",
                    "path": path,
                    "key": None,
                    "index": -1,
                    "want_key": punct == "{",
                    "keys": set(),
                }
            )
            if len(stack) > MAX_DEPTH and problem is None:
                problem = ("depth", path, token_line)
                return lines, problem
        elif punct in ("}", "]"):
            if stack:
                stack.pop()
        elif punct == ",":
            if top and top["type"] == "obj":
                top["want_key"] = True
        elif punct == ":":
            pass
        elif string is not None and top and top["type"] == "obj" and top["want_key"]:
            try:
                key = json.loads(string)
            except ValueError:
                key = string[1:-1]
            top["key"] = key
            top["want_key"] = False
            path = top["path"] + (key,)
            if key in top["keys"] and problem is None:
                problem = ("duplicate", path, token_line)
                return lines, problem
            top["keys"].add(key)
            lines.setdefault(path, token_line)
        else:
            path = value_path()
            lines.setdefault(path, token_line)
            if bare in ("NaN", "Infinity", "-Infinity") and problem is None:
                problem = ("constant", path, token_line)
                return lines, problem
    return lines, problem


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
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        msg = "trailing data after the JSON value" if exc.msg == "Extra data" else exc.msg
        raise DeckFileError(path, exc.lineno, exc.colno, f"malformed JSON: {msg}") from None
    except _JsonProblem:
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
