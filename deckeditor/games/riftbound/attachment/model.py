"""Cards on the board and what they are (`riftbound.md` §5; seed 002 rules 135, 136, 421, 422,
716–725, 744–747): a board card, which of its texts and keywords are active, its Might, its
text as shown, and the Equip, Weaponmaster and Repeat costs. Numbers in comments are seed 002's
rule numbers."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from deckeditor.games.riftbound.card import (
    DOMAIN_LETTER,
    Card,
    Cost,
    Keyword,
    has_keyword,
)

BOARD_ZONES = ("base",)  # plus battlefield:n
NON_BOARD_ZONES = ("hand", "deck", "trash", "banished")
_GEARHEAD = re.compile(r"Each Equipment attached to me gives double its base Might bonus", re.I)


class AttachError(ValueError):
    """An operation the rules do not allow (moving an attachment on its own, building chains)."""


def is_board_zone(zone: str) -> bool:
    return zone == "base" or zone.startswith("battlefield:")


@dataclass(eq=False)
class BoardCard:
    """One card in a zone. Identity matters (two Long Swords are two objects), so eq is `is`."""

    card: Card
    zone: str = "base"
    exhausted: bool = False
    controller: str = "me"
    attached_to: BoardCard | None = None
    attachments: list[BoardCard] = field(default_factory=list)
    modifiers: list[int] = field(default_factory=list)  # ±Might, such as "this turn"
    granted: list[Keyword] = field(default_factory=list)  # keywords given by other effects
    attacking: bool = False
    defending: bool = False
    # 457.2: inactive text has no timestamp; text that becomes active gets a new one
    rules_timestamp: int | None = None
    effect_timestamp: int | None = None

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def on_board(self) -> bool:
        return is_board_zone(self.zone)

    @property
    def attached(self) -> bool:  # 718
        return self.attached_to is not None

    @property
    def top_most(self) -> bool:  # 719, 719.2
        return bool(self.attachments)

    def __repr__(self) -> str:
        return f"BoardCard({self.card.name!r}, {self.zone})"


# --- activity (723, 724, 718.2, 134.4) -----------------------------------------------------


def rules_text_active(x: BoardCard) -> bool:
    """Active on the board while unattached (723); inactive while attached (718.2)."""
    return x.on_board and not x.attached


def effect_text_active(x: BoardCard) -> bool:
    """Inactive unless attached (724, 135.2.b)."""
    return x.on_board and x.attached


def activity(x: BoardCard) -> dict[str, str]:
    """The table of §5.2 for X: how its Rules Text, Effect Text and Might Bonus stand."""
    if not x.on_board:
        return {"rules": "printed", "effect": "dimmed", "bonus": "badge"}
    if x.attached:
        return {"rules": "inactive", "effect": "active", "bonus": "applied"}
    return {"rules": "active", "effect": "inactive", "bonus": "not applied"}


def with_reaction(keywords: list[Keyword]) -> list[Keyword]:
    """Quick-Draw implies Reaction (745.1.b)."""
    if has_keyword(keywords, "Quick-Draw") and not has_keyword(keywords, "Reaction"):
        keywords = keywords + [Keyword("Reaction")]
    return keywords


def active_keywords(x: BoardCard) -> list[Keyword]:
    """Only the active text: X's own Rules Text if active, plus appended Effect Text."""
    out: list[Keyword] = []
    if rules_text_active(x):
        out += list(x.card.keywords) + list(x.granted)
        for g in x.attachments:
            out += list(g.card.effect_keywords)
    elif not x.on_board:
        out += list(x.card.keywords) + list(x.granted)
    return with_reaction(out)


def keywords_present(x: BoardCard | Card) -> list[Keyword]:
    """Every keyword X has, whatever its activity (134.4.a, 722.1): printed Rules Text and Effect
    Text, plus Effect Text appended to X. For "a gear with [Temporary]" filters, "has Equip"…"""
    if isinstance(x, Card):
        return with_reaction(list(x.keywords) + list(x.effect_keywords))
    out = list(x.card.keywords) + list(x.card.effect_keywords) + list(x.granted)
    for g in x.attachments:
        out += list(g.card.effect_keywords)
    return with_reaction(out)


