"""The query grammar (`search.md` §1) and its errors (§6): shapes, positions, messages."""

from __future__ import annotations

import json

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.starter import starter_pool
from deckeditor.cli import main
from deckeditor.search import SearchError, compile_query, parse, to_text
from deckeditor.search.keys import game_search
from deckeditor.search.tree import And, Bare, Empty, Keyed, Not, Or
from tests.unit.test_search_mtg import card, face


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


# --- merged from test_search_review.py ---
# Conformance review of the search language (`search.md`): the points the first round missed,
# each pinned against the clause it follows.


def names(pool, query, game="mtg"):
    return {pool[r].name for r in compile_query(query, game).filter_rows(pool)}


# --- §4.3 `~`: the name, or its part before the comma, as a word of its own --------------------

ME = card(
    face("Me, the Immortal", "{2}{G}{U}{R}", "Legendary Creature — Human Rogue",
         "At the beginning of combat on your turn, put your choice of a +1/+1, first strike, "
         "vigilance, or menace counter on Me.\nMe, the Immortal can't be countered.", pt="3/3")
)  # fmt: skip
VI = card(
    face("Vi, Piltover Enforcer", "{1}{R}", "Legendary Creature — Human Warrior",
         "Whenever Vi attacks, it gains vigilance until end of turn.", pt="2/2")
)  # fmt: skip


@pytest.fixture(scope="module")
def tilde_pool():
    return CardPool("mtg", [ME, VI])


def test_tilde_replaces_the_short_name_only_as_a_whole_word(tilde_pool):
    # "menace" and "vigilance" keep their letters: `~` is not "me" or "vi" inside a word.
    assert names(tilde_pool, 'o:"~nace"') == set()
    assert names(tilde_pool, 'o:"~gilance"') == set()
    assert names(tilde_pool, 'o:"gilance"') == {"Me, the Immortal", "Vi, Piltover Enforcer"}
    assert names(tilde_pool, 'o:"or menace counter on ~"') == {"Me, the Immortal"}
    assert names(tilde_pool, 'o:"~ can\'t be countered"') == {"Me, the Immortal"}
    assert names(tilde_pool, 'o:"whenever ~ attacks, it gains vigilance"') == {
        "Vi, Piltover Enforcer"
    }


# --- §5: Riftbound has the format keys, and `m` as for colours -----------------------------------


@pytest.fixture(scope="module")
def rb_pool():
    return starter_pool("riftbound")


def test_riftbound_has_every_format_key(rb_pool):
    keys = game_search("riftbound").keys
    for key in ("f", "format", "legal", "banned", "restricted"):
        assert key in keys
    assert names(rb_pool, "restricted:riftbound", "riftbound") == set()
    assert names(rb_pool, "f:riftbound", "riftbound") == {c.name for c in rb_pool}


def test_riftbound_multi_domain(rb_pool):
    multi = {c.name for c in rb_pool if len(c.domains) >= 2}
    assert names(rb_pool, "domain:m", "riftbound") == multi
    assert names(rb_pool, "d!=m", "riftbound") == {c.name for c in rb_pool} - multi
    with pytest.raises(SearchError) as err:
        parse("domain>m", "riftbound")
    assert err.value.position == 6


def test_riftbound_refuses_mtg_keys_naming_the_right_one():
    with pytest.raises(SearchError) as err:
        parse("c:r", "riftbound")
    assert err.value.message == '"c:" is an MTG key; use "domain:"'
    assert err.value.position == 0


# --- §4.7: the whole list of keys outside the subset --------------------------------------------

OUTSIDE = (
    "cn number ft flavor wm border frame date lang "
    "usd eur tix m mana devotion produces atag unique order prefer include in b block st has"
).split()  # otag: supported for the Commander Brackets categories (issue 14); the printing keys
# s e set edition r rarity a artist game year for issue 24.5 (tests/gui/test_printing_search.py)


