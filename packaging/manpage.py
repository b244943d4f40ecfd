"""The deckeditor(1) manual page, written from the command line's own argparse parsers.

    python packaging/manpage.py [OUT]        # roff on stdout, or into OUT

Generated when the .deb is built (build_deb.py), so a new command or option reaches the page
without anyone editing it; the argparse help texts are the single source.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DESCRIPTION = (
    "Deck Editor is an offline deck editor for Magic: The Gathering (Commander, Brawl, "
    "Oathbreaker and constructed formats) and for the Riftbound card game. The catalog shows "
    "only the cards a deck may legally take, as you type a search; the status bar names every "
    "deck-building problem and the cards behind it."
)
WINDOW = (
    "With no command, deckeditor opens its window, on DECK when one is given. "
    "--screenshot FILE draws the window into FILE (PNG) and exits."
)
FILES = [  # deckeditor/paths.py (platformdirs on Linux)
    ("~/.local/share/deckeditor", "autosaves of open decks, for recovery after a crash"),
    ("~/.cache/deckeditor", "the card database (cards.sqlite3) and downloaded card pictures"),
    ("~/.config/deckeditor", "settings (settings.json)"),
    ("~/.local/state/deckeditor", "window state and recent files"),
]


def roff_escape(text: str) -> str:
    """Text as roff reads it literally: backslashes doubled, hyphens as minus signs where a
    reader types them (options), a leading dot or quote kept off the control position."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text[:1] in (".", "'"):
        text = "\\&" + text
    return text


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    """(full name, parser) of every command, nested ones (`cards import`) included, in order."""
    found: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:  # argparse has no public walk over subparsers
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                full = f"{parser.prog.split(' ', 1)[1]} {name}" if " " in parser.prog else name
                nested = _subcommands(sub)
                if nested:
                    found.extend(nested)
                else:
                    found.append((full, sub))
    return found


def _usage(parser: argparse.ArgumentParser) -> str:
    usage = parser.format_usage().strip()
    return " ".join(usage.removeprefix("usage:").split())


def _options(parser: argparse.ArgumentParser) -> list[str]:
    lines: list[str] = []
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
            continue
        if isinstance(action, argparse._HelpAction):
            continue
        if action.option_strings:
            metavar = ""
            if action.nargs != 0:
                metavar = " " + (action.metavar or action.dest.upper())
            names = ", ".join(f"\\fB{roff_escape(o)}\\fR" for o in action.option_strings)
            head = names + (f" \\fI{roff_escape(metavar.strip())}\\fR" if metavar else "")
        else:
            head = f"\\fI{roff_escape(str(action.metavar or action.dest))}\\fR"
        lines += [".TP", head, roff_escape(action.help or "")]
    return lines


def manpage(parser: argparse.ArgumentParser, version: str, day: datetime.date) -> str:
    out = [
        f'.TH DECKEDITOR 1 "{day.isoformat()}" "deckeditor {roff_escape(version)}" "User Commands"',
        ".SH NAME",
        "deckeditor \\- offline deck editor for Magic: The Gathering and Riftbound",
        ".SH SYNOPSIS",
        ".B deckeditor",
        "[\\fB\\-\\-home\\fR \\fIDIR\\fR] [\\fB\\-\\-screenshot\\fR \\fIFILE\\fR] [\\fIDECK\\fR]",
    ]
    commands = _subcommands(parser)
    for name, sub in commands:
        out += [
            ".br",
            ".B deckeditor",
            roff_escape(_usage(sub).split(" ", 1)[1] if " " in _usage(sub) else name),
        ]
    out += [".SH DESCRIPTION", roff_escape(DESCRIPTION), ".PP", roff_escape(WINDOW)]
    out += [".SH OPTIONS"] + _options(parser)
    out += [".SH COMMANDS"]
    for name, sub in commands:
        out += [".SS " + roff_escape(name)]
        if sub.description:
            out.append(roff_escape(" ".join(sub.description.split())))
        out += _options(sub)
    out += [
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBDECKEDITOR_HOME\\fR",
        "keep the card database, settings, decks and state under this folder "
        "(as \\fB\\-\\-home\\fR)",
    ]
    out += [".SH FILES"]
    for path, what in FILES:
        out += [".TP", f"\\fI{roff_escape(path)}\\fR", roff_escape(what)]
    out += [
        ".SH EXIT STATUS",
        "0: the command did what it was asked (for \\fBcheck\\fR: every deck conforms, "
        "warnings may be printed). 1: \\fBcheck\\fR found an error-severity problem. "
        "2: the input could not be used (an unreadable deck, an unknown format, a bad card "
        "source, a wrong command line); one line on standard error says why.",
    ]
    return "\n".join(out) + "\n"


def build() -> str:
    sys.path.insert(0, str(ROOT))
    from deckeditor import __version__
    from deckeditor.cli import build_parser

    return manpage(build_parser(), __version__, datetime.date.today())


def main() -> int:
    text = build()
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
