"""The query grammar (`search.md` §1) and its errors (§6): shapes, positions, messages."""

from __future__ import annotations

import pytest

from deckeditor.search import SearchError, parse, to_text
from deckeditor.search.tree import And, Bare, Empty, Keyed, Not, Or


def K(key, op, value, kind="word"):
    return Keyed(key, op, value, kind)


def W(value, kind="word", exact=False):
    return Bare(value, kind, exact)


# --- shapes -------------------------------------------------------------------------------------


def test_empty_query_is_every_card():
    assert parse("") == Empty()
    assert parse("   ") == Empty()


def test_implicit_and_explicit_and():
    assert parse("t:elf c:g") == And((K("t", ":", "elf"), K("c", ":", "g")))
    assert parse("t:elf AND c:g") == parse("t:elf c:g")


def test_precedence_not_then_and_then_or():
    assert parse("a b or c") == Or((And((W("a"), W("b"))), W("c")))
    assert parse("t:angel or t:demon -c:w") == Or(
        (K("t", ":", "angel"), And((K("t", ":", "demon"), Not(K("c", ":", "w")))))
    )
    assert parse("(t:angel or t:demon) -c:w") == And(
        (Or((K("t", ":", "angel"), K("t", ":", "demon"))), Not(K("c", ":", "w")))
    )


def test_or_is_case_insensitive_and_only_a_word_of_its_own():
    assert parse("a OR b") == Or((W("a"), W("b")))
    assert parse("ornithopter") == W("ornithopter")
    assert parse('"or"') == W("or", "quoted")


def test_minus_negates_only_at_a_term_start():
    assert parse("-t:land") == Not(K("t", ":", "land"))
    assert parse("lim-dul") == W("lim-dul")
    assert parse("--bolt") == W("bolt")
    assert parse("-(a or b)") == Not(Or((W("a"), W("b"))))
    assert parse("-(-a)") == W("a")


def test_not_key_is_negated_is():
    assert parse("not:commander") == Not(K("is", ":", "commander"))
    assert parse("-not:commander") == K("is", ":", "commander")


def test_longest_operator_wins():
    assert parse("pow>=3") == K("pow", ">=", "3")
    assert parse("pow<=3") == K("pow", "<=", "3")
    assert parse("c!=r") == K("c", "!=", "r")
    assert parse("POW>3") == K("pow", ">", "3")


def test_quoted_values_run_past_spaces():
    assert parse('t:"time lord"') == K("t", ":", "time lord", "quoted")
    assert parse('o:"{T}: add"') == K("o", ":", "{T}: add", "quoted")
    assert parse(r'"a \"b\" \\c"') == W('a "b" \\c', "quoted")


def test_typographic_quotes_are_plain_quotes():
    assert parse("\u201csol ring\u201d") == parse('"sol ring"')
    assert parse("urza\u2019s") == W("urza's")


def test_exact_names():
    assert parse("!fire") == W("fire", exact=True)
    assert parse('!"Sol Ring"') == W("Sol Ring", "quoted", exact=True)


def test_regex_values():
    assert parse("name:/^kor/") == K("name", ":", "^kor", "regex")
    assert parse(r"o:/a\/b c/") == K("o", ":", r"a\/b c", "regex")


def test_parentheses_nest_to_32():
    deep = "(" * 32 + "bolt" + ")" * 32
    assert parse(deep) == W("bolt")
    with pytest.raises(SearchError) as err:
        parse("(" * 33 + "bolt" + ")" * 33)
    assert err.value.position == 32


def test_query_and_regex_limits():
    assert parse("a" * 1000) == W("a" * 1000)
    with pytest.raises(SearchError) as err:
        parse("a" * 1001)
    assert err.value.position == 1000
    parse("name:/" + "a" * 500 + "/")
    with pytest.raises(SearchError):
        parse("name:/" + "a" * 501 + "/")


def test_positions_are_kept_but_ignored_by_equality():
    tree = parse("  t:elf")
    assert (tree.start, tree.end, tree.op_start, tree.value_start) == (2, 7, 3, 4)
    assert tree == K("t", ":", "elf")


