"""Supplementary supertype files as card sources (riftbound.md §2.6) and gallery facts in
`cards info` (§2.1)."""

from __future__ import annotations

import json

import pytest

from deckeditor.carddb.sources import SourceError, detect_source, load_source
from deckeditor.carddb.store import import_sources, info, open_pool
from deckeditor.paths import AppPaths
from tests.conftest import shared_data

ALLAY = "Allay, Eager Admirer"
MASA = "Masa, Crashing Thunder"


def _supertypes(tmp_path, table, name="st.json"):
    path = tmp_path / name
    path.write_text(json.dumps({"source": "test facts", "supertypes": table}), encoding="utf-8")
    return path


def test_a_supertype_file_is_recognised_by_content(tmp_path):
    path = _supertypes(tmp_path, {MASA: ["Champion"]}, "facts.data")
    assert detect_source(path) == "riftbound-supertypes"
    result = load_source(path)
    assert result.game == "riftbound" and result.cards == [] and result.note == "test facts"


def test_a_bad_supertype_value_aborts_with_its_key_path(tmp_path):
    path = _supertypes(tmp_path, {MASA: ["Legendary"]})
    with pytest.raises(SourceError, match=r"supertypes\.Masa, Crashing Thunder\[0\]"):
        load_source(path)


def test_gallery_import_applies_the_shipped_file_and_a_given_one(tmp_path):
    gallery = shared_data("riftbound", "cards.json")
    paths = AppPaths.resolve(tmp_path / "home")
    import_sources([gallery, _supertypes(tmp_path, {MASA: ["Champion"]})], app_paths=paths)
    pool = open_pool(paths, game="riftbound")
    assert pool.get(ALLAY).supertypes == frozenset() and pool.get(ALLAY).supertypes_known
    assert pool.get(MASA).supertypes == {"Champion"} and pool.get(MASA).supertypes_known
    assert len(pool) == 924  # 928 before the Origins tokens OGN-271–274 were set aside (issue 13)
    listing = info(paths, details=True)
    assert listing["sources"][0]["note"].startswith("generated ")
    assert "note" not in info(paths)["sources"][0]  # the --json shape stays exact


def test_supertype_file_given_with_cards_applies_to_the_run_pool(tmp_path):
    gallery = shared_data("riftbound", "cards.json")
    paths = AppPaths.resolve(tmp_path / "home")
    facts = _supertypes(tmp_path, {MASA: ["Champion"]})
    pool = open_pool(paths, extra_sources=[gallery, facts], game="riftbound")
    assert pool.get(MASA).supertypes == {"Champion"} and pool.get(MASA).supertypes_known
