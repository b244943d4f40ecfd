"""`deckeditor check DECK... [--format F] [--on DAY] [--cards SRC]... [--json] [--bracket N]`
(specs/cli.md).

Exit 0 when the deck conforms (warnings may be printed), 1 when it has an error-severity problem,
2 when the input cannot be used (unreadable deck, unknown format, bad card source), with one
clear line on stderr. The game's own checker answers, through `deckeditor.games.registry`.

Several decks (files, or folders read for the deck files in them) are checked in one process:
each game's pool is loaded once, each deck gets its verdict in argument order (`--json`: one
object per line), and the exit status is the worst of the decks'. A deck that cannot be used
gets `{"deck": PATH, "error": ...}` and the others are still checked; an input every deck
shares (`--on`, `--format`, a `--cards` source) that cannot be used stops the run with exit 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckeditor.path_kind import Kind, folder_unlisted, kind_of

if TYPE_CHECKING:  # the engines load when a deck is checked, not for the other commands
    from deckeditor.carddb.pool import CardPool
    from deckeditor.deck import Deck
    from deckeditor.deckfile.report import ImportResult
    from deckeditor.format_catalog import FormatInfo
    from deckeditor.games.interface import Game
    from deckeditor.problems import Problem

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]
    Pool = CardPool[Any] | None
    Verdict = tuple[Deck, FormatInfo, list[Problem]]

NAME = "check"
ALL = "all"  # `--format all`: one verdict per built-in format of the deck's game
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class UsageError(Exception):
    """Input that cannot be used: exit 2 with this one line."""


class SharedInputError(UsageError):
    """An input every deck shares cannot be used (a card source, `--format`): stop the run."""


# The names a folder is read for (a folder argument); other files in it are not decks.


def deck_suffixes() -> tuple[str, ...]:
    """The endings of the files a folder is read for: our own `.json` and every declared
    deck-file kind's extensions (`.dck`, `.cod`, `.dek`, `.txt`, a third game's own)."""
    from deckeditor.games import registry  # lazy: the games, when a folder is listed

    kinds = registry.file_kinds().values()
    found = (e for k in kinds for e in (k.extension, *k.output_extensions) if e)
    return tuple(dict.fromkeys((".json", *found)))


def register(sub: Subparsers) -> None:
    parser = sub.add_parser(
        NAME,
        help="check a deck against a format",
        description="Check a deck file against a format's rules and print every problem.",
    )
    parser.add_argument(
        "deck",
        metavar="DECK",
        nargs="+",
        help="deck files, or folders read for the deck files in them (checked in one process)",
    )
    parser.add_argument(
        "--format",
        metavar="F",
        dest="format",
        help="a built-in format code, the path of a format JSON file, or 'all' for one verdict "
        "per built-in format (default: the deck's format, else the game's default)",
    )
    parser.add_argument(
        "--on",
        metavar="DAY",
        dest="on",
        help="the day (YYYY-MM-DD) whose ban and taboo lists apply (default: today)",
    )
    parser.add_argument(
        "--cards",
        metavar="SRC",
        action="append",
        default=[],
        help="an extra card source for this run, in front of the local database (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per deck")
    parser.add_argument(
        "--bracket",
        metavar="N",
        type=ascii_int,
        choices=range(1, 6),
        help="check against Commander bracket N (1-5) instead of each deck's own target bracket",
    )
    parser.add_argument(
        "--home",
        metavar="DIR",
        default=argparse.SUPPRESS,
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


def read_deck(path: Path, pool: Pool, format_code: str | None = None) -> ImportResult:
    """The ImportResult of the deck file at `path` read against `pool`; `format_code`, the
    format `--format` names (a file with no commander section reads its sideboard's commander
    by it, `deck-files.md` §6.3)."""
    from deckeditor import deckio  # lazy: the deck readers, for `check` and `odds` only
    from deckeditor.deckfile.report import DeckFileError  # lazy: as deckio

    try:
        return deckio.read_deck(path, pool, format_code=format_code)
    except DeckFileError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the file: {exc.strerror or exc}") from None


def load_pool(home: str | None, sources: list[str], game: str) -> CardPool[Any]:
    from deckeditor.carddb.store import open_pool  # lazy: the card database, when it is read
    from deckeditor.paths import AppPaths  # lazy: as open_pool

    try:
        # lazy: a check reads its decks' cards, not the whole pool's (~70 ms of decoding saved)
        return open_pool(AppPaths.resolve(home), sources, game, lazy=True)
    except Exception as exc:  # any bad card source: one clear line, exit 2 (cli.md)
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SharedInputError(f"card source: {text}") from None


def _format(code: str, game: str, origin: str = "--format") -> FormatInfo:
    from deckeditor.format_catalog import FormatLoadError, load_format  # lazy: the formats

    try:
        info = load_format(code, game=game)
    except FormatLoadError as exc:
        raise _unusable(origin, f"{origin}: {exc}") from None
    except (OSError, ValueError) as exc:
        raise _unusable(origin, f"{origin} {code}: {exc}") from None
    if info.game != game:
        raise UsageError(f"format {info.code!r} is a {info.game} format; the deck is a {game} deck")
    return info


def _unusable(origin: str, text: str) -> UsageError:
    """`--format` is every deck's; a format stored in one deck is that deck's alone."""
    return SharedInputError(text) if origin == "--format" else UsageError(text)


_LISTED = (Kind.FILE, Kind.UNREACHABLE)


def ascii_int(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (int() takes any script's digits, and
    `--on` takes ASCII ones only)."""
    if not text.isascii():
        raise ValueError(text)
    return int(text)


