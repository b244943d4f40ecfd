"""Scryfall bulk data (`oracle-cards`): a JSON array of card objects, multi-face cards carrying a
`card_faces` array. Shape written from Scryfall's public API documentation (card objects and
card-face objects); `.json`, `.json.gz`, `.json.xz` and a single-JSON `.zip` are accepted.

The array is walked one object at a time with `JSONDecoder.raw_decode`, so a card whose fields
are malformed costs only itself (an `ImportIssue` naming `[index]`), and the whole list of
objects is never held at once. Tokens, emblems and art cards are skipped: they are not deck cards.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date
from typing import Any

from deckeditor.deckfile.lone_surrogates import refuse_in_json
from deckeditor.games.mtg.build import ImportIssue, build_card, parse_type_line
from deckeditor.games.mtg.card import Card, Face, Layout
from deckeditor.games.mtg.colors import mask
from deckeditor.games.mtg.legality import encode, with_statement
from deckeditor.games.mtg.mana import ManaCostError, cost_colors, mana_value
from deckeditor.games.mtg.mtgjson import (
    MtgjsonError,
    is_reversible,
    open_json_bytes,
    report_identity_mismatches,
)
from deckeditor.games.mtg.set_calendar import first_day
from deckeditor.readlimits import TooLarge

Progress = Callable[[int, int | None], object]

SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
_WS = " \t\r\n"


class ScryfallError(ValueError):
    """The file as a whole cannot be used (not a JSON array)."""


def _letters(value: Any, key: str) -> int:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{key} must be a list of colour letters")
    return mask("".join(value))


def _opt(obj: dict[str, Any], key: str) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, (str, int, float)):
        raise TypeError(f"{key} must be a string")
    return str(value)


def _face(obj: dict[str, Any], keywords: tuple[str, ...], fallback_colors: Any = None) -> Face:
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise TypeError("name is missing")
    cost = obj.get("mana_cost") or ""
    if not isinstance(cost, str):
        raise TypeError("mana_cost must be a string")
    if cost and "{" not in cost:
        raise ManaCostError(f"mana_cost {cost!r} is not in {{}} notation")
    type_line = obj.get("type_line") or ""
    if not isinstance(type_line, str):
        raise TypeError("type_line must be a string")
    supers, types, subs = parse_type_line(type_line)
    # Face colours: the face's own; else its cost's (split halves); else the card's (flip backs).
    colors_json = obj.get("colors")
    if colors_json is None and not cost:
        colors_json = fallback_colors
    colors = _letters(colors_json, "colors") if colors_json is not None else cost_colors(cost)
    indicator = obj.get("color_indicator")
    text = obj.get("oracle_text") or ""
    if not isinstance(text, str):
        raise TypeError("oracle_text must be a string")
    return Face(
        name=name,
        mana_cost=cost,
        colors=colors,
        color_indicator=_letters(indicator, "color_indicator") if indicator else None,
        supertypes=supers,
        types=types,
        subtypes=subs,
        power=_opt(obj, "power"),
        toughness=_opt(obj, "toughness"),
        loyalty=_opt(obj, "loyalty"),
        defense=_opt(obj, "defense"),
        oracle_text=text,
        keywords=keywords,
        mana_value=mana_value(cost),
    )


def card_from_object(obj: Any) -> Card | None:
    """One card object -> Card; None for objects that are not deck cards (tokens, art)."""
    if not isinstance(obj, dict):
        raise TypeError("a card must be a JSON object")
    if obj.get("object", "card") != "card" or obj.get("layout") in SKIPPED_LAYOUTS:
        return None
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise TypeError("name is missing")
    kw = obj.get("keywords") or []
    if not isinstance(kw, list) or not all(isinstance(k, str) for k in kw):
        raise TypeError("keywords must be a list of strings")
    keywords = tuple(kw)
    layout = Layout.parse(obj.get("layout"))
    faces_json = obj.get("card_faces")
    aliases = []
    if is_reversible(name):
        # `Sol Ring // Sol Ring` (layout reversible_card): one Oracle card printed on both sides.
        aliases, name = [name], name.split(" // ")[0]
        faces_json = faces_json[:1] if isinstance(faces_json, list) else faces_json
    if faces_json:
        if not isinstance(faces_json, list):
            raise TypeError("card_faces must be a list")
        # Faces have no keywords of their own in Scryfall's data: the front face carries them.
        faces = tuple(
            _face(f, keywords if i == 0 else (), obj.get("colors"))
            for i, f in enumerate(faces_json)
        )
    else:
        faces = (_face(obj, keywords),)
    cmc = obj.get("cmc")
    if isinstance(cmc, (int, float)) and layout is not Layout.SPLIT and faces[0].mana_value != cmc:
        faces = (replace(faces[0], mana_value=float(cmc)),) + faces[1:]
    ci = obj.get("color_identity")
    card = build_card(
        faces,
        layout,
        name=name,
        source_identity=_letters(ci, "color_identity") if ci is not None else None,
        printings=(obj["set"].upper(),) if isinstance(obj.get("set"), str) else (),
        extra=_extra(obj, aliases),
    )
    return _with_legality(card, obj)


def _extra(obj: dict[str, Any], aliases: list[str]) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    if obj.get("game_changer") is True:
        out["gameChanger"] = True
    if aliases:
        out["aliases"] = aliases
    return out or None


def _with_legality(card: Card, obj: dict[str, Any]) -> Card:
    """Scryfall states every format (`not_legal` included) and the facts of its printing."""
    legal = obj.get("legalities")
    legalities = encode(legal) if isinstance(legal, dict) else ""
    games = obj.get("games")
    return with_statement(
        card,
        legalities,
        "Scryfall",
        funny=obj.get("set_type") == "funny" and not legalities,
        digital=obj.get("digital") is True and not (isinstance(games, list) and "paper" in games),
        oversized=obj.get("oversized") is True,
        back_face=_is_meld_result(obj),
        released=_released(obj, card),
    )


def _released(obj: dict[str, Any], card: Card) -> str:
    """This printing's `released_at`, or its set's day from the shipped calendar; the earlier
    one (a file of every printing folds its cards to the earliest, `load_scryfall`)."""
    days = [first_day(card.printings, (card.name, str(obj.get("name", ""))))]
    try:
        days.append(date.fromisoformat(str(obj.get("released_at", ""))).isoformat())
    except ValueError:
        pass  # no date, or not a day: the calendar's is all there is
    days = [d for d in days if d]
    return min(days) if days else ""


def _is_meld_result(obj: dict[str, Any]) -> bool:
    parts = obj.get("all_parts")
    return isinstance(parts, list) and any(
        isinstance(p, dict)
        and p.get("component") == "meld_result"
        and p.get("name") == obj.get("name")
        for p in parts
    )


def iter_objects(text: str) -> Iterator[tuple[int, Any]]:
    """(index, object) for each element of a JSON array, decoded one at a time."""
    decoder = json.JSONDecoder()
    pos = len(text) - len(text.lstrip(_WS + "\ufeff"))
    if not text.startswith("[", pos):
        raise ScryfallError("a Scryfall bulk file is a JSON array (it must start with '[')")
    pos += 1
    index = 0
    while True:
        while pos < len(text) and text[pos] in _WS:
            pos += 1
        if pos >= len(text):
            raise ScryfallError(f"the array is not closed (character {pos})")
        if text[pos] == "]":
            return
        try:
            obj, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            raise ScryfallError(
                f"[{index}]: invalid JSON at character {exc.pos}: {exc.msg}"
            ) from None
        yield index, obj
        index += 1
        while pos < len(text) and text[pos] in _WS:
            pos += 1
        if pos < len(text) and text[pos] == ",":
            pos += 1
        elif pos < len(text) and text[pos] != "]":
            raise ScryfallError(f"[{index}]: expected ',' or ']' at character {pos}")


def iter_cards(
    path: str | os.PathLike[str], issues: list[ImportIssue], progress: Progress | None = None
) -> Iterator[Card]:
    source = str(path)
    try:
        text = open_json_bytes(path).decode("utf-8")
        refuse_in_json(text, source)  # `\ud800`: a name no file or database can store
    except TooLarge:
        raise  # names the file and the limit already
    except (MtgjsonError, OSError, UnicodeDecodeError, EOFError, ValueError) as exc:
        raise ScryfallError(f"{path}: cannot be read ({exc})") from None
    done = 0
    try:
        for index, obj in iter_objects(text):
            try:
                card = card_from_object(obj)
            except (TypeError, ValueError, KeyError, AttributeError) as exc:
                label = obj.get("name") if isinstance(obj, dict) else None
                where = f"[{index}]" + (f" ({label})" if isinstance(label, str) else "")
                issues.append(ImportIssue(source, where, str(exc)))
            else:
                if card is not None:
                    yield card
            done += 1
            if progress is not None and done % 1024 == 0:
                progress(done, None)
    except ScryfallError as exc:
        # Broken JSON syntax: the records read so far are kept; nothing after can be trusted.
        issues.append(ImportIssue(source, "file", str(exc)))
    if progress is not None:
        progress(done, done)


def load_scryfall(
    path: str | os.PathLike[str], progress: Progress | None = None
) -> tuple[list[Card], list[ImportIssue]]:
    issues: list[ImportIssue] = []
    cards = _first_days(list(iter_cards(path, issues, progress)))
    report_identity_mismatches(cards, str(path), issues, where="card {name}: color_identity")
    return cards, issues


def _first_days(cards: list[Card]) -> list[Card]:
    """A file of every printing (Scryfall `default_cards`) holds one object per printing: each of
    a name's cards gets the earliest day of them all (the card's first printing's day)."""
    first: dict[str, str] = {}
    for card in cards:
        if card.released and (card.name not in first or card.released < first[card.name]):
            first[card.name] = card.released
    return [c if first.get(c.name, c.released) == c.released else replace(c, released=first[c.name])
            for c in cards]  # fmt: skip
