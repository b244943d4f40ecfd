"""Conformance review of the format engine against `specs/formats.md` (seed 001)."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone

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
    assert index == {
        "commander": {"game": "mtg", "variant": "commander"},
        "brawl": {"game": "mtg", "variant": "brawl"},
        "oathbreaker": {"game": "mtg", "variant": "oathbreaker"},
        "vintage": {"game": "mtg", "variant": "constructed"},
        "riftbound": {"game": "riftbound", "variant": "riftbound", "mode": "competitive"},
        "riftbound-casual": {"game": "riftbound", "variant": "riftbound", "mode": "casual"},
    }
    stems = {p.stem for p in (resources_dir() / "formats").glob("*.json")}
    assert stems == set(index)


@pytest.mark.parametrize(
    ("code", "sizes"),
    [
        ("commander", (100, 100, 1)),
        ("brawl", (60, 60, 1)),
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
