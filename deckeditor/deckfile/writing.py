"""Writing the own deck file (`deck-files.md` §3): lossless JSON, canonical sections first, the
unknown keys a read kept (`foreign["_json"]`) put back where they were, and no more unparsed
lines than a file can hold and be read again (`unparsed_budget`)."""

from __future__ import annotations

import json
from typing import Any

from deckeditor import deck_games
from deckeditor.deck import Deck, Entry, Printing, Section
from deckeditor.deckfile import unparsed_budget
from deckeditor.deckfile.schema import EXTRA_KEY, SCHEMA, Document, written_version


def _printing_dict(p: Printing, extra: dict[str, dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("set", "number", "finish", "forge_art"):
        if getattr(p, key) is not None:
            out[key] = getattr(p, key)
    ids = {
        k: getattr(p, k)
        for k in ("scryfall", "mtgo", "arena", "multiverse")
        if getattr(p, k) is not None
    }
    ids.update(extra.get("printing.ids", {}))
    if ids:
        out["ids"] = ids
    if p.code is not None:
        out["code"] = p.code
    out.update(extra.get("printing", {}))
    return out


def _entry_dict(e: Entry, extra: dict[str, dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"card": e.card, "count": e.count}
    printing = _printing_dict(e.printing or Printing(), extra)
    if printing:
        out["printing"] = printing
    choices: dict[str, Any] = {"colors": e.colors} if e.colors else {}
    choices.update(extra.get("choices", {}))
    if choices:
        out["choices"] = choices
    if e.tags:
        out["tags"] = list(e.tags)
    if e.categories is not None:
        out["categories"] = list(e.categories)
    if e.flags:
        out["flags"] = dict(e.flags)
    out.update(extra.get("", {}))
    return out


def ordered_sections(deck: Deck) -> list[Section]:
    """Canonical sections first, then extra sections in stored order; empty ones omitted."""
    canon = deck_games.sections(deck.game)
    by_name = {s.name: s for s in deck.sections}
    out = [by_name[n] for n in canon if n in by_name]
    out += [s for s in deck.sections if s.name not in canon]
    return [s for s in out if s.entries]


def deck_to_dict(deck: Deck) -> Document:
    deck, _ = unparsed_budget.fit(deck)  # what the file can hold and be read again (issue 26.2)
    foreign: dict[str, Any] = dict(deck.foreign)
    extras: dict[str, Any] = foreign.pop(EXTRA_KEY, None) or {}  # what reading kept there
    doc: dict[str, Any] = {
        "schema": SCHEMA,
        "version": written_version(deck.format),
        "game": deck.game,
        "name": deck.name,
        "format": deck.format,
    }
    if deck.notes:
        doc["notes"] = deck.notes
    if deck.tags:
        doc["tags"] = list(deck.tags)
    if deck.bracket is not None:
        doc["bracket"] = deck.bracket
    if deck.template is not None:
        doc["template"] = dict(deck.template)
    if deck.category_names is not None:
        doc["category_names"] = dict(deck.category_names)
    if deck.created:
        doc["created"] = deck.created
    if deck.modified:
        doc["modified"] = deck.modified
    sections = []
    for sec in ordered_sections(deck):
        kept = {}
        for i, card, extra in extras.get("entries", {}).get(sec.name, []):
            kept[i] = (card, extra)
        entries = []
        for i, e in enumerate(sec.entries):
            card, extra = kept.get(i, (None, {}))
            entries.append(_entry_dict(e, extra if card == e.card else {}))
        out = {"name": sec.name, "entries": entries}
        out.update(extras.get("sections", {}).get(sec.name, {}))
        sections.append(out)
    doc["sections"] = sections
    if deck.unparsed:
        u_extra = dict((i, x) for i, x in extras.get("unparsed", []))
        doc["unparsed"] = [
            {
                "source": u.source,
                "line": u.line,
                "text": u.text,
                "reason": u.reason,
                **u_extra.get(i, {}),
            }
            for i, u in enumerate(deck.unparsed)
        ]
    if foreign:
        doc["foreign"] = foreign
    for key, value in extras.get("top", {}).items():
        doc.setdefault(key, value)
    return doc


def write_json_deck(deck: Deck) -> str:
    text = json.dumps(deck_to_dict(deck), ensure_ascii=False, indent=2) + "\n"
    unparsed_budget.check_size(text)  # a deck too large for any file: refused
    return text
