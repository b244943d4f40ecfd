"""The format engine, pinned rule by rule against specs/formats.md (sections 1-10, R1-R24)."""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from deckeditor.formats import CardLike, Format, FormatCard, InvalidDeck, Ruling, TabooList

SEED_JSON = """{"code": "league", "name": "League", "min_size": 40, "max_size": 60, "copies": 3,
 "banned": ["old-relic"], "restricted": {"storm-call": 1},
 "taboo_lists": [{"code": "autumn", "effective_from": "2026-10-01",
                  "banned": ["night-owl"], "restricted": {"ember-fox": 2}}]}"""

AUTUMN = 'the taboo list "autumn" from 2026-10-01'
LEAGUE = 'the format "league"'


def seed_array() -> dict:
    return json.loads(SEED_JSON)


@pytest.fixture
def league() -> Format:
    return Format.from_json(SEED_JSON)


def card(card_id: str, limit: int | None = None) -> FormatCard:
    return FormatCard(card_id, limit)


def refused(fn, *args, match: str | None = None, **kwargs) -> str:
    with pytest.raises(InvalidDeck, match=match) as info:
        fn(*args, **kwargs)
    return str(info.value)


# --- §1 API and card-like objects -------------------------------------------------------------


def test_invalid_deck_is_a_value_error():
    assert issubclass(InvalidDeck, ValueError)


def test_module_imports_only_the_standard_library():
    # the engine is a package: each of its modules, its own siblings (relative imports) aside
    package = Path(__file__).resolve().parents[2] / "deckeditor" / "formats"
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(package.glob("*.py"))]
    roots = set()
    for node in (n for tree in trees for n in ast.walk(tree)):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    allowed = {
        "__future__",
        "bisect",
        "json",
        "re",
        "unicodedata",
        "collections",
        "datetime",
        "itertools",
        "types",
        "typing",
    }
    assert roots <= allowed


def test_game_card_classes_are_accepted_as_they_are(league):
    @dataclass(frozen=True)
    class GameCard:
        id: str
        copy_limit: int | None
        name: str = "whatever"

    ruling = league.ruling_on(date(2026, 10, 1))
    assert ruling.banned_by(GameCard("night-owl", None)) == AUTUMN
    assert ruling.copy_limit(GameCard("basic", 999)) == 999
    assert isinstance(GameCard("x", None), CardLike)


@pytest.mark.parametrize(
    "bad",
    [
        object(),
        type("NoLimit", (), {"id": "x"})(),
        type("NoId", (), {"copy_limit": None})(),
        type("IntId", (), {"id": 3, "copy_limit": None})(),
        type("BoolLimit", (), {"id": "x", "copy_limit": True})(),
        type("FloatLimit", (), {"id": "x", "copy_limit": 4.0})(),
        type("StrLimit", (), {"id": "x", "copy_limit": "4"})(),
    ],
)
def test_not_card_like_is_a_type_error(league, bad):
    ruling = league.ruling_on(date(2026, 1, 1))
    for method in (ruling.banned_by, ruling.copy_limit, ruling.restricted_by, ruling.answer):
        with pytest.raises(TypeError):
            method(bad)


@pytest.mark.parametrize("limit", [0, -1, 1000])
def test_card_like_limit_out_of_range_is_invalid_deck(league, limit):
    fake = type("Fake", (), {"id": "x", "copy_limit": limit})()
    ruling = league.ruling_on(date(2026, 1, 1))
    for method in (ruling.banned_by, ruling.copy_limit, ruling.restricted_by, ruling.answer):
        with pytest.raises(InvalidDeck):
            method(fake)


def test_id_not_in_card_id_form_matches_nothing(league):
    fake = type("Fake", (), {"id": "old relic\n", "copy_limit": None})()
    ruling = league.ruling_on(date(2026, 10, 1))
    assert ruling.banned_by(fake) is None
    assert ruling.copy_limit(fake) == 3


def test_objects_are_immutable(league):
    ruling = league.ruling_on(date(2026, 10, 1))
    for obj, attr in (
        (league, "copies"),
        (league.taboo_lists[0], "code"),
        (card("x"), "copy_limit"),
        (ruling, "day"),
    ):
        with pytest.raises(AttributeError):
            setattr(obj, attr, 1)
    with pytest.raises(TypeError):
        league.restricted["storm-call"] = 4  # type: ignore[index]
    assert isinstance(league.banned, tuple)


# --- §2 value forms ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["a", "0", "league", "a-b_c.d", "x" * 64, "9lives"])
def test_codes_accepted(code):
    assert Format(code, "N").code == code


@pytest.mark.parametrize(
    "code", ["", "-a", "_a", ".a", "League", "a b", "league\n", "x" * 65, "é", "٣", 3, None]
)
def test_codes_refused(code):
    refused(Format, code, "N", match="^code: ")


@pytest.mark.parametrize("card_id", ["a", "Fox", "a:b/c.d-e_f", "x" * 255, "0"])
def test_card_ids_accepted(card_id):
    assert FormatCard(card_id).id == card_id


@pytest.mark.parametrize(
    "card_id", ["", "-a", "a b", "a\n", "x" * 256, "é", "ｆox", "a\u200d", 5, None, b"a"]
)
def test_card_ids_refused(card_id):
    refused(FormatCard, card_id, match="^id: ")


def test_card_ids_are_case_sensitive():
    fmt = Format("f", "F", banned=["Fox"])
    ruling = fmt.ruling_on(date(2026, 1, 1))
    assert ruling.banned_by(card("Fox")) == 'the format "f"'
    assert ruling.banned_by(card("fox")) is None


