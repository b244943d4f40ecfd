"""Write the MTG built-in formats' dated data from ../shared/data (issue 23):

* `resources/formats/<code>.json` for every generated MTG format (the seed-001 shape,
  `formats.md` §9): sizes and copies from `FORMATS` below, the bans that are never lifted in
  `banned`, and one complete dated snapshot of everything else per source day (`taboo_lists`,
  §13.4);
* `resources/mtg/format-sets.json`: for each format whose pool is its sets, every set it ever
  held with the day it joined and the day it left (`deckeditor/games/mtg/format_sets.py`).

Run from the repository root:

    PYTHONPATH=. python tools/make_format_data.py ../shared/data

Sources, each a dated snapshot (resources/mtg/README.md, "Formats by day"):

1. Forge's format files (`forge/reeforge-2020-formats.tar.xz`), `Historic/DCI/<format>/<day>.txt`:
   `Effective:` day, `Sets:`, `Banned:`, `Restricted:` of Standard, Modern, Legacy and Vintage up
   to 2018-04-27;
2. the MTGJSON per-set files of 2022-04-25 (`mtg/mtgjson-sets-20220425.tar.xz`): each printing's
   `legalities` and the set it is in;
3. the merged pool of 2026-01-03 (`mtg/cards.json.xz`): the cards whose data is of that day.

A set belongs to a format in a data snapshot when at least 90 % of its deck cards (no Alchemy
rebalanced, joke or non-deck card) are legal, banned or restricted there. Between snapshots a set
joins on its release day (`resources/mtg/set-release-days.json`) and leaves on the published
rotation day of `ROTATIONS`.
"""

from __future__ import annotations

import json
import lzma
import re
import sys
from collections import defaultdict
from pathlib import Path

from deckeditor.games.mtg.format_rules import FORMAT_RULES, key_on
from deckeditor.names import slug

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, when loaded by path
from shared_data import members  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CALENDAR = ROOT / "resources" / "mtg" / "set-release-days.json"

DAY_2022 = "2022-04-25"
DAY_2026 = "2026-01-03"

# code -> (title, min_size, max_size, copies). Sideboards, variants and groups are in
# resources/format_index.json; commander.json and oathbreaker.json stay hand-kept (their
# snapshots are dated by announcement, resources/formats/README.md).
FORMATS = {
    "standard": ("Standard", 60, None, 4),
    "pioneer": ("Pioneer", 60, None, 4),
    "modern": ("Modern", 60, None, 4),
    "legacy": ("Legacy", 60, None, 4),
    "vintage": ("Vintage", 60, None, 4),
    "pauper": ("Pauper", 60, None, 4),
    "historic": ("Historic", 60, None, 4),
    "timeless": ("Timeless", 60, None, 4),
    "alchemy": ("Alchemy", 60, None, 4),
    "explorer": ("Explorer", 60, None, 4),
    "brawl": ("Brawl", 100, 100, 1),
    "standardbrawl": ("Standard Brawl", 60, 60, 1),
    "duel": ("Duel Commander", 100, 100, 1),
    "paupercommander": ("Pauper Commander", 100, 100, 1),
    "predh": ("PreDH", 100, 100, 1),
    "premodern": ("Premodern", 60, None, 4),
    "oldschool": ("Old School", 60, None, 4),
    "penny": ("Penny Dreadful", 60, None, 4),
    "gladiator": ("Gladiator", 100, 100, 1),
    "future": ("Future Standard", 60, None, 4),
}

# Forge's dated history: format code -> folder under Historic/DCI.
FORGE_HISTORY = {
    "standard": "Standard",
    "modern": "Modern",
    "legacy": "Legacy",
    "vintage": "Vintage",
}

# Bans that are never lifted (formats.md §13.4): ante cards, Shahrazad, and the seven cards
# Wizards removed from every format on 2020-06-10. A format keeps in `banned` those of them its
# newest snapshot bans; Conspiracy cards are no deck cards at all (legality.py NON_DECK).
PERMANENT = {
    "shahrazad", "amulet-of-quoz", "bronze-tablet", "contract-from-below", "darkpact",
    "demonic-attorney", "jeweled-bird", "rebirth", "tempest-efreet", "timmerian-fiends",
    "cleanse", "crusade", "imprison", "invoke-prejudice", "jihad", "pradesh-gypsies",
    "stone-throwing-devils",
}  # fmt: skip

