"""Riftbound card codes (`riftbound.md` §1.5): the sets, parsing `OGN-007a`, `VEN-R01`,
`SFD-228*` and their canonical form."""

from __future__ import annotations

import re
from dataclasses import dataclass

SETS = ("OGN", "OGS", "ARC", "SFD", "UNL", "VEN", "RAD")  # release order
SET_NAMES = {
    "OGN": "Origins",
    "OGS": "Proving Grounds",
    "ARC": "Arcane Box Set",
    "SFD": "Spiritforged",
    "UNL": "Unleashed",
    "VEN": "Vendetta",
    "RAD": "Radiance",
}
SET_SIZES = {"OGN": 298, "OGS": 24, "SFD": 221, "UNL": 219, "VEN": 166}
DECKCODE_SET_ID = {s: i for i, s in enumerate(SETS)}
PREFIXES = ("", "R", "SP", "T")
VARIANTS = ("", "a", "b", "*")

_CODE = re.compile(r"([A-Za-z]{2,4})-(R|SP|T|r|sp|Sp|sP|t)?([0-9]{1,4})([abAB*sS]?)")


class CardCodeError(ValueError):
    pass


@dataclass(frozen=True, slots=True, order=True)
class CardCode:
    """A parsed card code; `str()` gives the canonical form (`OGN-007a`, `VEN-R01`, `SFD-228*`)."""

    set: str
    prefix: str
    number: int
    variant: str

    def __str__(self) -> str:
        if self.prefix == "":
            digits = f"{self.number:03d}"
        elif self.prefix in ("R", "T"):
            digits = f"{self.number:02d}"
        else:  # SP numbers are written unpadded
            digits = str(self.number)
        return f"{self.set}-{self.prefix}{digits}{self.variant}"

    @property
    def is_token(self) -> bool:
        return self.prefix == "T"

    @property
    def overnumbered(self) -> bool:
        size = SET_SIZES.get(self.set)
        return self.prefix == "" and size is not None and self.number > size


def parse_code(text: str) -> CardCode:
    """`ogn-7` -> OGN-007; `SFD-228s` -> SFD-228*; the part before `/` of a public code."""
    raw = text.strip().split("/", 1)[0]
    m = _CODE.fullmatch(raw)
    if m is None:
        raise CardCodeError(f"{text!r} is not a card code (SET-NUMBER, e.g. OGN-007a)")
    set_code, prefix, digits, variant = m.groups()
    variant = variant.lower()
    if variant == "s":
        variant = "*"
    return CardCode(set_code.upper(), (prefix or "").upper(), int(digits), variant)


def canonical_code(text: str) -> str:
    return str(parse_code(text))
