"""The Riftbound key table of the search language (`search.md` §5), registered with
`deckeditor.search.keys` (the search package imports this module on first Riftbound query).

Domains are a 6-bit mask in the order of `riftbound.md` §1.3, so `domain:` and `id:` reuse the
generic mask key over 64 groups.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from deckeditor.games.riftbound.card import DOMAIN_BIT, DOMAINS, LETTER_DOMAIN, Card
from deckeditor.games.riftbound.card_codes import SET_NAMES
from deckeditor.search import bits
from deckeditor.search.context import SearchContext
from deckeditor.search.folding import fold_name, fold_text, replace_name, strip_reminder
from deckeditor.search.keys import GameSearch, register
from deckeditor.search.keys.kinds import (
    FormatKey,
    IsCompute,
    IsDepends,
    IsKey,
    MaskKey,
    MaskValue,
    NameKey,
    NumberKey,
    TextKey,
    TypeKey,
    WordSetKey,
)
from deckeditor.search.plan import IndexView

_COLORLESS = frozenset({"colorless", "colourless", "c"})
# As for MTG colours: two or more domains (`m` is none of the rules letters).
_MULTI = frozenset({"m", "multicolor", "multicolour"})
_NAMES = {d.lower(): DOMAIN_BIT[d] for d in DOMAINS}
_LETTERS = {letter.lower(): DOMAIN_BIT[d] for letter, d in LETTER_DOMAIN.items()}


def parse_domains(text: str) -> MaskValue | None:
    """`fury`, `fury,chaos`, `rp`, `colorless`, a count `0`–`6`, `m` -> ("set", mask) /
    ("count", n) / ("multi",)."""
    text = text.strip().lower()
    if text in _COLORLESS:
        return ("set", 0)
    if text in _MULTI:
        return ("multi",)
    if len(text) == 1 and text.isdigit() and int(text) <= len(DOMAINS):
        return ("count", int(text))
    mask = 0
    if "," in text or text in _NAMES:
        for part in text.split(","):
            part = part.strip()
            if part not in _NAMES:
                return None
            mask |= _NAMES[part]
        return ("set", mask)
    if text and all(ch in _LETTERS for ch in text):
        for ch in text:
            mask |= _LETTERS[ch]
        return ("set", mask)
    return None


def _tilde(folded: str, card: Card) -> str:
    out = replace_name(folded, fold_text(card.name))
    if card.subtitle:
        out = replace_name(out, fold_text(card.short_name))
    return out


def build_columns(cards: Sequence[Card]) -> dict[str, Any]:
    n = len(cards)
    name, name_raw, types = [], [], []
    text, text_tilde, text_raw = [], [], []
    effect, effect_tilde, effect_raw = [], [], []
    exact: dict[str, list[int]] = {}
    tags: dict[str, list[int]] = {}
    keywords: dict[str, list[int]] = {}
    domain_rows: list[list[int]] = [[] for _ in range(64)]
    might, energy, power, format_cards = [], [], [], []
    for row, card in enumerate(cards):
        name.append(fold_name(card.name))
        written = [card.name]
        if card.subtitle:
            written.append(f"{card.short_name} - {card.subtitle}")
        name_raw.append(tuple(written))
        for w in written:
            exact.setdefault(fold_name(w), []).append(row)
        supertypes = [s for s in ("Champion", "Signature") if s in card.supertypes]
        types.append(" " + fold_name(" ".join(supertypes + list(card.types))))
        rules = strip_reminder(card.rules_text)
        text_raw.append((rules,))
        text.append(fold_text(rules))
        text_tilde.append(_tilde(fold_text(rules), card))
        eff = strip_reminder(card.effect_text or "")
        effect_raw.append((eff,))
        effect.append(fold_text(eff))
        effect_tilde.append(_tilde(fold_text(eff), card))
        for t in {fold_name(t) for t in card.tags}:
            tags.setdefault(t, []).append(row)
        for k in {fold_name(k.name) for k in card.keywords + card.effect_keywords}:
            keywords.setdefault(k, []).append(row)
        domain_rows[card.domain_mask].append(row)
        might.append((None if card.might is None else float(card.might),))
        energy.append((None if card.energy is None else float(card.energy),))
        power.append((None if card.power is None else float(card.power),))
        format_cards.append((card.id, card.own_copy_limit, False))
    return {
        "name": name,
        "name_raw": name_raw,
        "name_exact": {k: bits.from_rows(v, n) for k, v in exact.items()},
        "types": types,
        "text": text,
        "text_tilde": text_tilde,
        "text_raw": text_raw,
        "effect": effect,
        "effect_tilde": effect_tilde,
        "effect_raw": effect_raw,
        "tags": {k: bits.from_rows(v, n) for k, v in tags.items()},
        "keywords": {k: bits.from_rows(v, n) for k, v in keywords.items()},
        "domain_groups": [bits.from_rows(r, n) for r in domain_rows],
        # the same groups under a second name: index leaves are cached by column name, and
        # `domain:` and `id:` read one term differently
        "identity_groups": [bits.from_rows(r, n) for r in domain_rows],
        "num:might": might,
        "num:energy": energy,
        "num:power": power,
        "format_cards": format_cards,
        **_printing_columns(cards),
    }


def _printing_columns(cards: Sequence[Card]) -> dict[str, Any]:
    """The columns of `set:`, `r:` and `a:` over each card's printings (a card matches when one
    of its printings does, Scryfall's meaning): its sets by code and name (`set:sfd`,
    `set:spiritforged`), its rarities, its artists' names."""
    n = len(cards)
    sets: dict[str, list[int]] = {}
    rarities: dict[str, list[int]] = {}
    artist, artist_raw = [], []
    for row, card in enumerate(cards):
        named = {w for p in card.printings for w in (p.set, SET_NAMES.get(p.set, p.set))}
        for word in {fold_name(w) for w in named}:
            sets.setdefault(word, []).append(row)
        for word in {fold_name(p.rarity) for p in card.printings if p.rarity}:
            rarities.setdefault(word, []).append(row)
        artists = sorted({p.artist for p in card.printings if p.artist})
        artist_raw.append(tuple(artists))
        artist.append(fold_text("\n".join(artists)))
    return {
        "sets": {k: bits.from_rows(v, n) for k, v in sets.items()},
        "rarities": {k: bits.from_rows(v, n) for k, v in rarities.items()},
        "artist": artist,
        "artist_tilde": artist,  # no card name stands in an artist's
        "artist_raw": artist_raw,
    }


