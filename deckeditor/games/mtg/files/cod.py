"""Cockatrice `.cod` (`deck-files.md` §6.1, settled in docs/spec-notes.md): read and write, XML
through defusedxml only.

Written the way Cockatrice players keep a Commander deck: the commanders in `main`, the first
named by `<bannerCard>`, the companion in `side`. Cockatrice has no command zone and plays only
`main` and `side`, so nothing else would reach its game.

Our own reading must not guess, so the writer marks what it did: a card put into another
section's zone carries `deckEditorSection`, the root's `deckEditorSections="marked"` says every
such card is marked, and a banner the writer set to the commander carries
`deckEditorBanner="commander"` (it is not kept as the file's own). Cockatrice ignores the three
and drops them when it saves the deck again; the banner-card rule then finds the commander.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files import bannercard, sbcommander, xmlsafe
from deckeditor.games.mtg.files.common import (
    DeckBuilder,
    Prepared,
    clean_name,
    clean_tags,
    export_name,
    merged_rows,
    parse_count,
    section_name,
    with_foreign,
)
from deckeditor.games.mtg.files.export_losses import (
    cards,
    deck_tag_losses,
    flag_losses,
    fold_sections,
    trimmed_name_losses,
)
from deckeditor.games.mtg.files.formats_known import known_format
from deckeditor.linereader import SEEN_LIMIT

KIND = "cod"

_ZONES = {
    "main": "Main",
    "side": "Sideboard",
    "commander": "Commander",
    "commanders": "Commander",
    "companion": "Companion",
    "maybe": "Maybeboard",
    "maybeboard": "Maybeboard",
}
_KEPT = ("bannerCard", "playmatCard", "lastLoadedTimestamp", "sideboard_plan")
# Our marks (see the module's doc): a card's section when its zone is another section's, and the
# root's word that every such card is marked.
SECTION_ATTR = "deckEditorSection"
MARKED_ATTR = "deckEditorSections"
MARKED = "marked"
# on `<bannerCard>`: set by our writer to the first commander, so not kept as read data
BANNER_ATTR = "deckEditorBanner"
_MARKABLE = ("Commander", "Companion")  # the sections written into another section's zone


def _xml(el: ET.Element) -> str:
    el.tail = None
    return ET.tostring(el, encoding="unicode")


CardForm = tuple[str, int, Prepared] | tuple[str, str, None]  # (report text, count, entry)
ElementKey = tuple[str, tuple[tuple[str, str], ...]]  # a leaf element: its tag and attributes


class _CodRead:
    """One read of a `.cod` file: its elements in order, the zones' cards into the builder."""

    def __init__(self, b: DeckBuilder, where: dict[int, int], marked: bool) -> None:
        self.b, self.where = b, where
        self.name: str | None = None
        self.notes = ""
        self.tags: tuple[str, ...] = ()
        self.format: str | None = None
        self.kept: dict[str, object] = {}
        self.unknown: list[str] = []
        self.had_commander_zone = False
        self.marked = marked
        self.banner: str | None = None
        self.seen: dict[ElementKey, CardForm] = {}

    def element(self, child: ET.Element) -> None:
        tag = xmlsafe.local(child.tag)
        number = self.where.get(id(child), 0)
        if tag == "zone":
            self.zone(child, number)
            return
        if tag == "deckname":
            self.name = (child.text or "").strip()
        elif tag == "comments":
            self.notes = child.text or ""
        elif tag == "tags":
            self.tags = clean_tags(t.text or "" for t in child if xmlsafe.local(t.tag) == "tag")
        elif tag == "format":
            raw = (child.text or "").strip()
            self.format = known_format(raw)
            if raw and self.format is None:
                self.kept["format"] = raw
        elif tag in _KEPT:
            if tag == "bannerCard":
                self.banner = (child.text or "").strip()
            if tag != "bannerCard" or child.get(BANNER_ATTR) != "commander":
                self.kept[tag] = _xml(child)
        else:
            self.unknown.append(_xml(child))
            self.b.mark(number, f"<{tag}>", LineKind.METADATA, "kept for write-back")
            return
        self.b.mark(number, f"<{tag}>", LineKind.METADATA)

    def zone(self, child: ET.Element, number: int) -> None:
        zone = child.get("name", "")
        section = _ZONES.get(zone.lower(), zone or "Main")
        self.had_commander_zone |= section == "Commander"
        self.b.mark(number, f'<zone name="{zone}">', LineKind.SECTION)
        self.b.ensure_section(section)
        cards: list[ET.Element | None] = list(child)
        del child[:]  # each card element freed once read (8 MiB of them: 100 MB)
        for i, card in enumerate(cards):
            cards[i] = None
            assert card is not None
            target = _marked_section(card, section)
            if target != section:
                self.marked = True
                self.b.ensure_section(target)
            _read_card(self.b, card, target, self.where.get(id(card), 0), self.seen)


