"""The MTG card view's blocks (game interface): each face's name, cost, type line, text and
numbers; each DeckRule's Description$ (unless the Oracle text already says it); colour identity;
a commander's colour budget and the choice recorded in the deck."""

from __future__ import annotations

import re

from deckeditor.deck import Deck
from deckeditor.games.interface import CardViewBlock
from deckeditor.games.mtg.card import Card, Face
from deckeditor.games.mtg.choices import OPTIONS, chosen_for, color_budget, letters_of

_DESCRIPTION_RE = re.compile(r"Description\$\s*([^|]*)")
_SPACES = re.compile(r"\s+")
_PIP_RE = re.compile(r"\{([^}]*)\}")
_NAMES = {o.letter: o.name.lower() for o in OPTIONS}


def compact_cost(cost: str) -> str:
    """`{2}{U}{U}` -> `2UU`; hybrid and Phyrexian symbols keep parentheses: `{W/U}` -> `(W/U)`."""
    return "".join(
        sym if len(sym) == 1 or sym.isdigit() else f"({sym})" for sym in _PIP_RE.findall(cost or "")
    )


def rule_descriptions(card: Card) -> list[str]:
    """Each DeckRule's Description$, CARDNAME replaced, unless the Oracle text already says it."""
    faces = getattr(card, "faces", ()) or ()
    oracle = _SPACES.sub(" ", " ".join(getattr(f, "oracle_text", "") for f in faces)).casefold()
    out: list[str] = []
    for line in getattr(card, "deck_rule_lines", ()) or ():
        found = _DESCRIPTION_RE.search(line.text)
        if not found:
            continue
        text = _SPACES.sub(" ", found.group(1).replace("CARDNAME", line.face)).strip()
        if text and text.casefold() not in oracle and text not in out:
            out.append(text)
    return out


def _face_blocks(face: Face) -> list[CardViewBlock]:
    # the cost as printed ({2}{U}{U}): the window draws its symbols with the Mana font
    blocks = [
        CardViewBlock("title", face.name, face.mana_cost),
        CardViewBlock("subtitle", face.type_line),
    ]
    if face.oracle_text:
        blocks.append(CardViewBlock("text", face.oracle_text))
    stats = []
    if face.power is not None or face.toughness is not None:
        stats.append(f"{face.power}/{face.toughness}")
    if face.loyalty is not None:
        stats.append(f"Loyalty {face.loyalty}")
    if face.defense is not None:
        stats.append(f"Defense {face.defense}")
    if stats:
        blocks.append(CardViewBlock("facts", " · ".join(stats)))
    return blocks


def budget_block(card: Card, deck: Deck | None) -> CardViewBlock | None:
    budget = color_budget(card)
    if budget is None:
        return None
    n = budget.count
    text = f"{budget.title}: {'exactly' if budget.exactly else 'up to'} {n} colour{'s' if n != 1 else ''}"
    chosen = chosen_for(deck, card.name, budget) if deck is not None else None
    if chosen is not None:
        names = (
            ", ".join(_NAMES[c] for c in chosen if c in _NAMES) or "none chosen yet (budget open)"
        )
        text += f" · chosen: {names}"
        if chosen:  # what the card counts as in this deck: its own identity and the choice
            own = letters_of(getattr(card, "identity", 0) or 0)
            counts = [o.letter for o in OPTIONS if o.letter in own or o.letter in chosen]
            words = [_NAMES[c] for c in counts]
            text += " · counts as " + (
                " and ".join(words)
                if len(words) < 3
                else ", ".join(words[:-1]) + " and " + words[-1]
            )
    return CardViewBlock("choice", text)


def card_view(card: Card, deck: Deck | None) -> list[CardViewBlock]:
    blocks: list[CardViewBlock] = []
    for i, face in enumerate(getattr(card, "faces", ()) or ()):
        if i:
            blocks.append(CardViewBlock("separator"))
        blocks += _face_blocks(face)
    blocks += [CardViewBlock("rule", f"◆ {text}") for text in rule_descriptions(card)]
    ident = letters_of(getattr(card, "identity", 0) or 0) or "colourless"
    sets = len(getattr(card, "printings", ()) or ())
    note = f"Colour identity: {ident} · mana value {getattr(card, 'mana_value', 0):g}"
    if sets:
        note += f" · {sets} set{'s' if sets != 1 else ''}"
    blocks.append(CardViewBlock("note", note))
    budget = budget_block(card, deck)
    if budget is not None:
        blocks.append(budget)
    return blocks
