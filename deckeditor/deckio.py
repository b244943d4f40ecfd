"""Reading and writing deck files of every kind (`deck-files.md` §1–§2, §8).

One entry point each way: `read_deck` decodes the bytes (§1), recognises the kind from the content
(§2; the extension is never trusted), and hands the lines or bytes to the kind's reader;
`write_deck` hands the deck to the kind's writer, and `export_losses` says beforehand what the
target cannot carry. Every failure is a `DeckFileError` naming the file.

The kinds are our own file (`OWN`) and those the games declare (`FileKind`s, through
`deckeditor.games.registry`): this module names no game and no game's kind. Recognition asks
each declared kind in rank order; a plain-text list read against a game's pool, or plain text
written from a game's deck, is that game's own list kind when it declares one (`text_kind`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.snapshot import gc_paused
from deckeditor.deck import Deck
from deckeditor.deckfile import (
    MAX_BYTES,
    load_json,
    read_json_deck,
    save_atomic,
    unparsed_budget,
    write_json_deck,
)
from deckeditor.deckfile.decoding import CP1252, binary, decode, is_xml_utf16
from deckeditor.deckfile.lone_surrogates import printable_name, refuse_in_json, refuse_in_text
from deckeditor.deckfile.report import DeckFileError, ImportResult, LineKind, LineStatus
from deckeditor.games import registry
from deckeditor.games.categories import categories_as_tags
from deckeditor.games.declaration import FileKind, ReadRequest
from deckeditor.path_kind import Kind, kind_of
from deckeditor.textlines import split_lines

__all__ = [
    "DeckFileError",
    "ImportResult",
    "LineKind",
    "LineStatus",
    "decode",
    "export_losses",
    "game_of",
    "kind_for_path",
    "kinds",
    "read_deck",
    "recognise",
    "save_deck",
    "split_lines",
    "write_deck",
]

OWN = "json"  # Deck Editor's own file; every other kind is a game's (`registry.file_kinds`)
PLAIN_TEXT = "text"  # the kind recognised last, and the one a game may have its own list for
PASTED = "Imported deck"
SAFETY_NET = True  # see read_deck


def kinds() -> dict[str, FileKind]:
    """Every deck-file kind: our own, then each game's in the registry's order."""
    return {OWN: _OWN_KIND, **registry.file_kinds()}


def __getattr__(name: str) -> Any:
    # KINDS as callers knew it, kind → (readable, writable, default extension), computed when
    # read so a game registered later is in it
    if name == "KINDS":
        return {
            k.kind: (k.readable and k.read is not None, k.write is not None, k.extension)
            for k in kinds().values()
        }
    raise AttributeError(name)


# --- recognition (§2) ----------------------------------------------------------------------------


def recognise(text: str) -> str:
    """The kind a decoded text is, by its content alone ("xml" for any XML)."""
    stripped = text.strip()
    if not stripped:
        raise DeckFileError(None, None, None, "empty file")
    if stripped[0] == "{":
        return OWN
    if stripped[0] == "<":
        return "xml"
    ranked = sorted((k for k in kinds().values() if k.recognise), key=lambda k: k.rank)
    for kind in ranked:
        if kind.recognise is not None and kind.recognise(text):
            return kind.kind
    return PLAIN_TEXT


def game_of(source: str | os.PathLike[str] | bytes) -> str | None:
    """The game whose pool a deck file needs, from its kind (or our own file's `game`), so the
    file is read once, against that pool; None for a file that cannot be read (reading it then
    gives the error)."""
    default = registry.DEFAULT_GAME
    try:
        data, path = _load(source)
        if len(data) > MAX_BYTES:
            return None
        if is_xml_utf16(data):
            return _xml_game()
        text, _ = decode(data, path)
        found = recognise(text)
        if found == OWN:
            return _json_game(json.loads(text)) or default
        if found == "xml":
            return _xml_game()
    except (DeckFileError, ValueError, RecursionError):
        return None
    kind = kinds().get(found)
    return kind.game if kind is not None and kind.game else default


def _json_game(doc: Any) -> str | None:
    """Our own file's `game`, or the game of the JSON kind that recognises the document."""
    if isinstance(doc, dict) and doc.get("schema") == "deckeditor-deck":
        game = doc.get("game")
        return game if isinstance(game, str) and game else None
    kind = next((k for k in kinds().values() if k.json_document and k.json_document(doc)), None)
    if kind is not None:
        return kind.game or None
    game = doc.get("game") if isinstance(doc, dict) else None  # as before: a `game` key says it
    return game if isinstance(game, str) and game else None


def _xml_game() -> str:
    """The game that reads XML deck files (the default game when none declares it)."""
    return next((d.code for d in registry.declarations() if d.xml_kind), registry.DEFAULT_GAME)


def _xml_kind(data: bytes, path: str | None) -> str:
    for d in registry.declarations():
        if d.xml_kind is not None:
            found = d.xml_kind(data)
            if found is not None:
                return found
    raise DeckFileError(path, None, None, "no game reads XML deck files")


# --- reading -------------------------------------------------------------------------------------


def _stem(path: str) -> str:
    name = printable_name(Path(path).name)  # the deck's name: text a file can hold
    written = (k.extension for k in kinds().values() if k.extension)
    for suffix in dict.fromkeys((".deck.json", ".json", *written)):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)] or name
    return Path(name).stem or name


