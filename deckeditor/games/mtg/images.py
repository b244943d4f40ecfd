"""Where an MTG card's picture is: file names in the pictures folders players already have
(Forge's `pics/cards`, Cockatrice's `pics`), and Scryfall's image endpoints.

Plain data only; the window's image loader (ui/card_images.py) reads the files and fetches the
URLs. Scryfall's API answers `format=image` requests with a redirect to its image CDN.
"""

from __future__ import annotations

from urllib.parse import quote

from deckeditor.deck import Printing
from deckeditor.games.mtg.card import Card

SCRYFALL_API = "https://api.scryfall.com"  # tests point this at a local server
IMAGE_VERSION = "normal"  # 488 × 680 JPEG: sharp in the card view, small on disk

# Characters file systems refuse; Cockatrice drops them from picture file names.
_UNSAFE = str.maketrans({c: None for c in ':"?*<>|\\/'})


def _front(card: Card) -> str:
    faces = getattr(card, "faces", ()) or ()
    name: str = faces[0].name if faces else card.name
    return name


def _names(card: Card) -> list[str]:
    """File-name stems a picture of the card may have, most likely first."""
    names = [card.name, _front(card)]
    if " // " in card.name:  # split and adventure cards: both halves in one picture
        halves = card.name.split(" // ")
        names += ["".join(halves), " ".join(halves), card.name.translate(_UNSAFE)]
    return list(dict.fromkeys(n for n in names if n))


def _sets(card: Card, printing: Printing | None, folder_sets: dict[str, str]) -> list[str]:
    """Set folders present on disk, the entry's own printing first, then the card's printings
    newest first (pools list them oldest first)."""
    wanted: list[str] = []
    if printing is not None and printing.set:
        wanted.append(printing.set.upper())
    wanted += [s.upper() for s in reversed(getattr(card, "printings", ()) or ())]
    return [folder_sets[s] for s in dict.fromkeys(wanted) if s in folder_sets]


def picture_candidates(
    card: Card, printing: Printing | None, folder_sets: dict[str, str]
) -> list[str]:
    """Paths relative to the pictures folder, best first. `folder_sets` maps an upper-case set
    code to the sub-folder that holds it (Forge: `pics/cards/M11`, Cockatrice:
    `pics/downloadedPics/M11`), so no path is tried for a set that is not on disk."""
    art = printing.forge_art if printing is not None else None
    out: list[str] = []
    for name in _names(card):
        for folder in _sets(card, printing, folder_sets):
            if art and art > 1:
                out.append(f"{folder}/{name}{art}.full.jpg")
            out += [f"{folder}/{name}.full.jpg", f"{folder}/{name}.jpg", f"{folder}/{name}.png"]
        out += [
            f"CUSTOM/{name}.jpg",
            f"CUSTOM/{name}.png",
            f"{name}.full.jpg",
            f"cards/{name}.full.jpg",
            f"{name}.jpg",
            f"{name}.png",
        ]
    return list(dict.fromkeys(out))


# Folders under a pictures folder that hold per-set sub-folders rather than one set each.
SET_PARENTS = ("", "cards", "downloadedPics")


def image_urls(card: Card, printing: Printing | None) -> list[str]:
    """Scryfall image endpoints, most exact first: set + collector number, set + name, name."""
    urls: list[str] = []
    name = quote(card.name, safe="")
    suffix = f"format=image&version={IMAGE_VERSION}"
    if printing is not None and printing.set:
        code = quote(printing.set.lower(), safe="")
        if printing.number:
            urls.append(f"{SCRYFALL_API}/cards/{code}/{quote(printing.number, safe='')}?{suffix}")
        urls.append(f"{SCRYFALL_API}/cards/named?exact={name}&set={code}&{suffix}")
    urls.append(f"{SCRYFALL_API}/cards/named?exact={name}&{suffix}")
    return urls


SOURCE_NAME = "Scryfall"
