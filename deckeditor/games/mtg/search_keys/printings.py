"""MTG printing keys (issue 24.5; `docs/spec-notes.md`, search.md §4.7): `s:`/`e:`/`set:`/`edition:`,
`r:`/`rarity:`, `a:`/`artist:`, `game:` and `year:`, as Scryfall means them, over every printing of
a card the pool or the shipped printing table knows (`deckeditor.games.mtg.set_table`): a card
matches a term when one of its printings does (Scryfall's one-row-per-card view), and matches
printing terms joined by AND when **one printing** satisfies them all (`set:mh3 r:mythic` is a
mythic printing in MH3, not an MH3 printing and a mythic one elsewhere). A negated term is "no
printing matches".

A card's printings are the set codes its source lists and the printings the shipped table knows
for it; their rarity, artist and games come from that table (a source's own printing details are
not kept yet), their year from the set calendar. A printing nobody describes matches only `s:`
(and `year:` when its set is dated)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.set_table import GAME_BITS, RARITY_RANK, set_year, table_rows
from deckeditor.search import bits
from deckeditor.search.context import SearchContext
from deckeditor.search.folding import fold_name
from deckeditor.search.keys.kinds import ALL_OPS, KeySpec, RecordTest, value_error
from deckeditor.search.plan import IndexView, Leaf, Plan
from deckeditor.search.tree import Keyed

_NUM_TESTS: dict[str, Callable[[int, int], bool]] = {
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
_YEAR = re.compile(r"\d{4}")
SCOPE = "printing"


class Printing(NamedTuple):
    """One printing of a card, as the printing keys read it."""

    set: str  # the set code, lower case
    rank: int  # RARITY_RANK of its rarity, -1 unknown
    artist: str  # folded, "" unknown
    games: int  # GAME_BITS, 0 unknown
    year: int  # its set's year, 0 undated


# value -> rows of one fact: "s" set code, "year", "r" rarity letter, "a" folded artist, "game" bit
Maps = dict[str, dict[Any, int]]


def _rows_by_name(cards: Sequence[Card]) -> dict[str, int]:
    """The row of each card name, and of each multi-face card's front face name (spoiler files
    name faces)."""
    row_of: dict[str, int] = {}
    for row, card in enumerate(cards):
        row_of.setdefault(card.name, row)
    for row, card in enumerate(cards):
        if len(card.faces) > 1:
            row_of.setdefault(card.faces[0].name, row)
    return row_of


class _Years:
    """Each set code's year (0 undated), looked up once per code."""

    def __init__(self) -> None:
        self._years: dict[str, int] = {}

    def __call__(self, code: str) -> int:
        year = self._years.get(code)
        if year is None:
            text = set_year(code)
            year = self._years[code] = int(text) if text else 0
        return year


def _table_facts(cards: Sequence[Card]) -> Iterator[tuple[int, str, int, str, int]]:
    """(row, set code, rarity rank, folded artist, games) of each printing the shipped table
    describes for a card of the pool."""
    row_of = _rows_by_name(cards)
    folded: dict[str, str] = {}
    for code, name, rarity, artist, games in table_rows():
        row = row_of.get(name)
        if row is None:
            continue
        key = folded.get(artist)
        if key is None:
            key = folded[artist] = fold_name(artist) if artist else ""
        yield row, code.lower(), RARITY_RANK.get(rarity, -1), key, games or 0


# a row's printings the shipped table describes: (set code, rarity rank, folded artist, games)
Facts = dict[int, list[tuple[str, int, str, int]]]


