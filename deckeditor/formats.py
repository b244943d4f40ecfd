"""The format engine of seed 001 (`specs/formats.md`): copy limits, banned and restricted lists, and
dated taboo lists.

The module knows nothing about any game: it works on card ids, numbers and days. The game packages
turn their cards into card-like objects (an ``id`` and an own ``copy_limit``) and the answers into
problems. It imports only the standard library, so it can be reused and reasoned about alone.

Every refusal of bad data is an ``InvalidDeck`` whose message starts with the key path
(``taboo_lists[1].banned[3]: ...``): readers of a broken file need to know where to look.
"""

from __future__ import annotations

import bisect
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from itertools import accumulate
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "CardLike",
    "Format",
    "FormatCard",
    "InvalidDeck",
    "Ruling",
    "TabooList",
    "strict_json_loads",
]

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

_FORMAT_KEYS = (
    "code",
    "name",
    "min_size",
    "max_size",
    "copies",
    "banned",
    "restricted",
    "taboo_lists",
)
_TABOO_KEYS = ("code", "effective_from", "banned", "restricted")


class InvalidDeck(ValueError):
    """Bad format data: the message names the key path and the rule broken."""


@runtime_checkable
class CardLike(Protocol):
    """What every `Ruling` method accepts: the games' own card classes fit as they are (read
    only: a frozen dataclass or a property fits)."""

    @property
    def id(self) -> str: ...

    @property
    def copy_limit(self) -> int | None: ...


# --- value checks -----------------------------------------------------------------------------


def _show(value: Any) -> str:
    """A short, ASCII-safe rendering of a bad value for a message (lone surrogates included)."""
    if isinstance(value, str):
        shown = value if len(value) <= 60 else value[:57] + "..."
        return json.dumps(shown)
    try:
        text = repr(value)
    except Exception:  # an int past the 4,300-digit limit, or a broken __repr__
        text = f"<unprintable {type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _is_count(value: Any) -> bool:
    # `type(...) is int`: True is an int for isinstance, and a count is never a bool (§12).
    return type(value) is int


def _count(value: Any, where: str, low: int, high: int) -> int:
    if not _is_count(value):
        raise InvalidDeck(f"{where}: {_show(value)} is not a whole number")
    if not low <= value <= high:
        raise InvalidDeck(f"{where}: {_show(value)} is not between {low} and {high}")
    return value


