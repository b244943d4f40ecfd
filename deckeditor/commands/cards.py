"""`deckeditor cards` (`cli.md`): `import SRC...`, `rebuild`, `info [--json]`, `search QUERY ...`.

Progress goes to stderr: a redrawn bar on a terminal, plain lines (one per tenth) otherwise, so
logs stay readable. Results go to stdout. A source that cannot be used is one line on stderr and
exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from deckeditor.carddb.store import SourceSummary
    from deckeditor.commands.check import Subparsers
    from deckeditor.paths import AppPaths

NAME = "cards"
BAR_WIDTH = 30


def register(sub: Subparsers) -> None:
    from deckeditor.carddb import card_games  # lazy: (and below) for this command alone
    from deckeditor.games import registry  # noqa: F401  (it registers the games' card sources)

    sources = ", ".join(k.label for g in card_games.games() for k in g.kinds if k.label)
    parser = sub.add_parser(
        NAME,
        help="build and inspect the local card database",
        description="Build, inspect and search the local card database.",
    )
    # --home after the subcommand too (`cli.md`: every subcommand honours it); SUPPRESS keeps a
    # value given before the subcommand.
    home = argparse.ArgumentParser(add_help=False)
    home.add_argument("--home", metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    cards_sub = parser.add_subparsers(dest="cards_command", metavar="ACTION")

    imp = cards_sub.add_parser(
        "import",
        parents=[home],
        help="build/refresh the local card database from card sources",
        description=f"Read each source ({sources}) and store its cards; a later source wins for "
        "a name.",
    )
    imp.add_argument("sources", nargs="+", metavar="SRC")
    imp.add_argument("--verbose", "-v", action="store_true",
                     help="list every import warning and error (default: counts and the first few)")  # fmt: skip
    imp.set_defaults(run=run_import)

    rebuild = cards_sub.add_parser(
        "rebuild",
        parents=[home],
        help="rebuild the local card database from the sources it recorded",
        description="Set the database aside (cards.sqlite3.before-rebuild-TIME) and read every "
        "recorded source again, in import order. A source no longer on disk keeps its cards "
        "from the previous database (and is listed).",
    )
    rebuild.set_defaults(run=run_rebuild)

    info = cards_sub.add_parser(
        "info", parents=[home], help="what the local database holds, and from where"
    )
    info.add_argument("--json", action="store_true", help="print one JSON object")
    info.set_defaults(run=run_info)

    _register_search(cards_sub, home)

    parser.set_defaults(run=lambda args: _usage(parser))


def _register_search(cards_sub: Subparsers, home: argparse.ArgumentParser) -> None:
    from deckeditor.games import registry  # lazy: the games, when this command's options are built

    search = cards_sub.add_parser(
        "search", parents=[home], help="search the card pool (Scryfall-style query)"
    )
    search.add_argument("query", metavar="QUERY")
    search.add_argument("--cards", action="append", default=[], metavar="SRC",
                        help="add a card source in front of the database (repeatable)")  # fmt: skip
    search.add_argument("--format", metavar="F",
                        help="the selected format (what is:commander follows, a code f: accepts)")  # fmt: skip
    search.add_argument("--on", metavar="DAY", help="the day (YYYY-MM-DD) for ban lists")
    search.add_argument(
        "--game",
        default=None,
        choices=[code for code, _label in registry.new_deck_labels()],
        help="the game whose cards are searched (default: the game of --format, else "
        f"{registry.DEFAULT_GAME})",
    )
    search.add_argument("--json", action="store_true", help="print JSON")
    search.set_defaults(run=run_search)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_usage(sys.stderr)
    print("deckeditor cards: choose an action: import, rebuild, info or search", file=sys.stderr)
    return 2


def _app_paths(args: argparse.Namespace) -> AppPaths:
    from deckeditor.paths import AppPaths  # lazy: platformdirs, for the commands that read it

    return AppPaths.resolve(getattr(args, "home", None))


# --- progress ------------------------------------------------------------------------------------


class ProgressReport:
    """The importers call `progress(done, total[, text])`; this draws it on `stream`."""

    def __init__(self, stream: TextIO, label: str = "", tty: bool | None = None) -> None:
        self.stream = stream
        self.label = label
        self.tty = stream.isatty() if tty is None else tty
        self._last_tenth = -1
        self._last_draw = 0.0
        self._drawn = False

    def start(self, label: str) -> None:
        self.finish()
        self.label = label
        self._last_tenth = -1
        if not self.tty:
            print(f"reading {label}", file=self.stream, flush=True)

    def note(self, text: str) -> None:
        """A line of its own (the bar, if drawn, is ended first)."""
        self.finish()
        print(text, file=self.stream, flush=True)

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        nums = [a for a in args if isinstance(a, (int, float)) and not isinstance(a, bool)]
        done = kwargs.get("done", nums[0] if nums else 0) or 0
        total = kwargs.get("total", nums[1] if len(nums) > 1 else 0) or 0
        if self.tty:
            self._draw(done, total)
        else:
            self._line(done, total)

    def _draw(self, done: float, total: float) -> None:
        now = time.monotonic()
        if now - self._last_draw < 0.05 and done != total:
            return  # redrawing every card would cost more than the import
        self._last_draw = now
        if total:
            frac = min(max(done / total, 0.0), 1.0)
            fill = int(frac * BAR_WIDTH)
            bar = "#" * fill + "-" * (BAR_WIDTH - fill)
            text = f"\r{self.label} [{bar}] {int(done)}/{int(total)}"
        else:
            text = f"\r{self.label} {int(done)}"
        self.stream.write(text)
        self.stream.flush()
        self._drawn = True

    def _line(self, done: float, total: float) -> None:
        if not total:
            return
        tenth = int(min(done / total, 1.0) * 10)
        if tenth > self._last_tenth:
            self._last_tenth = tenth
            print(
                f"{self.label}: {int(done)}/{int(total)} ({tenth * 10}%)",
                file=self.stream,
                flush=True,
            )

    def finish(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


# --- actions -------------------------------------------------------------------------------------


def run_import(args: argparse.Namespace) -> int:
    # lazy: (in each action) the card database, loaded only by the action that reads it
    from deckeditor.carddb.store import CardSourceError, import_sources

    report = ProgressReport(sys.stderr)
    paths = _app_paths(args)
    try:
        summaries = import_sources(
            args.sources,
            report,
            app_paths=paths,
            on_source=report.start,
            on_store=lambda: report.note(f"writing {paths.card_db}"),
        )
    except CardSourceError as exc:
        report.finish()
        print(f"deckeditor cards import: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:  # the cache folder is not writable, disk full, ...
        report.finish()
        print(f"deckeditor cards import: cannot write {paths.card_db}: {exc}", file=sys.stderr)
        return 2
    report.finish()
    for s in summaries:
        print(
            f"{s.path}: {s.cards} {s.game} cards ({s.kind}{_problem_counts(s.errors, s.warnings)})"
        )
        _issue_summary(s, getattr(args, "verbose", False))
    print(f"card database: {paths.card_db}")
    return 0


FIRST_FEW = 5


def _issue_summary(s: SourceSummary, verbose: bool) -> None:
    """On stderr: the source's issues counted by kind, then the first few (all with --verbose)."""
    from deckeditor.carddb.store import issue_kinds

    if not s.messages:
        return
    kinds = ", ".join(f"{n} {kind}" for kind, n in issue_kinds(s.messages).items())
    print(f"{s.path}: import issues: {kinds}", file=sys.stderr)
    shown = s.messages if verbose else s.messages[:FIRST_FEW]
    for line in shown:
        print(f"  {line}", file=sys.stderr)
    if len(shown) < len(s.messages):
        more = len(s.messages) - len(shown)
        print(f"  … {more} more (cards import --verbose lists them all)", file=sys.stderr)


