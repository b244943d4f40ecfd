"""Generic key kinds. Each checks a term's value (raising SearchError at the value) and turns the
term into a plan (`search.plan`): leaves that compute a row bitset from pre-folded index
columns, or a negated leaf. Leaves are cached by the index under `Leaf.key`, so a key must put into that key
everything its result depends on (context included)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deckeditor.search import bits
from deckeditor.search.errors import SearchError
from deckeditor.search.folding import fold_name, fold_text
from deckeditor.search.plan import Leaf, Not
from deckeditor.search.tree import Bare, Keyed

ALL_OPS = frozenset({":", "=", "!=", "<", "<=", ">", ">="})
EQ_OPS = frozenset({":", "=", "!="})


def value_error(term: Keyed, message: str) -> SearchError:
    length = max(1, term.end - term.value_start)
    return SearchError(term.value_start, length, message)


def compile_regex(term: Keyed) -> re.Pattern:
    """Python regex, case-insensitive; a bad one is reported where the regex goes wrong."""
    pattern_start = term.value_start + 1
    try:
        return re.compile(term.value, re.IGNORECASE)
    except re.error as exc:
        offset = exc.pos if exc.pos is not None else 0
        message = getattr(exc, "msg", None) or str(exc)
        error = SearchError(pattern_start + offset, 1, f"invalid regular expression: {message}")
    except (OverflowError, RecursionError, ValueError) as exc:
        error = SearchError(pattern_start, 1, f"invalid regular expression: {exc}")
    raise error


def substring_bits(index, column: str, needle: str, grouped: bool = False) -> int:
    """Rows whose column string contains `needle`. When the previous scan of this column was for
    a prefix of `needle` (the user typed one more letter), only its hits can match, so only they
    are scanned when they are few. `grouped`: the column repeats few distinct strings (type
    lines), so each distinct string is tested once."""
    if not needle:
        return index.all
    groups = index.distinct(column) if grouped else None
    if groups is not None:
        result = 0
        for value, group in groups.items():
            if needle in value:
                result |= group
        return result
    col = index.columns[column]
    memo = index.narrowing.get(column)
    if memo is not None and needle.startswith(memo[0]) and memo[1].bit_count() * 4 < index.n:
        result = bits.from_rows([r for r in bits.to_rows(memo[1]) if needle in col[r]], index.n)
    else:
        result = bits.from_flags([needle in s for s in col])
    index.narrowing[column] = (needle, result)
    return result


def substring_leaf(key: tuple, column: str, needle: str, grouped: bool = False) -> Leaf:
    def restrict(index, rows):
        col = index.columns[column]
        return bits.from_rows([r for r in rows if needle in col[r]], index.n)

    return Leaf(key, lambda index: substring_bits(index, column, needle, grouped), restrict)


def regex_leaf(key: tuple, column: str, pattern: re.Pattern) -> Leaf:
    """Any of a row's strings (a tuple per row) matches the pattern."""
    search = pattern.search

    def compute(index):
        return bits.from_flags(
            [any(search(s) for s in strings) for strings in index.column(column)]
        )

    def restrict(index, rows):
        col = index.column(column)
        return bits.from_rows([r for r in rows if any(search(s) for s in col[r])], index.n)

    return Leaf(key, compute, restrict)


class KeySpec:
    """Base: a key with `:`/`=` meaning "matches" and `!=` meaning "does not match"."""

    label = ""
    ops: frozenset[str] = EQ_OPS
    regex = False

    def check(self, term: Keyed, ctx) -> Any:
        return term.value

    def plan(self, term: Keyed, parsed: Any, ctx):
        leaf = self.leaf(term, parsed, ctx)
        return Not(leaf) if term.op == "!=" else leaf

    def leaf(self, term: Keyed, parsed: Any, ctx) -> Leaf:  # pragma: no cover - abstract
        raise NotImplementedError