def _refuse_no_file(path: str) -> None:
    """DeckFileError naming `path` unless it is a regular file: a FIFO would be read for ever."""
    kind, reason = kind_of(path)
    why = {
        Kind.FOLDER: "is a folder, not a deck file",
        Kind.SPECIAL: "is not a regular file (a pipe, socket or device); not read",
        Kind.MISSING: "no such deck file",
        Kind.UNREACHABLE: f"cannot be reached: {reason}",
    }.get(kind)
    if why is not None:
        raise DeckFileError(path, None, None, why)


def _load(source: str | os.PathLike[str] | bytes) -> tuple[bytes, str | None]:
    if isinstance(source, bytes):
        return source, None
    if isinstance(source, os.PathLike) or (
        isinstance(source, str)
        and "\n" not in source
        and len(source) < 4096
        and os.path.isfile(source)
    ):
        path = os.fspath(source)
        _refuse_no_file(path)
        try:
            size = os.path.getsize(path)
            if size > MAX_BYTES:
                raise DeckFileError(path, None, None, "file is larger than 8 MiB")
            with open(path, "rb") as handle:
                return handle.read(MAX_BYTES + 1), path
        except OSError as exc:
            raise DeckFileError(path, None, None, f"cannot read the file: {exc.strerror}") from None
    refuse_in_text(str(source), None)  # pasted text: a lone surrogate is no character
    return str(source).encode("utf-8"), None


def read_deck(
    source: str | os.PathLike[str] | bytes,
    pool: CardPool[Any] | None = None,
    *,
    kind: str | None = None,
    name: str | None = None,
    format_code: str | None = None,
) -> ImportResult:
    """Read a deck from a path, raw bytes or pasted text; `kind` forces a reader."""
    data, path = _load(source)
    label = path
    default_name = name or (_stem(path) if path else PASTED)
    try:
        # Reading builds an object or two per line and no cycles: full collections in the
        # middle would rescan everything else the process holds (the card pool) again and
        # again, which made reading a large file grow faster than the file.
        with gc_paused():
            return _read(data, path, pool, kind, default_name, format_code)
    except DeckFileError as exc:
        raise exc.at(exc.path or label) from None
    except RecursionError:
        raise DeckFileError(label, None, None, "the file is nested too deeply") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, UnicodeError) as exc:
        # A safety net: a reader bug must still reach the user as one clear line. The fuzz
        # tests turn it off, so they see such bugs instead of the net.
        if not SAFETY_NET:
            raise
        raise DeckFileError(label, None, None, f"cannot read this deck: {exc}") from None