@pytest.mark.parametrize("key", OUTSIDE)
def test_keys_outside_the_subset_are_refused_at_the_key(key):
    with pytest.raises(SearchError) as err:
        parse(f"bolt {key}:x")
    assert err.value.message == f'"{key}:" is not supported yet'
    assert err.value.position == 5


# --- §8: every key of §4 matches a card of the starter pool --------------------------------------

MTG_KEYS = {
    "name": "bolt", "c": "r", "color": "r", "colour": "r", "id": "r", "identity": "r", "ci": "r",
    "t": "elf", "type": "elf", "o": "draw", "oracle": "draw", "fo": "flying",
    "fulloracle": "flying", "kw": "flying", "keyword": "flying", "is": "commander",
    "f": "commander", "format": "commander", "legal": "commander", "banned": "commander",
    "restricted": "vintage", "mv": "1", "cmc": "1", "manavalue": "1", "pow": "2", "power": "2",
    "tou": "2", "toughness": "2", "loy": "3", "loyalty": "3", "otag": "tutor",
    "oracletag": "tutor",
}  # fmt: skip


@pytest.mark.parametrize("key, value", sorted(MTG_KEYS.items()))
def test_mtg_keys_match_a_starter_card(key, value):
    assert names(starter_pool("mtg"), f"{key}:{value}")


# --- the command: JSON shape, exit 2 with the message and the position ---------------------------


def test_cli_json_shape_and_error(tmp_path, capsys):
    assert main(["--home", str(tmp_path), "cards", "search", "id<=esper t:instant", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["query", "count", "cards"]
    assert out["query"] == "id<=esper t:instant"
    assert out["count"] == len(out["cards"]) and out["cards"] == sorted(out["cards"])
    assert "Counterspell" in out["cards"] and "Lightning Bolt" not in out["cards"]

    assert main(["--home", str(tmp_path), "cards", "search", "t:elf pow>=big"]) == 2
    err = capsys.readouterr().err
    assert '"big" is not a number' in err and "position 11" in err
    assert "t:elf pow>=big\n           ^^^" in err


# --- §4.2: every colour word names the set the spec gives it -------------------------------------

SPEC_COLOURS = {
    "white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GRU",
    "silverquill": "WB", "prismari": "UR", "witherbloom": "BG", "lorehold": "RW", "quandrix": "GU",
    "yore": "WUBR", "yore-tiller": "WUBR", "glint": "UBRG", "glint-eye": "UBRG",
    "dune": "BRGW", "dune-brood": "BRGW", "ink": "RGWU", "ink-treader": "RGWU",
    "witch": "GWUB", "witch-maw": "GWUB", "wubrg": "WUBRG", "rainbow": "WUBRG",
    "c": "", "colorless": "", "colourless": "", "wu": "WU", "GUR": "GUR",
}  # fmt: skip


@pytest.mark.parametrize("word, letters", sorted(SPEC_COLOURS.items()))
def test_colour_words(word, letters):
    from deckeditor.games.mtg import colors
    from deckeditor.games.mtg.search_keys.colours import parse_colour

    assert parse_colour(word.lower()) == ("set", colors.mask(letters))


@pytest.mark.parametrize("value", ["cw", "wc", "colorlessw", "6", "white,blue", "azorious"])
def test_colourless_does_not_combine_and_typos_are_errors(value):
    with pytest.raises(SearchError) as err:
        parse(f"id:{value}")
    assert err.value.message == f'unknown colour "{value}"' and err.value.position == 3


# --- §4.4: a printed stat's leading number, as the sources print it ------------------------------


def test_half_stats_as_mtgjson_prints_them():
    girl = card(face("Little Girl", "{hw}", "Creature — Human Child", "", pt=".5/.5"))
    pool = CardPool("mtg", [girl])
    for query in ("pow=0.5", "pow=.5", "tou>0", "tou<1", "pow=tou", "pow>=mv"):
        assert names(pool, query) == {"Little Girl"}, query
    assert names(pool, "pow=0") == set()
