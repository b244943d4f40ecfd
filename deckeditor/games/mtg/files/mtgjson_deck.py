"""MTGJSON v5 deck files (kind `mtgjson`, import only): `{"meta": …, "data": {…}}` where `data`
holds `commander`, `displayCommander`, `mainBoard`, `sideBoard`, `planes`, `schemes`, `tokens`
arrays of full card objects with a `count`.

Each card object becomes one entry; its line number in the report is its position (1-based) among
all card objects, since a JSON deck file has no card lines.
"""

from __future__ import annotations

from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult
from deckeditor.games.mtg.files.common import DeckBuilder, clean_name, parse_count, with_foreign

KIND = "mtgjson"

BOARDS = (
    ("commander", "Commander"),
    ("mainBoard", "Main"),
    ("sideBoard", "Sideboard"),
    ("displayCommander", "Display Commander"),
    ("planes", "Planes"),
    ("schemes", "Schemes"),
    ("tokens", "Tokens"),
)


def looks_like(doc: object) -> bool:
    data = doc.get("data") if isinstance(doc, dict) else None
    return isinstance(data, dict) and isinstance(data.get("mainBoard"), list)


_PRINTING_KEYS = ("identifiers", "isEtched", "isFoil", "setCode", "number")


JsonObject = dict[str, Any]  # an object of the parsed file


def _printing(card: JsonObject) -> Printing | None:
    if not any(key in card for key in _PRINTING_KEYS):
        return None  # (nothing says which printing: what an empty Printing reads as)
    raw_ids = card.get("identifiers")
    ids: JsonObject = raw_ids if isinstance(raw_ids, dict) else {}
    finish = "etched" if card.get("isEtched") else "foil" if card.get("isFoil") else None

    def as_int(value: object) -> int | None:
        return int(value) if isinstance(value, str) and value.isdigit() else None

    return Printing(
        set=str(card["setCode"]).upper() if isinstance(card.get("setCode"), str) else None,
        number=card.get("number") if isinstance(card.get("number"), str) else None,
        finish=finish,
        scryfall=ids.get("scryfallId") if isinstance(ids.get("scryfallId"), str) else None,
        mtgo=as_int(ids.get("mtgoId")),
        arena=as_int(ids.get("mtgArenaId")),
        multiverse=as_int(ids.get("multiverseId")),
    )


def read(
    doc: JsonObject,
    pool: CardPool[Any] | None,
    *,
    name: str = "Imported deck",
    consume: bool = False,
) -> ImportResult:
    """The deck of a parsed MTGJSON deck file; `consume`: the caller gives `doc` away, and each
    card object is dropped from it once read (8 MiB of them: over 100 MB)."""
    if not looks_like(doc):
        raise DeckFileError(None, None, None, "not an MTGJSON deck file")
    data = doc["data"]
    b = DeckBuilder(pool, KIND)
    number = 0
    for key, section in BOARDS:
        cards = data.get(key) or []
        if not isinstance(cards, list):
            continue
        for i, card in enumerate(cards):
            if consume:
                cards[i] = None
            number += 1
            label = f"{key}[{number}]"
            if not isinstance(card, dict):
                b.reject(number, label, "not a card object")
                continue
            written = card.get("name")
            count = card.get("count", 1)
            strict_int = isinstance(count, int) and not isinstance(count, bool)
            count = parse_count(str(count)) if strict_int else None
            if not isinstance(written, str) or not written.strip():
                b.reject(number, label, "no card name")
                continue
            if count is None:
                b.reject(number, f"{label} {written}", "count is not an integer from 1 to 9999")
                continue
            b.add_card(
                number, f"{count} {written}", section, written.strip(), count, _printing(card)
            )
    if b.card_lines() == 0:
        raise DeckFileError(None, None, None, "no card lines")
    title = data.get("name") if isinstance(data.get("name"), str) else None
    deck = b.deck(name=clean_name(title, name))
    kept = {k: data[k] for k in ("code", "type", "releaseDate") if isinstance(data.get(k), str)}
    deck = with_foreign(deck, "mtgjson", kept)
    return ImportResult(deck, KIND, b.lines, ["read as an MTGJSON deck file"] + b.notes)