def _maps_and_facts(index: IndexView) -> tuple[Maps, Facts]:
    """One pass over the pool's printings and the shipped table, on the first printing key:
    the facts as bitsets (value -> rows, a single term's answer), and each row's described
    printings (a conjunction reads them for the few rows every term finds alone)."""

    def build() -> tuple[Maps, Facts]:
        lists: dict[str, dict[Any, list[int]]] = {k: {} for k in ("s", "year", "r", "a", "game")}
        sets = lists["s"]  # a row twice in a list is harmless: the bitset is the same
        for row, card in enumerate(index.cards):
            for code in card.printings:
                sets.setdefault(code.lower(), []).append(row)
        rarities, artists, games_of = lists["r"], lists["a"], lists["game"]
        facts: Facts = {}
        for row, code, rank, artist, games in _table_facts(index.cards):
            facts.setdefault(row, []).append((code, rank, artist, games))
            sets.setdefault(code, []).append(row)
            if rank >= 0:
                rarities.setdefault(rank, []).append(row)
            if artist:
                artists.setdefault(artist, []).append(row)
            for bit in (1, 2, 4):
                if games & bit:
                    games_of.setdefault(bit, []).append(row)
        year = _Years()
        for code, rows in sets.items():
            if year(code):
                lists["year"].setdefault(year(code), []).extend(rows)
        n = index.n
        maps = {
            key: {value: bits.from_rows(rows, n) for value, rows in groups.items()}
            for key, groups in lists.items()
        }
        return maps, facts

    return index.derived(("printing-maps",), build)


def printing_maps(index: IndexView) -> Maps:
    """The printing facts as bitsets: "s" set code -> rows, "year" -> rows, "r" rarity rank ->
    rows, "a" folded artist -> rows, "game" game bit -> rows."""
    return _maps_and_facts(index)[0]


def printing_records(index: IndexView) -> Callable[[int], tuple[Printing, ...]]:
    """A row's printings: the codes its source lists, described by the table where it knows
    them; each row's made on first use."""

    def build() -> Callable[[int], tuple[Printing, ...]]:
        facts, year = _maps_and_facts(index)[1], _Years()
        made: dict[int, tuple[Printing, ...]] = {}

        def of(row: int) -> tuple[Printing, ...]:
            found = made.get(row)
            if found is None:
                own = {c.lower() for c in index.cards[row].printings}
                printings = {c: Printing(c, -1, "", 0, year(c)) for c in own}
                for code, rank, artist, games in facts.get(row, ()):
                    printings[code] = Printing(code, rank, artist, games, year(code))
                found = made[row] = tuple(printings.values())
            return found

        return of

    return index.derived(("printing-records",), build)


class PrintingKey(KeySpec[Any]):
    """A key over a card's printings: a term's card-level leaf is a union of `printing_maps`
    groups, and `record_test` tests one printing (for conjunctions)."""

    scope = SCOPE

    def records(self, index: IndexView) -> Callable[[int], Sequence[Printing]]:
        return printing_records(index)


class SetKey(PrintingKey):
    """`s:cmr`: a printing in that set (codes compare case-insensitively)."""

    label = "s"

    def check(self, term: Keyed, ctx: SearchContext) -> str:
        code = term.value.strip().lower()
        if not code.replace("_", "").isalnum():
            raise value_error(term, f'"{term.value}" is not a set code')
        return code

    def leaf(self, term: Keyed, parsed: str, ctx: SearchContext) -> Leaf:
        return Leaf(("s", parsed), lambda index: printing_maps(index)["s"].get(parsed, 0))

    def record_test(self, term: Keyed, parsed: str, ctx: SearchContext) -> RecordTest | None:
        return None if term.op == "!=" else lambda p: bool(p.set == parsed)


class RarityKey(PrintingKey):
    """`r:rare`, `r>=rare`: common < uncommon < rare < mythic < special < bonus (Scryfall's)."""

    label = "r"
    ops = ALL_OPS
    fact = "rarity"

    def record_known(self, record: Printing) -> bool:
        return record.rank >= 0

    def check(self, term: Keyed, ctx: SearchContext) -> int:
        letter = RARITIES.get(term.value.strip().lower())
        if letter is None:
            raise value_error(
                term,
                f'unknown rarity "{term.value}" (common, uncommon, rare, mythic, special, bonus)',
            )
        return RARITY_RANK[letter]

    def plan(self, term: Keyed, parsed: int, ctx: SearchContext) -> Plan:
        return self.leaf(term, parsed, ctx)  # `r!=common`: a printing of another rarity

    def leaf(self, term: Keyed, parsed: int, ctx: SearchContext) -> Leaf:
        compare = _NUM_TESTS[term.op]
        return Leaf(
            ("r", term.op, parsed),
            lambda index: bits.union_where(
                printing_maps(index)["r"], lambda rank: compare(rank, parsed)
            ),
        )

    def record_test(self, term: Keyed, parsed: int, ctx: SearchContext) -> RecordTest | None:
        compare = _NUM_TESTS[term.op]
        return lambda p: p.rank >= 0 and compare(p.rank, parsed)


