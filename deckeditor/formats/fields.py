"""The checked fields of format data (`specs/formats.md` §2): each value is refused with an
`InvalidDeck` whose message starts with its key path (``taboo_lists[1].banned[3]: ...``), and
the JSON shapes a format's array form must have. Standard library only.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any, TypeGuard

# Whole-string forms (§2). Always used with `fullmatch`: `$` would accept a final "\n" (§12).
_CODE = re.compile(r"[a-z0-9][a-z0-9_.\-]{0,63}")
_CARD_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/\-]{0,254}")
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

MAX_LIST = 10_000
MAX_TABOO_LISTS = 100
MAX_DECK = 100_000
MAX_COPIES = 999
MAX_JSON_BYTES = 1_048_576
MAX_DEPTH = 15
MAX_NAME = 200

FORMAT_KEYS = (
    "code",
    "name",
    "min_size",
    "max_size",
    "copies",
    "banned",
    "restricted",
    "taboo_lists",
)
TABOO_KEYS = ("code", "effective_from", "banned", "restricted")


class InvalidDeck(ValueError):
    """Bad format data: the message names the key path and the rule broken."""


def show(value: Any) -> str:
    """A short, ASCII-safe rendering of a bad value for a message (lone surrogates included)."""
    if isinstance(value, str):
        shown = value if len(value) <= 60 else value[:57] + "..."
        return json.dumps(shown)
    try:
        text = repr(value)
    except Exception:  # an int past the 4,300-digit limit, or a broken __repr__
        text = f"<unprintable {type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def is_count(value: Any) -> TypeGuard[int]:
    # `type(...) is int`: True is an int for isinstance, and a count is never a bool (§12).
    return type(value) is int


def checked_count(value: Any, where: str, low: int, high: int) -> int:
    if not is_count(value):
        raise InvalidDeck(f"{where}: {show(value)} is not a whole number")
    if not low <= value <= high:
        raise InvalidDeck(f"{where}: {show(value)} is not between {low} and {high}")
    return value


def checked_code(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {show(value)} is not a string")
    if not _CODE.fullmatch(value):
        raise InvalidDeck(
            f"{where}: {show(value)} is not a code "
            "(1-64 of a-z 0-9 _ . -, starting with a letter or digit)"
        )
    return str(value)


def checked_card_id(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {show(value)} is not a string")
    if not _CARD_ID.fullmatch(value):
        raise InvalidDeck(
            f"{where}: {show(value)} is not a card id "
            "(1-255 of A-Z a-z 0-9 _ . : / -, starting with a letter or digit)"
        )
    return str(value)


def checked_name(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {show(value)} is not a string")
    if not 1 <= len(value) <= MAX_NAME:
        raise InvalidDeck(f"{where}: a name has 1 to {MAX_NAME} characters, not {len(value)}")
    try:
        value.encode("utf-8", "strict")
    except UnicodeEncodeError as exc:
        raise InvalidDeck(f"{where}: not valid UTF-8 at character {exc.start}") from None
    for position, char in enumerate(value):
        if unicodedata.category(char) == "Cc":
            raise InvalidDeck(f"{where}: control character U+{ord(char):04X} at {position}")
    if value[0].isspace() or value[-1].isspace():
        raise InvalidDeck(f"{where}: {show(value)} starts or ends with white space")
    return str(value)


def checked_day(value: Any, where: str) -> date:
    """A plain `date`, never a `datetime` (its time and zone would be silently dropped)."""
    if isinstance(value, datetime) or not isinstance(value, date):
        raise InvalidDeck(f"{where}: {show(value)} is not a date (a datetime is refused)")
    return date(value.year, value.month, value.day)


def checked_day_text(value: Any, where: str) -> date:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {show(value)} is not a string")
    # The pattern first: `date.fromisoformat` also takes `20261001` and week dates (§12).
    if not _DAY.fullmatch(value):
        raise InvalidDeck(f"{where}: {show(value)} is not YYYY-MM-DD")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise InvalidDeck(f"{where}: {show(value)} is not a calendar date") from None


def checked_banned(values: Any, where: str) -> tuple[str, ...]:
    # A str is iterable, but iterating it would ban single letters (§12).
    if isinstance(values, (str, bytes, bytearray, Mapping)) or not isinstance(values, Iterable):
        raise InvalidDeck(f"{where}: {show(values)} is not a list of card ids")
    seen: dict[str, int] = {}
    for index, value in enumerate(values):
        if index >= MAX_LIST:
            raise InvalidDeck(f"{where}: more than {MAX_LIST} card ids")
        card_id = checked_card_id(value, f"{where}[{index}]")
        if card_id in seen:
            raise InvalidDeck(f"{where}[{index}]: {show(card_id)} appears twice")
        seen[card_id] = index
    return tuple(seen)


def checked_restricted(values: Any, where: str) -> dict[str, int]:
    if not isinstance(values, Mapping):
        raise InvalidDeck(f"{where}: {show(values)} is not a mapping of card id to count")
    if len(values) > MAX_LIST:
        raise InvalidDeck(f"{where}: more than {MAX_LIST} card ids")
    result: dict[str, int] = {}
    for key, count in values.items():
        card_id = checked_card_id(key, f"{where} key")
        result[card_id] = checked_count(count, f"{where}[{show(card_id)}]", 1, MAX_COPIES)
    return result


def no_overlap(banned: tuple[str, ...], restricted: Mapping[str, int], where: str) -> None:
    """R7: one list that both bans and restricts a card contradicts itself."""
    banned_set = set(banned)
    for card_id in restricted:
        if card_id in banned_set:
            raise InvalidDeck(
                f"{where}restricted[{show(card_id)}]: {show(card_id)} is also banned by the "
                "same list"
            )


def json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def json_object(value: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """An object with exactly these keys: no defaults (R13), nothing unknown."""
    if not isinstance(value, dict):
        raise InvalidDeck(f"{where or 'format'}: expected an object, found {json_kind(value)}")
    prefix = f"{where}." if where else ""
    for key in value:
        if not isinstance(key, str):
            raise InvalidDeck(f"{where or 'format'}: key {show(key)} is not a string")
        if key not in keys:
            # Shown quoted unless plain: a key may hold anything, even a lone surrogate.
            plain = key and key.isascii() and key.isprintable() and key.strip() == key
            shown = key if plain else show(key)
            raise InvalidDeck(f"{prefix}{shown}: unknown key")
    for key in keys:
        if key not in value:
            raise InvalidDeck(f"{prefix}{key}: missing")
    return value


def json_list(value: Any, where: str) -> list[Any]:
    # A str, a tuple or None is refused, never iterated (R14).
    if not isinstance(value, list):
        raise InvalidDeck(f"{where}: expected an array, found {json_kind(value)}")
    return value


def json_map(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidDeck(f"{where}: expected an object, found {json_kind(value)}")
    for key in value:
        if not isinstance(key, str):
            raise InvalidDeck(f"{where}: key {show(key)} is not a string")
    return value


class Immutable:
    """Values that never change: no attribute can be set or deleted after construction, a copy
    is the object itself, and pickling rebuilds the object through its validating constructor."""

    __slots__ = ()

    def _args(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), self._args())
