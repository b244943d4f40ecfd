"""The small interface every game package offers, so the window, the card database, the search
language and `check` serve both games without special cases.

Each game has a module `deckeditor.games.<code>.game` that defines:

* ``CODE`` (``"mtg"``), ``TITLE`` (``"Magic: The Gathering"``)
* ``SECTIONS`` — canonical deck sections in display order; ``CHECKED_SECTIONS``
* ``DEFAULT_FORMAT`` — the format code used when a deck names none
* ``check(deck, fmt, day, pool) -> list[Problem]`` — every conformance problem
  (``fmt`` is a ``deckeditor.format_catalog.FormatInfo``)
* ``make_predicate(deck, fmt, day, pool, target_section) -> Predicate`` — the catalog legality
  predicate: ``predicate(card) -> bool``, ``predicate.why_hidden(card) -> list[Reason]`` and
  ``predicate.visible_rows(rows) -> list[int]`` (fast path over pool row ids)
* ``SEARCH_FIELDS`` — the search language's keys for this game (``deckeditor.search``)
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from deckeditor.games import GAMES


def game(code: str) -> ModuleType:
    if code not in GAMES:
        raise KeyError(f"unknown game {code!r} (known: {', '.join(GAMES)})")
    return import_module(f"deckeditor.games.{code}.game")
