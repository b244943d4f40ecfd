"""Import Riot's card gallery JSON (`riftbound.md` §2; the shape of ../shared/data/riftbound's
`cards.json`) into Cards and Printings.

Two passes: every entry is validated and turned into a Printing (a bad entry aborts the whole
import with its key path, so the card store is never half-updated); then printings are grouped
into Cards by rules name, each Card taking its characteristics from its reference printing, and
supertypes are derived (§2.6), since the gallery has no supertype field.
"""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from deckeditor.games.riftbound.card import (
    DOMAINS,
    TYPES,
    Card,
    CardCodeError,
    Printing,
    any_number_clause,
    own_copy_limit,
    parse_code,
    parse_keywords,
    reference_printing,
    split_name,
)
from deckeditor.lone_surrogates import refuse_in_json
from deckeditor.names import name_key, slug

KIND = "riftbound-gallery"
GAME = "riftbound"
REQUIRED_KEYS = (
    "id", "code", "name", "setId", "type", "rarity", "domains", "energy", "power", "might",
    "mightBonus", "tags", "rulesText", "abilityHtml", "effectHtml",
)  # fmt: skip
_STR = (str,)
_OPT_STR = (str, type(None))
_KEY_TYPES = {
    "id": _STR, "code": _STR, "name": _STR, "setId": _STR, "type": _OPT_STR, "rarity": _STR,
    "domains": (list,), "energy": _OPT_STR, "power": _OPT_STR, "might": _OPT_STR,
    "mightBonus": _OPT_STR, "tags": (list,), "rulesText": _OPT_STR, "abilityHtml": _OPT_STR,
    "effectHtml": _OPT_STR,
}  # fmt: skip
_OPTIONAL_STR_KEYS = ("illustrator", "image", "orientation")
_JSON_TYPE = {str: "a string", list: "a list", type(None): "null", dict: "an object",
              int: "a number", float: "a number", bool: "a boolean"}  # fmt: skip
STARTER_SUFFIX = " - Starter"


class GalleryError(ValueError):
    """The file cannot be imported; the message names the key path (`cards[17].energy: …`)."""


@dataclass(frozen=True, slots=True)
class GalleryIssue:
    """One import report line; the same fields as the card store's ImportIssue."""

    source: str
    where: str
    message: str
    severity: str = "warning"  # warning | info


@dataclass(slots=True)
class GalleryResult:
    kind: str
    game: str
    cards: list[Card]
    issues: list[GalleryIssue]
    tokens: list[Printing] = field(default_factory=list)
    printings_read: int = 0
    generated_at: str | None = None
    source: str | None = None


# --- HTML and glyphs (§2.3) ----------------------------------------------------------------