@pytest.mark.parametrize(
    "name", ["L", "League of Legends", "x" * 200, "a\u200db", "Zoë", "a\u00a0b", "🦊"]
)
def test_names_accepted(name):
    assert Format("f", name).name == name


@pytest.mark.parametrize(
    "name",
    [
        "",
        "x" * 201,
        " a",
        "a ",
        "\u00a0a",
        "a\u2003",
        "a\nb",
        "a\x00",
        "a\x7f",
        "a\x85b",
        "a\ud800",
        7,
        None,
    ],
)
def test_names_refused(name):
    refused(Format, "f", name, match="^name: ")


def test_name_length_counts_code_points():
    assert Format("f", "é" * 200).name == "é" * 200  # 400 bytes of UTF-8, 200 code points


@pytest.mark.parametrize("value", [True, 4.0, "4", None])
def test_counts_are_ints_only(value):
    refused(Format, "f", "F", copies=value, match="^copies: ")


# --- §3 FormatCard ----------------------------------------------------------------------------


def test_format_card_equality_and_hash():
    assert FormatCard("a", 2) == FormatCard("a", 2)
    assert FormatCard("a", 2) != FormatCard("a", 3)
    assert FormatCard("a") != FormatCard("b")
    assert len({FormatCard("a", 2), FormatCard("a", 2), FormatCard("a")}) == 2


@pytest.mark.parametrize("limit", [0, 1000, -5, True, 2.0, "3"])
def test_format_card_bad_limit(limit):
    refused(FormatCard, "a", limit, match="^copy_limit: ")


def test_format_card_limits_bounds():
    assert FormatCard("a", 1).copy_limit == 1
    assert FormatCard("a", 999).copy_limit == 999
    assert FormatCard("a").copy_limit is None


# --- §4 TabooList -----------------------------------------------------------------------------


def test_taboo_list_label_and_order():
    taboo = TabooList("autumn", date(2026, 10, 1), ["b", "a"], {"z": 2, "y": 1})
    assert taboo.label == AUTUMN
    assert taboo.banned == ("b", "a")
    assert list(taboo.restricted) == ["z", "y"]


def test_taboo_list_refuses_datetime_day():
    refused(TabooList, "t", datetime(2026, 10, 1, tzinfo=UTC), match="^effective_from: ")
    refused(TabooList, "t", "2026-10-01", match="^effective_from: ")


def test_taboo_list_duplicate_ban():
    message = refused(TabooList, "t", date(2026, 1, 1), ["a", "old-relic", "old-relic"])
    assert message == 'banned[2]: "old-relic" appears twice'


def test_taboo_list_refuses_a_string_for_banned():
    refused(TabooList, "t", date(2026, 1, 1), "abc", match="^banned: ")


def test_taboo_list_restricted_counts():
    refused(TabooList, "t", date(2026, 1, 1), (), {"a": 0}, match=r'^restricted\["a"\]: ')
    refused(TabooList, "t", date(2026, 1, 1), (), {"a": 1000})
    refused(TabooList, "t", date(2026, 1, 1), (), {"a b": 1}, match="^restricted key: ")


def test_list_limits_are_10000_each():  # R22
    ids = [f"c{i}" for i in range(10_000)]
    taboo = TabooList("t", date(2026, 1, 1), ids, {i: 1 for i in [f"r{n}" for n in range(10_000)]})
    assert len(taboo.banned) == 10_000 and len(taboo.restricted) == 10_000
    refused(TabooList, "t", date(2026, 1, 1), ids + ["one-more"], match="more than 10000")
    refused(Format, "f", "F", banned=ids + ["one-more"], match="^banned: more than 10000")
    refused(Format, "f", "F", restricted={f"c{i}": 1 for i in range(10_001)}, match="10000")


def test_r7_banned_and_restricted_in_one_list_is_refused():
    refused(TabooList, "t", date(2026, 1, 1), ["a"], {"a": 1}, match="also banned")
    refused(Format, "f", "F", banned=["a"], restricted={"a": 1}, match="also banned")


def test_r7_across_lists_is_allowed():
    fmt = Format(
        "f",
        "F",
        copies=4,
        banned=["a"],
        restricted={"b": 2},
        taboo_lists=[TabooList("t", date(2026, 1, 1), ["b"], {"a": 1})],
    )
    ruling = fmt.ruling_on(date(2026, 1, 1))
    assert ruling.banned_by(card("a")) == 'the format "f"'  # R2: the taboo list cannot lift it
    assert ruling.banned_by(card("b")) == 'the taboo list "t" from 2026-01-01'


# --- §5 Format --------------------------------------------------------------------------------


def test_format_defaults_and_label():
    fmt = Format("league", "League")
    assert (fmt.min_size, fmt.max_size, fmt.copies) == (1, None, 999)
    assert fmt.banned == () and dict(fmt.restricted) == {} and fmt.taboo_lists == ()
    assert fmt.label == LEAGUE


def test_sizes():
    assert Format("f", "F", min_size=0, max_size=1).max_size == 1
    assert Format("f", "F", min_size=100_000, max_size=100_000).max_size == 100_000
    refused(Format, "f", "F", min_size=0, max_size=0, match="^max_size: ")
    refused(Format, "f", "F", min_size=40, max_size=39, match="^max_size: ")
    refused(Format, "f", "F", min_size=-1, match="^min_size: ")
    refused(Format, "f", "F", min_size=100_001, match="^min_size: ")
    refused(Format, "f", "F", max_size=100_001, match="^max_size: ")
    refused(Format, "f", "F", copies=0, match="^copies: ")
    refused(Format, "f", "F", copies=1000, match="^copies: ")


