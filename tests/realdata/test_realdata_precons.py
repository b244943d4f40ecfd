"""Every Commander precon of the MTGJSON deck files is legal on its release day (real data).

The 175 decks (173 "Commander Deck" + 2 "MTGO Commander Deck") are read from the archive with the
deck reader, resolved against the 29,521-card pool built by the MTGJSON importer from
`cards.json.xz`, and checked against the built-in `commander` format on the deck's release day.
Known disagreements are listed, with the reason, in docs/realdata-disagreements-precons.md; each
one is pinned here to its exact problem so a change on either side is noticed.
"""

from __future__ import annotations

import json
import tarfile
from datetime import date

import pytest

from tests.conftest import shared_data

PRECON_TYPES = ("Commander Deck", "MTGO Commander Deck")
# file -> the (kind, cards) error problems we expect, and why (see the docs file)
KNOWN = {
    "AllDeckFiles/UpgradesUnleashed_NEC.json": [("TOO_MANY_COPIES", ("Mossfire Valley",))],
}


@pytest.fixture(scope="module")
def pool():
    from deckeditor.carddb.pool import CardPool

    mtgjson = pytest.importorskip("deckeditor.games.mtg.mtgjson")
    cards, _ = mtgjson.load_mtgjson(shared_data("mtg", "cards.json.xz"))
    return CardPool("mtg", cards)


@pytest.fixture(scope="module")
def precons():
    path = shared_data("mtg", "mtgjson-AllDeckFiles-20260103-no-redemption.tar.xz")
    out = []
    with tarfile.open(path) as tf:
        for member in tf:
            if not member.isfile() or not member.name.endswith(".json"):
                continue
            if member.name.endswith("DeckList.json"):
                continue
            raw = tf.extractfile(member).read()
            data = json.loads(raw).get("data", {})
            if data.get("type") in PRECON_TYPES:
                out.append((member.name, date.fromisoformat(data["releaseDate"]), raw))
    return out


def test_every_commander_precon_is_legal_on_its_release_day(pool, precons):
    from deckeditor import deckio
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.conformance import check

    assert len(precons) == 175
    fmt = load_format("commander")
    unexpected = []
    seen_known = {}
    for name, day, raw in precons:
        deck = deckio.read_deck(raw, pool).deck
        assert deck.count("Commander", "Main") == 100, name
        errors = [(p.kind.value, p.cards) for p in check(deck, fmt, day, pool) if p.is_error]
        if name in KNOWN:
            seen_known[name] = errors
        elif errors:
            unexpected.append((name, day.isoformat(), errors))
    assert unexpected == [], "\n".join(map(str, unexpected))
    assert seen_known == KNOWN


def test_unknown_cards_are_none(pool, precons):
    """Every card of every precon resolves in the pool (the pool is built from these decks)."""
    from deckeditor import deckio

    missing = set()
    for _, _, raw in precons:
        deck = deckio.read_deck(raw, pool).deck
        for _sec, entry in deck.entries("Commander", "Main"):
            if pool.get(entry.card) is None and pool.lookup(entry.card) is None:
                missing.add(entry.card)
    assert missing == set()


@pytest.mark.parametrize(
    "commander, main, target",
    [
        (["Thrasios, Triton Hero"], ["Sol Ring", "Island"], "Main"),
        (["Thrasios, Triton Hero"], [], "Commander"),
        (["Kozilek, Butcher of Truth"], [], "Main"),
        (["Atraxa, Praetors' Voice"], ["Mana Crypt"], "Sideboard"),
        (["Wilson, Refined Grizzly"], [], "Commander"),
    ],
)
def test_bitset_narrowing_agrees_with_the_predicate_on_the_real_pool(pool, commander, main, target):
    from deckeditor.deck import Deck, Entry, Section
    from deckeditor.format_catalog import load_format
    from deckeditor.games.mtg.predicate import make_predicate

    deck = Deck(
        game="mtg",
        sections=(
            Section("Commander", tuple(Entry(c) for c in commander)),
            Section("Main", tuple(Entry(c) for c in main)),
        ),
    )
    p = make_predicate(deck, load_format("commander"), date(2025, 1, 1), pool, target)
    visible = p.visible_rows()
    assert visible == [row for row, card in enumerate(pool.cards) if p(card)]
    assert 0 < len(visible) < len(pool)
