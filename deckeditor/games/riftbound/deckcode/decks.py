"""A deck to and from its code through a card pool (`riftbound.md` §4.5): every decoded entry
placed in its section with notes for the import report, and a deck's printings made encodable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from deckeditor.deck import Deck, Entry, Section
from deckeditor.deck import Printing as DeckPrinting
from deckeditor.games.riftbound.card import DECKCODE_SET_ID, CardCodeError, parse_code
from deckeditor.games.riftbound.pool import CodeIndex, Pool, code_index, find_card

from .codec import DeckCode, DeckCodeError, decode, encode

Placed = tuple[str, Entry]  # (section, entry)
Pairs = list[tuple[str, int]]  # (card code, count)


@dataclass(slots=True)
class CodeImport:
    deck: Deck
    notes: list[str] = field(default_factory=list)
    code: DeckCode | None = None


_ENTRIES_KEPT = 65_536  # distinct cards whose entry is shared by every repeat in one import
_ORDER = ("Legend", "Champion", "Main", "Runes", "Battlefields", "Sideboard")


class _Entries:
    """The entry of a (card code, count) and the section its card's type puts it in. Entries
    are immutable: one per distinct pair, shared by its repeats, so a code of millions of cards
    holds references, not millions of entries (bounded, for distinct ones)."""

    def __init__(self, index: CodeIndex) -> None:
        self.index = index
        self._shared: dict[tuple[str, int], Placed] = {}

    def of(self, card_code: str, count: int) -> Placed:
        found = self.index.get(card_code)
        if found is None:
            return "Main", Entry(card_code, count, DeckPrinting(code=card_code))
        card, _ = found
        return card.section, Entry(card.name, count, DeckPrinting(code=card_code))

    def shared(self, pair: tuple[str, int]) -> Placed:
        got = self._shared.get(pair)
        if got is None:
            got = self.of(*pair)
            if len(self._shared) < _ENTRIES_KEPT:
                self._shared[pair] = got
        return got


def import_code(text: str, pool: Pool | None, name: str = "Imported deck") -> CodeImport:
    """Decode and place every entry in its section (§4.5 import); notes for the report."""
    code = decode(text)
    entries = _Entries(code_index(pool) if pool is not None else {})
    notes: list[str] = []
    sections: dict[str, list[Entry]] = defaultdict(list)
    main_entries = list(map(entries.shared, code.main))
    if code.champion is not None:
        sections["Champion"].append(_take_champion(main_entries, code.champion, entries, notes))
    for sec, e in main_entries:
        sections[sec].append(e)
    del main_entries
    for c, n in code.sideboard:
        sections["Sideboard"].append(entries.of(c, n)[1])
    for c in code.extras:
        sec, e = entries.of(c, 1)
        sections[sec].append(e)
        notes.append(f"extra card {c} (version 6 trailer) placed in {sec}")
    notes.extend(_unknown_notes(sections, entries.index))
    deck = Deck(
        game="riftbound",
        name=name,
        format="riftbound",
        sections=tuple(Section(s, tuple(sections[s])) for s in _ORDER if sections.get(s)),
    )
    return CodeImport(deck, notes, code)


def _take_champion(
    main_entries: list[Placed], champion: str, entries: _Entries, notes: list[str]
) -> Entry:
    """The chosen champion's entry. The label names a printing counted in main (§4.2): its copy
    is taken from wherever its type placed it (Main for a champion unit first), so the deck
    keeps the code's count."""
    at = _champion_copy(main_entries, champion)
    if at is not None:
        sec, e = main_entries[at]
        if e.count > 1:
            main_entries[at] = (sec, e.with_count(e.count - 1))
        else:
            del main_entries[at]
    else:
        notes.append(f"the chosen champion {champion} is not in the main deck; placed anyway")
    return entries.of(champion, 1)[1]


def _unknown_notes(sections: dict[str, list[Entry]], index: CodeIndex) -> Iterator[str]:
    """A note for each line of an unknown card code (one text per code, however often)."""
    for sec, es in sections.items():
        said: dict[str, str] = {}
        for e in es:
            if (
                e.printing is not None
                and e.card == e.printing.code
                and e.printing.code not in index
            ):
                note = said.get(e.card)
                if note is None:
                    note = f"unknown card code {e.card} kept in {sec}"
                    if len(said) < _ENTRIES_KEPT:
                        said[e.card] = note
                yield note


def _champion_copy(main_entries: list[Placed], champion: str) -> int | None:
    """Where the champion's copy is taken from: its first entry placed in Main, else its first
    entry anywhere."""
    first = None
    for i, (sec, e) in enumerate(main_entries):
        if e.printing and e.printing.code == champion:
            if sec == "Main":
                return i
            if first is None:
                first = i
    return first


def decode_to_deck(text: str, pool: Pool | None, name: str = "Imported deck") -> Deck:
    return import_code(text, pool, name).deck


MAIN_SECTIONS = ("Legend", "Champion", "Main", "Runes", "Battlefields")


def export_pairs(
    deck: Deck, pool: Pool | None, notes: list[str] | None = None
) -> tuple[Pairs, Pairs, str | None]:
    """The deck as (main pairs, sideboard pairs, champion code), replacing unencodable
    printings by an encodable printing of the same card (§4.5 export)."""
    notes = notes if notes is not None else []

    def code_of(entry: Entry) -> str:
        written = entry.printing.code if entry.printing and entry.printing.code else None
        card = find_card(pool, entry.card, written) if pool is not None else None
        if written is None:
            if card is None:
                try:
                    return str(parse_code(entry.card))
                except CardCodeError:
                    raise DeckCodeError(f"{entry.card}: unknown card without a card code") from None
            ref = card.reference_printing
            if ref is None:  # a card with no printing has no code to write
                raise DeckCodeError(f"{entry.card}: unknown card without a card code")
            written = ref.code
        try:
            parsed = parse_code(written)
        except CardCodeError as exc:
            raise DeckCodeError(f"{entry.card}: {exc}") from None
        if parsed.set in DECKCODE_SET_ID:
            return str(parsed)
        candidates = []
        if card is not None:
            ref = card.reference_printing
            candidates = ([ref] if ref else []) + list(card.printings)
        for p in candidates:
            if p.set in DECKCODE_SET_ID and p.prefix != "T":
                notes.append(f"{entry.card}: {parsed} has no deck-code set id; written as {p.code}")
                return p.code
        raise DeckCodeError(
            f"{entry.card}: {parsed} is from a set with no deck-code id and has no other printing"
        )

    main = [(code_of(e), e.count) for _, e in deck.entries(*MAIN_SECTIONS)]
    side = [(code_of(e), e.count) for _, e in deck.entries("Sideboard")]
    champs = list(deck.section("Champion").entries)
    champion = code_of(champs[0]) if champs else None
    return main, side, champion


def encode_deck(deck: Deck, pool: Pool | None, notes: list[str] | None = None) -> str:
    main, side, champion = export_pairs(deck, pool, notes)
    return encode(main, side, champion)