# Statuses that are not copy limits in a format: Duel Commander's "Restricted" is its
# banned-as-commander list, Pauper Commander's (2022) "Restricted" its commander-only uncommons.
NOT_A_RESTRICTION = {"duel", "paupercommander"}

# Published rotation days (tabletop release of the set that rotates the others out). Sources:
# Wizards' announcements as reported by ChannelFireball (2022-09-09: ZNR KHM STX AFR),
# Dot Esports 2024-06-26 and magic.gg 2024-07-25 (2024-08-02: MID VOW NEO SNC; DMU BRO ONE MOM
# MAT stay to the 2025 rotation), StarCityGames' rotation guide (2025 rotation as scheduled, with
# Edge of Eternities, 2025-08-01); the older days are the release days of GRN, ELD, ZNR, MID.
_STANDARD_ROTATIONS = {
    "2018-10-05": ("KLD", "AER", "AKH", "HOU", "W17", "PKLD", "PAER", "PAKH", "PHOU"),
    "2019-10-04": ("XLN", "RIX", "DOM", "M19", "PXLN", "PRIX", "PDOM", "PM19", "G18"),
    "2020-09-25": ("GRN", "RNA", "WAR", "M20", "PGRN", "PRNA", "PWAR", "PM20"),
    "2021-09-24": ("ELD", "THB", "IKO", "M21", "PELD", "PTHB", "PIKO", "PM21"),
    "2022-09-09": ("ZNR", "KHM", "STX", "AFR", "PZNR", "PKHM", "PSTX", "PAFR"),
    "2024-08-02": ("MID", "VOW", "NEO", "SNC", "PMID", "PVOW", "PNEO", "PSNC", "DBL"),
    "2025-08-01": ("DMU", "BRO", "ONE", "MOM", "MAT", "PDMU", "PBRO", "PONE", "PMOM", "PMAT"),
}
ROTATIONS = {
    code: _STANDARD_ROTATIONS for code in ("standard", "future", "standardbrawl", "alchemy")
}

SET_SHARE = 0.9  # a set is in a format when this share of its deck cards is
NON_DECK = {"Plane", "Phenomenon", "Scheme", "Vanguard", "Hero", "Conspiracy", "Dungeon", "Stickers",
            "Emblem"}  # fmt: skip


# --- reading the three snapshots ------------------------------------------------------------------


def _deck_card(face: dict, name: str) -> bool:
    """A card that tells which formats its sets are in: not an Alchemy rebalance, joke or
    non-deck card, and no basic land (legal everywhere, printed in promo sets of anything)."""
    if "Basic" in (face.get("supertypes") or ()):
        return False
    return not (
        name.startswith("A-") or face.get("isFunny") or NON_DECK & set(face.get("types") or ())
    )


class Snapshot:
    """One source day: card name -> {key: status}, and set code -> its deck cards' names."""

    def __init__(self, day: str) -> None:
        self.day = day
        self.legal: dict[str, dict[str, str]] = {}
        self.sets: dict[str, set[str]] = defaultdict(set)
        self._keys: set[str] | None = None

    def key(self, code: str, fallback: str | None = None) -> str | None:
        """The key this day's data uses for the format (or for `fallback`'s), if it has one."""
        if self._keys is None:
            self._keys = {k for legal in self.legal.values() for k in legal}
        for c in (code, fallback):
            key = key_on(c, self.day) if c else None
            if key in self._keys:
                return key
        return None

    def statuses(self, key: str, status: str) -> list[str]:
        return sorted(n for n, legal in self.legal.items() if legal.get(key) == status)

    def sets_of(self, key: str) -> set[str]:
        out = set()
        for code, names in self.sets.items():
            # A promo set (PFDN beside FDN) reprints cards of anything (Sol Ring): its cards
            # are judged by their own sets.
            if len(names) < 3 or (code.startswith("P") and code[1:] in self.sets):
                continue
            ok = sum(
                1
                for n in names
                if self.legal.get(n, {}).get(key) in ("Legal", "Banned", "Restricted")
            )
            if ok >= SET_SHARE * len(names):
                out.add(code)
        return out


