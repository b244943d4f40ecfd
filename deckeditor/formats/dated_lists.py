"""The dated lists of a format (`specs/formats.md` §5-8): a taboo list (a complete snapshot of
bans and restrictions from a day on) and a `Ruling`, the answers of one format on one day with
the day's taboo list merged into its own lists. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from .fields import (
    MAX_COPIES,
    Immutable,
    InvalidDeck,
    checked_banned,
    checked_code,
    checked_day,
    checked_restricted,
    no_overlap,
    show,
)


@runtime_checkable
class CardLike(Protocol):
    """What every `Ruling` method accepts: the games' own card classes fit as they are (read
    only: a frozen dataclass or a property fits)."""

    @property
    def id(self) -> str: ...

    @property
    def copy_limit(self) -> int | None: ...


# --- value checks -----------------------------------------------------------------------------


# --- TabooList --------------------------------------------------------------------------------


class TabooList(Immutable):
    """A dated, complete snapshot of bans and restrictions, applied from `effective_from` on."""

    __slots__ = ("_banned_set", "banned", "code", "effective_from", "restricted")
    code: str
    effective_from: date
    banned: tuple[str, ...]
    restricted: Mapping[str, int]
    _banned_set: frozenset[str]

    def __init__(
        self,
        code: str,
        effective_from: date,
        banned: Iterable[str] = (),
        restricted: Mapping[str, int] = MappingProxyType({}),
    ) -> None:
        set_ = object.__setattr__
        set_(self, "code", checked_code(code, "code"))
        set_(self, "effective_from", checked_day(effective_from, "effective_from"))
        banned_ids = checked_banned(banned, "banned")
        restricted_ids = checked_restricted(restricted, "restricted")
        no_overlap(banned_ids, restricted_ids, "")
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


class RuledFormat(Protocol):
    """What a `Ruling` reads of its format (`deckeditor.formats.Format`)."""

    @property
    def label(self) -> str: ...

    @property
    def banned(self) -> tuple[str, ...]: ...

    @property
    def restricted(self) -> Mapping[str, int]: ...

    @property
    def copies(self) -> int: ...


# --- Ruling -----------------------------------------------------------------------------------


class Ruling(Immutable):
    """The answers of one format on one day. The format's lists and T(day)'s are merged once
    here into one table, so each question costs one dictionary lookup (§8, speed)."""

    __slots__ = ("_copies", "_entries", "day", "format", "taboo_list")
    format: RuledFormat
    taboo_list: TabooList | None
    day: date
    _copies: int
    _entries: dict[str, tuple[str | None, int, str | None]]

    def __init__(self, fmt: RuledFormat, taboo_list: TabooList | None, day: date) -> None:
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
            raise InvalidDeck(f"copy_limit: {show(own)} is not between 1 and {MAX_COPIES}")
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
