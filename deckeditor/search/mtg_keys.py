"""The MTG key table (`search.md` §4) and the columns it reads, built once per pool."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from deckeditor.games.mtg import colors
from deckeditor.games.mtg.card import Card, Layout
from deckeditor.search import bits, printing_keys
from deckeditor.search.folding import fold_name, fold_rules, fold_text, replace_name, strip_reminder
from deckeditor.search.keys import GameSearch, register
from deckeditor.search.keys.kinds import (
    FormatKey,
    IsKey,
    MaskKey,
    NameKey,
    NumberKey,
    TextKey,
    TypeKey,
    WordSetKey,
)

# --- colour values ------------------------------------------------------------------------------

_NAMED = {
    "white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GRU",
    "silverquill": "WB", "prismari": "UR", "witherbloom": "BG", "lorehold": "RW",
    "quandrix": "GU",
    "yore": "WUBR", "yore-tiller": "WUBR", "glint": "UBRG", "glint-eye": "UBRG",
    "dune": "BRGW", "dune-brood": "BRGW", "ink": "RGWU", "ink-treader": "RGWU",
    "witch": "GWUB", "witch-maw": "GWUB", "wubrg": "WUBRG", "rainbow": "WUBRG",
}  # fmt: skip
_COLORLESS = frozenset({"c", "colorless", "colourless"})
_MULTI = frozenset({"m", "multicolor", "multicolour"})


def parse_colour(text: str):
    """`search.md` §4.2 values -> ("set", mask) / ("count", n) / ("multi",) / None."""
    if text in _COLORLESS:
        return ("set", 0)
    if text in _MULTI:
        return ("multi",)
    if text.isdigit() and len(text) == 1 and int(text) <= 5:
        return ("count", int(text))
    if text in _NAMED:
        return ("set", colors.mask(_NAMED[text]))
    if text and all(ch in "wubrg" for ch in text):
        return ("set", colors.mask(text))
    return None


# --- printed numbers ----------------------------------------------------------------------------

# `.5` is how MTGJSON prints Little Girl's ½.
_LEADING = re.compile(r"[+-]?(?:\d+(?:\.\d+)?|\.\d+)")


@lru_cache(maxsize=1024)
def stat_value(printed: str | None) -> float | None:
    """A printed stat's leading signed number: `1+*` 1, `*` and `X` 0, `∞` inf, `½` 0.5."""
    if printed is None:
        return None
    text = printed.strip().replace("\u2212", "-")
    if not text:
        return None
    if text.startswith("\u221e"):
        return float("inf")
    match = _LEADING.match(text)
    if match:
        value = float(match.group())
        if text[match.end() : match.end() + 1] == "\u00bd":
            value += 0.5 if value >= 0 else -0.5
        return value
    if text.startswith("\u00bd"):
        return 0.5
    return 0.0  # `*`, `X`, `?` and other variable values count 0


# --- columns ------------------------------------------------------------------------------------

_PERMANENT = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})
_DFC = frozenset({Layout.TRANSFORM, Layout.MODAL_DFC, Layout.MELD})


def _tilde(folded: str, face_name: str) -> str:
    """The face's own name, then the part before its first comma, replaced by `~`."""
    out = replace_name(folded, fold_text(face_name))
    if "," in face_name:
        out = replace_name(out, fold_text(face_name.split(",", 1)[0]))
    return out


def _format_card(card: Card) -> tuple[str, int | None, bool]:
    limit = card.own_copy_limit
    return (card.id, limit if limit else None, limit == 0)


def _pool_outside(cards: Sequence[Card]):
    """(format, day) -> the rows outside its card pool (`legality.py`), or banned there by the
    card source (built-in formats)."""

    def outside(fmt: Any, day) -> list[int]:
        from deckeditor.format_catalog import builtin_codes, load_format
        from deckeditor.games.mtg.legality import pool_rule
        from deckeditor.games.mtg.predicate import outside_rows

        code = getattr(fmt, "code", "")
        builtin = code in builtin_codes() and load_format(code).format is fmt
        return outside_rows(cards, pool_rule(fmt), day, fmt if builtin else None)

    return outside


