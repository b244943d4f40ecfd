"""The selected card: its text, each DeckRule's Description$ (unless the Oracle text already has
it), a commander's colour budget and choice, why it is hidden; Riftbound: attachment preview."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtWidgets import QComboBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from deckeditor.session import EditorSession, color_budget, compact_cost, rule_descriptions

_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _esc(text: str) -> str:
    return html.escape(text or "").replace("\n", "<br>")


def mtg_card_html(card: Any) -> str:
    parts = []
    for i, face in enumerate(card.faces):
        if i:
            parts.append("<hr>")
        parts.append(f"<h3>{_esc(face.name)} &nbsp; <span style='color:#555'>{_esc(compact_cost(face.mana_cost))}</span></h3>")
        parts.append(f"<p><i>{_esc(face.type_line)}</i></p>")
        if face.oracle_text:
            parts.append(f"<p>{_esc(face.oracle_text)}</p>")
        stats = []
        if face.power is not None or face.toughness is not None:
            stats.append(f"{face.power}/{face.toughness}")
        if face.loyalty is not None:
            stats.append(f"Loyalty {face.loyalty}")
        if face.defense is not None:
            stats.append(f"Defense {face.defense}")
        if stats:
            parts.append(f"<p><b>{' · '.join(stats)}</b></p>")
    for text in rule_descriptions(card):
        parts.append(f"<p style='color:#20457a'>◆ {_esc(text)}</p>")
    ident = "".join(c for i, c in enumerate("WUBRG") if card.identity >> i & 1) or "colourless"
    sets = len(card.printings or ())
    parts.append(f"<p style='color:#666'>Colour identity: {ident} · mana value {card.mana_value:g}"
                 + (f" · {sets} set{'s' if sets != 1 else ''}" if sets else "") + "</p>")
    return "".join(parts)


def riftbound_card_html(card: Any) -> str:
    bits = [f"<h3>{_esc(card.name)}</h3>"]
    kind = " ".join((*sorted(getattr(card, "supertypes", ()) or ()), *(getattr(card, "types", ()) or ())))
    tags = ", ".join(getattr(card, "tags", ()) or ())
    bits.append(f"<p><i>{_esc(kind)}{' — ' + _esc(tags) if tags else ''}</i></p>")
    facts = []
    for label, attr in (("Energy", "energy"), ("Power", "power"), ("Might", "might"), ("Might bonus", "might_bonus")):
        value = getattr(card, attr, None)
        if value is not None:
            facts.append(f"{label} {value}")
    domains = ", ".join(sorted(str(d) for d in getattr(card, "domains", ()) or ()))
    if domains:
        facts.append(f"Domains: {domains}")
    if facts:
        bits.append(f"<p><b>{_esc(' · '.join(facts))}</b></p>")
    if getattr(card, "rules_text", ""):
        bits.append(f"<p>{_esc(card.rules_text)}</p>")
    if getattr(card, "effect_text", None):
        bits.append(f"<p style='color:#20457a'>Effect: {_esc(card.effect_text)}</p>")
    return "".join(bits)


class CardView(QWidget):
    def __init__(self, session: EditorSession, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        self.attach_label = QLabel("Preview attaching:")
        self.attach_box = QComboBox()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.attach_label)
        layout.addWidget(self.attach_box)
        self.attach_box.currentIndexChanged.connect(lambda _: self._render())
        self.card: Any = None
        self.target = "Main"
        self.searcher = None  # the catalog's CatalogSearch, for the failed search term
        self._show_attach(False)

    def _show_attach(self, on: bool) -> None:
        self.attach_label.setVisible(on)
        self.attach_box.setVisible(on)

    def show_card(self, name: str | None, target: str = "Main") -> None:
        self.card = self.session.card(name) if name else None
        self.target = target
        self._fill_attachments()
        self._render()

    def _fill_attachments(self) -> None:
        """Riftbound units: every Equipment of the deck can be previewed attached."""
        self.attach_box.blockSignals(True)
        self.attach_box.clear()
        card = self.card
        is_unit = card is not None and self.session.game_code == "riftbound" and "Unit" in (getattr(card, "types", ()) or ())
        gear = []
        if is_unit:
            seen = set()
            for _, entry in self.session.deck.entries():
                other = self.session.card(entry.card)
                if other is not None and "Equipment" in (getattr(other, "tags", ()) or ()) and other.name not in seen:
                    seen.add(other.name)
                    gear.append(other.name)
        self.attach_box.addItem("(nothing attached)")
        self.attach_box.addItems(gear)
        self.attach_box.blockSignals(False)
        self._show_attach(bool(gear))

    def _render(self) -> None:
        card = self.card
        if card is None:
            self.text.setHtml("<p style='color:#777'>Select a card to see its text.</p>")
            return
        body = mtg_card_html(card) if getattr(card, "faces", None) else riftbound_card_html(card)
        body += self._budget_html(card)
        body += self._attachment_html(card)
        reasons = self.session.why_hidden(card, self.target)
        row = self.session.pool.row_of(card.name) if hasattr(self.session.pool, "row_of") else None
        failed = self.searcher.failed_term(row) if self.searcher is not None and row is not None else None
        if failed:
            reasons = reasons + [f"Does not match the search term “{failed}”"]
        if reasons:
            items = "".join(f"<li>{_esc(r)}</li>" for r in reasons)
            body += f"<p style='color:#b00020'><b>Why the catalog hides it:</b></p><ul>{items}</ul>"
        self.text.setHtml(body)

    def _budget_html(self, card: Any) -> str:
        budget = color_budget(card)
        if budget is None:
            return ""
        chosen = None
        for section, entry in self.session.deck.entries():
            if entry.card == card.name and (section == "Commander" or budget.exactly):
                chosen = entry.colors
                break
        n = budget.count
        what = {"additional colour": "Additional-colour budget", "circled colours": "Circles",
                "wild colour": "Wild colour"}[budget.why]
        text = f"{what}: {'exactly' if budget.exactly else 'up to'} {n} colour{'s' if n != 1 else ''}"
        if chosen is not None:
            names = ", ".join(_NAMES[c] for c in chosen) or "none chosen yet (budget open)"
            text += f" · chosen: {names}"
        return f"<p style='background:#eef3fb;padding:4px'>{_esc(text)}</p>"

    def _attachment_html(self, card: Any) -> str:
        if not self.attach_box.isVisible() or self.attach_box.currentIndex() <= 0:
            return ""
        gear = self.session.card(self.attach_box.currentText())
        from deckeditor.games.riftbound.attachment import preview

        try:
            view = preview(card, [gear])
        except Exception as exc:  # the preview refuses odd pairs with its own error
            return f"<p style='color:#b00020'>{_esc(str(exc))}</p>"
        return f"<hr><p><b>With {_esc(gear.name)} attached</b></p><p>{describe_attachment(view)}</p>"


def describe_attachment(view: Any) -> str:
    """The AttachmentView of deckeditor.games.riftbound.attachment, as HTML."""
    parts = []
    might = getattr(view, "might_text", None) or getattr(view, "might", None)
    if might is not None:
        parts.append(f"<b>Might {_esc(str(might))}</b> (printed {getattr(view, 'printed_might', '?')})")
    for source, bonus in getattr(view, "bonuses", ()) or ():
        parts.append(f"+{bonus} from {_esc(source)}")
    for block in getattr(view, "text", ()) or ():
        style = "" if block.active else " style='color:#999'"
        label = f"{_esc(block.source)} ({block.kind}{', inactive' if not block.active else ''})"
        parts.append(f"<span{style}>{label}: {_esc(block.text)}</span>")
    keywords = ", ".join(getattr(k, "name", str(k)) for k in getattr(view, "keywords", ()) or ())
    if keywords:
        parts.append(f"Active keywords: {_esc(keywords)}")
    return "<br>".join(parts) or _esc(str(view))