def read_2022(path: Path, full_names: dict[str, str]) -> Snapshot:
    snap = Snapshot(DAY_2022)
    for _name, raw in members(path, ".json"):
        try:
            data = json.loads(raw).get("data")
        except (ValueError, AttributeError):
            continue  # allSets.json is an empty file
        if not isinstance(data, dict):
            continue
        for card in data.get("cards") or ():
            name = card["name"]
            for face in name.split(" // "):
                full_names.setdefault(face, name)
            snap.legal.setdefault(name, card.get("legalities") or {})
            if _deck_card(card, name):
                snap.sets[data["code"].upper()].add(name)
    return snap


def read_2026(path: Path, full_names: dict[str, str]) -> Snapshot:
    snap = Snapshot(DAY_2026)
    data = json.loads(lzma.decompress(path.read_bytes()))["data"]
    for name, faces in data.items():
        for face in name.split(" // "):
            full_names.setdefault(face, name)
        front = next((f for f in faces if f.get("legalities")), faces[0])
        if (front.get("_sourcePrinting") or {}).get("dataDate") != DAY_2026:
            continue
        snap.legal[name] = front.get("legalities") or {}
        if _deck_card(front, name):
            for code in front.get("printings") or ():
                snap.sets[code.upper()].add(name)
    return snap


def _names(text: str) -> list[str]:
    # Forge separates names by ";" (newer files) or "," (older files); names hold commas, so
    # "," splits only where ";" is absent.
    sep = ";" if ";" in text else ","
    return [n.strip() for n in text.split(sep) if n.strip()]


def read_forge(path: Path) -> dict[str, list[dict]]:
    """code -> [{day, sets, banned, restricted}] from Forge's dated Historic/DCI files."""
    out: dict[str, list[dict]] = defaultdict(list)
    folders = {f"Historic/DCI/{folder}/": code for code, folder in FORGE_HISTORY.items()}
    for name, raw in members(path, ".txt"):
        code = next((c for prefix, c in folders.items() if prefix in name), None)
        if code is None:
            continue
        meta: dict[str, str] = {}
        for line in raw.decode("utf-8", "replace").splitlines():
            key, sep, value = line.partition(":")
            if sep:
                meta[key.strip().lower()] = value.strip()
        day = meta.get("effective", "")
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
            continue
        out[code].append(
            {
                "day": day,
                "sets": [s.strip().upper() for s in meta.get("sets", "").split(",") if s.strip()],
                "banned": _names(meta.get("banned", "")),
                "restricted": _names(meta.get("restricted", "")),
            }
        )
    for snaps in out.values():
        snaps.sort(key=lambda s: s["day"])
    return out


# --- formats ---------------------------------------------------------------------------------------


def _ids(names, full_names: dict[str, str]) -> list[str]:
    return list(dict.fromkeys(slug(full_names.get(n, n)) for n in names))


def _taboo(day: str, banned: list[str], restricted: list[str]) -> dict:
    banned = [i for i in banned if i not in PERMANENT]
    return {
        "code": day,
        "effective_from": day,
        "banned": sorted(banned),
        "restricted": {i: 1 for i in sorted(set(restricted) - set(banned))},
    }


def format_file(code: str, forge: dict, snaps: list[Snapshot], full_names: dict[str, str]) -> dict:
    title, min_size, max_size, copies = FORMATS[code]
    lists: list[dict] = []
    for f in forge.get(code, ()):
        lists.append(
            _taboo(f["day"], _ids(f["banned"], full_names), _ids(f["restricted"], full_names))
        )
    carried: dict[str, str] = {}  # a card the newer snapshot does not hold keeps its older status
    for snap in snaps:
        key = snap.key(code)
        stated = {}
        if key is not None:
            for status in ("Banned", "Restricted"):
                if status == "Restricted" and code in NOT_A_RESTRICTION:
                    continue
                for n in snap.statuses(key, status):
                    stated[slug(n)] = status
        held = {slug(n) for n, legal in snap.legal.items() if legal}  # {}: says nothing
        merged = {i: s for i, s in carried.items() if i not in held}
        merged.update(stated)
        carried = merged
        if key is None and not merged:
            continue
        lists.append(
            _taboo(
                snap.day,
                [i for i, s in merged.items() if s == "Banned"],
                [i for i, s in merged.items() if s == "Restricted"],
            )
        )
    # Only the days a list changed; the newest permanent bans go in `banned`.
    kept: list[dict] = []
    for t in lists:
        if kept and (kept[-1]["banned"], kept[-1]["restricted"]) == (t["banned"], t["restricted"]):
            continue
        kept.append(t)
    newest_banned = {i for i, status in carried.items() if status == "Banned"}
    return {
        "code": code,
        "name": title,
        "min_size": min_size,
        "max_size": max_size,
        "copies": copies,
        "banned": sorted(PERMANENT & newest_banned),
        "restricted": {},
        "taboo_lists": kept,
    }