def build_columns(cards: Sequence[Card]) -> dict[str, Any]:
    n = len(cards)
    name, name_raw, types = [], [], []
    text, text_tilde = [], []
    full, full_tilde, full_raw = [], [], []
    exact: dict[str, list[int]] = {}
    keywords: dict[str, list[int]] = {}
    color_rows: list[list[int]] = [[] for _ in range(32)]
    identity_rows: list[list[int]] = [[] for _ in range(32)]
    mv, pw, tg, lo, df = [], [], [], [], []
    for row, card in enumerate(cards):
        faces = card.faces
        name.append(fold_name(card.name))
        printed = (card.name,) + tuple(f.name for f in faces if f.name != card.name)
        name_raw.append(printed)
        for written in printed:
            exact.setdefault(fold_name(written), []).append(row)
        types.append("\n".join(" " + fold_name(f.type_line) for f in faces))
        folded_full = [fold_text(f.oracle_text) for f in faces]
        folded_rules = [fold_rules(t) for t in folded_full]
        full_raw.append(tuple(f.oracle_text for f in faces))
        text.append("\n".join(folded_rules))
        full.append("\n".join(folded_full))
        text_tilde.append("\n".join(_tilde(t, f.name) for t, f in zip(folded_rules, faces)))
        full_tilde.append("\n".join(_tilde(t, f.name) for t, f in zip(folded_full, faces)))
        words = set(card.keywords)
        for f in faces:
            words.update(f.keywords)
        for word in {fold_name(w) for w in words}:
            keywords.setdefault(word, []).append(row)
        # Split cards (and rooms) are one combined face for colour (CR 709.4).
        if card.layout is Layout.SPLIT:
            face_masks = {card.colors & 31}
        else:
            face_masks = {f.colors & 31 for f in faces}
        for m in face_masks:
            color_rows[m].append(row)
        identity_rows[card.identity & 31].append(row)
        mv.append((float(card.mana_value),))
        pw.append(tuple(stat_value(f.power) for f in faces))
        tg.append(tuple(stat_value(f.toughness) for f in faces))
        lo.append(tuple(stat_value(f.loyalty) for f in faces))
        df.append(tuple(stat_value(f.defense) for f in faces))
    return {
        "name": name,
        "name_raw": name_raw,
        "name_exact": exact,
        "types": types,
        "text": text,
        "text_tilde": text_tilde,
        "full": full,
        "full_tilde": full_tilde,
        "full_raw": full_raw,
        "keywords": {k: bits.from_rows(v, n) for k, v in keywords.items()},
        "color_groups": [bits.from_rows(r, n) for r in color_rows],
        "identity_groups": [bits.from_rows(r, n) for r in identity_rows],
        "num:mv": mv,
        "num:pow": pw,
        "num:tou": tg,
        "num:loy": lo,
        "num:def": df,
    } | lazy_columns(cards, {"full_raw": full_raw})


def lazy_columns(cards: Sequence[Card], columns: dict[str, Any]) -> dict[str, Any]:
    full_raw = columns["full_raw"]
    return {
        # Only a regex reads it: stripped on first use.
        "text_raw": lambda: [tuple(strip_reminder(t) for t in texts) for texts in full_raw],
        "format_cards": lambda: [_format_card(c) for c in cards],
        "format_pool": lambda: _pool_outside(cards),
    }


# --- is: ----------------------------------------------------------------------------------------


def _flag(name: str, test):
    """An `is:` value that depends only on the card: computed once per index."""

    def compute(index, ctx):
        return index.derived(("is", name), lambda: bits.from_flags([test(c) for c in index.cards]))

    return (compute, False)


def _lower(items) -> set[str]:
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


def _eligibility():
    try:
        from deckeditor.games.mtg.commander import can_be_commander  # engineer B's module
    except ImportError:
        return _own_eligible
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


def _commander(index, ctx):
    rules = ctx.rules()
    if rules == "constructed":
        rules = "commander"  # constructed formats: the commander rule set (`search.md` §4.5)

    def build():
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


def _gc_list_key(ctx):
    from deckeditor.games.mtg.gamechangers import list_key

    return list_key(ctx.the_day())


def _game_changer(index, ctx):
    """Scryfall's `is:gamechanger`: on the Game Changers list of the catalog's day."""
    from deckeditor.games.mtg.gamechangers import is_game_changer, shipped_list

    gc_list, day = shipped_list(), ctx.the_day()
    return index.derived(
        ("is:gamechanger", _gc_list_key(ctx)),
        lambda: bits.from_flags([is_game_changer(c, day, gc_list) for c in index.cards]),
    )


def _category(category: str):
    """An `otag:` value: a Commander Brackets category read from Oracle text
    (`games.mtg.bracket_categories`), under Scryfall's tag name."""

    def compute(index, ctx):
        from deckeditor.games.mtg.bracket_categories import is_in

        return index.derived(
            ("otag", category), lambda: bits.from_flags([is_in(category, c) for c in index.cards])
        )

    return (compute, False)


def _role(role: str):
    """An `otag:` value: a deck role read from Oracle text (`games.mtg.roles`), from the table
    the import stored beside the pool's snapshot."""

    def compute(index, ctx):
        from deckeditor.games.mtg import roles

        def masks():
            table = roles.roles_for_cards(index.cards, getattr(index, "cache", None))
            return [table.get(c.name, 0) for c in index.cards]

        bit = roles.BIT[role]
        return index.derived(
            ("otag", role),
            lambda: bits.from_flags([bool(m & bit) for m in index.derived(("roles",), masks)]),
        )

    return (compute, False)


