"""Built-in formats, their index and `load_format` (formats.md §13.3-13.4, mtg-rules.md §4)."""

from __future__ import annotations

import json
import lzma
from datetime import date
from functools import lru_cache
from pathlib import Path

import pytest

from deckeditor import format_catalog
from deckeditor.format_catalog import (
    FormatInfo,
    FormatLoadError,
    builtin_codes,
    default_format_for,
    load_format,
    variant_of_code,
)
from deckeditor.formats import Format, FormatCard, strict_json_loads
from deckeditor.names import slug
from deckeditor.paths import resources_dir
from tests.conftest import shared_data

FORMATS_DIR = resources_dir() / "formats"
INDEX = resources_dir() / "format_index.json"
GAME_OF_VARIANT = {
    "commander": "mtg",
    "brawl": "mtg",
    "oathbreaker": "mtg",
    "constructed": "mtg",
    "paupercommander": "mtg",
    "riftbound": "riftbound",
}
# Issue 23: every format of the MTGJSON data is built in.
MTG_CODES = (
    "standard",
    "pioneer",
    "modern",
    "legacy",
    "vintage",
    "pauper",
    "historic",
    "timeless",
    "alchemy",
    "explorer",
    "brawl",
    "standardbrawl",
    "commander",
    "oathbreaker",
    "duel",
    "paupercommander",
    "predh",
    "premodern",
    "oldschool",
    "penny",
    "gladiator",
    "future",
)


def ruling(code: str, day: date):
    return load_format(code).format.ruling_on(day)


# --- the files and the index ------------------------------------------------------------------


def test_index_and_files_agree():
    index = json.loads(INDEX.read_text(encoding="utf-8"))
    files = {p.stem for p in FORMATS_DIR.glob("*.json")}
    assert set(index) == files
    assert builtin_codes() == list(index)