# --- errors (search.md §6) ----------------------------------------------------------------------

ERRORS = [
    ('"sol ring', 0, "unclosed quote"),
    ("name:/(ab/", 6, "invalid regular expression: missing ), unterminated subpattern"),
    ("name:/abc", 5, "unclosed regular expression"),
    ("foo:bar", 0, 'unknown key "foo" (put text with ":" in quotes)'),
    ("circle of protection: red", 10, 'unknown key "protection" (put text with ":" in quotes)'),
    ("cn:12", 0, '"cn:" is not supported yet'),
    ("c:", 2, 'missing value after "c:"'),
    ("t<creature", 1, '"<" does not apply to "t:"'),
    ("c:xyz", 2, 'unknown colour "xyz"'),
    ("id:azorious", 3, 'unknown colour "azorious"'),
    ("pow>=big", 5, '"big" is not a number'),
    ("(t:elf", 0, 'missing ")"'),
    ("t:elf)", 5, 'unexpected ")"'),
    ("()", 0, "empty parentheses"),
    ("or t:elf", 0, '"or" needs a term on each side'),
    ("t:elf or", 6, '"or" needs a term on each side'),
    ("t:elf -", 6, '"-" needs a term'),
    ("/bolt/", 0, "use name:/…/ for a regular expression"),
]


@pytest.mark.parametrize("query,position,message", ERRORS)
def test_error_table(query, position, message):
    with pytest.raises(SearchError) as err:
        parse(query)
    assert err.value.position == position
    assert err.value.message == message
    assert err.value.length >= 1


def test_unknown_format_lists_the_known_ones():
    with pytest.raises(SearchError) as err:
        parse("f:modren")
    assert err.value.position == 2
    assert err.value.message.startswith('unknown format "modren" (known: ')
    assert "commander" in err.value.message


def test_unknown_is_value_lists_the_valid_ones():
    with pytest.raises(SearchError) as err:
        parse("is:banana")
    assert err.value.position == 3
    assert err.value.message.startswith('unknown is: value "banana" (valid: ')
    assert "commander" in err.value.message and "vanilla" in err.value.message


def test_unknown_key_length_covers_the_key():
    with pytest.raises(SearchError) as err:
        parse("t:elf foo:bar")
    assert (err.value.position, err.value.length) == (6, 3)


def test_multicolour_refuses_ordering_operators():
    parse("c:m")
    parse("c!=m")
    with pytest.raises(SearchError) as err:
        parse("c>m")
    assert err.value.position == 1


def test_regex_only_for_keys_that_take_one():
    with pytest.raises(SearchError) as err:
        parse("t:/elf/")
    assert err.value.position == 2


def test_error_renders_a_caret():
    with pytest.raises(SearchError) as err:
        parse("t:elf foo:bar")
    rendered = err.value.render("t:elf foo:bar").splitlines()
    assert rendered[1] == "      ^^^"
    assert "position 6" in str(err.value)


def test_error_constructor_accepts_both_orders():
    assert SearchError(3, 2, "m") == SearchError("m", 3, 2)


# --- printing -----------------------------------------------------------------------------------

ROUND_TRIPS = [
    "bolt",
    '"jace the"',
    "!fire",
    '!"Sol Ring"',
    "lim-dul",
    "c:ur c=ur",
    "c:m t:instant",
    "id>=ub is:commander",
    'o:"draw a card" -t:creature',
    "t:angel or t:demon -c:w",
    "(t:angel or t:demon) -c:w",
    "-(c:r or c:g) t:instant",
    "(a b) c",
    "a or (b or c)",
    "name:/^kor/",
    r'"a \"quoted\" \\ word"',
    "not:spell",
]


@pytest.mark.parametrize("query", ROUND_TRIPS)
def test_print_then_parse_gives_the_same_tree(query):
    tree = parse(query)
    assert parse(to_text(tree)) == tree


def test_canonical_text():
    assert to_text(parse("t:Elf   AND  (c:g)")) == "t:Elf c:g"
    assert to_text(parse("not:spell")) == "-is:spell"
    assert to_text(parse("a or b c")) == "a or b c"
