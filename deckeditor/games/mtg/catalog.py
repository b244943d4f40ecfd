"""The MTG catalog's columns and one card's texts in them (game interface)."""

from __future__ import annotations

from deckeditor.games.interface import Column
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.card_view import compact_cost
from deckeditor.games.mtg.choices import letters_of

COLUMNS = (
    Column("Name", 200),
    Column("Cost", 62, symbols=True),
    Column("Type", 140),
    Column("P/T", 44, True),
    Column("Identity", 64),
    Column("Sets", 40, True, opens="printings"),
)


def catalog_row(card: Card) -> tuple[str, str, str, str, str, str]:
    faces = card.faces
    front = faces[0]
    split = str(getattr(getattr(card, "layout", ""), "value", "")) == "split"
    costs = [f.mana_cost for f in (faces if split else faces[:1]) if f.mana_cost]
    cost = " // ".join(compact_cost(c) for c in costs)
    if front.power is not None or front.toughness is not None:
        pt = f"{front.power}/{front.toughness}"
    elif front.loyalty is not None:
        pt = f"[{front.loyalty}]"
    elif front.defense is not None:
        pt = f"<{front.defense}>"
    else:
        pt = ""
    ident = letters_of(getattr(card, "identity", 0) or 0) or "C"
    printed = len(getattr(card, "printings", ()) or ())
    sets = str(printed) if printed else ""  # no known printing (a custom card): not "0" sets
    return card.name, cost, front.type_line, pt, ident, sets
