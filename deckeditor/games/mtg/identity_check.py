"""The colour steps of the conformance check (`mtg-rules.md` §10 steps 4 and 5): colour choices
recorded on deck lines (circled colours, a commander's additional or wild colours) and each card
against the commanders' colour identity (`Zone`).
"""

from __future__ import annotations

from deckeditor.games.mtg import colors as C
from deckeditor.games.mtg.approval import Budget, DeckView, Item, Zone, allows_choice
from deckeditor.games.mtg.card import Card
from deckeditor.games.mtg.rulesets import can_be_signature_spell
from deckeditor.names import possessive
from deckeditor.problems import Problem, ProblemKind, Severity

K = ProblemKind


def _colour_words(m: int) -> str:
    return ", ".join(C.names(m))


def choice_problems(view: DeckView, zone: Zone | None, out: list[Problem]) -> None:
    """ADDITIONAL_COLOR_CHOICE (§10 step 4): circled colours against the card's count, a choice
    recorded on a card that allows none, and each commander's budget."""
    budget_items = {id(b.item): b for b in zone.budgets} if zone else {}
    for it in view.checked:
        card = it.card
        if card is None:
            continue
        chosen = C.mask(it.entry.colors)
        if card.set_color_id:
            _circled(it, card, chosen, out)
        elif chosen and not allows_choice(card):
            out.append(
                Problem.make(
                    K.ADDITIONAL_COLOR_CHOICE,
                    it.section,
                    [card.name],
                    f"{card.name} allows no colour choice ({C.letters(chosen)} is recorded)",
                )
            )
        else:
            b = budget_items.get(id(it))
            if b is not None:
                _budget(it, card, b, out)


def _circled(it: Item, card: Card, chosen: int, out: list[Problem]) -> None:
    """A card that asks for n circled colours (Cryptic Spires): too many is an error, too few a
    warning."""
    n = card.set_color_id
    marked = C.count(chosen)
    if marked > n:
        out.append(
            Problem.make(
                K.ADDITIONAL_COLOR_CHOICE,
                it.section,
                [card.name],
                f"{card.name} has {marked} colours circled; circle exactly {n}",
            )
        )
    elif marked < n:
        out.append(
            Problem.make(
                K.ADDITIONAL_COLOR_CHOICE,
                it.section,
                [card.name],
                f"{card.name}: circle {n} colours",
                Severity.WARNING,
            )
        )


def _budget(it: Item, card: Card, b: Budget, out: list[Problem]) -> None:
    """A commander's budget: chosen colours over it (an error), or colours already in the
    identity and colours the deck uses but the choice does not record (warnings)."""
    if not b.valid:
        out.append(
            Problem.make(
                K.ADDITIONAL_COLOR_CHOICE,
                it.section,
                [card.name],
                f"{possessive(card.name)} chosen colours ({C.letters(b.K)}) exceed its budget of {b.n}; "
                "it grants no additional colour",
            )
        )
        return
    if b.dropped:
        out.append(
            Problem.make(
                K.ADDITIONAL_COLOR_CHOICE,
                it.section,
                [card.name],
                f"{_colour_words(b.dropped).capitalize()} is already in the commanders' identity",
                Severity.WARNING,
            )
        )
    if b.implied:
        noun = "chosen colour" if b.wild else "additional colour"
        out.append(
            Problem.make(
                K.ADDITIONAL_COLOR_CHOICE,
                it.section,
                [card.name],
                f"{possessive(card.name)} {noun} is not recorded; the deck uses "
                f"{_colour_words(b.implied)}",
                Severity.WARNING,
            )
        )


def identity_problems(view: DeckView, zone: Zone, out: list[Problem]) -> None:
    """COLOR_IDENTITY (§10 step 5): each card outside the commanders' identity, and a card that
    needs more circled colours than the identity has."""
    leader_ids = {id(it) for it in zone.leaders}
    zl = C.letters(zone.z) or "colourless"
    for it in view.checked:
        card = it.card
        if card is None or id(it) in leader_ids:
            continue
        if it.section == "Commander" and not can_be_signature_spell(card):
            continue  # an ineligible card in the zone is ILLEGAL_COMMANDER already
        if not zone.fits(card, it.ident):
            need = it.ident & ~zone.z
            out.append(
                Problem.make(
                    K.COLOR_IDENTITY,
                    it.section,
                    [card.name],
                    f"{card.name} is outside the commander's colour identity ({zl}): "
                    f"needs {', '.join(C.letters(need))}",
                )
            )
            continue
        n = card.set_color_id
        if n and C.count(it.ident) < n and not (zone.disabled or zone.exempt(card)):
            if C.count(zone.z) < n:
                out.append(
                    Problem.make(
                        K.COLOR_IDENTITY,
                        it.section,
                        [card.name],
                        f"{card.name} needs {n} colours circled, but the commander's colour "
                        f"identity ({zl}) has only {C.count(zone.z)}",
                    )
                )
