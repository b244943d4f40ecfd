"""The board (`riftbound.md` §5.3): cards put in zones, attached, detached, moved and recalled,
each operation returning its events; and the keywords a card in hand gets from the board."""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckeditor.games.riftbound.card import Card, Cost, Keyword, has_keyword

from .model import (
    AttachError,
    BoardCard,
    effective_text,
    equip_offered,
    instance_cost,
    is_board_zone,
    rules_text_active,
    weaponmaster_cost,
    with_reaction,
)

_WOULD_DIE = re.compile(r"If I would die, kill (.+?) instead", re.I)
_HAND_QUICK_DRAW = re.compile(r"Each Equipment in your hand has \[Quick-Draw\]", re.I)
_WHEN_I_MOVE = re.compile(r"^When I move\b", re.I)

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
        cost = instance_cost(equips[instance], u)
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
    return with_reaction(kws)
