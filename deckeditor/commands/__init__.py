"""One module per subcommand; each has NAME, register(subparsers) and sets args.run."""

from deckeditor.commands import cards, check, convert, odds

COMMANDS = (check, convert, cards, odds)
