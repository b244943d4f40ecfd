"""Write the set metadata the window shows beside a printing's set code (issue 24.5):

* `resources/mtg/set-names.json`: set code -> [set name, Keyrune glyph name] (a glyph name is
  given only where it differs from the lower-cased code; "" when no source names the set);
* `resources/mtg/printings.json.xz`: per set code and card name, the printing's collector number,
  rarity, artist and the games it is on (paper, MTGO, Arena), for pools that name printings by set
  code only (MTGJSON AtomicCards, a Forge cardsfolder); each printing one integer of indexes into
  the file's `numbers`, `letters` and `artists` (`deckeditor.games.mtg.set_table.pack`).

Facts only, from `../shared/data` (run from the repository root):

    python tools/make_set_table.py ../shared/data

Sources, most trusted first (a set's name, or a (set, card) printing, keeps what the first source
that knows it says):

1. MTGJSON per-set files 5.2.0+20220425: `name`, `keyruneCode`; each card's `number`, `rarity`,
   `artist`, `availability`;
2. MTGJSON deck files 5.2.2+20260103: each card's `setCode`, `number`, `rarity`, `artist`,
   `availability` (precon and product printings up to 2026);
3. Cockatrice spoiler XML 2018-12 … 2025-12: `<set>`'s `<longname>`; a card's `<set rarity=…>`
   (sets after 2022-04; no number nor artist there), on Arena for an Alchemy `<settype>`, else on
   paper;
4. Forge editions (Reeforge 2020): `Name=` for codes no other source names.
"""

from __future__ import annotations

import json
import lzma
import re
import sys
from pathlib import Path
from xml.etree.ElementTree import ParseError

from defusedxml.ElementTree import fromstring

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, when loaded by path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository, for the packing
from shared_data import forge_edition_header, members, mtgjson_set_documents  # noqa: E402

from deckeditor.games.mtg.set_table import LETTERS, pack  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "resources" / "mtg"
NAMES_OUT = ROOT / "set-names.json"
PRINTINGS_OUT = ROOT / "printings.json.xz"

RARITY = {"common": "c", "uncommon": "u", "rare": "r", "mythic": "m", "special": "s", "bonus": "b"}
GAMES = {"paper": 1, "mtgo": 2, "arena": 4}
_DIGITS = re.compile(r"\d+")


def _number_order(number: str) -> tuple:
    """Collector numbers in print order ("9" before "10", "10a" after "10")."""
    m = _DIGITS.search(number)
    return (int(m.group()) if m else 1 << 30, number)


class Table:
    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.glyphs: dict[str, str] = {}
        self.printings: dict[str, dict[str, list]] = {}
        self.counts: dict[str, int] = {}

    def name_set(self, code: str, name: str, label: str) -> None:
        code = code.strip().upper()
        name = name.removesuffix(" (Spoiler)")  # Magic-Spoiler marks its sets so
        if code and name and code not in self.names:
            self.names[code] = name.strip()
            self.counts[f"set names from {label}"] = (
                self.counts.get(f"set names from {label}", 0) + 1
            )

    def add(
        self, code: str, card: str, number: str, rarity: str, artist: str, games: int, source: str
    ) -> None:
        """A printing; a set holding the card twice (basic lands) keeps its first number."""
        code = code.strip().upper()
        if not code or not card:
            return
        cards = self.printings.setdefault(code, {})
        old = cards.get(card)
        if old is None:
            cards[card] = [number, RARITY.get(rarity.lower(), ""), artist, games, source]
            return
        if old[4] != source:
            return  # an earlier source's printing stands
        if number and (not old[0] or _number_order(number) < _number_order(old[0])):
            old[0] = number
        old[1] = old[1] or RARITY.get(rarity.lower(), "")
        old[2] = old[2] or artist
        old[3] |= games


def _card_games(card: dict) -> int:
    return sum(GAMES.get(g, 0) for g in card.get("availability") or ())


def _full_name(card: dict) -> str:
    return str(card.get("name") or "")


def mtgjson_sets(table: Table, path: Path) -> None:
    for _name, data in mtgjson_set_documents(path):
        code = data["code"].upper()
        table.name_set(code, str(data.get("name") or ""), "MTGJSON set files")
        glyph = str(data.get("keyruneCode") or "").lower()
        if glyph and glyph != code.lower():
            table.glyphs.setdefault(code, glyph)
        for card in data.get("cards") or ():
            table.add(
                code,
                _full_name(card),
                str(card.get("number") or ""),
                str(card.get("rarity") or ""),
                str(card.get("artist") or ""),
                _card_games(card),
                "sets",
            )


