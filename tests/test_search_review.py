"""Conformance review of the search language (`search.md`): the points the first round missed,
each pinned against the clause it follows."""

from __future__ import annotations

import json

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.starter import starter_pool
from deckeditor.cli import main
from deckeditor.search import SearchError, compile_query, parse
from deckeditor.search.keys import game_search
from tests.test_search_mtg import card, face


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
# s e set edition r rarity a artist game year for issue 24.5 (tests/test_printing_search.py)


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
