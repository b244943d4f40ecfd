"""Two-card infinite combos from Commander Spellbook's published bulk file (`variants.json`).

The brackets rule on two-card infinite combos, which no card text shows; Commander Spellbook's
bulk export lists them. Only variants whose `uses` are exactly two cards, that require no other
permanent or template (`requires` empty), and that produce an infinite or game-winning result
count here. The file is read when the user gives it as a card source (`--cards variants.json`);
without it the bracket report says "combos not checked".
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from deckeditor.games.mtg.card import Pool
from deckeditor.names import name_key


@dataclass(frozen=True, slots=True)
class Combo:
    cards: tuple[str, str]  # as the file spells them, sorted
    produces: tuple[str, ...]
    keys: frozenset[str]  # name keys of both cards


@dataclass(frozen=True, slots=True)
class ComboTable:
    combos: tuple[Combo, ...]
    by_card: dict[str, tuple[Combo, ...]]  # name key -> the combos with that card

    def partners(self, key: str) -> set[str]:
        """Name keys that complete a two-card combo with the card `key`."""
        return {k for c in self.by_card.get(key, ()) for k in c.keys if k != key}

    def in_deck(self, keys: set[str]) -> list[Combo]:
        seen: list[Combo] = []
        for k in keys:
            for c in self.by_card.get(k, ()):
                if c.keys <= keys and c not in seen:
                    seen.append(c)
        return sorted(seen, key=lambda c: c.cards)


def _infinite(produces: list[object]) -> tuple[str, ...]:
    out: list[str] = []
    for p in produces:
        feature = p.get("feature") if isinstance(p, dict) else None
        name = feature.get("name") if isinstance(feature, dict) else None
        if isinstance(name, str) and (
            name.lower().startswith("infinite") or "win the game" in name.lower()
        ):
            out.append(name)
    return tuple(out)


def parse_variants(doc: object) -> ComboTable:
    """A Spellbook bulk document ({"variants": [...]}); a bad shape raises ValueError."""
    if not isinstance(doc, dict) or not isinstance(doc.get("variants"), list):
        raise ValueError('no "variants" list (is this Commander Spellbook\'s variants.json?)')
    combos: dict[frozenset[str], Combo] = {}
    for v in doc["variants"]:
        if not isinstance(v, dict) or v.get("status", "OK") != "OK" or v.get("requires"):
            continue
        uses = v.get("uses")
        if not isinstance(uses, list) or len(uses) != 2:
            continue
        names: list[str] = []
        for u in uses:
            card = u.get("card") if isinstance(u, dict) else None
            name = card.get("name") if isinstance(card, dict) else None
            if isinstance(name, str) and name:
                names.append(name)
        produces = _infinite(v.get("produces") or [])
        keys = frozenset(name_key(n) for n in names)
        if len(names) != 2 or len(keys) != 2 or not produces or keys in combos:
            continue
        first, second = sorted(names)
        combos[keys] = Combo((first, second), produces, keys)
    by_card: dict[str, list[Combo]] = {}
    for c in combos.values():
        for k in c.keys:
            by_card.setdefault(k, []).append(c)
    return ComboTable(tuple(combos.values()), {k: tuple(v) for k, v in by_card.items()})


def load_variants(path: str | os.PathLike[str]) -> ComboTable:
    """Read a (possibly .xz/.gz/.zip) bulk file; unreadable input raises ValueError."""
    # lazy: the MTGJSON reader (compressed files, size limits), only when a Spellbook file is read
    from deckeditor.games.mtg.mtgjson import MtgjsonError, load_document

    try:
        doc = load_document(path)
    except MtgjsonError as exc:
        raise ValueError(str(exc)) from None
    return parse_variants(doc)


def combos_of(pool: Pool) -> ComboTable | None:
    """The pool's combos: a `--cards` Spellbook file's, or the imported one's, read once (its
    path is kept by the card database); None when there is none or it cannot be read."""
    if isinstance(pool.combos, ComboTable):
        return pool.combos
    path = pool.combos_path
    if not path:
        return None
    table: ComboTable | None
    try:
        table = load_variants(path)
    except (OSError, ValueError):
        table = None
    pool.combos, pool.combos_path = table, None  # read once, whatever the outcome
    return table


__all__ = ["Combo", "ComboTable", "combos_of", "load_variants", "parse_variants"]