def _read(
    data: bytes,
    path: str | None,
    pool: CardPool[Any] | None,
    kind: str | None,
    name: str,
    format_code: str | None,
) -> ImportResult:
    known = kinds()
    if kind is not None and kind not in known:
        raise DeckFileError(path, None, None, f"unknown deck kind {kind!r}")
    if len(data) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    if is_xml_utf16(data):
        decoded, notes = "<", list[str]()
    else:
        decoded, notes = decode(data, path)
    found = kind or recognise(decoded)
    if found == "xml":
        found = _xml_kind(data, path)
    elif known[found].text_family and notes == [CP1252] and binary(decoded):
        # Random bytes are not UTF-8, decode as Windows-1252, and a stray short line can match
        # a card name (`X`); such a file, one tenth control characters, is no deck list.
        raise DeckFileError(path, None, None, "no card lines (binary data, not a deck list)")
    if found == PLAIN_TEXT and kind is None:  # a game's pool reads plain text as its own list
        found = _text_kind(getattr(pool, "game", None)) or found
    request = ReadRequest(decoded, data, pool, name, format_code, path, found)
    if found == OWN or known[found].json_document is not None:
        refuse_in_json(decoded, path)  # a `\ud800` escape: no file could store it again
        if found == OWN and notes:
            raise DeckFileError(path, None, None, "not valid UTF-8 (a deck file must be UTF-8)")
        return _with_notes(_read_json(request, known, forced=found != OWN), notes)
    reader = known[found].read
    if reader is None:
        raise DeckFileError(path, None, None, f"{found} files can be written but not read")
    return _with_notes(reader(request), notes)


def _read_json(request: ReadRequest, known: Mapping[str, FileKind], forced: bool) -> ImportResult:
    """Our own file, or a game's JSON deck file (recognised from its document, or `forced`)."""
    text, path = request.text, request.path
    # A fast plain parse first: MTGJSON deck files are large, and the strict checks of §3
    # (duplicate keys, depth, NaN) are for our own file, which read_json_deck applies.
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        doc = load_json(text, path)[0] if forced else None  # forced: the located error
    if forced:
        chosen: FileKind | None = known[request.kind]
    elif isinstance(doc, dict) and doc.get("schema") == "deckeditor-deck":
        chosen = None
    else:
        chosen = next(
            (k for k in known.values() if k.json_document is not None and k.json_document(doc)),
            None,
        )
    if chosen is None or chosen.read is None:
        return _read_own(request)
    return chosen.read(
        ReadRequest(
            text,
            request.data,
            request.pool,
            request.name,
            request.format_code,
            path,
            chosen.kind,
            doc,
        )
    )


def _with_notes(result: ImportResult, notes: list[str]) -> ImportResult:
    if not notes:
        return result
    return ImportResult(result.deck, result.kind, result.lines, notes + result.notes)


def _text_kind(game: str | None) -> str:
    """The kind plain text is for a deck or pool of `game` ("": plain text itself)."""
    try:
        return registry.declaration(game).text_kind if game else ""
    except KeyError:
        return ""


# --- writing -------------------------------------------------------------------------------------


def kind_for_path(path: str | os.PathLike[str]) -> str | None:
    """The kind an output file name asks for (`.deck.json`/`.json`, or a declared kind's
    extension: `.dck`, `.cod`, `.dek`, `.txt`); None when the extension names none."""
    name = Path(path).name.lower()
    for kind in kinds().values():
        if any(name.endswith(ext) for ext in kind.output_extensions):
            return kind.kind
    return None


def _check_target(deck: Deck, kind: str) -> FileKind:
    found = kinds().get(kind)
    if found is None:
        raise DeckFileError(None, None, None, f"unknown deck kind {kind!r}")
    if found.write is None:
        raise DeckFileError(None, None, None, f"{kind} files can be read but not written")
    if found.game and deck.game != found.game:
        raise DeckFileError(None, None, None, f"{kind} cannot hold {_deck_noun(deck.game)}")
    return found


def _deck_noun(game: str) -> str:
    try:
        return registry.declaration(game).deck_noun
    except KeyError:
        return f"a {game} deck"


def _own_text_kind(deck: Deck, kind: str) -> str:
    """Plain text of a game's deck is its own deck list when it has one (`.txt` from `convert`
    and Export)."""
    return (_text_kind(deck.game) or kind) if kind == PLAIN_TEXT else kind


def write_deck(deck: Deck, kind: str, pool: CardPool[Any] | None = None, **options: Any) -> str:
    """The deck as the text of a `kind` file (UTF-8 when saved, `\\n` line ends, final newline).

    Options: `with_printings`, `with_tags` (text), `custom_zones` (cod). Every file it makes
    can be read back: unparsed lines past a budget are dropped (`export_losses` counts them),
    and a deck too large for any file is refused (issue 26 point 2).
    """
    target = _check_target(deck, _own_text_kind(deck, kind))
    deck, _ = unparsed_budget.fit(deck)
    if _tags_categories(target, options):
        deck = categories_as_tags(deck, pool, target.categories == "tags")
    assert target.write is not None  # _check_target refuses a kind without a writer
    text = target.write(deck, pool, options)
    unparsed_budget.check_size(text)  # every file it makes can be read back: refused if not
    return text


