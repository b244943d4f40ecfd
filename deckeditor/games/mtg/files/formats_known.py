"""Which format codes are known, for importers that must tell a code from free text (`.cod`)."""

from __future__ import annotations

import json
from functools import lru_cache

from deckeditor.games.mtg.files.common import clean_format

# The built-in MTG formats (`formats.md`); the shipped index, when present, adds to them.
BUILTIN = frozenset(
    {
        "commander",
        "brawl",
        "standardbrawl",
        "standard-brawl",
        "historic-brawl",
        "historicbrawl",
        "oathbreaker",
        "pauper-commander",
        "paupercommander",
        "duel",
        "duel-commander",
        "predh",
        "standard",
        "pioneer",
        "modern",
        "legacy",
        "vintage",
        "pauper",
        "historic",
        "explorer",
        "timeless",
        "alchemy",
        "premodern",
        "oldschool",
        "penny",
        "gladiator",
        "future",
        "limited",
        "riftbound",
    }
)


@lru_cache(maxsize=1)
def known_codes() -> frozenset[str]:
    codes = set(BUILTIN)
    try:
        from deckeditor.paths import resources_dir

        index = json.loads((resources_dir() / "format_index.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset(codes)
    items = index.get("formats", index) if isinstance(index, dict) else index
    if isinstance(items, dict):
        codes.update(str(k) for k in items)
    elif isinstance(items, list):
        codes.update(str(i.get("code")) for i in items if isinstance(i, dict) and i.get("code"))
    return frozenset(codes)


def known_format(text: str | None) -> str | None:
    code = clean_format(text)
    return code if code in known_codes() else None