def test_taboo_lists_are_sorted_by_day():
    late = TabooList("late", date(2027, 1, 1))
    early = TabooList("early", date(2026, 1, 1))
    fmt = Format("f", "F", taboo_lists=[late, early])
    assert [t.code for t in fmt.taboo_lists] == ["early", "late"]


def test_r21_taboo_lists_unique_code_and_day():
    a = TabooList("a", date(2026, 1, 1))
    refused(
        Format,
        "f",
        "F",
        taboo_lists=[a, TabooList("b", date(2026, 1, 1))],
        match=r"^taboo_lists\[1\]\.effective_from: ",
    )
    refused(
        Format,
        "f",
        "F",
        taboo_lists=[a, TabooList("a", date(2026, 2, 1))],
        match=r"^taboo_lists\[1\]\.code: ",
    )


def test_at_most_100_taboo_lists():
    lists = [TabooList(f"t{i}", date(2020, 1, 1) + timedelta(days=i)) for i in range(101)]
    assert len(Format("f", "F", taboo_lists=lists[:100]).taboo_lists) == 100
    refused(Format, "f", "F", taboo_lists=lists, match="more than 100")


def test_r18_taboo_code_may_equal_format_code():
    fmt = Format("league", "L", taboo_lists=[TabooList("league", date(2026, 1, 1), ["x"])])
    assert fmt.ruling_on(date(2026, 1, 1)).banned_by(card("x")) == (
        'the taboo list "league" from 2026-01-01'
    )


def test_r19_equality_ignores_order():
    a = Format(
        "f",
        "F",
        banned=["a", "b"],
        restricted={"c": 1, "d": 2},
        taboo_lists=[
            TabooList("x", date(2026, 1, 1), ["p", "q"]),
            TabooList("y", date(2026, 2, 1)),
        ],
    )
    b = Format(
        "f",
        "F",
        banned=["b", "a"],
        restricted={"d": 2, "c": 1},
        taboo_lists=[
            TabooList("y", date(2026, 2, 1)),
            TabooList("x", date(2026, 1, 1), ["q", "p"]),
        ],
    )
    assert a == b and hash(a) == hash(b)
    assert a != Format("f", "F", banned=["a"], restricted={"c": 1, "d": 2})
    assert a.to_array()["banned"] == ["a", "b"] and b.to_array()["banned"] == ["b", "a"]


def test_r20_unknown_ids_are_fine():
    fmt = Format("f", "F", banned=["no-such-card-anywhere"])
    assert fmt.ruling_on(date(2026, 1, 1)).banned_by(card("no-such-card-anywhere"))


# --- §6 the day of a check --------------------------------------------------------------------


def test_day_from_aware_datetime_uses_its_own_clock(league):
    montreal = timezone(timedelta(hours=-4))
    evening = datetime(2026, 9, 30, 22, 0, tzinfo=montreal)  # already 1 October in UTC
    ruling = league.ruling_on(evening)
    assert ruling.day == date(2026, 9, 30)
    assert ruling.taboo_list is None
    assert league.ruling_on(evening.astimezone(UTC)).taboo_list is not None


def test_naive_datetime_is_refused(league):  # R9
    with pytest.raises(ValueError):
        league.ruling_on(datetime(2026, 10, 1, 12, 0))


@pytest.mark.parametrize("when", ["2026-10-01", 20261001, None, 1.5])
def test_other_types_are_type_errors(league, when):
    with pytest.raises(TypeError):
        league.ruling_on(when)


def test_r24_no_default_today(league):
    with pytest.raises(TypeError):
        league.ruling_on()  # type: ignore[call-arg]


def test_ruling_attributes(league):
    ruling = league.ruling_on(date(2026, 10, 1))
    assert isinstance(ruling, Ruling)
    assert ruling.format is league
    assert ruling.taboo_list == league.taboo_lists[0]
    assert ruling.day == date(2026, 10, 1) and type(ruling.day) is date


# --- §7 which taboo list applies (R8) ---------------------------------------------------------


def three_lists() -> Format:
    return Format(
        "f",
        "F",
        copies=4,
        taboo_lists=[
            TabooList("one", date(2026, 1, 1), ["a"]),
            TabooList("two", date(2026, 6, 1), ["b"]),
            TabooList("empty", date(2026, 9, 1)),
            TabooList("future", date(2099, 1, 1), ["z"]),
        ],
    )


@pytest.mark.parametrize(
    ("day", "code"),
    [
        (date(2025, 12, 31), None),
        (date(2026, 1, 1), "one"),
        (date(2026, 5, 31), "one"),
        (date(2026, 6, 1), "two"),
        (date(2026, 8, 31), "two"),
        (date(2026, 9, 1), "empty"),
        (date(2098, 12, 31), "empty"),
        (date(2099, 1, 1), "future"),
    ],
)
def test_latest_list_on_or_before_the_day(day, code):
    ruling = three_lists().ruling_on(day)
    assert (ruling.taboo_list.code if ruling.taboo_list else None) == code


def test_lists_replace_and_do_not_accumulate():
    fmt = three_lists()
    assert fmt.ruling_on(date(2026, 6, 1)).banned_by(card("a")) is None
    assert fmt.ruling_on(date(2026, 6, 1)).banned_by(card("b"))
    empty = fmt.ruling_on(date(2026, 9, 1))
    assert empty.banned_by(card("a")) is None and empty.banned_by(card("b")) is None
    assert fmt.ruling_on(date(2030, 1, 1)).banned_by(card("z")) is None  # future list is inert