def _code(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {_show(value)} is not a string")
    if not _CODE.fullmatch(value):
        raise InvalidDeck(
            f"{where}: {_show(value)} is not a code "
            "(1-64 of a-z 0-9 _ . -, starting with a letter or digit)"
        )
    return str(value)


def _card_id(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {_show(value)} is not a string")
    if not _CARD_ID.fullmatch(value):
        raise InvalidDeck(
            f"{where}: {_show(value)} is not a card id "
            "(1-255 of A-Z a-z 0-9 _ . : / -, starting with a letter or digit)"
        )
    return str(value)


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {_show(value)} is not a string")
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
        raise InvalidDeck(f"{where}: {_show(value)} starts or ends with white space")
    return str(value)


def _day(value: Any, where: str) -> date:
    """A plain `date`, never a `datetime` (its time and zone would be silently dropped)."""
    if isinstance(value, datetime) or not isinstance(value, date):
        raise InvalidDeck(f"{where}: {_show(value)} is not a date (a datetime is refused)")
    return date(value.year, value.month, value.day)


def _day_text(value: Any, where: str) -> date:
    if not isinstance(value, str):
        raise InvalidDeck(f"{where}: {_show(value)} is not a string")
    # The pattern first: `date.fromisoformat` also takes `20261001` and week dates (§12).
    if not _DAY.fullmatch(value):
        raise InvalidDeck(f"{where}: {_show(value)} is not YYYY-MM-DD")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise InvalidDeck(f"{where}: {_show(value)} is not a calendar date") from None


def _banned_ids(values: Any, where: str) -> tuple[str, ...]:
    # A str is iterable, but iterating it would ban single letters (§12).
    if isinstance(values, (str, bytes, bytearray, Mapping)) or not isinstance(values, Iterable):
        raise InvalidDeck(f"{where}: {_show(values)} is not a list of card ids")
    seen: dict[str, int] = {}
    for index, value in enumerate(values):
        if index >= MAX_LIST:
            raise InvalidDeck(f"{where}: more than {MAX_LIST} card ids")
        card_id = _card_id(value, f"{where}[{index}]")
        if card_id in seen:
            raise InvalidDeck(f"{where}[{index}]: {_show(card_id)} appears twice")
        seen[card_id] = index
    return tuple(seen)


def _restricted_ids(values: Any, where: str) -> dict[str, int]:
    if not isinstance(values, Mapping):
        raise InvalidDeck(f"{where}: {_show(values)} is not a mapping of card id to count")
    if len(values) > MAX_LIST:
        raise InvalidDeck(f"{where}: more than {MAX_LIST} card ids")
    result: dict[str, int] = {}
    for key, count in values.items():
        card_id = _card_id(key, f"{where} key")
        result[card_id] = _count(count, f"{where}[{_show(card_id)}]", 1, MAX_COPIES)
    return result


def _no_overlap(banned: tuple[str, ...], restricted: Mapping[str, int], where: str) -> None:
    """R7: one list that both bans and restricts a card contradicts itself."""
    banned_set = set(banned)
    for card_id in restricted:
        if card_id in banned_set:
            raise InvalidDeck(
                f"{where}restricted[{_show(card_id)}]: {_show(card_id)} is also banned by the "
                "same list"
            )


class _Immutable:
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


# --- FormatCard -------------------------------------------------------------------------------


class FormatCard(_Immutable):
    """The seed's `Card`: a card id and the card's own number of copies (None = the format's)."""

    __slots__ = ("copy_limit", "id")
    id: str
    copy_limit: int | None

    def __init__(self, id: str, copy_limit: int | None = None) -> None:  # noqa: A002 (seed API)
        object.__setattr__(self, "id", _card_id(id, "id"))
        if copy_limit is not None:
            copy_limit = _count(copy_limit, "copy_limit", 1, MAX_COPIES)
        object.__setattr__(self, "copy_limit", copy_limit)

    def _args(self) -> tuple[Any, ...]:
        return (self.id, self.copy_limit)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FormatCard):
            return NotImplemented
        return self.id == other.id and self.copy_limit == other.copy_limit

    def __hash__(self) -> int:
        return hash((self.id, self.copy_limit))

    def __repr__(self) -> str:
        return f"FormatCard({self.id!r}, copy_limit={self.copy_limit!r})"


# --- TabooList --------------------------------------------------------------------------------


class TabooList(_Immutable):
    """A dated, complete snapshot of bans and restrictions, applied from `effective_from` on."""

    __slots__ = ("_banned_set", "banned", "code", "effective_from", "restricted")
    code: str
    effective_from: date
    banned: tuple[str, ...]
    restricted: Mapping[str, int]

    def __init__(
        self,
        code: str,
        effective_from: date,
        banned: Iterable[str] = (),
        restricted: Mapping[str, int] = MappingProxyType({}),
    ) -> None:
        set_ = object.__setattr__
        set_(self, "code", _code(code, "code"))
        set_(self, "effective_from", _day(effective_from, "effective_from"))
        banned_ids = _banned_ids(banned, "banned")
        restricted_ids = _restricted_ids(restricted, "restricted")
        _no_overlap(banned_ids, restricted_ids, "")
        set_(self, "banned", banned_ids)
        set_(self, "restricted", MappingProxyType(restricted_ids))
        set_(self, "_banned_set", frozenset(banned_ids))

    def _args(self) -> tuple[Any, ...]:
        return (self.code, self.effective_from, self.banned, dict(self.restricted))

    @property
    def label(self) -> str:
        """`the taboo list "CODE" from YYYY-MM-DD`: part of the contract, quoted by messages."""
        return f'the taboo list "{self.code}" from {self.effective_from.isoformat()}'

    def _key(self) -> tuple[Any, ...]:
        # Order of the lists does not count (R19).
        restricted = frozenset(self.restricted.items())
        return (self.code, self.effective_from, self._banned_set, restricted)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TabooList):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"TabooList({self.code!r}, {self.effective_from!r}, "
            f"banned={len(self.banned)} ids, restricted={len(self.restricted)} ids)"
        )

    def to_array(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "effective_from": self.effective_from.isoformat(),
            "banned": list(self.banned),
            "restricted": dict(self.restricted),
        }


