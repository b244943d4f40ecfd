"""What a search depends on besides its text: the selected format, the day, the rule set.

Format keys (`f:`, `banned:`, `restricted:`) ask a Format's Ruling for the selected day; a game's
`is:` values may follow the selected format's rule set (`mtg-rules.md` §4). The built-in formats
and the rule set a code names come from a `FormatSource` the games' registry installs
(`set_format_source`): search knows no format catalog of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from deckeditor.formats import Ruling

# the rule set searched when no format is selected (a game's `is:` values that follow rule sets
# read it; a game without rule sets never asks)
DEFAULT_RULESET_CODE = "commander"


class SearchFormat(Protocol):
    """What search asks of a format: its code and its ruling on a day."""

    @property
    def code(self) -> str: ...

    def ruling_on(self, when: date) -> Ruling: ...


class FormatSource(Protocol):
    """The built-in formats, as the games' registry knows them."""

    def codes(self) -> tuple[str, ...]:
        """Every built-in code, lower case."""
        ...

    def load(self, code: str) -> SearchFormat | None:
        """The built-in Format of `code`, or None when it cannot be loaded."""
        ...

    def ruleset(self, code: str) -> str:
        """The rule set a format code names (`mtg-rules.md` §4)."""
        ...


class _NoFormats:
    """Before a source is installed: no built-in formats, every code the constructed rules."""

    def codes(self) -> tuple[str, ...]:
        return ()

    def load(self, code: str) -> SearchFormat | None:
        return None

    def ruleset(self, code: str) -> str:
        return "constructed"


_SOURCE: list[FormatSource] = [_NoFormats()]


def set_format_source(source: FormatSource) -> None:
    _SOURCE[0] = source


def format_source() -> FormatSource:
    return _SOURCE[0]


@dataclass(frozen=True)
class SearchContext:
    format: SearchFormat | None = None  # the selected Format, or None
    day: date | None = None  # None: today, local time
    ruleset: str | None = None  # None: derived from the selected format's code
    # code -> Format, in place of the built-ins (a caller with its own formats)
    loader: Callable[[str], SearchFormat | None] | None = field(default=None, compare=False)

    def the_day(self) -> date:
        return self.day or date.today()

    def rules(self) -> str:
        if self.ruleset:
            return self.ruleset
        return format_source().ruleset(self.selected_code or DEFAULT_RULESET_CODE)

    @property
    def selected_code(self) -> str | None:
        code = self.format.code if self.format is not None else None
        return code.lower() if isinstance(code, str) else None

    def known_codes(self) -> list[str]:
        codes = list(format_source().codes())
        if self.selected_code and self.selected_code not in codes:
            codes.append(self.selected_code)
        return codes

    def find_format(self, code: str) -> SearchFormat | None:
        """The Format for `code` (case-insensitive), or None when it is not known."""
        code = code.lower()
        if code == self.selected_code:
            return self.format
        if self.loader is not None:
            return self.loader(code)
        source = format_source()
        if code not in source.codes():
            return None
        return source.load(code)

    def cache_key(self) -> tuple[str | None, int, date, str]:
        return (self.selected_code, id(self.format), self.the_day(), self.rules())
