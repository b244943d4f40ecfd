"""Property tests of the format engine: the invariants of formats.md §8, the round trips of §9."""

from __future__ import annotations

import json
import unicodedata
from datetime import date, datetime, time, timedelta, timezone

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deckeditor.formats import Format, FormatCard, InvalidDeck, TabooList

# A small pool of ids, so that formats, taboo lists and cards collide often.
IDS = [f"card-{n}" for n in range(12)] + ["Fox", "fox", "a:b/c"]
card_ids = st.sampled_from(IDS)
counts = st.integers(min_value=1, max_value=999)
small_counts = st.one_of(st.integers(min_value=1, max_value=6), counts)
days = st.dates(min_value=date(2020, 1, 1), max_value=date(2030, 12, 31))
NAME_CHARS = st.characters(
    min_codepoint=0x21, max_codepoint=0x2FF, blacklist_categories=("Cc", "Cs", "Zs")
)
codes = st.from_regex(r"[a-z0-9][a-z0-9_.\-]{0,10}", fullmatch=True)


@st.composite
def ban_and_restrict(draw):
    """A banned list and a restricted map with no id in both (R7)."""
    banned = draw(st.lists(card_ids, unique=True, max_size=6))
    free = [i for i in IDS if i not in banned]
    restricted_ids = draw(st.lists(st.sampled_from(free), unique=True, max_size=6)) if free else []
    restricted = {i: draw(small_counts) for i in restricted_ids}
    return banned, restricted


@st.composite
def taboo_lists(draw):
    n = draw(st.integers(min_value=0, max_value=5))
    list_days = draw(st.lists(days, unique=True, min_size=n, max_size=n))
    list_codes = draw(st.lists(codes, unique=True, min_size=n, max_size=n))
    result = []
    for code, day in zip(list_codes, list_days):
        banned, restricted = draw(ban_and_restrict())
        result.append(TabooList(code, day, banned, restricted))
    return result


@st.composite
def formats(draw):
    min_size = draw(st.integers(min_value=0, max_value=200))
    max_size = draw(st.one_of(st.none(), st.integers(max(min_size, 1), 100_000)))
    banned, restricted = draw(ban_and_restrict())
    return Format(
        draw(codes),
        draw(st.text(alphabet=NAME_CHARS, min_size=1, max_size=20)),
        min_size,
        max_size,
        draw(small_counts),
        banned,
        restricted,
        draw(taboo_lists()),
    )


cards = st.builds(FormatCard, card_ids, st.one_of(st.none(), small_counts))


def base_of(fmt: Format, card: FormatCard) -> int:
    return card.copy_limit if card.copy_limit is not None else fmt.copies


def reference(fmt: Format, day: date, card: FormatCard) -> tuple[str | None, int, str | None]:
    """The answers computed straight from the spec's words, without the merged tables."""
    applicable = [t for t in fmt.taboo_lists if t.effective_from <= day]
    taboo = max(applicable, key=lambda t: t.effective_from) if applicable else None
    base = base_of(fmt, card)
    if card.id in fmt.banned:
        return fmt.label, 0, None
    if taboo is not None and card.id in taboo.banned:
        return taboo.label, 0, None
    if taboo is not None and card.id in taboo.restricted:
        count, source = taboo.restricted[card.id], taboo.label
    elif card.id in fmt.restricted:
        count, source = fmt.restricted[card.id], fmt.label
    else:
        return None, base, None
    return None, min(base, count), (source if count < base else None)


@settings(max_examples=300)
@given(formats(), days, st.lists(cards, min_size=1, max_size=10))
def test_invariants_and_reference(fmt, day, some_cards):
    ruling = fmt.ruling_on(day)
    for card in some_cards:
        base = base_of(fmt, card)
        banned_by = ruling.banned_by(card)
        limit = ruling.copy_limit(card)
        restricted_by = ruling.restricted_by(card)
        assert 0 <= limit <= base
        assert (limit < base) == (banned_by is not None or restricted_by is not None)
        assert banned_by is None or restricted_by is None
        assert (banned_by is not None) == (limit == 0)
        assert (banned_by, limit, restricted_by) == reference(fmt, day, card)


@settings(max_examples=200)
@given(
    formats(),
    days,
    st.lists(st.times(), min_size=2, max_size=4),
    st.integers(min_value=-14 * 60, max_value=14 * 60),
    cards,
)
def test_answers_depend_only_on_the_day(fmt, day, moments, offset_minutes, card):
    zone = timezone(timedelta(minutes=offset_minutes))
    answers = set()
    for moment in moments:
        ruling = fmt.ruling_on(datetime.combine(day, moment, tzinfo=zone))
        assert ruling.day == day
        answers.add((ruling.banned_by(card), ruling.copy_limit(card), ruling.restricted_by(card)))
    plain = fmt.ruling_on(day)
    answers.add((plain.banned_by(card), plain.copy_limit(card), plain.restricted_by(card)))
    assert len(answers) == 1


@settings(max_examples=300)
@given(formats())
def test_array_and_json_round_trips(fmt):
    array = fmt.to_array()
    assert Format.from_array(array) == fmt
    assert Format.from_array(json.loads(json.dumps(array))) == fmt
    assert Format.from_json(fmt.to_json()) == fmt
    assert Format.from_json(fmt.to_json().encode("utf-8")) == fmt
    # to_array keeps declared order (R19)
    assert array["banned"] == list(fmt.banned)
    assert list(array["restricted"]) == list(fmt.restricted)
    assert [t["effective_from"] for t in array["taboo_lists"]] == sorted(
        t["effective_from"] for t in array["taboo_lists"]
    )