_GLYPHS = {
    ":rb_might:": "[S]",
    ":rb_exhaust:": "[T]",
    ":rb_rune_rainbow:": "[A]",
    ":rb_rune_fury:": "[R]",
    ":rb_rune_calm:": "[G]",
    ":rb_rune_mind:": "[B]",
    ":rb_rune_body:": "[O]",
    ":rb_rune_chaos:": "[P]",
    ":rb_rune_order:": "[Y]",
}
_GLYPH = re.compile(r":rb_(?:energy_([0-9]+)|[a-z_]+):")
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_LI = re.compile(r"<li(?:\s[^>]*)?>", re.IGNORECASE)
_BLOCK = re.compile(r"</?(?:p|ul|ol|li)(?:\s[^>]*)?>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def _glyph(m: re.Match) -> str:
    if m.group(1) is not None:
        return f"[{int(m.group(1))}]"
    return _GLYPHS.get(m.group(0), m.group(0))


def html_to_text(fragment: str | None) -> str:
    """`<p>` blocks and `<br />` become lines, `<li>` a line `- …`, glyphs text symbols."""
    if not fragment:
        return ""
    text = _BR.sub("\n", fragment)
    text = _LI.sub("\n- ", text)
    text = _BLOCK.sub("\n", text)
    text = _TAG.sub("", text)
    text = html.unescape(text)
    text = _GLYPH.sub(_glyph, text)
    lines = [line.strip() for line in text.split("\n")]
    text = "\n".join(line for line in lines if line)
    return "" if text == "[NO TEXT]" else text.replace("[NO TEXT]", "").strip()


# --- validation ----------------------------------------------------------------------------


def _type_name(value) -> str:
    return _JSON_TYPE.get(type(value), type(value).__name__)


def _int_field(value: str | None, where: str) -> int | None:
    if value is None or value.strip() == "":
        return None
    if not re.fullmatch(r"[0-9]+", value.strip()):
        raise GalleryError(f"{where}: {json.dumps(value)} is not an integer")
    return int(value.strip())


def parse_might_bonus(value: str | None, where: str = "mightBonus") -> int | None:
    """`+2` -> 2, `+0` -> 0, `-1` and `−1` -> -1; None or "" -> None (§1.4)."""
    if value is None or value.strip() == "":
        return None
    m = re.fullmatch(r"([+\-\u2212]?)([0-9]+)", value.strip())
    if m is None:
        raise GalleryError(f"{where}: {json.dumps(value)} is not a signed integer")
    n = int(m.group(2))
    return -n if m.group(1) in ("-", "\u2212") else n


_PREFIX = re.compile(r"Riftbound ([^:]*):")


def _types(entry: dict, where: str) -> tuple[str, ...]:
    """`type`, widened by the `rulesText` prefix when it lists more (`Unit, Gear`)."""
    declared = [t.strip() for t in (entry["type"] or "").split(",") if t.strip()]
    m = _PREFIX.match(entry["rulesText"] or "")
    if m:
        listed = [t.strip() for t in m.group(1).split(",") if t.strip() and t.strip() != "None"]
        if len(listed) > len(declared) and all(t in TYPES for t in listed):
            declared = listed
    for t in declared:
        if t not in TYPES:
            raise GalleryError(f"{where}.type: unknown type {json.dumps(t)}")
    return tuple(declared)


def _check_entry(entry, i: int) -> None:
    where = f"cards[{i}]"
    if not isinstance(entry, dict):
        raise GalleryError(f"{where}: expected an object, found {_type_name(entry)}")
    for key in REQUIRED_KEYS:
        if key not in entry:
            raise GalleryError(f"{where}.{key}: missing required key")
        if not isinstance(entry[key], _KEY_TYPES[key]) or isinstance(entry[key], bool):
            raise GalleryError(
                f"{where}.{key}: expected {' or '.join(_type_name(t()) if t is not type(None) else 'null' for t in _KEY_TYPES[key])}, found {_type_name(entry[key])}"
            )
    for key in ("domains", "tags"):
        for j, item in enumerate(entry[key]):
            if not isinstance(item, str):
                raise GalleryError(
                    f"{where}.{key}[{j}]: expected a string, found {_type_name(item)}"
                )
    for j, d in enumerate(entry["domains"]):
        if d != "Colorless" and d not in DOMAINS:
            raise GalleryError(f"{where}.domains[{j}]: unknown domain {json.dumps(d)}")
    for key in _OPTIONAL_STR_KEYS:
        if key in entry and not isinstance(entry[key], _OPT_STR):
            raise GalleryError(f"{where}.{key}: expected a string, found {_type_name(entry[key])}")


def _printing(entry: dict, i: int) -> Printing:
    where = f"cards[{i}]"
    try:
        code = parse_code(entry["code"])
    except CardCodeError as exc:
        raise GalleryError(f"{where}.code: {exc}") from None
    return Printing(
        code=str(code),
        set=code.set,
        prefix=code.prefix,
        number=code.number,
        variant=code.variant,
        public_code=entry["code"],
        riot_id=entry["id"],
        rarity=entry["rarity"],
        artist=entry.get("illustrator") or "",
        image_url=entry.get("image") or "",
        orientation=entry.get("orientation") or "portrait",
        overnumbered=code.overnumbered,
        name=entry["name"],
        types=_types(entry, where),
        tags=tuple(entry["tags"]),
        domains=frozenset(d for d in entry["domains"] if d != "Colorless"),
        energy=_int_field(entry["energy"], f"{where}.energy"),
        power=_int_field(entry["power"], f"{where}.power"),
        might=_int_field(entry["might"], f"{where}.might"),
        might_bonus=parse_might_bonus(entry["mightBonus"], f"{where}.mightBonus"),
        rules_text=html_to_text(entry["abilityHtml"]),
        effect_text=None if entry["effectHtml"] is None else html_to_text(entry["effectHtml"]),
    )


def read_document(doc, source: str = "gallery") -> tuple[list[Printing], list[GalleryIssue]]:
    """Validate the whole document and return its printings (a later duplicate code wins)."""
    if not isinstance(doc, dict):
        raise GalleryError(f"top level: expected an object, found {_type_name(doc)}")
    cards = doc.get("cards")
    if not isinstance(cards, list):
        raise GalleryError("cards: expected a list of card objects")
    issues: list[GalleryIssue] = []
    by_code: dict[str, Printing] = {}
    for i, entry in enumerate(cards):
        _check_entry(entry, i)
        p = _printing(entry, i)
        if p.code in by_code:
            issues.append(
                GalleryIssue(
                    source, f"cards[{i}].code", f"{p.code} appears twice; the later entry wins"
                )
            )
        by_code[p.code] = p
    return list(by_code.values()), issues


def looks_like_gallery(doc) -> bool:
    """Recognised by content: a `cards` list whose entries have `code` and `abilityHtml`."""
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list) or not doc["cards"]:
        return False
    first = doc["cards"][0]
    return isinstance(first, dict) and "code" in first and "abilityHtml" in first


