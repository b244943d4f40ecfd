"""The own deck file (`deck-files.md` §3): lossless JSON, read and written through pydantic models.

Reading is layered so every failure names a place: the bytes are checked first (UTF-8, size), then
the JSON text (duplicate keys, NaN, depth, trailing data), then the version (migrations, newer
files refused), and only then the schema, whose errors carry a key path and the line of that key.
Unknown keys at any level survive a read and a write (`extra="allow"`), stored on the deck under
`foreign["_json"]` so the deck model needs no field for them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deckeditor import deck_games, unparsed_budget
from deckeditor.deck import MAX_COUNT, Deck, Entry, Printing, Section, Unparsed
from deckeditor.deckfile_errors import DeckFileError
from deckeditor.lone_surrogates import refuse_in_json
from deckeditor.saving import save_atomic  # noqa: F401 (the writers' import path)

if TYPE_CHECKING:
    from deckeditor.deckfile_model import DeckFileModel, EntryModel, PrintingModel

SCHEMA = "deckeditor-deck"
VERSION = 2
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 15
EXTRA_KEY = "_json"  # where unknown keys wait in Deck.foreign until the next write

# One function per version step, turning a version-n document into version n+1.


def _v1_brawl_is_standard_brawl(doc: dict) -> dict:
    """Version 1 knew one Brawl, the 60-card format MTG Arena has called Standard Brawl since
    2023-12-05; from version 2, "brawl" is the 100-card Brawl (issue 23, docs/spec-notes.md)."""
    if doc.get("format") == "brawl":
        doc = {**doc, "format": "standardbrawl"}
    return doc


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_brawl_is_standard_brawl}


def written_version(fmt: str | None) -> int:
    """The version a deck's file is written as: the lowest that reads it right. Only a 100-card
    Brawl deck needs version 2 (a version-1 reader would take it for Standard Brawl), so every
    other deck stays readable by earlier Deck Editors."""
    return VERSION if fmt == "brawl" else 1


# --- pre-validation: bytes and JSON text ---------------------------------------------------------


class _JsonProblem(Exception):
    def __init__(self, what: str) -> None:
        self.what = what


def _pairs(pairs: list[tuple[str, Any]]) -> dict:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _JsonProblem("duplicate")
        seen[key] = value
    return seen


def _constant(name: str) -> Any:
    raise _JsonProblem("constant")


# Possessive repeats: an alternation repeated per character keeps a backtracking mark for every
# character of a string (an 8 MiB string of notes took 1.3 GB to scan); these keep none.
_TOKEN = re.compile(r'\s*(?:("[^"\\]*+(?:\\.[^"\\]*+)*+")|([{}\[\],:])|([^\s{}\[\],:"]++))', re.S)


def scan(text: str) -> tuple[dict[tuple, int], tuple[str, tuple, int] | None]:
    """Key paths → line numbers, and the first text-level problem (kind, path, line).

    A tokenizer rather than the json module, because the json module reports no positions for
    keys; it only runs when a position is needed.
    """
    lines: dict[tuple, int] = {}
    problem: tuple[str, tuple, int] | None = None
    stack: list[dict] = []
    pos = 0
    line = 1

    def value_path() -> tuple:
        if not stack:
            return ()
        top = stack[-1]
        if top["type"] == "obj":
            return top["path"] + (top["key"],)
        top["index"] += 1
        return top["path"] + (top["index"],)

    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            break
        start = m.start(1) if m.group(1) else m.start(2) if m.group(2) else m.start(3)
        if start < 0:
            break
        line += text.count("\n", pos, start)
        token_line = line
        line += text.count("\n", start, m.end())
        pos = m.end()
        string, punct, bare = m.groups()
        top = stack[-1] if stack else None
        if punct in ("{", "["):
            path = value_path()
            lines.setdefault(path, token_line)
            stack.append(
                {
                    "type": "obj" if punct == "{" else "arr",
                    "path": path,
                    "key": None,
                    "index": -1,
                    "want_key": punct == "{",
                    "keys": set(),
                }
            )
            if len(stack) > MAX_DEPTH and problem is None:
                problem = ("depth", path, token_line)
                return lines, problem
        elif punct in ("}", "]"):
            if stack:
                stack.pop()
        elif punct == ",":
            if top and top["type"] == "obj":
                top["want_key"] = True
        elif punct == ":":
            pass
        elif string is not None and top and top["type"] == "obj" and top["want_key"]:
            try:
                key = json.loads(string)
            except ValueError:
                key = string[1:-1]
            top["key"] = key
            top["want_key"] = False
            path = top["path"] + (key,)
            if key in top["keys"] and problem is None:
                problem = ("duplicate", path, token_line)
                return lines, problem
            top["keys"].add(key)
            lines.setdefault(path, token_line)
        else:
            path = value_path()
            lines.setdefault(path, token_line)
            if bare in ("NaN", "Infinity", "-Infinity") and problem is None:
                problem = ("constant", path, token_line)
                return lines, problem
    return lines, problem


def key_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _depth(value: Any) -> int:
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item)
    return deepest


def decode_bytes(data: bytes, path: str | None) -> str:
    if len(data) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return _raise(path, line, None, f"not valid UTF-8 (byte {exc.start})")


def _raise(path, line, column, message):
    raise DeckFileError(path, line, column, message)


def load_json(text: str, path: str | None = None) -> tuple[Any, str]:
    """Parse JSON text under the §3 pre-validation rules; returns (value, text)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise DeckFileError(path, None, None, "empty file")
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        msg = "trailing data after the JSON value" if exc.msg == "Extra data" else exc.msg
        raise DeckFileError(path, exc.lineno, exc.colno, f"malformed JSON: {msg}") from None
    except _JsonProblem:
        _, problem = scan(text)
        kind, where, line = problem or ("", (), None)
        if kind == "duplicate":
            raise DeckFileError(path, line, None, f"{key_path(where)}: key appears twice") from None
        raise DeckFileError(
            path, line, None, f"{key_path(where)}: NaN and Infinity are not allowed"
        ) from None
    except RecursionError:
        value = None
    if value is not None:
        refuse_in_json(text, path)  # `\ud800`: text no file can store (issue 26.3)
    if value is None or _depth(value) > MAX_DEPTH:
        _, problem = scan(text)
        where, line = (problem[1], problem[2]) if problem else ((), None)
        raise DeckFileError(
            path, line, None, f"{key_path(where)}: nested deeper than {MAX_DEPTH} levels"
        )
    return value, text