@settings(max_examples=200)
@given(formats(), st.randoms(use_true_random=False))
def test_equality_ignores_order(fmt, rnd):
    banned = list(fmt.banned)
    rnd.shuffle(banned)
    restricted_items = list(fmt.restricted.items())
    rnd.shuffle(restricted_items)
    lists = list(fmt.taboo_lists)
    rnd.shuffle(lists)
    other = Format(
        fmt.code,
        fmt.name,
        fmt.min_size,
        fmt.max_size,
        fmt.copies,
        banned,
        dict(restricted_items),
        lists,
    )
    assert other == fmt and hash(other) == hash(fmt)


def name_ok(text: str) -> bool:
    """The name rule of §2, written independently."""
    if not 1 <= len(text) <= 200:
        return False
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        return False
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        return False
    return not (text[0].isspace() or text[-1].isspace())


@settings(max_examples=500)
@given(st.text(alphabet=st.characters(), max_size=210))
def test_name_rule(text):
    try:
        Format("f", text)
        accepted = True
    except InvalidDeck:
        accepted = False
    assert accepted == name_ok(text)


@settings(max_examples=500)
@given(st.text(max_size=70))
def test_code_rule(text):
    expected = (
        1 <= len(text) <= 64
        and all(ch in "abcdefghijklmnopqrstuvwxyz0123456789_.-" for ch in text)
        and text[0] not in "_.-"
    )
    try:
        Format(text, "N")
        accepted = True
    except InvalidDeck:
        accepted = False
    assert accepted == expected


@settings(max_examples=300)
@given(st.text(alphabet="0123456789-W:T+Z ", max_size=14))
def test_day_rule_in_arrays(text):
    array = {
        "code": "f",
        "name": "F",
        "min_size": 1,
        "max_size": None,
        "copies": 4,
        "banned": [],
        "restricted": {},
        "taboo_lists": [{"code": "t", "effective_from": text, "banned": [], "restricted": {}}],
    }
    try:
        expected = (
            len(text) == 10
            and text[4] == "-"
            and text[7] == "-"
            and date.fromisoformat(text) is not None
            and text.replace("-", "").isascii()
            and text.replace("-", "").isdigit()
        )
    except ValueError:
        expected = False
    try:
        fmt = Format.from_array(array)
        assert fmt.taboo_lists[0].effective_from.isoformat() == text
        accepted = True
    except InvalidDeck:
        accepted = False
    assert accepted == expected


@settings(max_examples=100)
@given(formats(), days)
def test_taboo_list_applied_is_the_latest_on_or_before(fmt, day):
    ruling = fmt.ruling_on(day)
    earlier = [t for t in fmt.taboo_lists if t.effective_from <= day]
    if not earlier:
        assert ruling.taboo_list is None
    else:
        assert ruling.taboo_list == max(earlier, key=lambda t: t.effective_from)
    assume(fmt.taboo_lists)
    assert all(
        a.effective_from < b.effective_from for a, b in zip(fmt.taboo_lists, fmt.taboo_lists[1:])
    )


def test_midnight_boundaries_of_a_zone():
    fmt = Format("f", "F", taboo_lists=[TabooList("t", date(2026, 10, 1), ["x"])])
    zone = timezone(timedelta(hours=-4))
    last = datetime.combine(date(2026, 9, 30), time(23, 59, 59, 999999), tzinfo=zone)
    first = datetime.combine(date(2026, 10, 1), time(0, 0), tzinfo=zone)
    assert fmt.ruling_on(last).banned_by(FormatCard("x")) is None
    assert fmt.ruling_on(first).banned_by(FormatCard("x")) is not None


@settings(max_examples=200)
@given(formats(), days, st.lists(cards, min_size=1, max_size=10))
def test_answer_is_the_three_methods_in_one(fmt, day, some_cards):
    ruling = fmt.ruling_on(day)
    for card in some_cards:
        assert ruling.answer(card) == (
            ruling.banned_by(card),
            ruling.copy_limit(card),
            ruling.restricted_by(card),
        )


def nesting_depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((nesting_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((nesting_depth(v) for v in value.values()), default=0)
    return 0


deep_json = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab\n', max_size=6),
    lambda inner: (
        st.lists(inner, max_size=2)
        | st.dictionaries(st.text(alphabet='[]{}"\\ab', max_size=4), inner, max_size=2)
    ),
    max_leaves=40,
)


@settings(max_examples=400)
@given(deep_json, st.lists(st.sampled_from(["list", "dict"]), max_size=20))
def test_depth_limit_is_exactly_15_levels_of_real_nesting(value, wrappers):
    """The pre-parse scan agrees with the real nesting of any valid document."""
    from deckeditor.formats import strict_json_loads

    for wrapper in wrappers:  # push the document across the limit often
        value = [value] if wrapper == "list" else {"[{": value}

    text = json.dumps(value, ensure_ascii=False)
    try:
        assert strict_json_loads(text) == value
        accepted = True
    except InvalidDeck as exc:
        assert "deeper than 15" in str(exc)
        accepted = False
    assert accepted == (nesting_depth(value) <= 15)