def has(x: BoardCard | Card, name: str) -> bool:
    return has_keyword(keywords_present(x), name)


def equipped(x: BoardCard) -> bool:
    """A top-most card with at least one Equipment attached (744.3.b)."""
    return any(g.card.is_equipment for g in x.attachments)


def equip_offered(g: BoardCard) -> bool:
    """Equip can be activated only while the gear's Rules Text is active (721.1.b)."""
    return rules_text_active(g) and has_keyword(g.card.keywords, "Equip")


def temporary_kills(x: BoardCard) -> bool:
    """[Temporary] kills X at its controller's Beginning Phase only while it is active."""
    return x.on_board and has_keyword(active_keywords(x), "Temporary")


# --- Might (136, 454.3.c) ------------------------------------------------------------------


def _doubles_equipment(x: BoardCard) -> bool:
    return rules_text_active(x) and bool(_GEARHEAD.search(x.card.rules_text))


def might_bonuses(x: BoardCard) -> list[tuple[str, int]]:
    """(source, applied bonus) for each attachment with a Might Bonus (Gearhead doubles
    Equipment bonuses)."""
    double = _doubles_equipment(x)
    out = []
    for g in x.attachments:
        bonus = g.card.might_bonus
        if bonus is None:
            continue
        out.append((g.card.name, bonus * 2 if double and g.card.is_equipment else bonus))
    return out


def _keyword_value(keywords: Iterable[Keyword], name: str) -> int:
    total = 0
    for k in keywords:
        if k.key == name.casefold():
            total += 1 if k.value is None else k.value
    return total


def effective_might(
    x: BoardCard, attacking: bool | None = None, defending: bool | None = None
) -> int | None:
    """Printed Might + attachments' bonuses + modifiers + Assault/Shield from active keywords.
    None without printed Might (every bonus then ignored, 136.3.b); printed off the board."""
    printed = x.card.might
    if printed is None:
        return None
    if not x.on_board:
        return printed
    attacking = x.attacking if attacking is None else attacking
    defending = x.defending if defending is None else defending
    total = printed + sum(b for _, b in might_bonuses(x)) + sum(x.modifiers)
    kws = active_keywords(x)
    if attacking:
        total += _keyword_value(kws, "Assault")
    if defending:
        total += _keyword_value(kws, "Shield")
    return total


def might_text(x: BoardCard) -> str | None:
    """`4 (2 +2)`: the effective Might, then the printed value and each change."""
    value = effective_might(x)
    if value is None:
        return None
    parts = [f"{b:+d}" for _, b in might_bonuses(x)] + [f"{m:+d}" for m in x.modifiers]
    if not x.on_board or not parts:
        return str(value)
    return f"{value} ({x.card.might} {' '.join(parts)})"


# --- text (135.2.c, 421.1.c, 718.3, 719.1) -------------------------------------------------


@dataclass(frozen=True, slots=True)
class TextBlock:
    source: str  # the card the text is printed on
    kind: str  # rules | effect
    text: str
    active: bool
    note: str = ""


def effective_text(x: BoardCard) -> list[TextBlock]:
    """X's own Rules Text, then each attachment's Effect Text, labelled with its source."""
    blocks = []
    if x.card.rules_text:
        blocks.append(
            TextBlock(
                x.card.name, "rules", x.card.rules_text, rules_text_active(x) or not x.on_board
            )
        )
    for g in x.attachments:
        if g.card.effect_text:
            blocks.append(TextBlock(g.card.name, "effect", g.card.effect_text, True))
    return blocks


def card_text_view(x: BoardCard) -> list[TextBlock]:
    """How X's own printed texts show: off the board Effect Text is dimmed, "applies only while
    attached"; on the board each part is active or inactive (§5.2 table)."""
    act = activity(x)
    blocks = []
    if x.card.rules_text:
        blocks.append(
            TextBlock(x.card.name, "rules", x.card.rules_text, act["rules"] != "inactive")
        )
    if x.card.effect_text:
        note = "applies only while attached" if act["effect"] != "active" else ""
        blocks.append(
            TextBlock(x.card.name, "effect", x.card.effect_text, act["effect"] == "active", note)
        )
    return blocks


