"""Generic key kinds. Each checks a term's value (raising SearchError at the value) and turns the
term into a plan (`search.plan`): leaves that compute a row bitset from pre-folded index
columns, or a negated leaf. Leaves are cached by the index under `Leaf.key`, so a key must put
into that key everything its result depends on (context included).

`KeySpec[P]`: P is what `check` makes of a term's value (a folded string, a compiled regex, a
number, ...), handed back to `plan` and `leaf`."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from datetime import date
from typing import Any, Generic, Literal, TypeVar

from deckeditor.search import bits
from deckeditor.search.context import SearchContext, SearchFormat
from deckeditor.search.errors import SearchError
from deckeditor.search.folding import fold_name, fold_text
from deckeditor.search.plan import IndexView, Leaf, Not, Plan
from deckeditor.search.tree import Bare, Keyed

P = TypeVar("P")
LeafKey = tuple[Hashable, ...]
# a per-record test of a scoped key (one of a card's printings: does this one match?)
RecordTest = Callable[[Any], bool]

ALL_OPS = frozenset({":", "=", "!=", "<", "<=", ">", ">="})
EQ_OPS = frozenset({":", "=", "!="})


def value_error(term: Keyed, message: str) -> SearchError:
    length = max(1, term.end - term.value_start)
    return SearchError(term.value_start, length, message)


def compile_regex(term: Keyed) -> re.Pattern[str]:
    """Python regex, case-insensitive; a bad one is reported where the regex goes wrong."""
    pattern_start = term.value_start + 1
    try:
        return re.compile(term.value, re.IGNORECASE)
    except re.error as exc:
        offset = exc.pos if exc.pos is not None else 0
        message = exc.msg or str(exc)
        error = SearchError(pattern_start + offset, 1, f"invalid regular expression: {message}")
    except (OverflowError, RecursionError, ValueError) as exc:
        error = SearchError(pattern_start, 1, f"invalid regular expression: {exc}")
    raise error


def substring_bits(index: IndexView, column: str, needle: str, grouped: bool = False) -> int:
    """Rows whose column string contains `needle`. When the previous scan of this column was for
    a prefix of `needle` (the user typed one more letter), only its hits can match, so only they
    are scanned when they are few. `grouped`: the column repeats few distinct strings (type
    lines), so each distinct string is tested once."""
    if not needle:
        return index.all
    groups = index.distinct(column) if grouped else None
    if groups is not None:
        result = 0
        listed: list[int] = []  # the rows of the rare values, set at once
        for value, group in groups.items():
            if needle in value:
                if isinstance(group, int):
                    result |= group
                else:
                    listed += group
        return result | bits.from_rows(listed, index.n) if listed else result
    col: Sequence[str] = index.columns[column]
    memo = index.narrowing.get(column)
    if memo is not None and needle.startswith(memo[0]) and memo[1].bit_count() * 4 < index.n:
        result = bits.from_rows([r for r in bits.to_rows(memo[1]) if needle in col[r]], index.n)
    else:
        result = bits.from_flags([needle in s for s in col])
    index.narrowing[column] = (needle, result)
    return result


def substring_leaf(key: LeafKey, column: str, needle: str, grouped: bool = False) -> Leaf:
    def restrict(index: IndexView, rows: list[int]) -> int:
        col: Sequence[str] = index.columns[column]
        return bits.from_rows([r for r in rows if needle in col[r]], index.n)

    return Leaf(key, lambda index: substring_bits(index, column, needle, grouped), restrict)


def regex_leaf(key: LeafKey, column: str, pattern: re.Pattern[str]) -> Leaf:
    """Any of a row's strings (a tuple per row) matches the pattern."""
    search = pattern.search

    def compute(index: IndexView) -> int:
        col: Sequence[tuple[str, ...]] = index.column(column)
        return bits.from_flags([any(search(s) for s in strings) for strings in col])

    def restrict(index: IndexView, rows: list[int]) -> int:
        col: Sequence[tuple[str, ...]] = index.column(column)
        return bits.from_rows([r for r in rows if any(search(s) for s in col[r])], index.n)

    return Leaf(key, compute, restrict)


