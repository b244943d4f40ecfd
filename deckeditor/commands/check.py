"""`deckeditor check DECK [--format F] [--on DAY] [--cards SRC]... [--json]` (specs/cli.md).

Exit 0 when the deck conforms (warnings may be printed), 1 when it has an error-severity problem,
2 when the input cannot be used (unreadable deck, unknown format, bad card source), with one
clear line on stderr. The game's own checker answers, through `deckeditor.games.registry`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import date
from pathlib import Path

NAME = "check"
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class UsageError(Exception):
    """Input that cannot be used: exit 2 with this one line."""


def register(sub) -> None:
    parser = sub.add_parser(
        NAME,
        help="check a deck against a format",
        description="Check a deck file against a format's rules and print every problem.",
    )
    parser.add_argument("deck", metavar="DECK", help="any deck file the program reads")
    parser.add_argument(
        "--format", metavar="F", dest="format",
        help="a built-in format code or the path of a format JSON file "
        "(default: the deck's format, else the game's default)",
    )
    parser.add_argument(
        "--on", metavar="DAY", dest="on",
        help="the day (YYYY-MM-DD) whose ban and taboo lists apply (default: today)",
    )
    parser.add_argument(
        "--cards", metavar="SRC", action="append", default=[],
        help="an extra card source for this run, in front of the local database (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--home", metavar="DIR", default=argparse.SUPPRESS,
        help="keep the card database and settings under DIR",
    )
    parser.set_defaults(run=run)


def parse_day(text: str | None) -> date:
    if text is None:
        return date.today()  # the local calendar day (cli.md)
    if not _DAY.fullmatch(text):
        raise UsageError(f"--on {text!r}: not a day in the form YYYY-MM-DD")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--on {text!r}: not a calendar date") from None


def _read(path: Path, pool):
    from deckeditor import deckio
    from deckeditor.deckfile_errors import DeckFileError

    try:
        return deckio.read_deck(path, pool).deck
    except DeckFileError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the file: {exc.strerror or exc}") from None


def _pool(home: str | None, sources: list[str], game: str):
    from deckeditor.carddb.store import open_pool
    from deckeditor.paths import AppPaths

    try:
        return open_pool(AppPaths.resolve(home), sources, game)
    except Exception as exc:  # any bad card source: one clear line, exit 2 (cli.md)
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UsageError(f"card source: {text}") from None


def _format(code: str, game: str, origin: str = "--format"):
    from deckeditor.format_catalog import FormatLoadError, load_format

    try:
        info = load_format(code, game=game)
    except FormatLoadError as exc:
        raise UsageError(f"{origin}: {exc}") from None
    except (OSError, ValueError) as exc:
        raise UsageError(f"{origin} {code}: {exc}") from None
    if info.game != game:
        raise UsageError(f"format {info.code!r} is a {info.game} format; the deck is a {game} deck")
    return info


def evaluate(deck_path: str, fmt: str | None, on: str | None, cards: list[str], home: str | None):
    """(deck, FormatInfo, day, problems); raises UsageError for input that cannot be used."""
    from deckeditor.format_catalog import default_format_for
    from deckeditor.games.registry import game as game_module

    path = Path(deck_path)
    if not path.is_file():
        raise UsageError(f"{deck_path}: no such deck file")
    day = parse_day(on)
    first = _read(path, None)  # which game's pool the deck needs
    game = first.game
    try:
        module = game_module(game)
    except KeyError as exc:
        raise UsageError(f"{deck_path}: {exc.args[0]}") from None
    pool = _pool(home, cards, game)
    deck = _read(path, pool)
    if fmt:
        info = _format(fmt, game)
    elif deck.format:
        info = _format(deck.format, game, "the deck's format")
    else:
        info = _format(default_format_for(game), game, "the default format")
    problems = module.check(deck, info, day, pool)
    return deck, info, day, problems


def report_json(deck, info, day: date, problems) -> str:
    return json.dumps(
        {
            "deck": deck.name,
            "game": deck.game,
            "format": info.code,
            "day": day.isoformat(),
            "legal": not any(p.is_error for p in problems),
            "problems": [p.to_json() for p in problems],
        },
        ensure_ascii=False,
        indent=2,
    )


def report_text(deck, info, day: date, problems) -> str:
    legal = not any(p.is_error for p in problems)
    lines = [
        f"{deck.name}: {'legal' if legal else 'not legal'} in {info.code} on {day.isoformat()}"
    ]
    for p in problems:
        where = f" [{p.section}]" if p.section else ""
        lines.append(f"  {p.severity.value} {p.kind.value}{where}: {p.message}")
    return "\n".join(lines)


def run(args) -> int:
    try:
        deck, info, day, problems = evaluate(
            args.deck, args.format, args.on, args.cards, getattr(args, "home", None)
        )
    except UsageError as exc:
        print(f"deckeditor check: {exc}", file=sys.stderr)
        return 2
    out = report_json if args.json else report_text
    print(out(deck, info, day, problems))
    return 1 if any(p.is_error for p in problems) else 0