@pytest.mark.parametrize("path", sorted(FORMATS_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_every_builtin_file_loads_and_round_trips(path: Path):
    raw = path.read_bytes()
    fmt = Format.from_json(raw)
    assert fmt.code == path.stem
    assert Format.from_json(fmt.to_json()) == fmt
    assert Format.from_array(fmt.to_array()) == fmt
    # Exactly the shape of §9: the file holds no key that to_array would not write.
    assert json.loads(raw) == fmt.to_array()


def test_index_entries():
    index = strict_json_loads(INDEX.read_bytes())
    for code, entry in index.items():
        info = load_format(code)
        assert info.code == code and info.path is None and info.format.code == code
        assert info.title == info.format.name
        assert entry["game"] == GAME_OF_VARIANT[entry["variant"]] == info.game
        assert entry["variant"] == info.variant
        if entry["game"] == "riftbound":
            assert set(entry) == {"game", "variant", "mode"}
            assert info.mode == entry["mode"] in ("competitive", "casual")
        else:
            assert (
                {"game", "variant", "group"}
                <= set(entry)
                <= {"game", "variant", "group", "sideboard"}
            )
            assert info.mode is None and info.group == entry["group"]
            assert info.title[:1].isupper()  # a title players say, never a bare code
        # mtg-rules.md §4: each MTG entry's variant is the rule set its code derives.
        assert variant_of_code(code) == entry["variant"]


@pytest.mark.parametrize(
    ("code", "sizes"),
    [
        ("commander", (100, 100, 1)),
        ("brawl", (100, 100, 1)),  # MTG Arena's Brawl since 2023-12-05
        ("standardbrawl", (60, 60, 1)),
        ("oathbreaker", (60, 60, 1)),
        ("vintage", (60, None, 4)),
        ("standard", (60, None, 4)),
        ("pauper", (60, None, 4)),
        ("duel", (100, 100, 1)),
        ("paupercommander", (100, 100, 1)),
        ("predh", (100, 100, 1)),
        ("gladiator", (100, 100, 1)),
        ("oldschool", (60, None, 4)),
        ("riftbound", (40, 40, 3)),
        ("riftbound-casual", (40, None, 3)),
    ],
)
def test_expected_numbers(code, sizes):
    fmt = load_format(code).format
    assert (fmt.min_size, fmt.max_size, fmt.copies) == sizes


def test_every_mtg_format_of_the_data_is_built_in():
    assert set(MTG_CODES) <= set(builtin_codes())
    titles = {code: load_format(code).title for code in MTG_CODES}
    assert titles["standardbrawl"] == "Standard Brawl"
    assert titles["duel"] == "Duel Commander"
    assert titles["paupercommander"] == "Pauper Commander"
    assert len(set(titles.values())) == len(titles)


def test_gladiator_has_no_sideboard_and_no_commander():
    from deckeditor.games.mtg.rulesets import ruleset_for

    rs = ruleset_for(load_format("gladiator"))
    assert (rs.command_zone, rs.sideboard_max) == (False, 0)
    assert ruleset_for(load_format("standard")).sideboard_max == 15


def test_builtins_are_cached():
    assert load_format("commander") is load_format("commander")


# --- variant_of_code and defaults ------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "variant"),
    [
        ("commander", "commander"),
        ("edh", "commander"),
        ("pauper-commander", "paupercommander"),
        ("paupercommander", "paupercommander"),
        ("duel", "commander"),
        ("predh", "commander"),
        ("standardbrawl", "brawl"),
        ("gladiator", "constructed"),
        ("my_edh.v2", "commander"),
        ("brawl", "brawl"),
        ("historic-brawl", "brawl"),
        ("oathbreaker", "oathbreaker"),
        ("vintage", "constructed"),
        ("commanderish", "constructed"),
        ("casual60", "constructed"),
        ("riftbound", "riftbound"),
        ("riftbound-casual", "riftbound"),
        ("brawl-commander", "brawl"),  # the first matching word decides
    ],
)
def test_variant_of_code(code, variant):
    assert variant_of_code(code) == variant


def test_default_formats():
    assert default_format_for("mtg") == "commander"
    assert default_format_for("riftbound") == "riftbound"
    assert default_format_for("mtg") in builtin_codes()
    with pytest.raises(FormatLoadError):
        default_format_for("chess")


# --- loading by path and errors ---------------------------------------------------------------


def write(tmp_path: Path, name: str, fmt: Format) -> Path:
    path = tmp_path / name
    path.write_text(fmt.to_json(), encoding="utf-8")
    return path


def test_load_by_path(tmp_path):
    path = write(tmp_path, "pdh.json", Format("pauper-commander", "Pauper Commander", 100, 100, 1))
    info = load_format(str(path))
    assert isinstance(info, FormatInfo)
    assert (info.code, info.game, info.variant, info.mode) == (
        "pauper-commander",
        "mtg",
        "paupercommander",
        None,
    )
    assert info.path == path.resolve() and info.title == "Pauper Commander"
    assert load_format(path).format == info.format  # a PathLike works too


def test_load_by_path_constructed_and_riftbound(tmp_path):
    league = write(tmp_path, "league.json", Format("league", "League", 40, 60, 3))
    assert load_format(str(league)).variant == "constructed"
    rift = write(tmp_path, "rb.json", Format("riftbound-league", "RB League", 40, 40, 3))
    info = load_format(str(rift))
    assert (info.game, info.variant, info.mode) == ("riftbound", "riftbound", "competitive")
    # The deck's game decides for a file: a Riftbound deck with any code gets riftbound rules.
    info = load_format(str(league), game="riftbound")
    assert (info.game, info.variant, info.mode) == ("riftbound", "riftbound", "competitive")
    assert load_format(str(rift), game="mtg").variant == "constructed"


def test_a_file_named_like_a_builtin_is_loaded_from_the_path(tmp_path):
    path = write(tmp_path, "commander.json", Format("commander", "House Commander", 99, 99, 1))
    info = load_format(str(path))
    assert info.format.min_size == 99 and info.path is not None


def test_unknown_code():
    with pytest.raises(FormatLoadError, match="unknown format 'modern-ish'") as info:
        load_format("modern-ish")
    assert "commander" in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(FormatLoadError, match="does not exist"):
        load_format(str(tmp_path / "nope.json"))


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{", "not JSON"),
        (b'{"code": "x"}', "name: missing"),
        (b"\xef\xbb\xbf{}", "byte-order mark"),
        (b"[]", "not a JSON object"),
        (b'{"code": "x", "code": "y"}', "twice"),
        (b" " * 1_048_577, "more than 1048576"),
    ],
)
def test_bad_file_gives_a_clear_reason(tmp_path, content, reason):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(FormatLoadError) as info:
        load_format(str(path))
    assert reason in str(info.value) and str(path) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_folder_is_not_a_format(tmp_path):
    with pytest.raises(FormatLoadError):
        load_format(str(tmp_path))