def read(
    data: bytes | str,
    pool: CardPool[Any] | None,
    *,
    name: str = "Imported deck",
    format_code: str | None = None,
) -> ImportResult:
    root = xmlsafe.parse(data)
    if xmlsafe.local(root.tag) != "cockatrice_deck":
        tag = xmlsafe.local(root.tag)
        raise DeckFileError(None, 1, None, f"root element <{tag}> is not a Cockatrice deck")
    b = DeckBuilder(pool, KIND)
    reading = _CodRead(b, xmlsafe.numbered(root, data), root.get(MARKED_ATTR) == MARKED)
    for child in list(root):
        reading.element(child)
    kept = reading.kept
    if reading.unknown:
        kept["elements"] = reading.unknown
    extra_attrs = {k: v for k, v in root.attrib.items() if k not in ("version", MARKED_ATTR)}
    if extra_attrs:
        kept["attributes"] = extra_attrs
    fmt = format_code or reading.format
    deck = b.deck(
        name=clean_name(reading.name, name),
        notes=reading.notes,
        tags=reading.tags,
        format=reading.format,
    )
    notes = list(b.notes)
    # a file whose sections are stated is not guessed at
    if not (reading.had_commander_zone or reading.marked):
        deck, moved = sbcommander.apply(deck, b.pool, fmt)
        if not moved:
            deck, moved = bannercard.apply(deck, b.pool, reading.banner, fmt)
        notes += moved
    deck = with_foreign(deck, "cockatrice", kept)
    return ImportResult(deck, KIND, b.lines, notes)


def _marked_section(card: ET.Element, zone_section: str) -> str:
    """The section our writer's mark names for this card (Commander in `main`, Companion in
    `side`), else its zone's."""
    mark = card.get(SECTION_ATTR)
    return mark if mark in _MARKABLE else zone_section


def _read_card(
    b: DeckBuilder, card: ET.Element, section: str, number: int, seen: dict[ElementKey, CardForm]
) -> None:
    # A zone repeats the same element many times over in a large file: each distinct one is
    # rendered, checked and resolved once (`seen`), so reading stays linear and fast.
    key = (card.tag, tuple(card.attrib.items())) if not len(card) and not card.text else None
    got = seen.get(key) if key is not None else None
    if got is None:
        got = _card_form(b, card)
        if key is not None and len(seen) < SEEN_LIMIT:
            seen[key] = got
    if got[2] is None:
        b.reject(number, got[0], got[1])
    else:
        b.add_prepared(number, got[0], section, got[1], got[2])


def _card_form(b: DeckBuilder, card: ET.Element) -> CardForm:
    """(text for the report, count, prepared entry), or (text, reason, None)."""
    text = xmlsafe.leaf_xml(card) or _xml(card).strip()
    if xmlsafe.local(card.tag) != "card":
        return text, f"unexpected element <{xmlsafe.local(card.tag)}> in a zone", None
    count = parse_count((card.get("number") or "").strip())
    if count is None:
        return text, "number is not an integer from 1 to 9999", None
    written = (card.get("name") or "").strip()
    if not written:
        return text, "no card name", None
    printing = Printing(
        set=(card.get("setShortName") or "").strip().upper() or None,
        number=(card.get("collectorNumber") or "").strip() or None,
        scryfall=(card.get("uuid") or "").strip() or None,
    )
    return text, count, b.prepare(written, printing)


# --- writing -------------------------------------------------------------------------------------


def _attrs(entry: Entry, pool: CardPool[Any] | None) -> tuple[tuple[str, str], ...]:
    """A card's attributes but its count: what tells two `.cod` lines apart."""
    attrs = [("name", export_name(entry, pool).strip())]  # read back trimmed
    p = entry.printing or Printing()
    if p.set:
        attrs.append(("setShortName", p.set.upper()))  # read upper-cased
    if p.number:
        attrs.append(("collectorNumber", p.number))
    if p.scryfall:
        attrs.append(("uuid", p.scryfall))
    return tuple(attrs)


def _cards(
    zone: ET.Element, rows: list[tuple[Entry, str | None]], pool: CardPool[Any] | None
) -> None:
    """`rows`: (entry, the section it is marked with or None). Lines the file cannot tell apart
    (the same printing, foil and not) are merged, as the reader would merge them."""
    keyed = (
        (key, e.count, key)
        for e, mark in rows
        for key in (_attrs(e, pool) + (((SECTION_ATTR, mark),) if mark else ()),)
    )
    for count, attrs in merged_rows(keyed):
        ET.SubElement(zone, "card", {"number": str(count), **dict(attrs)})


def _banner(
    deck: Deck, pool: CardPool[Any] | None, kept: Mapping[str, object]
) -> ET.Element | None:
    """`<bannerCard>`: the first commander, as Cockatrice players and Cockatrice's own Moxfield
    import name it (the banner read from the file when it already names that card); without a
    commander, the banner read from the file, if any."""
    first = next((e for e in deck.section("Commander").entries if xml_name(e, pool)), None)
    raw = kept.get("bannerCard")
    old = _reparse(raw) if isinstance(raw, str) else None
    if first is None:
        return old
    name = export_name(first, pool).strip()
    if old is not None and old.tag == "bannerCard" and (old.text or "").strip() == name:
        return old
    el = ET.Element(
        "bannerCard",
        {"providerId": (first.printing or Printing()).scryfall or "", BANNER_ATTR: "commander"},
    )
    el.text = name
    return el


