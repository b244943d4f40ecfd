"""The Riftbound card view (riftbound.md §5.2, game interface): a card not in play shows its
texts as printed, its Effect Text dimmed ("applies only while attached") and its Might Bonus as
a badge that is not applied; symbols stay as tokens (`[R]`, `[3]`) that the view draws as icons;
keyword values are kept ("Shield 2"). A unit can be previewed with several Equipment of the deck
attached: Might, Might while attacking and defending, and the text it gains."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckeditor.deck import Deck
from deckeditor.games.interface import CardViewBlock
from deckeditor.games.riftbound import attachment
from deckeditor.games.riftbound.card import DOMAIN_LETTER, DOMAINS
from deckeditor.games.riftbound.catalog import type_line

ATTACHED_NOTE = "applies only while attached"


def keyword_text(k: Any) -> str:
    """`Shield 2`, `Quick-Draw`, `Equip [R]`: a keyword with its value or cost."""
    if getattr(k, "value", None) is not None:
        return f"{k.name} {k.value}"
    cost = getattr(k, "cost_text", None)
    return f"{k.name} {cost}" if cost else k.name


def cost_symbols(card: Any) -> str:
    """`[3][R][R]`: the energy numeral then one pip per power, of the card's domain(s)."""
    out = "" if card.energy is None else f"[{card.energy}]"
    letters = [DOMAIN_LETTER[d] for d in DOMAINS if d in card.domains] or ["A"]
    for i in range(card.power or 0):
        out += f"[{letters[i % len(letters)]}]"
    return out


def card_view(card: Any, deck: Deck | None = None) -> list[CardViewBlock]:
    blocks = [
        CardViewBlock("title", card.name, cost_symbols(card)),
        CardViewBlock("subtitle", type_line(card)),
    ]
    facts = []
    if card.might is not None:
        facts.append(f"Might [S] {card.might}")
    domains = ", ".join(d for d in DOMAINS if d in card.domains) or "colourless"
    facts.append(f"Domains: {domains}")
    blocks.append(CardViewBlock("facts", " · ".join(facts)))
    view = attachment.card_view(card)
    if view.bonus_badge is not None:
        blocks.append(
            CardViewBlock(
                "badge", view.bonus_badge, "Might bonus, given to the unit it is attached to"
            )
        )
    if view.rules_text:
        blocks.append(CardViewBlock("text", view.rules_text))
    if view.effect_text is not None:
        blocks.append(CardViewBlock("dim", view.effect_text, view.effect_note or ATTACHED_NOTE))
    keywords = [keyword_text(k) for k in card.keywords]
    if keywords:
        blocks.append(CardViewBlock("note", "Keywords: " + ", ".join(keywords)))
    if card.effect_keywords:
        given = ", ".join(keyword_text(k) for k in card.effect_keywords)
        blocks.append(CardViewBlock("note", f"Gives when attached: {given}"))
    if card.is_champion or card.is_signature:
        what = " ".join(s for s in ("Champion", "Signature") if s in card.supertypes)
        short = card.short_name.casefold()
        named = [t for t in card.tags if short in (t.casefold(), t.split()[-1].casefold())]
        tag = card.champion_tag or ", ".join(named or card.tags)
        blocks.append(CardViewBlock("rule", f"◆ {what} card ({tag})"))
    elif not card.supertypes_known:
        blocks.append(
            CardViewBlock("warning", "Supertype unknown: it may be a champion with a wrong tag")
        )
    sets = len(card.printings or ())
    if sets:
        codes = ", ".join(p.code for p in card.printings[:6]) + (" …" if sets > 6 else "")
        blocks.append(CardViewBlock("note", f"{sets} printing{'s' if sets != 1 else ''}: {codes}"))
    return blocks


def attachable(card: Any, deck: Deck, pool: Any) -> list[str]:
    """The deck's Equipment that can be previewed on `card` (a unit), by name, once each."""
    if card is None or "Unit" not in card.types:
        return []
    out: list[str] = []
    for _, entry in deck.entries():
        other = pool.get(entry.card) if pool is not None else None
        if (
            other is not None
            and other.is_equipment
            and other.name not in out
            and other.name != card.name
        ):
            out.append(other.name)
    return out


def attachment_view(card: Any, attached: Sequence[str], pool: Any) -> list[CardViewBlock]:
    """The unit in base with every named gear attached (§5.2, 5.5)."""
    gear = [pool.get(n) for n in attached]
    missing = [n for n, g in zip(attached, gear) if g is None]
    if missing:
        return [CardViewBlock("warning", f"Not in the card pool: {', '.join(missing)}")]
    try:
        view = attachment.preview(card, gear)
    except Exception as exc:  # the model refuses impossible attachments with its own message
        return [CardViewBlock("warning", str(exc))]
    blocks = [
        CardViewBlock("separator"),
        CardViewBlock("subtitle", f"With {', '.join(attached)} attached"),
    ]
    if view.might is None:
        blocks.append(CardViewBlock("facts", "No printed Might: Might bonuses are ignored"))
    else:
        blocks.append(CardViewBlock("facts", f"Might [S] {view.might_text}"))
        blocks.append(
            CardViewBlock(
                "facts",
                f"While attacking [S] {view.might_attacking} · while defending [S] {view.might_defending}",
            )
        )
    for block in view.text:
        label = "Rules Text" if block.kind == "rules" else "Effect Text"
        style = "text" if block.active else "dim"
        blocks.append(
            CardViewBlock(
                style, f"{block.source} — {label}: {block.text}", "" if block.active else "inactive"
            )
        )
    active = ", ".join(keyword_text(k) for k in view.keywords)
    if active:
        blocks.append(CardViewBlock("note", f"Active keywords: {active}"))
    if view.equipped:
        blocks.append(CardViewBlock("note", "Equipped"))
    return blocks