# --- Format -----------------------------------------------------------------------------------


class Format(_Immutable):
    """The rules a deck is built by: sizes, the copies of each card, bans, restrictions and
    dated taboo lists. Immutable; `==` ignores the order of lists (R19)."""

    __slots__ = (
        "_banned_set",
        "_days",
        "_rulings",
        "banned",
        "code",
        "copies",
        "max_size",
        "min_size",
        "name",
        "restricted",
        "taboo_lists",
    )
    code: str
    name: str
    min_size: int
    max_size: int | None
    copies: int
    banned: tuple[str, ...]
    restricted: Mapping[str, int]
    taboo_lists: tuple[TabooList, ...]

    def __init__(
        self,
        code: str,
        name: str,
        min_size: int = 1,
        max_size: int | None = None,
        copies: int = 999,
        banned: Iterable[str] = (),
        restricted: Mapping[str, int] = MappingProxyType({}),
        taboo_lists: Iterable[TabooList] = (),
    ) -> None:
        set_ = object.__setattr__
        set_(self, "code", _code(code, "code"))
        set_(self, "name", _name(name, "name"))
        min_size = _count(min_size, "min_size", 0, MAX_DECK)
        if max_size is not None:
            max_size = _count(max_size, "max_size", max(min_size, 1), MAX_DECK)
        set_(self, "min_size", min_size)
        set_(self, "max_size", max_size)
        set_(self, "copies", _count(copies, "copies", 1, MAX_COPIES))
        banned_ids = _banned_ids(banned, "banned")
        restricted_ids = _restricted_ids(restricted, "restricted")
        _no_overlap(banned_ids, restricted_ids, "")
        set_(self, "banned", banned_ids)
        set_(self, "restricted", MappingProxyType(restricted_ids))
        set_(self, "_banned_set", frozenset(banned_ids))
        lists = _taboo_lists(taboo_lists)
        set_(self, "taboo_lists", lists)
        set_(self, "_days", tuple(t.effective_from for t in lists))
        set_(self, "_rulings", {})

    def _args(self) -> tuple[Any, ...]:
        return (
            self.code,
            self.name,
            self.min_size,
            self.max_size,
            self.copies,
            self.banned,
            dict(self.restricted),
            self.taboo_lists,
        )

    @property
    def label(self) -> str:
        """`the format "CODE"`: part of the contract, quoted by messages (R23: never the name)."""
        return f'the format "{self.code}"'

    # --- equality -----------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            self.code,
            self.name,
            self.min_size,
            self.max_size,
            self.copies,
            self._banned_set,
            frozenset(self.restricted.items()),
            self.taboo_lists,  # kept sorted by day, and days are unique
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Format):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Format({self.code!r}, {self.name!r}, min_size={self.min_size}, "
            f"max_size={self.max_size}, copies={self.copies}, banned={len(self.banned)} ids, "
            f"restricted={len(self.restricted)} ids, taboo_lists={len(self.taboo_lists)})"
        )

    # --- the day of a check -------------------------------------------------------------------

    def taboo_list_on(self, day: date) -> TabooList | None:
        """T(day): the list with the greatest `effective_from` on or before the day (R8)."""
        index = bisect.bisect_right(self._days, day)
        return self.taboo_lists[index - 1] if index else None

    def ruling_on(self, when: date | datetime) -> Ruling:
        """The Ruling of a day, or of an aware moment's own calendar day (§6). No default today."""
        day = _day_of(when)
        cache: dict[date, Ruling] = self._rulings
        ruling = cache.get(day)
        if ruling is None:
            if len(cache) >= 64:  # a long-running window moves through days; keep it bounded
                cache.clear()
            ruling = cache[day] = Ruling(self, self.taboo_list_on(day), day)
        return ruling

    # --- arrays and JSON ----------------------------------------------------------------------

    def to_array(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "min_size": self.min_size,
            "max_size": self.max_size,
            "copies": self.copies,
            "banned": list(self.banned),
            "restricted": dict(self.restricted),
            "taboo_lists": [t.to_array() for t in self.taboo_lists],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_array(), ensure_ascii=False)

    @classmethod
    def from_array(cls, a: Any) -> Format:
        """Read exactly the shape `to_array` writes: every key, no others, exact types (R13/R14)."""
        try:
            return _format_from_array(a)
        except InvalidDeck:
            raise
        except RecursionError:
            raise InvalidDeck("nested too deeply") from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            # A safety net: every path above raises InvalidDeck itself.
            raise InvalidDeck(f"invalid format: {exc}") from None

    @classmethod
    def from_json(cls, text: Any) -> Format:
        """Untrusted JSON text (str or bytes, at most 1 MiB, 15 levels) to a Format."""
        data = strict_json_loads(text)
        if not isinstance(data, dict):
            raise InvalidDeck(f"the document is not a JSON object but {_json_kind(data)}")
        return cls.from_array(data)