# --- §8 Ruling (R1-R6) ------------------------------------------------------------------------


def test_seed_example_answers(league):
    ruling = league.ruling_on(date(2026, 10, 1))
    assert ruling.banned_by(card("old-relic")) == LEAGUE
    assert ruling.banned_by(card("night-owl")) == AUTUMN
    assert ruling.copy_limit(card("ember-fox")) == 2
    assert ruling.restricted_by(card("ember-fox")) == AUTUMN
    assert ruling.copy_limit(card("storm-call")) == 1
    assert ruling.restricted_by(card("storm-call")) == LEAGUE
    assert ruling.copy_limit(card("anything")) == 3
    before = league.ruling_on(date(2026, 9, 30))
    assert before.banned_by(card("night-owl")) is None
    assert before.copy_limit(card("ember-fox")) == 3


def test_r1_format_wins_when_both_ban():
    fmt = Format("f", "F", banned=["x"], taboo_lists=[TabooList("t", date(2026, 1, 1), ["x"])])
    assert fmt.ruling_on(date(2026, 1, 1)).banned_by(card("x")) == 'the format "f"'


def test_r2_taboo_restriction_cannot_lift_a_format_ban():
    fmt = Format(
        "f", "F", banned=["x"], taboo_lists=[TabooList("t", date(2026, 1, 1), (), {"x": 3})]
    )
    ruling = fmt.ruling_on(date(2026, 1, 1))
    assert ruling.copy_limit(card("x")) == 0
    assert ruling.restricted_by(card("x")) is None
    assert ruling.banned_by(card("x")) == 'the format "f"'


@pytest.mark.parametrize(("taboo_count", "expected"), [(1, 1), (3, 3), (4, 4), (9, 4)])
def test_r3_taboo_restriction_replaces_the_formats_both_ways(taboo_count, expected):
    fmt = Format(
        "f",
        "F",
        copies=4,
        restricted={"x": 2},
        taboo_lists=[TabooList("t", date(2026, 1, 1), (), {"x": taboo_count})],
    )
    ruling = fmt.ruling_on(date(2026, 1, 1))
    assert ruling.copy_limit(card("x")) == expected
    label = 'the taboo list "t" from 2026-01-01'
    assert ruling.restricted_by(card("x")) == (label if taboo_count < 4 else None)
    assert fmt.ruling_on(date(2025, 12, 31)).copy_limit(card("x")) == 2


def test_r4_restriction_never_raises_and_equal_is_not_restricted():
    fmt = Format("f", "F", copies=4, restricted={"x": 4, "y": 10, "z": 3})
    ruling = fmt.ruling_on(date(2026, 1, 1))
    assert ruling.copy_limit(card("x")) == 4 and ruling.restricted_by(card("x")) is None
    assert ruling.copy_limit(card("y")) == 4 and ruling.restricted_by(card("y")) is None
    assert ruling.copy_limit(card("z")) == 3 and ruling.restricted_by(card("z")) == 'the format "f"'
    assert ruling.copy_limit(card("y", 20)) == 10  # own number 20, restricted below it
    assert ruling.restricted_by(card("y", 20)) == 'the format "f"'


def test_r5_own_number_replaces_copies_higher_or_lower():
    ruling = Format("f", "F", copies=4).ruling_on(date(2026, 1, 1))
    assert ruling.copy_limit(card("basic", 20)) == 20
    assert ruling.copy_limit(card("unique", 1)) == 1
    assert ruling.copy_limit(card("plain")) == 4
    assert ruling.restricted_by(card("unique", 1)) is None


def test_r6_banned_means_zero_and_no_restriction():
    fmt = Format(
        "f",
        "F",
        copies=4,
        taboo_lists=[TabooList("t", date(2026, 1, 1), ["x"])],
        restricted={"x": 1},
    )
    ruling = fmt.ruling_on(date(2026, 1, 1))
    assert ruling.copy_limit(card("x")) == 0
    assert ruling.restricted_by(card("x")) is None
    assert ruling.banned_by(card("x")) == 'the taboo list "t" from 2026-01-01'


def test_rulings_are_reused_per_day(league):
    assert league.ruling_on(date(2026, 10, 1)) is league.ruling_on(date(2026, 10, 1))


def test_answers_depend_only_on_the_day(league):
    zone = timezone(timedelta(hours=5, minutes=30))
    a = league.ruling_on(datetime(2026, 10, 1, 0, 0, tzinfo=zone))
    b = league.ruling_on(datetime(2026, 10, 1, 23, 59, 59, tzinfo=UTC))
    for c in (card("night-owl"), card("ember-fox"), card("storm-call"), card("q", 7)):
        assert (a.banned_by(c), a.copy_limit(c), a.restricted_by(c)) == (
            b.banned_by(c),
            b.copy_limit(c),
            b.restricted_by(c),
        )


# --- §9.1 arrays ------------------------------------------------------------------------------


def test_to_array_shape(league):
    array = league.to_array()
    assert list(array) == [
        "code",
        "name",
        "min_size",
        "max_size",
        "copies",
        "banned",
        "restricted",
        "taboo_lists",
    ]
    assert array == seed_array()
    assert list(array["taboo_lists"][0]) == ["code", "effective_from", "banned", "restricted"]
    assert Format.from_array(array) == league


def test_to_array_sorted_lists_and_null_max():
    fmt = Format(
        "f", "F", taboo_lists=[TabooList("b", date(2027, 1, 1)), TabooList("a", date(2026, 1, 1))]
    )
    array = fmt.to_array()
    assert array["max_size"] is None
    assert [t["effective_from"] for t in array["taboo_lists"]] == ["2026-01-01", "2027-01-01"]