def deck_files(table: Table, path: Path) -> None:
    for name, raw in sorted(members(path, ".json")):
        if name.endswith("DeckList.json"):
            continue
        data = json.loads(raw).get("data") or {}
        for section in (
            "commander",
            "displayCommander",
            "mainBoard",
            "sideBoard",
            "planes",
            "schemes",
        ):
            for card in data.get(section) or ():
                table.add(
                    str(card.get("setCode") or ""),
                    _full_name(card),
                    str(card.get("number") or ""),
                    str(card.get("rarity") or ""),
                    str(card.get("artist") or ""),
                    _card_games(card),
                    "decks",
                )


def cockatrice_xml(table: Table, path: Path) -> None:
    for _name, raw in sorted(members(path, ".xml")):
        try:
            root = fromstring(raw)
        except ParseError:
            continue
        games: dict[str, int] = {}
        for el in root.iter("set"):
            code = el.findtext("name")
            if code:  # a <set> of <sets> (a card's <set> has no <name>)
                table.name_set(code, el.findtext("longname") or "", "Cockatrice spoiler XML")
                # no per-card availability here: an Alchemy set is on Arena only, the rest on paper
                digital = "alchemy" in (el.findtext("settype") or "").lower()
                games[code.strip().upper()] = GAMES["arena"] if digital else GAMES["paper"]
        for card in root.iter("card"):
            name = (card.findtext("name") or "").strip()
            for printed in card.findall("set"):
                code = (printed.text or "").strip().upper()
                table.add(
                    code,
                    name,
                    printed.get("num") or "",
                    printed.get("rarity") or "",
                    "",
                    games.get(code, 0),
                    "cockatrice",
                )


def forge_editions(table: Table, path: Path) -> None:
    for _name, raw in sorted(members(path, ".txt")):
        meta = forge_edition_header(raw)
        table.name_set(meta.get("code", ""), meta.get("name", ""), "Forge editions")


def build(data: Path) -> Table:
    mtg = data / "mtg"
    table = Table()
    mtgjson_sets(table, mtg / "mtgjson-sets-20220425.tar.xz")
    deck_files(table, next(mtg.glob("mtgjson-AllDeckFiles-*.tar.xz")))
    cockatrice_xml(table, mtg / "magic-spoiler-cockatrice-xml-2019-2025.tar.xz")
    forge_editions(table, data / "forge" / "reeforge-2020-editions.tar.xz")
    return table


def names_doc(table: Table) -> dict:
    codes = sorted(set(table.names) | set(table.glyphs))
    return {
        c: [table.names.get(c, ""), table.glyphs[c]]
        if c in table.glyphs
        else [table.names.get(c, "")]
        for c in codes
    }


def printings_doc(table: Table) -> dict:
    """Artists and collector numbers once, by index (most printings share a few thousand of
    each), and each printing one integer (`deckeditor.games.mtg.set_table.pack`): read back, a
    printing is an int in its set's dict, not a list of four values (16 MB resident, 7 MB so)."""
    printings = [p for cards in table.printings.values() for p in cards.values()]
    artists = sorted({p[2] for p in printings if p[2]})
    numbers = sorted({p[0] for p in printings}, key=_number_order)
    artist_at = {a: i for i, a in enumerate(artists)}
    number_at = {n: i for i, n in enumerate(numbers)}
    sets = {
        code: {
            name: pack(number_at[p[0]], LETTERS.index(p[1]), artist_at.get(p[2], -1), p[3])
            for name, p in sorted(cards.items())
        }
        for code, cards in sorted(table.printings.items())
    }
    return {
        "rarities": RARITY,
        "games": GAMES,
        "letters": LETTERS,
        "artists": artists,
        "numbers": numbers,
        "sets": sets,
    }


def main(argv: list[str]) -> int:
    table = build(Path(argv[1] if len(argv) > 1 else "../shared/data"))
    NAMES_OUT.write_text(
        json.dumps(names_doc(table), indent=0, sort_keys=True, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    raw = json.dumps(printings_doc(table), separators=(",", ":"), ensure_ascii=False).encode()
    # fixed preset and no timestamp: the same data gives the same bytes
    PRINTINGS_OUT.write_bytes(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
    for label, n in table.counts.items():
        print(f"{n:5d} {label}")
    total = sum(len(c) for c in table.printings.values())
    print(f"{len(table.names)} set names -> {NAMES_OUT}")
    print(
        f"{total} printings in {len(table.printings)} sets -> {PRINTINGS_OUT} ({PRINTINGS_OUT.stat().st_size:,} bytes)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
