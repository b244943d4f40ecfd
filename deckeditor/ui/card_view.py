"""The selected card: the blocks its game gives (`Game.card_view`: texts, costs, rules notes, a
colour budget and its choice, Riftbound's dimmed Effect Text and Might badge), its text symbols
drawn as icons (`Game.symbols`), why the catalog hides it, and, where the game offers it, a
preview with several cards of the deck attached (Riftbound Equipment)."""

from __future__ import annotations

import html
import re
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import (
    QImage,
    QPixmap,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from deckeditor.catalog_search import CatalogSearch
from deckeditor.deck import Entry, Printing
from deckeditor.games.interface import CardViewBlock
from deckeditor.session import EditorSession
from deckeditor.ui import theme
from deckeditor.ui.card_images import CardImages, CardPicture
from deckeditor.ui.printing_row import ICON, Line, PrintingRow
from deckeditor.ui.printing_row import ink as symbol_ink
from deckeditor.ui.symbols import symbol_image


def _esc(text: str) -> str:
    return html.escape(text or "").replace("\n", "<br>")


class SymbolBrowser(QTextBrowser):
    """A text browser that draws `symbol:` images from the current game's symbol table (asked
    on each load, so a cleared document still finds them)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.images: dict[str, QImage] = {}

    def loadResource(self, kind: int, url: QUrl | str) -> object:  # noqa: N802 - Qt's name
        url = QUrl(url) if isinstance(url, str) else url
        if url.scheme() in ("symbol", "setsymbol"):
            image = self.images.get(url.toString())
            if image is not None:
                return image
        return super().loadResource(kind, url)


# How each card-view block style is drawn: (template, how a hint is added to it). The hint part
# is left out when the block has no hint; styles not listed are drawn as plain paragraphs.
_PLAIN_BLOCK = ("<p>{text}{hint}</p>", " <span style='color:#999999'>({hint})</span>")
_BLOCK_HTML = {
    "title": ("<h3>{text} &nbsp; <span style='color:#555'>{hint}</span></h3>", "{hint}"),
    "subtitle": ("<p><i>{text}</i></p>", ""),
    "facts": ("<p><b>{text}</b></p>", ""),
    "dim": ("<p style='color:#999999'>{text}{hint}</p>", "<br><i>({hint})</i>"),
    "badge": (
        "<p><span style='background-color:#ece6d6; color:#8a8170; font-weight:bold'>"
        "&nbsp;{text}&nbsp;</span>{hint}</p>",
        " <span style='color:#999999'>{hint}</span>",
    ),
    "rule": ("<p style='color:#20457a'>{text}</p>", ""),
    "note": ("<p style='color:#666666'>{text}</p>", ""),
    "choice": ("<p style='background-color:#eef3fb'>{text}</p>", ""),
    "warning": ("<p style='color:#b00020'>{text}</p>", ""),
    "separator": ("<hr>", ""),
}


# What the pane says while no card is selected (a fresh window, or the card went away).
_NO_CARD = (
    "<p style='color:#777'><b>No card selected.</b></p>"
    "<p style='color:#777'>Click a card in the catalog or the deck to see its text here.</p>"
    "<p style='color:#777'>Type in the search box above the catalog to find cards "
    "(<b>?</b> beside it lists what you can search for); Enter or a double-click adds "
    "the selected card to the deck.</p>"
)


class CardView(QWidget):
    def __init__(self, session: EditorSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.text = SymbolBrowser()
        self.text.setOpenExternalLinks(False)
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(self._on_link)
        self.picture = CardPicture(self)
        self.images: CardImages | None = None  # the window's; None: text only
        self.image_note = QLabel()
        self.image_note.setWordWrap(True)  # a long note must not widen the pane (1366 px screens)
        self.image_note.setStyleSheet(theme.tone("color:#777"))
        self.image_note.hide()
        self.printing_row = PrintingRow(lambda: self.session, self._line)
        row = self.printing_row
        self.printing_label, self.printing_box, self.number_edit = (
            row.label,
            row.box,
            row.number_edit,
        )
        self.show_sets = False
        self.viewed_printing: Printing | None = (
            None  # a printing picked in the printing list: its picture shows
        )
        self.entry_ref: tuple[str, int] | None = None  # the deck line shown, when one is
        self.attach_label = QLabel("Preview attached:")
        self.attach_list = QListWidget()
        self.attach_list.setMaximumHeight(110)
        self.attach_list.setToolTip("Tick the cards of the deck to preview attached to this one")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.picture)
        layout.addWidget(self.image_note)
        layout.addLayout(row.layout)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.attach_label)
        layout.addWidget(self.attach_list)
        self.attach_list.itemChanged.connect(lambda _item: self._render())
        self.card: Any = None
        self.target = "Main"
        self._behind: str | None = None  # an edit's redraw (its target) waiting for the tab
        self.searcher: CatalogSearch | None = None  # the catalog's, for the failed search term
        self._symbols_of: Any = None  # the game whose symbol icons the document holds
        self._symbol_re: re.Pattern[str] | None = None
        self._symbols: dict[str, Any] = {}
        self._show_attach(False)
        self._fill_printings()
        self._render()  # a fresh window: the hint, not an empty pane

    def retheme(self) -> None:
        """The palette changed (View › Theme): symbol pictures and texts drawn again."""
        self._symbols_of = None
        self.image_note.setStyleSheet(theme.tone("color:#777"))
        self._fill_printings()
        self._render()

    def _show_attach(self, on: bool) -> None:
        self.attach_label.setVisible(on)
        self.attach_list.setVisible(on)

    def show_card(
        self, name: str | None, target: str = "Main", entry: tuple[str, int] | None = None
    ) -> None:
        """Show a card; `entry` (section, index) when it is a deck line (its printing is shown)."""
        self._behind = None
        card = self.session.card(name) if name else None
        if card is None or self.card is None or card.name != self.card.name:
            self.show_sets = False
            self.viewed_printing = None
        self.card = card
        self.target = target
        self.entry_ref = entry if self._entry(entry) is not None else None
        self._fill_attachments()
        self._fill_printings()
        self._render()
        self._ask_picture()

    def redraw(self, target: str) -> None:
        """After a deck edit: the card on view drawn again for the new deck — at once, or, while
        another tab of the shown window covers this one, when it comes to the front (an edit
        redraws nothing the player cannot see: ~1 ms an edit)."""
        if self.card is None:
            return
        if self.window().isVisible() and not self.isVisible():
            self._behind = target
            return
        self.show_card(self.card.name, target, self.entry_ref)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._behind is not None and self.card is not None:
            self.show_card(self.card.name, self._behind, self.entry_ref)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.picture.refit()

    def _entry(self, ref: tuple[str, int] | None) -> Entry | None:
        """The deck line `ref` names, if it still shows the card on view."""
        if ref is None or self.card is None:
            return None
        try:
            entry = self.session.deck.section(ref[0]).entries[ref[1]]
        except (IndexError, KeyError):
            return None
        return entry if entry.card == self.card.name else None

    # --- picture ---------------------------------------------------------------------------

    def _ask_picture(self) -> None:
        if self.images is None or self.card is None:
            if self.images is not None:
                self.images.forget(self)
            self._got_picture(None)
            return
        entry = self._entry(self.entry_ref)
        self.picture.set_picture(None)  # not the last card's picture while this one loads
        printing = self.viewed_printing or (entry.printing if entry is not None else None)
        self.images.request(self, self.session.game, self.card, printing, self._got_picture)
        if not self.picture.has_picture() and self.images.pending():
            self.image_note.setText("Loading picture…")
            self.image_note.show()

    def _got_picture(self, pixmap: QPixmap | None) -> None:
        self.picture.set_picture(pixmap)
        note = ""
        if pixmap is None and self.card is not None and self.images is not None:
            if not self.images.downloads and not self.images.pictures_folder:
                note = "No picture: downloads are off (View › Card images) and no pictures folder is set."
            elif self.images.pending():
                note = "Loading picture…"
        self.image_note.setText(note)
        self.image_note.setVisible(bool(note))

    # --- printing --------------------------------------------------------------------------

    def _fill_printings(self) -> None:
        self.printing_row.fill(self.card)

    def _line(self) -> Line | None:
        """The deck line on view and where it is, when one is."""
        entry = self._entry(self.entry_ref)
        return (self.entry_ref, entry) if entry is not None and self.entry_ref else None

    def _sets_html(self, card: Any) -> str:
        """The printings as a link that opens (and closes) their list: each with its set symbol,
        set name, year and collector number, a link that shows its picture."""
        game = self.session.game
        if not self.show_sets:  # the count alone: no collector numbers looked up
            count = len(game.printing_outline(card))
            return f"<p><a href='sets'>List the printings ({count})</a></p>" if count else ""
        printings = game.printing_choices(card)
        if not printings:
            return ""
        ink = symbol_ink()
        rows = []
        for i, p in enumerate(printings):
            symbol = game.printing_symbol(p)
            icon = ""
            if symbol is not None:
                url = f"setsymbol:{symbol.token}"
                self.text.images[url] = symbol_image(symbol, ICON, ink)
                icon = (
                    f"<img src='{url}' width={ICON} height={ICON} style='vertical-align: middle'> "
                )
            rows.append(f"{icon}<a href='printing:{i}'>{_esc(game.printing_text(p))}</a>")
        return f"<p><a href='sets'>Hide the printings</a></p><p>{'<br>'.join(rows)}</p>"

    def open_printings(self, name: str, target: str = "Main") -> None:
        """Show `name` with its printing list open (the catalog's "Sets" count asks this)."""
        if self.card is None or self.card.name != name:
            self.show_card(name, target)
        if self.card is not None and not self.show_sets:
            self.show_sets = True
            self._render()

    def _on_link(self, url: QUrl) -> None:
        text = url.toString()
        if text == "sets":
            self.show_sets = not self.show_sets
            self._render()
        elif text.startswith("printing:") and self.card is not None:
            printings = self.session.game.printing_choices(self.card)
            index = int(text.split(":", 1)[1])
            if 0 <= index < len(printings):
                self.viewed_printing = printings[index]  # its picture, while this card is shown
                self._ask_picture()

    # --- attachment preview ------------------------------------------------------------

    def attached(self) -> list[str]:
        """The names ticked in the attachment list, in list order."""
        out = []
        for i in range(self.attach_list.count()):
            item = self.attach_list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.text())
        return out

    def set_attached(self, names: list[str]) -> None:
        self.attach_list.blockSignals(True)
        for i in range(self.attach_list.count()):
            item = self.attach_list.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.text() in names else Qt.CheckState.Unchecked
            )
        self.attach_list.blockSignals(False)
        self._render()

    def _fill_attachments(self) -> None:
        """What the game lets the card be previewed with (Riftbound: the deck's Equipment on a
        unit); the ticks are kept for names still offered."""
        kept = set(self.attached())
        self.attach_list.blockSignals(True)
        self.attach_list.clear()
        names = []
        if self.card is not None:
            names = self.session.game.attachable(self.card, self.session.deck, self.session.pool)
        for name in names:
            item = QListWidgetItem(name)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in kept else Qt.CheckState.Unchecked)
            self.attach_list.addItem(item)
        self.attach_list.blockSignals(False)
        self._show_attach(bool(names))

    # --- rendering ---------------------------------------------------------------------

    def _load_symbols(self) -> None:
        game = self.session.game
        if game is self._symbols_of:
            return
        self._symbols_of = game
        self._symbols = {s.token: s for s in game.symbols()}
        ink = symbol_ink()  # a symbol as dark as the page gets a ring
        self.text.images = {
            self._url(token): symbol_image(symbol, ICON, ink)
            for token, symbol in self._symbols.items()
        }
        tokens = sorted(self._symbols, key=len, reverse=True)
        self._symbol_re = re.compile("|".join(re.escape(t) for t in tokens)) if tokens else None

    @staticmethod
    def _url(token: str) -> str:
        return "symbol:" + "".join(f"{ord(c):x}." for c in token)

    def rich(self, text: str) -> str:
        """Escaped text with the game's symbols as inline icons."""
        out = _esc(text)
        if self._symbol_re is None:
            return out

        def icon(m: re.Match[str]) -> str:
            symbol = self._symbols[m.group(0)]
            return (
                f"<img src='{self._url(m.group(0))}' width={ICON} height={ICON} "
                f"title='{html.escape(symbol.name)}' alt='{html.escape(m.group(0))}' style='vertical-align: middle'>"
            )

        return str(self._symbol_re.sub(icon, out))

    def block_html(self, block: CardViewBlock) -> str:
        text, hint = self.rich(block.text), self.rich(block.hint)
        template, hint_template = _BLOCK_HTML.get(block.style, _PLAIN_BLOCK)
        return template.format(text=text, hint=hint_template.format(hint=hint) if hint else "")

    def _lead_title(self, lead: str, name: str) -> str:
        """What the card is to the deck: its slot's title when the game shows the lead section
        as slots, else the section's ("commander")."""
        entries = self.session.deck.section(lead).entries
        for count in self.session.section_counts():
            if (
                count.section == lead
                and count.slot
                and any(entries[i].card == name for i in count.entries or ())
            ):
                return count.title
        return self.session.game.section_title(lead)

    def _render(self) -> None:
        card = self.card
        if card is None:
            self.text.setHtml(theme.tone(_NO_CARD))
            return
        self._load_symbols()
        game = self.session.game
        blocks = list(self.session.card_blocks(card))
        attached = self.attached() if not self.attach_list.isHidden() else []
        if attached:
            blocks += game.attachment_view(card, attached, self.session.pool)
        body = "".join(self.block_html(b) for b in blocks) + self._sets_html(card)
        lead = self.session.game.lead_section
        leads = lead is not None and any(
            e.card == card.name for _, e in self.session.deck.entries(lead)
        )
        if leads and lead is not None:  # the deck's own commander: say that, not a copy limit
            body += self.block_html(
                CardViewBlock("note", f"This deck's {self._lead_title(lead, card.name).lower()}.")
            )
        reasons = [] if leads else self.session.why_hidden(card, self.target)
        note = None if reasons else self.session.commit_note(card, self.target)
        if note:  # the open budget, made visible: what this addition would choose
            body += self.block_html(CardViewBlock("choice", f"{note[0].upper()}{note[1:]}."))
        pool = self.session.pool
        row = pool.row_of(card.name) if pool is not None else None
        # the search hides catalog rows; a card the deck holds (its commander, a line picked in
        # the deck pane) is not hidden from the player by it, so the search is not named
        asks_catalog = not leads and self.entry_ref is None
        failed = (
            self.searcher.failed_term(row)
            if asks_catalog and self.searcher is not None and row is not None
            else None
        )
        if failed:
            reasons = reasons + [f"Does not match the search term “{failed}”"]
        if reasons:
            items = "".join(f"<li>{_esc(r)}</li>" for r in reasons)
            body += f"<p style='color:#b00020'><b>Why the catalog hides it:</b></p><ul>{items}</ul>"
        self.text.setHtml(theme.tone(body))
