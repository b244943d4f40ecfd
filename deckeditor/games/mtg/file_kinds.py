"""MTG's deck-file kinds (`deck-files.md` §2, §8) as the registry takes them: how each is
recognised from its content, read, written, and what it cannot carry.

The readers and writers live in `deckeditor.games.mtg.files`; each is imported when a file of
its kind is first read or written (# lazy: a `check` of an own `.deck.json` loads none of them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from deckeditor.deck import Deck
from deckeditor.deckfile.report import DeckFileError, ImportResult
from deckeditor.games.declaration import FileKind, Options, ReadRequest
from deckeditor.games.mtg.files.xmage_line import XMAGE_LINE

_LINE = re.compile(r"([^\r\n]*)(?:\r\n|\r|\n|$)")


def first_lines(text: str) -> Iterator[str]:
    """The lines one by one, right-trimmed (recognition mostly needs only the first few)."""
    for m in _LINE.finditer(text):
        yield m.group(1).rstrip()


# --- recognition ---------------------------------------------------------------------------------


def _is_forge(text: str) -> bool:
    """Forge's `.dck`: the first line that is no comment is a `[section]` header."""
    first = next(
        (
            line.strip()
            for line in first_lines(text)
            if line.strip() and line.strip()[0] not in "#;"
        ),
        "",
    )
    return first.startswith("[") and first.endswith("]")


def _is_precon(text: str) -> bool:
    """taw's precon lists: `// NAME:` first (their brackets look like XMage's)."""
    from deckeditor.games.mtg.files import precon  # lazy: readers load on first use

    first = next((line for line in first_lines(text) if line.strip()), "")
    return precon.looks_like([first])


def _is_xmage(text: str) -> bool:
    could_be = "NAME:" in text or "LAYOUT " in text or ("[" in text and ":" in text)
    return could_be and XMAGE_LINE.search(text) is not None  # (the `in` tests skip a slow scan)


def xml_kind(data: bytes) -> str:
    """The kind of an XML deck file by its root element: Cockatrice's or MTGO's."""
    from deckeditor.games.mtg.files import xmlsafe  # lazy: readers load on first use

    tag = xmlsafe.local(xmlsafe.parse(data).tag)
    if tag == "cockatrice_deck":
        return "cod"
    if tag == "Deck":
        return "dek"
    raise DeckFileError(None, None, None, f"unknown XML deck: root element <{tag}>")


# --- reading -------------------------------------------------------------------------------------


def _read_forge(r: ReadRequest) -> ImportResult:
    from deckeditor.games.mtg.files import forge_dck  # lazy: readers load on first use

    return forge_dck.read(r.text, r.pool, name=r.name)


def _read_xmage(r: ReadRequest) -> ImportResult:
    from deckeditor.games.mtg.files import xmage_dck  # lazy: readers load on first use

    return xmage_dck.read(r.text, r.pool, name=r.name, format_code=r.format_code)


def _read_precon(r: ReadRequest) -> ImportResult:
    from deckeditor.games.mtg.files import precon  # lazy: readers load on first use

    return precon.read(r.text, r.pool, name=r.name)


def _read_text(r: ReadRequest) -> ImportResult:
    from deckeditor.games.mtg.files import text  # lazy: readers load on first use

    return text.read(r.text, r.pool, name=r.name, format_code=r.format_code, kind=r.kind)


def _read_cod(r: ReadRequest) -> ImportResult:
    from deckeditor.games.mtg.files import cod  # lazy: readers load on first use

    return cod.read(r.data, r.pool, name=r.name, format_code=r.format_code)


def _read_dek(r: ReadRequest) -> ImportResult:
    from deckeditor.games.mtg.files import dek  # lazy: readers load on first use

    return dek.read(r.data, r.pool, name=r.name, format_code=r.format_code)


def _is_mtgjson(doc: Any) -> bool:
    from deckeditor.games.mtg.files import mtgjson_deck  # lazy: readers load on first use

    return mtgjson_deck.looks_like(doc)


def _read_mtgjson(r: ReadRequest) -> ImportResult:
    from deckeditor.games.mtg.files import mtgjson_deck  # lazy: readers load on first use

    return mtgjson_deck.read(r.doc, r.pool, name=r.name, consume=True)


# --- writing and losses --------------------------------------------------------------------------


def _write_forge(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.mtg.files import forge_dck  # lazy: writers load on first use

    return forge_dck.write(deck, pool)


def _losses_forge(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.mtg.files import forge_dck  # lazy: writers load on first use

    return forge_dck.losses(deck, pool, in_forge=not options.get("reread_only"))


def _write_cod(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.mtg.files import cod  # lazy: writers load on first use

    return cod.write(deck, pool, custom_zones=bool(options.get("custom_zones")))


def _losses_cod(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.mtg.files import cod  # lazy: writers load on first use

    return cod.losses(deck, pool, custom_zones=bool(options.get("custom_zones")))


def _write_dek(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.mtg.files import dek  # lazy: writers load on first use

    return dek.write(deck, pool)


def _losses_dek(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.mtg.files import dek  # lazy: writers load on first use

    return dek.losses(deck, pool)


def _write_text(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.write_text(
        deck,
        pool,
        with_printings=bool(options.get("with_printings")),
        with_tags=bool(options.get("with_tags")),
    )


def _losses_text(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.losses_text(
        deck,
        pool,
        with_printings=bool(options.get("with_printings")),
        with_tags=bool(options.get("with_tags")),
    )


def _write_archidekt(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.write_archidekt(deck, pool)


def _losses_archidekt(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.losses_archidekt(deck, pool)


def _write_arena(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.write_arena(deck, pool)


def _losses_arena(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.losses_arena(deck, pool)


def _write_mtgo(deck: Deck, pool: Any, options: Options) -> str:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.write_mtgo(deck, pool)


def _losses_mtgo(deck: Deck, pool: Any, options: Options) -> list[str]:
    from deckeditor.games.mtg.files import text_writer  # lazy: writers load on first use

    return text_writer.losses_mtgo(deck, pool)


# Recognition order (§2): Forge's header, a precon list, XMage's lines; plain text last.
KINDS = (
    FileKind(
        "forge",
        ".dck",
        _read_forge,
        _write_forge,
        _losses_forge,
        recognise=_is_forge,
        rank=10,
        output_extensions=(".dck",),
        text_family=True,
        writes_unparsed=True,
        carries_bracket=True,
    ),
    FileKind("xmage", ".dck", _read_xmage, recognise=_is_xmage, rank=30, text_family=True),
    FileKind("cod", ".cod", _read_cod, _write_cod, _losses_cod, output_extensions=(".cod",)),
    FileKind("arena", None, _read_text, _write_arena, _losses_arena),
    FileKind("mtgo", None, _read_text, _write_mtgo, _losses_mtgo),
    FileKind("dek", ".dek", _read_dek, _write_dek, _losses_dek, output_extensions=(".dek",)),
    FileKind(
        "text",
        ".txt",
        _read_text,
        _write_text,
        _losses_text,
        recognise=lambda text: True,
        rank=1000,
        output_extensions=(".txt",),
        text_family=True,
        writes_unparsed=True,
        categories="tags-option",
    ),
    # Archidekt's text export: read as text (its categories become the lines' tags)
    FileKind(
        "archidekt",
        None,
        _read_text,
        _write_archidekt,
        _losses_archidekt,
        readable=False,
        categories="tags",
        carries_category_names=True,
    ),
    FileKind("precon", None, _read_precon, recognise=_is_precon, rank=20, text_family=True),
    FileKind("mtgjson", None, _read_mtgjson, json_document=_is_mtgjson),
)
