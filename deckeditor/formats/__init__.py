"""The format engine of seed 001 (`specs/formats.md`): copy limits, banned and restricted lists, and
dated taboo lists.

The engine knows nothing about any game: it works on card ids, numbers and days. The game packages
turn their cards into card-like objects (an ``id`` and an own ``copy_limit``) and the answers into
problems. The package imports only the standard library (and its own modules: `fields`, the
checked fields; `dated_lists`, taboo lists and a day's `Ruling`; `strict_json`, the strict JSON
loader; `engine`, the `Format`), so it can be reused and reasoned about alone.

Every refusal of bad data is an ``InvalidDeck`` whose message starts with the key path
(``taboo_lists[1].banned[3]: ...``): readers of a broken file need to know where to look.
"""

from .dated_lists import CardLike, Ruling, TabooList
from .engine import Format, FormatCard
from .fields import MAX_JSON_BYTES, InvalidDeck
from .strict_json import strict_json_loads

__all__ = [
    "MAX_JSON_BYTES",
    "CardLike",
    "Format",
    "FormatCard",
    "InvalidDeck",
    "Ruling",
    "TabooList",
    "strict_json_loads",
]