def xml_name(entry: Entry, pool: CardPool[Any] | None) -> bool:
    """Whether the entry's name can be an XML attribute at all (only an own file can hold a
    name with a control character; such an entry is not written, and reported)."""
    return not xmlsafe.NOT_XML.search(export_name(entry, pool))


def zone_reads_as(name: str) -> str:
    """The section a zone of this name reads back as (zone names are compared case-insensitively,
    section names trimmed)."""
    return section_name(_ZONES.get(name.lower(), name or "Main"))


def write(deck: Deck, pool: CardPool[Any] | None = None, *, custom_zones: bool = False) -> str:
    deck, _ = fold_sections(deck, zone_reads_as)
    kept = deck.foreign.get("cockatrice") or {}
    kept = kept if isinstance(kept, dict) else {}
    root = ET.Element(
        "cockatrice_deck", {"version": "1", **kept.get("attributes", {}), MARKED_ATTR: MARKED}
    )
    ET.SubElement(root, "deckname").text = xmlsafe.xml_text(deck.name)
    fmt = deck.format or kept.get("format")
    if fmt:
        ET.SubElement(root, "format").text = fmt
    if deck.notes:
        ET.SubElement(root, "comments").text = xmlsafe.xml_text(deck.notes)
    if deck.tags:
        tags = ET.SubElement(root, "tags")
        for tag in deck.tags:
            ET.SubElement(tags, "tag").text = xmlsafe.xml_text(tag).strip()  # read back trimmed
    for key in _KEPT:
        if key == "bannerCard":
            if (banner := _banner(deck, pool, kept)) is not None:
                root.append(banner)
        elif isinstance(kept.get(key), str):
            root.append(_reparse(kept[key]))
    for text in kept.get("elements", []):
        root.append(_reparse(text))

    def rows(section: str, mark: bool = False) -> list[tuple[Entry, str | None]]:
        return [(e, section if mark else None) for e in deck.section(section).entries]

    if custom_zones:
        zones = [
            ("main", rows("Main")),
            ("side", rows("Sideboard")),
            ("commander", rows("Commander")),
            ("companion", rows("Companion")),
            ("maybeboard", rows("Maybeboard")),
        ]
    else:  # Cockatrice plays `main` and `side` only: the commanders in the one, the companion
        # in the other, as its players keep them
        zones = [
            ("main", rows("Commander", True) + rows("Main")),
            ("side", rows("Companion", True) + rows("Sideboard")),
        ]
    canon = {"Commander", "Companion", "Main", "Sideboard", "Maybeboard"}
    zones += [(s.name, rows(s.name)) for s in deck.sections if s.name not in canon]
    for zone_name, cards_in in zones:
        cards_in = [(e, mark) for e, mark in cards_in if xml_name(e, pool)]
        if not cards_in:
            continue
        zone = ET.SubElement(root, "zone", {"name": xmlsafe.xml_text(zone_name)})
        _cards(zone, cards_in, pool)
    ET.indent(root, "  ")
    for tags in root.iter("tags"):  # the spec's layout: `<tags><tag>jund</tag></tags>`
        tags.text = None
        for each in tags:
            each.tail = None
    # Empty elements as in §6.1's example and Cockatrice's own files: `"/>`, not `" />`
    # (`>` inside text and attribute values is always escaped, so this touches only tag ends).
    body = ET.tostring(root, encoding="unicode").replace(" />", "/>")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _reparse(text: str) -> ET.Element:
    try:
        return xmlsafe.parse(text)
    except DeckFileError:
        return ET.Element("kept")


def losses(
    deck: Deck, pool: CardPool[Any] | None = None, *, custom_zones: bool = False
) -> list[str]:
    deck, out = fold_sections(deck, zone_reads_as)
    maybe = deck.section("Maybeboard").total
    if maybe and not custom_zones:
        out.append(f"Maybeboard ({cards(maybe)}) not written")
    for _, e in deck.entries():
        p = e.printing
        if p and p.finish in ("foil", "etched"):
            out.append(f"{e.card}: finish not written")
        if p and (p.mtgo or p.arena or p.multiverse):
            out.append(f"{e.card}: MTGO/Arena ids not written")
        if p and p.forge_art:
            out.append(f"{e.card}: Forge art index not written")
        if e.colors:
            out.append(f"{e.card}'s colour choice not written")
        if e.tags:
            out.append(f"{e.card}: card tags not written")
        out += flag_losses(e)
        out += trimmed_name_losses(e, export_name(e, pool), KIND)
        if not xml_name(e, pool):
            out.append(f"{e.card}: not written (a control character in the name)")
    out += deck_tag_losses(deck)
    if deck.format and known_format(deck.format) is None:
        out.append(
            f"format {deck.format!r} is kept as text: {KIND} files are read back with "
            "known format codes only"
        )
    if deck.unparsed:
        out.append(f"{len(deck.unparsed)} unparsed line(s) not written")
    return out
