"""Card names: the format card id (slug) and the folded key names are compared by.

`product.md`: the card id is the name's slug (NFKD, combining marks dropped, lower case, every run
outside ``[a-z0-9]`` becomes ``-``, trimmed). Copy limits and name resolution compare *name keys*:
NFKD, marks dropped, case-folded, typographic quotes made plain, whitespace collapsed.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_NON_SLUG = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})
_SPLIT_SEP = re.compile(r"\s*/{1,2}\s*")


def strip_marks(text: str) -> str:
    """NFKD, then drop combining marks (`Lim-Dûl` -> `Lim-Dul`)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=65536)
def slug(name: str) -> str:
    """The card id used by formats: `Lim-Dûl's Vault` -> `lim-dul-s-vault`."""
    return slug_uncached(name)


def slug_uncached(name: str) -> str:
    """`slug` without its cache, for one pass over a whole pool: through the cache, ~30,000
    entries (~4 MB) would be kept for the session for names asked once."""
    if name.isascii():  # an ASCII name is its own NFKD form: no unicodedata
        return _NON_SLUG.sub("-", name.lower()).strip("-")
    return _NON_SLUG.sub("-", strip_marks(name).lower()).strip("-")


def name_key(name: str) -> str:
    """The key copies are counted by and names are resolved with."""
    if name.isascii():  # NFKD, marks and typographic quotes change no ASCII text: skip them
        folded = name.lower()
        if "  " not in folded and folded.isprintable():  # no run of blanks to collapse
            return folded.strip()
        return _SPACES.sub(" ", folded).strip()
    return _unicode_key(name)


@lru_cache(maxsize=65536)
def _unicode_key(name: str) -> str:
    folded = strip_marks(name).translate(_QUOTES).casefold()
    return _SPACES.sub(" ", folded).strip()


def split_key(name: str) -> str:
    """`Fire/Ice`, `Fire//Ice` and `Fire // Ice` all give the key of `Fire // Ice`."""
    return name_key(_SPLIT_SEP.sub(" // ", name) if "/" in name else name)


def possessive(name: str) -> str:
    """English possessive of a card name: "Tolabow's", "Cryptic Spires'"."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"
