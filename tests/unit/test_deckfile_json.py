"""The own deck file (deck-files.md §3): schema, pre-validation errors with key path and line,
versions, unknown keys kept, canonical writing, byte-identical re-save, atomic save."""

from __future__ import annotations

import json
import os

import pytest

from deckeditor import deckfile
from deckeditor.deck import Deck, Entry, Section
from deckeditor.deckfile import read_json_deck, save_atomic, write_json_deck
from deckeditor.deckio import DeckFileError, read_deck, save_deck
from tests.unit.test_text_decks import FIXTURES

SPEC = (FIXTURES / "tolabow.deck.json").read_text(encoding="utf-8")


def doc(**changes) -> str:
    base = json.loads(SPEC)
    base.update(changes)
    return json.dumps(base)


def error(text: str) -> DeckFileError:
    with pytest.raises(DeckFileError) as info:
        read_deck(text.encode("utf-8") if isinstance(text, str) else text)
    return info.value


def test_reads_the_example():
    deck = read_deck(FIXTURES / "tolabow.deck.json").deck
    assert deck.name == "Otter Burn" and deck.format == "commander"
    assert deck.tags == ("spells", "budget")
    assert deck.section("Commander").entries[0].colors == "R"
    bolt = deck.section("Main").entries[0]
    assert (bolt.printing.set, bolt.printing.number, bolt.printing.finish) == ("M11", "149", "foil")
    assert bolt.tags == ("burn",)
    assert deck.unparsed[0].text == "1x"


def test_resave_is_byte_identical():
    first = write_json_deck(read_json_deck(SPEC))
    assert write_json_deck(read_json_deck(first)) == first
    assert first.endswith("}\n") and "\r" not in first


def test_canonical_order_and_empty_sections_omitted():
    deck = Deck(
        sections=(
            Section("Tokens", (Entry("Treasure"),)),
            Section("Maybeboard", (Entry("A"),)),
            Section("Sideboard", ()),
            Section("Main", (Entry("B"),)),
            Section("Commander", (Entry("C"),)),
        )
    )
    names = [s["name"] for s in json.loads(write_json_deck(deck))["sections"]]
    assert names == ["Commander", "Main", "Maybeboard", "Tokens"]


def test_key_order_follows_the_tables():
    out = json.loads(write_json_deck(read_json_deck(SPEC)))
    assert list(out) == [
        "schema",
        "version",
        "game",
        "name",
        "format",
        "notes",
        "tags",
        "sections",
        "unparsed",
    ]


def test_unknown_keys_survive_at_every_level():
    base = json.loads(SPEC)
    base["futureTop"] = {"x": [1, 2]}
    base["sections"][1]["colour"] = "blue"
    entry = base["sections"][1]["entries"][0]
    entry["rating"] = 5
    entry["printing"]["lang"] = "en"
    entry["printing"]["ids"] = {"scryfall": "abc", "cardmarket": 7}
    entry["choices"] = {"mood": "angry"}
    base["unparsed"][0]["column"] = 3
    base["foreign"] = {"forge": {"metadata": [["AiHints", "x"]]}}
    out = json.loads(write_json_deck(read_json_deck(json.dumps(base))))
    assert out["futureTop"] == {"x": [1, 2]}
    assert out["sections"][1]["colour"] == "blue"
    e = out["sections"][1]["entries"][0]
    assert e["rating"] == 5 and e["printing"]["lang"] == "en"
    assert e["printing"]["ids"] == {"scryfall": "abc", "cardmarket": 7}
    assert e["choices"] == {"mood": "angry"}
    assert out["unparsed"][0]["column"] == 3
    assert out["foreign"] == {"forge": {"metadata": [["AiHints", "x"]]}}


def test_duplicate_key_names_the_path_and_line():
    text = SPEC.replace('"count": 30', '"count": 30, "count": 31')
    e = error(text)
    assert "sections[1].entries[2].count" in e.message and "twice" in e.message
    assert (
        e.line
        == SPEC.splitlines().index(next(l for l in SPEC.splitlines() if '"count": 30' in l)) + 1
    )


def test_nan_is_refused():
    e = error(SPEC.replace('"count": 30', '"count": NaN'))
    assert "sections[1].entries[2].count" in e.message and "NaN" in e.message


def test_depth_16_is_refused_and_15_accepted():
    def nested(n):
        return "[" * n + "]" * n

    ok = json.loads(SPEC)
    ok_text = json.dumps(ok)[:-1] + ', "foreign": {"x": ' + nested(13) + "}}"
    read_deck(ok_text)  # top(1) + foreign(2) + 13 lists = 15
    bad_text = json.dumps(ok)[:-1] + ', "foreign": {"x": ' + nested(14) + "}}"
    assert "deeper than 15" in error(bad_text).message


def test_very_deep_json_is_a_clean_error():
    assert "deeper" in error('{"a": ' + "[" * 100000 + "]" * 100000 + "}").message


def test_count_true_names_the_key_path_and_line():
    lines = SPEC.splitlines()
    text = SPEC.replace('"count": 30', '"count": true')
    e = error(text)
    assert e.message == "sections[1].entries[2].count: must be an integer from 1 to 9999"
    assert e.line == next(i for i, l in enumerate(lines, 1) if '"count": 30' in l)
    assert str(e).startswith("<text>:")


