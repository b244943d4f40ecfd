"""Real data end to end: for every Legend of the reference gallery, build a legal deck from the
rules themselves (independently of the checker) and see the checker agree; the shipped starter
pool and sample deck load and are legal."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound.card import from_record
from deckeditor.games.riftbound.deckcode import decode, encode_deck
from deckeditor.names import slug
from deckeditor.paths import resources_dir
from tests.conftest import shared_data
from tests.test_riftbound_helpers import SNAPSHOTS, format_info, gallery_pool

DAY = date(2026, 8, 1)
BANNED = {card_id for _, ids in SNAPSHOTS for card_id in ids}


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


def entry(card, count=1):
    return Entry(card.name, count, Printing(code=card.reference_printing.code))


def build_legal_deck(pool, legend) -> Deck | None:
    """A deck that follows §3.3 by construction: plain Python over the card facts."""
    identity = legend.domains
    tag = legend.champion_tag

    def allowed(c):
        return c.domains <= identity and slug(c.name) not in BANNED

    champions = [c for c in pool if c.is_champion and tag in c.tags and allowed(c)]
    if not champions:
        return None
    champion = champions[0]
    main, size = [], 1
    for c in sorted(pool, key=lambda c: c.name):
        if size == 40:
            break
        if c is champion or c.is_signature or not allowed(c):
            continue
        if not ({"Unit", "Gear", "Spell"} & set(c.types)) or c.is_legend:
            continue
        n = min(3 if c.own_copy_limit is None else min(3, c.own_copy_limit), 40 - size)
        main.append(entry(c, n))
        size += n
    runes = [c for c in pool if "Rune" in c.types and c.domains <= identity]
    battlefields = [c for c in pool if "Battlefield" in c.types and allowed(c)][:3]
    if size != 40 or not runes or len(battlefields) < 3:
        return None
    per = [12 // len(runes) + (1 if i < 12 % len(runes) else 0) for i in range(len(runes))]
    return Deck(
        game="riftbound",
        name=legend.name,
        format="riftbound",
        sections=(
            Section("Legend", (entry(legend),)),
            Section("Champion", (entry(champion),)),
            Section("Main", tuple(main)),
            Section("Runes", tuple(entry(r, n) for r, n in zip(runes, per) if n)),
            Section("Battlefields", tuple(entry(b) for b in battlefields)),
        ),
    )


def test_every_legend_gets_a_legal_deck_and_the_checker_agrees(pool):
    legends = [c for c in pool if c.is_legend]
    assert len(legends) == 49
    built = 0
    for legend in legends:
        deck = build_legal_deck(pool, legend)
        if deck is None:
            continue
        built += 1
        for code in ("riftbound", "riftbound-casual"):
            assert rules.check(deck, format_info(code), DAY, pool) == [], legend.name
        # and it survives the deck code
        again = decode(encode_deck(deck, pool))
        assert sum(n for _, n in again.main) == 1 + 40 + 12 + 3
    assert built >= 40


def test_a_banned_card_breaks_a_legal_deck(pool):
    legend = pool.get("Jinx, Loose Cannon")
    deck = build_legal_deck(pool, legend)
    assert rules.check(deck, format_info("riftbound"), DAY, pool) == []
    main = list(deck.section("Main").entries)
    main[-1] = main[-1].with_count(main[-1].count - 1) if main[-1].count > 1 else main[-1]
    broken = deck.with_entries("Main", main).add("Main", Entry("Fight or Flight", 1))
    kinds = [p.kind.value for p in rules.check(broken, format_info("riftbound"), DAY, pool)]
    assert "BANNED" in kinds


# --- shipped resources ---------------------------------------------------------------------


def starter() -> CardPool:
    records = json.loads((resources_dir() / "riftbound" / "starter-cards.json").read_text("utf-8"))
    return CardPool("riftbound", [from_record(r) for r in records])


def sample_deck() -> Deck:
    from deckeditor.deckfile import read_json_deck

    return read_json_deck(
        (resources_dir() / "decks" / "riftbound-sample.deck.json").read_text("utf-8")
    )


def test_starter_pool_records():
    pool = starter()
    assert len(pool) >= 30
    assert sum(c.is_legend for c in pool) >= 1 and sum(c.is_champion for c in pool) >= 1
    assert (
        sum("Rune" in c.types for c in pool) >= 1
        and sum("Battlefield" in c.types for c in pool) >= 3
    )


@pytest.mark.parametrize("code", ["riftbound", "riftbound-casual"])
@pytest.mark.parametrize("day", [date(2026, 1, 1), date(2026, 7, 20), DAY])
def test_sample_deck_is_legal_with_the_starter_pool(code, day):
    deck = sample_deck()
    assert deck.game == "riftbound" and deck.format == "riftbound"
    assert rules.check(deck, format_info(code), day, starter()) == []


def test_starter_pool_through_the_card_store_loader():
    starter_mod = pytest.importorskip("deckeditor.carddb.starter")
    pool = starter_mod.starter_pool("riftbound")
    assert len(pool) == len(starter())
    assert rules.check(sample_deck(), format_info("riftbound"), DAY, pool) == []


def test_starter_facts_agree_with_the_gallery(pool):
    for card in starter():
        real = pool.get(card.name)
        assert real is not None
        assert (real.types, real.domains, real.supertypes, real.might, real.energy) == (
            card.types, card.domains, card.supertypes, card.might, card.energy)  # fmt: skip
