"""`deckeditor odds DECK (--category C | --card NAME) [--at-least K] [--by-turn N] [--on-draw]
[--format F] [--cards SRC]... [--json]`: the chance of drawing what the deck is built around.

The deck's library (its Main section) is shuffled; the chance is that of at least K cards of the
category (a role such as `ramp` or `land`, or a category of the deck) or copies of the named card
in hand by turn N (0: the opening hand), for hands kept at 7, 6 and 5 cards (London mulligans;
the model is `deckeditor.odds`'s docstring). Exit 0, or 2 with one line on stderr for input that
cannot be used.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckeditor.commands.check import (
    UsageError,
    ascii_int,
    load_pool,
    read_deck,
    refuse_unreadable_path,
)

if TYPE_CHECKING:
    from deckeditor.commands.check import Subparsers

NAME = "odds"


def register(sub: Subparsers) -> None:
    parser = sub.add_parser(
        NAME,
        help="the chance of drawing a category or a card",
        description="The chance of at least K cards of a category (or copies of a card) in hand "
        "by a turn, on the play or on the draw, for hands kept at 7, 6 and 5 cards.",
    )
    parser.add_argument("deck", metavar="DECK", help="a deck file")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--category",
        metavar="C",
        help="a role (ramp, draw, removal, land…) or a category of the deck",
    )
    what.add_argument("--card", metavar="NAME", help="a card of the deck")
    parser.add_argument(
        "--at-least",
        metavar="K",
        type=ascii_int,
        default=1,
        dest="at_least",
        help="how many of them (default 1)",
    )
    parser.add_argument(
        "--by-turn",
        metavar="N",
        type=ascii_int,
        default=0,
        dest="by_turn",
        help="by the draw step of turn N (default 0: the opening hand)",
    )
    parser.add_argument(
        "--on-draw",
        action="store_true",
        dest="on_draw",
        help="on the draw (a card on turn 1) instead of on the play",
    )
    parser.add_argument(
        "--cards",
        metavar="SRC",
        action="append",
        default=[],
        help="an extra card source for this run, in front of the local database (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--home",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="keep the card database and settings under DIR",
    )
    parser.set_defaults(run=run)


def compute(args: argparse.Namespace) -> dict[str, Any]:
    """The answer as a dict (the `--json` object); raises UsageError for unusable input."""
    from deckeditor import odds  # lazy: (this and below) what `odds` alone needs
    from deckeditor.deckio import game_of
    from deckeditor.games import registry
    from deckeditor.games.categories import find_category, library_cards, library_count

    path = Path(args.deck)
    refuse_unreadable_path(path)
    if args.at_least < 1:
        raise UsageError(f"--at-least {args.at_least}: must be 1 or more")
    if args.by_turn < 0:
        raise UsageError(f"--by-turn {args.by_turn}: must be 0 (the opening hand) or more")
    code = game_of(path) or registry.DEFAULT_GAME
    pool = load_pool(getattr(args, "home", None), args.cards, code)
    deck = read_deck(path, pool).deck
    game = registry.game(deck.game)
    if args.category is not None:
        category = find_category(game, deck, pool, args.category)
        if category is None:
            known = ", ".join(r.key for r in game.roles) or "none"
            raise UsageError(
                f"--category {args.category!r}: not a role ({known}) nor a category of the deck"
            )
        size, wanted = library_count(deck, game, pool, category=category)
        what = category
    else:
        size, wanted = library_count(deck, game, pool, card=args.card)
        if not wanted:
            raise UsageError(f"--card {args.card!r}: not in the deck's library")
        key = args.card.casefold()
        what = next(
            e.card
            for e, c in library_cards(deck, game, pool)
            if e.card.casefold() == key or (c.name if c is not None else "").casefold() == key
        )
    rule = game.hand_rule  # the game's opening hand and mulligan
    drawn = rule.size + odds.draws_by_turn(args.by_turn, args.on_draw)
    if drawn > size:
        raise UsageError(
            f"the library holds {size} cards: {drawn} cannot be drawn by turn {args.by_turn}"
        )
    chances = {
        label: float(
            odds.chance_with(rule, size, wanted, args.at_least, args.by_turn, args.on_draw, m)
        )
        for m, label in rule.choices()
    }
    return {
        "deck": deck.name,
        "what": what,
        "library": size,
        "wanted": wanted,
        "at_least": args.at_least,
        "turn": args.by_turn,
        "on_draw": args.on_draw,
        "chance": chances,
    }


def report_text(doc: dict[str, Any]) -> str:
    from deckeditor.odds import percent  # lazy: what `odds` alone needs

    when = "in the opening hand" if doc["turn"] == 0 else f"by turn {doc['turn']}"
    side = "on the draw" if doc["on_draw"] else "on the play"
    head = (
        f"{doc['deck']}: {doc['wanted']} {doc['what']} in a library of {doc['library']}; "
        f"at least {doc['at_least']} {when}, {side}"
    )
    kept = "   ".join(f"kept at {size}: {percent(p)}" for size, p in doc["chance"].items())
    return f"{head}\n  {kept}"


def run(args: argparse.Namespace) -> int:
    try:
        doc = compute(args)
    except UsageError as exc:
        print(f"deckeditor odds: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(doc, ensure_ascii=False) if args.json else report_text(doc))
    return 0