# --- building cards ------------------------------------------------------------------------


def is_token(p: Printing) -> bool:
    """§2.4: a `T` number or no type at all."""
    return p.prefix == "T" or not p.types


_MARKER = re.compile(r"\s*\([^()]*\)\s*$")


def token_base(name: str) -> str:
    """A token's name without its trailing region marker: `Recruit (NX)` -> `Recruit`."""
    return _MARKER.sub("", name).casefold()


def token_lookalikes(deck: list[Printing], tokens: list[Printing]) -> list[Printing]:
    """Printings with a plain number that are tokens all the same: named and typed like a token
    printing (Origins OGN-271–274, Recruit and Sprite, are the tokens of that set)."""
    shapes = {(token_base(t.name), t.types) for t in tokens if t.types}
    return [p for p in deck if (token_base(p.name), p.types) in shapes]


def union_tags(short: str, printings: list[Printing], ref: Printing) -> tuple[str, ...]:
    """A card's tags over all its printings (an alternate art or showcase printed without
    `Zaun` does not drop it from Jinx), the reference printing's first. A champion's printing
    that lacks the tag its name names is mis-tagged (Karma OGN-235, tagged Vi) and adds
    nothing (§2.5)."""
    own = {t for p in printings for t in p.tags if short and _names_tag(short, t)}
    kept = [p for p in printings if not own or own & set(p.tags)]
    out = list(ref.tags) if ref in kept else []
    for p in sorted(kept, key=lambda p: p.card_code):
        out += [t for t in p.tags if t not in out]
    return tuple(out)


def _legend_subtitle(gallery_name: str) -> str:
    if gallery_name.endswith(STARTER_SUFFIX):
        return gallery_name[: -len(STARTER_SUFFIX)].strip()
    return gallery_name


def _names_tag(short: str, tag: str) -> bool:
    """`Jinx` names tag `Jinx`; `Yi` names `Master Yi` (the last word of the tag)."""
    key = name_key(short)
    return key == name_key(tag) or key == name_key(tag.split()[-1])


