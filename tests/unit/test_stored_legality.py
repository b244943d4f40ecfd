"""Issue 24.10: the catalog's first legality pass reads back what an earlier start stored beside
the pool's snapshot (`carddb.derived`): the identity groups, the format's pool on the day and
the cards' own flags (forbids itself, may lead). The window's first screen then decodes no card
of the pool it does not show; every answer is the one computed afresh, and an answer stored for
another day, another format or other rules code is never read back."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from deckeditor.carddb import derived
from deckeditor.carddb.store import CardStore, open_pool
from deckeditor.games.mtg import pool_bits
from deckeditor.games.mtg.legality import RULES, lead_rule
from deckeditor.games.mtg.predicate import make_predicate
from deckeditor.paths import AppPaths
from tests.support.mtg_cards import DAY, POOL, card, deck, fmt_info

# released after DAY: out of every format on DAY, in on LATER
NEWCOMER = replace(
    card("Newcomer Drake", "{1}{U}", "Creature — Drake", "U", "2/2", 2),
    released="2026-06-01",
    printings=("WOE",),
)
LATER = date(2026, 7, 1)
NEWCOMER_DAY = date(2026, 6, 1)


def stored_home(tmp_path) -> AppPaths:
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", [*POOL.cards, NEWCOMER], 0)
    return paths


def undecoded(pool) -> int:
    return sum(1 for c in pool._cards if c is None)


def visible(pool, d, target, day=DAY, fmt="commander") -> int:
    return make_predicate(d, fmt_info(fmt), day, pool, target).visible_bits()


def test_a_later_start_shows_the_same_legal_cards_without_decoding_the_pool(tmp_path):
    paths = stored_home(tmp_path)
    empty, led = deck(), deck(["Aurelia, the Warleader"])
    first = open_pool(paths)  # the first start: computed and stored
    expected = {
        "Commander": visible(first, empty, "Commander"),
        "Main": visible(first, led, "Main"),
    }
    assert expected["Commander"] and expected["Main"]

    banned = first.row_of("Griselbrand")  # on Commander's banned list: hidden at every start
    assert not expected["Commander"] >> banned & 1 and not expected["Main"] >> banned & 1

    later = open_pool(paths, lazy=True)
    assert visible(later, empty, "Commander") == expected["Commander"]
    assert undecoded(later) == len(later)  # not one card decoded for the empty deck's catalog
    assert visible(later, led, "Main") == expected["Main"]
    assert undecoded(later) >= len(later) - 1  # the commander the deck names, at most
    assert later.cards == first.cards  # and the whole pool as it was


def test_an_answer_stored_for_another_day_is_computed_again(tmp_path):
    paths = stored_home(tmp_path)
    row = open_pool(paths).row_of(NEWCOMER.name)
    shown = [
        visible(open_pool(paths, lazy=True), deck(), "Main", day) >> row & 1
        for day in (DAY, LATER, LATER, DAY)
    ]
    assert shown == [0, 1, 1, 0]


def test_a_stored_pool_holds_until_the_next_release_and_no_longer(tmp_path):
    """Days go by between starts: the answer stored on DAY serves every day before the next day
    a verdict looks at (Commander's taboo list of 2026-02-09 here), without a pass over the pool;
    after it, it is made again (and a card released since is in)."""
    paths = stored_home(tmp_path)
    row = open_pool(paths).row_of(NEWCOMER.name)
    stored = visible(open_pool(paths), deck(), "Main", DAY)
    spring = open_pool(paths, lazy=True)
    assert visible(spring, deck(), "Main", date(2026, 2, 8)) == stored
    assert undecoded(spring) == len(spring) and not stored >> row & 1
    after = open_pool(paths, lazy=True)
    assert visible(after, deck(), "Main", NEWCOMER_DAY) >> row & 1 and undecoded(after) == 0


def test_each_format_has_its_own_stored_pool(tmp_path):
    paths = stored_home(tmp_path)
    fresh = {
        code: visible(open_pool(paths), deck(fmt=code), "Main", fmt=code)
        for code in ("commander", "vintage")
    }
    for code in ("commander", "vintage", "commander"):
        assert visible(open_pool(paths, lazy=True), deck(fmt=code), "Main", fmt=code) == fresh[code]


def test_other_rules_code_never_reads_a_stored_answer(tmp_path, monkeypatch):
    paths = stored_home(tmp_path)
    visible(open_pool(paths), deck(), "Commander")
    monkeypatch.setattr(pool_bits, "rules_code", lambda: ("deckeditor.deck",))
    later = open_pool(paths, lazy=True)
    visible(later, deck(), "Commander")
    assert undecoded(later) == 0  # computed from the cards again


def test_only_rules_decided_by_the_cards_alone_are_stored():
    """A pool made of the sets on a day (rotation, set pools) or judged by the printings table
    rests on data files a stored answer is not stamped with: those are computed every start."""
    assert pool_bits._card_only(RULES["commander"]) and pool_bits._card_only(RULES["vintage"])
    assert not pool_bits._card_only(RULES["standard"])
    assert not pool_bits._card_only(lead_rule(RULES["paupercommander"]))


def test_the_rules_code_stamp_names_every_rules_and_formats_module():
    names = pool_bits.rules_code()
    for module in ("legality", "pool_bits", "predicate", "rulesets", "copy_limits", "card"):
        assert f"deckeditor.games.mtg.{module}" in names
    assert "deckeditor.formats.engine" in names and "deckeditor.names" in names
    assert derived.code_fingerprint(*names) == derived.code_fingerprint(*names)
