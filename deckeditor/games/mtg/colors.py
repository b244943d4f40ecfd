"""Colours as a 5-bit mask in WUBRG order (W=1, U=2, B=4, R=8, G=16), printed as letters."""

from __future__ import annotations

W, U, B, R, G = 1, 2, 4, 8, 16
WUBRG = "WUBRG"
ALL = 31
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_BIT = {letter: 1 << i for i, letter in enumerate(WUBRG)}
_WORDS = {name: _BIT[letter] for letter, name in COLOR_NAMES.items()}


def mask(letters: str) -> int:
    """`"UR"` -> 10. Letters other than WUBRG (any case) are ignored."""
    m = 0
    for ch in letters.upper():
        m |= _BIT.get(ch, 0)
    return m


def letters(m: int) -> str:
    """10 -> `"UR"`, always in WUBRG order; 0 -> `""`."""
    return "".join(letter for i, letter in enumerate(WUBRG) if m >> i & 1)


def from_word(word: str) -> int:
    """`"red"` -> 8; unknown words give 0."""
    return _WORDS.get(word.strip().lower(), 0)


def names(m: int) -> list[str]:
    return [COLOR_NAMES[c] for c in letters(m)]


def count(m: int) -> int:
    return bin(m & ALL).count("1")


def is_valid_choice(text: str) -> bool:
    """`choices.colors`: 1–5 distinct WUBRG letters in WUBRG order."""
    return bool(text) and text == letters(mask(text)) and all(c in WUBRG for c in text)
