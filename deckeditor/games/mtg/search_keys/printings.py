"""MTG printing keys (issue 24.5; `docs/spec-notes.md`, search.md §4.7): `s:`/`e:`/`set:`/`edition:`,
`r:`/`rarity:`, `a:`/`artist:`, `game:` and `year:`, as Scryfall means them, over every printing of
a card the pool or the shipped printing table knows (`deckeditor.games.mtg.set_table`): a card
matches when one of its printings does (Scryfall's one-row-per-card view).

A card's printings are the set codes its source lists and the printings the shipped table knows
for it; their rarity, artist and games come from that table (a source's own printing details are
not kept yet), their year from the set calendar. A printing nobody describes matches only `s:`
(and `year:` when its set is dated)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from deckeditor.search import bits
from deckeditor.search.errors import SearchError
from deckeditor.search.folding import fold_name
from deckeditor.search.keys.kinds import ALL_OPS, EQ_OPS, KeySpec, value_error
from deckeditor.search.plan import Leaf

_NUM_TESTS = {
    ":": lambda a, b: a == b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}  # fmt: skip
RARITIES = {
    "common": "c",
    "uncommon": "u",
    "rare": "r",
    "mythic": "m",
    "mythic rare": "m",
    "special": "s",
    "bonus": "b",
    "c": "c",
    "u": "u",
    "r": "r",
    "m": "m",
    "s": "s",
    "b": "b",
}
GAMES = {"paper": 1, "mtgo": 2, "arena": 4}
_YEAR = re.compile(r"\d{4}")


def printing_maps(index) -> dict[str, dict]:
    """The printing facts as bitsets, built once per index on the first printing key typed:
    "s" set code -> rows, "year" -> rows, "r" rarity letter -> rows, "a" folded artist -> rows,
    "game" game bit -> rows. A card's printings are those its source lists and those the shipped
    table knows for its name (or its front face's: spoiler files name faces)."""

    def build():
        from deckeditor.games.mtg.set_table import set_year, table_rows

        row_of: dict[str, int] = {}
        for row, card in enumerate(index.cards):
            row_of.setdefault(card.name, row)
        for row, card in enumerate(index.cards):
            faces = getattr(card, "faces", ()) or ()
            if len(faces) > 1:
                row_of.setdefault(faces[0].name, row)
        lists: dict[str, dict] = {"s": {}, "year": {}, "r": {}, "a": {}, "game": {}}
        sets = lists["s"]  # a row twice in a list is harmless: the bitset is the same
        for row, card in enumerate(index.cards):
            for code in getattr(card, "printings", ()) or ():
                sets.setdefault(code.lower(), []).append(row)
        rarities, artists, games_of = lists["r"], lists["a"], lists["game"]
        folded: dict[str, str] = {}
        for code, name, rarity, artist, games in table_rows():
            row = row_of.get(name)
            if row is None:
                continue
            sets.setdefault(code.lower(), []).append(row)
            if rarity:
                rarities.setdefault(rarity, []).append(row)
            if artist:
                key = folded.get(artist)
                if key is None:
                    key = folded[artist] = fold_name(artist)
                artists.setdefault(key, []).append(row)
            if games:
                for bit in (1, 2, 4):
                    if games & bit:
                        games_of.setdefault(bit, []).append(row)
        for code, rows in sets.items():
            text = set_year(code)
            if text:
                lists["year"].setdefault(int(text), []).extend(rows)
        n = index.n
        return {
            key: {value: bits.from_rows(rows, n) for value, rows in groups.items()}
            for key, groups in lists.items()
        }

    return index.derived(("printing-maps",), build)


class SetKey(KeySpec):
    """`s:cmr`: a printing in that set (codes compare case-insensitively)."""

    label = "s"

    def check(self, term, ctx):
        code = term.value.strip().lower()
        if not code.replace("_", "").isalnum():
            raise value_error(term, f'"{term.value}" is not a set code')
        return code

    def leaf(self, term, parsed, ctx):
        return Leaf(("s", parsed), lambda index: printing_maps(index)["s"].get(parsed, 0))


class RarityKey(KeySpec):
    """`r:rare`, `r>=rare`: common < uncommon < rare < mythic < special < bonus (Scryfall's)."""

    label = "r"
    ops = ALL_OPS
    _RANK: ClassVar[dict[str, int]] = {"c": 0, "u": 1, "r": 2, "m": 3, "s": 4, "b": 5}

    def check(self, term, ctx):
        letter = RARITIES.get(term.value.strip().lower())
        if letter is None:
            raise value_error(
                term,
                f'unknown rarity "{term.value}" (common, uncommon, rare, mythic, special, bonus)',
            )
        return self._RANK[letter]

    def plan(self, term, parsed, ctx):
        return self.leaf(term, parsed, ctx)  # `r!=common`: a printing of another rarity

    def leaf(self, term, parsed, ctx):
        compare, rank = _NUM_TESTS[term.op], self._RANK
        return Leaf(
            ("r", term.op, parsed),
            lambda index: bits.union_where(
                printing_maps(index)["r"], lambda letter: compare(rank[letter], parsed)
            ),
        )


class ArtistKey(KeySpec):
    """`a:avon`, `a:"john avon"`: the artist's folded name holds the words (a phrase)."""

    label = "a"

    def check(self, term, ctx):
        return fold_name(term.value)

    def leaf(self, term, parsed, ctx):
        return Leaf(
            ("a", parsed),
            lambda index: bits.union_where(
                printing_maps(index)["a"], lambda artist: parsed in artist
            ),
        )


class GameKey(KeySpec):
    """`game:arena`: a printing on that game (paper, mtgo, arena)."""

    label = "game"

    def check(self, term, ctx):
        bit = GAMES.get(term.value.strip().lower())
        if bit is None:
            raise value_error(term, f'unknown game "{term.value}" (paper, mtgo, arena)')
        return bit

    def leaf(self, term, parsed, ctx):
        return Leaf(("game", parsed), lambda index: printing_maps(index)["game"].get(parsed, 0))


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
        return Leaf(
            ("year", term.op, parsed),
            lambda index: bits.union_where(
                printing_maps(index)["year"], lambda year: compare(year, parsed)
            ),
        )


def table() -> dict[str, Any]:
    s, r, a = SetKey(), RarityKey(), ArtistKey()
    return {
        "s": s,
        "set": s,
        "e": s,
        "edition": s,
        "r": r,
        "rarity": r,
        "a": a,
        "artist": a,
        "game": GameKey(),
        "year": YearKey(),
    }


HELP = {
    "s": ("A printing in this set (set code)", ("s:c16", "e:cmr", "set:lea")),
    "r": (
        "A printing of this rarity; compares too (common < uncommon < rare < mythic)",
        ("r:mythic", "r>=rare"),
    ),
    "a": ("A printing by this artist (words of the name)", ("a:avon", 'a:"rebecca guay"')),
    "game": ("A printing on paper, MTGO or Arena", ("game:arena", "-game:paper")),
    "year": ("A printing released in, before or after a year", ("year=2016", "year<=1995")),
}

__all__ = ["EQ_OPS", "HELP", "SearchError", "printing_maps", "table"]
