"""Issue 24.10: a start over the card database decodes only what the first screen shows. The
window's pool decodes a card when it is read; its first legality pass reads back what an
earlier start stored beside the snapshot; the search index's worker decodes the rest after the
first paint. The catalog shows the same legal cards, in the same order, as a start that decoded
everything, and after the warm-up every card is decoded."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from deckeditor.carddb.store import CardStore
from deckeditor.paths import AppPaths
from deckeditor.ui.app import warm_up, warm_up_in_background
from tests.support.mtg_cards import POOL


def stored_home(tmp_path) -> None:
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(POOL.cards), 0)


def undecoded(pool) -> int:
    return sum(1 for c in pool._cards if c is None)


def shown_names(win) -> list[str]:
    model = win.catalog.model
    return [model.data(model.index(r, 0), Qt.ItemDataRole.DisplayRole) for r in range(30)]


def test_a_second_start_shows_the_same_catalog_from_a_screenful_of_cards(make_window, tmp_path):
    stored_home(tmp_path)
    first = make_window()  # the first start: every answer computed (and stored)
    first.show()
    rows, names = list(first.catalog.model.rows), shown_names(first)
    first.close()

    win = make_window()
    win.show()
    QTest.qWaitForWindowExposed(win)
    pool = win.session.pool
    assert len(pool) == len(POOL) and undecoded(pool) > len(pool) // 2
    assert list(win.catalog.model.rows) == rows and shown_names(win) == names

    warm_up(win)  # what the start does after the first paint, here at once
    assert undecoded(pool) == 0 and pool.cards == POOL.cards


def test_typing_while_the_pool_decodes_in_the_background_finds_the_card(make_window, tmp_path):
    stored_home(tmp_path)
    make_window().close()  # a first start stores what the next reads back
    win = make_window()
    win.show()
    QTest.qWaitForWindowExposed(win)
    warm_up_in_background(win)  # the worker decodes and indexes; the window answers meanwhile
    win.catalog.search_box.setFocus()
    QTest.keyClicks(win.catalog.search_box, "Sol Ring")
    win.catalog.searcher.warm()  # the search waits for the rest of the build
    QTest.qWait(50)
    assert "Sol Ring" in shown_names(win)[:3]
    assert undecoded(win.session.pool) == 0