class NameKey(KeySpec):
    """Names (`search.md` §4.1). Columns: `name` (folded full name), `name_exact` (folded full
    and face names -> list of rows, or a bitset), `name_raw` (full and face names as printed)."""

    label = "name"
    regex = True

    def check(self, term, ctx):
        if isinstance(term, Keyed) and term.kind == "regex":
            return compile_regex(term)
        return fold_name(term.value)

    def plan(self, term, parsed, ctx):
        if isinstance(term, Bare):
            return self.exact_leaf(parsed) if term.exact else self.substring_leaf(parsed)
        leaf = self.regex_leaf(parsed) if term.kind == "regex" else self.substring_leaf(parsed)
        return Not(leaf) if term.op == "!=" else leaf

    def substring_leaf(self, needle: str) -> Leaf:
        return substring_leaf(("name", needle), "name", needle)

    def exact_leaf(self, folded: str) -> Leaf:
        def compute(index):
            found = index.columns["name_exact"].get(folded, ())
            # A game may store a bitset or the list of rows.
            return found if isinstance(found, int) else bits.from_rows(found, index.n)

        return Leaf(("name!", folded), compute)

    def regex_leaf(self, pattern: re.Pattern) -> Leaf:
        return regex_leaf(("name/", pattern.pattern), "name_raw", pattern)


class TextKey(KeySpec):
    """Rules text (`o:`, `fo:`, Riftbound `effect:`): a folded substring, `~` standing for the
    card's name, or a regex over the unfolded text. Columns: `<column>` (folded, faces joined by
    a newline), `<column>_tilde` (names replaced by `~`), `<column>_raw` (tuple of texts)."""

    regex = True

    def __init__(self, label: str, column: str) -> None:
        self.label = label
        self.column = column

    def check(self, term, ctx):
        if term.kind == "regex":
            return compile_regex(term)
        return fold_text(term.value)

    def leaf(self, term, parsed, ctx):
        column = self.column
        if term.kind == "regex":
            return regex_leaf((column + "/", parsed.pattern), column + "_raw", parsed)
        source = column + "_tilde" if "~" in parsed else column
        return substring_leaf((source, parsed), source, parsed)


class TypeKey(KeySpec):
    """Word-prefix match on folded type lines: the value's words appear consecutively, all whole
    but the last, which may be a prefix. Column: each face's folded type line, each line starting
    with a space, faces joined by a newline (so a match never spans two faces)."""

    label = "t"

    def __init__(self, column: str = "types") -> None:
        self.column = column

    def check(self, term, ctx):
        return " " + fold_name(term.value)

    def leaf(self, term, parsed, ctx):
        return substring_leaf((self.column, parsed), self.column, parsed, grouped=True)


class WordSetKey(KeySpec):
    """Equality with one of a card's words (keywords, tags). Column: folded word -> bitset."""

    def __init__(self, label: str, column: str) -> None:
        self.label = label
        self.column = column

    def check(self, term, ctx):
        return fold_name(term.value)

    def leaf(self, term, parsed, ctx):
        column = self.column
        return Leaf((column, parsed), lambda index: index.columns[column].get(parsed, 0))


# --- colour-like sets ---------------------------------------------------------------------------

