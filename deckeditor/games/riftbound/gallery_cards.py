"""The gallery's printings grouped into Cards (`riftbound.md` §2.4-2.6): tokens set aside, each
Card taking its characteristics from its reference printing, champion tags, legend names and
supertypes derived (the gallery has no supertype field), and what the import report says.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from deckeditor.games.riftbound.card import (
    Card,
    Printing,
    any_number_clause,
    own_copy_limit,
    parse_keywords,
    reference_printing,
    split_name,
)
from deckeditor.names import name_key

STARTER_SUFFIX = " - Starter"


@dataclass(frozen=True, slots=True)
class GalleryIssue:
    """One import report line; the same fields as the card store's ImportIssue."""

    source: str
    where: str
    message: str
    severity: str = "warning"  # warning | info


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
    deck, tokens = _set_aside_tokens(printings, source, issues)
    # non-legends group by their printed name; legends wait for the champion tags
    groups: dict[str, list[Printing]] = defaultdict(list)
    legend_groups: dict[str, list[Printing]] = defaultdict(list)
    for p in deck:
        if "Legend" in p.types:
            legend_groups[_legend_subtitle(p.name)].append(p)
        else:
            groups[p.name].append(p)
    cards, champion_tags = _non_legends(groups)
    legend_tag_domains = _legends(legend_groups, champion_tags, cards, source, issues)
    _signatures(cards, legend_tag_domains)
    issues.extend(_reports(cards.values(), source))
    return sorted(cards.values(), key=lambda c: name_key(c.name)), tokens, issues


def _set_aside_tokens(
    printings: list[Printing], source: str, issues: list[GalleryIssue]
) -> tuple[list[Printing], list[Printing]]:
    """(the deck's printings, the tokens): token lookalikes are set aside, each reported."""
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
    return [p for p in deck if p not in lookalikes], tokens


def _reference(group: list[Printing]) -> Printing:
    ref = reference_printing(group)
    assert ref is not None  # a group holds at least one printing
    return ref


def _non_legends(groups: dict[str, list[Printing]]) -> tuple[dict[str, Card], set[str]]:
    """1. each non-legend's Card, a champion unit marked (its tags name it): (cards by name,
    the champion tags)."""
    cards: dict[str, Card] = {}
    champion_tags: set[str] = set()
    for name, group in groups.items():
        ref = _reference(group)
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
    return cards, champion_tags


def _legends(
    legend_groups: dict[str, list[Printing]],
    champion_tags: set[str],
    cards: dict[str, Card],
    source: str,
    issues: list[GalleryIssue],
) -> dict[str, set[frozenset[str]]]:
    """2. legends, added to `cards`: the rules name is `<champion tag>, <subtitle>`. Returns
    the domains of each champion tag's legends."""
    legend_tag_domains: dict[str, set[frozenset[str]]] = defaultdict(set)
    for subtitle, group in legend_groups.items():
        ref = _reference(group)
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
    return legend_tag_domains


def _signatures(cards: dict[str, Card], legend_tag_domains: dict[str, set[frozenset[str]]]) -> None:
    """3. Signature: not a Champion, carries a champion tag whose legend has the same domains."""
    for name, card in list(cards.items()):
        if card.is_legend or card.is_champion or not ({"Unit", "Gear", "Spell"} & set(card.types)):
            continue
        for t in card.tags:
            if card.domains in legend_tag_domains.get(t, ()):
                cards[name] = replace(
                    card, supertypes=frozenset({"Signature"}), supertypes_known=True
                )
                break


def _reports(cards: Iterable[Card], source: str) -> list[GalleryIssue]:
    """4. the "any number" clause naming another card, Effect Text off Gear, printings that
    differ, names sharing a slug; then each card whose supertype is unknown."""
    cards = list(cards)
    issues: list[GalleryIssue] = []
    slugs: dict[str, str] = {}
    for card in cards:
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
                    f"Effect Text on a card that is not a Gear: {card.effect_text!r} "
                    "(only a Gear has one; kept as the gallery gives it)",
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
    for card in cards:
        if not card.supertypes_known:
            issues.append(
                GalleryIssue(
                    source,
                    card.name,
                    "supertype unknown: named like a champion but names none of its tags",
                    "info",
                )
            )
    return issues