def _base_card(
    name: str, printings: list[Printing], ref: Printing, tags: tuple[str, ...] | None = None
) -> Card:
    short, subtitle = split_name(name)
    keywords = parse_keywords(ref.rules_text)
    return Card(
        name=name,
        short_name=short,
        subtitle=subtitle,
        types=ref.types,
        tags=ref.tags if tags is None else tags,
        domains=ref.domains,
        energy=ref.energy,
        power=ref.power,
        might=ref.might,
        might_bonus=ref.might_bonus,
        rules_text=ref.rules_text,
        effect_text=ref.effect_text,
        keywords=keywords,
        effect_keywords=parse_keywords(ref.effect_text or ""),
        own_copy_limit=own_copy_limit(name, keywords, ref.rules_text),
        printings=tuple(sorted(printings, key=lambda p: p.card_code)),
    )


def build_cards(
    printings: list[Printing], source: str = "gallery"
) -> tuple[list[Card], list[Printing], list[GalleryIssue]]:
    """Group printings into Cards and derive champion tags, legend names and supertypes."""
    issues: list[GalleryIssue] = []
    tokens = [p for p in printings if is_token(p)]
    deck = [p for p in printings if not is_token(p)]
    lookalikes = token_lookalikes(deck, tokens)
    for p in lookalikes:
        issues.append(
            GalleryIssue(
                source,
                p.code,
                f"{p.name!r} is named and typed like a token printing: set aside as a token",
                "info",
            )
        )
    tokens += lookalikes
    deck = [p for p in deck if p not in lookalikes]

    # 1. non-legends group by their printed name; legends wait for the champion tags
    groups: dict[str, list[Printing]] = defaultdict(list)
    legend_groups: dict[str, list[Printing]] = defaultdict(list)
    for p in deck:
        if "Legend" in p.types:
            legend_groups[_legend_subtitle(p.name)].append(p)
        else:
            groups[p.name].append(p)

    cards: dict[str, Card] = {}
    champion_tags: set[str] = set()
    for name, group in groups.items():
        ref = reference_printing(group)
        short, subtitle = split_name(name)
        unit = "Unit" in ref.types and subtitle is not None
        card = _base_card(name, group, ref, union_tags(short if unit else "", group, ref))
        if "Unit" in card.types and card.subtitle is not None:
            named = [t for t in card.tags if _names_tag(card.short_name, t)]
            if named:
                champion_tags.update(named)
                card = replace(card, supertypes=frozenset({"Champion"}))
            else:
                card = replace(card, supertypes_known=False)
        cards[name] = card

    # 2. legends: the rules name is `<champion tag>, <subtitle>`
    legend_tag_domains: dict[str, set[frozenset]] = defaultdict(set)
    for subtitle, group in legend_groups.items():
        ref = reference_printing(group)
        tags = [t for t in ref.tags if t in champion_tags]
        tag = tags[0] if len(tags) == 1 else None
        if tag is None:
            issues.append(
                GalleryIssue(
                    source,
                    ref.code,
                    f"legend {subtitle!r} carries {len(tags)} champion tags ({', '.join(tags) or 'none'})",
                )
            )
        name = f"{tag}, {subtitle}" if tag else subtitle
        card = replace(_base_card(name, group, ref), champion_tag=tag)
        if tag:
            legend_tag_domains[tag].add(ref.domains)
        if name in cards:
            issues.append(
                GalleryIssue(source, ref.code, f"legend name {name!r} is also another card's name")
            )
        cards[name] = card

    # 3. Signature: not a Champion, carries a champion tag whose legend has the same domains
    for name, card in list(cards.items()):
        if card.is_legend or card.is_champion or not ({"Unit", "Gear", "Spell"} & set(card.types)):
            continue
        for t in card.tags:
            if card.domains in legend_tag_domains.get(t, ()):
                cards[name] = replace(
                    card, supertypes=frozenset({"Signature"}), supertypes_known=True
                )
                break

    # 4. reports: the "any number" clause naming another card, Effect Text off Gear,
    #    printings that differ, names sharing a slug
    slugs: dict[str, str] = {}
    for card in cards.values():
        named = any_number_clause(card.rules_text)
        if named is not None and card.own_copy_limit != 999:
            issues.append(
                GalleryIssue(
                    source,
                    card.name,
                    f"the 'any number' clause names {named!r}, not this card; ignored",
                )
            )
        if card.effect_text is not None and "Gear" not in card.types:
            issues.append(
                GalleryIssue(
                    source,
                    card.name,
                    f"Effect Text on a card that is not a Gear: {card.effect_text!r}",
                )
            )
        if len({(p.tags, p.rules_text, p.effect_text) for p in card.printings}) > 1:
            issues.append(
                GalleryIssue(
                    source,
                    card.name,
                    "printings differ in tags or text; the reference printing's text is used, the tags of all printings",
                    "info",
                )
            )
        other = slugs.setdefault(card.id, card.name)
        if other != card.name:
            issues.append(
                GalleryIssue(source, card.name, f"shares the card id {card.id!r} with {other!r}")
            )
    for card in cards.values():
        if not card.supertypes_known:
            issues.append(
                GalleryIssue(
                    source,
                    card.name,
                    "supertype unknown: named like a champion but names none of its tags",
                    "info",
                )
            )
    return sorted(cards.values(), key=lambda c: name_key(c.name)), tokens, issues