def _day_of(when: Any) -> date:
    # `datetime` first: it is a subclass of `date`, and a naive one must not slip through (§12).
    if isinstance(when, datetime):
        if when.utcoffset() is None:
            raise ValueError("a datetime without a time zone cannot give a day; pass an aware one")
        moment = when.date()  # its own clock's calendar day, never converted to UTC (§6)
        return date(moment.year, moment.month, moment.day)
    if isinstance(when, date):
        return date(when.year, when.month, when.day)
    raise TypeError(f"ruling_on needs a date or an aware datetime, not {type(when).__name__}")


def _taboo_lists(values: Any) -> tuple[TabooList, ...]:
    if isinstance(values, (str, bytes, bytearray, Mapping)) or not isinstance(values, Iterable):
        raise InvalidDeck(f"taboo_lists: {_show(values)} is not a list of taboo lists")
    codes: dict[str, int] = {}
    days: dict[date, int] = {}
    lists: list[TabooList] = []
    for index, taboo in enumerate(values):
        if index >= MAX_TABOO_LISTS:
            raise InvalidDeck(f"taboo_lists: more than {MAX_TABOO_LISTS} taboo lists")
        if not isinstance(taboo, TabooList):
            raise InvalidDeck(f"taboo_lists[{index}]: {_show(taboo)} is not a TabooList")
        if taboo.code in codes:
            raise InvalidDeck(
                f"taboo_lists[{index}].code: {_show(taboo.code)} is also the code of "
                f"taboo_lists[{codes[taboo.code]}]"
            )
        if taboo.effective_from in days:
            # R21: two lists on one day would make "the most recent" ambiguous.
            raise InvalidDeck(
                f"taboo_lists[{index}].effective_from: {taboo.effective_from.isoformat()} is "
                f"also the day of taboo_lists[{days[taboo.effective_from]}]"
            )
        codes[taboo.code] = index
        days[taboo.effective_from] = index
        lists.append(taboo)
    lists.sort(key=lambda t: t.effective_from)
    return tuple(lists)


# --- Ruling -----------------------------------------------------------------------------------


