"""Write `resources/mtg/forge-printings.json`: what a Forge `.dck` export needs to name a real set
before a line's flags (issue 22 point 1; `deckeditor/games/mtg/forge_printing.py` reads it).

Forge keeps a line's flags (`#{markedColors=R}`) only when it finds the card in the set the line
names. A pool of bare Forge scripts (or the starter pool) knows no printings, so the program ships
a small name -> printing table. Run from the repository root, after `tools/make_set_calendar.py`
(the newest printing is chosen by the set calendar's days):

    python tools/make_forge_printings.py ../shared/data

What the file holds, and why it is small (about 1 KB):

* `cards`: Oracle name -> set code, for the cards a player makes an upfront colour choice for
  (Cryptic Spires' circles, a Rulebreaker's additional colour, a wild colour: the cards whose
  choice Forge carries as `markedColors`, decided by the program's own `color_budget`). Other
  flags come from Forge files, whose lines already name their set; a table of every name (some
  33,000) would be a few hundred KB for no line that needs it. Read from the MTGJSON pool
  (`mtg/cards.json.xz`), the Cockatrice spoiler XML and the Forge upstream sample scripts, each
  card's newest paper printing that is not a promo, token, memorabilia or digital-only set.
  Cards none of these sources prints (the 2026 Rulebreakers: `cards.json` is from 2026-01) take
  their printing from `OUTSIDE_THE_DATA` below, each with the edition file that lists it; the
  script fails if a choice card of the Forge sample gets no printing.
* `avoid`: set codes a line should not prefer, by reason (`token`, `memorabilia`, `digital`);
  promo sets are already in the set calendar (`promo_sets`). From MTGJSON set types, Cockatrice
  `settype`, Forge edition `Type=Online`, and MTGJSON's naming of a set's companions (`T`+code
  tokens, `A`+code art series, `O`+code oversized, `Y`+code Alchemy).
* `forge_codes`: MTGJSON code -> Forge code where Forge's edition files (Reeforge 2020, the Forge
  editions in `../shared/data/forge`) name the set otherwise and keep the MTGJSON code only as an
  alias (`CON` -> `CFX`). Current Forge resolves both spellings.
"""

from __future__ import annotations

import io
import json
import lzma
import sys
import tempfile
from pathlib import Path

from defusedxml.ElementTree import fromstring

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, when loaded by path
from shared_data import forge_edition_header, members, mtgjson_set_documents  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "resources" / "mtg" / "forge-printings.json"
sys.path.insert(0, str(REPO))

# Printings no file in ../shared/data knows, with the Forge edition file that lists each card
# (Card-Forge/forge, forge-gui/res/editions/…; MTGJSON and Scryfall use the same code).
OUTSIDE_THE_DATA = {
    # "Mystery Booster Commander Edition.txt": Code=MBC, `12 R Tolabow, Loch Rascal`
    "Tolabow, Loch Rascal": "MBC",
}

_COMPANIONS = {"T": "token", "A": "memorabilia", "O": "memorabilia", "Y": "digital"}
_MTGJSON_TYPES = {"token": "token", "memorabilia": "memorabilia", "alchemy": "digital"}
_COCKATRICE_TYPES = {"memorabilia": "memorabilia", "alchemy": "digital", "token": "token"}


def mtgjson_set_kinds(path: Path) -> tuple[dict[str, str], set[str]]:
    """(code -> kind of the sets to avoid, every code)."""
    out: dict[str, str] = {}
    every: set[str] = set()
    for _name, data in mtgjson_set_documents(path):
        every.add(data["code"].upper())
        kind = "digital" if data.get("isOnlineOnly") else _MTGJSON_TYPES.get(data.get("type"))
        if kind:
            out[data["code"].upper()] = kind
    return out, every


