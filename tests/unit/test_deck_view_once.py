"""One deck snapshot is viewed and counted once (issue 24.10): after an edit the checker, the
catalog's predicate and the colour budget share its DeckView and its copy count; another
snapshot, pool or rule set gets its own."""

from __future__ import annotations

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.store import starter_pool
from deckeditor.deck import new_deck
from deckeditor.games.mtg.approval import CHECKED_SECTIONS, DeckView
from deckeditor.games.mtg.copy_limits import tally


def pool_and_deck():
    pool = CardPool("mtg", starter_pool("mtg").cards)
    names = [c.name for c in pool.cards[:3]]
    deck = new_deck("mtg").add_card("Main", names[0]).add_card("Main", names[1])
    return pool, deck, names


def test_the_same_snapshot_is_viewed_and_counted_once():
    pool, deck, names = pool_and_deck()
    view = DeckView.of(deck, pool)
    assert DeckView.of(deck, pool) is view
    counted = tally(view)
    assert tally(DeckView.of(deck, pool)) is counted
    assert sorted(t.name for t in counted.values()) == sorted(names[:2])


def test_another_snapshot_pool_or_sections_is_viewed_afresh():
    pool, deck, names = pool_and_deck()
    view = DeckView.of(deck, pool)
    edited = deck.add_card("Main", names[2])
    assert {t.name for t in tally(DeckView.of(edited, pool)).values()} == set(names)
    assert DeckView.of(deck, pool) is not view  # the last view was the edited deck's
    again = DeckView.of(deck, pool)
    assert DeckView.of(deck, pool, tuple(s for s in CHECKED_SECTIONS if s != "Main")) is not again
    other = CardPool("mtg", list(pool.cards))
    assert DeckView.of(deck, other) is not DeckView.of(deck, pool)
    pool.extend([])  # a changed pool: its generation moves
    fresh = DeckView.of(deck, pool)
    pool.extend(list(pool.cards[:1]))
    assert DeckView.of(deck, pool) is not fresh
