"""detect_source / load_source: every kind recognised from content, clear errors otherwise."""

from __future__ import annotations

import json
import lzma
import zipfile

import pytest

from deckeditor.carddb.sources import SourceError, SourceResult, detect_source, load_source
from tests.conftest import shared_data

SCRIPT = "Name:Grizzly Bears\nManaCost:1 G\nTypes:Creature Bear\nPT:2/2\nOracle:\n"
ATOMIC = {"meta": {}, "data": {"Grizzly Bears": [{"name": "Grizzly Bears", "layout": "normal",
          "manaCost": "{1}{G}", "manaValue": 2, "colors": ["G"], "colorIdentity": ["G"],
          "type": "Creature — Bear", "types": ["Creature"], "supertypes": [], "subtypes": ["Bear"]}]}}  # fmt: skip
SCRY = [{"object": "card", "name": "Grizzly Bears", "layout": "normal", "mana_cost": "{1}{G}", "cmc": 2,
         "type_line": "Creature — Bear", "colors": ["G"], "color_identity": ["G"], "keywords": []}]  # fmt: skip
XML = ('<?xml version="1.0"?><cockatrice_carddatabase version="4"><cards><card><name>Grizzly Bears'
       "</name><prop><type>Creature — Bear</type><manacost>1G</manacost></prop><set>LEA</set></card>"
       "</cards></cockatrice_carddatabase>")  # fmt: skip


@pytest.fixture
def sources(tmp_path):
    folder = tmp_path / "cardsfolder" / "g"
    folder.mkdir(parents=True)
    (folder / "grizzly_bears.txt").write_text(SCRIPT, encoding="utf-8")
    forge_zip = tmp_path / "cardsfolder.zip"
    with zipfile.ZipFile(forge_zip, "w") as zf:
        zf.writestr("cardsfolder/g/grizzly_bears.txt", SCRIPT)
    atomic = tmp_path / "AtomicCards.json.xz"
    atomic.write_bytes(lzma.compress(json.dumps(ATOMIC).encode()))
    atomic_zip = tmp_path / "AtomicCards.json.zip"
    with zipfile.ZipFile(atomic_zip, "w") as zf:
        zf.writestr("AtomicCards.json", json.dumps(ATOMIC))
    scry = tmp_path / "oracle-cards-20260101.json"
    scry.write_text(json.dumps(SCRY), encoding="utf-8")
    xml = tmp_path / "cards.xml"
    xml.write_text(XML, encoding="utf-8")
    return {
        "forge": [tmp_path / "cardsfolder", forge_zip],
        "mtgjson": [atomic, atomic_zip],
        "scryfall": [scry],
        "cockatrice": [xml],
    }


def test_detect_and_load_every_mtg_kind(sources):
    for kind, paths in sources.items():
        for path in paths:
            assert detect_source(path) == kind, path
            result = load_source(path)
            assert isinstance(result, SourceResult)
            assert (result.kind, result.game) == (kind, "mtg")
            assert [c.name for c in result.cards] == ["Grizzly Bears"], path
            assert result.errors == []


def test_progress_is_reported(sources):
    calls = []
    load_source(sources["forge"][0], progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (1, 1)


def test_unusable_paths_give_one_clear_error(tmp_path):
    with pytest.raises(SourceError, match="no such file"):
        detect_source(tmp_path / "missing.json")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(SourceError, match="no Forge card scripts"):
        load_source(empty)
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x00\x01garbage")
    with pytest.raises(SourceError, match="not a card source"):
        load_source(junk)
    broken = tmp_path / "AtomicCards.json"
    broken.write_text('{"data": {"x": [', encoding="utf-8")
    with pytest.raises(SourceError, match="mtgjson"):
        load_source(broken)
    assert issubclass(SourceError, ValueError)


@pytest.mark.realdata
def test_real_files_are_recognised():
    assert detect_source(shared_data("mtg", "cards.json.xz")) == "mtgjson"
    assert detect_source(shared_data("forge", "upstream-sample-cardscripts.tar.xz")) == "forge"
    assert detect_source(shared_data("riftbound", "cards.json")) == "riftbound-gallery"


@pytest.mark.realdata
def test_riftbound_gallery_is_delegated():
    pytest.importorskip("deckeditor.games.riftbound.gallery")
    result = load_source(shared_data("riftbound", "cards.json"))
    assert (result.kind, result.game) == ("riftbound-gallery", "riftbound")
    assert len(result.cards) > 500


def test_unknown_deckrule_classes_are_reported_once_per_import(tmp_path):
    pytest.importorskip("deckeditor.games.mtg.deckrule")
    folder = tmp_path / "cf"
    folder.mkdir()
    for i in range(4):
        (folder / f"c{i}.txt").write_text(
            f"Name:Odd {i}\nManaCost:1\nTypes:Legendary Creature Human\nDeckRule:FormatPool:Pool$ Vintage\n",
            encoding="utf-8",
        )
    result = load_source(folder)
    warnings = [i for i in result.issues if i.where.startswith("DeckRule")]
    assert len(warnings) == 1 and warnings[0].severity == "warning"
    assert "FormatPool" in warnings[0].where and "4 cards" in warnings[0].message
