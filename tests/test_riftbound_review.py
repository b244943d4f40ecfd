"""Conformance review of riftbound.md: cases the first round of tests did not pin."""

from __future__ import annotations

from datetime import date

import pytest

from deckeditor.deck import Entry, Printing
from deckeditor.games.riftbound import rules
from deckeditor.games.riftbound.deckcode import decode_to_deck
from deckeditor.problems import ProblemKind as K
from tests.conftest import shared_data
from tests.test_riftbound_helpers import format_info, gallery_pool, vectors

AUG1 = date(2026, 8, 1)


@pytest.fixture(scope="module")
def pool():
    return gallery_pool(shared_data("riftbound", "cards.json"))


@pytest.fixture(scope="module")
def ex3(pool):
    V = vectors(shared_data("riftbound", "deckcode-test-vectors.json"))
    return decode_to_deck(V["ex3"]["code"], pool)


def kinds(deck, pool, code="riftbound", day=AUG1):
    return [(p.kind, p.section, list(p.cards)) for p in rules.check(deck, format_info(code), day, pool)]


def test_runes_elsewhere_are_not_counted_for_copies(ex3, pool):
    # §3.3 rule 5: "Runes and battlefields are not counted here"; rule 7: no per-name limit
    deck = ex3.add("Main", Entry("Calm Rune", 4, Printing(code="OGN-042")))
    found = kinds(deck, pool)
    assert (K.RUNE_DECK, "Main", ["Calm Rune"]) in found
    assert not [f for f in found if f[0] is K.TOO_MANY_COPIES]


def test_battlefields_elsewhere_are_not_counted_for_copies(ex3, pool):
    deck = ex3.add("Sideboard", Entry("Power Nexus", 4, Printing(code="SFD-214")))
    found = kinds(deck, pool)
    assert (K.BATTLEFIELDS, "Sideboard", ["Power Nexus"]) in found
    assert not [f for f in found if f[0] is K.TOO_MANY_COPIES]
