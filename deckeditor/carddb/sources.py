"""Card sources (`cli.md` --cards, `deckeditor cards import`): recognise a path, then import it.

The kinds are those the games register (`card_games.SourceKind`: a Forge cardsfolder, MTGJSON,
a Riftbound gallery, ...), plus one of the database's own: "records", a JSON list of our own card
records (`deckeditor.carddb.records`: the shipped `resources/<game>/starter-cards.json`, so the
showcase cards can be layered over a full pool that predates them). The kind is read from the
content, not only the name: each kind recognises the head of a document (a JSON array of records
naming their game, an object with "data", ...).
"""

from __future__ import annotations

import gzip
import json
import lzma
import os
import re
import tarfile
import zipfile
from pathlib import Path

from deckeditor.carddb import card_games
from deckeditor.carddb.card_games import Progress, SourceError, SourceKind, SourceResult
from deckeditor.carddb.import_issue import ImportIssue, Issue
from deckeditor.carddb.records import RecordError, from_record, records_game
from deckeditor.deckfile.lone_surrogates import refuse_in_json_bytes
from deckeditor.path_kind import Kind, folder_unlisted, kind_of
from deckeditor.readlimits import (
    TooLarge,
    card_limit,
    check_size,
    source_bytes,
    too_many_cards,
    zip_entries,
)

__all__ = ["RECORDS", "SourceError", "SourceResult", "detect_source", "kinds", "load_source"]

RECORDS = "records"  # the database's own kind: a JSON list of card records
_HEAD = 1 << 16
# A records file whose first record names a game: `[{"game": "<code>", ...`
_NAMED_RECORDS = re.compile(r'^\[\s*\{\s*"game"\s*:\s*"([^"\\]+)"')


def kinds() -> tuple[str, ...]:
    """Every kind a path can be recognised as."""
    return (*(k.kind for k in card_games.kinds()), RECORDS)


def _sniff(head: bytes) -> str | None:
    text = head.decode("utf-8", errors="ignore").lstrip("\ufeff \t\r\n")
    if text.startswith("[") and _records_head(text):
        return RECORDS
    for kind in card_games.kinds():
        if kind.sniff is not None and kind.sniff(text):
            return kind.kind
    return None


def _records_head(text: str) -> bool:
    named = _NAMED_RECORDS.match(text)
    if named is not None and card_games.find(named.group(1)) is not None:
        return True
    return any(
        g.codec.recognises is not None and g.codec.recognises(text) for g in card_games.games()
    )


def _file_head(p: Path) -> bytes:
    with open(p, "rb") as fh:
        leading = fh.read(6)
    try:
        if leading.startswith(b"\xfd7zXZ"):
            with lzma.open(p) as fh:
                return fh.read(_HEAD)
        if leading.startswith(b"\x1f\x8b"):
            with gzip.open(p) as fh:
                return fh.read(_HEAD)
    except (OSError, lzma.LZMAError, EOFError) as exc:
        raise SourceError(f"{p}: compressed file cannot be read ({exc})") from None
    with open(p, "rb") as fh:
        return fh.read(_HEAD)


def _script_kinds() -> list[SourceKind]:
    return [k for k in card_games.kinds() if k.scripts]


def _folder_kind(p: Path) -> str:
    closed = folder_unlisted(p)
    if closed:  # the walk below would find nothing and blame the folder's content
        raise SourceError(f"{p}: cannot read the folder: {closed}")
    scripts = _script_kinds()
    for _root, _dirs, files in os.walk(p):
        for kind in scripts:
            if any(f.lower().endswith(kind.scripts) for f in files):
                return kind.kind
    wanted = " or ".join(f"{k.scripts_label} ({k.scripts})" for k in scripts) or "card scripts"
    raise SourceError(f"{p}: folder holds no {wanted}")


