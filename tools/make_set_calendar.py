"""Write `resources/mtg/set-release-days.json`: set code -> release day (ISO), a calendar of facts.

A card pool in the MTGJSON AtomicCards shape names each card's printings by set code only; this
calendar gives those codes their days, so a card is not legal before its first printing's day
(issue 12). Run from the repository root:

    python tools/make_set_calendar.py ../shared/data

Sources, most trusted first (a code keeps the day of the first source that knows it):

1. MTGJSON per-set files (`mtg/mtgjson-sets-20220425.tar.xz`): each set's `code`, `releaseDate`;
2. MTGJSON deck files (`mtg/mtgjson-AllDeckFiles-*.tar.xz`): a deck's `code` and `releaseDate`
   (a product set's own day, e.g. a Commander precon's set);
3. Cockatrice spoiler XML (`mtg/magic-spoiler-cockatrice-xml-2019-2025.tar.xz`): `<set>` with
   `<name>` and `<releasedate>`;
4. Forge editions (`forge/reeforge-2020-editions.tar.xz`): `Code=`, `Code2=`, `Alias=`, `Date=`;
5. last, a printing's `setCode` in a deck file whose set is dated nowhere else: that printing was
   out on the day the deck came out, so the earliest such deck's day bounds it.

Beside the set days (`sets`), `cards_out_before_their_set` names the cards a product deck brought
out before their set's own day (a deck's new cards are released on the deck's day), with that day.
"""

from __future__ import annotations

import json
import sys
import tarfile
from datetime import date
from pathlib import Path
from xml.etree.ElementTree import ParseError

from defusedxml.ElementTree import fromstring

OUT = Path(__file__).resolve().parent.parent / "resources" / "mtg" / "set-release-days.json"


def _day(text: object) -> str | None:
    try:
        return date.fromisoformat(str(text)[:10]).isoformat()
    except ValueError:
        return None


def _members(path: Path, suffix: str):
    with tarfile.open(path) as tf:
        for member in tf:
            if member.isfile() and member.name.endswith(suffix):
                yield member.name, tf.extractfile(member).read()


def mtgjson_sets(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for _name, raw in _members(path, ".json"):
        try:
            data = json.loads(raw).get("data")
        except (ValueError, AttributeError):
            continue  # allSets.json is an empty file
        if isinstance(data, dict) and isinstance(data.get("code"), str):
            day = _day(data.get("releaseDate"))
            if day:
                out[data["code"].upper()] = day
    return out


def deck_files(path: Path) -> tuple[dict[str, str], dict[str, str], dict[str, tuple[str, str]]]:
    """(deck code -> earliest deck day, printing setCode -> earliest day of a deck holding it,
    card name -> (earliest day of a deck holding it, that printing's set code))."""
    decks: dict[str, str] = {}
    printed: dict[str, str] = {}
    cards: dict[str, tuple[str, str]] = {}
    for name, raw in _members(path, ".json"):
        if name.endswith("DeckList.json"):
            continue
        data = json.loads(raw).get("data") or {}
        day = _day(data.get("releaseDate"))
        if not day:
            continue
        code = str(data.get("code") or "").upper()
        if code:
            decks[code] = min(day, decks.get(code, day))
        for section in ("commander", "displayCommander", "mainBoard", "sideBoard", "planes", "schemes"):
            for card in data.get(section) or ():
                set_code = str(card.get("setCode") or "").upper()
                if set_code:
                    printed[set_code] = min(day, printed.get(set_code, day))
                name = card.get("name")
                if isinstance(name, str) and set_code and (name not in cards or day < cards[name][0]):
                    cards[name] = (day, set_code)
    return decks, printed, cards


def cockatrice_xml(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for _name, raw in _members(path, ".xml"):
        try:
            root = fromstring(raw)
        except ParseError:
            continue
        for el in root.iter("set"):
            code, day = el.findtext("name"), _day(el.findtext("releasedate") or "")
            if code and day:  # a <set> of <sets> (a card's <set> has no <name>)
                out.setdefault(code.strip().upper(), day)
    return out


def forge_editions(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for _name, raw in _members(path, ".txt"):
        meta: dict[str, str] = {}
        for line in raw.decode("utf-8", "replace").splitlines():
            if line.strip().lower() == "[cards]":
                break
            key, sep, value = line.partition("=")
            if sep:
                meta[key.strip().lower()] = value.strip()
        day = _day(meta.get("date", ""))
        if not day:
            continue
        for key in ("code",):  # Code2/Alias are old two-letter codes that other sets reuse
            for code in meta.get(key, "").split(","):
                if code.strip():
                    out.setdefault(code.strip().upper(), day)
    return out


def calendar(data: Path) -> tuple[dict[str, str], dict[str, str], dict[str, int]]:
    mtg = data / "mtg"
    decks, printed, deck_cards = deck_files(next(mtg.glob("mtgjson-AllDeckFiles-*.tar.xz")))
    sources = [
        ("MTGJSON set files", mtgjson_sets(mtg / "mtgjson-sets-20220425.tar.xz")),
        ("MTGJSON deck files", decks),
        ("Cockatrice spoiler XML", cockatrice_xml(mtg / "magic-spoiler-cockatrice-xml-2019-2025.tar.xz")),
        ("Forge editions", forge_editions(data / "forge" / "reeforge-2020-editions.tar.xz")),
        ("MTGJSON deck files (printings in dated decks)", printed),
    ]
    out: dict[str, str] = {}
    counts: dict[str, int] = {}
    for label, days in sources:
        new = {code: day for code, day in days.items() if code not in out}
        out.update(new)
        counts[label] = len(new)
    # A deck's new cards come out on the deck's day, which can be before their set's own day
    # (Commander 2020's decks held Ikoria cards a week before Ikoria): those cards, by name.
    early = {name: day for name, (day, code) in deck_cards.items() if day < out.get(code, day)}
    return dict(sorted(out.items())), dict(sorted(early.items())), counts


def main(argv: list[str]) -> int:
    data = Path(argv[1] if len(argv) > 1 else "../shared/data")
    days, early, counts = calendar(data)
    doc = {"sets": days, "cards_out_before_their_set": early}
    OUT.write_text(json.dumps(doc, indent=0, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    for label, n in counts.items():
        print(f"{n:5d} set codes from {label}")
    print(f"{len(early)} cards out in a product deck before their set's day")
    print(f"{len(days)} set codes written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
