"""The code itself (`riftbound.md` §4.1-4.4): base32 text over a byte layout of varint-counted
groups, on card codes and counts only."""

from __future__ import annotations

import base64
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from deckeditor.games.riftbound.card import (
    DECKCODE_SET_ID,
    SETS,
    CardCode,
    CardCodeError,
    parse_code,
)

KIND = "riftbound-code"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32_INDEX = {c: i for i, c in enumerate(ALPHABET)}
_B32_INDEX.update({c.lower(): i for c, i in _B32_INDEX.items()})
VARIANT_ID = {"": 0, "a": 1, "*": 2, "b": 3}
ID_VARIANT = {v: k for k, v in VARIANT_ID.items()}
ID_SET = dict(enumerate(SETS))
PREFIX_FLAG = {"": 0, "R": 1, "SP": 2}
FLAG_PREFIX = {v: k for k, v in PREFIX_FLAG.items()}
MAX_VARINT_BYTES = 5


class DeckCodeError(ValueError):
    """A code that cannot be decoded (with its position) or a deck that cannot be encoded."""

    def __init__(self, message: str, offset: int | None = None, unit: str = "byte") -> None:
        self.offset = offset
        super().__init__(message if offset is None else f"{unit} {offset}: {message}")


@dataclass(frozen=True, slots=True)
class DeckCode:
    """What a code holds: (card code, count) pairs, the champion label and v6 extras."""

    version: int
    main: tuple[tuple[str, int], ...]
    sideboard: tuple[tuple[str, int], ...] = ()
    champion: str | None = None
    extras: tuple[str, ...] = ()


# --- text layer (§4.1) ---------------------------------------------------------------------


def b32encode(data: bytes) -> str:
    """RFC 4648 base32, upper case, no padding; the last group zero-filled (the standard
    encoding, whose padding is all that differs)."""
    return base64.b32encode(data).decode("ascii").rstrip("=")


_NOT_B32 = re.compile(r"[^A-Za-z2-7]")


def b32decode(text: str) -> bytes:
    """Either case; leftover bits (fewer than 8) dropped; `=` or any other character refused."""
    bad = _NOT_B32.search(text)
    if bad is not None:
        ch = bad.group()
        raise DeckCodeError(f"{ch!r} is not a deck-code character", bad.start(), "character")
    # Whole groups of 8 characters (40 bits, 5 bytes) are the standard decoding (in C: a
    # code of megabytes would take seconds a character at a time); the last, shorter group
    # is decoded here, its leftover bits dropped.
    whole = len(text) - len(text) % 8
    out = bytearray(base64.b32decode(text[:whole].upper())) if whole else bytearray()
    acc = bits = 0
    for ch in text[whole:]:
        acc = ((acc << 5) | _B32_INDEX[ch]) & 0xFFFF
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xFF)
    return bytes(out)


def varint(n: int) -> bytes:
    """Unsigned LEB128: 7 → 07, 166 → A6 01, 251 → FB 01."""
    if n < 0:
        raise DeckCodeError(f"cannot write a negative number ({n})")
    out = bytearray()
    while True:
        low = n & 0x7F
        n >>= 7
        if n:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def left(self) -> int:
        return len(self.data) - self.pos

    def byte(self, what: str) -> int:
        if self.pos >= len(self.data):
            raise DeckCodeError(f"truncated: expected {what}", self.pos)
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self, what: str) -> int:
        start = self.pos
        n = shift = 0
        for _i in range(MAX_VARINT_BYTES):
            b = self.byte(what)
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return n
        raise DeckCodeError(f"{what} is a varint longer than {MAX_VARINT_BYTES} bytes", start)


# --- byte layout (§4.2) --------------------------------------------------------------------


Pair = tuple[str, int]  # (card code, count)


def _read_raw_number(r: _Reader, form: str) -> tuple[str, int]:
    """The next card number as (prefix, number)."""
    prefix = ""
    if form in ("flag", "v4"):
        at = r.pos
        flag = r.byte("a number flag")
        allowed = (0, 1) if form == "v4" else (0, 1, 2)
        if flag not in allowed:
            raise DeckCodeError(f"unknown number flag {flag:#04x}", at)
        prefix = FLAG_PREFIX[flag]
    return prefix, r.varint("a card number")


def _read_number(r: _Reader, set_code: str, variant: str, form: str) -> str:
    """The next card code."""
    prefix, number = _read_raw_number(r, form)
    return str(CardCode(set_code, prefix, number, variant))


