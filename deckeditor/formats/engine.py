"""The format: sizes, the copies of each card, bans, restrictions and dated taboo lists
(`Format`), the seed's `FormatCard`, and the array form a format file holds (`Format.from_array`,
`Format.from_json`)."""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from types import MappingProxyType
from typing import Any

from .dated_lists import Ruling, TabooList
from .fields import (
    FORMAT_KEYS,
    MAX_COPIES,
    MAX_DECK,
    MAX_TABOO_LISTS,
    TABOO_KEYS,
    Immutable,
    InvalidDeck,
    checked_banned,
    checked_card_id,
    checked_code,
    checked_count,
    checked_day_text,
    checked_name,
    checked_restricted,
    is_count,
    json_kind,
    json_list,
    json_map,
    json_object,
    no_overlap,
    show,
)
from .strict_json import strict_json_loads

# --- FormatCard -------------------------------------------------------------------------------


class FormatCard(Immutable):
    """The seed's `Card`: a card id and the card's own number of copies (None = the format's)."""

    __slots__ = ("copy_limit", "id")
    id: str
    copy_limit: int | None

    def __init__(self, id: str, copy_limit: int | None = None) -> None:  # noqa: A002 (seed API)
        object.__setattr__(self, "id", checked_card_id(id, "id"))
        if copy_limit is not None:
            copy_limit = checked_count(copy_limit, "copy_limit", 1, MAX_COPIES)
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


# --- Format -----------------------------------------------------------------------------------


class Format(Immutable):
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
    _banned_set: frozenset[str]
    _days: tuple[date, ...]
    _rulings: dict[date, Ruling]

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
        set_(self, "code", checked_code(code, "code"))
        set_(self, "name", checked_name(name, "name"))
        min_size = checked_count(min_size, "min_size", 0, MAX_DECK)
        if max_size is not None:
            max_size = checked_count(max_size, "max_size", max(min_size, 1), MAX_DECK)
        set_(self, "min_size", min_size)
        set_(self, "max_size", max_size)
        set_(self, "copies", checked_count(copies, "copies", 1, MAX_COPIES))
        banned_ids = checked_banned(banned, "banned")
        restricted_ids = checked_restricted(restricted, "restricted")
        no_overlap(banned_ids, restricted_ids, "")
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
            raise InvalidDeck(f"the document is not a JSON object but {json_kind(data)}")
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
        raise InvalidDeck(f"taboo_lists: {show(values)} is not a list of taboo lists")
    codes: dict[str, int] = {}
    days: dict[date, int] = {}
    lists: list[TabooList] = []
    for index, taboo in enumerate(values):
        if index >= MAX_TABOO_LISTS:
            raise InvalidDeck(f"taboo_lists: more than {MAX_TABOO_LISTS} taboo lists")
        if not isinstance(taboo, TabooList):
            raise InvalidDeck(f"taboo_lists[{index}]: {show(taboo)} is not a TabooList")
        if taboo.code in codes:
            raise InvalidDeck(
                f"taboo_lists[{index}].code: {show(taboo.code)} is also the code of "
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


def _taboo_from_array(value: Any, where: str) -> TabooList:
    data = json_object(value, where, TABOO_KEYS)
    code = checked_code(data["code"], f"{where}.code")
    day = checked_day_text(data["effective_from"], f"{where}.effective_from")
    banned = json_list(data["banned"], f"{where}.banned")
    restricted = json_map(data["restricted"], f"{where}.restricted")
    try:
        return TabooList(code, day, banned, restricted)
    except InvalidDeck as exc:
        raise InvalidDeck(f"{where}.{exc}") from None


def _format_from_array(a: Any) -> Format:
    data = json_object(a, "", FORMAT_KEYS)
    max_size = data["max_size"]
    if max_size is not None and not is_count(max_size):
        raise InvalidDeck(f"max_size: {show(max_size)} is neither null nor a whole number")
    banned = json_list(data["banned"], "banned")
    restricted = json_map(data["restricted"], "restricted")
    taboo_values = json_list(data["taboo_lists"], "taboo_lists")
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
