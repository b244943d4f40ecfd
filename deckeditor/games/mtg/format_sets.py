"""Which sets a format holds on a day (`resources/mtg/format-sets.json`, written by
`tools/make_format_data.py` from Forge's dated format files, the MTGJSON data of 2022-04-25 and
2026-01-03, the set calendar and the published rotation days; resources/mtg/README.md).

A format's pool comes from these sets only where no card source states the card's legality for
that format and day (`legality.verdict`): Forge scripts, Cockatrice files, and days a statement
does not reach (another rotation period).
"""

from __future__ import annotations

import json
from bisect import bisect_right
from datetime import date
from functools import lru_cache

from deckeditor.paths import resources_dir

SETS_FILE = "format-sets.json"


@lru_cache(maxsize=1)
def _table() -> dict[str, dict[str, tuple[str, str | None]]]:
    try:
        data = json.loads((resources_dir() / "mtg" / SETS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # a broken install: no format is judged by its sets
    formats = data.get("formats") if isinstance(data, dict) else None
    if not isinstance(formats, dict):
        return {}
    out: dict[str, dict[str, tuple[str, str | None]]] = {}
    for code, spans in formats.items():
        if isinstance(spans, dict):
            out[code] = {
                str(s).upper(): (span[0], span[1])
                for s, span in spans.items()
                if isinstance(span, list) and len(span) == 2 and isinstance(span[0], str)
            }
    return out


def has_sets(code: str) -> bool:
    return bool(_table().get(code))


@lru_cache(maxsize=256)
def sets_on(code: str, day: date) -> frozenset[str]:
    """The set codes of the format on the day (empty when the table has no such format)."""
    iso = day.isoformat()
    return frozenset(
        s
        for s, (joined, left) in _table().get(code, {}).items()
        if joined <= iso and (left is None or iso < left)
    )


@lru_cache(maxsize=64)
def _leave_days(code: str) -> tuple[str, ...]:
    return tuple(sorted({left for _j, left in _table().get(code, {}).values() if left}))


def same_period(code: str, a: date, b: date) -> bool:
    """No set left the format between the two days: what held on one holds on the other, but
    for sets released in between."""
    days = _leave_days(code)
    lo, hi = sorted((a.isoformat(), b.isoformat()))
    return bisect_right(days, lo) == bisect_right(days, hi)


__all__ = ["has_sets", "same_period", "sets_on"]
