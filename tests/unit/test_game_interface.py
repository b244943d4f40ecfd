"""The one game interface (`deckeditor.games.interface`): every game answers it, the session and
the window ask it and hold no game names, rule texts or colour letters (issue 13)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from deckeditor.deck import Entry, new_deck
from deckeditor.games import registry
from deckeditor.games.interface import Game, Statistics
from deckeditor.session import EditorSession
from tests.support.riftbound import format_info, real_pool, vector_deck

GAMES = registry.codes()

ROOT = Path(__file__).resolve().parents[2] / "deckeditor"
JUL20 = date(2026, 7, 20)


@pytest.fixture(scope="module")
def rift_pool():
    return real_pool()


@pytest.fixture(scope="module")
def ex3(rift_pool):
    return vector_deck("ex3", rift_pool)


def test_session_and_window_hold_no_game_names_colour_letters_or_code_tests():
    """The Done-when grep of issue 13, as a test."""
    pattern = re.compile(r"riftbound|WUBRG|game_code ==")
    hits = []
    for path in [ROOT / "session.py", *sorted((ROOT / "ui").rglob("*.py"))]:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert hits == []


@pytest.mark.parametrize("code", GAMES)
def test_every_game_is_a_game_object(code):
    g = registry.game(code)
    assert isinstance(g, Game) and g.code == code and g.title and g.new_deck_label
    assert registry.game(code) is g  # one object per game: the session may cache what it asks
    assert (
        g.default_format
        and g.sections
        and set(g.checked_sections) <= set(g.sections) | {"Sideboard"}
    )
    assert g.search_help().placeholder and g.search_help().keys
    assert g.export_kinds()[0].kind == "json"
    assert len(g.catalog_columns()) >= 2


@pytest.mark.parametrize("code", GAMES)
def test_statistics_have_the_same_bars_on_every_deck(code):
    """The panel updates widgets it made once: an empty deck has the same charts and bar labels
    as a full one, only the values differ."""
    g = registry.game(code)
    empty = g.statistics(new_deck(code), None)
    other = g.statistics(new_deck(code).add("Main", Entry("Unknown card", 4)), None)
    assert isinstance(empty, Statistics) and empty.charts
    shape = [(c.key, [b.label for b in c.bars]) for c in empty.charts]
    assert shape == [(c.key, [b.label for b in c.bars]) for c in other.charts]
    assert dict(other.groups) == {"Unknown": 4}


def test_unknown_file_head_is_the_default_game_and_a_riftbound_file_is_riftbound():
    from deckeditor.deckio import game_of

    assert game_of(b'{"name": "x", "sections": {}}') == registry.DEFAULT_GAME
    assert game_of(b'{"game": "riftbound", "name": "x"}') == "riftbound"
    assert game_of(b'{"game":"riftbound"}') == "riftbound"


# --- MTG -------------------------------------------------------------------------------------


def test_mtg_section_targets_follow_the_format():
    from deckeditor import format_catalog

    g = registry.game("mtg")
    deck = (
        new_deck("mtg")
        .add("Commander", Entry("Tolabow, Loch Rascal"))
        .add("Main", Entry("Island", 60))
    )
    deck = deck.add("Sideboard", Entry("Counterspell", 2))
    labels = {c.section: c for c in g.section_counts(deck, format_catalog.load_format("commander"))}
    assert labels["Commander"].label == "Commander (1)" and labels["Commander"].ok
    assert labels["Main"].label == "Main 60/99" and not labels["Main"].ok
    assert labels["Sideboard"].label == "Sideboard 2/10"
    assert labels["Maybeboard"].label == "Maybeboard (0)"


def test_mtg_lead_actions_set_and_add_partner():
    from deckeditor.carddb.store import starter_pool

    pool = starter_pool("mtg")
    g = registry.game("mtg")
    deck = (
        new_deck("mtg")
        .add("Main", Entry("Thrasios, Triton Hero"))
        .add("Main", Entry("Tymna the Weaver"))
    )
    assert [a.label for a in g.lead_actions(deck, "Main", 0, pool)] == ["Set as commander"]
    deck, message = g.apply_lead_action("set-commander", deck, "Main", 0, pool)
    assert message == "Thrasios, Triton Hero is now the commander"
    # Tymna can partner Thrasios: "Add as partner" comes first (Ctrl+Shift+C), replacing second
    actions = [(a.action, a.label) for a in g.lead_actions(deck, "Main", 0, pool)]
    assert actions == [
        ("add-partner", "Add as partner (second commander)"),
        ("set-commander", "Set as commander (instead of Thrasios, Triton Hero)"),
    ]
    partnered, _ = g.apply_lead_action("add-partner", deck, "Main", 0, pool)
    assert [e.card for e in partnered.section("Commander").entries] == [
        "Thrasios, Triton Hero",
        "Tymna the Weaver",
    ]
    replaced, _ = g.apply_lead_action("set-commander", deck, "Main", 0, pool)
    assert [e.card for e in replaced.section("Commander").entries] == ["Tymna the Weaver"]
    assert [e.card for e in replaced.section("Main").entries] == ["Thrasios, Triton Hero"]
    assert g.lead_actions(deck, "Commander", 0, pool) == []
    # a card that cannot partner him offers only "Set as commander"
    with_ring = deck.add("Main", Entry("Sol Ring"))
    ring = next(i for i, e in enumerate(with_ring.section("Main").entries) if e.card == "Sol Ring")
    assert [a.action for a in g.lead_actions(with_ring, "Main", ring, pool)] == ["set-commander"]
    # from the catalog: Tymna off his identity joins as partner instead of going to Main
    tymna = pool.get("Tymna the Weaver")
    (partner,) = g.catalog_lead_actions(deck, tymna, pool, None, "Main")
    assert partner.action == "add-partner" and partner.instead
    (maybe,) = g.catalog_lead_actions(deck, tymna, pool, None, "Maybeboard")
    assert not maybe.instead
    assert g.catalog_lead_actions(deck, pool.get("Sol Ring"), pool, None, "Main") == []


# --- Riftbound -------------------------------------------------------------------------------


def test_riftbound_section_labels_on_ex3(ex3):
    g = registry.game("riftbound")
    labels = [c.label for c in g.section_counts(ex3, format_info("riftbound"))]
    assert labels == [
        "Legend 1/1",
        "Chosen Champion 1/1",
        "Main 40/40",
        "Runes 12/12",
        "Battlefields 3/3",
        "Sideboard 7/10",
    ]
    casual = {c.section: c.label for c in g.section_counts(ex3, format_info("riftbound-casual"))}
    assert casual["Main"] == "Main 40/40+" and casual["Sideboard"] == "Sideboard (7)"


def test_riftbound_counts_and_statistics_speak_riftbound(ex3, rift_pool):
    g = registry.game("riftbound")
    stats = g.statistics(ex3, rift_pool)
    assert stats.main == 40 and stats.runes == 12 and stats.battlefields == 3
    assert "library" not in stats.counts and "Main 40" in stats.counts
    assert [c.key for c in stats.charts] == ["energy", "power", "might"]
    assert sum(b.value for b in stats.chart("energy").bars) == 40 - sum(
        e.count for _, e in ex3.entries("Main", "Champion") if rift_pool.get(e.card).energy is None
    )
    power = {b.label: b.value for b in stats.chart("power").bars}
    assert set(power) == {"Fury", "Calm", "Mind", "Body", "Chaos", "Order"}
    assert power["Calm"] > 0 and power["Mind"] > 0 and power["Fury"] == 0  # Ornn: Calm+Mind
    assert "Unit" in dict(stats.groups)


def test_make_chosen_champion_moves_one_copy(ex3, rift_pool):
    g = registry.game("riftbound")
    deck = ex3.with_entries("Champion", [])
    champion = ex3.section("Champion").entries[0]
    deck = deck.add("Main", champion)
    index = next(i for i, e in enumerate(deck.section("Main").entries) if e.card == champion.card)
    before = sum(e.count for e in deck.section("Main").entries if e.card == champion.card)
    actions = [a.label for a in g.lead_actions(deck, "Main", index, rift_pool)]
    assert actions == ["Make chosen champion"]
    after, message = g.apply_lead_action("make-chosen-champion", deck, "Main", index, rift_pool)
    assert "chosen champion" in message
    assert after.section("Champion").total == 1
    assert after.count("Main", "Champion") == deck.count("Main", "Champion")
    assert (
        sum(e.count for e in after.section("Main").entries if e.card == champion.card) == before - 1
    )
    assert g.check(after, format_info("riftbound"), JUL20, rift_pool) == []


def test_set_as_legend_only_on_legends(ex3, rift_pool):
    g = registry.game("riftbound")
    for i, entry in enumerate(ex3.section("Main").entries):
        assert "set-legend" not in {a.action for a in g.lead_actions(ex3, "Main", i, rift_pool)}, (
            entry.card
        )
    other = next(
        c
        for c in rift_pool.cards
        if c.is_legend and c.name != ex3.section("Legend").entries[0].card
    )
    deck = ex3.add("Sideboard", Entry(other.name))
    index = len(deck.section("Sideboard").entries) - 1
    assert [a.label for a in g.lead_actions(deck, "Sideboard", index, rift_pool)] == [
        "Set as legend"
    ]
    after, _ = g.apply_lead_action("set-legend", deck, "Sideboard", index, rift_pool)
    assert [e.card for e in after.section("Legend").entries] == [other.name]
    assert ex3.section("Legend").entries[0].card in {
        e.card for e in after.section("Sideboard").entries
    }
    with pytest.raises(ValueError):
        g.apply_lead_action("set-legend", ex3, "Main", 0, rift_pool)


def test_session_asks_the_game(ex3, rift_pool):
    s = EditorSession(rift_pool, ex3, "riftbound", JUL20)
    assert s.section_counts()[2].label == "Main 40/40"
    assert "library" not in s.count_summary()
    assert (
        s.search_help().placeholder.startswith("Search cards")
        and "might" in s.search_help().placeholder
    )
    assert [k.kind for k in s.export_kinds()][:2] == ["json", "riftbound-code"]


def test_mtg_oathbreaker_shows_its_command_zone_as_two_slots():
    """mtg-rules.md §5.4: one oathbreaker and one signature spell, each slot with its count; the
    deck keeps both in Commander (its files unchanged); "Add to" offers the slots for Commander."""
    from deckeditor import format_catalog
    from deckeditor.carddb.store import starter_pool

    pool = starter_pool("mtg")
    g = registry.game("mtg")
    walker = next(c for c in pool.cards if "Planeswalker" in c.types)
    spell = next(c for c in pool.cards if "Instant" in c.types)
    fmt = format_catalog.load_format("oathbreaker")
    deck = new_deck("mtg").add("Commander", Entry(spell.name)).add("Commander", Entry(walker.name))
    slots = [c for c in g.section_counts(deck, fmt, pool) if c.section == "Commander"]
    assert [(c.label, c.slot, c.entries, c.ok) for c in slots] == [
        ("Oathbreaker 1/1", "Oathbreaker", (1,), True),
        ("Signature spell 1/1", "Signature spell", (0,), True),
    ]
    empty = [
        c.label for c in g.section_counts(new_deck("mtg"), fmt, pool) if c.section == "Commander"
    ]
    assert empty == ["Oathbreaker 0/1", "Signature spell 0/1"]
    sections = g.sections_for(fmt)
    targets = g.add_targets(fmt, sections)
    assert "Commander" not in targets and targets[:2] == ("Oathbreaker", "Signature spell")
    assert {g.target_section(t) for t in targets[:2]} == {"Commander"}
    assert g.add_targets(format_catalog.load_format("commander"), sections) == tuple(sections)
