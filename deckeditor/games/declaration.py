"""What a game package declares to the registry (`deckeditor.games.registry`), as plain values.

A game is a package `deckeditor/games/<code>/` whose module `declaration.py` defines
``DECLARATION``, a `GameDeclaration`: its code and names, its sections in order, where its `Game`
object lives (loaded on first use), its deck-file kinds (`FileKind`) and its format family
(`FormatFamily`). The engines below the games (`deck`, `deckfile`, `deckio`, `format_catalog`)
loop over what is declared here and name no game. A declaration imports nothing heavy: readers
and writers are functions that load their modules when first called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from deckeditor.deck import Deck
from deckeditor.deckfile.report import ImportResult
from deckeditor.format_catalog import FormatFamily

# options a writer or loss lister takes (`with_printings`, `with_tags`, `custom_zones`, ...)
Options = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ReadRequest:
    """What a file kind's reader gets: the decoded `text` ("<" for UTF-16 XML, which the reader
    parses from `data`), the raw `data`, the pool to resolve names against, the deck's default
    `name`, the format asked for, and for a JSON kind the parsed document (`doc`)."""

    text: str
    data: bytes
    pool: Any
    name: str
    format_code: str | None = None
    path: str | None = None
    kind: str = ""
    doc: Any = None


Reader = Callable[[ReadRequest], ImportResult]
Writer = Callable[[Deck, Any, Options], str]
LossLister = Callable[[Deck, Any, Options], list[str]]


@dataclass(frozen=True, slots=True)
class FileKind:
    """One kind of deck file (`deck-files.md` §2): how it is recognised, read and written.

    `recognise(text)` says whether a decoded text (not JSON or XML) is this kind; the registry
    asks the kinds of every game in `rank` order, the lowest first. `json_document(doc)` says it
    of a parsed JSON document that is not Deck Editor's own. A kind with a reader but
    `readable` False is read only when asked for by name (Archidekt text reads as text).
    """

    kind: str
    extension: str | None = None  # the extension a file of this kind is written with
    read: Reader | None = None
    write: Writer | None = None
    losses: LossLister | None = None  # what the kind cannot carry of a deck (§8)
    recognise: Callable[[str], bool] | None = None
    rank: int = 50
    json_document: Callable[[Any], bool] | None = None
    readable: bool = True
    # an output file name ending so asks for this kind (`convert OUT`, Save)
    output_extensions: tuple[str, ...] = ()
    # read line by line as text: a Windows-1252 file of control characters is refused as binary
    text_family: bool = False
    writes_unparsed: bool = False  # writes unparsed lines back (the budget's losses apply)
    carries_bracket: bool = False
    # how the lines' categories travel: "" not at all, "tags" as each line's tags (Archidekt),
    # "tags-option" as tags when the `with_tags` option asks (Moxfield's #tags)
    categories: str = ""
    carries_category_names: bool = False  # the deck's own names for its categories
    game: str = ""  # the declaring game's code (the registry fills it)


@dataclass(frozen=True, slots=True)
class GameDeclaration:
    """Everything the engines need of a game before (or without) loading its `Game`."""

    code: str
    title: str  # "Magic: The Gathering"
    new_deck_label: str  # File › New's item
    deck_noun: str  # how an error names a deck of the game: "an MTG deck"
    sections: tuple[str, ...]  # the canonical sections, in file and pane order
    default_format: str
    game_module: str  # the module whose ``GAME`` is the game's `Game` object
    formats: FormatFamily
    file_kinds: tuple[FileKind, ...] = ()
    # the kind "text" means for a deck of this game (its own deck list); "" plain text
    text_kind: str = ""
    # an XML deck file's kind, from its bytes (None: not one of this game's); raises a
    # DeckFileError for XML that cannot be read
    xml_kind: Callable[[bytes], str | None] | None = None
    # the module whose ``SEARCH`` (a `deckeditor.search.keys.GameSearch`) is the game's search
    # keys, imported on its first query; "" for a game searched by name only
    search_keys: str = ""
    # the module whose ``CARDS`` (a `deckeditor.carddb.card_games.CardGame`) is the game's card
    # sources, record codec and starter pool, imported on the card database's first use of the
    # game; "" for a game with no cards of its own in the database
    card_sources: str = ""
    order: int = 50  # the File › New menu's order; the first is the default game
    extra: Mapping[str, Any] = field(default_factory=dict)  # what other engines look up
