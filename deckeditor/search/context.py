"""What a search depends on besides its text: the selected format, the day, the rule set.

Format keys (`f:`, `banned:`, `restricted:`) ask a Format's Ruling for the selected day; `is:commander`
follows the selected format's rule set (`mtg-rules.md` §4). Built-in formats come from
`deckeditor.format_catalog` when it is there, else straight from `resources/formats/<code>.json`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any

from deckeditor.paths import resources_dir

# The built-ins `formats.md` §13.3 names, used when the index file cannot be read.
_FALLBACK_CODES = ("commander", "brawl", "oathbreaker", "vintage", "riftbound", "riftbound-casual")


@dataclass(frozen=True)
class SearchContext:
    format: Any = None  # the selected Format (anything with .code and .ruling_on), or None
    day: date | None = None  # None: today, local time
    ruleset: str | None = None  # None: derived from the selected format's code (commander)
    loader: Callable[[str], Any] | None = field(default=None, compare=False)  # code -> Format

    def the_day(self) -> date:
        return self.day or date.today()

    def rules(self) -> str:
        if self.ruleset:
            return self.ruleset
        return ruleset_of(getattr(self.format, "code", None) or "commander")

    @property
    def selected_code(self) -> str | None:
        code = getattr(self.format, "code", None)
        return code.lower() if isinstance(code, str) else None

    def known_codes(self) -> list[str]:
        codes = list(builtin_codes())
        if self.selected_code and self.selected_code not in codes:
            codes.append(self.selected_code)
        return codes

    def find_format(self, code: str) -> Any:
        """The Format for `code` (case-insensitive), or None when it is not known."""
        code = code.lower()
        if code == self.selected_code:
            return self.format
        if self.loader is not None:
            return self.loader(code)
        if code not in builtin_codes():
            return None
        return load_builtin(code)

    def cache_key(self) -> tuple:
        return (self.selected_code, id(self.format), self.the_day(), self.rules())


def ruleset_of(code: str) -> str:
    """`mtg-rules.md` §4 (as amended): the rule set a format code names."""
    try:
        from deckeditor.format_catalog import variant_of_code
    except ImportError:  # pragma: no cover - the catalog ships with search
        return "constructed"
    return variant_of_code(code, mtg_only=True)


@lru_cache(maxsize=1)
def builtin_codes() -> tuple[str, ...]:
    try:
        index = json.loads((resources_dir() / "format_index.json").read_text(encoding="utf-8"))
        codes = tuple(str(code).lower() for code in index)
        return codes or _FALLBACK_CODES
    except (OSError, ValueError, AttributeError):
        return _FALLBACK_CODES


@lru_cache(maxsize=32)
def load_builtin(code: str) -> Any:
    """A built-in Format, through the catalog when it exists (engineer A's module)."""
    try:
        from deckeditor import format_catalog  # type: ignore[attr-defined]
    except ImportError:
        format_catalog = None
    if format_catalog is not None and hasattr(format_catalog, "load_format"):
        try:
            found = format_catalog.load_format(code)
        except Exception:  # an unusable file is "unknown" to search, not a crash
            found = None
        if found is not None:
            return found if hasattr(found, "ruling_on") else getattr(found, "format", None)
    try:
        from deckeditor.formats import Format  # type: ignore[attr-defined]

        path = resources_dir() / "formats" / f"{code}.json"
        return Format.from_json(path.read_text(encoding="utf-8"))
    except Exception:
        return None
