"""Reading and writing deck files of every kind (`deck-files.md` §1–§2, §8).

One entry point each way: `read_deck` decodes the bytes (§1), recognises the kind from the content
(§2; the extension is never trusted), and hands the lines or bytes to the kind's reader;
`write_deck` hands the deck to the kind's writer, and `export_losses` says beforehand what the
target cannot carry. Every failure is a `DeckFileError` naming the file.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from deckeditor import unparsed_budget
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.snapshot import gc_paused
from deckeditor.deck import Deck
from deckeditor.deckfile import MAX_BYTES, load_json, read_json_deck, save_atomic, write_json_deck
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind, LineStatus
from deckeditor.lone_surrogates import printable_name, refuse_in_json, refuse_in_text
from deckeditor.textlines import split_lines

__all__ = [
    "KINDS",
    "DeckFileError",
    "ImportResult",
    "LineKind",
    "LineStatus",
    "decode",
    "export_losses",
    "game_of",
    "kind_for_path",
    "read_deck",
    "recognise",
    "save_deck",
    "split_lines",
    "write_deck",
]

# kind → (readable, writable, default extension)
KINDS: dict[str, tuple[bool, bool, str | None]] = {
    "json": (True, True, ".deck.json"),
    "forge": (True, True, ".dck"),
    "xmage": (True, False, ".dck"),
    "cod": (True, True, ".cod"),
    "arena": (True, True, None),
    "mtgo": (True, True, None),
    "dek": (True, True, ".dek"),
    "text": (True, True, ".txt"),
    # Archidekt's text export: read as `text` (its categories become the lines' tags)
    "archidekt": (False, True, None),
    "riftbound-code": (True, True, None),
    "riftbound-text": (True, True, ".txt"),  # a Riftbound deck list (Legend:, Champion:, …)
    "precon": (True, False, None),  # taw/magic-preconstructed-decks lists
    "mtgjson": (True, False, None),  # MTGJSON deck files
}
MTG_WRITE_KINDS = ("forge", "cod", "arena", "mtgo", "dek", "text", "archidekt")
# kinds that write each line's categories (`deckeditor.categories`): text as Moxfield's #tags
CATEGORY_KINDS = ("json", "archidekt")
TEXT_KINDS = ("text", "arena", "mtgo")
PASTED = "Imported deck"
SAFETY_NET = True  # see read_deck
_WRITES_UNPARSED = ("json", "forge", "text")  # the kinds that write unparsed lines back
_EXT_KIND = {".json": "json", ".dck": "forge", ".cod": "cod", ".dek": "dek", ".txt": "text"}
_XML_ROOT = re.compile(rb"<([A-Za-z_][\w.:-]*)")
_SPACE = re.compile(r"\s")
_LINE = re.compile(r"([^\r\n]*)(?:\r\n|\r|\n|$)")
# §2 step 5, searched over the whole text at once: a line starting (after blanks) with `NAME:`,
# `LAYOUT MAIN:`/`LAYOUT SIDEBOARD:`, or an XMage card line `[SB: ]1 [SET:CN] Name`.
_XMAGE_LINE = re.compile(
    r"(?:\A|[\r\n])[^\S\r\n]*(?:NAME:|LAYOUT MAIN:|LAYOUT SIDEBOARD:"
    r"|(?:SB:[^\S\r\n]*)?\d+[^\S\r\n]+\[[A-Za-z0-9]+:[^\]\r\n]*\][^\S\r\n]+\S)"
)


# --- decoding (§1) -------------------------------------------------------------------------------


def decode(data: bytes, path: str | None = None) -> tuple[str, list[str]]:
    """Bytes → text: 8 MiB at most, BOM dropped, UTF-8 else Windows-1252 (with a note)."""
    if len(data) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if data.startswith(_UTF16_BOMS):  # Windows "Unicode" text: read as text, not as XML
        try:
            return data.decode("utf-16"), ["read as UTF-16 text"]
        except UnicodeDecodeError as exc:  # a lone surrogate, or a character cut short
            before = data[: exc.start].decode("utf-16", "replace")
            raise DeckFileError(
                path,
                before.count("\n") + 1,
                len(before) - before.rfind("\n"),
                f"not valid UTF-16 (byte {exc.start + 1})",
            ) from None
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:  # five bytes cp1252 leaves undefined: take them as Latin-1
        text = "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in data)
    return text, [CP1252]


def _first_lines(text: str):
    """The lines one by one, right-trimmed (recognition mostly needs only the first few)."""
    for m in _LINE.finditer(text):
        yield m.group(1).rstrip()


CP1252 = "not UTF-8: read as Windows-1252"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_CONTROL_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _binary(text: str) -> bool:
    """More than 1% control characters (no line ends or tabs): binary data, not text. Real
    text has none (the odd one makes its line unparsed); random bytes have about 11%."""
    sample = text[:65536]
    return len(_CONTROL_CHAR.findall(sample)) * 100 > len(sample)


def _is_xml_utf16(data: bytes) -> bool:
    """UTF-16 XML: with a BOM and `<` first, or `<?` without a BOM (the XML parser reads the
    bytes itself and follows the declaration)."""
    if data.startswith((b"<\x00?\x00", b"\x00<\x00?")):
        return True
    if data.startswith(_UTF16_BOMS):
        try:
            return data.decode("utf-16").lstrip().startswith("<")
        except UnicodeDecodeError:
            return False
    return False


# --- recognition (§2) ----------------------------------------------------------------------------


def recognise(text: str) -> str:
    """The kind a decoded text is, by its content alone."""
    stripped = text.strip()
    if not stripped:
        raise DeckFileError(None, None, None, "empty file")
    if stripped[0] == "{":
        return "json"
    if stripped[0] == "<":
        return "xml"
    first = next(
        (l.strip() for l in _first_lines(text) if l.strip() and l.strip()[0] not in "#;"), ""
    )
    if first.startswith("[") and first.endswith("]"):
        return "forge"
    from deckeditor.games.mtg.files import precon

    if precon.looks_like(_first_lines(text)):  # taw precon lists: `// NAME:` first (their
        return "precon"  # brackets look like XMage's)
    could_be_xmage = "NAME:" in text or "LAYOUT " in text or ("[" in text and ":" in text)
    if could_be_xmage and _XMAGE_LINE.search(text):  # (the `in` tests skip a slow scan)
        return "xmage"
    if not _SPACE.search(stripped) and (
        _looks_like_code(stripped) or _looks_like_damaged_code(stripped)
    ):
        # one token (no split: a million-line text would be cut into two million words); a
        # damaged code too, so the decoder says what is wrong and where
        return "riftbound-code"
    from deckeditor.games.riftbound import textlist

    if textlist.looks_like_text(text):
        return "riftbound-text"
    return "text"


_KIND_GAMES = {"riftbound-code": "riftbound", "riftbound-text": "riftbound"}


def game_of(source: str | os.PathLike[str] | bytes) -> str | None:
    """The game whose pool a deck file needs, from its kind (or our own file's `game`), so the
    file is read once, against that pool; None for a file that cannot be read (reading it then
    gives the error)."""
    try:
        data, path = _load(source)
        if len(data) > MAX_BYTES:
            return None
        if _is_xml_utf16(data):
            return "mtg"
        text, _ = decode(data, path)
        found = recognise(text)
        if found == "json":
            doc = json.loads(text)
            game = doc.get("game") if isinstance(doc, dict) else None
            return game if isinstance(game, str) and game else "mtg"  # MTGJSON decks: MTG
    except (DeckFileError, ValueError, RecursionError):
        return None
    return _KIND_GAMES.get(found, "mtg")


def _deckcode():
    try:
        from deckeditor.games.riftbound import deckcode
    except ImportError:
        return None
    return deckcode


def _looks_like_code(token: str) -> bool:
    module = _deckcode()
    try:
        return bool(module and module.looks_like_code(token))
    except Exception:  # a broken codec must not stop plain text from reading
        return False


def _looks_like_damaged_code(token: str) -> bool:
    module = _deckcode()
    return bool(
        module
        and hasattr(module, "looks_like_damaged_code")
        and module.looks_like_damaged_code(token)
    )


def _xml_kind(data: bytes | str, path: str | None) -> str:
    from deckeditor.games.mtg.files import xmlsafe

    root = xmlsafe.parse(data)
    tag = xmlsafe.local(root.tag)
    if tag == "cockatrice_deck":
        return "cod"
    if tag == "Deck":
        return "dek"
    raise DeckFileError(path, None, None, f"unknown XML deck: root element <{tag}>")


# --- reading -------------------------------------------------------------------------------------


def _stem(path: str) -> str:
    name = printable_name(Path(path).name)  # the deck's name: text a file can hold
    for suffix in (".deck.json", ".json", ".dck", ".cod", ".dek", ".txt"):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)] or name
    return Path(name).stem or name


def _refuse_no_file(path: str) -> None:
    """DeckFileError naming `path` unless it is a regular file: a FIFO would be read for ever."""
    from deckeditor.path_kind import Kind, kind_of

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
    pool: CardPool | None = None,
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
    pool: CardPool | None,
    kind: str | None,
    name: str,
    format_code: str | None,
) -> ImportResult:
    from deckeditor.games.mtg.files import (
        cod,
        dek,
        forge_dck,
        mtgjson_deck,
        precon,
        text,
        xmage_dck,
    )

    if kind is not None and kind not in KINDS:
        raise DeckFileError(path, None, None, f"unknown deck kind {kind!r}")
    if len(data) > MAX_BYTES:
        raise DeckFileError(path, None, None, "file is larger than 8 MiB")
    xml_bytes = _is_xml_utf16(data)
    if xml_bytes:
        decoded, notes = "<", []
    else:
        decoded, notes = decode(data, path)
    found = kind or recognise(decoded)
    if found == "xml":
        found = _xml_kind(data, path)
    elif found in ("text", "forge", "xmage", "precon") and notes == [CP1252] and _binary(decoded):
        # Random bytes are not UTF-8, decode as Windows-1252, and a stray short line can match
        # a card name (`X`); such a file, one tenth control characters, is no deck list.
        raise DeckFileError(path, None, None, "no card lines (binary data, not a deck list)")
    result: ImportResult
    if found in ("json", "mtgjson"):
        refuse_in_json(decoded, path)  # a `\ud800` escape: no file could store it again
    if found == "json":
        if notes:
            raise DeckFileError(path, None, None, "not valid UTF-8 (a deck file must be UTF-8)")
        # A fast plain parse first: MTGJSON deck files are large, and the strict checks of §3
        # (duplicate keys, depth, NaN) are for our own file, which read_json_deck applies.
        try:
            doc = json.loads(decoded)
        except (ValueError, RecursionError):
            doc = None
        own = isinstance(doc, dict) and doc.get("schema") == "deckeditor-deck"
        if not own and mtgjson_deck.looks_like(doc):
            result = mtgjson_deck.read(doc, pool, name=name, consume=True)
        else:
            deck = read_json_deck(decoded, path)
            result = ImportResult(deck, "json", [], [])
    elif found == "mtgjson":
        try:
            doc = json.loads(decoded)
        except (ValueError, RecursionError):
            doc, _ = load_json(decoded, path)  # raises the located error
        result = mtgjson_deck.read(doc, pool, name=name, consume=True)
    elif found in ("cod", "dek"):
        reader = cod if found == "cod" else dek
        result = reader.read(data, pool, name=name, format_code=format_code)
    elif found == "riftbound-code":
        result = _read_code(decoded, pool, name, path)
    elif found == "riftbound-text" or (
        found == "text" and kind is None and getattr(pool, "game", None) == "riftbound"
    ):
        from deckeditor.games.riftbound import textlist

        result = textlist.read(decoded, pool, name=name, format_code=format_code)
    else:
        if found not in ("forge", "xmage", "precon"):  # the plain-text family
            return _with_notes(
                text.read(decoded, pool, name=name, format_code=format_code, kind=found), notes
            )
        if found == "forge":  # (each reads the text a chunk of lines at a time)
            result = forge_dck.read(decoded, pool, name=name)
        elif found == "xmage":
            result = xmage_dck.read(decoded, pool, name=name, format_code=format_code)
        else:
            result = precon.read(decoded, pool, name=name)
    return _with_notes(result, notes)


def _with_notes(result: ImportResult, notes: list[str]) -> ImportResult:
    return ImportResult(result.deck, result.kind, result.lines, notes + result.notes)


def _read_code(decoded: str, pool: CardPool | None, name: str, path: str | None) -> ImportResult:
    module = _deckcode()
    if module is None:
        raise DeckFileError(path, None, None, "Riftbound deck codes cannot be read by this build")
    token = decoded.strip()
    try:
        if hasattr(module, "import_code"):
            got = module.import_code(token, pool, name)
            deck, notes = got.deck, list(got.notes)
        else:
            deck, notes = module.decode_to_deck(token, pool, name), []
    except ValueError as exc:
        raise DeckFileError(path, 1, None, f"deck code: {exc}") from None
    line = LineStatus(1, token, LineKind.CARD)
    return ImportResult(deck, "riftbound-code", [line], ["read as a Riftbound deck code"] + notes)


# --- writing -------------------------------------------------------------------------------------


def kind_for_path(path: str | os.PathLike[str]) -> str | None:
    """The kind an output file name asks for (`.deck.json`/`.json`, `.dck`, `.cod`, `.dek`,
    `.txt`); None when the extension names none."""
    name = Path(path).name.lower()
    for ext, kind in _EXT_KIND.items():
        if name.endswith(ext):
            return kind
    return None


def _check_target(deck: Deck, kind: str) -> None:
    if kind not in KINDS:
        raise DeckFileError(None, None, None, f"unknown deck kind {kind!r}")
    if not KINDS[kind][1]:
        raise DeckFileError(None, None, None, f"{kind} files can be read but not written")
    if deck.game != "mtg" and kind in MTG_WRITE_KINDS:
        raise DeckFileError(None, None, None, f"{kind} cannot hold a {_title(deck.game)} deck")
    if deck.game != "riftbound" and kind in ("riftbound-code", "riftbound-text"):
        raise DeckFileError(None, None, None, f"{kind} cannot hold an MTG deck")


def _title(game: str) -> str:
    return {"riftbound": "Riftbound", "mtg": "MTG"}.get(game, game)


def _own_text_kind(deck: Deck, kind: str) -> str:
    """Plain text of a Riftbound deck is its deck list (`.txt` from `convert` and Export)."""
    return "riftbound-text" if kind == "text" and deck.game == "riftbound" else kind


def write_deck(deck: Deck, kind: str, pool: CardPool | None = None, **options: Any) -> str:
    """The deck as the text of a `kind` file (UTF-8 when saved, `\\n` line ends, final newline).

    Options: `with_printings`, `with_tags` (text), `custom_zones` (cod). Every file it makes
    can be read back: unparsed lines past a budget are dropped (`export_losses` counts them),
    and a deck too large for any file is refused (issue 26 point 2).
    """
    kind = _own_text_kind(deck, kind)
    _check_target(deck, kind)
    deck, _ = unparsed_budget.fit(deck)
    return unparsed_budget.check_size(_write(deck, kind, pool, **options))


def _write(deck: Deck, kind: str, pool: CardPool | None, **options: Any) -> str:
    from deckeditor.games.mtg.files import cod, dek, forge_dck, text

    if kind == "json":
        return write_json_deck(deck)
    if kind == "riftbound-text":
        from deckeditor.games.riftbound import textlist

        return textlist.write(deck, pool, with_printings=bool(options.get("with_printings")))
    if kind == "forge":
        return forge_dck.write(deck, pool)
    if kind == "cod":
        return cod.write(deck, pool, custom_zones=bool(options.get("custom_zones")))
    if kind == "dek":
        return dek.write(deck, pool)
    if kind == "text":
        if options.get("with_tags"):
            deck = _categories_as_tags(deck, pool, defaults=False)
        return text.write_text(
            deck,
            pool,
            with_printings=bool(options.get("with_printings")),
            with_tags=bool(options.get("with_tags")),
        )
    if kind == "archidekt":
        return text.write_archidekt(_categories_as_tags(deck, pool), pool)
    if kind == "arena":
        return text.write_arena(deck, pool)
    if kind == "mtgo":
        return text.write_mtgo(deck, pool)
    module = _deckcode()
    if module is None:
        raise DeckFileError(
            None, None, None, "Riftbound deck codes cannot be written by this build"
        )
    try:
        return module.encode_deck(deck, pool) + "\n"
    except ValueError as exc:
        raise DeckFileError(None, None, None, f"deck code: {exc}") from None


def export_losses(deck: Deck, kind: str, pool: CardPool | None = None, **options: Any) -> list[str]:
    """What a `kind` file cannot carry of this deck (§8), one line each (each once); for `json`
    only the unparsed lines past the size budget (`unparsed_budget`). With `reread_only`, only
    what Deck Editor loses reading the file back (not what Forge ignores of a `.dck`)."""
    carries = kind in CATEGORY_KINDS or (kind == "text" and options.get("with_tags"))
    out = []
    if carries and kind != "json":
        # a line the player left with no category is written with none, and reads back with its
        # card's roles
        out += [
            f"{e.card}: no categories not written (it reads back with its roles)"
            for _, e in deck.entries()
            if e.categories == () and not e.tags
        ]
        deck = _categories_as_tags(deck, pool, defaults=kind != "text")
    if _own_text_kind(deck, kind) in _WRITES_UNPARSED:  # the kind's losses of what it writes
        out += unparsed_budget.loss(deck)
        deck, _ = unparsed_budget.fit(deck)
    out += _export_losses(deck, kind, pool, **options)
    if deck.bracket is not None and kind in KINDS and kind not in ("json", "forge"):
        out.append(f"target bracket ({deck.bracket}) not written")
    if kind in KINDS and kind != "json":
        if not carries:  # the player's own categories; the roles come back from the card text
            out += [
                f"{e.card}: categories not written"
                for _, e in deck.entries()
                if e.categories is not None
            ]
        if deck.template is not None:
            out.append("template (targets per category) not written")
        if deck.category_names and kind != "archidekt":  # archidekt writes each line's names
            renamed = ", ".join(f"{k} as {v}" for k, v in deck.category_names.items())
            out.append(f"the deck's names for its categories ({renamed}) not written")
    return list(dict.fromkeys(out))


def _categories_as_tags(deck: Deck, pool: CardPool | None, defaults: bool = True) -> Deck:
    """The deck with each line's categories as its tags, as Archidekt and Moxfield carry them."""
    from deckeditor.categories import categories_as_tags

    return categories_as_tags(deck, pool, defaults)


def _export_losses(deck: Deck, kind: str, pool: CardPool | None, **options: Any) -> list[str]:
    from deckeditor.games.mtg.files import cod, dek, forge_dck, text

    kind = _own_text_kind(deck, kind)
    if kind == "json" or kind not in KINDS:
        return []
    if kind == "riftbound-text":
        from deckeditor.games.riftbound import textlist

        return textlist.losses(deck, with_printings=bool(options.get("with_printings")))
    if kind == "forge":
        return forge_dck.losses(deck, pool, in_forge=not options.get("reread_only"))
    if kind == "cod":
        return cod.losses(deck, pool, custom_zones=bool(options.get("custom_zones")))
    if kind == "dek":
        return dek.losses(deck, pool)
    if kind == "text":
        return text.losses_text(
            deck,
            pool,
            with_printings=bool(options.get("with_printings")),
            with_tags=bool(options.get("with_tags")),
        )
    if kind == "archidekt":
        return text.losses_archidekt(deck, pool)
    if kind == "arena":
        return text.losses_arena(deck, pool)
    if kind == "mtgo":
        return text.losses_mtgo(deck, pool)
    if kind == "riftbound-code":
        out = [
            f"{s.name} not written"
            for s in deck.sections
            if s.entries
            and s.name not in ("Legend", "Champion", "Main", "Runes", "Battlefields", "Sideboard")
        ]
        out += [
            f"{what} not written"
            for what, lost in (("deck name", True), ("notes", deck.notes), ("deck tags", deck.tags))
            if lost
        ]
        return out
    return []


def save_deck(
    path: str | os.PathLike[str],
    deck: Deck,
    kind: str | None = None,
    pool: CardPool | None = None,
    **options: Any,
) -> str:
    """Write the deck atomically (`<name>.bak` keeps the previous file); returns the kind used."""
    kind = kind or kind_for_path(path) or "json"
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
