"""Pebbles' cards in the card database: its records, its starter pool (the four pebbles) and one
kind of card source, a pebble bag (`{"pebbles": {"Name": "hue", ...}}`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from deckeditor.carddb.card_games import CardGame, Progress, RecordCodec, SourceKind, SourceResult
from deckeditor.carddb.records import RecordError
from tests.support.thirdgame.cards import Pebble

CODE = "pebbles"
STARTER = Path(__file__).with_name("starter-cards.json")


def to_record(card: Pebble) -> dict[str, Any]:
    return {"game": CODE, "name": card.name, "hue": card.hue}


def from_record(rec: dict[str, Any]) -> Pebble:
    if not isinstance(rec.get("name"), str) or not isinstance(rec.get("hue"), str):
        raise RecordError(f"pebble {rec.get('name')!r}: needs a string 'name' and 'hue'")
    return Pebble(rec["name"], rec["hue"])


def read_bag(path: str | os.PathLike[str], progress: Progress | None) -> SourceResult:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    cards = [Pebble(name, hue) for name, hue in doc["pebbles"].items()]
    return SourceResult("pebble-bag", CODE, cards)


CARDS = CardGame(
    CODE,
    RecordCodec(
        owns=lambda card: isinstance(card, Pebble),
        to_record=to_record,
        from_record=from_record,
        model_classes=lambda: [Pebble],
    ),
    (
        SourceKind(
            "pebble-bag", CODE, read_bag, label="a pebble bag", sniff=lambda t: '"pebbles"' in t
        ),
    ),
    starter=STARTER,
)
