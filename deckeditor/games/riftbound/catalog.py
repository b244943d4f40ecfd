"""The Riftbound catalog's columns and one card's texts in them (riftbound.md §1; game
interface): energy and power cost, type line, Might, domains, printings."""

from __future__ import annotations

from typing import Any

from deckeditor.games.interface import Column
from deckeditor.games.riftbound.card import DOMAIN_LETTER, DOMAINS
from deckeditor.games.riftbound.symbols import MAX_ENERGY_SYMBOL

COLUMNS = (
    Column("Name", 176),
    # room for the longest cost, an energy of 10 and three power pips (Baron Nashor), at a
    # legible size: at 62 pixels its "10" shrank to a smudge
    Column("Cost", 72, symbols=True),
    Column("Type", 140),
    Column("Might", 44, True),
    Column("Domains", 78),  # two domains whole ("Calm/Mind")
    Column("Sets", 40, True, opens="printings"),
)


def type_line(card: Any) -> str:
    """Supertypes, types, then tags: "Champion Unit — Jinx, Zaun"."""
    left = " ".join(
        (*sorted(getattr(card, "supertypes", ()) or ()), *(getattr(card, "types", ()) or ()))
    )
    tags = " ".join(getattr(card, "tags", ()) or ())
    return f"{left} — {tags}" if tags else left


def cost_text(card: Any) -> str:
    energy = getattr(card, "energy", None)
    power = getattr(card, "power", None)
    cost = "" if energy is None else str(energy)
    if power:
        cost += f" +{power}"
    return cost


def cost_symbols(card: Any) -> tuple[str, ...]:
    """The cost in the game's own symbols (`riftbound.md` §1.3): an energy diamond, then one
    power pip per point, in the card's domain when it has one, else "any domain"."""
    energy = getattr(card, "energy", None)
    power = getattr(card, "power", None) or 0
    if energy is None and not power:
        return ()
    out = [f"[{energy}]"] if energy is not None and 0 <= energy <= MAX_ENERGY_SYMBOL else []
    if energy is not None and not out:
        return ()  # past the symbol table: the text says it
    domains = [d for d in DOMAINS if d in (getattr(card, "domains", ()) or ())]
    pip = f"[{DOMAIN_LETTER[domains[0]]}]" if len(domains) == 1 else "[A]"
    return tuple(out + [pip] * power)


def domains_text(card: Any) -> str:
    domains = getattr(card, "domains", ()) or ()
    return "/".join(d for d in DOMAINS if d in domains)


def catalog_row(card: Any) -> tuple[str, str, str, str, str, str]:
    might = getattr(card, "might", None)
    printed = len(getattr(card, "printings", ()) or ())
    sets = str(printed) if printed else ""  # no known printing (a custom card): not "0" sets
    return (
        card.name,
        cost_text(card),
        type_line(card),
        "" if might is None else str(might),
        domains_text(card),
        sets,
    )