@pytest.mark.parametrize("key", list(json.loads(SEED_JSON)))
def test_r13_every_key_is_required(key):
    array = seed_array()
    del array[key]
    assert refused(Format.from_array, array) == f"{key}: missing"


@pytest.mark.parametrize("key", ["code", "effective_from", "banned", "restricted"])
def test_r13_every_taboo_key_is_required(key):
    array = seed_array()
    del array["taboo_lists"][0][key]
    assert refused(Format.from_array, array) == f"taboo_lists[0].{key}: missing"


def test_unknown_keys_refused_at_every_level():
    array = seed_array()
    array["extra"] = 1
    assert refused(Format.from_array, array) == "extra: unknown key"
    array = seed_array()
    array["taboo_lists"][0]["note"] = "x"
    assert refused(Format.from_array, array) == "taboo_lists[0].note: unknown key"


def test_max_size_null_is_allowed_but_present():
    array = seed_array()
    array["max_size"] = None
    assert Format.from_array(array).max_size is None


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("min_size",), True),
        (("min_size",), 40.0),
        (("min_size",), "40"),
        (("min_size",), None),
        (("copies",), 3.0),
        (("max_size",), "60"),
        (("max_size",), False),
        (("banned",), "old-relic"),
        (("banned",), ("old-relic",)),
        (("banned",), None),
        (("banned",), {"old-relic": 1}),
        (("restricted",), [["storm-call", 1]]),
        (("restricted",), None),
        (("restricted", "storm-call"), True),
        (("restricted", "storm-call"), 1.0),
        (("taboo_lists",), None),
        (("taboo_lists",), {}),
        (("taboo_lists",), "autumn"),
        (("taboo_lists", 0), ["autumn"]),
        (("taboo_lists", 0), None),
        (("taboo_lists", 0, "effective_from"), "2026-10-01T00:00:00"),
        (("taboo_lists", 0, "effective_from"), "20261001"),
        (("taboo_lists", 0, "effective_from"), "2026-W40-4"),
        (("taboo_lists", 0, "effective_from"), "2026-02-30"),
        (("taboo_lists", 0, "effective_from"), "2026-10-01\n"),
        (("taboo_lists", 0, "effective_from"), "２０２６-10-01"),
        (("taboo_lists", 0, "effective_from"), 20261001),
        (("taboo_lists", 0, "banned"), "night-owl"),
        (("name",), ["League"]),
        (("code",), None),
    ],
)
def test_r14_exact_types(path, value):
    array = seed_array()
    target = array
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    refused(Format.from_array, array)


def test_from_array_refuses_non_dicts_and_non_string_keys():
    for bad in (None, [], "x", 3, (("code", "x"),)):
        refused(Format.from_array, bad)
    array = seed_array()
    array[1] = "x"
    refused(Format.from_array, array)
    array = seed_array()
    array["restricted"] = {1: 1}
    refused(Format.from_array, array)


def test_error_messages_name_the_key_path():
    array = seed_array()
    array["taboo_lists"].append(
        {"code": "later", "effective_from": "20261001", "banned": [], "restricted": {}}
    )
    assert refused(Format.from_array, array) == (
        'taboo_lists[1].effective_from: "20261001" is not YYYY-MM-DD'
    )
    array = seed_array()
    array["banned"] = ["a", "b", "c", "old-relic", "old-relic"]
    assert refused(Format.from_array, array) == 'banned[4]: "old-relic" appears twice'
    array = seed_array()
    array["taboo_lists"][0]["banned"] = ["ok", "not ok"]
    assert refused(Format.from_array, array).startswith("taboo_lists[0].banned[1]: ")


# --- §9.2 JSON --------------------------------------------------------------------------------


def test_json_round_trip(league):
    assert Format.from_json(league.to_json()) == league
    assert Format.from_json(league.to_json().encode("utf-8")) == league


def test_to_json_keeps_unicode():
    fmt = Format("f", "Zoë 🦊")
    assert "Zoë 🦊" in fmt.to_json()
    assert Format.from_json(fmt.to_json()) == fmt


@pytest.mark.parametrize("text", [None, 3, [SEED_JSON], bytearray(b"{}"), memoryview(b"{}")])
def test_from_json_refuses_other_types(text):
    refused(Format.from_json, text)


def padded(size: int) -> str:
    """The seed document padded with spaces to exactly `size` bytes."""
    return SEED_JSON + " " * (size - len(SEED_JSON.encode("utf-8")))


def test_r16_size_boundary_is_inclusive():
    exact = padded(1_048_576)
    assert Format.from_json(exact).code == "league"
    assert Format.from_json(exact.encode("utf-8")).code == "league"
    refused(Format.from_json, exact + " ", match="more than 1048576")
    refused(Format.from_json, (exact + " ").encode("utf-8"), match="more than 1048576")


def test_size_counts_utf8_bytes_not_characters():
    name_doc = SEED_JSON.replace('"League"', '"Léague"')
    text = name_doc + " " * (1_048_576 - len(name_doc))  # 1,048,576 characters, one byte more
    refused(Format.from_json, text, match="more than 1048576")


def test_a_large_valid_format_writes_but_does_not_read_back():
    ids = [("x" * 250) + f"{i:05d}" for i in range(10_000)]
    fmt = Format("big", "Big", banned=ids)
    text = fmt.to_json()
    assert len(text.encode("utf-8")) > 1_048_576
    refused(Format.from_json, text)
    assert Format.from_array(json.loads(text)) == fmt


