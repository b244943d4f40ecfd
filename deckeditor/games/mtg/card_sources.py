"""What MTG plugs into the card database (`deckeditor.carddb.card_games`): its source kinds (a
Forge cardsfolder, MTGJSON AtomicCards, a Scryfall oracle-cards file, Cockatrice cards.xml,
Commander Spellbook's variants), its record codec and tuple codec, its starter pool and the roles
computed once per stored pool.

The registry imports this module on the card database's first use of MTG (every start that opens
a pool); the readers are imported only when a source is read: with their tables they cost tens of
milliseconds to import.
"""

from __future__ import annotations

import os
import re
from typing import Any

from deckeditor.carddb.card_games import (
    CardGame,
    Progress,
    RecordCodec,
    SourceKind,
    SourceResult,
)
from deckeditor.carddb.import_issue import ImportIssue, Issue
from deckeditor.games.mtg import card_records
from deckeditor.games.mtg.card_snapshot import tuple_codec
from deckeditor.paths import resources_dir

CODE = "mtg"
_MTGJSON_DATA = re.compile(r'"data"\s*:\s*\{')
Where = str | os.PathLike[str]


def _result(kind: str, path: Where, found: tuple[list[Any], list[ImportIssue]]) -> SourceResult:
    cards, issues = found
    return SourceResult(kind, CODE, list(cards), [*issues, *deck_rule_warnings(cards, str(path))])


def deck_rule_warnings(cards: list[Any], source: str) -> list[ImportIssue]:
    """§3.2: unknown DeckRule classes/keys and malformed values, once per import per class.key."""
    with_rules = [c for c in cards if c.deck_rule_lines]
    if not with_rules:
        return []
    from deckeditor.games.mtg.deckrule import summarize_warnings  # lazy: only a read loads a reader

    return [
        ImportIssue(source, f"DeckRule {w.key}", w.message, "warning")
        for w in summarize_warnings(with_rules)
    ]


def _read_forge(path: Where, progress: Progress | None) -> SourceResult:
    from deckeditor.games.mtg.forge_script import load_forge  # lazy: only a read loads a reader

    return _result("forge", path, load_forge(path, progress))


def _read_mtgjson(path: Where, progress: Progress | None) -> SourceResult:
    from deckeditor.games.mtg.mtgjson import load_mtgjson  # lazy: only a read loads a reader

    return _result("mtgjson", path, load_mtgjson(path, progress))


def _read_scryfall(path: Where, progress: Progress | None) -> SourceResult:
    from deckeditor.games.mtg.scryfall import load_scryfall  # lazy: only a read loads a reader

    return _result("scryfall", path, load_scryfall(path, progress))


def _read_cockatrice(path: Where, progress: Progress | None) -> SourceResult:
    from deckeditor.games.mtg import cockatrice_xml  # lazy: only a read loads a reader

    return _result("cockatrice", path, cockatrice_xml.load_cockatrice(path, progress))


def _read_spellbook(path: Where, progress: Progress | None) -> SourceResult:
    from deckeditor.games.mtg.spellbook import load_variants  # lazy: only a read loads a reader

    table = load_variants(path)
    note = f"{len(table.combos)} two-card combos"
    issues: list[Issue] = []
    return SourceResult(
        "spellbook", CODE, [], issues, note=note, combos=table if table.combos else None
    )


def _object(text: str) -> bool:
    return text.startswith("{")


KINDS = (
    SourceKind(
        "forge",
        CODE,
        _read_forge,
        label="a Forge cardsfolder",
        scripts=".txt",
        scripts_label="Forge card scripts",
        bounds_itself=True,
    ),
    SourceKind(
        "spellbook",
        CODE,
        _read_spellbook,
        label="Commander Spellbook variants.json",
        sniff=lambda t: _object(t) and '"variants"' in t and '"uses"' in t,
        holds_combos=True,
    ),
    SourceKind(
        "mtgjson",
        CODE,
        _read_mtgjson,
        label="MTGJSON AtomicCards",
        sniff=lambda t: _object(t) and bool(_MTGJSON_DATA.search(t)),
        bounds_itself=True,
    ),
    SourceKind(
        "scryfall",
        CODE,
        _read_scryfall,
        label="Scryfall oracle-cards",
        # a JSON array that is no records file; an object only once no other kind claimed it
        sniff=lambda t: t.startswith("[") or (_object(t) and '"object"' in t and '"card"' in t),
        fallback=True,
        bounds_itself=True,
    ),
    SourceKind(
        "cockatrice",
        CODE,
        _read_cockatrice,
        label="Cockatrice cards.xml",
        sniff=lambda t: t.startswith("<") and ("cockatrice_carddatabase" in t or "<cards" in t),
        zip_member=".xml",
    ),
)


def _derive(pool: Any) -> None:
    from deckeditor.games.mtg import roles  # lazy: the role patterns cost ~0.17 s to compile

    roles.roles_for_pool(pool)


CARDS = CardGame(
    CODE,
    RecordCodec(
        owns=card_records.owns,
        to_record=card_records.mtg_to_record,
        from_record=card_records.mtg_from_record,
        model_classes=card_records.model_classes,
        recognises=card_records.recognises,
        check_record=card_records.check_mtg_record,
        inherit=card_records.inherit,
        tuple_codec=tuple_codec,
    ),
    KINDS,
    starter=resources_dir() / CODE / "starter-cards.json",
    derive=_derive,
    review=deck_rule_warnings,
)
