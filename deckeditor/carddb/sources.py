"""Card sources (`cli.md` --cards, `deckeditor cards import`): recognise a path, then import it.

Kinds: "forge" (cardsfolder folder, .zip or tar of scripts), "mtgjson" (AtomicCards .json,
.json.xz, .json.gz, .zip), "scryfall" (oracle-cards bulk array), "cockatrice" (cards.xml),
"riftbound-gallery" (the Riot gallery JSON, read by the Riftbound package) and
"riftbound-supertypes" (a supplementary supertype file, `riftbound.md` §2.6: it holds no cards but
settles the supertypes of cards already in the pool) and "records" (a JSON list of our own card
records, `deckeditor.carddb.records`: the shipped `resources/<game>/starter-cards.json`, so the
showcase cards can be layered over a full pool that predates them). The kind is read from the content, not only
the name: a JSON array is Scryfall, an object with "data" is MTGJSON, an object with "cards" whose
entries carry "abilityHtml" is a gallery.
"""

from __future__ import annotations

import gzip
import lzma
import os
import re
import tarfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckeditor.games.mtg.build import ImportIssue

Progress = Callable[[int, int | None], object]
KINDS = (
    "forge",
    "mtgjson",
    "scryfall",
    "cockatrice",
    "riftbound-gallery",
    "riftbound-supertypes",
    "spellbook",
    "records",
)
_HEAD = 1 << 16
_MTGJSON_DATA = re.compile(r'"data"\s*:\s*\{')


class SourceError(ValueError):
    """A path that cannot be used as a card source; the message says why, in one line."""


@dataclass(slots=True)
class SourceResult:
    kind: str
    game: str
    cards: list = field(default_factory=list)
    issues: list[ImportIssue] = field(default_factory=list)
    note: str = ""  # what `cards info` shows beside the source (a gallery's generatedAt, source)
    supertypes: dict | None = None  # riftbound-supertypes: rules name -> supertypes
    combos: object | None = None  # spellbook: a games.mtg.spellbook.ComboTable (no cards)

    def settle(self, cards: list) -> list:
        """The cards of `cards` whose supertypes this supertype file settles, settled."""
        if not self.supertypes:
            return []
        from deckeditor.games.riftbound.gallery import apply_supertypes

        names = set(self.supertypes)
        hits = [c for c in cards if c.name in names]
        settled, _ = apply_supertypes(hits, self.supertypes)
        return settled

    @property
    def errors(self) -> list[ImportIssue]:
        return [i for i in self.issues if i.severity == "error"]


def _sniff_json(head: bytes) -> str | None:
    text = head.decode("utf-8", errors="ignore").lstrip("\ufeff \t\r\n")
    if text.startswith("["):
        return _sniff_list(text)
    if text.startswith("{"):
        lowered = text.lower()
        if '"variants"' in text and '"uses"' in text:
            return "spellbook"
        if _MTGJSON_DATA.search(text):
            return "mtgjson"
        if '"cards"' in text and ('"abilityhtml"' in lowered or "riftbound" in lowered):
            return "riftbound-gallery"
        if '"supertypes"' in text and '"cards"' not in text:
            return "riftbound-supertypes"
        if '"object"' in text and '"card"' in text:
            return "scryfall"
    if text.startswith("<"):
        return "cockatrice" if "cockatrice_carddatabase" in text or "<cards" in text else None
    return None


# A record of ours names its layout and faces (MTG) or its game (Riftbound); a Scryfall card object
# says "object": "card" and has neither key.
_RECORD_MTG = re.compile(r'^\[\s*\{[^{]*?"(?:layout|faces)"\s*:', re.S)
_RECORD_RB = re.compile(r'^\[\s*\{\s*"game"\s*:\s*"riftbound"')


def _sniff_list(text: str) -> str:
    """A JSON array: our own card records, else a Scryfall bulk file (read as Scryfall, a list
    of records lost every type line: "Tolabow cannot be a commander", issue 24)."""
    if _RECORD_RB.match(text):
        return "records"
    if _RECORD_MTG.match(text) and '"object"' not in text[:2000]:
        return "records"
    return "scryfall"


def _file_head(p: Path) -> bytes:
    with open(p, "rb") as fh:
        magic = fh.read(6)
    try:
        if magic.startswith(b"\xfd7zXZ"):
            with lzma.open(p) as fh:
                return fh.read(_HEAD)
        if magic.startswith(b"\x1f\x8b"):
            with gzip.open(p) as fh:
                return fh.read(_HEAD)
    except (OSError, lzma.LZMAError, EOFError) as exc:
        raise SourceError(f"{p}: compressed file cannot be read ({exc})") from None
    with open(p, "rb") as fh:
        return fh.read(_HEAD)


