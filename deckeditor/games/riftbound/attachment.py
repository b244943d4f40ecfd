"""Attachment, Equipment and the keywords around them (`riftbound.md` §5; seed 002 rules 135,
136, 421, 422, 716–725, 744–747), as a Qt-free model.

It computes values for the card view's "preview with Equipment" and for a playtest board; it
does not play the game. Numbers in comments are seed 002's rule numbers.
"""

from __future__ import annotations

import re
from collections import Counter
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
_WOULD_DIE = re.compile(r"If I would die, kill (.+?) instead", re.I)
_HAND_QUICK_DRAW = re.compile(r"Each Equipment in your hand has \[Quick-Draw\]", re.I)
_WHEN_I_MOVE = re.compile(r"^When I move\b", re.I)


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


def _with_reaction(keywords: list[Keyword]) -> list[Keyword]:
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
    return _with_reaction(out)


def keywords_present(x: BoardCard | Card) -> list[Keyword]:
    """Every keyword X has, whatever its activity (134.4.a, 722.1): printed Rules Text and Effect
    Text, plus Effect Text appended to X. For "a gear with [Temporary]" filters, "has Equip"…"""
    if isinstance(x, Card):
        return _with_reaction(list(x.keywords) + list(x.effect_keywords))
    out = list(x.card.keywords) + list(x.card.effect_keywords) + list(x.granted)
    for g in x.attachments:
        out += list(g.card.effect_keywords)
    return _with_reaction(out)


def has(x, name: str) -> bool:
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


def _keyword_value(keywords, name: str) -> int:
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


# --- the board -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # attached | detached | equipped | moved | trigger | recalled | left
    card: str
    detail: str = ""
    zone: str = ""


