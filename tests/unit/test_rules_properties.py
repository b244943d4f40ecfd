"""Hypothesis properties of the rules engine (`mtg-rules.md` §8, §10, §11)."""

from __future__ import annotations

from collections import Counter
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckeditor.games.mtg.approval import try_approve
from deckeditor.games.mtg.conformance import check
from deckeditor.games.mtg.predicate import make_predicate
from deckeditor.problems import ProblemKind as K
from tests.support.mtg_cards import ALL_CARDS, POOL, deck, fmt_info

COMMANDERS = [
    "Tolabow, Loch Rascal",
    "Tolabow, Loch Rascal:R",
    "Tolabow, Loch Rascal:G",
    "Tolabow, Loch Rascal:RG",
    "The Everforger",
    "Hadran, Naya Sunseeder",
    "Valko Indorian",
    "Arvad of the Weatherlight",
    "Thrasios, Triton Hero",
    "Kozilek, Butcher of Truth",
    "Seluma, Light of Aysen",
    "The Prismatic Piper",
    "The Prismatic Piper:B",
    "Grizzlegom, Hurloon Hero",
    "Wilson, Refined Grizzly",
    "Karn, the Great Creator",
]
PARTNERS = ["Tymna the Weaver", "Kraum, Ludevic's Opus", "Raised by Giants", "Rose Tyler"]
CARD_NAMES = sorted(c.name for c in ALL_CARDS)
DAYS = [date(2024, 9, 22), date(2024, 9, 23), date(2026, 1, 1)]
WATCHED = {K.COLOR_IDENTITY, K.BANNED, K.RESTRICTED, K.TOO_MANY_COPIES}

decks = st.builds(
    lambda cmd, partner, main, side, fmt: deck(
        [c for c in (cmd, partner) if c], main, side, fmt=fmt
    ),
    st.one_of(st.none(), st.sampled_from(COMMANDERS)),
    st.one_of(st.none(), st.sampled_from(PARTNERS)),
    st.lists(
        st.tuples(
            st.sampled_from(CARD_NAMES + ["Cryptic Spires:UR", "Cryptic Spires:B"]),
            st.integers(1, 3),
        ),
        max_size=12,
    ),
    st.lists(st.tuples(st.sampled_from(CARD_NAMES), st.integers(1, 2)), max_size=3),
    st.sampled_from(["commander", "commander", "brawl", "vintage"]),
)
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def watched(problems):
    return Counter((p.kind, p.section, p.cards) for p in problems if p.kind in WATCHED)


@SETTINGS
@given(
    decks,
    st.sampled_from(["Main", "Sideboard", "Commander", "Companion", "Maybeboard"]),
    st.sampled_from(DAYS),
    st.lists(st.sampled_from(CARD_NAMES), max_size=20),
)
def test_predicate_never_changes_the_deck_and_why_hidden_agrees(d, target, day, names):
    snapshot = (d, tuple((s.name, s.entries) for s in d.sections))
    p = make_predicate(d, fmt_info(d.format), day, POOL, target)
    for name in names:
        card = POOL.get(name)
        assert p(card) == (p.why_hidden(card) == [])
    visible = set(p.visible_rows())
    for name in names:
        assert (POOL.row_of(name) in visible) == p(POOL.get(name))
    assert (d, tuple((s.name, s.entries) for s in d.sections)) == snapshot


@SETTINGS
@given(
    decks,
    st.sampled_from(["Main", "Sideboard"]),
    st.sampled_from(DAYS),
    st.sampled_from(CARD_NAMES),
    st.booleans(),
)
def test_an_accepted_card_adds_no_identity_ban_or_copy_problem(d, target, day, name, commit):
    fmt = fmt_info(d.format)
    card = POOL.get(name)
    p = make_predicate(d, fmt, day, POOL, target)
    if not p(card) or p.is_possible_partner(card):
        return  # possible partners are offered as commanders, not as Main cards
    before = watched(check(d, fmt, day, POOL))
    # the user's edit commits a colour with try_approve; a paste adds the card as it is
    committed = try_approve(d, POOL, card, fmt) if commit else None
    base = committed[0] if committed else d
    after = watched(check(base.add_card(target, card.name), fmt, day, POOL))
    new = after - before
    assert not new, (name, target, new)


@SETTINGS
@given(decks)
def test_check_is_pure_and_order_independent(d):
    fmt = fmt_info(d.format)
    first = check(d, fmt, date(2026, 1, 1), POOL)
    reversed_deck = d.__class__(
        game=d.game,
        name=d.name,
        format=d.format,
        sections=tuple(s.__class__(s.name, tuple(reversed(s.entries))) for s in d.sections),
    )
    second = check(reversed_deck, fmt, date(2026, 1, 1), POOL)
    key = lambda ps: sorted((p.kind.value, p.severity.value, p.section or "", p.cards) for p in ps)  # noqa: E731
    assert key(first) == key(second)
    assert check(d, fmt, date(2026, 1, 1), POOL) == first
