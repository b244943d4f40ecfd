"""`deckeditor convert` (specs/cli.md). Being written: see the issue tracker."""

from __future__ import annotations

import sys

NAME = "convert"


def register(sub) -> None:
    parser = sub.add_parser(NAME, help="(in progress)")
    parser.add_argument("rest", nargs="*")
    parser.set_defaults(run=run)


def run(args) -> int:
    print("deckeditor convert: not available yet", file=sys.stderr)
    return 2