# --- reading -------------------------------------------------------------------------------------

_FRIENDLY = {
    "count": f"must be an integer from 1 to {MAX_COUNT}",
    "forge_art": "must be an integer from 1 to 99",
}


def _message(error: dict) -> str:
    loc = error["loc"]
    field = next((p for p in reversed(loc) if isinstance(p, str)), "")
    if error["type"] == "missing":
        return "required key is missing"
    if field in _FRIENDLY and loc[-1] == field:
        return _FRIENDLY[field]
    msg = error["msg"]
    return msg.removeprefix("Value error, ")


def migrate(doc: dict, path: str | None = None) -> dict:
    if "version" not in doc:
        raise DeckFileError(path, None, None, "version: required key is missing")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DeckFileError(path, None, None, "version: must be an integer from 1")
    if version > VERSION:
        raise DeckFileError(
            path,
            None,
            None,
            f"written by a newer Deck Editor (file version {version}; this one reads {VERSION})",
        )
    while version < VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["version"] = version
    return doc


def _document(text: str, path: str | None) -> tuple[dict, str]:
    """The file's JSON object, pre-validated and migrated to this VERSION; (document, text)."""
    doc, text = load_json(text, path)
    if not isinstance(doc, dict):
        raise DeckFileError(path, 1, None, "not a Deck Editor deck (the file is not a JSON object)")
    if doc.get("schema") != SCHEMA:
        raise DeckFileError(path, 1, None, "not a Deck Editor deck")
    try:
        doc = migrate(doc, path)
    except DeckFileError as exc:
        line = scan(text)[0].get(("version",), 1)
        raise DeckFileError(path, line, None, exc.message) from None
    return doc, text


def _validate(doc: dict, text: str, path: str | None) -> DeckFileModel:
    from pydantic import ValidationError

    from deckeditor.deckfile_model import DeckFileModel

    try:
        return DeckFileModel.model_validate(doc)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = tuple(p for p in error["loc"] if not str(p).startswith("function-"))
        lines, _ = scan(text)
        line = None
        for cut in range(len(loc), -1, -1):
            if loc[:cut] in lines:
                line = lines[loc[:cut]]
                break
        raise DeckFileError(path, line, None, f"{key_path(loc)}: {_message(error)}") from None


