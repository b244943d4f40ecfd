"""Autosave files: what a window writes shortly after each edit, and what is offered back after a
crash (product.md, Reliability; issue 16 points 1-3).

One file per window, `<pid>-<tag>.autosave.deck.json` in AppPaths.autosave_dir, holding the deck
and the file it came from:

    {"schema": "deckeditor-autosave", "version": 1, "path": "/decks/k.deck.json" | null,
     "kind": "json", "disk": "sha256:…" | null, "deck": {...the deck file...}}

`disk` is what the deck's file held when the window last read or wrote it (diskstate), so a
recovered deck's Save still asks when another program changed that file in between.

A file whose writer is still running belongs to an open window; any other was left by a session
that did not end well. Files from earlier versions hold the bare deck (no path) and still load.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from deckeditor.deck import Deck
from deckeditor.kept_files import kind_problem, replace_damaged
from deckeditor.saving import process_alive, save_atomic

SUFFIX = ".autosave.deck.json"
SCHEMA = "deckeditor-autosave"


def autosave_name(tag: str) -> str:
    return f"{os.getpid()}-{tag}{SUFFIX}"


def write_autosave(
    file: Path, deck: Deck, path: str | None, kind: str = "json", disk: str | None = None
) -> None:
    """Write one window's state (runs in the autosave thread: the deck is immutable). `kind` is
    the deck-file kind of `path` (a recovered .dck is saved back as a .dck, not as JSON)."""
    from deckeditor.deckfile import deck_to_dict  # lazy: the deck file code (~25 ms) after start

    # absolute: the recovering window may start in another folder (from the menu, not a shell);
    # not resolved, so a deck opened through a link is saved through it again
    path = os.path.abspath(path) if path else None
    doc = {
        "schema": SCHEMA,
        "version": 1,
        "path": path,
        "kind": kind,
        "disk": disk,
        "deck": deck_to_dict(deck),
    }
    file.parent.mkdir(parents=True, exist_ok=True)
    save_atomic(file, json.dumps(doc, ensure_ascii=False, indent=1) + "\n", backup=False)


@dataclass(frozen=True)
class Leftover:
    """An autosave nobody is writing any more, read for the recovery offer."""

    file: Path
    saved: datetime
    deck: Deck | None  # None when the file cannot be read (error says why)
    path: str | None  # the deck's own file, when it had one
    error: str = ""
    kind: str = "json"  # the deck-file kind of `path`
    disk: str | None = None  # what `path` held when the window last read or wrote it
    disk_known: bool = False  # False: an autosave from before `disk` was recorded

    @property
    def deck_name(self) -> str:
        return self.deck.name if self.deck is not None else "(unreadable)"

    def describe(self) -> str:
        """`"Korvold" (/decks/k.deck.json), unsaved changes from 30 Nov 17:40`"""
        where = self.path or "never saved"
        when = self.saved.strftime("%d %b %H:%M")
        if self.deck is None:
            return f"{self.file.name}: cannot be read ({self.error})"
        return f"“{self.deck_name}” ({where}), unsaved changes from {when}"

    def discard(self) -> None:
        for p in (self.file, self.file.with_name(self.file.name + ".bak")):
            try:
                p.unlink(missing_ok=True)
            except OSError:  # a read-only folder: it stays, and is offered again next time
                pass


class Autosaved(NamedTuple):
    deck: Deck
    path: str | None
    kind: str = "json"
    disk: str | None = None
    disk_known: bool = False


def read_autosave(file: Path) -> Autosaved:
    """The deck, its file path and that file's kind; DeckFileError/ValueError/OSError when it
    cannot be used."""
    # lazy: the deck file code (~25 ms) is loaded only when there is an autosave to read
    from deckeditor.deckfile import decode_bytes, load_json, read_json_deck

    text = decode_bytes(file.read_bytes(), str(file))
    doc, _ = load_json(text, str(file))
    if isinstance(doc, dict) and doc.get("schema") == SCHEMA:
        path = doc.get("path") if isinstance(doc.get("path"), str) else None
        inner = json.dumps(doc.get("deck"), ensure_ascii=False)
        disk = doc.get("disk")
        known = "disk" in doc and (disk is None or isinstance(disk, str))
        return Autosaved(
            read_json_deck(inner, str(file)),
            path,
            _kind(doc.get("kind"), path),
            disk if known else None,
            known,
        )
    return Autosaved(read_json_deck(text, str(file)), None)


def _kind(recorded: object, path: str | None) -> str:
    """The recorded kind; for a file written before kinds were recorded, the one its name says
    (a .dck is Forge's), never JSON into a file of another kind."""
    if isinstance(recorded, str) and recorded:
        return recorded
    if path is None:
        return "json"
    from deckeditor.deckio import kind_for_path  # lazy: the deck readers, only for an old record

    return kind_for_path(path) or "json"


def leftover_autosaves(folder: Path) -> list[Leftover]:
    """Every autosave whose writer is gone, newest first, each read (or its error kept).
    What cannot be an autosave (a file where the folder should be, a folder in a file's place)
    is set aside and said, so autosaving works again (`deckeditor.kept_files`)."""
    if os.path.lexists(folder) and not folder.is_dir():
        replace_damaged(folder, "the autosave folder", "a file is in its place")
    if not folder.is_dir():
        return []
    found = []
    for file in folder.glob(f"*{SUFFIX}"):
        problem = kind_problem(file)
        if problem is not None:
            replace_damaged(file, "the autosave", problem)
            continue
        try:
            mtime = file.stat().st_mtime
        except OSError:
            continue
        head = file.name.split("-", 1)[0]
        if head.isdigit() and int(head) != os.getpid() and process_alive(int(head), mtime):
            continue  # another open window's file
        saved = datetime.fromtimestamp(mtime)
        try:
            got = read_autosave(file)
            found.append(
                Leftover(
                    file,
                    saved,
                    got.deck,
                    got.path,
                    kind=got.kind,
                    disk=got.disk,
                    disk_known=got.disk_known,
                )
            )
        except Exception as exc:  # a damaged autosave is still listed, never silently dropped
            found.append(Leftover(file, saved, None, None, str(exc)))
    return sorted(found, key=lambda item: item.saved, reverse=True)
