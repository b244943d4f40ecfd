"""MTGO `.dek` XML (`deck-files.md` §6.2): read and write.

MTGO keeps a Commander deck's commander in the sideboard, so Commander and Companion are written
with `Sideboard="true"` and the sideboard-commander rule restores them on re-import.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files import sbcommander, xmlsafe
from deckeditor.games.mtg.files.common import (
    DeckBuilder,
    Prepared,
    clean_name,
    merged_rows,
    mtgo_name,
    parse_count,
    with_foreign,
)
from deckeditor.games.mtg.files.export_losses import (
    cards,
    flag_losses,
    sideboard_commander_losses,
    trimmed_name_losses,
    unwritten_parts,
)
from deckeditor.linereader import SEEN_LIMIT

KIND = "dek"
_IDS = ("NetDeckID", "PreconstructedDeckID")


def read(
    data: bytes | str,
    pool: CardPool[Any] | None,
    *,
    name: str = "Imported deck",
    format_code: str | None = None,
) -> ImportResult:
    root = xmlsafe.parse(data)
    if xmlsafe.local(root.tag) != "Deck":
        tag = xmlsafe.local(root.tag)
        raise DeckFileError(None, 1, None, f"root element <{tag}> is not an MTGO deck")
    where = xmlsafe.numbered(root, data)
    b = DeckBuilder(pool, KIND)
    kept: dict[str, Any] = {}
    seen: dict[tuple[tuple[str, str], ...], CardForm] = {}
    children: list[ET.Element | None] = list(root)
    del root[:]  # each element freed once read (8 MiB of card elements: 100 MB)
    for i, child in enumerate(children):
        children[i] = None
        assert child is not None
        tag = xmlsafe.local(child.tag)
        number = where.get(id(child), 0)
        if tag == "Cards":
            _read_card(b, child, number, seen)
            continue
        text = ET.tostring(child, encoding="unicode").strip()
        if tag in _IDS:
            kept[tag] = (child.text or "").strip()
            b.mark(number, text, LineKind.METADATA)
        else:  # kept for write-back (§6: unknown elements survive where the writer can put them)
            child.tail = None
            kept.setdefault("elements", []).append(ET.tostring(child, encoding="unicode"))
            b.mark(number, text, LineKind.METADATA, "kept for write-back")
    attributes = {k: v for k, v in root.attrib.items() if not k.startswith("{")}
    if attributes:
        kept["attributes"] = attributes
    deck = b.deck(name=clean_name(None, name), format=format_code)
    deck, moved = sbcommander.apply(deck, b.pool, format_code)
    deck = with_foreign(deck, "dek", kept)
    return ImportResult(deck, KIND, b.lines, b.notes + moved)


# (text for the report, section, count, prepared entry), or (text, None, reason, None)
CardForm = tuple[str, str, int, Prepared] | tuple[str, None, str, None]


def _read_card(
    b: DeckBuilder,
    el: ET.Element,
    number: int,
    seen: dict[tuple[tuple[str, str], ...], CardForm],
) -> None:
    # each distinct element is rendered, checked and resolved once (a large file repeats them)
    key = tuple(el.attrib.items()) if not len(el) and not (el.text or "").strip() else None
    got = seen.get(key) if key is not None else None
    if got is None:
        got = _card_form(b, el)
        if key is not None and len(seen) < SEEN_LIMIT:
            seen[key] = got
    if got[3] is None:
        b.reject(number, got[0], got[2])
    else:
        b.add_prepared(number, got[0], got[1], got[2], got[3])


def _card_form(b: DeckBuilder, el: ET.Element) -> CardForm:
    """The card element read once (`CardForm`)."""
    text = xmlsafe.leaf_xml(el) or ET.tostring(el, encoding="unicode").strip()
    count = parse_count((el.get("Quantity") or "").strip())
    if count is None:
        return text, None, "Quantity is not an integer from 1 to 9999", None
    written = (el.get("Name") or "").strip()
    if not written:
        return text, None, "no card name", None
    side = (el.get("Sideboard") or "false").strip().lower() == "true"
    cat = (el.get("CatID") or "").strip()
    mtgo = int(cat) if cat.isdigit() and int(cat) > 0 else None
    note = (el.get("Annotation") or "").strip()
    flags = {"Annotation": note} if note and note != "0" else {}
    prep = b.prepare(written, Printing(mtgo=mtgo), flags=flags)
    return text, "Sideboard" if side else "Main", count, prep


def write(deck: Deck, pool: CardPool[Any] | None = None) -> str:
    kept = deck.foreign.get("dek") or {}
    kept = kept if isinstance(kept, dict) else {}
    attributes = kept.get("attributes")
    root = ET.Element(
        "Deck",
        {
            "xmlns:xsd": "http://www.w3.org/2001/XMLSchema",
            "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
            **(attributes if isinstance(attributes, dict) else {}),
        },
    )
    for tag in _IDS:
        ET.SubElement(root, tag).text = str(kept.get(tag) or 0)
    for text in kept.get("elements", []):
        try:
            root.append(xmlsafe.parse(text))
        except DeckFileError:  # a hand-edited own file: drop what no longer parses
            pass
    rows = [(e, "false") for e in deck.section("Main").entries]
    for sec in ("Commander", "Companion", "Sideboard"):
        rows += [(e, "true") for e in deck.section(sec).entries]
    # lines the file cannot tell apart (printings other than the MTGO id) merged, as the reader
    # would merge them
    keyed = (
        (key, e.count, key)
        for e, side in rows
        if not xmlsafe.NOT_XML.search(mtgo_name(e, pool))
        for key in (
            (
                str((e.printing or Printing()).mtgo or 0),
                side,
                mtgo_name(e, pool).strip(),
                e.flags.get("Annotation", "0"),
            ),
        )
    )
    for count, (cat, side, name, note) in merged_rows(keyed):
        ET.SubElement(
            root,
            "Cards",
            {
                "CatID": cat,
                "Quantity": str(count),
                "Sideboard": side,
                "Name": name,
                "Annotation": note,
            },
        )
    ET.indent(root, "  ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def losses(deck: Deck, pool: CardPool[Any] | None = None) -> list[str]:
    out = []
    out += sideboard_commander_losses(deck, "dek", pool)
    for sec in deck.sections:
        if sec.name not in ("Commander", "Companion", "Main", "Sideboard") and sec.entries:
            out.append(f"{sec.name} ({cards(sec.total)}) not written")
    for _, e in deck.entries("Commander", "Companion", "Main", "Sideboard"):
        p = e.printing or Printing()
        if not p.mtgo:
            out.append(f"{e.card}: no MTGO id (CatID 0); MTGO may reject the line")
        if p.set or p.number or p.finish or p.scryfall or p.arena:
            out.append(f"{e.card}: printing not written")
        if e.colors:
            out.append(f"{e.card}'s colour choice not written")
        if e.tags:
            out.append(f"{e.card}: card tags not written")
        out += flag_losses(e, kept=("Annotation",))
        out += trimmed_name_losses(e, mtgo_name(e, pool), KIND)
        if xmlsafe.NOT_XML.search(mtgo_name(e, pool)):
            out.append(f"{e.card}: not written (a control character in the name)")
    out += unwritten_parts(deck, name=True)
    return out