def _read_set_variant(r: _Reader) -> tuple[str, str]:
    at = r.pos
    set_id = r.byte("a set id")
    if set_id not in ID_SET:
        raise DeckCodeError(f"unknown set id {set_id}", at)
    at = r.pos
    variant_id = r.byte("a variant id")
    if variant_id not in ID_VARIANT:
        raise DeckCodeError(f"unknown variant id {variant_id}", at)
    return ID_SET[set_id], ID_VARIANT[variant_id]


_PAIRS_KEPT = 4096  # distinct (card code, count) pairs shared per group (a code repeats a few)
# A deck is a few dozen cards; a code of more cards than this is no deck (8 MiB of code would be
# millions of entries, each kept apart: a deck no reader, view or check should be handed).
MAX_CARDS = 100_000


def _read_groups(r: _Reader, count: int, form: str, out: list[Pair]) -> None:
    groups = r.varint("a group count")
    flagged = form in ("flag", "v4")
    for _ in range(groups):
        at = r.pos
        n = r.varint("a group size")
        set_code, variant = _read_set_variant(r)
        if n > r.left():  # every number takes at least one byte
            raise DeckCodeError(
                f"a group of {n} cards is longer than the {r.left()} bytes left", at
            )
        if len(out) + n > MAX_CARDS:
            raise DeckCodeError(f"more than {MAX_CARDS:,} cards: no deck", at)
        # One (code, count) pair per distinct card of the group, shared by its repeats: a code
        # of megabytes is millions of cards, and a string and a tuple each would not fit.
        pairs: dict[int | tuple[str, int], Pair] = {}
        chunk = r.data[r.pos : r.pos + n]
        if not flagged and chunk.isascii():  # plain numbers below 128: one byte each
            for b in set(chunk):
                pairs[b] = (str(CardCode(set_code, "", b, variant)), count)
            out.extend(map(pairs.__getitem__, chunk))
            r.pos += n
            continue
        for _ in range(n):
            number = _read_raw_number(r, form)
            pair = pairs.get(number)
            if pair is None:
                prefix, value = number
                pair = (str(CardCode(set_code, prefix, value, variant)), count)
                if len(pairs) < _PAIRS_KEPT:
                    pairs[number] = pair
            out.append(pair)


def _read_fixed(r: _Reader, top: int, form: str) -> list[Pair]:
    out: list[Pair] = []
    for count in range(top, 0, -1):
        _read_groups(r, count, form, out)
    return out


def _read_sparse(r: _Reader, form: str) -> list[Pair]:
    out: list[Pair] = []
    for _ in range(r.varint("the number of counts")):
        at = r.pos
        count = r.varint("a count")
        if count == 0:
            raise DeckCodeError("a count of 0", at)
        _read_groups(r, count, form, out)
    return out


def _read_champion(r: _Reader, form: str) -> str | None:
    at = r.pos
    flag = r.byte("the champion trailer")
    if flag == 0:
        return None
    if flag != 1:
        raise DeckCodeError(f"unknown champion flag {flag:#04x}", at)
    set_code, variant = _read_set_variant(r)
    return _read_number(r, set_code, variant, form)


def decode(text: str) -> DeckCode:
    """A deck code (surrounding whitespace ignored) -> DeckCode; DeckCodeError with position."""
    token = text.strip()
    if not token:
        raise DeckCodeError("empty deck code")
    data = b32decode(token)
    r = _Reader(data)
    head = r.byte("the version byte")
    if head >> 4 != 1:
        raise DeckCodeError(f"format {head >> 4} is not 1", 0)
    version = head & 0x0F
    if not 1 <= version <= 6:
        raise DeckCodeError(f"version {version} is not 1 to 6", 0)
    sideboard: list[Pair] = []
    champion: str | None = None
    extras: list[str] = []
    if version <= 4:
        form = "v4" if version == 4 else "plain"
        main = _read_fixed(r, 12, form)
        if version >= 2:
            sideboard = _read_fixed(r, 3, form)
        if version >= 3:
            champion = _read_champion(r, form)
    else:
        at = r.pos
        bit = r.byte("the prefix bit")
        if bit not in (0, 1):
            raise DeckCodeError(f"prefix bit {bit} is not 0 or 1", at)
        form = "flag" if bit else "plain"
        main = _read_sparse(r, form)
        sideboard = _read_sparse(r, form)
        champion = _read_champion(r, form)
        if version == 6:
            at = r.pos
            extra_count = r.varint("the extra count")
            if extra_count > MAX_CARDS:
                raise DeckCodeError(f"more than {MAX_CARDS:,} cards: no deck", at)
            for _ in range(extra_count):
                set_code, variant = _read_set_variant(r)
                extras.append(_read_number(r, set_code, variant, form))
    return DeckCode(version, tuple(main), tuple(sideboard), champion, tuple(extras))