class Board:
    """Cards on the board and the attachment operations of §5.3. Methods return the events."""

    def __init__(self) -> None:
        self.cards: list[BoardCard] = []
        self.clock = 0

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def put(
        self, card: Card, zone: str = "base", controller: str = "me", exhausted: bool = False
    ) -> BoardCard:
        x = BoardCard(card, zone, exhausted, controller)
        if x.on_board:
            x.rules_timestamp = self.tick()
        self.cards.append(x)
        return x

    # attach / detach (421, 422) -------------------------------------------------------------

    def attach(self, g: BoardCard, u: BoardCard) -> list[Event]:
        if g is u:
            raise AttachError("a card cannot attach to itself")
        if not (g.on_board and u.on_board):
            raise AttachError("both cards must be on the board")
        if g.attached_to is u:
            return []  # re-attaching to the same card changes nothing
        if u.attached:
            raise AttachError(
                f"{u.name} is attached; an attached card cannot be top-most (no chains)"
            )
        if g.top_most:
            raise AttachError(f"{g.name} has attachments; a top-most card cannot be attached")
        events = self.detach(g)  # 421.1.f
        g.attached_to = u
        u.attachments.append(g)
        g.zone = u.zone  # 421.4: takes U's location; not a Move (421.4.a)
        g.rules_timestamp, g.effect_timestamp = None, self.tick()
        events.append(Event("attached", g.name, u.name, u.zone))
        return events

    def detach(self, g: BoardCard) -> list[Event]:
        u = g.attached_to
        if u is None:
            return []  # 422.1.a.1
        u.attachments.remove(g)
        g.attached_to = None
        g.zone = u.zone  # 422.4
        g.rules_timestamp, g.effect_timestamp = self.tick(), None
        return [Event("detached", g.name, u.name, g.zone)]

    # keyword actions (744, 745, 747) ---------------------------------------------------------

    def equip(
        self, g: BoardCard, u: BoardCard, instance: int = 0
    ) -> tuple[Cost | None, list[Event]]:
        """Activate Equip (744): only while the gear's Rules Text is active, onto a unit its
        controller controls; each Equip instance is its own ability (744.4). Returns the cost
        to pay and the events ("equipped")."""
        if not equip_offered(g):
            raise AttachError(
                f"{g.name}'s Equip cannot be activated (its Rules Text is inactive or it has none)"
            )
        if "Unit" not in u.card.types:
            raise AttachError("Equip attaches only to units (744.1.b)")
        if u.controller != g.controller:
            raise AttachError("Equip attaches only to a unit you control")
        equips = [k for k in g.card.keywords if k.key == "equip"]
        cost = _instance_cost(equips[instance], u)
        events = self.attach(g, u)
        return cost, events + [Event("equipped", u.name, g.name, u.zone)]

    def play_quick_draw(self, g: BoardCard, unit: BoardCard | None) -> list[Event]:
        """Quick-Draw (745.1.d): when played, attach to a unit you control without paying Equip;
        with no unit chosen it stays unattached where it was played. Only a card that had
        Quick-Draw when played (printed, or granted in hand as by Jax, Unmatched) attaches for
        free; any other gear attaches through its Equip cost (`equip`)."""
        kws = hand_keywords(g.card, self, g.controller) + list(g.granted)
        if not has_keyword(kws, "Quick-Draw"):
            raise AttachError(
                f"{g.name} has no Quick-Draw: it attaches by paying its Equip cost (745.1.d)"
            )
        if unit is None:
            return []
        if "Unit" not in unit.card.types or unit.controller != g.controller:
            raise AttachError("Quick-Draw attaches only to a unit you control")
        return self.attach(g, unit)

    def weaponmaster(
        self, unit: BoardCard, g: BoardCard, pay: bool = True
    ) -> tuple[Cost | None, list[Event]]:
        """Weaponmaster (747.1.c): the gear's Equip cost less one [A]; not an activation, and
        the unit is not targeted. No Equip cost, or not paid: nothing moves."""
        if not has_keyword(unit.card.keywords, "Weaponmaster"):
            raise AttachError(f"{unit.name} has no Weaponmaster")
        if not g.card.is_equipment or g.controller != unit.controller:
            raise AttachError("Weaponmaster chooses an Equipment you control (747.1.c)")
        cost = weaponmaster_cost(g, unit)
        if cost is None or not pay:
            return cost, []
        return cost, self.attach(g, unit)

    # moving and leaving (719.3, 719.5) ------------------------------------------------------

    def move(self, u: BoardCard, zone: str) -> list[Event]:
        if u.attached:
            raise AttachError(f"{u.name} is attached and cannot move on its own (718.6)")
        if not (u.on_board and is_board_zone(zone)):
            raise AttachError("a move goes from one board location to another")
        u.zone = zone
        for g in u.attachments:  # 719.3.a: they move along; not a Move for them
            g.zone = zone
        events = [Event("moved", u.name, "", zone)]
        for block in effective_text(u):
            if block.active and any(_WHEN_I_MOVE.match(line) for line in block.text.split("\n")):
                events.append(Event("trigger", u.name, block.text, zone))
        return events

    def leave_board(
        self, x: BoardCard, zone: str, order: list[BoardCard] | None = None
    ) -> list[Event]:
        """X goes to a non-board zone. Its attachments detach and stay at X's last location
        (719.5, 422.4.b), in the order given (default: attachment order); X keeps nothing."""
        if is_board_zone(zone):
            raise AttachError("leave_board takes a non-board zone")
        events: list[Event] = []
        if x.attached:  # an attachment leaving: it is no longer at U's location (719.3)
            events += self.detach(x)
        last = x.zone
        chosen = list(order or ())
        stray = [g for g in chosen if g not in x.attachments]
        if stray:
            raise AttachError(f"{', '.join(g.name for g in stray)} is not attached to {x.name}")
        # every attachment detaches (719.5): the chosen order first, the rest in attachment order
        for g in chosen + [g for g in x.attachments if g not in chosen]:
            events += self.detach(g)
            g.zone = last
        x.zone = zone
        x.rules_timestamp = x.effect_timestamp = None
        x.modifiers.clear()
        x.attacking = x.defending = False
        events.append(Event("left", x.name, "", zone))
        return events

    def kill(self, x: BoardCard) -> list[Event]:
        return self.leave_board(x, "trash")

    def would_die(self, u: BoardCard) -> list[Event]:
        """Death with a replacement from an appended Effect Text (Guardian Angel): the named
        attachment dies instead; U is healed, exhausted and recalled."""
        for g in list(u.attachments):
            m = _WOULD_DIE.search(g.card.effect_text or "")
            if m and m.group(1).strip().casefold() == g.card.name.casefold():
                events = self.kill(g)
                u.exhausted = True
                # a recall is not a Move: the unit (and its attachments) go to base without
                # triggering "when I move"
                u.zone = "base"
                for rest in u.attachments:
                    rest.zone = "base"
                events.append(Event("recalled", u.name, "healed, exhausted", "base"))
                return events
        return self.kill(u)

    def cleanup(self) -> list[Event]:
        """Unattached Gear at a battlefield is recalled to its controller's base (422.4.a)."""
        events = []
        for x in self.cards:
            if "Gear" in x.card.types and not x.attached and x.zone.startswith("battlefield:"):
                x.zone = "base"
                events.append(Event("recalled", x.name, "", "base"))
        return events


