"""The command line (`specs/cli.md`): the window by default, and `check`, `convert`, `cards`."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import TYPE_CHECKING

from deckeditor import __version__
from deckeditor.commands import NAMES, command_modules

if TYPE_CHECKING:
    from deckeditor.games.declaration import GameDeclaration


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only`, just that subcommand (a command's start-up then
    skips what the others import to describe their options, e.g. convert's deck kinds)."""
    from deckeditor.games import registry  # lazy: every command loads it; the window starts without

    parser = argparse.ArgumentParser(
        prog="deckeditor",
        description=f"Deck Editor: build and check {_titles(registry.declarations())} decks.",
    )
    parser.add_argument("--version", action="version", version=f"deckeditor {__version__}")
    parser.add_argument(
        "--home",
        metavar="DIR",
        help="keep the card database, settings, decks and state under DIR (also DECKEDITOR_HOME)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in command_modules(only):
        module.register(sub)
    return parser


def _titles(games: Sequence[GameDeclaration]) -> str:
    """ "Magic: The Gathering and Riftbound": every game's title, in menu order."""
    titles = [g.title for g in games]
    return " and ".join(filter(None, [", ".join(titles[:-1]), *titles[-1:]]))


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deckeditor", add_help=False)
    parser.add_argument("--home", metavar="DIR")
    parser.add_argument("--screenshot", metavar="FILE")
    parser.add_argument("deck", nargs="?")
    return parser


# What a shell reports for a process whose reader went away (128 + SIGPIPE, as `yes | head`
# gives); 1 where there is no SIGPIPE (Windows).
READER_GONE = 128 + signal.SIGPIPE if hasattr(signal, "SIGPIPE") else 1


def main(argv: list[str] | None = None) -> int:
    """Run the command line. A reader that stops reading (`deckeditor cards search Forest | head`)
    ends the command quietly: no traceback, the shell's SIGPIPE status."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # a reader gone during the last buffered write is found here
    except BrokenPipeError:
        return _reader_gone()
    except (KeyboardInterrupt, Terminated) as exc:
        # Ctrl+C or a kill: the saves' cleanup has run on the way out (a half-written temp
        # removed, the target as it was); the user asked to stop, not for a traceback
        signum = exc.signum if isinstance(exc, Terminated) else signal.SIGINT
        print(f"deckeditor: stopped by {signal.Signals(signum).name}", file=sys.stderr)
        return 128 + signum
    return code


class Terminated(BaseException):
    """SIGTERM (or SIGHUP) during a command, raised where the command is so that its `finally`
    and cleanup run, as for Ctrl+C; Python's default would end the process on the spot."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_terminated(signum: int, _frame: FrameType | None) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def _stop_cleanly() -> Iterator[None]:
    """A command (not the window, whose Qt loop has its own shutdown) ends on SIGTERM and
    SIGHUP through Terminated. A signal the parent ignored stays ignored (nohup); the handlers
    are put back afterwards (a test calling `main` keeps its process's own)."""
    saved = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is signal.SIG_DFL:
            try:
                saved[signum] = signal.signal(signum, _raise_terminated)
            except ValueError:  # not the main thread: signals stay as they are
                pass
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


def _reader_gone() -> int:
    # Whatever is still buffered for stdout would be written again at exit and fail again
    # ("Exception ignored ... BrokenPipeError"): point stdout at the null device first.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file descriptor behind stdout (a test's capture)
        pass
    return READER_GONE


def _load_before_qt() -> None:
    """The window's Qt-free modules, imported before Qt: PySide6's import hook reads the whole
    source of every module imported after it (to see whether it names PySide6, PYSIDE-2029),
    ~5 ms of a start for these (issue 24.10). Which game's module the window loads depends on
    the deck, so that one is left to the window."""
    import deckeditor.carddb.store  # noqa: F401  # lazy: for the window alone, before Qt
    import deckeditor.catalog_search  # noqa: F401  # lazy: for the window alone, before Qt
    import deckeditor.session  # noqa: F401  # lazy: for the window alone, before Qt


def _main(argv: list[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    names = set(NAMES)
    # The first word that is not an option nor the value of `--home DIR` names the subcommand.
    words = [a for i, a in enumerate(argv) if not (i and argv[i - 1] == "--home")]
    first = next((a for a in words if not a.startswith("-")), None)
    if first is None or first not in names:
        if any(a in ("-h", "--help", "--version") for a in argv):
            build_parser().parse_args(argv)
            return 0
        args, unknown = _gui_parser().parse_known_args(argv)
        if unknown:
            build_parser().error(f"unrecognized arguments: {' '.join(unknown)}")
        # Start-up makes ~200,000 long-lived objects (modules, Qt classes, the card pool): no
        # collection passes over them until the window has settled them out of the
        # collector's sight (ui.app.warm_up_in_background re-enables it)
        gc.disable()
        if not getattr(sys, "frozen", False):  # the bundle's .deb depends on these packages
            from deckeditor.host_libs import xcb_problem  # lazy: for the window alone

            problem = xcb_problem()  # before Qt, which would abort with a core dump
            if problem:
                print(f"deckeditor: {problem}", file=sys.stderr)
                return 2
        _load_before_qt()
        from deckeditor.ui.app import run_gui  # Qt is loaded only for the window

        return run_gui(home=args.home, deck=args.deck, screenshot=args.screenshot)
    args = build_parser(only=first).parse_args(argv)
    from deckeditor.paths import AppPaths, HomeError  # lazy: platformdirs, not for --help

    try:
        AppPaths.resolve(getattr(args, "home", None))  # a --home that is a file: one line, exit 2
    except HomeError as exc:
        print(f"deckeditor: {exc}", file=sys.stderr)
        return 2
    with _stop_cleanly():
        return int(args.run(args) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