def _flag(name: str, test: Callable[[Card], bool]) -> tuple[IsCompute, IsDepends]:
    """An `is:` value that depends only on the card: computed once per index."""

    def compute(index: IndexView, ctx: SearchContext) -> int:
        return index.derived(
            ("rb-is", name), lambda: bits.from_flags([test(c) for c in index.cards])
        )

    return (compute, False)


def _is_token(card: Card) -> bool:
    return (bool(card.printings) and all(p.prefix == "T" for p in card.printings)) or not card.types


IS_VALUES = {
    "champion": _flag("champion", lambda c: c.is_champion),
    "signature": _flag("signature", lambda c: c.is_signature),
    "unique": _flag("unique", lambda c: c.has_keyword("Unique")),
    "equipment": _flag("equipment", lambda c: c.is_equipment),
    "token": _flag("token", _is_token),
}

_STATS = {"might": "might", "energy": "energy", "power": "power"}

REFUSED = {
    alias: f'"{alias}:" is an MTG key; use "{use}:"'
    for alias, use in {
        "c": "domain", "color": "domain", "colour": "domain", "ci": "id",
        "mv": "energy", "cmc": "energy", "manavalue": "energy",
        "pow": "might", "tou": "might", "toughness": "might", "loy": "might", "loyalty": "might",
        "def": "might", "defense": "might", "fo": "o", "fulloracle": "o",
    }.items()
}  # fmt: skip

UNSUPPORTED = frozenset("cn number ft flavor game year date lang".split())


def _table() -> dict[str, Any]:
    domain = MaskKey("domain", "domain_groups", parse_domains, "domain", subset_colon=False)
    identity = MaskKey("id", "identity_groups", parse_domains, "domain", subset_colon=True)
    printed_set, rarity = WordSetKey("set", "sets"), WordSetKey("r", "rarities")
    artist = TextKey("a", "artist")
    table: dict[str, Any] = {
        "name": NameKey(),
        "domain": domain, "d": domain,
        "id": identity, "identity": identity,
        "t": TypeKey("types"), "type": TypeKey("types"),
        "tag": WordSetKey("tag", "tags"),
        "kw": WordSetKey("kw", "keywords"), "keyword": WordSetKey("kw", "keywords"),
        "o": TextKey("o", "text"), "oracle": TextKey("o", "text"),
        "effect": TextKey("effect", "effect"),
        "is": IsKey(IS_VALUES),
        "set": printed_set, "s": printed_set, "e": printed_set, "edition": printed_set,
        "r": rarity, "rarity": rarity,
        "a": artist, "artist": artist,
        "f": FormatKey("f", "legal"), "format": FormatKey("f", "legal"),
        "legal": FormatKey("f", "legal"),
        "banned": FormatKey("banned", "banned"),
        # `search.md` §5: Riftbound has all the format keys of §4.6.
        "restricted": FormatKey("restricted", "restricted"),
    }  # fmt: skip
    for alias, field in _STATS.items():
        table[alias] = NumberKey(alias, field, _STATS)
    return table


HELP = {
    "name": ("Words of the card name (a bare word does the same)", ("name:jinx", 'name:"loose cannon"')),
    "domain": ("Domains: fury calm mind body chaos order, or the letters r g b o p y", ("domain:fury", "d:rp", "domain=calm")),
    "id": ("Domain identity: playable under a legend of these domains", ("id:fury,chaos",)),
    "t": ("Supertypes and types (the last word may be a prefix)", ("t:champion", 't:"signature spell"', "t:gear")),
    "tag": ("A tag", ("tag:jinx", 'tag:"piltover & zaun"')),
    "kw": ("A keyword, without its number", ("kw:assault", "kw:tank")),
    "o": ("Rules text", ("o:draw", "o:/ready/")),
    "effect": ("Effect text", ("effect:might",)),
    "set": ("Printed in a set, by code or name", ("set:sfd", 'set:"proving grounds"')),
    "r": ("Printed at a rarity: common, uncommon, rare, epic, showcase", ("r:epic", "set:ogn r:showcase")),
    "a": ("The artist's name contains", ("a:kudos",)),
    "is": ("A kind of card: " + ", ".join(sorted(IS_VALUES)), ("is:champion", "is:signature", "-is:token")),
    "f": ("Legal in a format on the chosen day", ("f:riftbound",)),
    "banned": ("Banned in a format", ("banned:riftbound",)),
    "restricted": ("Restricted in a format", ("restricted:riftbound",)),
    "might": ("Might", ("might>=4",)),
    "energy": ("Energy cost", ("energy<=2",)),
    "power": ("Number of Power pips", ("power=1",)),
}  # fmt: skip

SEARCH = register(
    GameSearch(
        game="riftbound",
        keys=_table(),
        build_columns=build_columns,
        refused=REFUSED,
        unsupported=UNSUPPORTED,
        help=HELP,
    )
)

# the names the game module exposes as SEARCH_FIELDS
SEARCH_FIELDS = tuple(sorted(SEARCH.keys))
