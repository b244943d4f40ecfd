"""MTG's text symbols (`{R}`, `{2/W}`, `{T}` …) as glyphs of the Mana font, and set symbols as
glyphs of the Keyrune font (issue 24.6), for the window to draw through the game interface
(`Game.symbols`, `Game.cost_symbols`, `Game.printing_symbol`).

The glyph table is `resources/fonts/symbols.json`, written by `tools/make_symbol_fonts.py` from the
fonts' packages; a symbol the table lacks is drawn as its letters on a grey disc."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from deckeditor.games.interface import Symbol
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.set_table import keyrune_name, set_name
from deckeditor.paths import resources_dir

SYMBOLS_FILE = "symbols.json"
_PIP = re.compile(r"\{([^}]*)\}")
_COLOUR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SPECIAL = {  # token -> (glyph name, what it means)
    "C": ("c", "colourless mana"), "X": ("x", "X"), "Y": ("y", "Y"), "Z": ("z", "Z"),
    "S": ("s", "snow mana"), "T": ("tap", "tap"), "Q": ("untap", "untap"), "E": ("e", "energy"),
    "½": ("1-2", "half a generic mana"), "∞": ("infinity", "infinite generic mana"),
    "P": ("p", "Phyrexian mana"), "PW": ("planeswalker", "planeswalker"), "CHAOS": ("chaos", "chaos"),
}  # fmt: skip


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:  # the glyph table's JSON
    try:
        table: dict[str, Any] = json.loads(
            (resources_dir() / "fonts" / SYMBOLS_FILE).read_text(encoding="utf-8")
        )
    except (OSError, ValueError):
        return {}  # a broken install draws letters
    return table


def _glyph(font: str, name: str) -> str:
    code = _table().get(font, {}).get("glyphs", {}).get(name)
    return chr(int(code, 16)) if code else ""


def _disc(name: str) -> str:
    discs = _table().get("mana", {}).get("discs", {})
    fill: str = discs.get(name) or discs.get("", "#beb9b2")
    return fill


def _symbol(inner: str) -> Symbol | None:
    token = "{" + inner + "}"
    up = inner.upper()
    if up in _COLOUR_NAMES:
        return Symbol(
            token,
            up,
            _disc(up.lower()),
            f"{_COLOUR_NAMES[up]} mana",
            font="mana",
            glyph=_glyph("mana", up.lower()),
        )
    if up.isdigit():
        return Symbol(
            token, up, _disc(""), f"{up} generic mana", font="mana", glyph=_glyph("mana", up)
        )
    if up in _SPECIAL:
        name, meaning = _SPECIAL[up]
        return Symbol(token, up, _disc(name), meaning, font="mana", glyph=_glyph("mana", name))
    parts = up.split("/")
    if len(parts) == 2 and parts[1] == "P" and parts[0] in _COLOUR_NAMES:  # {W/P}
        return Symbol(
            token,
            up,
            _disc(parts[0].lower()),
            f"Phyrexian {_COLOUR_NAMES[parts[0]]} mana",
            font="mana",
            glyph=_glyph("mana", "p"),
        )
    if (
        len(parts) == 2
        and parts[1] in _COLOUR_NAMES
        and (parts[0] in _COLOUR_NAMES or parts[0] in ("2", "C"))
    ):
        first, second = parts[0].lower(), parts[1].lower()  # {W/U}, {2/W}, {C/W}
        glyphs = _glyph("mana", first) + _glyph("mana", second)
        meaning = f"{parts[0]} or {_COLOUR_NAMES[parts[1]]} mana"
        return Symbol(
            token,
            up,
            _disc(first if parts[0] in _COLOUR_NAMES else ""),
            meaning,
            font="mana",
            glyph=glyphs if len(glyphs) == 2 else "",
            color2=_disc(second),
        )
    return None


def _all_tokens() -> list[str]:
    singles = list(_COLOUR_NAMES) + [str(n) for n in range(21)] + list(_SPECIAL)
    pairs = [f"{a}/{b}" for a in _COLOUR_NAMES for b in _COLOUR_NAMES if a != b]
    pairs += [f"{a}/{b}" for a in ("2", "C") for b in _COLOUR_NAMES] + [
        f"{c}/P" for c in _COLOUR_NAMES
    ]
    return singles + pairs


@lru_cache(maxsize=1)
def mana_symbols() -> tuple[Symbol, ...]:
    """Every symbol the card view draws in rules text and costs."""
    out = []
    for inner in _all_tokens():
        symbol = _symbol(inner)
        if symbol is not None and symbol.glyph:
            out.append(symbol)
    return tuple(out)


def cost_tokens(card: Card) -> tuple[str, ...]:
    """The card's cost as symbol tokens: a split card's halves joined by "//"."""
    faces = card.faces
    split = str(getattr(getattr(card, "layout", ""), "value", "")) == "split"
    out: list[str] = []
    for face in faces if split else faces[:1]:
        if not face.mana_cost:
            continue
        if out:
            out.append("//")
        out.extend("{" + p + "}" for p in _PIP.findall(face.mana_cost))
    return tuple(out)


@lru_cache(maxsize=1024)
def set_symbol(code: str) -> Symbol | None:
    """The Keyrune glyph of a set, when the font has one (by the set's Keyrune name)."""
    glyph = _glyph("keyrune", keyrune_name(code)) or _glyph("keyrune", code.lower())
    if not glyph:
        return None
    return Symbol(
        f"set:{code.upper()}",
        code.upper(),
        "",
        set_name(code) or code.upper(),
        font="keyrune",
        glyph=glyph,
    )