class Ruling(_Immutable):
    """The answers of one format on one day. The format's lists and T(day)'s are merged once
    here into one table, so each question costs one dictionary lookup (§8, speed)."""

    __slots__ = ("_copies", "_entries", "day", "format", "taboo_list")
    format: Format
    taboo_list: TabooList | None
    day: date

    def __init__(self, fmt: Format, taboo_list: TabooList | None, day: date) -> None:
        banned: dict[str, str] = {}
        restricted: dict[str, tuple[int, str]] = {}
        fmt_label = fmt.label
        for card_id, count in fmt.restricted.items():
            restricted[card_id] = (count, fmt_label)
        if taboo_list is not None:
            taboo_label = taboo_list.label
            for card_id in taboo_list.banned:
                banned[card_id] = taboo_label
            # R3: the taboo list's number replaces the format's, lower or higher.
            for card_id, count in taboo_list.restricted.items():
                restricted[card_id] = (count, taboo_label)
        # R1: the format's own ban wins and is named when both ban a card.
        for card_id in fmt.banned:
            banned[card_id] = fmt_label
        set_ = object.__setattr__
        set_(self, "format", fmt)
        set_(self, "taboo_list", taboo_list)
        set_(self, "day", day)
        # One lookup per question: id -> (ban label or None, restriction count, its label).
        entries: dict[str, tuple[str | None, int, str | None]] = {
            card_id: (None, count, label) for card_id, (count, label) in restricted.items()
        }
        for card_id, label in banned.items():
            entries[card_id] = (label, 0, None)
        set_(self, "_entries", entries)
        set_(self, "_copies", fmt.copies)

    def _args(self) -> tuple[Any, ...]:
        return (self.format, self.taboo_list, self.day)

    def __repr__(self) -> str:
        taboo = self.taboo_list.label if self.taboo_list else "no taboo list"
        return f"Ruling({self.format.label} on {self.day.isoformat()}, {taboo})"

    def _checked_base(self, card_id: Any, own: Any) -> tuple[str, int]:
        if not isinstance(card_id, str):
            raise TypeError(f"a card's id must be a str, not {type(card_id).__name__}")
        if own is None:
            return card_id, self._copies
        if type(own) is not int:
            raise TypeError(f"a card's copy_limit must be None or an int, not {type(own).__name__}")
        if not 1 <= own <= MAX_COPIES:
            raise InvalidDeck(f"copy_limit: {_show(own)} is not between 1 and {MAX_COPIES}")
        return card_id, own

    def answer(self, card: CardLike) -> tuple[str | None, int, str | None]:
        """`(banned_by, copy_limit, restricted_by)` in one call, for callers that need all three
        (the catalog predicate asks them for every card)."""
        # The common shapes are checked inline: this runs for every card of the catalog on every
        # edit, and a further call would cost as much as the lookup itself. Anything else goes
        # through `_checked_base`, which raises the right error.
        try:
            card_id = card.id
            own = card.copy_limit
        except AttributeError:
            raise TypeError(
                f"{type(card).__name__} is not card-like: it needs `id` and `copy_limit`"
            ) from None
        if type(card_id) is str and own is None:
            base = self._copies
        elif type(card_id) is str and type(own) is int and 0 < own <= MAX_COPIES:
            base = own
        else:
            card_id, base = self._checked_base(card_id, own)
        entry = self._entries.get(card_id)
        if entry is None:
            return None, base, None
        label, count, source = entry
        if label is not None:
            return label, 0, None
        if count >= base:
            return None, base, None
        return None, count, source

    def banned_by(self, card: CardLike) -> str | None:
        """The label of what bans the card, or None."""
        return self.answer(card)[0]

    def copy_limit(self, card: CardLike) -> int:
        """0 when banned (R6); else the base limit, lowered (never raised) by a restriction (R4)."""
        return self.answer(card)[1]

    def restricted_by(self, card: CardLike) -> str | None:
        """The label of what restricts the card below its base limit, or None."""
        return self.answer(card)[2]


