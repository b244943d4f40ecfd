"""Why a query finds no card, for the catalog's empty list (issue 24 walkthrough): the top-level
terms that find no card on their own ("o:zzzz", a set code no card has, a name no source
holds), or, when each finds cards, that they find none together; for terms over one record
(a printing), how many of the records the other terms find carry the fact a term reads
(`set:mh3 r:mythic` over a pool whose sources give the rarity of 20 of the 70 MH3 printings).

Worked out only for an empty result, so a keystroke that finds cards pays nothing for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckeditor.search import bits
from deckeditor.search.context import SearchContext
from deckeditor.search.keys import game_search
from deckeditor.search.keys.kinds import KeySpec, RecordTest
from deckeditor.search.parser import parse
from deckeditor.search.plan import IndexView
from deckeditor.search.printer import to_text
from deckeditor.search.searcher import compile_query
from deckeditor.search.terms import check_term
from deckeditor.search.tree import Bare, Keyed, Node, top_terms

# records read at most for the "known for N of M" count: past it the note is left out
_MOST_ROWS = 5000


@dataclass(frozen=True)
class Unknown:
    """Of the `total` records the other terms find (`others`), `known` carry `fact`."""

    term: str  # the term that reads the fact ("r:mythic")
    fact: str  # what it reads ("rarity")
    others: str  # the other terms of its scope, as typed back ("set:mh3")
    known: int
    total: int


@dataclass(frozen=True)
class NothingFound:
    """Why nothing matched: `dead`, the terms that find no card alone (then `names_only` when
    each of them is a card name, i.e. a card in no source); or else `together`, the terms that
    each find cards but not all at once; `scope` when those are terms of one record ("printing")
    and `unknown` when a term's fact is missing from some of those records."""

    dead: tuple[str, ...] = ()
    names_only: bool = False
    together: tuple[str, ...] = ()
    scope: str | None = None
    unknown: Unknown | None = None
    # the query with a key's words in quotes, when that finds cards (`o:~ deals 3` is `o:~`
    # and two name words; `o:"~ deals 3"` is the phrase), and how many
    quoted: tuple[str, int] | None = None


@dataclass(frozen=True)
class _Scoped:
    text: str
    spec: KeySpec[Any]
    test: RecordTest
    rows: int


def nothing_found(text: str, index: IndexView, game: str, ctx: SearchContext) -> NothingFound:
    """Why `text` finds no card of `index` (it must be a valid query, as the catalog keeps
    it: stripped, so the terms' positions are the text's)."""
    terms = top_terms(parse(text))
    printed = [to_text(term) for term in terms]
    if all(isinstance(term, Bare) for term in terms):  # "Raised by Giants": one name, typed
        return NothingFound(dead=(" ".join(printed),), names_only=True)
    quoted = _quoted(text, terms, index, game, ctx)
    if quoted is not None:  # "o:~ deals 3": the words were meant as the key's phrase
        return NothingFound(quoted=quoted)
    found = [compile_query(piece, game, ctx).bits(index) for piece in printed]
    dead = [
        (term, piece) for term, piece, rows in zip(terms, printed, found, strict=True) if not rows
    ]
    if dead:
        return NothingFound(
            dead=tuple(piece for _, piece in dead),
            names_only=all(isinstance(term, Bare) for term, _ in dead),
        )
    scoped = _scoped_terms(terms, printed, found, game, ctx)
    if len(scoped) < 2 or _one_record_finds(scoped, index):
        return NothingFound(together=tuple(printed))
    return NothingFound(
        together=tuple(part.text for part in scoped),
        scope=scoped[0].spec.scope,
        unknown=_unknown(scoped, index),
    )


def _quoted(
    text: str, terms: tuple[Node, ...], index: IndexView, game: str, ctx: SearchContext
) -> tuple[str, int] | None:
    """The first key followed by plain words, its value and the words put in quotes, when the
    query so written finds cards."""
    for at, term in enumerate(terms):
        if not isinstance(term, Keyed) or term.kind != "word":
            continue
        words = []
        for after in terms[at + 1 :]:
            if not isinstance(after, Bare) or after.kind != "word" or after.exact:
                break
            words.append(after)
        if not words:
            continue
        phrase = " ".join([term.value, *(w.value for w in words)])
        quoted = f'{text[: term.start]}{term.key}{term.op}"{phrase}"{text[words[-1].end :]}'
        try:
            found = compile_query(quoted.strip(), game, ctx).bits(index).bit_count()
        except Exception:  # a value the key refuses in quotes: no suggestion
            continue
        if found:
            return quoted.strip(), found
    return None


def _scoped_terms(
    terms: tuple[Node, ...], printed: list[str], found: list[int], game: str, ctx: SearchContext
) -> list[_Scoped]:
    """The positive terms of the first record scope among the top-level terms."""
    search = game_search(game)
    parts: list[_Scoped] = []
    for term, piece, rows in zip(terms, printed, found, strict=True):
        if not isinstance(term, Keyed):
            continue
        spec, parsed = check_term(term, search, ctx)
        test = spec.record_test(term, parsed, ctx) if spec.scope is not None else None
        if test is not None and (not parts or parts[0].spec.scope == spec.scope):
            parts.append(_Scoped(piece, spec, test, rows))
    return parts


def _one_record_finds(parts: list[_Scoped], index: IndexView) -> bool:
    """Whether one record passes every part's test (then something else empties the result)."""
    rows = index.all
    for part in parts:
        rows &= part.rows
    if rows.bit_count() > _MOST_ROWS:
        return True  # too many to read for a note: say only that the terms find nothing together
    records = parts[0].spec.records(index)
    return any(
        all(part.test(rec) for part in parts) for row in bits.to_rows(rows) for rec in records(row)
    )


def _unknown(parts: list[_Scoped], index: IndexView) -> Unknown | None:
    """The first part whose fact some of the records the other parts find lack."""
    records = parts[0].spec.records(index)
    for part in parts:
        if not part.spec.fact:
            continue
        others = [other for other in parts if other is not part]
        rows = index.all
        for other in others:
            rows &= other.rows
        if rows.bit_count() > _MOST_ROWS:
            continue
        total = known = 0
        for row in bits.to_rows(rows):
            for rec in records(row):
                if all(other.test(rec) for other in others):
                    total += 1
                    known += part.spec.record_known(rec)
        if known < total:
            text = " ".join(other.text for other in others)
            return Unknown(part.text, part.spec.fact, text, known, total)
    return None
