"""A deck's categories and the template it is built to, as Archidekt keeps them (game-neutral).

Every deck line has categories: the ones the player set (`Entry.categories`: renamed, added,
removed), else the categories an import brought (`Entry.tags`: Archidekt `[Ramp]`, Moxfield
`#Ramp`), else its card's roles as the game reads them (`Game.card_roles`, titled by `Game.roles`:
"Ramp", "Draw"…). A card in two categories is listed in both and counted in each.

The template is the copies wanted per category ("Ramp": 10). The deck keeps its own
(`Deck.template`) once the player chooses one; until then the game's default for the format is
shown, and nothing is warned about. A category under its target is a warning
(`ProblemKind.CATEGORY_TARGET`), never an error: a template is a plan, not a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry
from deckeditor.games import registry
from deckeditor.games.interface import Game
from deckeditor.problems import Problem, ProblemKind, Severity

Pool = CardPool[Any] | None  # the deck's card pool (None: no card is known)


@dataclass(frozen=True, slots=True)
class TargetStatus:
    """One category against its target: `label` is what the statistics panel shows
    ("Ramp 8/10"); `query` is the catalog search that finds more (empty for a player's own
    category, which no card text names)."""

    category: str
    count: int
    target: int
    query: str = ""

    @property
    def ok(self) -> bool:
        return self.count >= self.target

    @property
    def label(self) -> str:
        return f"{self.category} {self.count}/{self.target}"


def role_titles(game: Game, deck: Deck | None = None) -> dict[str, str]:
    """Role key -> the category it gives a line: the game's title, or the deck's name for it."""
    names = deck.category_names if deck is not None and deck.category_names else {}
    return {r.key: names.get(r.title, r.title) for r in game.roles}


def queries(game: Game, deck: Deck | None = None) -> dict[str, str]:
    """Category -> the catalog search that lists its cards (roles only, by the deck's names)."""
    titles = role_titles(game, deck)
    return {titles[r.key]: r.query for r in game.roles}


def default_categories(
    game: Game,
    card: Any,
    pool: Pool,
    deck: Deck | None = None,
    titles: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """The card's roles as the deck names them; `titles`: `role_titles(game, deck)`, when the
    caller asks for many lines (made once, not once a line)."""
    titles = role_titles(game, deck) if titles is None else titles
    return tuple(titles[k] for k in game.card_roles(card, pool) if k in titles)


def line_categories(
    entry: Entry,
    card: Any,
    game: Game,
    pool: Pool,
    deck: Deck | None = None,
    titles: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """The categories a deck line is listed under (see the module's docstring); `deck` gives the
    names the deck uses for the game's roles (`titles`: those names, made once by the caller)."""
    if entry.categories is not None:
        return entry.categories
    if entry.tags:
        return entry.tags
    return default_categories(game, card, pool, deck, titles)


def counted_sections(game: Game, deck: Deck) -> tuple[str, ...]:
    return tuple(s for s in game.category_sections if s in deck.section_names())


def _lines(deck: Deck, game: Game, pool: Pool) -> Iterable[tuple[str, int, Entry, Any]]:
    for section in counted_sections(game, deck):
        for i, entry in enumerate(deck.section(section).entries):
            yield section, i, entry, pool.get(entry.card) if pool is not None else None


def category_counts(deck: Deck, game: Game, pool: Pool) -> dict[str, int]:
    """Copies per category over the sections the template counts: every role's title first
    (0 when none), then the player's own categories in the order the deck first names them."""
    titles = role_titles(game, deck)
    counts = dict.fromkeys(titles.values(), 0)
    for _section, _i, entry, card in _lines(deck, game, pool):
        for name in line_categories(entry, card, game, pool, deck, titles):
            counts[name] = counts.get(name, 0) + entry.count
    return counts


def category_cards(deck: Deck, game: Game, pool: Pool, category: str) -> list[str]:
    """The names of the deck's cards in `category`, each once, in deck order."""
    found: dict[str, None] = {}
    titles = role_titles(game, deck)
    for _section, _i, entry, card in _lines(deck, game, pool):
        if category in line_categories(entry, card, game, pool, deck, titles):
            found[card.name if card is not None else entry.card] = None
    return list(found)


def template_of(deck: Deck, game: Game, fmt: Any) -> dict[str, int]:
    """The deck's targets: its own, else the game's default for the format."""
    if deck.template is not None:
        return dict(deck.template)
    names = deck.category_names or {}
    return {names.get(k, k): v for k, v in game.default_template(fmt).items()}


def template_status(
    deck: Deck, game: Game, fmt: Any, pool: Pool, counts: Mapping[str, int] | None = None
) -> list[TargetStatus]:
    """Each category of the template with its count, in the template's order."""
    counts = category_counts(deck, game, pool) if counts is None else counts
    found = queries(game, deck)
    return [
        TargetStatus(name, counts.get(name, 0), target, found.get(name, ""))
        for name, target in template_of(deck, game, fmt).items()
    ]


def template_problems(deck: Deck, game: Game, fmt: Any, pool: Pool) -> list[Problem]:
    """A warning per category under its target, for a deck that carries a template."""
    if deck.template is None:
        return []
    problems = []
    for status in template_status(deck, game, fmt, pool):
        if status.ok:
            continue
        missing = status.target - status.count
        problem = Problem.make(
            ProblemKind.CATEGORY_TARGET,
            None,
            category_cards(deck, game, pool, status.category),
            f"{status.label}: {missing} more wanted by the deck's template",
            Severity.WARNING,
        )
        problem.extra.update({"category": status.category, "query": status.query})
        problems.append(problem)
    return problems


# --- editing: each returns a new deck -----------------------------------------------------------


def with_line_categories(
    deck: Deck, section: str, index: int, categories: Iterable[str] | None
) -> Deck:
    """The line's categories set by the player (None: back to its defaults)."""
    entry = deck.section(section).entries[index]
    names = (
        None
        if categories is None
        else tuple(dict.fromkeys(c.strip() for c in categories if c.strip()))
    )
    return deck.replace_entry(section, index, replace(entry, categories=names))


def add_category(
    deck: Deck, game: Game, pool: Pool, section: str, index: int, category: str
) -> Deck:
    entry = deck.section(section).entries[index]
    card = pool.get(entry.card) if pool is not None else None
    now = line_categories(entry, card, game, pool, deck)
    return with_line_categories(deck, section, index, (*now, category))


def remove_category(
    deck: Deck, game: Game, pool: Pool, section: str, index: int, category: str
) -> Deck:
    entry = deck.section(section).entries[index]
    card = pool.get(entry.card) if pool is not None else None
    now = line_categories(entry, card, game, pool, deck)
    return with_line_categories(deck, section, index, [c for c in now if c != category])


def rename_category(deck: Deck, game: Game, pool: Pool, old: str, new: str) -> Deck:
    """Every line listed under `old` is listed under `new` instead, and the template's target
    follows it. A role's category is renamed for the deck (`Deck.category_names`), so cards
    added later take the new name too. Raises ValueError for an empty name."""
    new = new.strip()
    if not new:
        raise ValueError("a category needs a name")
    titles = role_titles(game, deck)
    role = next((r for r in game.roles if titles[r.key] == old), None)
    if role is not None:
        names = dict(deck.category_names or {})
        names[role.title] = new
        deck = deck.with_category_names({k: v for k, v in names.items() if k != v})
    for section in deck.section_names():  # every section: the pane lists them all by category
        for i, entry in enumerate(deck.section(section).entries):
            if entry.categories is None and not entry.tags:
                continue  # its roles, named by the deck
            card = pool.get(entry.card) if pool is not None else None
            now = line_categories(entry, card, game, pool, deck)
            if old in now:
                deck = with_line_categories(deck, section, i, [new if c == old else c for c in now])
    if deck.template is not None and old in deck.template:
        deck = deck.with_template({new if k == old else k: v for k, v in deck.template.items()})
    return deck


def with_target(deck: Deck, game: Game, fmt: Any, category: str, target: int | None) -> Deck:
    """The deck's template with `category`'s target set (None: the category left out). The
    first change takes the game's default as the starting point."""
    template = template_of(deck, game, fmt)
    if target is None:
        template.pop(category, None)
    else:
        if not 0 <= target <= 9999:
            raise ValueError("a target is a number of cards from 0 to 9999")
        template[category] = target
    return deck.with_template(template)


__all__ = [
    "TargetStatus",
    "add_category",
    "category_cards",
    "category_counts",
    "default_categories",
    "line_categories",
    "queries",
    "remove_category",
    "rename_category",
    "role_titles",
    "template_of",
    "template_problems",
    "template_status",
    "with_line_categories",
    "with_target",
]


# --- what the odds count --------------------------------------------------------------------------


def find_category(game: Game, deck: Deck, pool: Pool, asked: str) -> str | None:
    """The category `asked` names: a role's key or title, or a category of the deck, compared
    case-insensitively ("ramp", "Draw", "lands"); None when nothing matches."""
    wanted = asked.strip().casefold()
    titles = role_titles(game, deck)
    for role in game.roles:
        if wanted in (role.key.casefold(), role.title.casefold(), titles[role.key].casefold()):
            return titles[role.key]
    for name in category_counts(deck, game, pool):
        if name.casefold() == wanted:
            return name
    return None


def library_cards(deck: Deck, game: Game, pool: Pool) -> list[tuple[Entry, Any]]:
    """(entry, card) of each line shuffled into the library (`Game.library_sections`)."""
    return [
        (entry, pool.get(entry.card) if pool is not None else None)
        for section in game.library_sections
        for entry in deck.section(section).entries
    ]


def library_count(
    deck: Deck, game: Game, pool: Pool, category: str | None = None, card: str | None = None
) -> tuple[int, int]:
    """(cards in the library, how many of them are wanted): the copies in `category`, or the
    copies of the card named `card` (its pool name or as written)."""
    size = wanted = 0
    key = card.casefold() if card is not None else None
    for entry, found in library_cards(deck, game, pool):
        size += entry.count
        if category is not None and category in line_categories(entry, found, game, pool, deck):
            wanted += entry.count
        elif key is not None and key in {
            entry.card.casefold(),
            (found.name if found is not None else "").casefold(),
        }:
            wanted += entry.count
    return size, wanted


def categories_as_tags(deck: Deck, pool: Pool, defaults: bool = True) -> Deck:
    """The deck with each line's categories written into its tags (Archidekt's `[Ramp]`,
    Moxfield's `#Ramp`), so a kind that carries tags carries them; lines of a game without
    roles keep their tags. Without `defaults`, only the categories the player set are written
    (a line's roles come back from its card's text anyway)."""
    game = registry.game(deck.game)
    if not game.roles:
        return deck
    for section in deck.section_names():
        entries = list(deck.section(section).entries)
        changed = False
        for i, entry in enumerate(entries):
            if not defaults and entry.categories is None:
                continue
            card = pool.get(entry.card) if pool is not None else None
            names = line_categories(entry, card, game, pool, deck)
            if names != entry.tags or entry.categories is not None:
                entries[i] = replace(entry, tags=tuple(names), categories=None)
                changed = True
        if changed:
            deck = deck.with_entries(section, entries)
    return deck