def _problem_counts(errors: int, warnings: int) -> str:
    """`, 2 errors, 1 warning` (nothing when there are none)."""
    out = f", {errors} error{'s' if errors != 1 else ''}" if errors else ""
    return out + (f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else "")


def run_rebuild(args: argparse.Namespace) -> int:
    """Exit 0 when every recorded source was read again or kept (a source no longer on disk
    keeps its cards from the previous database), 1 when some could be neither (their cards are
    no longer in the database), 2 when the database cannot be written."""
    from deckeditor.carddb.repair import Unusable
    from deckeditor.carddb.store import CardStore

    paths = _app_paths(args)
    try:
        with CardStore(paths.card_db) as store:
            report = store.rebuild()
    except Unusable as exc:
        print(f"deckeditor cards rebuild: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:
        print(f"deckeditor cards rebuild: cannot write {paths.card_db}: {exc}", file=sys.stderr)
        return 2
    if report.kept_as is not None:
        print(f"previous database kept as {report.kept_as}")
    for path, count in report.rebuilt:
        print(f"{path}: {count} cards")
    for path, count in report.carried:
        print(
            f"deckeditor cards rebuild: {path}: no longer on disk; its {count} cards were kept "
            "from the previous database",
            file=sys.stderr,
        )
    for item in report.missing:
        print(f"deckeditor cards rebuild: not rebuilt: {item}", file=sys.stderr)
    if not report.rebuilt and not report.missing and not report.carried:
        print("no card sources recorded; the built-in starter pool is used")
    print(f"card database: {paths.card_db}")
    return 1 if report.missing else 0


def run_info(args: argparse.Namespace) -> int:
    from deckeditor.carddb.repair import Unusable
    from deckeditor.carddb.store import info

    paths = _app_paths(args)
    try:
        data = info(paths, details=not args.json)
    except Unusable as exc:
        print(f"deckeditor cards info: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(f"card database: {paths.card_db}")
    if not data["sources"]:
        print("no card sources imported yet; the built-in starter pool is used")
    for s in data["sources"]:
        counts = _problem_counts(s["errors"], s.get("warnings", 0))
        print(f"  {s['path']}: {s['kind']}, {s['cards']} cards{counts}")
        if s.get("note"):
            print(f"    {s['note']}")
    for game, counts in data["games"].items():
        print(f"{game}: {counts['cards']} cards")
    return 0


def run_search(args: argparse.Namespace) -> int:
    try:
        # lazy: the search engine loads only for `cards search`
        from deckeditor.commands.cards_search import run_search as search
    except ImportError:  # a build without the search engine
        print(
            "deckeditor cards search: the search command is not available in this build",
            file=sys.stderr,
        )
        return 2
    return int(search(args) or 0)
