"""Write `resources/mtg/set-release-days.json`: set code -> release day (ISO), a calendar of facts.

A card pool in the MTGJSON AtomicCards shape names each card's printings by set code only; this
calendar gives those codes their days, so a card is not legal before its first printing's day
(issue 12). Run from the repository root:

    python tools/make_set_calendar.py ../shared/data

Sources, most trusted first (a code keeps the day of the first source that knows it):

1. MTGJSON per-set files (`mtg/mtgjson-sets-20220425.tar.xz`): each set's `code`, `releaseDate`;
2. Cockatrice spoiler XML (`mtg/magic-spoiler-cockatrice-xml-2019-2025.tar.xz`): `<set>` with
   `<name>` and `<releasedate>`;
3. Forge editions (`forge/reeforge-2020-editions.tar.xz`): `Code=`, `Date=`;
4. MTGJSON deck files (`mtg/mtgjson-AllDeckFiles-*.tar.xz`): a deck's `code` and `releaseDate`,
   for a product set nothing above dates (Challenger Decks, Jumpstart 2025 …);
5. last, a printing's `setCode` in a deck file whose set is dated nowhere else: that printing was
   out on the day the deck came out, so the earliest such deck's day bounds it.

Why the set-level sources come before the decks: a deck file's `code` names the set the product
belongs to, but its `releaseDate` is the product's own day, and for the sets after 2022 that is
often not the set's: Arena starter decks of OTJ came out on 2024-07-08, twelve weeks after the
set; Arena starter decks and Jumpstart packets of LTR, MOM and TLE a day or three before theirs;
Welcome Decks, Jumpstart packets and the Commander decks of DSK, ONE and ONC a week after.

`promo_sets` lists the promo set codes (see `promo_sets`). Beside the set days (`sets`),
`cards_out_before_their_set` names the cards a product deck brought
out before their set's own day (Commander 2020's decks held Ikoria cards a week before Ikoria),
with that day. A product comes out with its own set or later, never before it: a deck dated
before its set's day (Arena early access, a Jumpstart packet dated a day early) counts from its
set's day.
"""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path
from xml.etree.ElementTree import ParseError

from defusedxml.ElementTree import fromstring

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, when loaded by path
from shared_data import forge_edition_header, members, mtgjson_set_documents  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "resources" / "mtg" / "set-release-days.json"


def _day(text: object) -> str | None:
    try:
        return date.fromisoformat(str(text)[:10]).isoformat()
    except ValueError:
        return None


def mtgjson_sets(path: Path, of_type: str | None = None) -> dict[str, str]:
    """Set code -> release day, of every set file or of those whose `type` is `of_type`."""
    out: dict[str, str] = {}
    for _name, data in mtgjson_set_documents(path):
        day = _day(data.get("releaseDate"))
        if day and (of_type is None or data.get("type") == of_type):
            out[data["code"].upper()] = day
    return out


def promo_sets(data: Path) -> list[str]:
    """The codes of the promo sets (MTGJSON set type `promo`): reprints handed out at events and
    in stores, which say nothing of what a card is (Rules Lawyer's judge promo of an Un-card)."""
    return sorted(mtgjson_sets(data / "mtg" / "mtgjson-sets-20220425.tar.xz", "promo"))


Deck = tuple[str, str, list[tuple[str, str]]]  # (deck code, day, [(card name, printing set code)])

DECK_SECTIONS = ("commander", "displayCommander", "mainBoard", "sideBoard", "planes", "schemes")


def read_decks(path: Path) -> list[Deck]:
    """Every dated deck file: its code, day and cards (name, printing's set code)."""
    out: list[Deck] = []
    for name, raw in members(path, ".json"):
        if name.endswith("DeckList.json"):
            continue
        data = json.loads(raw).get("data") or {}
        day = _day(data.get("releaseDate"))
        if not day:
            continue
        cards = [(card.get("name"), str(card.get("setCode") or "").upper())
                 for section in DECK_SECTIONS for card in data.get(section) or ()]  # fmt: skip
        out.append((str(data.get("code") or "").upper(), day, [(n, c) for n, c in cards if c]))
    return out


def deck_codes(decks: list[Deck]) -> dict[str, str]:
    """Deck code -> earliest day of a deck of that code."""
    out: dict[str, str] = {}
    for code, day, _cards in decks:
        if code:
            out[code] = min(day, out.get(code, day))
    return out


def product_day(code: str, day: str, sets: dict[str, str]) -> str:
    """The day a deck's cards were out: the deck's own day, but never before its set's day."""
    return max(day, sets.get(code, day))


def printed_in_decks(decks: list[Deck], sets: dict[str, str]) -> dict[str, str]:
    """Printing set code -> earliest day a deck holding it was out."""
    out: dict[str, str] = {}
    for code, day, cards in decks:
        day = product_day(code, day, sets)
        for _name, set_code in cards:
            out[set_code] = min(day, out.get(set_code, day))
    return out


def cards_out_early(decks: list[Deck], sets: dict[str, str]) -> dict[str, str]:
    """Card name -> the day a deck brought it out, where that is before its printing's set day."""
    first: dict[str, tuple[str, str]] = {}
    for code, day, cards in decks:
        day = product_day(code, day, sets)
        for name, set_code in cards:
            if isinstance(name, str) and (name not in first or day < first[name][0]):
                first[name] = (day, set_code)
    return {name: day for name, (day, code) in first.items() if day < sets.get(code, day)}


def cockatrice_xml(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for _name, raw in members(path, ".xml"):
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
    for _name, raw in members(path, ".txt"):
        meta = forge_edition_header(raw)
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
    decks = read_decks(next(mtg.glob("mtgjson-AllDeckFiles-*.tar.xz")))
    sources = [
        ("MTGJSON set files", mtgjson_sets(mtg / "mtgjson-sets-20220425.tar.xz")),
        (
            "Cockatrice spoiler XML",
            cockatrice_xml(mtg / "magic-spoiler-cockatrice-xml-2019-2025.tar.xz"),
        ),
        ("Forge editions", forge_editions(data / "forge" / "reeforge-2020-editions.tar.xz")),
        ("MTGJSON deck files", deck_codes(decks)),
    ]
    out: dict[str, str] = {}
    counts: dict[str, int] = {}

    def add(label: str, days: dict[str, str]) -> None:
        new = {code: day for code, day in days.items() if code not in out}
        out.update(new)
        counts[label] = len(new)

    for label, days in sources:
        add(label, days)
    add("MTGJSON deck files (printings in dated decks)", printed_in_decks(decks, out))
    return dict(sorted(out.items())), dict(sorted(cards_out_early(decks, out).items())), counts


def main(argv: list[str]) -> int:
    data = Path(argv[1] if len(argv) > 1 else "../shared/data")
    days, early, counts = calendar(data)
    doc = {"sets": days, "cards_out_before_their_set": early, "promo_sets": promo_sets(data)}
    OUT.write_text(
        json.dumps(doc, indent=0, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    for label, n in counts.items():
        print(f"{n:5d} set codes from {label}")
    print(f"{len(early)} cards out in a product deck before their set's day")
    print(f"{len(days)} set codes written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