ascii_int.__name__ = "int"  # argparse's message: "invalid int value: '٣'"


def refuse_unreadable_path(path: Path) -> None:
    """UsageError naming `path` unless it is a regular file (never a traceback: a file in a
    folder the user may not enter cannot even be asked whether it is one)."""
    kind, reason = kind_of(path)
    if kind is Kind.FOLDER:
        closed = folder_unlisted(path)
        if closed:
            raise UsageError(f"{path}: cannot read the folder: {closed}")
        raise UsageError(f"{path}: a folder with no deck files in it")
    if kind is Kind.SPECIAL:
        raise UsageError(f"{path}: is not a regular file (a pipe, socket or device); not read")
    if kind is Kind.UNREACHABLE:
        raise UsageError(f"{path}: cannot be reached: {reason}")
    if kind is Kind.MISSING:
        raise UsageError(f"{path}: no such deck file")


def deck_paths(arguments: list[str]) -> list[Path]:
    """The deck files the arguments name, in argument order; a folder gives the deck files
    under it (by suffix, hidden names skipped), sorted by their path inside it."""
    found: list[Path] = []
    for raw in arguments:
        path = Path(raw)
        if kind_of(path)[0] is not Kind.FOLDER or folder_unlisted(path):
            found.append(path)  # a missing file or a closed folder gets its own error line
            continue
        inside = []
        suffixes = deck_suffixes()
        for item in path.rglob("*"):
            rel = item.relative_to(path).parts
            # a file the user may not reach is listed, to get its own error line
            if any(part.startswith(".") for part in rel) or kind_of(item)[0] not in _LISTED:
                continue
            if item.name.lower().endswith(suffixes):
                inside.append(item)
        inside.sort(key=lambda p: [part.casefold() for part in p.relative_to(path).parts])
        found.extend(inside or [path])  # an empty folder gets its own error line
    return found


