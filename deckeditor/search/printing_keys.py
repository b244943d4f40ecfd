"""MTG printing keys (issue 24.5; `docs/spec-notes.md`, search.md §4.7): `s:`/`e:`/`set:`/`edition:`,
`r:`/`rarity:`, `a:`/`artist:`, `game:` and `year:`, as Scryfall means them, over every printing of
a card the pool or the shipped printing table knows (`deckeditor.games.mtg.set_table`): a card
matches when one of its printings does (Scryfall's one-row-per-card view).

A card's printings are the set codes its source lists; their rarity, artist and games come from
the shipped table (a source's own printing details are not kept yet), their year from the set
calendar. A printing nobody describes matches only `s:` (and `year:` when
its set is dated)."""

from __future__ import annotations

import re
from typing import Any

from deckeditor.search import bits
from deckeditor.search.errors import SearchError
from deckeditor.search.folding import fold_name
from deckeditor.search.keys.kinds import ALL_OPS, EQ_OPS, KeySpec, Leaf, value_error

_NUM_TESTS = {
    ":": lambda a, b: a == b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}  # fmt: skip
RARITIES = {"common": "c", "uncommon": "u", "rare": "r", "mythic": "m", "mythic rare": "m",
            "special": "s", "bonus": "b", "c": "c", "u": "u", "r": "r", "m": "m", "s": "s", "b": "b"}
GAMES = {"paper": 1, "mtgo": 2, "arena": 4}
_YEAR = re.compile(r"\d{4}")


def printing_rows(index) -> list[tuple[tuple[str, str, str, int, int], ...]]:
    """Per row, each printing as (set code lower, rarity letter, folded artist, games, year):
    built once per index, on the first printing key typed."""

    def build():
        from deckeditor.games.mtg.set_table import facts, set_year

        years: dict[str, int] = {}
        out = []
        for card in index.cards:
            row = []
            for code in getattr(card, "printings", ()) or ():
                known = facts(code, card.name)
                year = years.get(code)
                if year is None:
                    text = set_year(code)
                    year = years[code] = int(text) if text else 0
                row.append((code.lower(), known.rarity, fold_name(known.artist), known.games, year))
            out.append(tuple(row))
        return out

    return index.derived(("printing-rows",), build)


def _any(index, test) -> int:
    return bits.from_flags([any(test(p) for p in printings) for printings in printing_rows(index)])


class SetKey(KeySpec):
    """`s:cmr`: a printing in that set (codes compare case-insensitively)."""

    label = "s"

    def check(self, term, ctx):
        code = term.value.strip().lower()
        if not code.replace("_", "").isalnum():
            raise value_error(term, f'"{term.value}" is not a set code')
        return code

    def leaf(self, term, parsed, ctx):
        return Leaf(("s", parsed), lambda index: _any(index, lambda p: p[0] == parsed))


class RarityKey(KeySpec):
    """`r:rare`, `r>=rare`: common < uncommon < rare < mythic < special < bonus (Scryfall's)."""

    label = "r"
    ops = ALL_OPS
    _RANK = {"c": 0, "u": 1, "r": 2, "m": 3, "s": 4, "b": 5}

    def check(self, term, ctx):
        letter = RARITIES.get(term.value.strip().lower())
        if letter is None:
            raise value_error(term, f'unknown rarity "{term.value}" (common, uncommon, rare, mythic, '
                                    "special, bonus)")
        return self._RANK[letter]

    def plan(self, term, parsed, ctx):
        return self.leaf(term, parsed, ctx)  # `r!=common`: a printing of another rarity

    def leaf(self, term, parsed, ctx):
        compare, rank = _NUM_TESTS[term.op], self._RANK

        def test(p):
            return bool(p[1]) and compare(rank[p[1]], parsed)

        return Leaf(("r", term.op, parsed), lambda index: _any(index, test))


class ArtistKey(KeySpec):
    """`a:avon`, `a:"john avon"`: the artist's folded name holds the words (a phrase)."""

    label = "a"

    def check(self, term, ctx):
        return fold_name(term.value)

    def leaf(self, term, parsed, ctx):
        return Leaf(("a", parsed), lambda index: _any(index, lambda p: bool(p[2]) and parsed in p[2]))


class GameKey(KeySpec):
    """`game:arena`: a printing on that game (paper, mtgo, arena)."""

    label = "game"

    def check(self, term, ctx):
        bit = GAMES.get(term.value.strip().lower())
        if bit is None:
            raise value_error(term, f'unknown game "{term.value}" (paper, mtgo, arena)')
        return bit

    def leaf(self, term, parsed, ctx):
        return Leaf(("game", parsed), lambda index: _any(index, lambda p: bool(p[3] & parsed)))


class YearKey(KeySpec):
    """`year=2016`, `year<=1995`: a printing released in (or before, after) that year."""

    label = "year"
    ops = ALL_OPS

    def check(self, term, ctx):
        value = term.value.strip()
        if not _YEAR.fullmatch(value):
            raise value_error(term, f'"{term.value}" is not a year')
        return int(value)

    def plan(self, term, parsed, ctx):
        return self.leaf(term, parsed, ctx)

    def leaf(self, term, parsed, ctx):
        compare = _NUM_TESTS[term.op]
        return Leaf(("year", term.op, parsed), lambda index: _any(index, lambda p: bool(p[4]) and compare(p[4], parsed)))


def table() -> dict[str, Any]:
    s, r, a = SetKey(), RarityKey(), ArtistKey()
    return {"s": s, "set": s, "e": s, "edition": s, "r": r, "rarity": r, "a": a, "artist": a,
            "game": GameKey(), "year": YearKey()}


HELP = {
    "s": ("A printing in this set (set code)", ("s:c16", "e:cmr", "set:lea")),
    "r": ("A printing of this rarity; compares too (common < uncommon < rare < mythic)", ("r:mythic", "r>=rare")),
    "a": ("A printing by this artist (words of the name)", ("a:avon", 'a:"rebecca guay"')),
    "game": ("A printing on paper, MTGO or Arena", ("game:arena", "-game:paper")),
    "year": ("A printing released in, before or after a year", ("year=2016", "year<=1995")),
}

__all__ = ["EQ_OPS", "SearchError", "table", "HELP", "printing_rows"]
