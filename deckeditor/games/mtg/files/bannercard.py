"""The banner-card commander rule for Cockatrice `.cod` files (`deck-files.md` §6.1, as
docs/spec-notes.md settles it).

Cockatrice has no command zone: its game puts `main` into the library and `side` into the
sideboard, nothing else. Its players keep a Commander deck's commander in `main` with the rest
(100 cards) and name it in `<bannerCard>`, the card Cockatrice shows for the deck (its own
Moxfield import does the same: the commanders into `main`, the banner set to the commander). So
when a `.cod` file has no commander zone and the sideboard rule (§6.3) moved nothing, the banner
card, found in Main (or the Sideboard) and able to lead, is the commander; its partner comes along
only when the deck leaves no doubt which card that is. Every deck has a banner in recent
Cockatrice releases, so a deck that names no command-zone format and is built the constructed
way (3 or 4 copies of a card) keeps its banner card where it is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.commander import can_partner, is_background, partner_capable
from deckeditor.games.mtg.files.common import move_one
from deckeditor.games.mtg.files.sbcommander import can_lead, rule_set
from deckeditor.names import name_key

DECK_SIZE = 100  # a Commander deck's cards, commanders included (`mtg-rules.md` §5)


def apply(
    deck: Deck, pool: CardPool[Any] | None, banner: str | None, format_code: str | None = None
) -> tuple[Deck, list[str]]:
    """Move the banner card (and its partner, when unambiguous) to Commander."""
    if not banner or deck.section("Commander").entries or pool is None or pool.game != "mtg":
        return deck, []
    code = format_code or deck.format
    rules = rule_set(code)
    if rules == "constructed":
        # a named format without a command zone has no commander; without a format, a deck
        # built the constructed way is no Commander deck either (its banner is just a card)
        if code or _constructed(deck, pool):
            return deck, []
        rules = "commander"
    resolved = pool.resolve(banner.strip()).card
    name = resolved.name if resolved is not None else banner.strip()
    # where the player keeps it: in Main, as the real files do, else in the Sideboard (the
    # commander of a deck whose sideboard holds more than §6.3 can read)
    source = next((s for s in ("Main", "Sideboard") if deck.section(s).count_of(name)), None)
    if source is None:
        return deck, []
    main = deck.section("Main")
    if resolved is None:
        # A banner newer than the pool cannot be checked: it is taken as the commander only
        # when the format says the deck has one, or the deck has a Commander deck's size (a
        # real file keeps 87 cards in `main` and 13 options in `side`). The checker still
        # reports the card as unknown.
        if not (code or main.total + deck.section("Sideboard").total == DECK_SIZE):
            return deck, []
        partners: list[str] = []
    elif can_lead(resolved, rules):
        # the commander is counted in Main, as these files do
        whole = source == "Main" and main.total == DECK_SIZE
        partners = _partner(resolved, deck, pool, rules) if whole else []
    else:
        return deck, []
    notes = []
    for card in [name, *partners]:
        moved = move_one(deck, card, source, "Commander")
        if moved is None:
            return deck, []
        deck = moved
        why = "named by bannerCard" if card == name else f"{name}'s partner"
        where = "" if pool.get(card) is not None else " (not in the card pool)"
        notes.append(f"{card} read as commander ({why}){where}")
    deck = replace(deck, sections=tuple(s for s in deck.sections if s.entries))
    return deck, notes


def _constructed(deck: Deck, pool: CardPool[Any]) -> bool:
    """Whether Main holds three or more copies of a card whose copies no rule of its own frees
    (not a basic land, not Relentless Rats): a Commander deck is a singleton deck (real files
    hold a second copy by mistake at most), a constructed deck has its 3- and 4-ofs."""
    copies: dict[str, int] = {}
    for entry in deck.section("Main").entries:  # one card may stand in several entries
        copies[entry.card] = copies.get(entry.card, 0) + entry.count
    for name, count in copies.items():
        card = pool.get(name) if count >= 3 else None
        if card is not None and card.own_copy_limit is None and "Basic" not in card.supertypes:
            return True
    return False


def _partner(lead: Card, deck: Deck, pool: CardPool[Any], rules: str) -> list[str]:
    """The one card in Main that can lead beside `lead`, or none when the deck leaves a choice
    (a partner in the 99 is a legal card there too: two candidates leave it open).

    A partner the pool does not know cannot be checked; it is taken only when no known card can
    be the partner and the deck's notes name exactly one of the unknown cards in Main (a real
    file's comments say `CDR: Rograkh, Son of Rohgahh` and `CDR: Ardenn, Intrepid
    Archaeologist`, the second newer than the pool)."""
    if not partner_capable(lead):
        return []
    known: list[str] = []
    unknown: list[str] = []
    notes = name_key(deck.notes or "")
    for entry in deck.section("Main").entries:
        other = pool.get(entry.card)
        if other is None:
            if entry.card not in unknown and name_key(entry.card) in notes:
                unknown.append(entry.card)
            continue
        if other.name == lead.name or other.name in known:
            continue
        if can_partner(lead, other) and (can_lead(other, rules) or is_background(other)):
            known.append(other.name)
    if known:
        return known if len(known) == 1 else []
    return unknown if len(unknown) == 1 else []
