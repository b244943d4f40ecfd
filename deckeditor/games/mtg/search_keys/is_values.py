"""MTG's `is:` and `otag:` values (`search.md` §4.5): each a bitset computed once per index
(and per rule set or day where the answer follows them)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from deckeditor.games.mtg.card import Card, Layout
from deckeditor.search import bits
from deckeditor.search.context import SearchContext
from deckeditor.search.folding import fold_name, strip_reminder
from deckeditor.search.keys.kinds import IsCompute, IsDepends
from deckeditor.search.plan import IndexView

IsValue = tuple[IsCompute, IsDepends]

_PERMANENT = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})
_DFC = frozenset({Layout.TRANSFORM, Layout.MODAL_DFC, Layout.MELD})

# --- is: ----------------------------------------------------------------------------------------


def _flag(name: str, test: Callable[[Card], bool]) -> IsValue:
    """An `is:` value that depends only on the card: computed once per index."""

    def compute(index: IndexView, ctx: SearchContext) -> int:
        return index.derived(("is", name), lambda: bits.from_flags([test(c) for c in index.cards]))

    return (compute, False)


def _lower(items: Iterable[str]) -> set[str]:
    return {item.lower() for item in items}


def _is_partner(card: Card) -> bool:
    p = card.partner
    if p.plain or p.with_names or p.types:
        return True
    words = {fold_name(k) for k in card.keywords}
    return bool(words & {"partner", "partner with", "friends forever"})


def _is_background(card: Card) -> bool:
    front = card.faces[0]
    return "Legendary" in front.supertypes and "Background" in front.subtypes


def _own_eligible(card: Card, rules: str) -> bool:
    """`mtg-rules.md` §5.1, front face only; used until the rules engine's function exists."""
    front = card.faces[0]
    types, subtypes = _lower(front.types), _lower(front.subtypes)
    legendary = "legendary" in _lower(front.supertypes)
    if rules == "oathbreaker":
        return "planeswalker" in types or card.commander_text
    leads = card.commander_text or (
        legendary
        and (
            "creature" in types
            or card.creature_in_command_zone
            or "vehicle" in subtypes
            or (
                "spacecraft" in subtypes and front.power is not None and front.toughness is not None
            )
        )
    )
    return bool(leads or (rules == "brawl" and legendary and "planeswalker" in types))


def _eligibility() -> Callable[[Card, str], bool]:
    # lazy: the commander rules load with the first is:commander, not with every search
    from deckeditor.games.mtg.commander import can_be_commander

    return can_be_commander


def _also_in_command_zone(card: Card, rules: str) -> bool:
    """Cards the Commander section takes besides leaders: a Background (as a second commander),
    and under Oathbreaker the signature spell (an instant or sorcery)."""
    if rules == "oathbreaker":
        return bool(_lower(card.types) & {"instant", "sorcery"})
    return _is_background(card)


def _may_lead(card: Card, rules: str) -> bool:
    """A cheap superset of the eligible cards, so the full test runs on a few thousand only:
    every leader, Background and signature spell is legendary, has commander text, or (Oathbreaker)
    is a planeswalker, instant or sorcery."""
    if card.commander_text:
        return True
    if rules == "oathbreaker":
        return any({"Planeswalker", "Instant", "Sorcery"} & set(f.types) for f in card.faces)
    return any("Legendary" in f.supertypes for f in card.faces)


def _commander(index: IndexView, ctx: SearchContext) -> int:
    rules = ctx.rules()
    if rules == "constructed":
        rules = "commander"  # constructed formats: the commander rule set (`search.md` §4.5)

    def build() -> int:
        eligible = _eligibility()
        flags = bytearray(index.n)
        for row, card in enumerate(index.cards):
            if not _may_lead(card, rules):
                continue
            try:
                ok = eligible(card, rules)
            except (TypeError, AttributeError, ValueError):
                ok = _own_eligible(card, rules)
            flags[row] = bool(ok) or _also_in_command_zone(card, rules)
        return bits.from_flags(flags)

    return index.derived(("is:commander", rules), build)