def _merge(pairs: Iterable[tuple[str, Any]], what: str) -> dict[CardCode, int]:
    merged: dict[CardCode, int] = defaultdict(int)
    for code, count in pairs:
        if type(count) is not int or count < 1:
            raise DeckCodeError(f"{what}: {code} has count {count!r}; counts start at 1")
        try:
            parsed = parse_code(code)
        except CardCodeError as exc:
            raise DeckCodeError(f"{what}: {exc}") from None
        if parsed.is_token:
            raise DeckCodeError(f"{what}: {parsed} is a token and cannot be in a deck code")
        if parsed.set not in DECKCODE_SET_ID:
            raise DeckCodeError(f"{what}: set {parsed.set} ({parsed}) has no deck-code id")
        merged[parsed] += count
    return dict(merged)


def _wire_key(code: CardCode) -> tuple[int, int]:
    return (PREFIX_FLAG[code.prefix], code.number)


def _write_number(code: CardCode, form: str) -> bytes:
    if form == "v4":
        return bytes([PREFIX_FLAG[code.prefix]]) + varint(code.number)
    if form == "flag":
        return bytes([PREFIX_FLAG[code.prefix]]) + varint(code.number)
    return varint(code.number)


def _groups(cards: list[CardCode], form: str) -> bytes:
    by_pair: dict[tuple[int, int], list[CardCode]] = defaultdict(list)
    for c in cards:
        by_pair[(DECKCODE_SET_ID[c.set], VARIANT_ID[c.variant])].append(c)
    out = bytearray(varint(len(by_pair)))
    for (set_id, variant_id), group in sorted(by_pair.items()):
        out += varint(len(group)) + bytes([set_id, variant_id])
        for c in sorted(group, key=_wire_key):
            out += _write_number(c, form)
    return bytes(out)


def _by_count(section: dict[CardCode, int]) -> dict[int, list[CardCode]]:
    out: dict[int, list[CardCode]] = defaultdict(list)
    for code, count in section.items():
        out[count].append(code)
    return out


def choose_version(
    main: dict[CardCode, int], side: dict[CardCode, int], champion: CardCode | None
) -> int:
    codes = list(main) + list(side) + ([champion] if champion else [])
    if any(n > 12 for n in main.values()) or any(n > 3 for n in side.values()):
        return 5
    if any(c.prefix == "SP" for c in codes):
        return 5
    if any(c.prefix == "R" for c in codes):
        return 4
    return 3


def encode(
    main: Iterable[Pair], sideboard: Iterable[Pair] = (), champion: str | None = None
) -> str:
    """(card code, count) pairs -> the code text; equal codes (`SFD-228s`, `SFD-228*`) merged."""
    m = _merge(main, "main")
    s = _merge(sideboard, "sideboard")
    champ = None
    if champion is not None:
        (champ,) = _merge([(champion, 1)], "champion")
    version = choose_version(m, s, champ)
    out = bytearray([0x10 | version])
    if version == 5:
        codes = list(m) + list(s) + ([champ] if champ else [])
        bit = 1 if any(c.prefix in ("R", "SP") for c in codes) else 0
        out.append(bit)
        form = "flag" if bit else "plain"
        for section in (m, s):
            counts = _by_count(section)
            out += varint(len(counts))
            for count in sorted(counts, reverse=True):
                out += varint(count) + _groups(counts[count], form)
    else:
        form = "v4" if version == 4 else "plain"
        for section, top in ((m, 12), (s, 3)):
            counts = _by_count(section)
            for count in range(top, 0, -1):
                out += _groups(counts.get(count, []), form)
    if champ is None:
        out.append(0)
    else:
        out += bytes([1, DECKCODE_SET_ID[champ.set], VARIANT_ID[champ.variant]])
        out += _write_number(champ, form)
    return b32encode(bytes(out))


_TOKEN = re.compile(r"[A-Za-z2-7]{8,}")


def looks_like_code(text: str) -> bool:
    """One base32 token that decodes as a deck code (deck-files.md §2 step 6)."""
    token = text.strip()
    if not _TOKEN.fullmatch(token):
        return False
    try:
        decode(token)
    except DeckCodeError:
        return False
    return True


_CODEISH = re.compile(r"[A-Za-z0-9=]{8,}")


def looks_like_damaged_code(text: str) -> bool:
    """One long token of letters and digits that is not a valid code: a damaged one (a mistyped
    character, a cut-off paste). Reading it as a code shows the decoder's error and its
    position, instead of reading it as a deck list with no card lines. No card name is one
    such token."""
    token = text.strip()
    if not _CODEISH.fullmatch(token):
        return False
    # codes are written upper case; a long token with digits is one pasted in another case
    return token.isupper() or (len(token) >= 16 and any(c.isdigit() for c in token))