def load_document(doc, source: str = "gallery") -> GalleryResult:
    printings, issues = read_document(doc, source)
    cards, tokens, more = build_cards(printings, source)
    return GalleryResult(
        kind=KIND,
        game=GAME,
        cards=cards,
        issues=issues + more,
        tokens=tokens,
        printings_read=len(printings),
        generated_at=doc.get("generatedAt") if isinstance(doc.get("generatedAt"), str) else None,
        source=doc.get("source") if isinstance(doc.get("source"), str) else None,
    )


def load_gallery(path, progress=None) -> GalleryResult:
    """Read a gallery JSON file; raises GalleryError (a ValueError) naming what is wrong."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise GalleryError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8-sig")
        refuse_in_json(text, str(path))  # `\ud800`: a name no file or database can store
        doc = json.loads(text)
    except UnicodeDecodeError as exc:
        raise GalleryError(f"{path}: not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise GalleryError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    try:
        result = load_document(doc, str(path))
    except GalleryError as exc:
        raise GalleryError(f"{path}: {exc}") from None
    if progress is not None:
        try:
            progress(len(result.cards), len(result.cards))
        except TypeError:
            pass
    return result


# --- the supplementary supertype file (§2.6) ----------------------------------------------


def read_supertypes(doc) -> dict[str, frozenset[str]]:
    """`{"source": …, "supertypes": {name: [..]}}` -> {name: supertypes}; bad shapes abort."""
    if not isinstance(doc, dict):
        raise GalleryError(f"top level: expected an object, found {_type_name(doc)}")
    for key in doc:
        if key not in ("source", "supertypes"):
            raise GalleryError(f"{key}: unknown key")
    table = doc.get("supertypes")
    if not isinstance(table, dict):
        raise GalleryError("supertypes: expected an object of rules name -> list")
    out: dict[str, frozenset[str]] = {}
    for name, values in table.items():
        if not isinstance(values, list):
            raise GalleryError(f"supertypes.{name}: expected a list, found {_type_name(values)}")
        for j, v in enumerate(values):
            if v not in ("Champion", "Signature"):
                raise GalleryError(
                    f"supertypes.{name}[{j}]: {json.dumps(v)} is not Champion or Signature"
                )
        out[name] = frozenset(values)
    return out


def looks_like_supertypes(doc) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("supertypes"), dict) and "cards" not in doc


def apply_supertypes(
    cards, table: dict[str, frozenset[str]], source: str = "supertypes"
) -> tuple[list[Card], list[GalleryIssue]]:
    """Each entry replaces the derived value and makes it known; unknown names are reported."""
    issues: list[GalleryIssue] = []
    by_name = {c.name: c for c in cards}
    for name, supertypes in table.items():
        card = by_name.get(name)
        if card is None:
            issues.append(GalleryIssue(source, name, "not in the card pool"))
            continue
        by_name[name] = replace(card, supertypes=supertypes, supertypes_known=True)
    return [by_name[c.name] for c in cards], issues


def slug_of(name: str) -> str:
    return slug(name)
