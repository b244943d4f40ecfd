"""MTG colour values of `c:` and `id:` (`search.md` §4.2): letters, names, guilds, shards,
wedges, colleges and four-colour names, `c`olourless, `m`ulticolour, a count."""

from __future__ import annotations

from deckeditor.games.mtg import colors
from deckeditor.search.keys.kinds import MaskValue

# --- colour values ------------------------------------------------------------------------------

_NAMED = {
    "white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GRU",
    "silverquill": "WB", "prismari": "UR", "witherbloom": "BG", "lorehold": "RW",
    "quandrix": "GU",
    "yore": "WUBR", "yore-tiller": "WUBR", "glint": "UBRG", "glint-eye": "UBRG",
    "dune": "BRGW", "dune-brood": "BRGW", "ink": "RGWU", "ink-treader": "RGWU",
    "witch": "GWUB", "witch-maw": "GWUB", "wubrg": "WUBRG", "rainbow": "WUBRG",
}  # fmt: skip
_COLORLESS = frozenset({"c", "colorless", "colourless"})
_MULTI = frozenset({"m", "multicolor", "multicolour"})


def parse_colour(text: str) -> MaskValue | None:
    """`search.md` §4.2 values -> ("set", mask) / ("count", n) / ("multi",) / None."""
    if text in _COLORLESS:
        return ("set", 0)
    if text in _MULTI:
        return ("multi",)
    if text.isdigit() and len(text) == 1 and int(text) <= 5:
        return ("count", int(text))
    if text in _NAMED:
        return ("set", colors.mask(_NAMED[text]))
    if text and all(ch in "wubrg" for ch in text):
        return ("set", colors.mask(text))
    return None
