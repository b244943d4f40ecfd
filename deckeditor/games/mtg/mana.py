"""Mana costs: `{2}{U}{U}` notation, mana value, colours; Forge and Cockatrice notations converted.

Every symbol is kept as the text between its braces (`2`, `U`, `W/U`, `2/W`, `G/P`, `X`, `S`, `C`).
Regexes are compiled once at import: importers call these functions for every face of 30k cards.
"""

from __future__ import annotations

import re
from functools import lru_cache

from deckeditor.games.mtg.colors import mask

_BRACED = re.compile(r"\{([^{}]*)\}")

# A mana symbol in rules text (`mtg-rules.md` §2 rule 4); the braces are part of the match.
TEXT_MANA_SYMBOL = re.compile(r"\{((?:[0-9]+/|C/|H)?[WUBRG](?:/[WUBRG])?(?:/P)?)\}")

# The printed order of two-colour hybrid symbols (allied then enemy pairs), so `BR`, `R/B` and
# `{R/B}` all become `{B/R}`.
_HYBRID_ORDER = {
    frozenset(p.split("/")): p
    for p in ("W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U")
}
_COLOURS = frozenset("WUBRG")
_HALF = {"H": 0.5, "½": 0.5}


class ManaCostError(ValueError):
    """A cost that cannot be read; the message names the offending token."""


def symbols(cost: str) -> tuple[str, ...]:
    """`{2}{U}{U}` -> ("2", "U", "U"); text outside braces is ignored."""
    return tuple(_BRACED.findall(cost or ""))


@lru_cache(maxsize=8192)
def symbol_colors(symbol: str) -> int:
    """Colours of one symbol: its WUBRG letters (`2/W` W, `G/P` G, `HW` W; `C`, `X`, `S` none)."""
    return mask("".join(ch for ch in symbol.upper() if ch in _COLOURS))


@lru_cache(maxsize=16384)
def cost_colors(cost: str) -> int:
    m = 0
    for sym in symbols(cost):
        m |= symbol_colors(sym)
    return m


@lru_cache(maxsize=8192)
def symbol_value(symbol: str) -> float:
    """Mana value of one symbol (CR 202.3): X/Y/Z 0, `2/W` 2, half symbols ½, others 1."""
    s = symbol.upper()
    if s.isdigit():
        return float(int(s))
    if s in ("X", "Y", "Z"):
        return 0.0
    if s in _HALF or (s.startswith("H") and len(s) == 2):
        return 0.5
    if "/" in s:
        head = s.split("/", 1)[0]
        if head.isdigit():
            return float(int(head))
        return 1.0
    if s in ("∞",):
        return 0.0  # Infinity's only printed cost is on an Un-card; counts nothing here
    return 1.0


@lru_cache(maxsize=16384)
def mana_value(cost: str) -> float:
    return float(sum(symbol_value(s) for s in symbols(cost)))


def _hybrid(parts: list[str]) -> str:
    """Put a hybrid pair in printed order; other combinations are kept as written."""
    if len(parts) == 2 and all(p in _COLOURS for p in parts):
        return _HYBRID_ORDER.get(frozenset(parts), "/".join(parts))
    return "/".join(parts)


def _normalise_symbol(token: str) -> str:
    """One token of Forge or Cockatrice notation to the text inside braces."""
    t = token.strip().upper()
    if not t:
        raise ManaCostError("empty mana symbol")
    if t.isdigit() or t in ("X", "Y", "Z", "C", "S"):
        return t
    if t in _COLOURS:
        return t
    if "/" in t:
        parts = [p for p in t.split("/")]
        if any(not p for p in parts):
            raise ManaCostError(f"bad mana symbol {token!r}")
        phyrexian = parts[-1] == "P" or parts[0] == "P"  # Forge once wrote `P/U` for `U/P`
        core = parts[1:] if parts[0] == "P" else parts[:-1] if phyrexian else parts
        if not core or any(not (p in _COLOURS or p.isdigit() or p == "C") for p in core):
            raise ManaCostError(f"bad mana symbol {token!r}")
        text = _hybrid(core)
        return f"{text}/P" if phyrexian else text
    # Forge's older two-letter forms: `BR` (hybrid), `PR` (Phyrexian red), `HW` (half white).
    if len(t) == 2:
        a, b = t[0], t[1]
        if a in _COLOURS and b in _COLOURS:
            return _hybrid([a, b])
        if a == "P" and b in _COLOURS:
            return f"{b}/P"
        if b == "P" and a in _COLOURS:
            return f"{a}/P"
        if a == "H" and b in _COLOURS:
            return t
    raise ManaCostError(f"unknown mana symbol {token!r}")


@lru_cache(maxsize=16384)
def from_forge(cost: str) -> str:
    """Forge `ManaCost:` text -> `{}` notation: `2 U U` -> `{2}{U}{U}`; `no cost` -> ``."""
    text = (cost or "").strip()
    if not text or text.lower() == "no cost":
        return ""
    if "{" in text:
        return "".join("{" + _normalise_symbol(s) + "}" for s in symbols(text))
    return "".join("{" + _normalise_symbol(tok) + "}" for tok in text.split())


_COCKATRICE_TOKEN = re.compile(r"\{[^{}]*\}|\d+/[WUBRG]|\d+|[A-Z](?:/[A-Z])*|\S")


@lru_cache(maxsize=16384)
def from_compact(cost: str) -> str:
    """Cockatrice `1U/RU/R` (or `{1}{U/R}`) -> `{1}{U/R}{U/R}`."""
    out = []
    for tok in _COCKATRICE_TOKEN.findall((cost or "").strip().upper()):
        if tok.startswith("{"):
            tok = tok[1:-1]
        out.append("{" + _normalise_symbol(tok) + "}")
    return "".join(out)


def text_mana_colors(text: str) -> int:
    """Colours of the mana symbols in a rules text (the caller strips reminder text first)."""
    m = 0
    for sym in TEXT_MANA_SYMBOL.findall(text):
        m |= symbol_colors(sym)
    return m