class ArtistKey(PrintingKey):
    """`a:avon`, `a:"john avon"`: the artist's folded name holds the words (a phrase)."""

    label = "a"
    fact = "artist"

    def record_known(self, record: Printing) -> bool:
        return bool(record.artist)

    def check(self, term: Keyed, ctx: SearchContext) -> str:
        return fold_name(term.value)

    def leaf(self, term: Keyed, parsed: str, ctx: SearchContext) -> Leaf:
        return Leaf(
            ("a", parsed),
            lambda index: bits.union_where(
                printing_maps(index)["a"], lambda artist: parsed in artist
            ),
        )

    def record_test(self, term: Keyed, parsed: str, ctx: SearchContext) -> RecordTest | None:
        return None if term.op == "!=" else lambda p: bool(p.artist) and parsed in p.artist


class GameKey(PrintingKey):
    """`game:arena`: a printing on that game (paper, mtgo, arena)."""

    label = "game"
    fact = "games (paper, MTGO, Arena)"

    def record_known(self, record: Printing) -> bool:
        return bool(record.games)

    def check(self, term: Keyed, ctx: SearchContext) -> int:
        bit = GAME_BITS.get(term.value.strip().lower())
        if bit is None:
            raise value_error(term, f'unknown game "{term.value}" (paper, mtgo, arena)')
        return bit

    def leaf(self, term: Keyed, parsed: int, ctx: SearchContext) -> Leaf:
        return Leaf(("game", parsed), lambda index: printing_maps(index)["game"].get(parsed, 0))

    def record_test(self, term: Keyed, parsed: int, ctx: SearchContext) -> RecordTest | None:
        return None if term.op == "!=" else lambda p: bool(p.games & parsed)


class YearKey(PrintingKey):
    """`year=2016`, `year<=1995`: a printing released in (or before, after) that year."""

    label = "year"
    ops = ALL_OPS
    fact = "year"

    def record_known(self, record: Printing) -> bool:
        return bool(record.year)

    def check(self, term: Keyed, ctx: SearchContext) -> int:
        value = term.value.strip()
        if not _YEAR.fullmatch(value):
            raise value_error(term, f'"{term.value}" is not a year')
        return int(value)

    def plan(self, term: Keyed, parsed: int, ctx: SearchContext) -> Plan:
        return self.leaf(term, parsed, ctx)

    def leaf(self, term: Keyed, parsed: int, ctx: SearchContext) -> Leaf:
        compare = _NUM_TESTS[term.op]
        return Leaf(
            ("year", term.op, parsed),
            lambda index: bits.union_where(
                printing_maps(index)["year"], lambda year: compare(year, parsed)
            ),
        )

    def record_test(self, term: Keyed, parsed: int, ctx: SearchContext) -> RecordTest | None:
        compare = _NUM_TESTS[term.op]
        return lambda p: bool(p.year) and compare(p.year, parsed)


def table() -> dict[str, KeySpec[Any]]:
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
        "A printing of this rarity, where your card sources give it; compares too "
        "(common < uncommon < rare < mythic)",
        ("r:mythic", "r>=rare"),
    ),
    "a": ("A printing by this artist (words of the name)", ("a:avon", 'a:"rebecca guay"')),
    "game": ("A printing on paper, MTGO or Arena", ("game:arena", "-game:paper")),
    "year": ("A printing released in, before or after a year", ("year=2016", "year<=1995")),
}
