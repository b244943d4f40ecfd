"""A game-neutral deck: named sections of entries (card, count, printing, choices, tags, flags).

Decks are immutable values: every edit returns a new `Deck` that shares the untouched sections
and entries with the old one, so an undo stack is a list of snapshots and the catalog predicate can
hold a snapshot without copying (`mtg-rules.md` §11: predicates never see a deck change under them).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import overload

from deckeditor import deck_games

MAX_COUNT = 9999
_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Printing:
    """Which printing an entry shows; every field optional (`deck-files.md` §3)."""

    set: str | None = None
    number: str | None = None
    finish: str | None = None  # nonfoil | foil | etched
    forge_art: int | None = None
    scryfall: str | None = None
    mtgo: int | None = None
    arena: int | None = None
    multiverse: int | None = None
    code: str | None = None  # Riftbound card code, `OGN-007a`

    def is_empty(self) -> bool:
        return all(getattr(self, f) is None for f in self.__slots__)

    def label(self) -> str:
        """How players write it: `M11 149`, `M11`, `OGN-007a` ("" when nothing says which)."""
        if self.code:
            return self.code
        return " ".join(p for p in (self.set, self.number) if p)


@dataclass(frozen=True, slots=True)
class Entry:
    card: str  # Oracle name as the pool spells it; as written when unknown
    count: int = 1
    printing: Printing | None = None
    colors: str = ""  # chosen colours in WUBRG order ("" = no choice): choices.colors
    tags: tuple[str, ...] = ()
    flags: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    # The line's categories as the player set them (renamed, added, removed); None: the card's
    # roles (or its imported tags) stand, see `deckeditor.games.categories`
    categories: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.count, int) or isinstance(self.count, bool):
            raise TypeError("count must be an int")
        if not 1 <= self.count <= MAX_COUNT:
            raise ValueError(f"count must be from 1 to {MAX_COUNT}, not {self.count}")
        if not isinstance(self.flags, MappingProxyType):
            # no flags (nearly every entry): the one shared empty mapping, not a dict and a
            # proxy per entry (a file of a million distinct lines has a million entries)
            flags = MappingProxyType(dict(self.flags)) if self.flags else _EMPTY
            object.__setattr__(self, "flags", flags)

    def same_line(self, other: Entry) -> bool:
        """Two lines that merge (counts added) when they meet in one section."""
        return (
            self.card == other.card
            and self.printing == other.printing
            and self.colors == other.colors
            and self.tags == other.tags
            and dict(self.flags) == dict(other.flags)
            and self.categories == other.categories
        )

    def with_count(self, count: int) -> Entry:
        return replace(self, count=count)

    def __hash__(self) -> int:  # flags is a mapping proxy; hash the rest
        return hash((self.card, self.count, self.printing, self.colors, self.tags, self.categories))


class PlainEntries(Sequence[Entry]):
    """A section's entries when each is only a card and a count, held column-wise: a name and a
    count per row, the `Entry` made on access. Reads like the tuple of entries it stands for
    (equal to it, same hash), and is as immutable. A file of a million distinct lines read into
    a million `Entry` objects would take a second and a hundred megabytes more (issue 15)."""

    __slots__ = ("_cards", "_counts")

    def __init__(self, cards: list[str], counts: Iterable[int]) -> None:
        self._cards = cards
        self._counts = array("H", counts)  # 1..9999
        if len(self._counts) != len(cards):
            raise ValueError("one count per card")
        if self._counts and not 1 <= min(self._counts) <= max(self._counts) <= MAX_COUNT:
            raise ValueError(f"counts must be from 1 to {MAX_COUNT}")

    def __len__(self) -> int:
        return len(self._cards)

    @overload
    def __getitem__(self, index: int) -> Entry: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Entry, ...]: ...

    def __getitem__(self, index: int | slice) -> Entry | tuple[Entry, ...]:
        if isinstance(index, slice):
            return tuple(map(_plain, self._cards[index], self._counts[index]))
        return _plain(self._cards[index], self._counts[index])

    def __iter__(self) -> Iterator[Entry]:
        return map(_plain, self._cards, self._counts)

    def __reversed__(self) -> Iterator[Entry]:
        return map(_plain, reversed(self._cards), reversed(self._counts))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PlainEntries):
            return self._cards == other._cards and self._counts == other._counts
        if isinstance(other, tuple):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: tuple[Entry, ...]) -> tuple[Entry, ...]:
        return tuple(self) + tuple(other)

    def __radd__(self, other: tuple[Entry, ...]) -> tuple[Entry, ...]:
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return f"PlainEntries({len(self)} entries)"

    def total(self) -> int:
        return sum(self._counts)


def _plain(card: str, count: int) -> Entry:
    return Entry(card, count, None, "", (), _EMPTY)


@dataclass(frozen=True, slots=True)
class Section:
    name: str
    entries: tuple[Entry, ...] | PlainEntries = ()  # PlainEntries: a large read section

    @property
    def total(self) -> int:
        entries = self.entries
        if entries.__class__ is PlainEntries:  # no Entry made per row
            return entries.total()
        return sum(e.count for e in entries)

    def count_of(self, card: str) -> int:
        return sum(e.count for e in self.entries if e.card == card)


@dataclass(frozen=True, slots=True)
class Unparsed:
    source: str
    line: int
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class Deck:
    game: str = field(default_factory=deck_games.default)  # a declared game's code
    name: str = "Untitled deck"
    format: str | None = None
    notes: str = ""
    tags: tuple[str, ...] = ()
    sections: tuple[Section, ...] = ()
    unparsed: tuple[Unparsed, ...] = ()
    foreign: Mapping[str, object] = field(default_factory=lambda: _EMPTY)
    created: str | None = None
    modified: str | None = None
    bracket: int | None = None  # Commander Brackets target, 1-5; None: no bracket constraints
    # Copies wanted per category ("Ramp": 10), the template the deck is built to; None: none
    # chosen (the window shows the game's default for the format without warning about it)
    template: Mapping[str, int] | None = None
    # The deck's names for the game's roles ("Ramp" -> "Mana"): a card's default categories follow
    category_names: Mapping[str, str] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.foreign, MappingProxyType):
            object.__setattr__(self, "foreign", MappingProxyType(dict(self.foreign)))
        for key in ("template", "category_names"):
            value = getattr(self, key)
            if value is not None and not isinstance(value, MappingProxyType):
                object.__setattr__(self, key, MappingProxyType(dict(value)))

    def __hash__(self) -> int:
        template = tuple(sorted(self.template.items())) if self.template is not None else None
        names = (
            tuple(sorted(self.category_names.items())) if self.category_names is not None else None
        )
        return hash(
            (self.game, self.name, self.format, self.bracket, template, names, self.sections)
        )

    # --- reading -------------------------------------------------------------------------

    def section(self, name: str) -> Section:
        for sec in self.sections:
            if sec.name == name:
                return sec
        return Section(name)

    def section_names(self) -> list[str]:
        return [s.name for s in self.sections]

    def entries(self, *names: str) -> Iterator[tuple[str, Entry]]:
        """(section name, entry) pairs, in section order; all sections when no name is given."""
        for sec in self.sections:
            if not names or sec.name in names:
                for entry in sec.entries:
                    yield sec.name, entry

    def count(self, *names: str) -> int:
        return sum(e.count for _, e in self.entries(*names))

    # --- editing: every method returns a new deck ----------------------------------------

    def with_section(self, section: Section) -> Deck:
        """Replace (or append, in canonical order) the section with that name."""
        sections = list(self.sections)
        for i, sec in enumerate(sections):
            if sec.name == section.name:
                sections[i] = section
                return replace(self, sections=tuple(sections))
        order = deck_games.sections(self.game)
        if section.name in order:
            rank = order.index(section.name)
            for i, sec in enumerate(sections):
                if sec.name not in order or order.index(sec.name) > rank:
                    sections.insert(i, section)
                    break
            else:
                sections.append(section)
        else:
            sections.append(section)
        return replace(self, sections=tuple(sections))

    def add(self, section: str, entry: Entry) -> Deck:
        """Add an entry, merging it into an equal line of the section (counts added, capped)."""
        sec = self.section(section)
        entries = list(sec.entries)
        for i, old in enumerate(entries):
            if old.same_line(entry):
                entries[i] = old.with_count(min(MAX_COUNT, old.count + entry.count))
                break
        else:
            entries.append(entry)
        return self.with_section(Section(section, tuple(entries)))

    def add_card(self, section: str, card: str, count: int = 1, colors: str = "") -> Deck:
        return self.add(section, Entry(card, count, colors=colors))

    def remove(self, section: str, index: int, count: int | None = None) -> Deck:
        """Remove `count` copies (all when None) of the entry at `index` in `section`."""
        sec = self.section(section)
        entries = list(sec.entries)
        old = entries[index]
        if count is None or count >= old.count:
            del entries[index]
        else:
            entries[index] = old.with_count(old.count - count)
        return self.with_section(Section(section, tuple(entries)))

    def replace_entry(self, section: str, index: int, entry: Entry) -> Deck:
        sec = self.section(section)
        entries = list(sec.entries)
        entries[index] = entry
        return self.with_section(Section(section, tuple(entries)))

    def move(self, source: str, index: int, target: str, count: int | None = None) -> Deck:
        entry = self.section(source).entries[index]
        moved = entry if count is None or count >= entry.count else entry.with_count(count)
        return self.remove(source, index, count).add(target, moved)

    def with_entries(self, section: str, entries: Iterable[Entry]) -> Deck:
        return self.with_section(Section(section, tuple(entries)))

    def renamed(self, name: str) -> Deck:
        return replace(self, name=name)

    def with_format(self, code: str | None) -> Deck:
        return replace(self, format=code)

    def with_bracket(self, bracket: int | None) -> Deck:
        return replace(self, bracket=bracket)

    def with_template(self, template: Mapping[str, int] | None) -> Deck:
        return replace(self, template=template)

    def with_category_names(self, names: Mapping[str, str] | None) -> Deck:
        return replace(self, category_names=names or None)


def new_deck(
    game: str | None = None, name: str = "Untitled deck", format: str | None = None
) -> Deck:
    """An empty deck of `game` (the default game when None)."""
    return Deck(game=game or deck_games.default(), name=name, format=format)