def detect_source(path: str | os.PathLike[str]) -> str:
    """The kind of card source at `path`; SourceError when it is none of them."""
    from deckeditor.path_kind import Kind, folder_unlisted, kind_of
    from deckeditor.readlimits import zip_entries

    p = Path(path)
    kind, reason = kind_of(p)
    if kind is Kind.MISSING:
        raise SourceError(f"{p}: no such file or folder")
    if kind is Kind.UNREACHABLE:
        raise SourceError(f"{p}: cannot be reached: {reason}")
    if kind is Kind.SPECIAL:  # a FIFO never ends, /dev/zero never runs out
        raise SourceError(
            f"{p}: is not a regular file or folder (a pipe, socket or device); not read"
        )
    if kind is Kind.FOLDER:
        closed = folder_unlisted(p)
        if closed:  # the walk below would find nothing and blame the folder's content
            raise SourceError(f"{p}: cannot read the folder: {closed}")
        for _root, _dirs, files in os.walk(p):
            if any(f.lower().endswith(".txt") for f in files):
                return "forge"
        raise SourceError(f"{p}: folder holds no Forge card scripts (.txt)")
    try:
        if zipfile.is_zipfile(p):
            with zipfile.ZipFile(p) as zf:
                zip_entries(zf, str(p))  # an encrypted or overlapping entry: one line, not a look
                names = [n.lower() for n in zf.namelist()]
                if any(n.endswith(".txt") for n in names):
                    return "forge"
                jsons = [n for n in zf.namelist() if n.lower().endswith(".json")]
                if jsons:
                    with zf.open(jsons[0]) as fh:
                        kind = _sniff_json(fh.read(_HEAD))
                    if kind:
                        return kind
                if any(n.endswith(".xml") for n in names):
                    return "cockatrice"
            raise SourceError(f"{p}: zip holds no card scripts, card JSON or card XML")
        if p.suffix.lower() != ".json" and tarfile.is_tarfile(p):
            return "forge"
    except (OSError, zipfile.BadZipFile, tarfile.TarError) as exc:
        raise SourceError(f"{p}: cannot be read ({exc})") from None
    except ValueError as exc:  # zip_entries: names the archive and the entry itself
        raise SourceError(str(exc)) from None
    try:
        head = _file_head(p)
    except OSError as exc:
        raise SourceError(f"{p}: cannot be read ({exc})") from None
    kind = _sniff_json(head)
    if kind:
        return kind
    raise SourceError(
        f"{p}: not a card source (expected a Forge cardsfolder, MTGJSON AtomicCards, Scryfall "
        "oracle-cards, Cockatrice cards.xml, Riftbound gallery JSON or Commander Spellbook "
        "variants.json)"
    )


def load_source(path: str | os.PathLike[str], progress: Progress | None = None) -> SourceResult:
    """Import every card of a source. Bad records become `issues`; an unusable path raises
    SourceError. `progress(done, total_or_None)` is called now and then; it may raise to cancel."""
    from deckeditor.readlimits import TooLarge, card_limit, check_size, source_bytes, too_many_cards

    kind = detect_source(path)
    try:
        if Path(path).is_file() and kind not in ("forge", "mtgjson", "scryfall"):
            check_size(str(path), Path(path).stat().st_size)  # those readers bound themselves
        limit = card_limit(source_bytes(path))

        def counted(done: int, total: int | None) -> None:
            # the readers report as they go: past the limit, stop before building more cards
            if max(done, total or 0) > limit:
                raise too_many_cards(str(path), limit)
            if progress is not None:
                progress(done, total)

        result = _load(kind, path, counted)
        if len(result.cards) > limit:  # a reader that reports only at its end
            raise too_many_cards(str(path), limit)
        return result
    except (SourceError, TooLarge) as exc:
        raise SourceError(str(exc)) from None
    except RecursionError:  # JSON or XML nested thousands deep: the parser's stack runs out
        raise SourceError(f"{path}: {kind} source cannot be read (nested too deeply)") from None
    except (
        OSError,
        ValueError,
        EOFError,
        lzma.LZMAError,
        zipfile.BadZipFile,
        tarfile.TarError,
    ) as exc:
        raise SourceError(f"{path}: {kind} source cannot be read ({exc})") from None


