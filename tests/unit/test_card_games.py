"""A game plugs its cards into the card database by registering a `CardGame` (issue 25 point 1):
its source kind is recognised and read, its records are stored, snapshotted and read back, its
starter pool is used, and `cards info` lists it, with no change to `deckeditor/carddb`."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from deckeditor.carddb import card_games, snapshot
from deckeditor.carddb.card_games import (
    CardGame,
    Progress,
    RecordCodec,
    SourceKind,
    SourceResult,
)
from deckeditor.carddb.records import RecordError, from_record, game_of, to_record
from deckeditor.carddb.sources import SourceError, detect_source, load_source
from deckeditor.carddb.store import CardStore, import_sources, info, open_pool, starter_pool
from deckeditor.paths import AppPaths

CODE = "marbles"


@dataclass(frozen=True)
class Marble:
    name: str
    colour: str

    @property
    def face_names(self) -> tuple[str, ...]:
        return (self.name,)


def _from_record(rec: dict[str, Any]) -> Marble:
    if not isinstance(rec.get("name"), str) or not isinstance(rec.get("colour"), str):
        raise RecordError(f"marble {rec.get('name')!r}: needs a string 'name' and 'colour'")
    return Marble(rec["name"], rec["colour"])


def _read_bag(path: str | os.PathLike[str], progress: Progress | None) -> SourceResult:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    cards = [Marble(name, colour) for name, colour in doc["marbles"].items()]
    return SourceResult("marble-bag", CODE, cards)


def _polish(cards: Sequence[Any]) -> list[Any]:
    return [Marble(c.name, "polished " + c.colour) for c in cards if isinstance(c, Marble)]


def _read_polish(path: str | os.PathLike[str], progress: Progress | None) -> SourceResult:
    return SourceResult("marble-polish", CODE, [], amend=_polish)


def game(starter: Path | None = None) -> CardGame:
    return CardGame(
        CODE,
        RecordCodec(
            owns=lambda card: isinstance(card, Marble),
            to_record=lambda card: {"game": CODE, "name": card.name, "colour": card.colour},
            from_record=_from_record,
            model_classes=lambda: [Marble],
        ),
        (
            SourceKind(
                "marble-bag",
                CODE,
                _read_bag,
                label="a marble bag",
                sniff=lambda t: '"marbles"' in t,
            ),
            SourceKind("marble-polish", CODE, _read_polish, sniff=lambda t: '"polish"' in t),
        ),
        starter=starter,
    )


@pytest.fixture
def marbles(tmp_path: Path) -> Iterator[CardGame]:
    starter = tmp_path / "starter.json"
    starter.write_text(json.dumps([{"game": CODE, "name": "Tiny Agate", "colour": "red"}]))
    declared = game(starter)
    card_games.register(declared)
    yield declared
    card_games.withdraw(CODE)


@pytest.fixture
def home(tmp_path: Path) -> AppPaths:
    return AppPaths.resolve(tmp_path / "home").ensure()


def bag(path: Path, marbles: dict[str, str]) -> Path:
    path.write_text(json.dumps({"marbles": marbles}), encoding="utf-8")
    return path


def test_its_source_kind_is_recognised_and_read(marbles, tmp_path):
    path = bag(tmp_path / "bag.json", {"Cat's Eye": "green", "Steelie": "grey"})
    assert detect_source(path) == "marble-bag"
    result = load_source(path)
    assert (result.kind, result.game) == ("marble-bag", CODE)
    assert result.cards == [Marble("Cat's Eye", "green"), Marble("Steelie", "grey")]


def test_the_unknown_file_names_its_label_among_the_kinds(marbles, tmp_path):
    other = tmp_path / "other.json"
    other.write_text('{"nothing": 1}', encoding="utf-8")
    with pytest.raises(SourceError, match="a marble bag"):
        detect_source(other)


def test_its_cards_are_stored_and_come_back_as_its_cards(marbles, tmp_path, home):
    path = bag(tmp_path / "bag.json", {"Cat's Eye": "green", "Steelie": "grey"})
    (summary,) = import_sources([path], app_paths=home)
    assert (summary.kind, summary.game, summary.cards) == ("marble-bag", CODE, 2)
    assert info(home)["games"][CODE] == {"cards": 2}
    pool = open_pool(home, game=CODE)
    assert pool.get("Steelie") == Marble("Steelie", "grey")
    with CardStore(home.card_db) as store:
        assert store.load_cards(CODE) == [Marble("Cat's Eye", "green"), Marble("Steelie", "grey")]


def test_a_source_that_amends_settles_the_cards_already_there(marbles, tmp_path, home):
    path = bag(tmp_path / "bag.json", {"Steelie": "grey"})
    polish = tmp_path / "polish.json"
    polish.write_text('{"polish": true}', encoding="utf-8")
    import_sources([path, polish], app_paths=home)
    assert open_pool(home, game=CODE).get("Steelie") == Marble("Steelie", "polished grey")
    assert open_pool(home, [polish], game=CODE).get("Steelie").colour == "polished polished grey"


def test_its_records_and_snapshot_round_trip(marbles):
    card = Marble("Steelie", "grey")
    assert game_of(card) == CODE
    assert from_record(to_record(card), CODE) == card
    codec, blob = snapshot.dump(CODE, [card])
    assert codec == snapshot.PICKLE  # no tuple codec declared
    assert snapshot.load(CODE, codec, blob) == ([card], None)


def test_a_records_file_naming_the_game_is_read_as_its_records(marbles, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps([{"game": CODE, "name": "Steelie", "colour": "grey"}, {"x": 1}]))
    assert detect_source(path) == "records"
    result = load_source(path)
    assert result.game == CODE and result.cards == [Marble("Steelie", "grey")]
    assert [(i.where, i.severity) for i in result.issues] == [("[1]", "error")]


def test_its_starter_pool_is_the_pool_without_a_database(marbles, home):
    assert [c.name for c in starter_pool(CODE)] == ["Tiny Agate"]
    assert [c.name for c in open_pool(home, game=CODE)] == ["Tiny Agate"]


def test_a_game_with_no_card_sources_opens_an_empty_pool(home):
    assert card_games.find("pebbles-unknown") is None
    assert len(open_pool(home, game="pebbles-unknown")) == 0
