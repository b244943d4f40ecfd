"""Fuzzing the query parser (`product.md` reliability, `search.md` §7): arbitrary text gives a tree
or a SearchError, never another exception; printing a tree and parsing it again gives that tree."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckeditor.search import SearchError, compile_query, parse, to_text
from deckeditor.search.tree import And, Bare, Keyed, Not, Or

# Text biased towards the grammar's special characters, so the fuzzer reaches deep paths.
ALPHABET = st.sampled_from(
    list('abcortn:=<>!-()"/\\ \t~,.\'*') + ["or", "and", "t:", "c:", "o:", "name:/", "is:", "-(",
                                           "pow>=", "id<=", "\u201c", "\u201d", "é", "\u2014"]
)  # fmt: skip
QUERYISH = st.lists(ALPHABET, max_size=40).map("".join)
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _parse_or_error(text: str, game="mtg"):
    try:
        return parse(text, game)
    except SearchError as exc:
        assert 0 <= exc.position <= max(len(text), 1000)
        assert exc.length >= 1 and exc.message
        return None


@SETTINGS
@given(st.text(max_size=60))
def test_arbitrary_text_parses_or_raises_search_error(text):
    _parse_or_error(text)
    _parse_or_error(text, None)


@SETTINGS
@given(QUERYISH)
def test_queryish_text_parses_or_raises_search_error(text):
    _parse_or_error(text)
    try:
        compile_query(text)
    except SearchError:
        pass


@SETTINGS
@given(QUERYISH)
def test_print_then_parse_is_the_same_tree(text):
    tree = _parse_or_error(text, None)
    if tree is not None:
        assert parse(to_text(tree), None) == tree


# Trees built directly, including values the printer must quote or escape.
WORDS = st.text(alphabet=st.characters(blacklist_characters=' ()"\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0', blacklist_categories=("Zs", "Zl", "Zp", "Cs")), min_size=1, max_size=8)  # fmt: skip
PHRASES = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=10).filter(
    lambda s: not any(q in s for q in "\u201c\u201d\u201e\u2018\u2019")
)
KEYS = st.sampled_from(["t", "o", "c", "name", "kw", "pow", "is", "f"])
OPS = st.sampled_from([":", "=", "!=", "<", "<=", ">", ">="])


def _bare_word_ok(word: str) -> bool:
    try:
        return parse(word, None) == Bare(word)
    except SearchError:
        return False


TERMS = st.one_of(
    st.builds(lambda k, o, v: Keyed(k, o, v, "quoted"), KEYS, OPS, PHRASES),
    st.builds(lambda v: Bare(v, "quoted"), PHRASES),
    st.builds(lambda v: Bare(v, "quoted", True), PHRASES),
    WORDS.filter(_bare_word_ok).map(Bare),
)
TREES = st.recursive(
    TERMS,
    lambda kids: st.one_of(
        kids.filter(lambda k: not isinstance(k, Not)).map(Not),
        st.lists(kids, min_size=2, max_size=3).map(lambda xs: And(tuple(xs))),
        st.lists(kids, min_size=2, max_size=3).map(lambda xs: Or(tuple(xs))),
    ),
    max_leaves=8,
)


@SETTINGS
@given(TREES)
def test_built_trees_survive_printing(tree):
    assert parse(to_text(tree), None) == tree
