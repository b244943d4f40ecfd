"""The MTG key table (`search.md` §4): aliases, refusals, help, and the `GameSearch` the games'
registry hands to the search engine."""

from __future__ import annotations

from typing import Any

from deckeditor.games.mtg.search_keys import printings
from deckeditor.games.mtg.search_keys.colours import parse_colour
from deckeditor.games.mtg.search_keys.columns import CARD_COLUMNS, build_columns, lazy_columns
from deckeditor.games.mtg.search_keys.is_values import IS_VALUES, OTAG_VALUES
from deckeditor.search.keys import GameSearch
from deckeditor.search.keys.kinds import (
    FormatKey,
    IsKey,
    MaskKey,
    NameKey,
    NumberKey,
    TextKey,
    TypeKey,
    WordSetKey,
)

# --- the table ----------------------------------------------------------------------------------

_STATS = {
    "mv": "mv", "cmc": "mv", "manavalue": "mv",
    "pow": "pow", "power": "pow", "tou": "tou", "toughness": "tou",
    "loy": "loy", "loyalty": "loy", "def": "def", "defense": "def",
}  # fmt: skip

UNSUPPORTED = frozenset(
    "cn number ft flavor wm border frame date lang "
    "usd eur tix m mana devotion produces atag unique order prefer include in b block st "
    "has".split()
)

REFUSED = {
    "domain": '"domain:" is a Riftbound key; use "c:"',
    "d": '"d:" is a Riftbound key; use "c:"',
    "tag": '"tag:" is a Riftbound key; use "t:"',
    "effect": '"effect:" is a Riftbound key; use "o:"',
    "might": '"might:" is a Riftbound key; use "pow:"',
    "energy": '"energy:" is a Riftbound key; use "mv:"',
}


def _table() -> dict[str, Any]:
    colour = MaskKey("c", "color_groups", parse_colour, "colour", subset_colon=False)
    identity = MaskKey("id", "identity_groups", parse_colour, "colour", subset_colon=True)
    table: dict[str, Any] = {
        "name": NameKey(),
        "c": colour, "color": colour, "colour": colour,
        "id": identity, "identity": identity, "ci": identity,
        "t": TypeKey("types"), "type": TypeKey("types"),
        "o": TextKey("o", "text"), "oracle": TextKey("o", "text"),
        "fo": TextKey("fo", "full"), "fulloracle": TextKey("fo", "full"),
        "kw": WordSetKey("kw", "keywords"), "keyword": WordSetKey("kw", "keywords"),
        "is": IsKey(IS_VALUES),
        "otag": IsKey(OTAG_VALUES, "otag"), "oracletag": IsKey(OTAG_VALUES, "otag"),
        "f": FormatKey("f", "legal"), "format": FormatKey("f", "legal"),
        "legal": FormatKey("f", "legal"),
        "banned": FormatKey("banned", "banned"),
        "restricted": FormatKey("restricted", "restricted"),
    }  # fmt: skip
    for alias, field in _STATS.items():
        table[alias] = NumberKey(alias, field, _STATS, parity=(field == "mv"))
    table.update(printings.table())  # s:, r:, a:, game:, year: (issue 24.5)
    return table


HELP = {
    "name": ("Words of the card name (a bare word does the same)", ("name:bolt", 'name:"jace the"', "name:/^kor/")),
    "c": ("Colours: at least these with “:”, exactly with “=”; letters wubrg, colour or guild names, "
          "m for multicolour, a number of colours", ("c:r", "c=ur", "c:azorius", "c>=2", "c:m")),
    "id": ("Colour identity: fits a commander of these colours with “:”", ("id:ub", "id=c", "id:esper")),
    "t": ("Type line words (the last may be a prefix)", ("t:instant", "t:legend", 't:"time lord"')),
    "o": ("Rules text without reminder text; ~ stands for the card's name", ("o:draw", 'o:"whenever ~ attacks"', "o:/deals \\d damage/")),
    "fo": ("Rules text including reminder text", ("fo:trample",)),
    "kw": ("A keyword ability", ("kw:flying", 'kw:"first strike"', "kw:partner")),
    "is": ("A kind of card: " + ", ".join(sorted(IS_VALUES)), ("is:commander", "is:partner", "-is:permanent")),
    "otag": ("A Commander Brackets category or a deck role read from the rules text (Scryfall's tag names): "
             + ", ".join(sorted(OTAG_VALUES)), ("otag:tutor", "otag:ramp", "otag:boardwipe")),
    "f": ("Legal in a format on the chosen day", ("f:commander", "legal:brawl")),
    "banned": ("Banned in a format on the chosen day", ("banned:commander",)),
    "restricted": ("Restricted in a format", ("restricted:vintage",)),
    "mv": ("Mana value; also mv:even, mv:odd", ("mv<=2", "mv=0.5", "mv:even")),
    "pow": ("Power; compares with another stat too", ("pow>=4", "pow>tou")),
    "tou": ("Toughness", ("tou<2",)),
    "loy": ("Starting loyalty", ("loy>=5",)),
    "def": ("Defense (battles)", ("def>=4",)),
    **printings.HELP,
}  # fmt: skip

SEARCH = GameSearch(
    game="mtg",
    keys=_table(),
    build_columns=build_columns,
    lazy_columns=lazy_columns,
    card_columns=CARD_COLUMNS,
    refused=REFUSED,
    unsupported=UNSUPPORTED,
    help=HELP,
    warm_queries=("is:commander",),
    default_format="commander",
)
