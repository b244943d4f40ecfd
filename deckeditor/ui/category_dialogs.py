"""Deck › Line categories… and Deck › Rename category…: the questions they ask and what the
status line says after (issue 24 walkthrough: with no deck line selected Ctrl+Shift+G did
nothing at all, and a category name no line carries was "renamed" silently into nothing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from deckeditor.session import EditorSession
from deckeditor.ui.deck_pane import SELECT_A_LINE, DeckPane

__all__ = ["SELECT_A_LINE", "category_names", "edit_line_categories", "rename_category"]


class CategoryHost(Protocol):
    """What the two dialogs need of the window."""

    session: EditorSession
    deck_pane: DeckPane
    ask_text: Callable[[str, str, str], str | None]

    def show_message(self, text: str) -> None: ...


def edit_line_categories(host: CategoryHost) -> None:
    """The selected line's categories, comma-separated; empty: none; `*`: its card's roles."""
    session, ref = host.session, host.deck_pane.current_entry()
    if ref is None:
        host.show_message(SELECT_A_LINE)
        return
    section, index = ref
    now = ", ".join(session.line_categories(section, index))
    text = host.ask_text(
        "Line categories", "Categories (comma-separated; * for the card's roles):", now
    )
    if text is None:
        return
    names = None if text.strip() == "*" else [n.strip() for n in text.split(",") if n.strip()]
    session.set_line_categories(section, index, names)
    host.show_message(session.history.undo_text())


def category_names(session: EditorSession) -> list[str]:
    """The categories the deck's lines and its template name, in the order first named."""
    deck = session.deck
    names = dict.fromkeys(
        name
        for section in deck.section_names()
        for index in range(len(deck.section(section).entries))
        for name in session.line_categories(section, index)
    )
    names.update(dict.fromkeys(deck.template or ()))
    return list(names)


def rename_category(host: CategoryHost) -> None:
    """A category of the deck (named in any case), then its new name; a name no line carries
    is said, not renamed into nothing."""
    session = host.session
    known = category_names(session)
    typed = host.ask_text(
        "Rename category", f"Category to rename ({', '.join(known) or 'none yet'}):", ""
    )
    if not typed or not typed.strip():
        return
    old = next((n for n in known if n.casefold() == typed.strip().casefold()), None)
    if old is None:
        host.show_message(f"No line of the deck is in a category “{typed.strip()}”")
        return
    new = host.ask_text("Rename category", f"New name for {old}:", old)
    if new and new.strip() != old:
        session.rename_category(old, new.strip())
        host.show_message(session.history.undo_text())