_SET_TESTS = {
    ">=": lambda m, q: m & q == q,
    "<=": lambda m, q: m & ~q == 0,
    "=": lambda m, q: m == q,
    ">": lambda m, q: m & q == q and m != q,
    "<": lambda m, q: m & ~q == 0 and m != q,
    "!=": lambda m, q: m != q,
}
_NUM_TESTS = {
    ":": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


class MaskKey(KeySpec):
    """Colours (`c:`), identity (`id:`), Riftbound domains. `parse_value(text)` gives
    ("set", mask), ("count", n), ("multi",) or None. Column `<groups>`: a list of bitsets, entry m
    holding the rows with (a face of) exactly mask m. `subset_colon`: `:` means "fits inside"
    (identity) rather than "at least these" (colours)."""

    ops = ALL_OPS

    def __init__(self, label: str, groups: str, parse_value, noun: str, subset_colon: bool) -> None:
        self.label = label
        self.groups = groups
        self.parse_value = parse_value
        self.noun = noun
        self.subset_colon = subset_colon

    def check(self, term, ctx):
        parsed = self.parse_value(term.value.strip().lower())
        if parsed is None:
            raise value_error(term, f'unknown {self.noun} "{term.value}"')
        if parsed[0] == "multi" and term.op not in EQ_OPS:
            raise SearchError(
                term.op_start, len(term.op), f'"{term.op}" does not apply to "{term.value}"'
            )
        return parsed

    def plan(self, term, parsed, ctx):
        return self.leaf(term, parsed, ctx)

    def test(self, op: str, parsed) -> Callable[[int], bool]:
        kind = parsed[0]
        if kind == "multi":
            return (lambda m: bits.count(m) < 2) if op == "!=" else (lambda m: bits.count(m) >= 2)
        if kind == "count":
            n, compare = parsed[1], _NUM_TESTS[op]
            return lambda m: compare(bits.count(m), n)
        q = parsed[1]
        if op == ":":
            if self.subset_colon:
                return lambda m: m & ~q == 0
            # `c:c` is "no colours", not "a superset of nothing".
            return (lambda m: m == 0) if q == 0 else (lambda m: m & q == q)
        compare = _SET_TESTS[op]
        return lambda m: compare(m, q)

    def leaf(self, term, parsed, ctx):
        test = self.test(term.op, parsed)
        groups_name = self.groups

        def compute(index):
            result = 0
            for mask, group in enumerate(index.columns[groups_name]):
                if group and test(mask):
                    result |= group
            return result

        return Leaf((groups_name, term.op, parsed), compute)


# --- numbers ------------------------------------------------------------------------------------

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


class NumberKey(KeySpec):
    """Numeric stats. Column `num:<field>`: per row a tuple of per-face values (None when the face
    lacks the stat; a card-level number is a 1-tuple). `stats` maps every numeric alias of the
    game to its field, for per-face comparisons (`pow>tou`, `pow>=mv`)."""

    ops = ALL_OPS

    def __init__(self, label: str, field: str, stats: dict[str, str], parity: bool = False) -> None:
        self.label = label
        self.field = field
        self.stats = stats
        self.parity = parity

    def check(self, term, ctx):
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

    def plan(self, term, parsed, ctx):
        return self.leaf(term, parsed, ctx)

    def leaf(self, term, parsed, ctx):
        field, op = self.field, term.op
        kind, arg = parsed
        compare = _NUM_TESTS[op]
        if kind == "parity":
            want = 0 if arg == "even" else 1

            def test(v):
                return v == int(v) and int(v) % 2 == want

        else:
            test = None

        def compute(index):
            if kind == "stat":
                groups = index.number_pairs(field, arg)
                return bits.union_where(groups, lambda pair: compare(pair[0], pair[1]))
            groups = index.number_groups(field)
            if kind == "parity":
                return bits.union_where(groups, lambda v: v not in (float("inf"),) and test(v))
            return bits.union_where(groups, lambda v: compare(v, arg))

        return Leaf(("num", field, op, kind, arg), compute)


# --- is: ----------------------------------------------------------------------------------------


class IsKey(KeySpec):
    """`is:` values (and `otag:`'s, same shape). `values`: name -> (compute(index, ctx) -> bitset,
    depends): `depends` False for a fact of the card alone, True when it follows the rule set, or
    a function of the context giving what else it follows (the day's Game Changers list)."""

    def __init__(self, values: dict[str, tuple[Callable, Any]], label: str = "is") -> None:
        self.values = values
        self.label = label

    def check(self, term, ctx):
        value = term.value.strip().lower()
        if value not in self.values:
            valid = ", ".join(sorted(self.values))
            raise value_error(term, f'unknown {self.label}: value "{term.value}" (valid: {valid})')
        return value

    def leaf(self, term, parsed, ctx):
        compute, depends = self.values[parsed]
        if callable(depends):
            extra = depends(ctx)
        else:
            extra = ctx.rules() if depends else None
        return Leaf((self.label, parsed, extra), lambda index: compute(index, ctx))


# --- formats ------------------------------------------------------------------------------------


class FormatKey(KeySpec):
    """`f:`/`legal:`, `banned:`, `restricted:` (`search.md` §4.6): the Format's Ruling on the
    selected day, per card id. Column `format_cards`: a function giving per row (card id, own copy
    limit or None, forbids itself), called on first use."""

    def __init__(self, label: str, mode: str) -> None:
        self.label = label
        self.mode = mode  # "legal" | "banned" | "restricted"

    def check(self, term, ctx):
        code = term.value.strip().lower()
        fmt = ctx.find_format(code)
        if fmt is None:
            known = ctx.known_codes()
            if code in known:
                raise value_error(term, f'format "{term.value}" could not be loaded')
            raise value_error(term, f'unknown format "{term.value}" (known: {", ".join(known)})')
        return (code, fmt)

    def leaf(self, term, parsed, ctx):
        code, fmt = parsed
        day, mode = ctx.the_day(), self.mode

        def compute(index):
            banned, restricted = index.format_status(code, fmt, day)
            if mode == "legal":
                # legal: in the format's card pool on the day and not banned (search.md §4.6)
                return index.all & ~banned & ~index.format_outside(code, fmt, day)
            return banned if mode == "banned" else restricted

        return Leaf(("format", mode, code, id(fmt), day), compute)
