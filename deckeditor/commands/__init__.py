"""One module per subcommand; each has NAME, register(subparsers) and sets args.run."""

from deckeditor.commands import cards, check, convert

COMMANDS = (check, convert, cards)