def test_index_is_read_strictly(tmp_path, monkeypatch):
    (tmp_path / "formats").mkdir()
    bad_indexes = [
        {"x": {"game": "mtg", "variant": "commander", "mode": "casual"}},
        {"x": {"game": "mtg", "variant": "riftbound"}},
        {"x": {"game": "riftbound", "variant": "riftbound"}},
        {"x": {"game": "chess", "variant": "constructed"}},
        {"x": {"game": "mtg", "variant": "constructed", "extra": 1}},
        {"Bad Code": {"game": "mtg", "variant": "constructed"}},
    ]
    monkeypatch.setattr(format_catalog, "resources_dir", lambda: tmp_path)
    try:
        for bad in bad_indexes:
            (tmp_path / "format_index.json").write_text(json.dumps(bad), encoding="utf-8")
            format_catalog._index.cache_clear()
            with pytest.raises(FormatLoadError):
                builtin_codes()
    finally:
        format_catalog._index.cache_clear()
        format_catalog._load_builtin.cache_clear()


# --- Commander facts (§13.4) ------------------------------------------------------------------

SEPT_2024 = 'the taboo list "2024-09" from 2024-09-23'
APRIL_2025 = 'the taboo list "2025-04" from 2025-04-22'


def test_mana_crypt_day_before_and_day_of_the_ban():
    crypt = FormatCard("mana-crypt")
    assert ruling("commander", date(2024, 9, 22)).banned_by(crypt) is None
    assert ruling("commander", date(2024, 9, 23)).banned_by(crypt) == SEPT_2024
    assert ruling("commander", date(2025, 4, 22)).banned_by(crypt) == APRIL_2025


@pytest.mark.parametrize(
    "card_id", ["dockside-extortionist", "jeweled-lotus", "mana-crypt", "nadu-winged-wisdom"]
)
def test_september_2024_bans(card_id):
    assert ruling("commander", date(2024, 9, 22)).banned_by(FormatCard(card_id)) is None
    assert ruling("commander", date(2024, 9, 23)).banned_by(FormatCard(card_id)) == SEPT_2024
    assert ruling("commander", date(2026, 11, 30)).copy_limit(FormatCard(card_id)) == 0


@pytest.mark.parametrize(
    "card_id",
    [
        "gifts-ungiven",
        "sway-of-the-stars",
        "braids-cabal-minion",
        "coalition-victory",
        "panoptic-mirror",
    ],
)
def test_april_2025_unbans(card_id):
    assert ruling("commander", date(2025, 4, 21)).banned_by(FormatCard(card_id)) == SEPT_2024
    assert ruling("commander", date(2025, 4, 22)).banned_by(FormatCard(card_id)) is None
    assert ruling("commander", date(2025, 4, 22)).copy_limit(FormatCard(card_id)) == 1


def test_commander_snapshot_layout():
    fmt = load_format("commander").format
    lists = {t.code: t for t in fmt.taboo_lists}
    assert lists["2024-09"].effective_from == date(2024, 9, 23)
    assert lists["2025-04"].effective_from == date(2025, 4, 22)
    unbanned = {
        "gifts-ungiven",
        "sway-of-the-stars",
        "braids-cabal-minion",
        "coalition-victory",
        "panoptic-mirror",
    }
    assert unbanned <= set(lists["2024-09"].banned)
    assert set(lists["2025-04"].banned) == set(lists["2024-09"].banned) - unbanned
    # Never-lifted bans live in the format; nothing liftable does (a taboo list cannot undo it).
    assert "shahrazad" in fmt.banned
    for taboo in fmt.taboo_lists:
        assert not set(taboo.banned) & set(fmt.banned)


def test_commander_singleton_and_own_numbers():
    r = ruling("commander", date(2026, 1, 1))
    assert r.copy_limit(FormatCard("sol-ring")) == 1
    assert r.restricted_by(FormatCard("sol-ring")) is None
    assert r.copy_limit(FormatCard("island", 999)) == 999
    assert r.copy_limit(FormatCard("seven-dwarves", 7)) == 7


