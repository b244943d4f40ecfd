"""The values a game gives the window through its interface (`deckeditor.games.interface`):
section counts, deck targets, lead actions, choices, charts and statistics, search help, export
kinds, card-view blocks, symbols, columns and roles. Plain frozen dataclasses, Qt-free: the window
builds its widgets once and updates them from these."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class SectionCount:
    """One section's count against its target: `label` is what the pane's header shows
    ("Main 40/40", "Runes 12/12", "Sideboard 2/10", "Commander (2)"); `ok` is False when the
    count is off its target (the pane may colour it)."""

    section: str
    title: str
    count: int
    target: str = ""  # "40", "1 or 2", "" (no target)
    ok: bool = True
    # A slot of a section (Oathbreaker's command zone shows "Oathbreaker" and "Signature spell"):
    # `slot` is the add target its header offers, `entries` the indexes of the section's lines
    # it lists. A section shown as slots has one SectionCount per slot; "" / None: no slots.
    slot: str = ""
    entries: tuple[int, ...] | None = None

    @property
    def label(self) -> str:
        """ "Main 98/98", "Main 40/40+" for a number or a range; a worded target ("1 or 2") shows
        only when the count misses it ("Commander 0 — needs 1 or 2"), else "Commander (2)"."""
        if self.target and not any(ch.isalpha() for ch in self.target):
            return f"{self.title} {self.count}/{self.target}"
        if self.target and not self.ok:
            return f"{self.title} {self.count} — needs {self.target}"
        return f"{self.title} ({self.count})"


@dataclass(frozen=True, slots=True)
class DeckTarget:
    """A deck-level target the window offers beside the format (a Commander bracket): its
    `label`, the `options` as (value, text) pairs (value None: no target), the deck's `value`."""

    label: str
    options: tuple[tuple[int | None, str], ...]
    value: int | None = None


@dataclass(frozen=True, slots=True)
class LeadAction:
    """An action a deck line offers in its context menu (and the Deck menu): `action` is the id
    passed back to `Game.apply_lead_action`; `asks_choice` is True when the window should ask the
    card's upfront choice (a colour budget) before applying it."""

    action: str
    label: str
    asks_choice: bool = False
    # for a catalog card (`Game.catalog_lead_actions`): an add aimed at the section becomes this
    # action, the card could join the deck no other way (MTG: a partner off the identity)
    instead: bool = False


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    """One toggle of an upfront choice: a colour letter, its name and a fill colour (#rrggbb)."""

    letter: str
    name: str
    fill: str = "#dddddd"


@dataclass(frozen=True, slots=True)
class ColorBudget:
    """What the choice dialog asks for one card: `count` options, exactly or at most. `options`
    are the toggles (a game's colours); a budget built without them offers the default game's."""

    count: int
    exactly: bool  # Cryptic Spires circles exactly n; a Rulebreaker picks up to n
    why: str  # "additional colour" | "circled colours" | "wild colour"
    options: tuple[ChoiceOption, ...] = ()
    title: str = ""  # "Additional-colour budget"; empty: `why` capitalised


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: int
    color: str = "#6b7fa8"  # a colour name Qt understands
    symbol: str = ""  # a token of `Game.symbols` the chart draws in place of the label ("{W}")


@dataclass(frozen=True, slots=True)
class Chart:
    """A bar chart. For one game and chart `key` the bars' labels are the same on every deck (an
    empty curve still has its eight columns), so the panel only changes values."""

    key: str
    title: str
    bars: tuple[Bar, ...]


@dataclass(frozen=True, slots=True)
class Statistics:
    """A deck's statistics as values. `charts` and `groups` for the panel, `summary` its headline
    (rich text), `counts` the status bar's count text. `values` holds the raw figures by name
    (`stats.library`, `stats.curve` read them), for tests and other callers."""

    charts: tuple[Chart, ...]
    groups: tuple[tuple[str, int], ...]
    summary: str
    counts: str
    values: dict[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        try:
            return object.__getattribute__(self, "values")[name]
        except KeyError:
            raise AttributeError(name) from None

    def chart(self, key: str) -> Chart | None:
        return next((c for c in self.charts if c.key == key), None)


@dataclass(frozen=True, slots=True)
class SearchHelp:
    """The search box's placeholder and the help's key list: (keys, meaning) rows and examples."""

    placeholder: str
    keys: tuple[tuple[str, str], ...] = ()
    examples: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        """The help as plain text (tooltip, `--help`-like listing)."""
        rows = [f"{k:<18} {m}" for k, m in self.keys]
        if self.examples:
            rows += ["", "Examples:"] + [f"  {q:<28} {m}" for q, m in self.examples]
        return "\n".join(rows)


@dataclass(frozen=True, slots=True)
class ExportKind:
    kind: str  # the deck-file kind `deckio.write_deck` takes ("json", "forge", "riftbound-code")
    label: str
    extension: str
    # a text players paste to share a deck (Arena, MTGO, a deck code): Edit › Copy deck as…
    shares: bool = False

    @property
    def short_label(self) -> str:
        """The label without its extension: "MTGO text (.txt)" -> "MTGO text"."""
        return self.label.split(" (")[0]


@dataclass(frozen=True, slots=True)
class CardViewBlock:
    """One block of the card view. `style` says how to show it:

    * ``title`` (the card name), ``subtitle`` (cost or type line, italic), ``text`` (rules text),
      ``facts`` (bold numbers), ``dim`` (present but not applying: Effect Text off the board),
      ``badge`` (a small boxed value: "+3"), ``rule`` (a deck-building rule, blue), ``note``
      (grey), ``choice`` (a budget and its choice, boxed), ``warning`` (red), ``separator``.

    Texts may hold the game's symbols (`Game.symbols`), which the view draws as icons."""

    style: str
    text: str = ""
    hint: str = ""  # a short explanation beside the block ("applies only while attached")


@dataclass(frozen=True, slots=True)
class Symbol:
    """A text symbol drawn as an icon: `[R]` -> a red disc labelled "R"."""

    token: str
    label: str
    color: str
    name: str  # what it means ("Fury power"), for the tooltip/alt text
    shape: str = "disc"  # "disc" | "square" | "diamond"
    # drawn as a glyph of an icon font shipped in resources/fonts ("mana", "keyrune") instead of
    # `label`; two glyphs are a hybrid symbol's halves, on a disc split into `color` and `color2`
    font: str = ""
    glyph: str = ""
    color2: str = ""


@dataclass(frozen=True, slots=True)
class Column:
    title: str
    width: int = 60
    right: bool = False  # numbers align right
    # the cell is drawn as the game's symbols (`Game.cost_symbols`), its text kept for copying,
    # sorting and screen readers
    symbols: bool = False
    # what a click on the cell opens in the window ("printings": the card view's printing
    # list); "" opens nothing (a click only selects the row)
    opens: str = ""


@dataclass(frozen=True, slots=True)
class Role:
    """A part a card plays in a deck, read from its text: `key` for searches and the command line
    ("ramp"), `title` the category it gives a deck line ("Ramp"), `query` the catalog search that
    lists the cards that have it ("otag:ramp")."""

    key: str
    title: str
    query: str
