"""The window's deck edits: adding a catalog card (to the "Add to" target, a side section, or
through a lead action such as "Add as partner"), the deck line's lead actions and upfront
choices (colours), categories, the format and the deck's name.

The rules are the session's; this asks the player what the session needs (the questions are the
window's attributes, so tests answer them) and says the outcome in the status bar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QInputDialog,
    QMenu,
    QMessageBox,
    QWidget,
)

from deckeditor.deck_edits import find_entries
from deckeditor.games.interface import ColorBudget
from deckeditor.problems import Problem, ProblemKind
from deckeditor.session import EditorSession
from deckeditor.ui import category_dialogs, format_menu
from deckeditor.ui.catalog_view import CatalogPanel
from deckeditor.ui.deck_pane import DeckPane
from deckeditor.ui.status_bar import DeckStatusBar
from deckeditor.ui.window_actions import replace_before

AskColors = Callable[[str, ColorBudget, str], str | None]


class EditsHost(Protocol):
    """What the edits need of the window."""

    session: EditorSession
    catalog: CatalogPanel
    deck_pane: DeckPane
    target_box: QComboBox
    confirm_hidden: Callable[[str, list[str]], bool]
    ask_colors: AskColors
    ask_text: Callable[[str, str, str], str | None]
    lead_menu_action: QAction
    second_lead_menu_action: QAction
    catalog_lead_menu_action: QAction
    side_section_marker: QAction
    format_menu: QMenu
    status: DeckStatusBar

    def target(self) -> str: ...
    def show_message(self, text: str) -> None: ...


class WindowEdits:
    def __init__(self, host: EditsHost, parent: QWidget) -> None:
        self.host = host
        self.parent = parent
        self.side_actions: list[QAction] = []

    @property
    def session(self) -> EditorSession:
        return self.host.session

    # --- adding catalog cards ------------------------------------------------------------

    def add_card(self, name: str, section: str | None = None, as_asked: bool = False) -> None:
        """Add one copy from the catalog to `section` (the "Add to" target). A card that can join
        only through a lead action (a partner off the commander's identity) takes it, unless the
        player named the section itself (`as_asked`: the context menu's "Add to Main")."""
        session = self.session
        asked = section or self.host.target()
        card = session.card(name)
        instead = None if as_asked else session.add_instead(card, asked)
        if instead is not None:
            self.add_by_lead_action(name, instead.action, asked)
            return
        section = session.section_for(card, asked)
        # a slot the game offers is checked as itself: it narrows its section
        checked_as = section if asked in session.sections else asked
        reasons = session.why_hidden(card, checked_as) if card is not None else []
        if reasons and not self.host.confirm_hidden(name, reasons):
            self.host.show_message(f"{name} not added")
            return
        budget = session.upfront_choice(card)
        lead = session.game.lead_section
        if lead and section == lead and budget is not None and not budget.exactly:
            self._add_lead_choosing(name, lead, budget, asked)
            return
        colors = ""
        if budget is not None and budget.exactly:
            colors = self.host.ask_colors(name, budget, "") or ""  # Cancel adds it unmarked
        # said as the slot the player chose ("to Signature spell"), else where the card went: a
        # Riftbound legend, rune or battlefield added with "Add to: Main" goes to its own section
        shown = asked if asked not in session.sections else section
        result = session.add_card(name, section, 1, colors, shown_as=shown)
        self.host.show_message(result.message + session.add_hint(name, section))
        if section == lead:
            self._back_to_main(lead)
        else:
            self._main_when_full(asked)

    def _add_lead_choosing(self, name: str, lead: str, budget: ColorBudget, asked: str) -> None:
        """A lead card whose choice is "up to n" (a Rulebreaker): added, then its choice asked."""
        session = self.session
        deck = session.deck.add_card(lead, name)
        colors = self.host.ask_colors(name, budget, "")
        if colors:
            index = len(deck.section(lead).entries) - 1
            entry = deck.section(lead).entries[index]
            chosen = replace(entry, colors=session.game.normalise_choice(colors))
            deck = deck.replace_entry(lead, index, chosen)
        title = session.game.section_title(lead).lower()
        session.apply(deck, f"{name} is now the {title}")
        self.host.show_message(f"Added {name} to {session.game.section_title(asked)}")
        self._back_to_main(lead)

    def add_by_lead_action(self, name: str, action: str, target: str | None = None) -> None:
        """A catalog card through one of its lead actions ("Add as partner"), its upfront
        choice asked first when the action says so."""
        session = self.session
        target = target or self.host.target()
        card = session.card(name)
        offered = {a.action: a for a in session.catalog_lead_actions(card, target)}
        if action not in offered:
            self.host.show_message(f"{name} cannot be added that way")
            return
        colors = None
        budget = session.upfront_choice(card) if offered[action].asks_choice else None
        if budget is not None:
            colors = self.host.ask_colors(name, budget, "")
        try:
            result = session.add_by_lead_action(name, action, target, colors)
        except ValueError as exc:  # the game refuses: say why
            self.host.show_message(str(exc))
            return
        self.host.show_message(result.message)

    def _offers(self, section: str) -> bool:
        return section in self.session.sections or section in self.session.add_targets()

    def add_to_section(self, name: str, section: str) -> None:
        """The catalog's context menu or Shift/Ctrl+Enter: to that section, as asked."""
        if self._offers(section):
            self.add_card(name, section, as_asked=True)
        else:
            self.host.show_message(f"This deck has no {section}")

    def add_current_to(self, section: str) -> None:
        card = self.host.catalog.current_card()
        if card is None:
            self.host.show_message("Select a card in the catalog first")
        elif not self._offers(section):
            self.host.show_message(f"This deck has no {section}")
        else:
            self.add_card(card.name, section)

    def fill_side_sections(self, _menu: QMenu | None = None) -> None:
        """Deck › Add to <side section> for each side section of the deck's game (Sideboard,
        Maybeboard), Ctrl+Alt+ its first letter, whatever "Add to" says."""
        actions = []
        game = self.session.game
        for section in game.side_sections:
            title = game.section_title(section)
            action = QAction(f"Add to &{title}", self.parent)
            action.setShortcut(QKeySequence(f"Ctrl+Alt+{title[:1].upper()}"))
            action.triggered.connect(lambda _c=False, s=section: self.add_current_to(s))
            actions.append(action)
        self.side_actions = replace_before(
            self.host.side_section_marker, actions, self.side_actions
        )

    def _back_to_main(self, lead: str) -> None:
        """The lead is chosen: the next cards go to Main (the catalog follows the target)."""
        box = self.host.target_box
        if self.session.target_section(self.host.target()) == lead and box.findData("Main") >= 0:
            box.setCurrentIndex(box.findData("Main"))

    def _main_when_full(self, target: str) -> None:
        """A section the game hands back once it takes no more cards (MTG's companion): the next
        cards go to Main, instead of each being refused as "has no Companion ability"."""
        box = self.host.target_box
        main = box.findData("Main")
        if (
            self.session.target_section(target) in self.session.game.main_after_sections
            and main >= 0
            and self.session.legal_bits(target) == 0
        ):
            box.setCurrentIndex(main)

    def confirm_hidden_dialog(self, name: str, reasons: list[str]) -> bool:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Add a hidden card?",
            f"The deck's rules hide {name}:",
            parent=self.parent,
        )
        box.setInformativeText("\n".join(f"• {r}" for r in reasons) + "\n\nAdd it anyway?")
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Yes

    # --- the deck's lines -----------------------------------------------------------------

    def lead_action(self, action: str, section: str, index: int) -> None:
        """One of the line's lead actions (deck pane's context menu, Deck menu); the card's
        upfront choice is asked first when the action says so."""
        session = self.session
        offered = {a.action: a for a in session.lead_actions(section, index)}
        if action not in offered:
            return
        entry = session.deck.section(section).entries[index]
        colors = None
        if offered[action].asks_choice:
            budget = session.upfront_choice(session.card(entry.card))
            if budget is not None:
                colors = self.host.ask_colors(entry.card, budget, entry.colors)
        try:
            session.lead_action(action, section, index, colors)
        except ValueError as exc:  # the game refuses the line: say why
            self.host.show_message(str(exc))
            return
        self.host.show_message(session.history.undo_text())

    def set_commander(self, section: str, index: int) -> None:
        """The line's first lead action (Set as commander, Make chosen champion, Set as legend)."""
        actions = self.session.lead_actions(section, index)
        if actions:
            self.lead_action(actions[0].action, section, index)

    def choose_colors(self, section: str, index: int) -> None:
        entry = self.session.deck.section(section).entries[index]
        budget = self.session.upfront_choice(self.session.card(entry.card))
        if budget is None:
            return
        colors = self.host.ask_colors(entry.card, budget, entry.colors)
        if colors is not None:
            self.session.set_colors(section, index, colors)

    def ask_colors_dialog(self, name: str, budget: ColorBudget, chosen: str) -> str | None:
        from deckeditor.ui.color_dialog import ColorDialog  # lazy: a dialog, not the first screen

        session = self.session
        zone = session.choice_zone()
        dialog = ColorDialog(name, budget, chosen, zone, session.relied_on(name), self.parent)
        return dialog.colors() if dialog.exec() else None

    def record_choice(self, problem: Problem) -> None:
        """Double-clicking a colour-choice problem opens the dialog on the card behind it (the
        check's "additional colour is not recorded" warning: the GUI offers to record it)."""
        session = self.session
        if problem.kind.value not in session.game.choice_problem_kinds:
            return
        for section, index in find_entries(session.deck, problem.cards):
            entry = session.deck.section(section).entries[index]
            if session.upfront_choice(session.card(entry.card)) is not None:
                self.choose_colors(section, index)
                return

    # --- the Deck menu on the selected line -----------------------------------------------

    def name_lead_actions(self) -> None:
        """The Deck menu names what its lead items do now: "Set as lead card" (Ctrl+Shift+C) the
        catalog card's lead ("Make chosen champion: Ornn, Forge God", "Set as commander: …")
        when the catalog has the focus, as the key does, else the selected line's ("Set as
        commander", "Make chosen champion"), disabled when there is none; the catalog card's own
        item ("Add as partner (second commander): Tymna …")."""
        host, session = self.host, self.session
        if self._catalog_focused():
            label = self._catalog_lead_label()
            host.lead_menu_action.setEnabled(label is not None)
            host.lead_menu_action.setText(label or "Set as &lead card")
            host.second_lead_menu_action.setVisible(False)
        else:
            entry = host.deck_pane.current_entry()
            actions = session.lead_actions(*entry) if entry is not None else []
            host.lead_menu_action.setEnabled(bool(actions))
            host.lead_menu_action.setText(actions[0].label if actions else "Set as &lead card")
            host.second_lead_menu_action.setVisible(len(actions) > 1)
            if len(actions) > 1:
                host.second_lead_menu_action.setText(actions[1].label)
        card = host.catalog.current_card()
        offered = session.catalog_lead_actions(card, host.target())
        host.catalog_lead_menu_action.setEnabled(bool(offered))
        host.catalog_lead_menu_action.setText(
            f"{offered[0].label}: {card.name}"
            if offered and card is not None
            else session.game.catalog_lead_label
        )

    def enable_lead_keys(self) -> None:
        """The Deck menu closes: its lead items' keys work again wherever the focus goes next
        (a disabled action's shortcut is dead; the menu disabled them for the line or card the
        focus had while it was open, and Ctrl+Shift+C then did nothing in the catalog)."""
        self.host.lead_menu_action.setEnabled(True)
        self.host.catalog_lead_menu_action.setEnabled(True)

    def _catalog_focused(self) -> bool:
        focus = QApplication.focusWidget()
        return focus is not None and self.host.catalog.isAncestorOf(focus)

    def _catalog_lead_label(self) -> str | None:
        """What Ctrl+Shift+C does to the catalog's card, as the menu says it; None: nothing."""
        card: Any = self.host.catalog.current_card()
        lead = self.session.game.lead_section
        if card is None or not lead or self.session.game.lead_refusal(card):
            return None
        offered = self.session.catalog_lead_actions(card, self.host.target())
        if offered:
            return f"{offered[0].label}: {card.name}"
        if not self.session.deck.section(lead).total:
            return f"Set as {self.session.game.section_title(lead).lower()}: {card.name}"
        return None

    def name_catalog_lead(self) -> None:
        """The Deck menu's catalog-lead item, for a game that has one."""
        label = self.session.game.catalog_lead_label
        self.host.catalog_lead_menu_action.setText(label)
        self.host.catalog_lead_menu_action.setVisible(bool(label))

    def _selected_action(self, which: int) -> None:
        entry = self.host.deck_pane.current_entry()
        actions = self.session.lead_actions(*entry) if entry is not None else []
        if entry is not None and len(actions) > which:
            self.lead_action(actions[which].action, *entry)

    def selected_lead(self) -> None:
        """Deck › Set as lead card (Ctrl+Shift+C): on the card the player is looking at — the
        catalog's when the catalog has the focus (a new player types the commander's name and
        presses it there; it used to act on the deck's selected line, or do nothing at all)."""
        if self._catalog_focused():
            self.catalog_as_lead()
        else:
            self._selected_action(0)

    def catalog_as_lead(self) -> None:
        """The catalog's card as the lead: beside a lone commander through its own action (a
        partner), into an empty lead section as the lead; else where to change the lead."""
        card: Any = self.host.catalog.current_card()
        lead = self.session.game.lead_section
        refusal = self.session.game.lead_refusal(card) if card is not None else None
        if card is None or not lead:
            self.host.show_message("Select a card in the catalog first")
        elif refusal:
            self.host.show_message(refusal)
        elif self.session.catalog_lead_actions(card, self.host.target()):
            self.catalog_lead()
        else:
            slots = self._lead_slots(lead)
            slot = self._open_slot(card, lead, slots)
            if slot is not None:
                self.add_to_section(card.name, slot)
                return
            title = " and ".join(self.session.game.section_title(s) for s in slots).lower()
            which = "it" if len(slots) == 1 else "one"
            self.host.show_message(
                f"The deck has its {title}: to change {which}, select a deck line (Alt+3) "
                "and press Ctrl+Shift+C"
            )

    def _lead_slots(self, lead: str) -> list[str]:
        """The "Add to" slots that stand in for the lead section (Oathbreaker's oathbreaker and
        signature spell), else the lead section itself."""
        session = self.session
        slots = [
            t for t in session.add_targets() if t != lead and session.target_section(t) == lead
        ]
        return slots or [lead]

    def _open_slot(self, card: Any, lead: str, slots: list[str]) -> str | None:
        """Where the card goes as a lead: the empty lead section, or the first slot of it that
        takes the card (Brainstorm beside an oathbreaker is the signature spell)."""
        if slots == [lead]:
            return None if self.session.deck.section(lead).total else lead
        session = self.session
        return next((s for s in slots if not session.why_hidden(card, s)), None)

    def selected_second_lead(self) -> None:
        self._selected_action(1)

    def catalog_lead(self) -> None:
        card: Any = self.host.catalog.current_card()
        offered = self.session.catalog_lead_actions(card, self.host.target())
        if not offered:
            self.host.show_message(
                "Select a card in the catalog first"
                if card is None
                else f"{card.name} cannot be added that way"
            )
            return
        self.add_by_lead_action(card.name, offered[0].action)

    def selected_colors(self) -> None:
        entry = self.host.deck_pane.current_entry()
        if entry is None:
            self.host.show_message(category_dialogs.SELECT_A_LINE)
            return
        section, index = entry
        card = self.session.deck.section(section).entries[index].card
        if self.session.upfront_choice(self.session.card(card)) is None:
            self.host.show_message(f"{card} has no colours to choose")
            return
        self.choose_colors(section, index)

    # --- categories, format, name ---------------------------------------------------------

    def show_category(self, category: str) -> None:
        """The catalog lists the category's cards (the game's search; the catalog keeps to the
        deck's legality as it always does)."""
        query = self.session.category_query(category)
        if not query:
            self.host.show_message(f"{category} is a category of your own: no card text names it")
            return
        self.host.catalog.search_box.setText(query)
        self.host.show_message(f"The catalog lists {category.lower()} the deck may take ({query})")

    def select_problem(self, problem: Problem) -> None:
        if problem.extra.get("query"):  # a category under its target: the catalog lists more
            self.show_category(problem.extra["category"])
        found = self.host.deck_pane.select_cards(problem.cards)
        plural = "s" if found != 1 else ""
        self.host.show_message(f"{problem.message} — {found} line{plural} selected")

    def edit_line_categories(self) -> None:
        """Deck › Line categories… (`category_dialogs`)."""
        category_dialogs.edit_line_categories(self.host)

    def rename_category_dialog(self) -> None:
        """Deck › Rename category… (`category_dialogs`)."""
        category_dialogs.rename_category(self.host)

    def ask_text_dialog(self, title: str, label: str, text: str) -> str | None:
        value, ok = QInputDialog.getText(self.parent, title, label, text=text)
        return value if ok else None

    def build_to_template(self) -> None:
        self.session.build_to_template()

    def set_format(self, code: str) -> None:
        """The chosen format is part of the deck (saved with it, undoable)."""
        session = self.session
        before = session.deck
        session.set_format(code, notify=False)
        # the undo item and the status line name it as players do ("Format: Vintage", not the
        # file's code "vintage")
        title = session.fmt.title if session.fmt is not None and session.fmt.title else code
        session.apply(before.with_format(code), f"Format: {title}")
        if session.deck is before:  # the deck already named it: still re-check
            session._changed()
        # a section the format leaves out still holds cards: said at once, not only counted
        left = next(
            (
                p
                for p in session.problems()
                if p.kind == ProblemKind.UNKNOWN_SECTION and p.section in session.game.sections
            ),
            None,
        )
        said = f"Format: {title}" + (f" — {left.message}" if left is not None else "")
        self.host.show_message(session.format_error or said)

    def fill_format_menu(self) -> None:
        """Deck › Format, made as it opens (`deckeditor.ui.format_menu`)."""
        session = self.session
        format_menu.fill(
            self.host.format_menu,
            session.format_codes(),
            session.format_code,
            self.set_format,
            self.ask_day,
        )

    def ask_day(self) -> None:
        """Deck › Format › Day of the ban lists…: the day typed as YYYY-MM-DD (the status bar's
        date box takes one section at a time), checked before it is used."""
        session = self.session
        text = self.host.ask_text(
            "Day of the ban lists",
            "The day whose ban, restricted and dated lists apply (YYYY-MM-DD):",
            session.day.isoformat(),
        )
        if text is None:
            return
        try:
            day = format_menu.parse_day(text)
        except ValueError as exc:
            self.host.show_message(str(exc))
            return
        session.set_day(day)
        self.host.status.set_state(session.format_codes(), session.format_code, day)
        self.host.show_message(f"The lists of {day.isoformat()} apply")

    def rename_deck(self) -> None:
        name = self.host.ask_text("Rename deck", "Deck name", self.session.deck.name)
        if name and name.strip():
            self.session.rename(name.strip())