@pytest.mark.parametrize(
    ("day", "ponder", "saga"),
    [
        (date(2022, 4, 25), 1, 4),  # MTGJSON 2022-04-25: Ponder restricted, Urza's Saga not
        (date(2026, 1, 3), 4, 1),  # MTGJSON 2026-01-03: the other way round
    ],
)
def test_vintage_restricted_list_by_day(day, ponder, saga):
    r = ruling("vintage", day)
    assert r.copy_limit(FormatCard("ponder")) == ponder
    assert r.copy_limit(FormatCard("urza-s-saga")) == saga


def test_forge_history_dates_old_lists():
    # Forge's Historic/DCI files: Standard on 2018-01-19 banned Rampaging Ferocidon, which the
    # 2017-09-29 list did not.
    assert ruling("standard", date(2018, 1, 19)).banned_by(FormatCard("rampaging-ferocidon"))
    assert (
        ruling("standard", date(2017, 12, 1)).banned_by(FormatCard("rampaging-ferocidon")) is None
    )


def test_vintage_restricts_sol_ring_to_one():
    r = ruling("vintage", date(2026, 1, 1))
    assert r.copy_limit(FormatCard("sol-ring")) == 1
    # A restriction may be lifted: it lives in the dated snapshots (formats.md §13.4).
    assert r.restricted_by(FormatCard("sol-ring")) == 'the taboo list "2022-04-25" from 2022-04-25'
    assert r.copy_limit(FormatCard("lightning-bolt")) == 4
    assert r.banned_by(FormatCard("shahrazad")) == 'the format "vintage"'


# --- Riftbound facts (riftbound.md §3.4) ------------------------------------------------------

RB_2026_04 = {"fight-or-flight", "reaver-s-row", "scrapheap"}
RB_2026_07_16 = RB_2026_04 | {
    "called-shot",
    "draven-vanquisher",
    "obelisk-of-power",
    "the-dreaming-tree",
}
RB_2026_07_24 = RB_2026_07_16 | {"aspirant-s-climb", "stealthy-pursuer", "the-arena-s-greatest"}


@pytest.mark.parametrize("code", ["riftbound", "riftbound-casual"])
def test_riftbound_snapshots(code):
    fmt = load_format(code).format
    assert fmt.banned == () and dict(fmt.restricted) == {}
    assert [(t.code, t.effective_from, set(t.banned)) for t in fmt.taboo_lists] == [
        ("2026-04-29", date(2026, 4, 29), RB_2026_04),
        ("2026-07-16", date(2026, 7, 16), RB_2026_07_16),
        ("2026-07-24", date(2026, 7, 24), RB_2026_07_24),
    ]
    fight = FormatCard("fight-or-flight")
    assert fmt.ruling_on(date(2026, 4, 28)).banned_by(fight) is None
    assert fmt.ruling_on(date(2026, 7, 20)).banned_by(fight) == (
        'the taboo list "2026-07-16" from 2026-07-16'
    )
    assert fmt.ruling_on(date(2026, 8, 1)).banned_by(FormatCard("the-arena-s-greatest")) == (
        'the taboo list "2026-07-24" from 2026-07-24'
    )
    assert fmt.ruling_on(date(2026, 8, 1)).copy_limit(FormatCard("unique-thing", 1)) == 1


# --- real data: every listed id names a real card ---------------------------------------------


@lru_cache(maxsize=1)
def mtg_ids() -> frozenset[str]:
    names = set(json.load(lzma.open(shared_data("mtg", "cards.json.xz")))["data"])
    supplement = shared_data("mtg", "cards-spoiler-supplement.json.xz")
    names |= {c["name"] for c in json.load(lzma.open(supplement))["data"]}
    return frozenset(slug(n) for n in names)


@pytest.mark.parametrize("code", ["commander", "brawl", "oathbreaker", "vintage"])
def test_mtg_ids_name_real_cards(code):
    fmt = load_format(code).format
    listed = set(fmt.banned) | set(fmt.restricted)
    for taboo in fmt.taboo_lists:
        listed |= set(taboo.banned) | set(taboo.restricted)
    # Nadu (MH3) and Vexing Bauble (MH3) are newer than both card files (see their README).
    unknown = listed - mtg_ids() - {"nadu-winged-wisdom", "vexing-bauble"}
    assert unknown == set()


def test_riftbound_ids_name_real_cards():
    cards = json.loads(shared_data("riftbound", "cards.json").read_text(encoding="utf-8"))
    ids = {slug(c["name"]) for c in cards["cards"]}
    assert RB_2026_07_24 <= ids