# --- sets by day -----------------------------------------------------------------------------------


def format_sets(code: str, forge: dict, snaps: list[Snapshot], calendar: dict[str, str]) -> dict:
    """set code -> [joined, left or None] for a format whose pool is its sets."""
    rule = FORMAT_RULES[code]
    dated: list[tuple[str, set[str]]] = [(f["day"], set(f["sets"])) for f in forge.get(code, ())]
    for snap in snaps:
        key = snap.key(code, rule.sets_like)
        if key is not None:
            dated.append((snap.day, snap.sets_of(key)))
    rotations = ROTATIONS.get(code, {})
    left_on = {s: day for day, codes in rotations.items() for s in codes}
    spans: dict[str, list] = {}
    for i, (day, sets) in enumerate(dated):
        for s in sets:
            joined = calendar.get(s, day)  # MTGJSON calls a set legal days before it is out
            span = spans.setdefault(s, [joined, None])
            span[0] = min(span[0], joined)
        if i + 1 < len(dated) and rule.rotating:
            nxt_day, nxt = dated[i + 1]
            for s in sets - nxt:
                day_left = left_on.get(s)
                if day_left is None or not day < day_left <= nxt_day:
                    day_left = nxt_day  # the data says it left by then
                spans[s][1] = day_left
    # Sets that came and left between two snapshots (DMU … MAT for Standard).
    for s, day_left in left_on.items():
        if s not in spans and s in calendar and dated and calendar[s] >= dated[0][0]:
            spans[s] = [calendar[s], day_left]
    for s, span in spans.items():
        if span[1] is None and rule.rotating and s in left_on and left_on[s] > span[0]:
            if not any(s in sets for day, sets in dated if day >= left_on[s]):
                span[1] = left_on[s]
    return {s: spans[s] for s in sorted(spans)}


def main(data: Path, root: Path = ROOT) -> None:
    """Write the files under `root` (the repository; a test writes them elsewhere to compare)."""
    formats_dir = root / "resources" / "formats"
    sets_out = root / "resources" / "mtg" / "format-sets.json"
    formats_dir.mkdir(parents=True, exist_ok=True)
    sets_out.parent.mkdir(parents=True, exist_ok=True)
    full_names: dict[str, str] = {}
    snap26 = read_2026(data / "mtg" / "cards.json.xz", full_names)
    snap22 = read_2022(data / "mtg" / "mtgjson-sets-20220425.tar.xz", full_names)
    forge = read_forge(data / "forge" / "reeforge-2020-formats.tar.xz")
    calendar = json.loads(CALENDAR.read_text(encoding="utf-8"))["sets"]
    snaps = [snap22, snap26]
    for code in FORMATS:
        doc = format_file(code, forge, snaps, full_names)
        (formats_dir / f"{code}.json").write_text(
            json.dumps(doc, indent=1) + "\n", encoding="utf-8"
        )
    by_format = {
        code: format_sets(code, forge, snaps, calendar)
        for code, rule in FORMAT_RULES.items()
        if rule.by_sets
    }
    doc = {
        "about": "set code -> [day it joined the format, day it left or null]; "
        "tools/make_format_data.py, resources/mtg/README.md",
        "formats": by_format,
    }
    sets_out.write_text(
        json.dumps(doc, separators=(",", ":"), sort_keys=False) + "\n", encoding="utf-8"
    )
    print(f"wrote {len(FORMATS)} formats and the sets of {len(by_format)}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_format_data.py PATH/TO/shared/data")
    main(Path(sys.argv[1]))
