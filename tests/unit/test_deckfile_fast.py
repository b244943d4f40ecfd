"""The own deck file's fast path (`deckfile.fast`) agrees with the pydantic models: whatever it
reads, the models read to the same deck; whatever it declines, the models still read (or refuse
with the same located error as before). Over the shipped decks and over documents made by
changing one value of a well-formed deck to something odd."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckeditor import deckfile
from deckeditor.deckfile import DeckFileError, model_to_deck, read_json_deck
from deckeditor.deckfile.fast import deck_of
from deckeditor.deckfile.model import DeckFileModel

DECKS = sorted((Path(__file__).resolve().parents[2] / "resources" / "decks").glob("*.deck.json"))

WELL_FORMED = {
    "schema": "deckeditor-deck",
    "version": 1,
    "game": "mtg",
    "name": "Fast path",
    "format": "commander",
    "notes": "n",
    "tags": ["a", "b"],
    "bracket": 3,
    "created": "2026-11-29T10:00:00+00:00",
    "modified": "2026-11-30T10:00:00+01:00",
    "sections": [
        {"name": "Commander", "entries": [{"card": "Thrasios, Triton Hero", "count": 1}]},
        {
            "name": "Main",
            "entries": [
                {"card": "Forest", "count": 30, "tags": ["land"], "flags": {"k": "v"}},
                {
                    "card": "Sol Ring",
                    "count": 1,
                    "choices": {"colors": "WU"},
                    "printing": {
                        "set": "C21",
                        "number": "263",
                        "finish": "foil",
                        "forge_art": 2,
                        "ids": {"scryfall": "x", "mtgo": 1, "arena": 2, "multiverse": 3},
                        "code": "c",
                    },
                },
            ],
        },
    ],
    "unparsed": [{"source": "f.txt", "line": 3, "text": "??", "reason": "unknown"}],
    "foreign": {"moxfield": {"id": 1}},
}

ODD_VALUES = st.sampled_from(
    [
        None,
        True,
        False,
        0,
        1,
        5,
        6,
        -1,
        100,
        1.0,
        "",
        " x",
        "x",
        "WUBRG",
        "UW",
        "foil",
        "gold",
        "2026-01-01",
        "2026-01-01T00:00:00Z",
        "mtg",
        "riftbound",
        "Main",
        "a" * 201,
        "\x07",
        [],
        ["a", "a"],
        [""],
        {},
        {"extra": 1},
        {"colors": "BG"},
        [{"card": "X", "count": 1}],
    ]
)


def _paths(value, at=()):
    """Every key path of a JSON value (the places a change can go)."""
    yield at
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*at, i))


PLACES = [p for p in _paths(WELL_FORMED) if p]


def _changed(doc, place, value, drop):
    doc = copy.deepcopy(doc)
    *parent, last = place
    target = doc
    for part in parent:
        target = target[part]
    if drop:
        del target[last]
    else:
        target[last] = value
    return doc


def _models(doc):
    """The models' answer: the deck, or the located error `read_json_deck` always gave."""
    text = json.dumps(doc)
    try:
        return model_to_deck(deckfile.parse_model(text, "f"))
    except DeckFileError as exc:
        return str(exc)


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_every_shipped_deck_takes_the_fast_path_to_the_same_deck(path):
    doc = json.loads(path.read_text("utf-8"))
    fast = deck_of(doc)
    assert fast is not None
    assert fast == model_to_deck(DeckFileModel.model_validate(doc))


def test_the_well_formed_example_takes_the_fast_path():
    assert deck_of(copy.deepcopy(WELL_FORMED)) == _models(WELL_FORMED)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PLACES), ODD_VALUES, st.booleans(), st.sampled_from(["fast", "top"]))
def test_the_fast_path_never_disagrees_with_the_models(place, value, drop, where):
    if where == "top":  # an unknown top-level key instead (kept for the next write)
        doc = {**WELL_FORMED, str(place[-1]): value}
    else:
        try:
            doc = _changed(WELL_FORMED, place, value, drop)
        except (IndexError, KeyError, TypeError):
            return
    models = _models(doc)
    fast = deck_of(copy.deepcopy(doc))
    if fast is not None:
        assert fast == models
    got = read_json_deck(json.dumps(doc), "f") if not isinstance(models, str) else None
    if isinstance(models, str):
        with pytest.raises(DeckFileError) as err:
            read_json_deck(json.dumps(doc), "f")
        assert str(err.value) == models
    else:
        assert got == models


def test_unknown_keys_still_survive_a_read_and_a_write():
    doc = copy.deepcopy(WELL_FORMED)
    doc["sections"][1]["entries"][0]["seen_by"] = "tool"
    doc["mystery"] = [1]
    assert deck_of(copy.deepcopy(doc)) is None
    back = json.loads(deckfile.write_json_deck(read_json_deck(json.dumps(doc))))
    assert back["mystery"] == [1] and back["sections"][1]["entries"][0]["seen_by"] == "tool"


def test_reading_a_well_formed_deck_does_not_import_pydantic():
    import subprocess
    import sys

    code = (
        # the games declare their codes first, as every command and the window do
        "import sys; import deckeditor.games.registry; "
        "from deckeditor.deckfile import read_json_deck; "
        f"read_json_deck(open({str(DECKS[0])!r}, encoding='utf-8').read()); "
        "print('pydantic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
