"""`deckeditor convert IN OUT [--to KIND] [--cards SRC]...` (specs/cli.md, deck-files.md §1, §8).

Reads any deck file the program knows (kind recognised from the content), lists on stderr what the
target kind cannot carry, then writes OUT atomically. Exit 2 with one line for unusable input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckeditor.deckfile.report import DeckFileError
from deckeditor.path_kind import Kind, kind_of

if TYPE_CHECKING:
    from deckeditor.carddb.pool import CardPool
    from deckeditor.commands.check import Subparsers
    from deckeditor.deckfile.report import ImportResult

NAME = "convert"


def register(sub: Subparsers) -> None:
    from deckeditor.deckio import KINDS  # lazy: the deck files, when convert's options are built

    parser = sub.add_parser(
        NAME,
        help="convert a deck file to another kind",
        description="Convert a deck file. The input kind is recognised from its content; the "
        "output kind comes from --to or the output file's extension.",
    )
    parser.add_argument("input", metavar="IN", help="the deck file to read")
    parser.add_argument("output", metavar="OUT", help="the file to write")
    writable = [k for k, (_, w, _) in KINDS.items() if w]
    parser.add_argument(
        "--to", metavar="KIND", choices=writable, help=f"output kind: {', '.join(writable)}"
    )
    parser.add_argument(
        "--cards",
        metavar="SRC",
        action="append",
        default=[],
        help="an extra card source for this run (repeatable)",
    )
    parser.add_argument(
        "--with-printings",
        action="store_true",
        help="text: write (SET) CN and *F*/*E* after each card",
    )
    parser.add_argument("--with-tags", action="store_true", help="text: write #tags")
    parser.add_argument(
        "--custom-zones",
        action="store_true",
        help="cod: write commander, companion and maybeboard zones",
    )
    parser.add_argument(
        "--home",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="keep the card database and settings under DIR",
    )
    parser.set_defaults(run=run)


SHOWN = 20  # lines of one report printed before the rest is counted


def _print_folded(lines: Iterable[str], what: str) -> None:
    """The first SHOWN lines, then one line counting the others: a file of two million junk
    lines must not print two million lines (issue 26 point 2)."""
    more = 0
    for number, line in enumerate(lines):
        if number < SHOWN:
            print(line, file=sys.stderr)
        else:
            more += 1
    if more:
        print(f"… and {more:,} more {what}", file=sys.stderr)


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def _input_game(path: Path) -> str:
    """Which game's pool the input needs (its kind says it, or our own file's `game`)."""
    from deckeditor import deckio  # lazy: the deck files, for `convert` alone
    from deckeditor.games import registry  # lazy: the games, for `convert` alone

    game = deckio.game_of(path)
    if game is None:
        deckio.read_deck(path)  # a file that cannot be read: its error
    return game or registry.DEFAULT_GAME


def _pool(home: str | None, sources: list[str], game: str) -> CardPool[Any]:
    from deckeditor.carddb.store import open_pool  # lazy: the card database, for `convert`
    from deckeditor.paths import AppPaths  # lazy: as open_pool

    return open_pool(AppPaths.resolve(home), sources, game)


def _refuse_input(source: Path) -> str | None:
    """Why the input is no file to read (a folder, a FIFO, missing), or None."""
    kind, reason = kind_of(source)
    if kind is Kind.FOLDER:
        return f"{source}: is a folder, not a deck file"
    if kind is Kind.SPECIAL:  # reading a FIFO would wait for ever
        return f"{source}: is not a regular file (a pipe, socket or device); not read"
    if kind is Kind.UNREACHABLE:
        return f"{source}: cannot be reached: {reason}"
    if kind is Kind.MISSING:
        return f"{source}: no such deck file"
    return None


def _refuse_output(source: Path, output: str) -> str | None:
    """Why the output cannot be written (the input itself, read-only, a FIFO), or None."""
    from deckeditor.saving import SaveRefused, check_writable, same_file  # lazy: convert's alone

    if same_file(source, output):  # also through a link: converting in place loses the input
        return f"{output}: is the input file; choose another output"
    try:
        check_writable(output)  # a read-only file, a FIFO or a device: refused up front
    except SaveRefused as exc:
        return str(exc)
    return None


def _report(args: argparse.Namespace, result: ImportResult, losses: Iterable[str]) -> None:
    """The input's unparsed lines and what the output kind loses, on stderr, each folded."""
    from deckeditor.deckfile.report import LineKind  # lazy: as deckio

    # one status at a time (`statuses()` would list two million of them for a junk file)
    _print_folded(
        (
            f"{args.input}:{status.number}: unparsed: {status.reason}"
            for status in result.lines
            if status.status is LineKind.UNPARSED
        ),
        "unparsed lines",
    )
    _print_folded(losses, "losses")


def run(args: argparse.Namespace) -> int:
    from deckeditor import deckio  # lazy: the deck files, for `convert` alone
    from deckeditor.saving import SaveRefused, save_atomic  # lazy: the save code, convert's alone

    source = Path(args.input)
    refused = _refuse_input(source) or _refuse_output(source, args.output)
    if refused:
        return _fail(refused)
    kind: str | None = args.to or deckio.kind_for_path(args.output)
    if kind is None:
        return _fail(f"{args.output}: cannot tell the output kind from the name; use --to KIND")
    try:
        game = _input_game(source)
    except DeckFileError as exc:  # recognise() does not know the path: name the input file
        return _fail(str(exc.at(exc.path or args.input)))
    except OSError as exc:
        return _fail(f"{args.input}: cannot read the file: {exc.strerror}")
    try:
        pool = _pool(getattr(args, "home", None), args.cards, game)
    except Exception as exc:  # a bad card source: one clear line, exit 2 (cli.md)
        return _fail(str(exc) or f"card source error: {type(exc).__name__}")
    options = {
        "with_printings": args.with_printings,
        "with_tags": args.with_tags,
        "custom_zones": args.custom_zones,
    }
    try:
        result = deckio.read_deck(source, pool)
        deck = result.deck
        text = deckio.write_deck(deck, kind, pool, **options)
    except DeckFileError as exc:
        if exc.path is None:
            exc = exc.at(args.output if "cannot hold" in exc.message else args.input)
        return _fail(str(exc))
    losses = deckio.export_losses(deck, kind, pool, **options)
    _report(args, result, (f"{kind}: {loss}" for loss in losses))  # "forge: Maybeboard (3 …"
    try:
        save_atomic(args.output, text)  # the text written above, not the deck written again
    except SaveRefused as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"{args.output}: cannot write: {exc.strerror or exc}")
    return 0