@pytest.mark.parametrize(
    "data",
    [
        b"\xef\xbb\xbf" + SEED_JSON.encode(),
        SEED_JSON.encode("utf-16"),
        SEED_JSON.encode("utf-16-le"),
        SEED_JSON.encode("utf-32"),
        SEED_JSON.encode().replace(b"League", b"L\xe9ague"),
        SEED_JSON.encode().replace(b"League", b"L\xed\xa0\x80ague"),  # encoded surrogate
    ],
)
def test_bytes_must_be_strict_utf8_without_bom(data):
    refused(Format.from_json, data)


def test_str_with_bom_or_lone_surrogate():
    refused(Format.from_json, "\ufeff" + SEED_JSON)
    refused(Format.from_json, SEED_JSON.replace("League", "L\ud800"))


def test_escaped_lone_surrogate_is_refused_by_the_name_rule():
    message = refused(Format.from_json, SEED_JSON.replace('"League"', '"L\\ud800"'))
    assert message.startswith("name: ")
    refused(Format.from_json, SEED_JSON.replace('"old-relic"', '"old\\ud800"'))


def test_r17_depth_limit():
    # The top level is level 1: 15 nested arrays pass the scan and fail only as a non-object.
    refused(Format.from_json, "[" * 15 + "]" * 15, match="not a JSON object")
    refused(Format.from_json, "[" * 16 + "]" * 16, match="deeper than 15")
    refused(Format.from_json, "[" * 200_000, match="deeper than 15")
    refused(Format.from_json, '{"a":' * 100_000 + "1" + "}" * 100_000, match="deeper than 15")


def test_brackets_only_inside_strings_are_not_depth():
    doc = SEED_JSON.replace('"League"', '"' + "[" * 40 + '"')
    assert Format.from_json(doc).name == "[" * 40


def test_depth_error_after_a_long_flat_part():
    text = "[" + "[1]," * 1000 + "[" * 15 + "]" * 15 + "]"
    assert "deeper than 15" in refused(Format.from_json, text)


def test_depth_scan_ignores_brackets_inside_strings():
    name = '[[[[[[[[[[{{{{{{{{{{\\"[[[[[['
    doc = SEED_JSON.replace('"League"', f'"{name}"')
    assert Format.from_json(doc).name == name.replace('\\"', '"')


def test_r15_duplicate_keys_refused():
    refused(
        Format.from_json,
        SEED_JSON.replace('"copies": 3', '"copies": 3, "copies": 3'),
        match="twice",
    )
    refused(
        Format.from_json,
        SEED_JSON.replace('"ember-fox": 2', '"ember-fox": 2, "ember-fox": 1'),
        match="twice",
    )


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_refused(constant):
    refused(Format.from_json, SEED_JSON.replace('"copies": 3', f'"copies": {constant}'))
    refused(Format.from_json, constant)


@pytest.mark.parametrize(
    "text",
    [
        SEED_JSON + " x",
        SEED_JSON + "{}",
        "",
        " ",
        "{",
        "{'code': 'x'}",
        '{"code": "x",}',
        SEED_JSON.replace('"copies": 3', '"copies": 1e400'),
        SEED_JSON.replace('"copies": 3', '"copies": ' + "9" * 5000),
        SEED_JSON.replace('"copies": 3', '"copies": 03'),
    ],
)
def test_not_json_and_trailing_data(text):
    refused(Format.from_json, text)


def test_not_json_gives_line_and_column():
    assert "line 2 column" in refused(Format.from_json, '{\n  "code": }')


@pytest.mark.parametrize("top", ["[]", "null", '"x"', "3", "true"])
def test_top_level_must_be_an_object(top):
    refused(Format.from_json, top, match="not a JSON object")


# --- §10 and section 13.4 consequences, on a local copy of the Commander shape --------------


def test_dated_snapshots_like_commander():
    before = ["gifts-ungiven", "mana-crypt"]
    fmt = Format(
        "commander",
        "Commander",
        100,
        100,
        1,
        banned=["shahrazad"],
        taboo_lists=[
            TabooList("2024-09", date(2024, 9, 23), before),
            TabooList("2025-04", date(2025, 4, 22), ["mana-crypt"]),
        ],
    )
    assert fmt.ruling_on(date(2024, 9, 22)).banned_by(card("mana-crypt")) is None
    assert fmt.ruling_on(date(2025, 4, 21)).banned_by(card("gifts-ungiven")) == (
        'the taboo list "2024-09" from 2024-09-23'
    )
    assert fmt.ruling_on(date(2025, 4, 22)).banned_by(card("gifts-ungiven")) is None
    assert fmt.ruling_on(date(2025, 4, 22)).banned_by(card("mana-crypt")) == (
        'the taboo list "2025-04" from 2025-04-22'
    )
    assert fmt.ruling_on(date(2000, 1, 1)).banned_by(card("shahrazad")) == 'the format "commander"'


def test_r23_labels_use_codes_and_iso_days_never_names():
    fmt = Format(
        "league",
        "Fancy \u201cLeague\u201d 2026",
        taboo_lists=[TabooList("autumn", date(2026, 10, 1), ["x"])],
    )
    assert fmt.label == 'the format "league"'
    assert fmt.taboo_lists[0].label == AUTUMN
    assert fmt.ruling_on(date(2026, 10, 2)).banned_by(card("x")) == AUTUMN


def test_r12_day_labels_keep_four_digit_years():
    taboo = TabooList("old", date(999, 1, 2))
    assert taboo.label == 'the taboo list "old" from 0999-01-02'
    fmt = Format("f", "F", taboo_lists=[taboo])
    assert Format.from_json(fmt.to_json()) == fmt


