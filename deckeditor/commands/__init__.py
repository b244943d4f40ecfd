"""One module per subcommand; each has NAME, register(subparsers) and sets args.run.

Named here and imported when the command line needs them, so that the window's start
(`deckeditor` with no command) loads none of them (issue 24.10: ~4 ms of CPU before the first
paint)."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

NAMES = ("check", "convert", "cards", "odds")  # in --help's order


def command_modules(only: str | None = None) -> tuple[ModuleType, ...]:
    """Every subcommand's module in NAMES' order; with `only`, that subcommand's alone."""
    return tuple(
        import_module(f"deckeditor.commands.{name}") for name in NAMES if only in (None, name)
    )
