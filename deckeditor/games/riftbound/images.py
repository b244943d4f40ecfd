"""Where a Riftbound card's picture is: `<card code>.png|jpg` in a pictures folder, else the
gallery's `image` URL of the chosen printing (the reference printing when none is chosen)."""

from __future__ import annotations

from typing import Any

SET_PARENTS = ("",)
SOURCE_NAME = "the Riftbound card gallery"


def _printing(card: Any, printing: Any) -> Any:
    code = getattr(printing, "code", None) if printing is not None else None
    found = card.printing(code) if code and hasattr(card, "printing") else None
    return found or getattr(card, "reference_printing", None)


def picture_candidates(card: Any, printing: Any, folder_sets: dict[str, str]) -> list[str]:
    p = _printing(card, printing)
    stems = ([p.code] if p is not None else []) + [card.name]
    out = []
    for stem in stems:
        for folder in (
            [folder_sets[p.set.upper()]] if p is not None and p.set.upper() in folder_sets else []
        ) + [""]:
            prefix = f"{folder}/" if folder else ""
            out += [f"{prefix}{stem}.png", f"{prefix}{stem}.jpg", f"{prefix}{stem}.webp"]
    return list(dict.fromkeys(out))


def image_urls(card: Any, printing: Any) -> list[str]:
    p = _printing(card, printing)
    return [p.image_url] if p is not None and p.image_url else []