def _zip_kind(p: Path) -> str:
    with zipfile.ZipFile(p) as zf:
        zip_entries(zf, str(p))  # an encrypted or overlapping entry: one line, not a look
        names = [n.lower() for n in zf.namelist()]
        for kind in _script_kinds():
            if any(n.endswith(kind.scripts) for n in names):
                return kind.kind
        jsons = [n for n in zf.namelist() if n.lower().endswith(".json")]
        if jsons:
            with zf.open(jsons[0]) as fh:
                sniffed = _sniff(fh.read(_HEAD))
            if sniffed:
                return sniffed
        for kind in card_games.kinds():
            if kind.zip_member and any(n.endswith(kind.zip_member) for n in names):
                return kind.kind
    raise SourceError(f"{p}: zip holds no card scripts, card JSON or card XML")


def _archive_kind(p: Path) -> str | None:
    """The kind of a zip or tar at `p`; None when it is neither."""
    try:
        if zipfile.is_zipfile(p):
            return _zip_kind(p)
        if p.suffix.lower() != ".json" and tarfile.is_tarfile(p):
            scripts = _script_kinds()
            return scripts[0].kind if scripts else None
    except (OSError, zipfile.BadZipFile, tarfile.TarError) as exc:
        raise SourceError(f"{p}: cannot be read ({exc})") from None
    except ValueError as exc:  # zip_entries: names the archive and the entry itself
        raise SourceError(str(exc)) from None
    return None


def detect_source(path: str | os.PathLike[str]) -> str:
    """The kind of card source at `path`; SourceError when it is none of them."""
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
        return _folder_kind(p)
    archived = _archive_kind(p)
    if archived is not None:
        return archived
    try:
        head = _file_head(p)
    except OSError as exc:
        raise SourceError(f"{p}: cannot be read ({exc})") from None
    sniffed = _sniff(head)
    if sniffed:
        return sniffed
    labels = [k.label for g in card_games.games() for k in g.kinds if k.label]
    expected = ", ".join(labels[:-1]) + f" or {labels[-1]}" if len(labels) > 1 else "".join(labels)
    raise SourceError(f"{p}: not a card source (expected {expected})")


def load_source(path: str | os.PathLike[str], progress: Progress | None = None) -> SourceResult:
    """Import every card of a source. Bad records become `issues`; an unusable path raises
    SourceError. `progress(done, total_or_None)` is called now and then; it may raise to cancel."""
    kind = detect_source(path)
    declared = card_games.source_kind(kind)
    try:
        if Path(path).is_file() and (declared is None or not declared.bounds_itself):
            check_size(str(path), Path(path).stat().st_size)  # the others bound themselves
        limit = card_limit(source_bytes(path))

        def counted(done: int, total: int | None) -> None:
            # the readers report as they go: past the limit, stop before building more cards
            if max(done, total or 0) > limit:
                raise too_many_cards(str(path), limit)
            if progress is not None:
                progress(done, total)

        result = _load_records(path) if declared is None else declared.read(path, counted)
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


def _load_records(path: str | os.PathLike[str]) -> SourceResult:
    """Our own card records (a starter pool, an export of the database): each record is read as
    the card it describes, its game named by the first record; a bad record is an error naming
    its index and the neighbours are kept."""
    raw = Path(path).read_bytes()
    refuse_in_json_bytes(raw, str(path))  # `\ud800`: a name no file or database can store
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise SourceError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    if not isinstance(data, list):
        raise SourceError(f"{path}: expected a JSON list of card records")
    game = card_games.card_game(records_game(data[0] if data else None))
    check = game.codec.check_record  # the file is untrusted; the database's own records are not
    cards, issues = [], []
    for i, rec in enumerate(data):
        try:
            if check is not None:
                check(rec)
            cards.append(from_record(rec, game.code))
        except (RecordError, KeyError, TypeError, ValueError, AttributeError) as exc:
            issues.append(ImportIssue(str(path), f"[{i}]", str(exc), "error"))
    found: list[Issue] = list(issues)
    if game.review is not None:
        found += game.review(cards, str(path))
    return SourceResult(RECORDS, game.code, cards, found)
