"""The own deck file's common shape read without pydantic (`model` has the rules).

A `.deck.json` written by Deck Editor has only the keys the schema names, each of the exact JSON
type it allows. `deck_of` checks that shape against the same rules as the models (strict types,
bounds, the field validators) and builds the deck; anything it does not accept, a file with
unknown keys to keep or any error, it answers None, and the caller reads the file through the
models, which name the key and line of the error. So the fast path can only ever agree with the
models, never reword them; tests/unit/test_deckfile_fast.py holds it to that.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from deckeditor import deck_games
from deckeditor.deck import MAX_COUNT, Deck, Entry, Printing, Section, Unparsed
from deckeditor.deckfile.schema import (
    CODE,
    CONTROL,
    ENTRY,
    FINISHES,
    IDS,
    PRINTING,
    SCHEMA,
    SECTION,
    TOP,
    UNPARSED,
    VERSION,
    Document,
)


class _Odd(Exception):
    """Not the common shape: let the models read it."""


def deck_of(doc: Document) -> Deck | None:
    """The deck of a migrated document, or None when the models must read it."""
    try:
        return _deck(doc)
    except _Odd:
        return None


def _need(ok: bool) -> None:
    if not ok:
        raise _Odd


def _is_int(v: Any) -> bool:
    return type(v) is int  # strict: bool is no integer


def _opt_str(d: Document, key: str) -> str | None:
    v = d.get(key)
    _need(v is None or type(v) is str)
    return v


def _opt_int(d: Document, key: str) -> int | None:
    v = d.get(key)
    _need(v is None or _is_int(v))
    return v


def _str_list(v: Any) -> list[str]:
    _need(type(v) is list and all(type(t) is str for t in v))
    names: list[str] = v
    return names


def _deck(doc: Document) -> Deck:
    _need(TOP.issuperset(doc) and "format" in doc and "name" in doc and "game" in doc)
    # A version-1 Brawl deck is migrated (deckfile.MIGRATIONS); the slow path does that.
    version = doc.get("version")
    _need(
        doc.get("schema") == SCHEMA
        and _is_int(version)
        and (version == VERSION or (version == 1 and doc.get("format") != "brawl"))
    )
    game, name, fmt = doc["game"], doc["name"], doc["format"]
    _need(type(game) is str and deck_games.known(game))
    _need(
        type(name) is str
        and 1 <= len(name) <= 200
        and name == name.strip()
        and not CONTROL.search(name)
    )
    _need(fmt is None or (type(fmt) is str and CODE.match(fmt) is not None))
    notes = doc.get("notes", "")
    _need(type(notes) is str and len(notes) <= 100_000)
    tags = _str_list(doc.get("tags", []))
    _need(all(1 <= len(t) <= 100 for t in tags) and len(set(tags)) == len(tags))
    bracket = _opt_int(doc, "bracket")
    _need(bracket is None or 1 <= bracket <= 5)
    template, role_names = _template(doc), _category_names(doc)
    created, modified = _stamp(doc, "created"), _stamp(doc, "modified")
    raw_sections: Any = doc.get("sections")
    _need(type(raw_sections) is list)
    sections = tuple(_section(s) for s in raw_sections)
    names = [s.name for s in sections]
    _need(len(set(names)) == len(names))
    raw_unparsed = doc.get("unparsed", [])
    _need(type(raw_unparsed) is list)
    foreign = doc.get("foreign", {})
    _need(type(foreign) is dict)
    return Deck(
        game=game,
        name=name,
        format=fmt,
        notes=notes,
        tags=tuple(tags),
        sections=sections,
        unparsed=tuple(_unparsed(u) for u in raw_unparsed),
        foreign=dict(foreign),
        created=created,
        modified=modified,
        bracket=bracket,
        template=template,
        category_names=role_names,
    )


def _template(doc: Document) -> dict[str, int] | None:
    template: Any = doc.get("template")
    if template is not None:
        _need(
            type(template) is dict
            and all(_is_int(n) and 0 <= n <= MAX_COUNT for n in template.values())
        )
        _categories(list(template))
    checked: dict[str, int] | None = template
    return checked


def _category_names(doc: Document) -> dict[str, str] | None:
    role_names: Any = doc.get("category_names")
    if role_names is not None:
        _need(type(role_names) is dict and all(type(v) is str for v in role_names.values()))
        _categories(list(role_names))
        _categories(list(role_names.values()))
    checked: dict[str, str] | None = role_names
    return checked


def _stamp(doc: Document, key: str) -> str | None:
    value = _opt_str(doc, key)
    if value is not None:
        try:
            stamp = datetime.fromisoformat(value)
        except ValueError:
            raise _Odd from None
        _need(stamp.tzinfo is not None)
    return value


def _section(raw: Any) -> Section:
    _need(type(raw) is dict and SECTION.issuperset(raw) and len(raw) == 2)
    name, entries = raw["name"], raw["entries"]
    _need(type(name) is str and 1 <= len(name) <= 64 and type(entries) is list)
    return Section(name, tuple(_entry(e) for e in entries))


def _entry(raw: Any) -> Entry:
    _need(type(raw) is dict and ENTRY.issuperset(raw) and "card" in raw and "count" in raw)
    card, count = raw["card"], raw["count"]
    _need(type(card) is str and len(card) >= 1 and _is_int(count) and 1 <= count <= MAX_COUNT)
    tags = _str_list(raw.get("tags", []))
    flags = raw.get("flags", {})
    _need(type(flags) is dict and all(type(v) is str for v in flags.values()))
    categories = raw.get("categories")
    if categories is not None:
        categories = tuple(_categories(categories))
    return Entry(
        card,
        count,
        _printing(raw.get("printing")),
        _colors(raw.get("choices")),
        tuple(tags),
        dict(flags),
        categories,
    )


def _categories(raw: Any) -> list[str]:
    names = _str_list(raw)
    _need(all(1 <= len(t) <= 100 and t == t.strip() and not CONTROL.search(t) for t in names))
    _need(len(set(names)) == len(names))
    return names


def _printing(raw: Any) -> Printing | None:
    if raw is None:
        return None
    _need(type(raw) is dict and PRINTING.issuperset(raw))
    finish = _opt_str(raw, "finish")
    _need(finish is None or finish in FINISHES)
    art = _opt_int(raw, "forge_art")
    _need(art is None or 1 <= art <= 99)
    ids = raw.get("ids")
    if ids is None:
        ids = {}
    _need(type(ids) is dict and IDS.issuperset(ids))
    p = Printing(
        set=_opt_str(raw, "set"),
        number=_opt_str(raw, "number"),
        finish=finish,
        forge_art=art,
        scryfall=_opt_str(ids, "scryfall"),
        mtgo=_opt_int(ids, "mtgo"),
        arena=_opt_int(ids, "arena"),
        multiverse=_opt_int(ids, "multiverse"),
        code=_opt_str(raw, "code"),
    )
    return None if p.is_empty() else p


def _colors(raw: Any) -> str:
    if raw is None:
        return ""
    _need(type(raw) is dict and set(raw) <= {"colors"})
    colors = _opt_str(raw, "colors")
    if colors is None:
        return ""
    _need(bool(colors) and "".join(c for c in "WUBRG" if c in colors) == colors)
    return colors


def _unparsed(raw: Any) -> Unparsed:
    _need(type(raw) is dict and set(raw) == set(UNPARSED))
    source, line, text, reason = (raw[k] for k in UNPARSED)
    _need(type(source) is str and _is_int(line) and type(text) is str and type(reason) is str)
    return Unparsed(source, line, text, reason)