class KeySpec(Generic[P]):
    """Base: a key with `:`/`=` meaning "matches" and `!=` meaning "does not match"."""

    label = ""
    ops: frozenset[str] = EQ_OPS
    regex = False

    def check(self, term: Keyed, ctx: SearchContext) -> P:  # pragma: no cover - abstract
        raise NotImplementedError

    def plan(self, term: Keyed, parsed: P, ctx: SearchContext) -> Plan:
        leaf = self.leaf(term, parsed, ctx)
        return Not(leaf) if term.op == "!=" else leaf

    def leaf(self, term: Keyed, parsed: P, ctx: SearchContext) -> Leaf:  # pragma: no cover
        raise NotImplementedError

    def help_group(self) -> object:
        """What the aliases of one key share, for the search help (its label)."""
        return self.label or id(self)

    # A key over a card's records (its printings) names their scope; a card matches a term when
    # one record does, and terms of one scope under an AND match together: when one record
    # satisfies all of them (`search.md` §4.7 as amended: Scryfall's printing keys).
    scope: str | None = None

    def record_test(self, term: Keyed, parsed: P, ctx: SearchContext) -> RecordTest | None:
        """A scoped term's test of one record; None for a term read over the whole card (a
        negated one: "no record matches")."""
        return None

    def records(self, index: IndexView) -> Callable[[int], Sequence[Any]]:  # pragma: no cover
        """A row's records, for a scoped key."""
        raise NotImplementedError

    # What a scoped key reads of a record, when a source may leave it out ("rarity"): an empty
    # search then says for how many of the records the other terms find it is known.
    fact = ""

    def record_known(self, record: Any) -> bool:
        """Whether the record carries `fact`."""
        return True


Pattern = re.Pattern[str]


class NameKey(KeySpec["str | Pattern"]):
    """Names (`search.md` §4.1). Columns: `name` (folded full name), `name_exact` (folded full
    and face names -> list of rows, or a bitset), `name_raw` (full and face names as printed)."""

    label = "name"
    regex = True

    def check(self, term: Keyed | Bare, ctx: SearchContext) -> str | Pattern:
        if isinstance(term, Keyed) and term.kind == "regex":
            return compile_regex(term)
        return fold_name(term.value)

    def plan(self, term: Keyed | Bare, parsed: str | Pattern, ctx: SearchContext) -> Plan:
        # (`isinstance(parsed, str)`: a query without a regex never touches `re`)
        if not isinstance(parsed, str):
            leaf = self.regex_leaf(parsed)
        elif isinstance(term, Bare) and term.exact:
            return self.exact_leaf(parsed)
        else:
            leaf = self.substring_leaf(parsed)
        return Not(leaf) if isinstance(term, Keyed) and term.op == "!=" else leaf

    def substring_leaf(self, needle: str) -> Leaf:
        return substring_leaf(("name", needle), "name", needle)

    def exact_leaf(self, folded: str) -> Leaf:
        def compute(index: IndexView) -> int:
            found: int | Sequence[int] = index.columns["name_exact"].get(folded, ())
            # A game may store a bitset or the list of rows.
            return found if isinstance(found, int) else bits.from_rows(found, index.n)

        return Leaf(("name!", folded), compute)

    def regex_leaf(self, pattern: Pattern) -> Leaf:
        return regex_leaf(("name/", pattern.pattern), "name_raw", pattern)


class TextKey(KeySpec["str | Pattern"]):
    """Rules text (`o:`, `fo:`, Riftbound `effect:`): a folded substring, `~` standing for the
    card's name, or a regex over the unfolded text. Columns: `<column>` (folded, faces joined by
    a newline), `<column>_tilde` (names replaced by `~`), `<column>_raw` (tuple of texts)."""

    regex = True

    def __init__(self, label: str, column: str) -> None:
        self.label = label
        self.column = column

    def check(self, term: Keyed, ctx: SearchContext) -> str | Pattern:
        if term.kind == "regex":
            return compile_regex(term)
        return fold_text(term.value)

    def leaf(self, term: Keyed, parsed: str | Pattern, ctx: SearchContext) -> Leaf:
        column = self.column
        if not isinstance(parsed, str):
            return regex_leaf((column + "/", parsed.pattern), column + "_raw", parsed)
        source = column + "_tilde" if "~" in parsed else column
        return substring_leaf((source, parsed), source, parsed)


class TypeKey(KeySpec[str]):
    """Word-prefix match on folded type lines: the value's words appear consecutively, all whole
    but the last, which may be a prefix. Column: each face's folded type line, each line starting
    with a space, faces joined by a newline (so a match never spans two faces)."""

    label = "t"

    def __init__(self, column: str = "types") -> None:
        self.column = column

    def check(self, term: Keyed, ctx: SearchContext) -> str:
        return " " + fold_name(term.value)

    def leaf(self, term: Keyed, parsed: str, ctx: SearchContext) -> Leaf:
        return substring_leaf((self.column, parsed), self.column, parsed, grouped=True)