class Checker:
    """Checks deck after deck with shared options; each game's pool and format load once."""

    def __init__(
        self,
        fmt: str | None,
        day: date,
        cards: list[str],
        home: str | None,
        bracket: int | None = None,
    ) -> None:
        self.fmt, self.day, self.cards, self.home = fmt, day, cards, home
        self.bracket = bracket
        self._pools: dict[str, CardPool[Any]] = {}
        self._formats: dict[tuple[str, str, str], FormatInfo] = {}

    def pool(self, game: str) -> CardPool[Any]:
        if game not in self._pools:
            self._pools[game] = load_pool(self.home, self.cards, game)
        return self._pools[game]

    def format(self, code: str, game: str, origin: str) -> FormatInfo:
        key = (code, game, origin)
        if key not in self._formats:
            self._formats[key] = _format(code, game, origin)
        return self._formats[key]

    def check(self, path: Path) -> Verdict:
        """(deck, FormatInfo, problems); raises UsageError for input that cannot be used."""
        from deckeditor.format_catalog import default_format_for  # lazy: the formats

        deck, game, module, pool = self.load(path)
        if self.fmt:
            info = self.format(self.fmt, game, "--format")
        elif deck.format:
            info = self.format(deck.format, game, "the deck's format")
        else:
            info = self.format(default_format_for(game), game, "the default format")
        return self.judge(deck, module, pool, info)

    def check_all(self, path: Path) -> Iterator[Verdict]:
        """`--format all`: (deck, FormatInfo, problems) for every built-in format of the deck's
        game, in the index's order; the deck is read once."""
        from deckeditor.format_catalog import builtin_codes, load_format  # lazy: the formats

        deck, game, module, pool = self.load(path)
        for code in builtin_codes():
            info = load_format(code)
            if info.game == game:
                yield self.judge(deck, module, pool, info)

    def judge(self, deck: Deck, module: Game, pool: Pool, info: FormatInfo) -> Verdict:
        if self.bracket is not None:
            deck = deck.with_bracket(self.bracket)
        problems = module.check(deck, info, self.day, pool)
        extras = module.report_extras(deck, info, self.day, pool)  # a game's own report
        if module.roles:  # copies per category (cli.md notes: `roles`)
            from deckeditor.games.categories import category_counts  # lazy: for a game with roles

            extras = {**extras, "roles": category_counts(deck, module, pool)}
        return deck, info, Checked(problems, extras) if extras else problems

    def load(self, path: Path) -> tuple[Deck, str, Game, CardPool[Any]]:
        """(deck, game, game module, pool); raises UsageError for input that cannot be used."""
        from deckeditor.deckio import game_of  # lazy: the deck readers, for `check` and `odds`
        from deckeditor.games import registry  # lazy: the games, when a deck is read

        refuse_unreadable_path(path)
        game = game_of(path)  # which game's pool the deck needs: the file is read once
        if game is None:
            read_deck(path, None)  # a file that cannot be read: its error
            game = registry.DEFAULT_GAME
        try:
            module = registry.game(game)
        except KeyError as exc:
            raise UsageError(f"{path}: {exc.args[0]}") from None
        deck = read_deck(path, self.pool(game), self._named_format(game)).deck
        return deck, game, module, self.pool(game)

    def _named_format(self, game: str) -> str | None:
        """The code of the format `--format` names for `game` (None without one, or for
        `all`, where each format judges the deck as its file gives it)."""
        if not self.fmt or self.fmt == ALL:
            return None
        return self.format(self.fmt, game, "--format").code


class Checked(list["Problem"]):
    """A deck's problems, carrying the game's extra report keys (`--json`) along."""

    def __init__(self, problems: Iterable[Problem], extras: dict[str, Any]) -> None:
        super().__init__(problems)
        self.extras = extras


def evaluate(
    deck_path: str, fmt: str | None, on: str | None, cards: list[str], home: str | None
) -> tuple[Deck, FormatInfo, date, list[Problem]]:
    """(deck, FormatInfo, day, problems) for one deck; raises UsageError for unusable input."""
    checker = Checker(fmt, parse_day(on), cards, home)
    deck, info, problems = checker.check(Path(deck_path))
    return deck, info, checker.day, problems


