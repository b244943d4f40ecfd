"""Cockatrice card database XML (`cards.xml`, format 4, and the older format 3 without `<prop>`).

Read with defusedxml (no entity expansion, no external entities) and `iterparse`, one `<card>` at
a time. A card repeats once per printing: the first record of a name wins and later ones only add
their set codes. Back faces (`<prop><side>back</side>`) are attached to the front that relates to
them. Mana costs are compact (`1U/RU/R`); split cards write `2G // G`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date as _date
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse

from deckeditor.games.mtg.build import ImportIssue, build_card, parse_type_line
from deckeditor.games.mtg.card import Card, Face, Layout
from deckeditor.games.mtg.colors import mask
from deckeditor.games.mtg.legality import DIGITAL, JOKE
from deckeditor.games.mtg.mana import ManaCostError, cost_colors, from_compact, mana_value
from deckeditor.games.mtg.set_calendar import first_day

Progress = Callable[[int, int | None], object]


class CockatriceError(ValueError):
    """The XML as a whole cannot be read (syntax error, forbidden entities)."""


def _text(el: Element | None) -> str:
    return (el.text or "").strip() if el is not None else ""


def _prop(card: Element, tag: str) -> Element | None:
    """`<prop><tag>` in format 4, `<tag>` directly under `<card>` in format 3."""
    prop = card.find("prop")
    if prop is not None:
        found = prop.find(tag)
        if found is not None:
            return found
    return card.find(tag)


def _colors(card: Element) -> int | None:
    joined = _text(_prop(card, "colors"))
    prop = card.find("prop")
    holder = prop if prop is not None else card
    singles = "".join(_text(c) for c in holder.findall("color")) + "".join(
        _text(c) for c in card.findall("color") if holder is not card
    )
    letters = joined + singles
    return mask(letters) if letters else None


_PT_LINE = re.compile(r"^(\d+/\d+)\s*$", re.MULTILINE)
_SPLIT_TYPES = frozenset({"Instant", "Sorcery"})


def _guess_layout(type_halves: list[str]) -> Layout:
    """A `A // B` record without `<layout>`: halves that are both instants/sorceries or both
    Rooms are a split card; otherwise (flip, double-faced) the front face is the card."""
    parsed = [parse_type_line(t) for t in type_halves]
    if len(parsed) > 1 and all(set(p[1]) <= _SPLIT_TYPES and p[1] for p in parsed):
        return Layout.SPLIT
    if len(parsed) > 1 and all("Room" in p[2] for p in parsed):
        return Layout.SPLIT
    return Layout.TRANSFORM


def _faces(card: Element, name: str) -> tuple[list[Face], Layout]:
    cost_raw = _text(_prop(card, "manacost"))
    type_raw = _text(_prop(card, "type"))
    text = _text(card.find("text"))
    pt = _text(_prop(card, "pt"))
    loyalty = _text(_prop(card, "loyalty")) or None
    layout = Layout.parse(_text(_prop(card, "layout")) or None)
    names = name.split(" // ")
    costs = cost_raw.split(" // ") if cost_raw else [""] * len(names)
    types = type_raw.split(" // ")
    if len(names) > 1 and layout is Layout.NORMAL:
        layout = _guess_layout(types)
    if not pt and "Spacecraft" in type_raw:
        # Spoiler data prints a Spacecraft's power/toughness as the last line of its text.
        hit = _PT_LINE.search(text)
        pt = hit.group(1) if hit else ""
    colors = _colors(card)
    faces = []
    for i, face_name in enumerate(names):
        cost = from_compact(costs[i] if i < len(costs) else "")
        supers, ftypes, subs = parse_type_line(types[i] if i < len(types) else types[0])
        power = toughness = None
        if i == 0 and "/" in pt:
            power, toughness = (p.strip() for p in pt.split("/", 1))
        face_colors = colors if (colors is not None and len(names) == 1) else cost_colors(cost)
        faces.append(
            Face(
                name=face_name.strip(),
                mana_cost=cost,
                colors=face_colors,
                # Colours its cost does not show come from a colour indicator or a colour-setting
                # ability (Dryad Arbor, back faces, Crimson Kobolds); both count for identity.
                color_indicator=face_colors if (face_colors and not cost_colors(cost)) else None,
                supertypes=supers,
                types=ftypes,
                subtypes=subs,
                power=power,
                toughness=toughness,
                loyalty=loyalty if i == 0 else None,
                oracle_text=text if i == 0 else "",
                mana_value=mana_value(cost),
            )
        )
    return faces, layout


def iter_cards(
    path: str | os.PathLike[str], issues: list[ImportIssue], progress: Progress | None = None
) -> Iterator[Card]:
    """Cards of one XML file; duplicates of a name only add printings (done in `load_cockatrice`)."""
    source = str(path)
    count = 0
    fronts: list[tuple[list[Face], Layout, str, list[str], int | None, list[str]]] = []
    backs: dict[str, Face] = {}
    calendar: dict[str, tuple[str, str]] = {}  # set code -> (release day, set type)
    try:
        for _event, el in iterparse(os.fspath(path), events=("end",), forbid_dtd=False):
            if el.tag == "set" and el.find("name") is not None:  # an entry of <sets>
                _calendar_entry(el, calendar)
                continue
            if el.tag != "card":
                continue
            count += 1
            name = _text(el.find("name"))
            where = f"card #{count}" + (f" ({name})" if name else "")
            try:
                if not name:
                    raise ValueError("<name> is missing")
                faces, layout = _faces(el, name)
                sets = [_text(s) for s in el.findall("set") if _text(s)]
                ci = _text(_prop(el, "coloridentity"))
                related = [_text(r) for r in el.findall("related") if r.get("attach")]
                if _text(_prop(el, "side")).lower() == "back":
                    backs[name] = faces[0]
                else:
                    fronts.append((faces, layout, name, sets, mask(ci) if ci else None, related))
            except (ValueError, ManaCostError, TypeError) as exc:
                issues.append(ImportIssue(source, where, str(exc)))
            el.clear()
            if progress is not None and count % 1024 == 0:
                progress(count, None)
    except (ParseError, DefusedXmlException) as exc:
        issues.append(ImportIssue(source, "file", f"XML cannot be read: {exc}"))
    used: set[str] = set()
    for faces, layout, _name, sets, identity, related in fronts:
        extra_faces = [backs[r] for r in related if r in backs]
        used.update(r for r in related if r in backs)
        if extra_faces and layout is Layout.NORMAL:
            layout = Layout.TRANSFORM
        all_faces = faces + extra_faces
        card = build_card(all_faces, layout, printings=sets, source_identity=identity)
        yield _dated(card, calendar)
    for name, face in backs.items():
        if name not in used:
            issues.append(
                ImportIssue(
                    source, f"card {name}", "back face without a front; kept alone", "warning"
                )
            )
            yield build_card([face])
    if progress is not None:
        progress(count, count)


# Cockatrice set types whose cards are not tournament-legal paper cards.
_DIGITAL_SET_TYPES = frozenset({"alchemy", "online", "arena", "mtga", "digital"})
_JOKE_SET_TYPES = frozenset({"funny", "joke"})


def _calendar_entry(el: Element, calendar: dict[str, tuple[str, str]]) -> None:
    code = _text(el.find("name")).upper()
    day = _text(el.find("releasedate"))
    try:
        day = _date.fromisoformat(day).isoformat()
    except ValueError:
        day = ""
    kind = _text(el.find("settype")).lower()
    if _text(el.find("longname")).lower().startswith("alchemy"):
        kind = "alchemy"  # the spoiler files call Alchemy sets "Expansion"
    if code:
        calendar[code] = (day, kind)
    el.clear()


def _dated(card: Card, calendar: dict[str, tuple[str, str]]) -> Card:
    """The first printing's release day and what the set types say (`legality.py` traits). A set
    the file gives no day (a database without <sets>) takes the shipped calendar's."""
    known = [calendar[c.upper()] for c in card.printings if c.upper() in calendar]
    undated = [c for c in card.printings if not calendar.get(c.upper(), ("", ""))[0]]
    shipped = first_day(undated, (card.name,)) if undated else ""
    if not known and not shipped:
        return card
    days = [day for day, _ in known if day] + ([shipped] if shipped else [])
    kinds = {kind for _, kind in known}
    traits = set(card.traits)
    if known and len(known) == len(card.printings):  # every printing's set is known
        if kinds <= _DIGITAL_SET_TYPES:
            traits.add(DIGITAL)
        elif kinds <= _JOKE_SET_TYPES:
            traits.add(JOKE)
    extra = {**card.extra, "facts_from": "Cockatrice sets"} if traits else card.extra
    return replace(card, released=min(days) if days else card.released, traits=frozenset(traits),
                   extra=extra)  # fmt: skip


def load_cockatrice(
    path: str | os.PathLike[str], progress: Progress | None = None
) -> tuple[list[Card], list[ImportIssue]]:
    """Read one XML file; a card printed in several sets becomes one Card with all its codes."""
    issues: list[ImportIssue] = []
    by_name: dict[str, Card] = {}
    for card in iter_cards(path, issues, progress):
        old = by_name.get(card.name)
        if old is None:
            by_name[card.name] = card
        elif card.printings:
            codes = tuple(dict.fromkeys(old.printings + card.printings))
            first = min((d for d in (old.released, card.released) if d), default="")
            by_name[card.name] = replace(old, printings=codes, released=first)
    return list(by_name.values()), issues