# Scryfall's Tagger names for the bracket categories and the deck roles; its other tags are not
# supported.
OTAG_VALUES = {
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


IS_VALUES = {
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


# --- the table ----------------------------------------------------------------------------------

_STATS = {
    "mv": "mv", "cmc": "mv", "manavalue": "mv",
    "pow": "pow", "power": "pow", "tou": "tou", "toughness": "tou",
    "loy": "loy", "loyalty": "loy", "def": "def", "defense": "def",
}  # fmt: skip

UNSUPPORTED = frozenset(
    "cn number ft flavor wm border frame date lang "
    "usd eur tix m mana devotion produces atag unique order prefer include in b block st "
    "has".split()
)

REFUSED = {
    "domain": '"domain:" is a Riftbound key; use "c:"',
    "d": '"d:" is a Riftbound key; use "c:"',
    "tag": '"tag:" is a Riftbound key; use "t:"',
    "effect": '"effect:" is a Riftbound key; use "o:"',
    "might": '"might:" is a Riftbound key; use "pow:"',
    "energy": '"energy:" is a Riftbound key; use "mv:"',
}


def _table() -> dict[str, Any]:
    colour = MaskKey("c", "color_groups", parse_colour, "colour", subset_colon=False)
    identity = MaskKey("id", "identity_groups", parse_colour, "colour", subset_colon=True)
    table: dict[str, Any] = {
        "name": NameKey(),
        "c": colour, "color": colour, "colour": colour,
        "id": identity, "identity": identity, "ci": identity,
        "t": TypeKey("types"), "type": TypeKey("types"),
        "o": TextKey("o", "text"), "oracle": TextKey("o", "text"),
        "fo": TextKey("fo", "full"), "fulloracle": TextKey("fo", "full"),
        "kw": WordSetKey("kw", "keywords"), "keyword": WordSetKey("kw", "keywords"),
        "is": IsKey(IS_VALUES),
        "otag": IsKey(OTAG_VALUES, "otag"), "oracletag": IsKey(OTAG_VALUES, "otag"),
        "f": FormatKey("f", "legal"), "format": FormatKey("f", "legal"),
        "legal": FormatKey("f", "legal"),
        "banned": FormatKey("banned", "banned"),
        "restricted": FormatKey("restricted", "restricted"),
    }  # fmt: skip
    for alias, field in _STATS.items():
        table[alias] = NumberKey(alias, field, _STATS, parity=(field == "mv"))
    table.update(printing_keys.table())  # s:, r:, a:, game:, year: (issue 24.5)
    return table


HELP = {
    "name": ("Words of the card name (a bare word does the same)", ("name:bolt", 'name:"jace the"', "name:/^kor/")),
    "c": ("Colours: at least these with “:”, exactly with “=”; letters wubrg, colour or guild names, "
          "m for multicolour, a number of colours", ("c:r", "c=ur", "c:azorius", "c>=2", "c:m")),
    "id": ("Colour identity: fits a commander of these colours with “:”", ("id:ub", "id=c", "id:esper")),
    "t": ("Type line words (the last may be a prefix)", ("t:instant", "t:legend", 't:"time lord"')),
    "o": ("Rules text without reminder text; ~ stands for the card's name", ("o:draw", 'o:"whenever ~ attacks"', "o:/deals \\d damage/")),
    "fo": ("Rules text including reminder text", ("fo:trample",)),
    "kw": ("A keyword ability", ("kw:flying", 'kw:"first strike"', "kw:partner")),
    "is": ("A kind of card: " + ", ".join(sorted(IS_VALUES)), ("is:commander", "is:partner", "-is:permanent")),
    "otag": ("A Commander Brackets category or a deck role read from the rules text (Scryfall's tag names): "
             + ", ".join(sorted(OTAG_VALUES)), ("otag:tutor", "otag:ramp", "otag:boardwipe")),
    "f": ("Legal in a format on the chosen day", ("f:commander", "legal:brawl")),
    "banned": ("Banned in a format on the chosen day", ("banned:commander",)),
    "restricted": ("Restricted in a format", ("restricted:vintage",)),
    "mv": ("Mana value; also mv:even, mv:odd", ("mv<=2", "mv=0.5", "mv:even")),
    "pow": ("Power; compares with another stat too", ("pow>=4", "pow>tou")),
    "tou": ("Toughness", ("tou<2",)),
    "loy": ("Starting loyalty", ("loy>=5",)),
    "def": ("Defense (battles)", ("def>=4",)),
    **printing_keys.HELP,
}  # fmt: skip

SEARCH = register(
    GameSearch(
        game="mtg",
        keys=_table(),
        build_columns=build_columns,
        lazy_columns=lazy_columns,
        refused=REFUSED,
        unsupported=UNSUPPORTED,
        help=HELP,
    )
)