def _tags_categories(kind: FileKind, options: Mapping[str, Any]) -> bool:
    """Whether the kind writes the lines' categories as their tags (with these options)."""
    return kind.categories == "tags" or (
        kind.categories == "tags-option" and bool(options.get("with_tags"))
    )


def export_losses(
    deck: Deck, kind: str, pool: CardPool[Any] | None = None, **options: Any
) -> list[str]:
    """What a `kind` file cannot carry of this deck (§8), one line each (each once); for `json`
    only the unparsed lines past the size budget (`unparsed_budget`). With `reread_only`, only
    what Deck Editor loses reading the file back (not what Forge ignores of a `.dck`)."""
    known = kinds()
    asked = known.get(kind)
    own = known.get(_own_text_kind(deck, kind))
    carries = kind == OWN or (asked is not None and _tags_categories(asked, options))
    out = []
    if carries and kind != OWN and asked is not None:
        # a line the player left with no category is written with none, and reads back with its
        # card's roles
        out += [
            f"{e.card}: no categories not written (it reads back with its roles)"
            for _, e in deck.entries()
            if e.categories == () and not e.tags
        ]
        deck = categories_as_tags(deck, pool, asked.categories == "tags")
    if own is not None and (
        own.kind == OWN or own.writes_unparsed
    ):  # the kind's losses of what it writes
        out += unparsed_budget.loss(deck)
        deck, _ = unparsed_budget.fit(deck)
    if own is not None and own.kind != OWN and own.losses is not None:
        out += own.losses(deck, pool, options)
    if asked is not None and asked.kind != OWN:
        out += _deck_level_losses(deck, asked, carries)
    return list(dict.fromkeys(out))


def _deck_level_losses(deck: Deck, kind: FileKind, carries: bool) -> list[str]:
    """What of the deck itself (bracket, the player's categories, template, category names) a
    kind other than our own does not write."""
    out = []
    if deck.bracket is not None and not kind.carries_bracket:
        out.append(f"target bracket ({deck.bracket}) not written")
    if not carries:  # the player's own categories; the roles come back from the card text
        out += [
            f"{e.card}: categories not written"
            for _, e in deck.entries()
            if e.categories is not None
        ]
    if deck.template is not None:
        out.append("template (targets per category) not written")
    if deck.category_names and not kind.carries_category_names:  # Archidekt writes each line's
        renamed = ", ".join(f"{k} as {v}" for k, v in deck.category_names.items())
        out.append(f"the deck's names for its categories ({renamed}) not written")
    return out


def save_deck(
    path: str | os.PathLike[str],
    deck: Deck,
    kind: str | None = None,
    pool: CardPool[Any] | None = None,
    **options: Any,
) -> str:
    """Write the deck atomically (`<name>.bak` keeps the previous file); returns the kind used."""
    kind = kind or kind_for_path(path) or OWN
    save_atomic(path, write_deck(deck, kind, pool, **options))
    return kind


def dumps_report(result: ImportResult) -> str:
    """The import report as JSON (for tools and tests)."""
    return json.dumps(
        {
            "kind": result.kind,
            "notes": result.notes,
            "lines": [[s.number, s.status.value, s.reason] for s in result.lines],
        },
        ensure_ascii=False,
    )


# --- our own file ----------------------------------------------------------------------------------


def _read_own(request: ReadRequest) -> ImportResult:
    return ImportResult(read_json_deck(request.text, request.path), OWN, [], [])


def _write_own(deck: Deck, pool: Any, options: Mapping[str, Any]) -> str:
    return write_json_deck(deck)


def _losses_own(deck: Deck, pool: Any, options: Mapping[str, Any]) -> list[str]:
    return []


_OWN_KIND = FileKind(
    OWN,
    ".deck.json",
    _read_own,
    _write_own,
    _losses_own,
    output_extensions=(".json",),
    writes_unparsed=True,
    carries_bracket=True,
    carries_category_names=True,
)
