"""A card's picture in a local pictures folder: the game names the candidate files, this finds
the first that exists. Plain Python (no Qt) so it is testable anywhere and cheap: only the set
folders present on disk are tried, and the folder listing is read once per folder."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any


@lru_cache(maxsize=8)
def folder_sets(folder: str, parents: tuple[str, ...], stamp: float) -> dict[str, str]:
    """Upper-case set code -> relative sub-folder (`cards/M11`, `downloadedPics/M11`, `M11`).
    `stamp` (the folder's mtime) makes a new download folder seen without a restart."""
    found: dict[str, str] = {}
    for parent in parents:
        base = Path(folder, parent) if parent else Path(folder)
        try:
            entries = list(os.scandir(base))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir() and entry.name not in ("CUSTOM", "cards", "downloadedPics"):
                found.setdefault(
                    entry.name.upper(), f"{parent}/{entry.name}" if parent else entry.name
                )
    return found


def _stamp(folder: str) -> float:
    try:
        return os.stat(folder).st_mtime
    except OSError:
        return 0.0


def find_picture(folder: str, images: Any, card: Any, printing: Any = None) -> Path | None:
    """The first picture of the card in `folder` (the game's `images` module names the
    candidates), or None. Also looks one level down in `cards/` (a Forge `pics` folder named
    instead of `pics/cards`)."""
    if not folder or card is None:
        return None
    sets = folder_sets(folder, tuple(images.SET_PARENTS), _stamp(folder))
    for rel in images.picture_candidates(card, printing, sets):
        path = Path(folder, rel)
        if path.is_file():
            return path
    return None