class WordSetKey(KeySpec[str]):
    """Equality with one of a card's words (keywords, tags). Column: folded word -> bitset, or
    the row ids of a word few cards have (a bitset up to a late row costs up to n/8 bytes)."""

    def __init__(self, label: str, column: str) -> None:
        self.label = label
        self.column = column

    def check(self, term: Keyed, ctx: SearchContext) -> str:
        return fold_name(term.value)

    def leaf(self, term: Keyed, parsed: str, ctx: SearchContext) -> Leaf:
        column = self.column

        def compute(index: IndexView) -> int:
            found: int | Sequence[int] = index.columns[column].get(parsed, 0)
            return found if isinstance(found, int) else bits.from_rows(found, index.n)

        return Leaf((column, parsed), compute)


# --- colour-like sets ---------------------------------------------------------------------------

Compare = Callable[[Any, Any], bool]
_SET_TESTS: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda m, q: m & q == q,
    "<=": lambda m, q: m & ~q == 0,
    "=": lambda m, q: m == q,
    ">": lambda m, q: m & q == q and m != q,
    "<": lambda m, q: m & ~q == 0 and m != q,
    "!=": lambda m, q: m != q,
}
_NUM_TESTS: dict[str, Compare] = {
    ":": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


# ("set", mask) / ("count", n) / ("multi",): a colour-like value as `MaskKey.parse_value` reads it
MaskValue = tuple[Literal["set", "count"], int] | tuple[Literal["multi"]]


class MaskKey(KeySpec[MaskValue]):
    """Colours (`c:`), identity (`id:`), Riftbound domains. `parse_value(text)` gives
    ("set", mask), ("count", n), ("multi",) or None. Column `<groups>`: a list of bitsets, entry m
    holding the rows with (a face of) exactly mask m. `subset_colon`: `:` means "fits inside"
    (identity) rather than "at least these" (colours)."""

    ops = ALL_OPS

    def __init__(
        self,
        label: str,
        groups: str,
        parse_value: Callable[[str], MaskValue | None],
        noun: str,
        subset_colon: bool,
    ) -> None:
        self.label = label
        self.groups = groups
        self.parse_value = parse_value
        self.noun = noun
        self.subset_colon = subset_colon

    def check(self, term: Keyed, ctx: SearchContext) -> MaskValue:
        parsed = self.parse_value(term.value.strip().lower())
        if parsed is None:
            raise value_error(term, f'unknown {self.noun} "{term.value}"')
        if parsed[0] == "multi" and term.op not in EQ_OPS:
            raise SearchError(
                term.op_start, len(term.op), f'"{term.op}" does not apply to "{term.value}"'
            )
        return parsed

    def plan(self, term: Keyed, parsed: MaskValue, ctx: SearchContext) -> Plan:
        return self.leaf(term, parsed, ctx)

    def test(self, op: str, parsed: MaskValue) -> Callable[[int], bool]:
        if len(parsed) == 1:  # multicolour
            return (lambda m: bits.count(m) < 2) if op == "!=" else (lambda m: bits.count(m) >= 2)
        kind, q = parsed
        if kind == "count":
            compare = _NUM_TESTS[op]
            return lambda m: compare(bits.count(m), q)
        if op == ":":
            if self.subset_colon:
                return lambda m: m & ~q == 0
            # `c:c` is "no colours", not "a superset of nothing".
            return (lambda m: m == 0) if q == 0 else (lambda m: m & q == q)
        set_test = _SET_TESTS[op]
        return lambda m: set_test(m, q)

    def leaf(self, term: Keyed, parsed: MaskValue, ctx: SearchContext) -> Leaf:
        test = self.test(term.op, parsed)
        groups_name = self.groups

        def compute(index: IndexView) -> int:
            result = 0
            groups: list[int] = index.columns[groups_name]
            for mask, group in enumerate(groups):
                if group and test(mask):
                    result |= group
            return result

        return Leaf((groups_name, term.op, parsed), compute)


# --- numbers ------------------------------------------------------------------------------------

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


# ("number", value) / ("stat", another field) / ("parity", "even" or "odd")
NumberValue = tuple[Literal["number"], float] | tuple[Literal["stat", "parity"], str]


class NumberKey(KeySpec[NumberValue]):
    """Numeric stats. Column `num:<field>`: per row a tuple of per-face values (None when the face
    lacks the stat; a card-level number is a 1-tuple). `stats` maps every numeric alias of the
    game to its field, for per-face comparisons (`pow>tou`, `pow>=mv`)."""

    ops = ALL_OPS

    def __init__(self, label: str, field: str, stats: dict[str, str], parity: bool = False) -> None:
        self.label = label
        self.field = field
        self.stats = stats
        self.parity = parity

    def check(self, term: Keyed, ctx: SearchContext) -> NumberValue:
        value = term.value.strip().lower()
        if self.parity and value in ("even", "odd"):
            if term.op not in (":", "="):
                raise SearchError(
                    term.op_start, len(term.op), f'"{term.op}" does not apply to "{value}"'
                )
            return ("parity", value)
        if _NUMBER.fullmatch(value):
            return ("number", float(value))
        if value in self.stats:
            return ("stat", self.stats[value])
        raise value_error(term, f'"{term.value}" is not a number')

    def help_group(self) -> object:
        return self.field

    def plan(self, term: Keyed, parsed: NumberValue, ctx: SearchContext) -> Plan:
        return self.leaf(term, parsed, ctx)

    def leaf(self, term: Keyed, parsed: NumberValue, ctx: SearchContext) -> Leaf:
        field, op = self.field, term.op
        compare = _NUM_TESTS[op]
        test: Callable[[IndexView], int]
        if parsed[0] == "stat":
            other = parsed[1]

            def test(index: IndexView) -> int:
                groups = index.number_pairs(field, other)
                return bits.union_where(groups, lambda pair: compare(pair[0], pair[1]))

        elif parsed[0] == "parity":
            want = 0 if parsed[1] == "even" else 1

            def test(index: IndexView) -> int:
                return bits.union_where(
                    index.number_groups(field),
                    lambda v: v != float("inf") and v == int(v) and int(v) % 2 == want,
                )

        else:
            number = parsed[1]

            def test(index: IndexView) -> int:
                return bits.union_where(index.number_groups(field), lambda v: compare(v, number))

        return Leaf(("num", field, op, *parsed), test)


# --- is: ----------------------------------------------------------------------------------------


# an `is:` value's bitset over an index, under a context
IsCompute = Callable[[IndexView, SearchContext], int]
# what else an `is:` value follows: nothing (False), the rule set (True), or a function of the context
IsDepends = bool | Callable[[SearchContext], Hashable]


class IsKey(KeySpec[str]):
    """`is:` values (and `otag:`'s, same shape). `values`: name -> (compute(index, ctx) -> bitset,
    depends): `depends` False for a fact of the card alone, True when it follows the rule set, or
    a function of the context giving what else it follows (the day's Game Changers list)."""

    def __init__(self, values: dict[str, tuple[IsCompute, IsDepends]], label: str = "is") -> None:
        self.values = values
        self.label = label

    def check(self, term: Keyed, ctx: SearchContext) -> str:
        value = term.value.strip().lower()
        if value not in self.values:
            valid = ", ".join(sorted(self.values))
            raise value_error(term, f'unknown {self.label}: value "{term.value}" (valid: {valid})')
        return value

    def leaf(self, term: Keyed, parsed: str, ctx: SearchContext) -> Leaf:
        compute, depends = self.values[parsed]
        extra: Hashable
        if callable(depends):
            extra = depends(ctx)
        else:
            extra = ctx.rules() if depends else None
        return Leaf((self.label, parsed, extra), lambda index: compute(index, ctx))


# --- formats ------------------------------------------------------------------------------------


class FormatKey(KeySpec[tuple[str, SearchFormat]]):
    """`f:`/`legal:`, `banned:`, `restricted:` (`search.md` §4.6): the Format's Ruling on the
    selected day, per card id. Column `format_cards`: a function giving per row (card id, own copy
    limit or None, forbids itself), called on first use."""

    def __init__(self, label: str, mode: str) -> None:
        self.label = label
        self.mode = mode  # "legal" | "banned" | "restricted"

    def check(self, term: Keyed, ctx: SearchContext) -> tuple[str, SearchFormat]:
        code = term.value.strip().lower()
        fmt = ctx.find_format(code)
        if fmt is None:
            known = ctx.known_codes()
            if code in known:
                raise value_error(term, f'format "{term.value}" could not be loaded')
            raise value_error(term, f'unknown format "{term.value}" (known: {", ".join(known)})')
        return (code, fmt)

    def leaf(self, term: Keyed, parsed: tuple[str, SearchFormat], ctx: SearchContext) -> Leaf:
        code, fmt = parsed
        day: date = ctx.the_day()
        mode = self.mode

        def compute(index: IndexView) -> int:
            banned, restricted = index.format_status(code, fmt, day)
            if mode == "legal":
                # legal: in the format's card pool on the day and not banned (search.md §4.6)
                return index.all & ~banned & ~index.format_outside(code, fmt, day)
            return banned if mode == "banned" else restricted

        return Leaf(("format", mode, code, id(fmt), day), compute)