def test_copies_and_pickles(league):
    import copy
    import pickle

    ruling = league.ruling_on(date(2026, 10, 1))
    for obj in (league, league.taboo_lists[0], card("x", 3), ruling):
        assert copy.copy(obj) is obj and copy.deepcopy(obj) is obj
    assert pickle.loads(pickle.dumps(league)) == league
    assert pickle.loads(pickle.dumps(card("x", 3))) == card("x", 3)
    assert pickle.loads(pickle.dumps(league.taboo_lists[0])) == league.taboo_lists[0]
    again = pickle.loads(pickle.dumps(ruling))
    assert again.answer(card("ember-fox")) == (None, 2, AUTUMN)


# --- merged from test_formats_review.py ---
# Conformance review of the format engine against `specs/formats.md` (seed 001).


HUGE = 10**5000  # past Python's 4,300-digit limit on int -> str


def _seed_array() -> dict:
    return {
        "code": "league",
        "name": "League",
        "min_size": 40,
        "max_size": 60,
        "copies": 3,
        "banned": ["old-relic"],
        "restricted": {"storm-call": 1},
        "taboo_lists": [
            {
                "code": "autumn",
                "effective_from": "2026-10-01",
                "banned": ["night-owl"],
                "restricted": {"ember-fox": 2},
            }
        ],
    }


# --- §10: every construction failure is an InvalidDeck, even for huge integers ----------------


@pytest.mark.parametrize(
    "build",
    [
        lambda: Format("l", "L", min_size=HUGE),
        lambda: Format("l", "L", min_size=-HUGE),
        lambda: Format("l", "L", copies=HUGE),
        lambda: Format("l", "L", restricted={"a": HUGE}),
        lambda: FormatCard("x", HUGE),
        lambda: TabooList("t", date(2026, 1, 1), restricted={"a": HUGE}),
        lambda: Format.from_array({**_seed_array(), "min_size": HUGE}),
    ],
)
def test_huge_counts_raise_invalid_deck_not_a_bare_value_error(build):
    with pytest.raises(InvalidDeck):
        build()


def test_ruling_huge_own_copy_limit_is_invalid_deck():
    class Card:
        id = "x"
        copy_limit = HUGE

    with pytest.raises(InvalidDeck):
        Format("l", "L").ruling_on(date(2026, 1, 1)).copy_limit(Card())


def test_unknown_key_holding_a_lone_surrogate_gives_a_printable_message():
    with pytest.raises(InvalidDeck) as info:
        Format.from_json('{"\\ud800": 1}')
    str(info.value).encode("utf-8")  # a CLI can print it
    assert "unknown key" in str(info.value)


def test_unknown_key_message_names_the_path():
    a = _seed_array()
    a["taboo_lists"][0]["extra"] = 1
    with pytest.raises(InvalidDeck, match=r"^taboo_lists\[0\]\.extra: unknown key"):
        Format.from_array(a)


# --- §13.3: a format given by path to an MTG deck takes its rule set from its code -----------


def test_mtg_deck_with_a_riftbound_word_in_the_code_still_finds_commander(tmp_path):
    from deckeditor.format_catalog import load_format

    path = tmp_path / "mine.json"
    path.write_text(Format("riftbound-commander", "Odd").to_json(), encoding="utf-8")
    info = load_format(str(path), game="mtg")
    assert (info.game, info.variant, info.mode) == ("mtg", "commander", None)
    path.write_text(Format("riftbound-x", "Odd").to_json(), encoding="utf-8")
    assert load_format(str(path), game="mtg").variant == "constructed"
    info = load_format(str(path), game="riftbound")
    assert (info.game, info.variant, info.mode) == ("riftbound", "riftbound", "competitive")


# --- §13.3: the index and the built-in numbers --------------------------------------------------


def test_format_index_is_the_specs_index():
    from deckeditor.paths import resources_dir

    index = json.loads((resources_dir() / "format_index.json").read_text(encoding="utf-8"))
    # The spec's index, extended by issue 23 (docs/spec-notes.md): every MTGJSON format, each
    # with the group the window lists it under.
    spec = {
        "commander": {"game": "mtg", "variant": "commander"},
        "brawl": {"game": "mtg", "variant": "brawl"},
        "oathbreaker": {"game": "mtg", "variant": "oathbreaker"},
        "vintage": {"game": "mtg", "variant": "constructed"},
        "riftbound": {"game": "riftbound", "variant": "riftbound", "mode": "competitive"},
        "riftbound-casual": {"game": "riftbound", "variant": "riftbound", "mode": "casual"},
    }
    for code, entry in spec.items():
        assert {k: v for k, v in index[code].items() if k in ("game", "variant", "mode")} == entry
    assert len(index) == 24
    stems = {p.stem for p in (resources_dir() / "formats").glob("*.json")}
    assert stems == set(index)


@pytest.mark.parametrize(
    ("code", "sizes"),
    [
        ("commander", (100, 100, 1)),
        ("brawl", (100, 100, 1)),  # MTG Arena's Brawl; the 60-card one is standardbrawl
        ("oathbreaker", (60, 60, 1)),
        ("vintage", (60, None, 4)),
        ("riftbound", (40, 40, 3)),
        ("riftbound-casual", (40, None, 3)),
    ],
)
def test_builtin_numbers(code, sizes):
    from deckeditor.paths import resources_dir

    raw = (resources_dir() / "formats" / f"{code}.json").read_bytes()
    fmt = Format.from_json(raw)
    assert fmt.code == code
    assert (fmt.min_size, fmt.max_size, fmt.copies) == sizes
    assert json.loads(raw) == fmt.to_array()  # exactly the §9 shape, no extra keys


