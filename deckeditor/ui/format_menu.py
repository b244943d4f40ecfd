"""Deck › Format: the deck's format and the day of its lists from the menu bar, so a keyboard
player reaches them (Alt+D, F); they lived only in the status bar's chooser, which no shortcut
reached, and the date box took a typed "2024-09-22" as 2024-12-09. The items are the formats of the deck's game, grouped as the New deck dialog groups
them, the deck's own checked; choosing one is what choosing it in the status bar does."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from deckeditor import format_catalog


def fill(
    menu: QMenu,
    codes: list[str],
    current: str,
    choose: Callable[[str], None],
    ask_day: Callable[[], None],
) -> None:
    """The menu anew (made as it opens): one checkable item per format, a separator between
    groups, then "Day of the ban lists…" (`ask_day`)."""
    menu.clear()
    group = QActionGroup(menu)
    last_group: str | None = None
    for code in codes:
        title, in_group = _title_and_group(code)
        if last_group is not None and in_group != last_group:
            menu.addSeparator()
        last_group = in_group
        action = QAction(title, menu)
        action.setCheckable(True)
        action.setChecked(code == current)
        action.triggered.connect(lambda _checked=False, c=code: choose(c))
        group.addAction(action)
        menu.addAction(action)
    menu.addSeparator()
    when = menu.addAction("&Day of the ban lists…")
    when.setToolTip("The day whose ban, restricted and dated lists apply")
    when.triggered.connect(lambda: ask_day())


def _title_and_group(code: str) -> tuple[str, str]:
    try:
        info = format_catalog.load_format(code)
    except format_catalog.FormatLoadError:  # a player's format no longer on disk: its code
        return code, ""
    return info.title or code, info.group


_DAY = re.compile(r"\s*([0-9]{4})-([0-9]{2})-([0-9]{2})\s*")


def parse_day(text: str) -> dt.date:
    """A day as YYYY-MM-DD (formats.md §2: the form is checked before the calendar); a clear
    ValueError naming what was typed otherwise."""
    match = _DAY.fullmatch(text)
    if match is None:
        raise ValueError(f"“{text.strip()}” is not a day: write it as YYYY-MM-DD (2024-09-23)")
    try:
        return dt.date(*(int(part) for part in match.groups()))
    except ValueError:
        raise ValueError(f"“{text.strip()}” is not a day of the calendar") from None