def parse_model(text: str, path: str | None = None) -> DeckFileModel:
    doc, text = _document(text, path)
    return _validate(doc, text, path)


def _printing(model: PrintingModel | None) -> Printing | None:
    if model is None:
        return None
    if model.ids is None:
        from deckeditor.deckfile_model import IdsModel

        ids = IdsModel()
    else:
        ids = model.ids
    p = Printing(
        set=model.set,
        number=model.number,
        finish=model.finish,
        forge_art=model.forge_art,
        scryfall=ids.scryfall,
        mtgo=ids.mtgo,
        arena=ids.arena,
        multiverse=ids.multiverse,
        code=model.code,
    )
    return None if p.is_empty() and not model.model_extra and not ids.model_extra else p


def _entry_extra(model: EntryModel) -> dict:
    extra: dict[str, dict] = {}
    if model.model_extra:
        extra[""] = dict(model.model_extra)
    if model.printing is not None:
        if model.printing.model_extra:
            extra["printing"] = dict(model.printing.model_extra)
        if model.printing.ids is not None and model.printing.ids.model_extra:
            extra["printing.ids"] = dict(model.printing.ids.model_extra)
    if model.choices is not None and model.choices.model_extra:
        extra["choices"] = dict(model.choices.model_extra)
    return extra


def model_to_deck(model: DeckFileModel) -> Deck:
    sections = []
    extras: dict[str, Any] = {}
    section_extra: dict[str, dict] = {}
    entry_extra: dict[str, list] = {}
    for sec in model.sections:
        if sec.model_extra:
            section_extra[sec.name] = dict(sec.model_extra)
        entries = []
        for i, e in enumerate(sec.entries):
            entries.append(
                Entry(
                    e.card,
                    e.count,
                    _printing(e.printing),
                    (e.choices.colors or "") if e.choices else "",
                    tuple(e.tags),
                    dict(e.flags),
                    None if e.categories is None else tuple(e.categories),
                )
            )
            if extra := _entry_extra(e):
                entry_extra.setdefault(sec.name, []).append([i, e.card, extra])
        sections.append(Section(sec.name, tuple(entries)))
    if model.model_extra:
        extras["top"] = dict(model.model_extra)
    if section_extra:
        extras["sections"] = section_extra
    if entry_extra:
        extras["entries"] = entry_extra
    unparsed_extra = [
        [i, dict(u.model_extra)] for i, u in enumerate(model.unparsed) if u.model_extra
    ]
    if unparsed_extra:
        extras["unparsed"] = unparsed_extra
    foreign = dict(model.foreign)
    if extras:
        foreign[EXTRA_KEY] = extras
    return Deck(
        game=model.game,
        name=model.name,
        format=model.format,
        notes=model.notes,
        tags=tuple(model.tags),
        sections=tuple(sections),
        unparsed=tuple(Unparsed(u.source, u.line, u.text, u.reason) for u in model.unparsed),
        foreign=foreign,
        created=model.created,
        modified=model.modified,
        bracket=model.bracket,
        template=model.template,
        category_names=model.category_names,
    )


def read_json_deck(text: str, path: str | None = None) -> Deck:
    """The deck of own-file text. The common well-formed file is read in plain Python
    (`deckfile_fast`); anything else (unknown keys, an error) goes through the pydantic models,
    so errors and odd files read exactly as they always did."""
    from deckeditor.deckfile_fast import deck_of

    doc, text = _document(text, path)
    deck = deck_of(doc)
    return deck if deck is not None else model_to_deck(_validate(doc, text, path))


# --- writing -------------------------------------------------------------------------------------


def _printing_dict(p: Printing, extra: dict) -> dict:
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


def _entry_dict(e: Entry, extra: dict) -> dict:
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


def deck_to_dict(deck: Deck) -> dict:
    deck, _ = unparsed_budget.fit(deck)  # what the file can hold and be read again (issue 26.2)
    foreign = dict(deck.foreign)
    extras = foreign.pop(EXTRA_KEY, None) or {}
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
    return unparsed_budget.check_size(
        json.dumps(deck_to_dict(deck), ensure_ascii=False, indent=2) + "\n"
    )