# --- §6: the day of a check ---------------------------------------------------------------------


def _league() -> Format:
    return Format.from_array(_seed_array())


def test_montreal_evening_is_still_its_own_day_and_converting_first_works():
    zoneinfo = pytest.importorskip("zoneinfo")
    try:
        toronto = zoneinfo.ZoneInfo("America/Toronto")
    except zoneinfo.ZoneInfoNotFoundError:
        pytest.skip("no time-zone database")
    league = _league()
    owl = FormatCard("night-owl")
    evening = datetime(2026, 9, 30, 22, 0, tzinfo=toronto)
    assert league.ruling_on(evening).day == date(2026, 9, 30)
    assert league.ruling_on(evening).banned_by(owl) is None
    utc = evening.astimezone(UTC)  # 02:00 on 1 October in UTC
    assert league.ruling_on(utc).banned_by(owl) == 'the taboo list "autumn" from 2026-10-01'
    back = utc.astimezone(toronto)
    assert league.ruling_on(back).banned_by(owl) is None


def test_tzinfo_without_an_offset_counts_as_naive():
    from datetime import tzinfo

    class Floating(tzinfo):
        def utcoffset(self, dt):
            return None

    with pytest.raises(ValueError):
        _league().ruling_on(datetime(2026, 10, 1, tzinfo=Floating()))


def test_date_and_datetime_subclasses():
    class Day(date):
        pass

    class Moment(datetime):
        pass

    league = _league()
    ruling = league.ruling_on(Day(2026, 10, 1))
    assert ruling.day == date(2026, 10, 1) and ruling.taboo_list is not None
    with pytest.raises(ValueError):
        league.ruling_on(Moment(2026, 10, 1, 12))  # naive, even as a subclass
    aware = Moment(2026, 10, 1, 23, 30, tzinfo=timezone(timedelta(hours=14)))
    assert league.ruling_on(aware).day == date(2026, 10, 1)


@pytest.mark.parametrize("when", ["2026-10-01", None, 20261001, 1.5, (2026, 10, 1)])
def test_other_types_for_when_are_type_errors(when):
    with pytest.raises(TypeError):
        _league().ruling_on(when)


# --- §1: card-like objects ----------------------------------------------------------------------


def test_card_like_type_errors_and_range_errors():
    ruling = _league().ruling_on(date(2026, 10, 1))

    def card(**kw):
        return type("Card", (), kw)()

    for bad in (
        card(id="x"),
        card(copy_limit=None),
        card(id=3, copy_limit=None),
        card(id="x", copy_limit=True),
        card(id="x", copy_limit=4.0),
        card(id="x", copy_limit="4"),
    ):
        for method in (ruling.banned_by, ruling.copy_limit, ruling.restricted_by):
            with pytest.raises(TypeError):
                method(bad)
    for limit in (0, -1, 1000):
        for method in (ruling.banned_by, ruling.copy_limit, ruling.restricted_by):
            with pytest.raises(InvalidDeck):
                method(card(id="x", copy_limit=limit))
    # FormatCard's own constructor refuses the same values with InvalidDeck (§3).
    for limit in (True, 4.0, "4", 0, 1000):
        with pytest.raises(InvalidDeck):
            FormatCard("x", limit)


def test_seed_ruling_answers_and_exact_labels():
    league = _league()
    assert league.label == 'the format "league"'
    assert league.taboo_lists[0].label == 'the taboo list "autumn" from 2026-10-01'
    ruling = league.ruling_on(date(2026, 10, 1))
    fox = FormatCard("ember-fox")
    assert (ruling.banned_by(fox), ruling.copy_limit(fox), ruling.restricted_by(fox)) == (
        None,
        2,
        'the taboo list "autumn" from 2026-10-01',
    )
    relic = FormatCard("old-relic", 20)
    assert (ruling.banned_by(relic), ruling.copy_limit(relic), ruling.restricted_by(relic)) == (
        'the format "league"',
        0,
        None,
    )
    storm = FormatCard("storm-call")
    assert ruling.restricted_by(storm) == 'the format "league"' and ruling.copy_limit(storm) == 1
    assert ruling.restricted_by(FormatCard("ember-fox", 2)) is None  # R4: equal is not below
    assert ruling.copy_limit(FormatCard("Ember-Fox")) == 3  # ids are case-sensitive


# --- §13.4: Commander's dated snapshots ----------------------------------------------------------


def test_commander_every_day_since_september_2024_is_answered():
    from deckeditor.format_catalog import load_format

    commander = load_format("commander").format
    crypt, gifts = FormatCard("mana-crypt"), FormatCard("gifts-ungiven")
    day = date(2024, 9, 23)
    while day <= date(2028, 12, 31):
        ruling = commander.ruling_on(day)
        assert ruling.taboo_list is not None
        assert ruling.banned_by(crypt) is not None
        assert (ruling.banned_by(gifts) is None) == (day >= date(2025, 4, 22))
        day += timedelta(days=1)
    assert commander.ruling_on(date(2025, 4, 21)).banned_by(gifts) == (
        'the taboo list "2024-09" from 2024-09-23'
    )
    assert commander.ruling_on(date(2025, 4, 22)).banned_by(crypt) == (
        'the taboo list "2025-04" from 2025-04-22'
    )
    assert commander.ruling_on(date(2024, 9, 22)).banned_by(crypt) is None
    assert commander.ruling_on(date(2024, 9, 22)).banned_by(FormatCard("shahrazad")) == (
        'the format "commander"'
    )
