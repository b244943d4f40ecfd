"""Folding for search (`search.md` §2): names compare loosely, rules text keeps its punctuation."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Names: apostrophes and light punctuation vanish (`Lim-Dûl's` ~ `lim duls`), separators become
# spaces so `Fire // Ice` and `fire ice` meet.
_NAME_TABLE = str.maketrans(
    {
        "\u2019": None,
        "\u2018": None,
        "'": None,
        '"': None,
        "\u201c": None,
        "\u201d": None,
        ",": None,
        ".": None,
        "!": None,
        "?": None,
        ":": None,
        ";": None,
        "-": " ",
        "/": " ",
        "\u2014": " ",
        "\u2013": " ",
    }
)
_TEXT_QUOTES = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"'}
)
_REMINDER = re.compile(r"\([^()]*\)")


# Combining marks (the blocks NFKD produces for Latin, Greek and Cyrillic letters, and the rest of
# the general combining ranges): one regex pass instead of a per-character Python loop.
_MARKS = re.compile(
    "[\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"
)


def _strip_marks(text: str) -> str:
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed
    return _MARKS.sub("", decomposed)


@lru_cache(maxsize=16384)
def fold_name(text: str) -> str:
    """`Lim-Dûl's Vault` -> `lim duls vault`; `Fire // Ice` -> `fire ice`."""
    return " ".join(_strip_marks(text).casefold().translate(_NAME_TABLE).split())


def fold_text(text: str) -> str:
    """Rules text: marks dropped, case-folded, plain quotes, one space for any whitespace run."""
    if not text:
        return ""
    folded = _strip_marks(text).casefold()
    if not folded.isascii():
        folded = folded.translate(_TEXT_QUOTES)
    return " ".join(folded.split())


def replace_name(text: str, name: str) -> str:
    """`name` replaced by `~` where it stands as a word of its own (`search.md` §4.3): the short
    name of "Me, the Immortal" must not turn "menace" into "~nace"."""
    if not name or name not in text:
        return text
    # A plain find loop: a regex per card name would be compiled for every face at load.
    out, start, size = [], 0, len(name)
    at = text.find(name)
    while at >= 0:
        end = at + size
        if _word_char(text, at - 1) or _word_char(text, end):
            at = text.find(name, at + 1)
            continue
        out.append(text[start:at])
        out.append("~")
        start = end
        at = text.find(name, end)
    out.append(text[start:])
    return "".join(out)


def _word_char(text: str, i: int) -> bool:
    return 0 <= i < len(text) and (text[i].isalnum() or text[i] == "_")


def fold_rules(folded: str) -> str:
    """A folded text without its reminder text (cheaper than folding the stripped text again)."""
    if "(" not in folded:
        return folded
    return " ".join(strip_reminder(folded).split())


def strip_reminder(text: str) -> str:
    """Remove every parenthesised span (reminder text), innermost first."""
    if "(" not in text:
        return text
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return text
