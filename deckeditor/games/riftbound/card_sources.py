"""What Riftbound plugs into the card database (`deckeditor.carddb.card_games`): the Riot gallery
JSON, the supplementary supertype file (`riftbound.md` §2.6: no cards of its own, it settles the
supertypes of cards already in a pool), its record codec and its starter pool.

Riftbound's card model and gallery reader are imported when a Riftbound card or source is met,
not when the games are registered: a start that shows an MTG deck never needs them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import is_dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from deckeditor.carddb.card_games import (
    CardGame,
    Progress,
    Record,
    RecordCodec,
    SourceKind,
    SourceResult,
)
from deckeditor.paths import resources_dir

CODE = "riftbound"
_CARD_MODULE = "deckeditor.games.riftbound.card"
Where = str | os.PathLike[str]


def _card_module() -> ModuleType:
    from deckeditor.games.riftbound import card  # lazy: an MTG start never loads it

    return card


def _owns(card: object) -> bool:
    # no Riftbound card exists before its module is loaded: an MTG start never loads it for this
    module = sys.modules.get(_CARD_MODULE)
    return module is not None and isinstance(card, module.Card)


def _to_record(card: Any) -> Record:
    record: Record = _card_module().to_record(card)
    return record


def _from_record(rec: Record) -> Any:
    return _card_module().from_record(rec)


def _model_classes() -> list[type]:
    return [c for c in vars(_card_module()).values() if isinstance(c, type) and is_dataclass(c)]


def _read_gallery(path: Where, progress: Progress | None) -> SourceResult:
    """The gallery's cards, with the shipped supertype file settling what derivation leaves
    unknown (riftbound.md §2.6)."""
    from deckeditor.games.riftbound.gallery import load_gallery  # lazy: only a read loads it

    result = load_gallery(path)
    facts = [
        f"generated {result.generated_at}" if result.generated_at else "",
        f"from {result.source}" if result.source else "",
    ]
    cards = list(result.cards)
    shipped = _shipped_supertypes()
    if shipped is not None:
        settled = {c.name: c for c in shipped.settle(cards)}
        cards = [settled.get(c.name, c) for c in cards]
    return SourceResult(
        result.kind, result.game, cards, list(result.issues), note=" ".join(f for f in facts if f)
    )


def _read_supertypes(path: Where, progress: Progress | None = None) -> SourceResult:
    """A supplementary supertype file: no cards of its own; `settle` applies it to a pool.
    Bad JSON or an unknown key or value aborts with the key path (a ValueError)."""
    from deckeditor.formats import strict_json_loads  # lazy: only a read loads a reader
    from deckeditor.games.riftbound.gallery import (  # lazy: only a read loads a reader
        apply_supertypes,
        read_supertypes,
    )

    doc = strict_json_loads(Path(path).read_bytes())
    table = read_supertypes(doc)
    note = doc.get("source") if isinstance(doc.get("source"), str) else ""

    def settle(cards: Sequence[Any]) -> list[Any]:
        hits = [c for c in cards if c.name in table]
        settled, _ = apply_supertypes(hits, table)
        return settled

    return SourceResult(
        "riftbound-supertypes", CODE, [], [], note=note, amend=settle if table else None
    )


def _shipped_supertypes() -> SourceResult | None:
    shipped = resources_dir() / CODE / "supertypes.json"
    return _read_supertypes(shipped) if shipped.is_file() else None


KINDS = (
    SourceKind(
        "riftbound-gallery",
        CODE,
        _read_gallery,
        label="Riftbound gallery JSON",
        sniff=lambda t: (
            t.startswith("{")
            and '"cards"' in t
            and ('"abilityhtml"' in t.lower() or "riftbound" in t.lower())
        ),
    ),
    SourceKind(
        "riftbound-supertypes",
        CODE,
        _read_supertypes,
        sniff=lambda t: t.startswith("{") and '"supertypes"' in t and '"cards"' not in t,
    ),
)

CARDS = CardGame(
    CODE,
    RecordCodec(
        owns=_owns,
        to_record=_to_record,
        from_record=_from_record,
        model_classes=_model_classes,
    ),
    KINDS,
    starter=resources_dir() / CODE / "starter-cards.json",
)