def _load(kind: str, path: str | os.PathLike[str], progress: Progress | None) -> SourceResult:
    if kind == "forge":
        from deckeditor.games.mtg.forge_script import load_forge

        cards, issues = load_forge(path, progress)
    elif kind == "mtgjson":
        from deckeditor.games.mtg.mtgjson import load_mtgjson

        cards, issues = load_mtgjson(path, progress)
    elif kind == "scryfall":
        from deckeditor.games.mtg.scryfall import load_scryfall

        cards, issues = load_scryfall(path, progress)
    elif kind == "cockatrice":
        from deckeditor.games.mtg.cockatrice_xml import load_cockatrice

        cards, issues = load_cockatrice(path, progress)
    elif kind == "riftbound-gallery":
        return _load_gallery(path)
    elif kind == "spellbook":
        from deckeditor.games.mtg.spellbook import load_variants

        table = load_variants(path)
        return SourceResult(
            "spellbook", "mtg", [], [], note=f"{len(table.combos)} two-card combos", combos=table
        )
    elif kind == "riftbound-supertypes":
        return _load_supertypes(path)
    elif kind == "records":
        return _load_records(path)
    else:  # pragma: no cover - detect_source only returns KINDS
        raise SourceError(f"{path}: unknown source kind {kind!r}")
    issues = list(issues) + _deckrule_warnings(cards, str(path))
    return SourceResult(kind, "mtg", list(cards), issues)


def _deckrule_warnings(cards: list, source: str) -> list[ImportIssue]:
    """§3.2: unknown DeckRule classes/keys and malformed values, once per import per class.key
    (the summary itself belongs to the DeckRule parser; imported lazily)."""
    with_rules = [c for c in cards if c.deck_rule_lines]
    if not with_rules:
        return []
    try:
        from deckeditor.games.mtg.deckrule import summarize_warnings
    except ImportError:
        return []
    return [
        ImportIssue(source, f"DeckRule {w.key}", w.message, "warning")
        for w in summarize_warnings(with_rules)
    ]


def _load_gallery(path: str | os.PathLike[str]) -> SourceResult:
    try:
        from deckeditor.games.riftbound.gallery import load_gallery
    except ImportError as exc:
        raise SourceError(f"{path}: Riftbound gallery import is not available ({exc})") from None
    result: Any = load_gallery(path)
    facts = [
        f"generated {result.generated_at}" if result.generated_at else "",
        f"from {result.source}" if result.source else "",
    ]
    cards = list(result.cards)
    # The shipped supertype file settles what derivation leaves unknown (riftbound.md §2.6).
    shipped = _shipped_supertypes()
    if shipped is not None:
        settled = {c.name: c for c in shipped.settle(cards)}
        cards = [settled.get(c.name, c) for c in cards]
    return SourceResult(
        result.kind, result.game, cards, list(result.issues), note=" ".join(f for f in facts if f)
    )


def _load_records(path: str | os.PathLike[str]) -> SourceResult:
    """Our own card records (a starter pool, an export of the database): each record is read as
    the card it describes, its game named by the record; a bad record is an error naming its
    index and the neighbours are kept."""
    import json

    from deckeditor.carddb.records import RecordError, check_mtg_record, from_record
    from deckeditor.lone_surrogates import refuse_in_json_bytes

    raw = Path(path).read_bytes()
    refuse_in_json_bytes(raw, str(path))  # `\ud800`: a name no file or database can store
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise SourceError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    if not isinstance(data, list):
        raise SourceError(f"{path}: expected a JSON list of card records")
    cards, issues = [], []
    game = (
        "riftbound"
        if any(isinstance(r, dict) and r.get("game") == "riftbound" for r in data[:1])
        else "mtg"
    )
    for i, rec in enumerate(data):
        try:
            if game == "mtg":
                check_mtg_record(rec)  # the file is untrusted; the database's own records are not
            cards.append(from_record(rec, game))
        except (RecordError, KeyError, TypeError, ValueError, AttributeError) as exc:
            issues.append(ImportIssue(str(path), f"[{i}]", str(exc), "error"))
    issues += _deckrule_warnings(cards, str(path)) if game == "mtg" else []
    return SourceResult("records", game, cards, issues)


def _load_supertypes(path: str | os.PathLike[str]) -> SourceResult:
    """A supplementary supertype file: no cards of its own; `settle` applies it to a pool.
    Bad JSON or an unknown key or value aborts with the key path (a ValueError)."""
    from deckeditor.formats import strict_json_loads
    from deckeditor.games.riftbound.gallery import read_supertypes

    doc = strict_json_loads(Path(path).read_bytes())
    table = read_supertypes(doc)
    note = doc.get("source") if isinstance(doc.get("source"), str) else ""
    return SourceResult("riftbound-supertypes", "riftbound", [], [], note=note, supertypes=table)


def _shipped_supertypes() -> SourceResult | None:
    from deckeditor.paths import resources_dir

    shipped = resources_dir() / "riftbound" / "supertypes.json"
    return _load_supertypes(shipped) if shipped.is_file() else None
