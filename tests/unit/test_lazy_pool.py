"""Issue 24.10: a pool whose cards are decoded from the snapshot when first asked for
(`open_pool(lazy=True)`, what `check` opens): the same cards, names and answers as a pool
decoded at once, and the whole list decoded only when someone asks for all of it."""

from __future__ import annotations

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.store import CardStore, open_pool
from deckeditor.games.mtg.card import Card, Face, Layout
from deckeditor.paths import AppPaths


def card(name: str, text: str = "", faces: tuple[str, ...] = ()) -> Card:
    names = faces or (name,)
    return Card(
        name=name,
        layout=Layout.NORMAL if not faces else Layout.TRANSFORM,
        mana_value=1.0,
        faces=tuple(Face(name=n, oracle_text=text, types=("Instant",)) for n in names),
    )


CARDS = [
    card("Quick Study", "Draw two cards."),
    card("Stone Wall", "Defender"),
    card("Lim-Dûl's Vault", "Look at the top five cards."),
    card(
        "Delver of Secrets // Insectile Aberration",
        "",
        ("Delver of Secrets", "Insectile Aberration"),
    ),
]


def home(tmp_path) -> AppPaths:
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(CARDS), 0)
    open_pool(paths)  # the snapshot written with its index, as after an import
    return paths


def undecoded(pool: CardPool) -> int:
    return sum(1 for c in pool._cards if c is None)


def test_a_lazy_pool_decodes_only_the_cards_asked_for(tmp_path):
    pool = open_pool(home(tmp_path), lazy=True)
    assert len(pool) == 4 and undecoded(pool) == 4
    assert pool.get("Quick Study") == CARDS[0]
    assert pool.resolve("lim-dul's vault").card == CARDS[2]  # folded name, from the stored index
    assert pool.resolve("Insectile Aberration").card == CARDS[3]  # a back face
    assert pool.get("Nothing Such") is None and "Stone Wall" in pool
    assert undecoded(pool) == 1


def test_asking_for_every_card_decodes_them_all_in_order(tmp_path):
    paths = home(tmp_path)
    lazy, eager = open_pool(paths, lazy=True), open_pool(paths)
    lazy.get("Stone Wall")
    assert lazy.cards == eager.cards == CARDS
    assert undecoded(lazy) == 0 and list(lazy) == CARDS and lazy[3] == CARDS[3]


def test_a_lazy_pool_takes_new_cards_like_any_pool(tmp_path):
    pool = open_pool(home(tmp_path), lazy=True)
    newer = card("Quick Study", "Draw three cards.")
    pool.add(newer)
    pool.add(card("Fresh Card"))
    assert pool.get("Quick Study").faces[0].oracle_text == "Draw three cards."
    assert [c.name for c in pool.cards][-1] == "Fresh Card" and len(pool) == 5


def test_the_default_open_decodes_everything_at_once(tmp_path):
    pool = open_pool(home(tmp_path))
    assert undecoded(pool) == 0 and pool._lazy is None


def test_decoded_cards_are_the_frozen_cards_written(tmp_path):
    """The snapshot fills a card's slots through a plain class of the same layout
    (`slot_maker.shadow_maker`): what comes back is the card class itself, equal, and frozen."""
    import dataclasses

    import pytest

    for pool in (open_pool(home(tmp_path)), open_pool(home(tmp_path / "again"), lazy=True)):
        cards = pool.cards
        assert cards == CARDS and [type(c) for c in cards] == [Card] * 4
        assert type(cards[3].faces[1]) is Face and hash(cards[0]) == hash(CARDS[0])
        with pytest.raises(dataclasses.FrozenInstanceError):
            cards[0].name = "Changed"  # type: ignore[misc]
        assert dataclasses.replace(cards[1], name="Other Wall").name == "Other Wall"


def test_a_search_over_a_lazy_pool_decodes_only_what_it_lists(tmp_path):
    from deckeditor.search import compile_query

    paths = home(tmp_path)
    open_pool(paths)  # a first search stores the columns beside the snapshot
    compile_query("o:draw", "mtg").ranked_names(open_pool(paths))
    pool = open_pool(paths, lazy=True)
    assert compile_query("o:draw", "mtg").ranked_names(pool) == ["Quick Study"]
    assert undecoded(pool) == 3
    # a search that lists every card decodes them all, and answers as over a decoded pool
    assert compile_query("t:instant", "mtg").ranked_names(pool) == sorted(c.name for c in CARDS)
    assert undecoded(pool) == 0


def test_two_threads_decoding_at_once_make_each_card_once(tmp_path):
    """The window's search-index worker decodes the pool after the first paint while the
    window reads the rows it shows: every reader gets the one object made for a card."""
    import threading

    paths = home(tmp_path)
    for _ in range(20):
        pool = open_pool(paths, lazy=True)
        seen: list[object] = []

        def decode_all(pool=pool, seen=seen) -> None:
            seen.append(pool.cards)

        worker = threading.Thread(target=decode_all)
        worker.start()
        mine = [pool[row] for row in reversed(range(len(pool)))][::-1]
        worker.join()
        assert seen[0] is pool.cards and pool._lazy is None
        assert all(a is b for a, b in zip(mine, pool.cards, strict=True)) and mine == CARDS