def cockatrice_set_kinds(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for _name, raw in members(path, ".xml"):
        try:
            root = fromstring(raw)
        except Exception:  # a truncated spoiler file: its sets are in other files too
            continue
        for el in root.iter("set"):
            code, kind = (
                el.findtext("name"),
                _COCKATRICE_TYPES.get((el.findtext("settype") or "").lower()),
            )
            if code and kind:
                out.setdefault(code.strip().upper(), kind)
    return out


def forge_editions(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """(codes of digital-only editions, MTGJSON alias -> Forge code)."""
    digital: dict[str, str] = {}
    codes: dict[str, str] = {}
    for _name, raw in members(path, ".txt"):
        meta = forge_edition_header(raw)
        code = meta.get("code", "").upper()
        if not code:
            continue
        if meta.get("type", "").lower() == "online":
            digital[code] = "digital"
        alias = meta.get("alias", "").upper()
        if alias and alias != code:
            codes[alias] = code
    return digital, codes


def companion_kinds(codes: set[str], known: set[str]) -> dict[str, str]:
    """MTGJSON names a set's tokens `T`+code, art series `A`+code, oversized cards `O`+code and
    Alchemy rebalances `Y`+code; a code of that shape over a known set is that kind."""
    return {
        c: _COMPANIONS[c[0]]
        for c in codes
        if len(c) >= 4 and c[0] in _COMPANIONS and c[1:] in known
    }


def choice_cards(data: Path) -> list:
    """Cards with an upfront colour choice, each with its printings, from every card source."""
    from deckeditor.games.mtg.build import deckrule_overlay
    from deckeditor.games.mtg.choices import color_budget
    from deckeditor.games.mtg.cockatrice_xml import load_cockatrice
    from deckeditor.games.mtg.forge_script import load_forge
    from deckeditor.games.mtg.mtgjson import load_mtgjson

    cards: dict[str, object] = {}

    def add(found) -> None:
        for card in found:
            if color_budget(card) is None:
                continue
            old = cards.get(card.name)
            if old is None or not old.printings:
                cards[card.name] = card
            elif card.printings:
                from dataclasses import replace

                cards[card.name] = replace(
                    old, printings=tuple(dict.fromkeys(old.printings + card.printings))
                )

    add(load_mtgjson(data / "mtg" / "cards.json.xz")[0])
    # a card offers a choice by its text (circled colours, a colour chosen before the game) or
    # by an overlaid DeckRule: a file with neither cannot hold one (most files: skipped unread)
    marks = [b"ircle", b"before the game begins", *(n.encode() for n in deckrule_overlay())]
    with tempfile.TemporaryDirectory() as tmp:
        for name, raw in members(
            data / "mtg" / "magic-spoiler-cockatrice-xml-2019-2025.tar.xz", ".xml"
        ):
            if not any(m in raw for m in marks):
                continue
            path = Path(tmp) / Path(name).name
            path.write_bytes(raw)
            try:
                add(load_cockatrice(path)[0])
            except Exception:  # a truncated spoiler file: its cards are in other files too
                continue
    forge = [
        c
        for c in load_forge(data / "forge" / "upstream-sample-cardscripts.tar.xz")[0]
        if color_budget(c) is not None
    ]
    add(forge)
    missing = [
        c.name for c in forge if not cards[c.name].printings and c.name not in OUTSIDE_THE_DATA
    ]
    if missing:
        raise SystemExit(
            f"no printing known for the choice cards {missing}: add them to OUTSIDE_THE_DATA"
        )
    return list(cards.values())


def build(data: Path) -> dict:
    from deckeditor.games.mtg.forge_printing import newest
    from deckeditor.games.mtg.set_calendar import promo_sets, shipped_calendar

    mtg = data / "mtg"
    kinds: dict[str, str] = {}
    days = shipped_calendar()
    mtgjson, mtgjson_codes = mtgjson_set_kinds(mtg / "mtgjson-sets-20220425.tar.xz")
    digital, aliases = forge_editions(data / "forge" / "reeforge-2020-editions.tar.xz")
    # Forge's own codes can name another MTGJSON set (Forge's Masters Edition is `MED`, MTGJSON's
    # Mythic Edition): only codes MTGJSON does not use count
    digital = {c: k for c, k in digital.items() if c not in mtgjson_codes}
    for found in (
        mtgjson,
        cockatrice_set_kinds(mtg / "magic-spoiler-cockatrice-xml-2019-2025.tar.xz"),
        digital,
    ):
        for code, kind in found.items():
            kinds.setdefault(code, kind)
    # an alias that MTGJSON uses for a set Forge codes otherwise (never a code of another set)
    forge_codes = {
        a: c for a, c in aliases.items() if a in mtgjson_codes and c not in mtgjson_codes
    }
    printed = set(json_printings(mtg / "cards.json.xz")) | set(days)
    for code, kind in companion_kinds(printed, set(days)).items():
        kinds.setdefault(code, kind)
    kinds = {c: k for c, k in kinds.items() if c not in promo_sets()}
    avoid = promo_sets() | frozenset(kinds)
    cards = {}
    for card in choice_cards(data):
        code = newest(card.printings, days, avoid) or OUTSIDE_THE_DATA.get(card.name)
        if code:
            cards[card.name] = code
    return {
        "avoid": {
            kind: sorted(c for c, k in kinds.items() if k == kind)
            for kind in sorted(set(kinds.values()))
        },
        "cards": dict(sorted(cards.items())),
        "forge_codes": dict(sorted(forge_codes.items())),
    }


def json_printings(path: Path) -> set[str]:
    doc = json.load(io.TextIOWrapper(lzma.open(path), encoding="utf-8"))
    return {
        str(code).upper()
        for faces in doc["data"].values()
        for face in faces
        for code in face.get("printings") or ()
    }


def main(argv: list[str]) -> int:
    data = Path(argv[1] if len(argv) > 1 else "../shared/data")
    doc = build(data)
    OUT.write_text(
        json.dumps(doc, indent=0, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(
        f"{OUT}: {len(doc['cards'])} cards, {sum(map(len, doc['avoid'].values()))} sets to avoid, "
        f"{len(doc['forge_codes'])} Forge codes"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