# --- costs (744.1.c, 746, 747) -------------------------------------------------------------


# Hextech Gauntlets UNL-188: "[Equip] [3][A]. This ability's Energy cost is reduced by the Might
# of the unit you choose." Text that alters the Equip cost counts (744.1.c.4, 747.1.c.2).
_MIGHT_REDUCED = re.compile(
    r"((?:\[(?:[0-9]+|[RGBOPYA])\])+)\.\s*This ability's Energy cost is reduced by the Might of the unit you choose\.?",
    re.I,
)


def _unit_might(unit: BoardCard | Card | None) -> int:
    if isinstance(unit, BoardCard):
        return effective_might(unit) or 0
    return getattr(unit, "might", None) or 0


def instance_cost(k: Keyword, unit: BoardCard | Card | None = None) -> Cost | None:
    if k.cost is not None:
        return k.cost
    m = _MIGHT_REDUCED.fullmatch((k.cost_text or "").strip())
    if m is None:
        return None
    energy = 0
    pips: Counter[str] = Counter()
    for tok in re.findall(r"\[([0-9]+|[RGBOPYA])\]", m.group(1)):
        if tok.isdigit():
            energy += int(tok)
        else:
            pips[tok] += 1
    if unit is not None:
        energy = max(0, energy - _unit_might(unit))
    return Cost(energy, pips)


def equip_cost(card: Card, unit: BoardCard | Card | None = None) -> Cost | None:
    """The Equip cost, computed for the chosen unit when one is given."""
    k = card.keyword("Equip")
    return instance_cost(k, unit) if k else None


def weaponmaster_cost(g: BoardCard | Card, unit: BoardCard | Card | None = None) -> Cost | None:
    """The Equip cost reduced by one [A] (747.1.c), computed for the Weaponmaster unit when given
    (747.1.c.2); unreduced without [A] (747.1.c.3); None without an Equip cost (747.1.c.4). Read
    even while the gear's text is inactive (725.3)."""
    card = g.card if isinstance(g, BoardCard) else g
    cost = equip_cost(card, unit)
    if cost is None:
        return None
    pips = Counter(cost.pips)
    if pips.get("A"):
        pips["A"] -= 1
    return Cost(cost.energy, +pips, cost.exhaust, cost.other)


def printed_cost(card: Card) -> Cost:
    """Energy plus the power pips, which belong to the card's domain (`C` when several)."""
    pips: Counter[str] = Counter()
    if card.power:
        letters = [DOMAIN_LETTER[d] for d in card.domains]
        pips[letters[0] if len(letters) == 1 else "C"] = card.power
    return Cost(card.energy or 0, pips)


@dataclass(frozen=True, slots=True)
class RepeatPlan:
    cost: Cost
    executions: int  # how many times the instructions run
    spells_played: int = 1  # 746.3.a


def total_cost(spell: Card, repeats_paid: int | list[bool] = 0) -> Cost:
    return repeat_plan(spell, repeats_paid).cost


def repeat_plan(spell: Card, repeats_paid: int | list[bool] = 0) -> RepeatPlan:
    """Printed cost plus each Repeat instance paid (each at most once, 746.1.c.2–3)."""
    instances = [k for k in spell.keywords if k.key == "repeat"]
    if isinstance(repeats_paid, int):
        if not 0 <= repeats_paid <= len(instances):
            raise ValueError(f"{spell.name} has {len(instances)} Repeat instance(s)")
        paid = [True] * repeats_paid + [False] * (len(instances) - repeats_paid)
    else:
        paid = list(repeats_paid)
    cost = printed_cost(spell)
    runs = 1
    for k, p in zip(instances, paid):
        if p:
            if k.cost is None:
                raise ValueError(f"{spell.name}'s Repeat cost {k.cost_text!r} has no plain form")
            cost = cost + k.cost
            runs += 1
    return RepeatPlan(cost, runs)