def _gc_list_key(ctx: SearchContext) -> Hashable:
    # lazy: the Game Changers lists load with the first is:gamechanger, not with every search
    from deckeditor.games.mtg.gamechangers import list_key

    return list_key(ctx.the_day())


def _game_changer(index: IndexView, ctx: SearchContext) -> int:
    """Scryfall's `is:gamechanger`: on the Game Changers list of the catalog's day."""
    # lazy: as in _gc_list_key
    from deckeditor.games.mtg.gamechangers import is_game_changer, shipped_list

    gc_list, day = shipped_list(), ctx.the_day()
    return index.derived(
        ("is:gamechanger", _gc_list_key(ctx)),
        lambda: bits.from_flags([is_game_changer(c, day, gc_list) for c in index.cards]),
    )


def _category(category: str) -> IsValue:
    """An `otag:` value: a Commander Brackets category read from Oracle text
    (`games.mtg.bracket_categories`), under Scryfall's tag name."""

    def compute(index: IndexView, ctx: SearchContext) -> int:
        # lazy: the bracket categories' patterns load with the first otag:, not every search
        from deckeditor.games.mtg.bracket_categories import is_in

        return index.derived(
            ("otag", category), lambda: bits.from_flags([is_in(category, c) for c in index.cards])
        )

    return (compute, False)


def _role(role: str) -> IsValue:
    """An `otag:` value: a deck role read from Oracle text (`games.mtg.roles`), from the table
    the import stored beside the pool's snapshot."""

    def compute(index: IndexView, ctx: SearchContext) -> int:
        # lazy: the role reader (~100 ms of patterns) loads with the first otag:, not every search
        from deckeditor.games.mtg import roles

        def masks() -> list[int]:
            table = roles.roles_for_cards(index.cards, index.cache)
            return [table.get(c.name, 0) for c in index.cards]

        bit = roles.BIT[role]
        return index.derived(
            ("otag", role),
            lambda: bits.from_flags([bool(m & bit) for m in index.derived(("roles",), masks)]),
        )

    return (compute, False)


# Scryfall's Tagger names for the bracket categories and the deck roles; its other tags are not
# supported.
OTAG_VALUES: dict[str, IsValue] = {
    "extra-turn": _category("extra_turns"),
    "mass-land-denial": _category("mass_land_denial"),
    "tutor": _category("tutors"),
    "ramp": _role("ramp"),
    "draw": _role("draw"),
    "removal": _role("removal"),
    "boardwipe": _role("boardwipe"),
    "counterspell": _role("counterspell"),
    "protection": _role("protection"),
    "recursion": _role("recursion"),
}


IS_VALUES: dict[str, IsValue] = {
    "commander": (_commander, True),
    "gamechanger": (_game_changer, _gc_list_key),
    "partner": _flag("partner", _is_partner),
    "companion": _flag("companion", lambda c: c.companion or "Companion" in c.keywords),
    "permanent": _flag("permanent", lambda c: bool(_lower(c.types) & _PERMANENT)),
    "spell": _flag("spell", lambda c: "land" not in _lower(c.faces[0].types)),
    "legendary": _flag("legendary", lambda c: "legendary" in _lower(c.faces[0].supertypes)),
    "vanilla": _flag(
        "vanilla",
        lambda c: (
            "creature" in _lower(c.types)
            and not any(strip_reminder(f.oracle_text).strip() for f in c.faces)
        ),
    ),
    "dfc": _flag("dfc", lambda c: c.layout in _DFC),
    "mdfc": _flag("mdfc", lambda c: c.layout is Layout.MODAL_DFC),
    "transform": _flag("transform", lambda c: c.layout is Layout.TRANSFORM),
    "meld": _flag("meld", lambda c: c.layout is Layout.MELD),
    "flip": _flag("flip", lambda c: c.layout is Layout.FLIP),
    "split": _flag("split", lambda c: c.layout is Layout.SPLIT),
    "adventure": _flag("adventure", lambda c: c.layout is Layout.ADVENTURE),
    "basic": _flag("basic", lambda c: any("basic" in _lower(f.supertypes) for f in c.faces)),
    "rulebreaker": _flag("rulebreaker", lambda c: bool(c.deck_rule_lines)),
}
