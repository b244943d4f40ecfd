"""What an empty catalog says under the search box: how many matching cards the deck's rules
hide (the first named, with why) and a button to show them, or that the search finds no card of
the pool (a card newer than the imported pool), with a button to import a source that has it.
Worked out only for an empty list, so the keystroke path pays nothing for it."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from deckeditor.catalog_search import SearchState
from deckeditor.session import EditorSession
from deckeditor.words import count

if TYPE_CHECKING:
    from deckeditor.search.nothing_found import NothingFound

_KEYED = re.compile(r"(?:^|[\s(-])[A-Za-z]+(?:!=|<=|>=|[:=<>])")  # a keyed term (search.md §1)


def _not_in_pool(name: str) -> str:
    return (
        f"“{name}”: not in your card pool — File › Import cards… adds a source that has it "
        "(a newer card file, a Forge cardsfolder)"
    )


def _listed(terms: Sequence[str], last: str) -> str:
    """“a”, “b” and “c”."""
    quoted = [f"“{term}”" for term in terms]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} {last} {quoted[-1]}"


class EmptyCatalogNote(QWidget):
    showHiddenRequested = Signal()
    importRequested = Signal()

    def __init__(
        self,
        context: Callable[[], tuple[EditorSession, str]],
        nothing_found: Callable[[], NothingFound | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.context = context  # the session and the "Add to" target the catalog shows
        self.nothing_found = nothing_found  # why the catalog's search finds no card
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.show_hidden_button = QPushButton("Show hidden")
        self.show_hidden_button.clicked.connect(self.showHiddenRequested)
        self.import_button = QPushButton("Import cards…")
        self.import_button.setToolTip("Add a card source to the pool (File › Import cards…)")
        self.import_button.clicked.connect(self.importRequested)
        self.buttons = (self.show_hidden_button, self.import_button)
        self.first_hidden: tuple[Any, int] | None = None  # the first hidden card, and how many
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        row.addWidget(self.label, 1)
        row.addWidget(self.show_hidden_button)
        row.addWidget(self.import_button)
        self.hide()

    def say(self, rows: Sequence[int], state: SearchState, size: int, show_hidden: bool) -> None:
        """Whether the search finds cards the deck's rules hide (named, with why), or no card
        of the pool at all (say where more cards come from); nothing for a list with rows."""
        self.first_hidden = None
        hidden = state.found(size) if not rows and not show_hidden else 0
        absent = not rows and not hidden and bool(state.text) and not state.error
        unknown_name = False
        if hidden:
            self.label.setText(self._hidden_text(state, hidden, size))
        elif absent:
            text, unknown_name = self._nothing_text(state)
            self.label.setText(text)
        self.show_hidden_button.setVisible(bool(hidden))
        self.import_button.setVisible(unknown_name)
        self.setVisible(bool(hidden) or absent)

    def _nothing_text(self, state: SearchState) -> tuple[str, bool]:
        """Why the search finds no card, and whether that is a name in no source (then the
        import is the way on); a keyed search that matches nothing is said so, naming what."""
        why = self.nothing_found()
        if why is None:  # no index yet (names only), or a term that cannot be checked alone
            if _KEYED.search(state.text):
                return f"No card in your card pool matches “{state.text}”", False
            return _not_in_pool(state.text), True
        if why.quoted is not None:
            phrase, found = why.quoted
            return (
                f"No card matches “{state.text}” as typed; in quotes, “{phrase}” finds "
                f"{count(found, 'card')}",
                False,
            )
        if why.names_only:
            return _not_in_pool(" ".join(why.dead)), True
        if why.dead:
            return f"No card in your card pool matches {_listed(why.dead, 'nor')}", False
        if why.scope is None:
            text = (
                f"No card matches {_listed(why.together, 'and')} together — each finds cards "
                "on its own"
            )
            return text, False
        text = (
            f"No one {why.scope} matches {_listed(why.together, 'and')} together — each finds "
            "cards on its own"
        )
        lack = why.unknown
        if lack is not None:
            some = f"only {lack.known:,} of" if lack.known else "none of"
            text += (
                f"; your card sources give the {lack.fact} of {some} the {lack.total:,} "
                f"{why.scope}s “{lack.others}” finds"
            )
        return text, False

    def _hidden_text(self, state: SearchState, hidden: int, size: int) -> str:
        """hidden: the count, then the first hidden card and the rules that hide it."""
        session, target = self.context()
        plural = "s" if hidden != 1 else ""
        text = f"hidden: the deck's rules hide {hidden:,} matching card{plural}"
        first = None
        if state.bits is not None and state.bits:
            first = (state.bits & -state.bits).bit_length() - 1
        elif state.rows:
            first = state.rows[0]
        if first is None or not state.text or not 0 <= first < size or session.pool is None:
            return text + "."
        card = session.pool[first]
        self.first_hidden = (card, hidden)
        # a reason may name the card itself ("Tolabow, Loch Rascal: 1 of 1 …"): named once here
        own = f"{card.name}: "
        reasons = [
            r[len(own) :] if r.startswith(own) else r for r in session.why_hidden(card, target)
        ]
        return f"{text} — {card.name}: {'; '.join(reasons)}" if reasons else f"{text} — {card.name}"

    def nothing_added(self, hidden: Any | None, shown: int) -> str:
        """Why Enter in the search box adds nothing ("" when it goes on to a card): the card the
        text names is hidden (the first card shown would be another), or the list is empty: a
        hidden card is named with why, in the same words whether the text names it whole."""
        first, count = self.first_hidden or (None, 0)
        if hidden is None and not shown and count == 1:
            hidden = first  # "Wilson" finds only Wilson, Refined Grizzly, hidden
        if hidden is None and not shown and first is not None:
            return (
                f"Nothing added — the {count:,} matching cards are hidden; {first.name}: "
                f"{self._why(first)} — View › Show hidden cards lists them"
            )
        if hidden is not None:
            return (
                f"Nothing added — {hidden.name} is hidden: {self._why(hidden)} — View › Show "
                "hidden cards lists it"
            )
        if shown:
            return ""
        why = self.label.text() if self.isVisible() else ""
        return f"Nothing added — {why}" if why else "Nothing added"

    def _why(self, card: Any) -> str:
        """The rules that hide `card`, without its own name in front."""
        session, target = self.context()
        return "; ".join(r.removeprefix(f"{card.name}: ") for r in session.why_hidden(card, target))