# --- from_array -------------------------------------------------------------------------------


def _json_kind(value: Any) -> str:
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


def _object(value: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """An object with exactly these keys: no defaults (R13), nothing unknown."""
    if not isinstance(value, dict):
        raise InvalidDeck(f"{where or 'format'}: expected an object, found {_json_kind(value)}")
    prefix = f"{where}." if where else ""
    for key in value:
        if not isinstance(key, str):
            raise InvalidDeck(f"{where or 'format'}: key {_show(key)} is not a string")
        if key not in keys:
            # Shown quoted unless plain: a key may hold anything, even a lone surrogate.
            plain = key and key.isascii() and key.isprintable() and key.strip() == key
            shown = key if plain else _show(key)
            raise InvalidDeck(f"{prefix}{shown}: unknown key")
    for key in keys:
        if key not in value:
            raise InvalidDeck(f"{prefix}{key}: missing")
    return value


def _array_list(value: Any, where: str) -> list[Any]:
    # A str, a tuple or None is refused, never iterated (R14).
    if not isinstance(value, list):
        raise InvalidDeck(f"{where}: expected an array, found {_json_kind(value)}")
    return value


def _array_map(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidDeck(f"{where}: expected an object, found {_json_kind(value)}")
    for key in value:
        if not isinstance(key, str):
            raise InvalidDeck(f"{where}: key {_show(key)} is not a string")
    return value


def _taboo_from_array(value: Any, where: str) -> TabooList:
    data = _object(value, where, _TABOO_KEYS)
    code = _code(data["code"], f"{where}.code")
    day = _day_text(data["effective_from"], f"{where}.effective_from")
    banned = _array_list(data["banned"], f"{where}.banned")
    restricted = _array_map(data["restricted"], f"{where}.restricted")
    try:
        return TabooList(code, day, banned, restricted)
    except InvalidDeck as exc:
        raise InvalidDeck(f"{where}.{exc}") from None


def _format_from_array(a: Any) -> Format:
    data = _object(a, "", _FORMAT_KEYS)
    max_size = data["max_size"]
    if max_size is not None and not _is_count(max_size):
        raise InvalidDeck(f"max_size: {_show(max_size)} is neither null nor a whole number")
    banned = _array_list(data["banned"], "banned")
    restricted = _array_map(data["restricted"], "restricted")
    taboo_values = _array_list(data["taboo_lists"], "taboo_lists")
    if len(taboo_values) > MAX_TABOO_LISTS:
        raise InvalidDeck(f"taboo_lists: more than {MAX_TABOO_LISTS} taboo lists")
    # Validate the format's own fields first, so the first error reported is the earliest key.
    head = Format(
        data["code"],
        data["name"],
        data["min_size"],
        max_size,
        data["copies"],
        banned,
        restricted,
    )
    lists = [_taboo_from_array(t, f"taboo_lists[{i}]") for i, t in enumerate(taboo_values)]
    return Format(
        head.code,
        head.name,
        head.min_size,
        head.max_size,
        head.copies,
        head.banned,
        head.restricted,
        lists,
    )


# --- strict JSON ------------------------------------------------------------------------------

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


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise InvalidDeck(f"key {_show(key)} appears twice in one object")
        result[key] = value
    return result


def _refuse_constant(name: str) -> Any:
    raise InvalidDeck(f"{name} is not allowed in JSON")


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
        return json.loads(
            text, object_pairs_hook=_refuse_duplicates, parse_constant=_refuse_constant
        )
    except InvalidDeck:
        raise
    except json.JSONDecodeError as exc:
        raise InvalidDeck(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InvalidDeck("nested too deeply") from None
    except ValueError as exc:
        # The 4,300-digit limit on integers is a plain ValueError, not a JSONDecodeError.
        raise InvalidDeck(f"not acceptable JSON: {exc}") from None
