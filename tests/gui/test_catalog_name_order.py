"""The catalog's default order at start (issue 24.10): whether the pool is in name order is
checked once per card database and read back at later starts, instead of reading every name
again; the list is the same either way."""

from __future__ import annotations

import pytest

from deckeditor.carddb.store import CardStore, open_pool
from deckeditor.paths import AppPaths
from deckeditor.ui.catalog_view import CatalogPanel
from tests.unit.test_lazy_pool import CARDS

pytestmark = pytest.mark.gui


def names(win) -> list[str]:
    model = win.catalog.model
    return [model.card_at(r).name for r in range(model.rowCount())]


def test_a_later_start_reads_the_order_back(make_window, tmp_path, monkeypatch):
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    with CardStore(paths.card_db) as store:
        store.write_source("test-source", "mtgjson", "mtg", list(CARDS), 0)
    open_pool(paths)  # the snapshot, as after an import
    first = names(make_window())
    assert first == sorted(first, key=str.casefold) and len(first) == len(CARDS)

    def no_sorting(self):
        raise AssertionError("the order was stored by the first start")

    monkeypatch.setattr(CatalogPanel, "_sort", no_sorting)
    assert names(make_window()) == first
