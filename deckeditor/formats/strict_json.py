"""Untrusted JSON text parsed the strict way of `specs/formats.md` §9.2 (size, strict UTF-8, no
byte-order mark, depth, duplicate keys, NaN/Infinity, trailing data): one loader for the format
files and the card sources. Every refusal is an `InvalidDeck` naming where. The parse itself,
`parse_strict`, is shared with the own deck file (`deckeditor.deckfile.strict_json`), which words
its refusals with the key path and line.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .fields import MAX_DEPTH, MAX_JSON_BYTES, InvalidDeck, show

# A JSON string (escapes included, possibly unterminated) or one bracket. Strings are skipped
# whole so that brackets inside them are not counted (§9.2 step 2).
_DEPTH_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _position(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line} column {column}"


def _check_depth(text: str, limit: int) -> None:
    if text.count("[") + text.count("{") <= limit:
        return
    # Fast path in C: drop strings, keep brackets, and take the deepest running sum. A closer
    # without its opener makes the text invalid at that point, and the parser stops there, so
    # the unclamped sum is exact wherever the parser could recurse.
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    steps = map(_BRACKET_STEP.__getitem__, brackets.encode("ascii"))
    if max(accumulate(steps), default=0) <= limit:
        return
    depth = 0
    for match in _DEPTH_TOKEN.finditer(text):  # slow path: only to say where
        token = match.group()
        if token == "[" or token == "{":
            depth += 1
            if depth > limit:
                raise InvalidDeck(
                    f"nested deeper than {limit} levels at {_position(text, match.start())}"
                )
        elif token == "]" or token == "}":
            depth -= 1
    raise InvalidDeck(f"nested deeper than {limit} levels")


class JsonRefused(Exception):
    """JSON that `json` reads and strict JSON refuses (not a ValueError: a caller's catch-all for
    bad values must not swallow it)."""


class DuplicateKey(JsonRefused):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class ForbiddenConstant(JsonRefused):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey(key)
        seen[key] = value
    return seen


def _constant(name: str) -> Any:
    raise ForbiddenConstant(name)


def parse_strict(text: str) -> Any:
    """`json.loads` refusing a key twice in one object (`DuplicateKey`) and NaN, Infinity and
    -Infinity (`ForbiddenConstant`): the strict JSON the format files, card sources and the own deck file share.
    Other failures are raised as `json` raises them (JSONDecodeError, RecursionError, ...)."""
    return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)


def strict_json_loads(
    text: Any, *, max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_DEPTH
) -> Any:
    """Parse untrusted JSON text the strict way of §9.2 steps 1-3 (size, strict UTF-8, no BOM,
    depth, duplicate keys, NaN/Infinity, trailing data); every failure is an `InvalidDeck`."""
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise InvalidDeck(f"the text has {len(text)} bytes, more than {max_bytes}")
        if text.startswith(b"\xef\xbb\xbf"):
            raise InvalidDeck("the text starts with a UTF-8 byte-order mark")
        try:
            # Decoded here: json.loads(bytes) would also take UTF-16/32 and a BOM (§12).
            text = text.decode("utf-8", "strict")
        except UnicodeDecodeError as exc:
            raise InvalidDeck(f"the text is not valid UTF-8 at byte {exc.start}") from None
    elif isinstance(text, str):
        try:
            size = len(text.encode("utf-8", "strict"))
        except UnicodeEncodeError as exc:
            raise InvalidDeck(f"the text is not valid UTF-8 at character {exc.start}") from None
        if size > max_bytes:
            raise InvalidDeck(f"the text has {size} bytes of UTF-8, more than {max_bytes}")
        if text.startswith("\ufeff"):
            raise InvalidDeck("the text starts with a byte-order mark")
    else:
        raise InvalidDeck(f"JSON text must be str or bytes, not {type(text).__name__}")
    _check_depth(text, max_depth)
    try:
        return parse_strict(text)
    except DuplicateKey as exc:
        raise InvalidDeck(f"key {show(exc.key)} appears twice in one object") from None
    except ForbiddenConstant as exc:
        raise InvalidDeck(f"{exc.name} is not allowed in JSON") from None
    except json.JSONDecodeError as exc:
        raise InvalidDeck(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InvalidDeck("nested too deeply") from None
    except ValueError as exc:
        # The 4,300-digit limit on integers is a plain ValueError, not a JSONDecodeError.
        raise InvalidDeck(f"not acceptable JSON: {exc}") from None
