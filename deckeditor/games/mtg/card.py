"""The MTG card model (`mtg-rules.md` §1): a card keyed by its Oracle name, with its faces.

Plain frozen dataclasses: built once by the importers, shared read-only by the rules engine, the
search compiler and the catalog. Derived facts (identity, eligibility inputs) are computed at build
time by `deckeditor.games.mtg.build`, so hot paths only read attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeAlias

from deckeditor.carddb.pool import CardPool
from deckeditor.names import name_key, slug


class Layout(str, Enum):
    NORMAL = "normal"
    SPLIT = "split"  # also aftermath, fuse, rooms
    FLIP = "flip"
    TRANSFORM = "transform"
    MODAL_DFC = "modal_dfc"
    MELD = "meld"
    ADVENTURE = "adventure"
    SPECIALIZE = "specialize"

    @classmethod
    def parse(cls, text: str | None) -> Layout:
        """Source layout names (MTGJSON, Scryfall, Forge) onto ours; anything else is normal."""
        key = (text or "").strip().lower().replace("-", "_").replace(" ", "_")
        return _LAYOUT_ALIASES.get(key, cls.NORMAL)


_LAYOUT_ALIASES = {
    "normal": Layout.NORMAL,
    "split": Layout.SPLIT,
    "aftermath": Layout.SPLIT,
    "fuse": Layout.SPLIT,
    "room": Layout.SPLIT,
    "rooms": Layout.SPLIT,
    "flip": Layout.FLIP,
    "transform": Layout.TRANSFORM,
    "doublefaced": Layout.TRANSFORM,
    "double_faced": Layout.TRANSFORM,
    "modal_dfc": Layout.MODAL_DFC,
    "modal": Layout.MODAL_DFC,
    "modaldfc": Layout.MODAL_DFC,
    "meld": Layout.MELD,
    "adventure": Layout.ADVENTURE,
    "specialize": Layout.SPECIALIZE,
}

SPLIT_FAMILY = frozenset({Layout.SPLIT})


@dataclass(frozen=True, slots=True)
class Face:
    name: str
    mana_cost: str = ""  # `{2}{U}{U}` notation; "" for none
    colors: int = 0  # cost colours, replaced by a colour indicator or a colour-setting CDA
    color_indicator: int | None = None
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()  # printed order; `Time Lord` is one item
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    oracle_text: str = ""  # full text, reminder text included
    keywords: tuple[str, ...] = ()
    mana_value: float = 0.0  # this face's own mana value

    @property
    def type_line(self) -> str:
        left = " ".join((*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


@dataclass(frozen=True, slots=True)
class PartnerInfo:
    plain: bool = False  # plain Partner
    with_names: frozenset[str] = frozenset()  # Partner with NAME
    types: frozenset[str] = frozenset()  # typed partner, case-folded (`friends forever`)
    choose_background: bool = False
    doctors_companion: bool = False
    is_background: bool = False
    is_doctor: bool = False

    @property
    def capable(self) -> bool:
        return bool(
            self.plain
            or self.with_names
            or self.types
            or self.choose_background
            or self.doctors_companion
            or self.is_background
            or self.is_doctor
        )


NO_PARTNER = PartnerInfo()


@dataclass(frozen=True, slots=True)
class DeckRuleLine:
    """One raw `DeckRule:` line and the face that carries it (for CARDNAME)."""

    face: str
    text: str


@dataclass(frozen=True, slots=True)
class Card:
    name: str  # Oracle name, faces joined with ` // `
    layout: Layout
    faces: tuple[Face, ...]
    mana_value: float = 0.0
    identity: int = 0  # colour identity mask (§2), without entry marks
    keywords: frozenset[str] = frozenset()
    deck_rule_lines: tuple[DeckRuleLine, ...] = ()
    own_copy_limit: int | None = None  # 999 = any number; 0 = the card forbids itself
    set_color_id: int = 0  # colours circled at deck building (Cryptic Spires: 2)
    partner: PartnerInfo = NO_PARTNER
    commander_text: bool = False
    creature_in_command_zone: bool = False
    wild_color: bool = False
    companion: bool = False
    printings: tuple[str, ...] = ()  # set codes, for display and `set:`/`e:` search
    source_identity: int | None = None  # what the source claimed, to report mismatches
    # What the source says about formats (`deckeditor.games.mtg.legality`): "commander=legal;…",
    # one shared string per distinct combination; "" when the source states nothing.
    legalities: str = ""
    legal_source: str = ""  # who said it and on which day: "MTGJSON 2026-01-03"
    traits: frozenset[str] = frozenset()  # joke, digital, not-a-deck-card, oversized, rebalanced
    released: str = ""  # the first printing's release day (ISO), "" when unknown
    # source facts as the source gave them (JSON values: "aliases", "gameChanger", ...)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def id(self) -> str:
        """The format card id (slug of the Oracle name)."""
        return slug(self.name)

    @property
    def key(self) -> str:
        return name_key(self.name)

    @property
    def front(self) -> Face:
        return self.faces[0]

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.faces)

    @property
    def other_names(self) -> tuple[str, ...]:
        """Names of the same Oracle card folded into this one (`Sol Ring // Sol Ring`, a
        Universes Beyond name): a deck line naming them is this card."""
        return tuple(self.extra.get("aliases", ()))

    # Characteristics outside the game (§1): split cards are the union of both halves, every
    # other multi-face layout is its front face.
    @property
    def supertypes(self) -> frozenset[str]:
        return frozenset(s for f in self._game_faces() for s in f.supertypes)

    @property
    def types(self) -> frozenset[str]:
        return frozenset(t for f in self._game_faces() for t in f.types)

    @property
    def subtypes(self) -> frozenset[str]:
        return frozenset(s for f in self._game_faces() for s in f.subtypes)

    @property
    def colors(self) -> int:
        m = 0
        for f in self._game_faces():
            m |= f.colors
        return m

    def _game_faces(self) -> tuple[Face, ...]:
        return self.faces if self.layout in SPLIT_FAMILY else self.faces[:1]

    @property
    def display_name(self) -> str:
        """The name deck files write: split family in full, other layouts their front face."""
        return self.name if self.layout in SPLIT_FAMILY else self.faces[0].name


# An MTG card pool: what the rules engine, the predicate and the statistics read cards from.
Pool: TypeAlias = CardPool[Card]