# --- costs (744.1.c, 746, 747) -------------------------------------------------------------


# Hextech Gauntlets UNL-188: "[Equip] [3][A]. This ability's Energy cost is reduced by the Might
# of the unit you choose." Text that alters the Equip cost counts (744.1.c.4, 747.1.c.2).
_MIGHT_REDUCED = re.compile(
    r"((?:\[(?:[0-9]+|[RGBOPYA])\])+)\.\s*This ability's Energy cost is reduced by the Might of the unit you choose\.?",
    re.I,
)


def _unit_might(unit) -> int:
    if isinstance(unit, BoardCard):
        return effective_might(unit) or 0
    return getattr(unit, "might", None) or 0


def _instance_cost(k: Keyword, unit=None) -> Cost | None:
    if k.cost is not None:
        return k.cost
    m = _MIGHT_REDUCED.fullmatch((k.cost_text or "").strip())
    if m is None:
        return None
    energy, pips = 0, Counter()
    for tok in re.findall(r"\[([0-9]+|[RGBOPYA])\]", m.group(1)):
        if tok.isdigit():
            energy += int(tok)
        else:
            pips[tok] += 1
    if unit is not None:
        energy = max(0, energy - _unit_might(unit))
    return Cost(energy, pips)


def equip_cost(card: Card, unit=None) -> Cost | None:
    """The Equip cost, computed for the chosen unit when one is given."""
    k = card.keyword("Equip")
    return _instance_cost(k, unit) if k else None


def weaponmaster_cost(g: BoardCard | Card, unit=None) -> Cost | None:
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
    pips = Counter()
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


def hand_keywords(card: Card, board: Board, controller: str = "me") -> list[Keyword]:
    """Keywords of a card in hand, with those granted by active board cards (Jax, Unmatched:
    each Equipment in your hand has Quick-Draw; a second instance adds nothing, 745.2)."""
    kws = list(card.keywords)
    if card.is_equipment and not has_keyword(kws, "Quick-Draw"):
        for x in board.cards:
            if (
                x.controller == controller
                and rules_text_active(x)
                and _HAND_QUICK_DRAW.search(x.card.rules_text)
            ):
                kws.append(Keyword("Quick-Draw"))
                break
    return _with_reaction(kws)


# --- the card view's preview ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttachmentView:
    """What the card view shows for a unit previewed with gear attached."""

    unit: str
    might: int | None
    might_text: str | None
    might_attacking: int | None
    might_defending: int | None
    printed_might: int | None
    bonuses: tuple[tuple[str, int], ...]
    text: tuple[TextBlock, ...]
    keywords: tuple[Keyword, ...]  # active
    keywords_present: tuple[Keyword, ...]
    equipped: bool
    top_most: bool


def view_of(x: BoardCard) -> AttachmentView:
    return AttachmentView(
        unit=x.card.name,
        might=effective_might(x),
        might_text=might_text(x),
        might_attacking=effective_might(x, attacking=True, defending=False),
        might_defending=effective_might(x, attacking=False, defending=True),
        printed_might=x.card.might,
        bonuses=tuple(might_bonuses(x)),
        text=tuple(effective_text(x)),
        keywords=tuple(active_keywords(x)),
        keywords_present=tuple(keywords_present(x)),
        equipped=equipped(x),
        top_most=x.top_most,
    )


def preview(unit_card: Card, gear_cards=()) -> AttachmentView:
    """The unit in base with each gear attached (the deck's "preview with Equipment")."""
    board = Board()
    unit = board.put(unit_card)
    for card in gear_cards:
        board.attach(board.put(card), unit)
    return view_of(unit)


@dataclass(frozen=True, slots=True)
class CardView:
    """A card off the board (catalog, deck list): texts as printed, Effect Text dimmed, the
    Might Bonus as a badge that is not applied (§5.2, case 18)."""

    rules_text: str
    effect_text: str | None
    effect_dimmed: bool
    effect_note: str
    bonus_badge: str | None
    bonus_applied: bool = False


def card_view(card: Card) -> CardView:
    return CardView(
        rules_text=card.rules_text,
        effect_text=card.effect_text,
        effect_dimmed=card.effect_text is not None,
        effect_note="applies only while attached" if card.effect_text is not None else "",
        bonus_badge=None if card.might_bonus is None else f"{card.might_bonus:+d}",
    )
