"""The columns MTG's keys read (`search.md` §3, §4), built once per pool from the cards."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from functools import lru_cache
from typing import Any, cast

from deckeditor.format_catalog import builtin_codes, load_format
from deckeditor.formats import Format
from deckeditor.games.mtg.card import Card, Layout
from deckeditor.names import slug_uncached
from deckeditor.search import bits
from deckeditor.search.context import SearchFormat
from deckeditor.search.folding import fold_name, fold_rules, fold_text, replace_name, strip_reminder

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


def _tilde(folded: str, face_name: str) -> str:
    """The face's own name, then the part before its first comma, replaced by `~`."""
    out = replace_name(folded, fold_text(face_name))
    if "," in face_name:
        out = replace_name(out, fold_text(face_name.split(",", 1)[0]))
    return out


def _format_card(card: Card) -> tuple[str, int | None, bool]:
    limit = card.own_copy_limit
    # `card.id` without its cache: this pass over the pool would fill it with every card
    return (slug_uncached(card.name), limit if limit else None, limit == 0)


def _pool_outside(cards: Sequence[Card]) -> Callable[[SearchFormat, date], list[int]]:
    """(format, day) -> the rows outside its card pool (`legality.py`), or banned there by the
    card source (built-in formats)."""

    def outside(fmt: SearchFormat, day: date) -> list[int]:
        # lazy: the format pools (legality, the per-pool bitsets) load with the first f:
        from deckeditor.games.mtg.legality import pool_rule
        from deckeditor.games.mtg.pool_bits import outside_rows

        # search holds the Formats the catalog loaded (or a player's format file)
        loaded = cast(Format, fmt)
        code = fmt.code
        builtin = code in builtin_codes() and load_format(code).format is fmt
        return outside_rows(cards, pool_rule(loaded), day, loaded if builtin else None)

    return outside


def printed_names(card: Card) -> tuple[str, ...]:
    """Column `name_raw`'s row: the full name, then each other face name as printed."""
    return (card.name,) + tuple(f.name for f in card.faces if f.name != card.name)


def raw_texts(card: Card) -> tuple[str, ...]:
    """Column `full_raw`'s row: each face's rules text as printed, reminder text included."""
    return tuple(f.oracle_text for f in card.faces)


# the columns made from the cards again rather than stored (`GameSearch.card_columns`)
CARD_COLUMNS = {"name_raw": printed_names, "full_raw": raw_texts}


def build_columns(cards: Sequence[Card]) -> dict[str, Any]:
    """Every column MTG's keys read, in one pass over the cards: a hot loop (~30,000 cards at
    the first start after an import; a pass per column would walk the cards and faces again).

    Equal values are one object: a type line or a stat tuple repeats over thousands of cards,
    and a card's text without reminder text or with `~` is mostly its full text (the stored
    columns then keep only the rows that differ, `search.stored_columns`): ~25 MB less resident
    over the full pool."""
    n = len(cards)
    texts: dict[str, str] = {}
    lines: dict[str, str] = {}
    numbers: dict[tuple[float | None, ...], tuple[float | None, ...]] = {}
    one_text, one_type, one_stat = texts.setdefault, lines.setdefault, numbers.setdefault
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
        printed = printed_names(card)
        name_raw.append(printed)
        for written in printed:
            exact.setdefault(fold_name(written), []).append(row)
        line = "\n".join(" " + fold_name(f.type_line) for f in faces)
        types.append(one_type(line, line))
        folded_full = [fold_text(f.oracle_text) for f in faces]
        folded_rules = [fold_rules(t) for t in folded_full]
        full_raw.append(raw_texts(card))
        whole = "\n".join(folded_full)
        whole = one_text(whole, whole)
        rules = "\n".join(folded_rules)
        rules = whole if rules == whole else one_text(rules, rules)
        full.append(whole)
        text.append(rules)
        tilde = "\n".join(_tilde(t, f.name) for t, f in zip(folded_rules, faces))
        text_tilde.append(rules if tilde == rules else tilde)
        tilde = "\n".join(_tilde(t, f.name) for t, f in zip(folded_full, faces))
        full_tilde.append(whole if tilde == whole else tilde)
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
        stats: tuple[float | None, ...] = (float(card.mana_value),)
        mv.append(one_stat(stats, stats))
        stats = tuple(stat_value(f.power) for f in faces)
        pw.append(one_stat(stats, stats))
        stats = tuple(stat_value(f.toughness) for f in faces)
        tg.append(one_stat(stats, stats))
        stats = tuple(stat_value(f.loyalty) for f in faces)
        lo.append(one_stat(stats, stats))
        stats = tuple(stat_value(f.defense) for f in faces)
        df.append(one_stat(stats, stats))
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
        # a keyword of few cards keeps its rows (most of the ~570 are rare: 1.7 -> 0.4 MB)
        "keywords": {
            k: bits.from_rows(v, n) if len(v) >= 64 else tuple(v) for k, v in keywords.items()
        },
        "color_groups": [bits.from_rows(r, n) for r in color_rows],
        "identity_groups": [bits.from_rows(r, n) for r in identity_rows],
        "num:mv": mv,
        "num:pow": pw,
        "num:tou": tg,
        "num:loy": lo,
        "num:def": df,
    } | lazy_columns(cards, {"full_raw": full_raw})


def lazy_columns(cards: Sequence[Card], columns: dict[str, Any]) -> dict[str, Any]:
    return {
        # Only a regex reads it: stripped on first use (`full_raw` read then: a stored column is
        # read back when first used)
        "text_raw": lambda: [
            tuple(strip_reminder(t) for t in texts) for texts in columns["full_raw"]
        ],
        "format_cards": lambda: [_format_card(c) for c in cards],
        "format_pool": lambda: _pool_outside(cards),
    }