def _extras(problems: list[Problem]) -> dict[str, Any]:
    return problems.extras if isinstance(problems, Checked) else {}


def report_json(deck: Deck, info: FormatInfo, day: date, problems: list[Problem]) -> str:
    return json.dumps(
        {
            "deck": deck.name,
            "game": deck.game,
            "format": info.code,
            "day": day.isoformat(),
            "legal": not any(p.is_error for p in problems),
            "problems": [p.to_json() for p in problems],
            **_extras(problems),
        },
        ensure_ascii=False,
    )  # one line: several decks make JSON Lines


def report_text(deck: Deck, info: FormatInfo, day: date, problems: list[Problem]) -> str:
    legal = not any(p.is_error for p in problems)
    lines = [
        f"{deck.name}: {'legal' if legal else 'not legal'} in {info.code} on {day.isoformat()}"
    ]
    for p in problems:
        where = f" [{p.section}]" if p.section else ""
        lines.append(f"  {p.severity.value} {p.kind.value}{where}: {p.message}")
    bracket = _extras(problems).get("bracket")
    if bracket:
        lines.append("  " + _bracket_line(bracket))
    return "\n".join(lines)


def _bracket_line(bracket: dict[str, Any]) -> str:
    combos = bracket["combos"]
    combos = f"combos {combos}" if isinstance(combos, str) else f"{len(combos)} two-card combos"
    counts = ", ".join(
        f"{len(bracket[key])} {label}"
        for key, label in (
            ("game_changers", "Game Changers"),
            ("extra_turns", "extra turns"),
            ("mass_land_denial", "mass land denial"),
            ("tutors", "tutors"),
        )
    )
    return f"bracket floor {bracket['floor']}: {counts}; {combos}"


def run(args: argparse.Namespace) -> int:
    try:
        checker = Checker(
            args.format,
            parse_day(args.on),
            args.cards,
            getattr(args, "home", None),
            getattr(args, "bracket", None),
        )
    except UsageError as exc:
        print(f"deckeditor check: {exc}", file=sys.stderr)
        return 2
    out = report_json if args.json else report_text
    paths = deck_paths(args.deck)
    # One deck keeps the one-deck contract (exit 2: stdout empty, one line on stderr); among
    # several, the unusable deck also gets its JSON line, so the lines follow the arguments.
    several = len(paths) > 1 or any(kind_of(a)[0] is Kind.FOLDER for a in args.deck)
    worst = 0
    every = checker.fmt == ALL
    if every:
        checker.fmt = None
    for path in paths:
        try:
            verdicts = list(checker.check_all(path)) if every else [checker.check(path)]
        except SharedInputError as exc:
            print(f"deckeditor check: {exc}", file=sys.stderr)
            return 2
        except UsageError as exc:
            text = str(exc) if str(path) in str(exc) else f"{path}: {exc}"  # which deck
            print(f"deckeditor check: {text}", file=sys.stderr, flush=True)
            if args.json and several:
                print(
                    json.dumps({"deck": str(path), "error": text}, ensure_ascii=False), flush=True
                )
            worst = 2
            continue
        for deck, info, problems in verdicts:
            if every and not args.json:
                print(report_line(deck, info, checker.day, problems), flush=True)
            else:
                print(out(deck, info, checker.day, problems), flush=True)  # as soon as known
            if any(p.is_error for p in problems):
                worst = max(worst, 1)
    return worst


def report_line(deck: Deck, info: FormatInfo, day: date, problems: list[Problem]) -> str:
    """`--format all` in text: one verdict per format, with its title and problem count."""
    errors = sum(1 for p in problems if p.is_error)
    warnings = len(problems) - errors
    verdict = "legal" if not errors else f"not legal ({errors} problem{'s' * (errors != 1)})"
    more = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
    return f"{deck.name}: {verdict}{more} in {info.code} ({info.title}) on {day.isoformat()}"
