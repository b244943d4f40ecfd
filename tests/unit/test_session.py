"""The window's Qt-free state: undo snapshots, colour choices, catalog rows, stats, files."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckeditor.catalog_search import CatalogSearch
from deckeditor.deck import Deck, Entry, new_deck
from deckeditor.deck_edits import find_entries
from deckeditor.deck_files import read_deck_file, save_deck_file
from deckeditor.deck_views import color_budget, compact_cost, deck_stats
from deckeditor.games.mtg.card import Card, DeckRuleLine, Face, Layout
from deckeditor.games.mtg.card_view import rule_descriptions
from deckeditor.history import UndoStack
from deckeditor.row_arrangement import arrange_rows
from deckeditor.session import EditorSession

DAY = dt.date(2026, 11, 29)


@pytest.fixture(scope="module")
def pool():
    from deckeditor.carddb.store import starter_pool

    return starter_pool("mtg")


def _session(pool, deck: Deck | None = None) -> EditorSession:
    return EditorSession(pool, deck or new_deck("mtg"), "commander", DAY)


# --- undo ---------------------------------------------------------------------------------------


def test_undo_stack_moves_between_snapshots_and_tracks_clean_state():
    a, b, c = new_deck(name="a"), new_deck(name="b"), new_deck(name="c")
    stack = UndoStack(a)
    assert stack.is_clean() and not stack.can_undo()
    stack.push(b, "to b")
    assert not stack.is_clean() and stack.undo_text() == "to b"
    stack.mark_clean()
    stack.push(c, "to c")
    assert stack.undo() is b and stack.is_clean()
    assert stack.redo() is c and stack.redo() is c
    stack.undo()
    stack.undo()
    assert stack.current is a
    stack.push(c, "branch")  # the redo branch is dropped; the saved state is unreachable now
    assert not stack.can_redo() and not stack.is_clean()


def test_undo_stack_limit_keeps_the_newest_steps():
    stack = UndoStack(new_deck(name="0"), limit=3)
    for i in range(1, 6):
        stack.push(new_deck(name=str(i)), str(i))
    names = []
    while stack.can_undo():
        names.append(stack.undo().name)
    assert names == ["4", "3"]


def test_every_edit_is_one_undo_step(pool):
    s = _session(pool)
    s.add_card("Counterspell")
    s.add_card("Counterspell")
    ((section, index),) = find_entries(s.deck, ["Counterspell"])
    s.set_count(section, index, 4)
    s.move(section, index, "Sideboard")
    assert s.deck.section("Sideboard").entries == (Entry("Counterspell", 4),)
    s.undo()
    assert s.deck.section("Main").entries == (Entry("Counterspell", 4),)
    s.undo()
    s.undo()
    assert s.deck.section("Main").entries == (Entry("Counterspell", 1),)
    s.redo()
    assert s.deck.section("Main").total == 2
    assert s.dirty


def test_listeners_hear_every_change(pool):
    s = _session(pool)
    heard = []
    s.listeners.append(lambda sess: heard.append(sess.deck.count()))
    s.add_card("Island", count=3)
    s.undo()
    s.redo()
    assert heard == [3, 0, 3]


# --- colour choices -----------------------------------------------------------------------------


def test_color_budget_of_rulebreaker_spires_and_plain_cards(pool):
    tolabow = color_budget(pool.get("Tolabow, Loch Rascal"))
    assert (tolabow.count, tolabow.exactly) == (1, False)
    spires = color_budget(pool.get("Cryptic Spires"))
    assert (spires.count, spires.exactly) == (2, True)
    assert color_budget(pool.get("Sol Ring")) is None
    assert color_budget(None) is None


def _card(name: str, oracle: str, rules: tuple[str, ...]) -> Card:
    face = Face(name=name, types=("Creature",), oracle_text=oracle)
    return Card(
        name, Layout.NORMAL, (face,), deck_rule_lines=tuple(DeckRuleLine(name, r) for r in rules)
    )


def test_rule_descriptions_shown_once_and_not_when_oracle_has_them():
    rule = "ColorIdentity:Exempt$ Equipment | Description$ CARDNAME  lets you play  Equipment."
    card = _card("Forger", "Flying.", (rule, rule))
    assert rule_descriptions(card) == ["Forger lets you play Equipment."]
    said = _card("Forger", "Flying.\nForger lets you  play Equipment.", (rule,))
    assert rule_descriptions(said) == []


def test_rule_descriptions_of_the_starter_tolabow_are_already_in_its_text(pool):
    assert rule_descriptions(pool.get("Tolabow, Loch Rascal")) == []


def test_set_commander_records_the_colours_in_one_step(pool):
    s = _session(pool)
    s.add_card("Tolabow, Loch Rascal")
    s.set_commander("Main", 0, "R")
    assert s.deck.section("Commander").entries == (Entry("Tolabow, Loch Rascal", 1, colors="R"),)
    assert s.deck.section("Main").entries == ()
    s.undo()
    assert s.deck.section("Main").entries == (Entry("Tolabow, Loch Rascal"),)


def test_set_colors_orders_letters_wubrg(pool):
    s = _session(pool, new_deck().add_card("Main", "Cryptic Spires"))
    s.set_colors("Main", 0, "rb")
    assert s.deck.section("Main").entries[0].colors == "BR"


def test_adding_an_off_colour_instant_commits_the_open_budget_in_the_same_step(pool):
    pytest.importorskip("deckeditor.games.mtg.approval")
    deck = new_deck().add_card("Commander", "Tolabow, Loch Rascal")
    s = _session(pool, deck)
    result = s.add_card("Lightning Bolt")
    assert s.deck.section("Commander").entries[0].colors == "R"
    assert "Red" in result.message and "Undo" in result.message
    assert s.deck.section("Main").entries == (Entry("Lightning Bolt"),)
    s.undo()  # one step: the card and the colour go together
    assert s.deck == deck


def test_adding_a_red_creature_commits_nothing(pool):
    pytest.importorskip("deckeditor.games.mtg.approval")
    s = _session(pool, new_deck().add_card("Commander", "Tolabow, Loch Rascal"))
    s.add_card("Goblin Guide")
    assert s.deck.section("Commander").entries[0].colors == ""


def test_relied_on_counts_cards_per_colour_beyond_the_commander(pool):
    deck = (
        new_deck()
        .add_card("Commander", "Tolabow, Loch Rascal")
        .add_card("Main", "Lightning Bolt", 2)
    )
    deck = deck.add_card("Main", "Growth Spiral")
    assert _session(pool, deck).relied_on("Tolabow, Loch Rascal") == {"R": 2, "G": 1}


# --- catalog rows -------------------------------------------------------------------------------


@given(
    st.permutations(list(range(40))),
    st.none() | st.sets(st.integers(0, 39)),
    st.none() | st.frozensets(st.integers(0, 39)),
    st.booleans(),
)
def test_arrange_rows_is_hits_in_sort_order_filtered_by_legality(order, hits, legal, show_hidden):
    rank = [0] * len(order)
    for i, r in enumerate(order):
        rank[r] = i
    hit_list = None if hits is None else sorted(hits)
    got = arrange_rows(order, rank, hit_list, legal, show_hidden)
    want = [
        r
        for r in order
        if (hits is None or r in hits) and (show_hidden or legal is None or r in legal)
    ]
    assert got == want


def test_search_keeps_the_last_good_rows_on_a_bad_query(pool):
    search = CatalogSearch(pool)
    good = search.search("bolt")
    assert [pool.cards[r].name for r in good.rows] == ["Lightning Bolt"]
    bad = search.search('o:"unclosed')
    if bad.error is None:
        pytest.skip("the search engine accepted an unclosed quote")
    assert bad.rows == good.rows and bad.position is not None
    assert search.search("").rows is None


def test_legal_rows_without_a_deck_restriction_cover_the_pool(pool):
    s = _session(pool)
    legal = s.legal_rows("Main")
    assert legal is None or len(legal) >= len(pool) - 20  # bans only


# --- stats and files ----------------------------------------------------------------------------


def test_deck_stats_curve_pips_types_and_library(pool):
    deck = (
        new_deck()
        .add_card("Commander", "Tolabow, Loch Rascal")
        .add_card("Main", "Counterspell", 1)
        .add_card("Main", "Lightning Bolt", 1)
        .add_card("Main", "Island", 10)
        .add_card("Main", "Nonexistent Card")
    )
    stats = deck_stats(deck, pool)
    assert stats.library == 13
    assert stats.total == 14
    assert stats.curve == {2: 1, 1: 1}
    assert stats.pips == {"U": 2, "R": 1}
    assert stats.types == {"Instant": 2, "Land": 10, "Unknown": 1}


def test_compact_cost():
    assert compact_cost("{2}{U}{U}") == "2UU"
    assert compact_cost("{X}{W/U}{G/P}{10}") == "X(W/U)(G/P)10"
    assert compact_cost("") == ""


def test_save_and_reopen_give_the_same_deck(pool, tmp_path):
    deck = (
        new_deck(name="Round trip", format="commander")
        .add_card("Commander", "Tolabow, Loch Rascal", colors="R")
        .add_card("Main", "Cryptic Spires", colors="UR")
        .add_card("Main", "Island", 30)
        .add_card("Main", "Lightnig Bolt")
    )
    path = tmp_path / "deck.deck.json"
    save_deck_file(str(path), deck)
    back = read_deck_file(str(path), pool).deck
    assert back.sections == deck.sections
    assert (back.name, back.format, back.game) == ("Round trip", "commander", "mtg")


def test_format_change_and_day_are_kept(pool):
    s = _session(pool)
    s.set_day(dt.date(2024, 9, 22))
    assert s.day == dt.date(2024, 9, 22)
    s.set_format("no-such-format")
    if s.format_error is None:
        pytest.skip("format catalog not available")
    assert "no-such-format" in s.format_error and s.problems() == []
    s.set_format("commander")
    assert s.format_error is None and s.format_code == "commander"


@given(
    st.one_of(st.just(list(range(30))), st.permutations(list(range(30)))),
    st.none() | st.sets(st.integers(0, 29)),
    st.none() | st.frozensets(st.integers(0, 29)),
    st.booleans(),
)
def test_row_arranger_agrees_with_arrange_rows(order, hits, legal, show_hidden):
    from deckeditor.row_arrangement import RowArranger

    arranger = RowArranger(order)
    hit_list = None if hits is None else sorted(hits)
    want = arrange_rows(order, arranger.rank, hit_list, legal, show_hidden)
    assert arranger.arrange(hit_list, legal, show_hidden) == want
    assert arranger.arrange(hit_list, legal, show_hidden) == want  # the cached mask


def test_type_line_for_both_games(pool):
    from deckeditor.deck_views import type_line

    assert type_line(pool.get("Goblin Guide")) == "Creature — Goblin Scout"

    class Rift:  # the Riftbound card's shape: supertypes, types, tags
        supertypes = frozenset({"Champion"})
        types = ("Unit",)
        tags = ("Ornn",)

    assert type_line(Rift()) == "Champion Unit — Ornn"


def test_an_engine_failure_is_reported_not_raised(pool, monkeypatch):
    s = _session(pool)
    game = s.game_module()
    if game is None:
        pytest.skip("no rules engine")

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(game, "check", broken)
    monkeypatch.setattr(game, "make_predicate", broken)
    s.add_card("Island")
    assert s.problems() == [] and s.legal_rows() is None
    assert "boom" in s.engine_note()
