"""Conformance review of the format engine against `specs/formats.md` (seed 001)."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from deckeditor.formats import Format, FormatCard, InvalidDeck, TabooList

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