@pytest.mark.parametrize("value", ["1.0", "0", "10000", '"3"'])
def test_count_must_be_a_strict_integer(value):
    assert (
        "count: must be an integer"
        in error(SPEC.replace('"count": 30', f'"count": {value}')).message
    )


def test_newer_version_is_refused():
    e = error(doc(version=3))
    assert "written by a newer Deck Editor (file version 3; this one reads 2)" in e.message


def test_migrations_run_in_order(monkeypatch):
    from deckeditor.deckfile import schema

    monkeypatch.setattr(schema, "VERSION", 3)  # the version the schema module reads
    monkeypatch.setitem(deckfile.MIGRATIONS, 2, lambda d: {**d, "notes": "migrated"})
    old = json.loads(SPEC)
    model = deckfile.parse_model(json.dumps(old))
    assert model.notes == "migrated" and model.version == 3


@pytest.mark.parametrize(
    ("version", "written", "read"),
    [
        (1, "brawl", "standardbrawl"),  # version 1 knew only the 60-card Brawl
        (1, "standardbrawl", "standardbrawl"),
        (1, "commander", "commander"),
        (2, "brawl", "brawl"),  # version 2: MTG Arena's 100-card Brawl
    ],
)
def test_an_old_brawl_deck_keeps_its_meaning(version, written, read):
    from deckeditor.deckfile import deck_to_dict, read_json_deck

    text = SPEC.replace('"version": 1', f'"version": {version}').replace(
        '"format": "commander"', f'"format": "{written}"'
    )
    deck = read_json_deck(text)
    assert deck.format == read
    # Written back in the lowest version that reads it right: only a 100-card Brawl deck needs 2.
    assert deck_to_dict(deck)["version"] == (2 if read == "brawl" else 1)


@pytest.mark.parametrize(
    "change, where",
    [
        ({"schema": None}, "not a Deck Editor deck"),
        ({"game": "chess"}, "game:"),
        ({"name": " padded "}, "name:"),
        ({"name": ""}, "name:"),
        ({"format": "Not A Code"}, "format:"),
        ({"tags": ["a", "a"]}, "tags:"),
    ],
)
def test_schema_errors(change, where):
    assert where in error(doc(**change)).message


def test_missing_required_key():
    base = json.loads(SPEC)
    del base["format"]
    assert error(json.dumps(base)).message == "format: required key is missing"


def test_bad_colours_choice():
    assert "choices.colors" in error(SPEC.replace('"colors": "UR"', '"colors": "RU"')).message


def test_duplicate_section_names():
    base = json.loads(SPEC)
    base["sections"].append({"name": "Main", "entries": []})
    assert "appears more than once" in error(json.dumps(base)).message


def test_trailing_data_and_malformed_json():
    assert "trailing data" in error(SPEC + "{}").message
    e = error(SPEC[:200])
    assert "malformed JSON" in e.message and e.line is not None


def test_other_json_is_not_a_deck():
    assert "not a Deck Editor deck" in error('{"a": 1}').message


def test_invalid_utf8_and_size():
    assert "UTF-8" in error(SPEC.encode().replace(b"Otter", b"Ott\xff")).message
    with pytest.raises(DeckFileError, match="8 MiB"):
        deckfile.load_json(" " * (8 * 1024 * 1024 + 1) + "{}")


def test_optional_keys_take_defaults():
    base = json.loads(SPEC)
    for key in ("notes", "tags", "unparsed"):
        del base[key]
    deck = read_json_deck(json.dumps(base))
    assert deck.notes == "" and deck.tags == () and deck.unparsed == ()


def test_save_atomic_keeps_a_backup(tmp_path):
    target = tmp_path / "d.deck.json"
    save_atomic(target, "one\n")
    assert target.read_text() == "one\n" and not (tmp_path / "d.deck.json.bak").exists()
    save_atomic(target, "two\n")
    assert target.read_text() == "two\n"
    assert (tmp_path / "d.deck.json.bak").read_text() == "one\n"
    assert sorted(os.listdir(tmp_path)) == ["d.deck.json", "d.deck.json.bak"]


def test_save_deck_picks_the_kind_from_the_name(tmp_path):
    deck = read_json_deck(SPEC)
    assert save_deck(tmp_path / "x.deck.json", deck) == "json"
    assert read_deck(tmp_path / "x.deck.json").deck == deck
    assert save_deck(tmp_path / "x.dck", deck) == "forge"
    assert (
        (tmp_path / "x.dck").read_text(encoding="utf-8").startswith("[metadata]\nName=Otter Burn\n")
    )


def test_timestamps_need_a_utc_offset():
    read_deck(
        doc(created="2026-11-29T10:00:00+00:00", modified="2026-11-29T11:00:00-05:00").encode()
    )
    assert "created: must carry a UTC offset" in error(doc(created="2026-11-29T10:00:00")).message
    assert "modified: must be an ISO 8601" in error(doc(modified="yesterday")).message


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir() if p.is_file()))
def test_every_import_resaves_byte_identically(fixture):
    from tests.unit.test_text_decks import make_pool

    deck = read_deck(FIXTURES / fixture, make_pool()).deck
    first = write_json_deck(deck)
    again = read_deck(first.encode()).deck
    assert again == deck
    assert write_json_deck(again) == first


def test_missing_or_bad_version():
    base = json.loads(SPEC)
    del base["version"]
    assert error(json.dumps(base)).message == "version: required key is missing"
    assert "version: must be an integer" in error(doc(version=True)).message
