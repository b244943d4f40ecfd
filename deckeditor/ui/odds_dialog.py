"""Draw odds and a sample hand (Deck › Draw odds and sample hand…).

The odds are `deckeditor.odds` (exact) for a category of the deck, or its lands, by turn, on the
play and on the draw, under the game's opening hand and mulligan (`Game.hand_rule`: MTG's seven
kept at 7, 6 and 5 cards after London mulligans; Riftbound's four, up to 1 or 2 set aside). The
sample hand shuffles the deck's library with a seed: New hand (Ctrl+R) draws the next seed's hand,
Mulligan (Ctrl+M) follows the game's rule (London: a fresh hand, then a click on a card puts it on
the bottom, as many as mulligans taken; set aside: a click on up to that many cards replaces each
from the library), Draw (Ctrl+D) takes the top card. Cards show their picture where
there is one, else their name.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deckeditor import odds
from deckeditor.games import categories
from deckeditor.odds import percent
from deckeditor.session import EditorSession
from deckeditor.ui.card_images import CardImages
from deckeditor.words import count

TURNS = (0, 1, 2, 3, 4, 5, 6)


CARD_WIDTH = 110


def _picture_for(slot: _CardSlot, name: str, pixmap: QPixmap | None) -> None:
    """A picture that comes after the slot shows another card is dropped."""
    if slot.name == name:
        slot.set_picture(pixmap)


class _CardSlot(QPushButton):
    """One card of the sample hand: its picture when there is one, else its name."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(CARD_WIDTH, int(CARD_WIDTH * 1.4))
        self.name = ""

    def show_card(self, name: str) -> None:
        if name != self.name:
            self.name = name
            self.set_picture(None)  # until its picture comes
        self.setToolTip(name)

    def set_picture(self, pixmap: QPixmap | None) -> None:
        if pixmap is None or pixmap.isNull():
            self.setIcon(QIcon())
            self.setText(self._wrapped(self.name))
            return
        scaled = pixmap.scaledToWidth(CARD_WIDTH - 6, Qt.TransformationMode.SmoothTransformation)
        self.setIcon(QIcon(scaled))
        self.setIconSize(scaled.size())
        self.setText("")

    def _wrapped(self, name: str) -> str:
        """The name on as many lines as it takes ("Swords to / Plowshares"): a button draws
        one line, and a long name was cut at both ends ("words to Plowshare")."""
        metrics, room = self.fontMetrics(), CARD_WIDTH - 14
        lines: list[str] = []
        for word in name.split():
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and metrics.horizontalAdvance(joined) <= room:
                lines[-1] = joined
            else:
                lines.append(word)
        return "\n".join(
            metrics.elidedText(line, Qt.TextElideMode.ElideRight, room) for line in lines
        )


class OddsDialog(QDialog):
    def __init__(
        self,
        session: EditorSession,
        images: CardImages | None = None,
        parent: QWidget | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Draw odds and sample hand")
        self.session, self.images = session, images
        self.rule = session.game.hand_rule  # the opening hand's size and mulligan
        layout = QVBoxLayout(self)
        layout.addLayout(self._make_odds())
        layout.addWidget(self.summary)
        layout.addWidget(self.table)
        layout.addWidget(QLabel("<b>Sample hand</b>"))
        self.hand_note = QLabel()
        layout.addWidget(self.hand_note)
        self.hand_box = QWidget()
        self.hand_grid = QGridLayout(self.hand_box)
        self.slots: list[_CardSlot] = []
        layout.addWidget(self.hand_box)
        layout.addLayout(self._make_hand_buttons())
        self._fill_categories()
        self.category.currentTextChanged.connect(lambda _: self.refresh_odds())
        self.at_least.valueChanged.connect(lambda _: self.refresh_odds())
        self.hand = odds.SampleHand(session.library_cards(), seed=seed, rule=self.rule)
        self.refresh_odds()
        self.show_hand()

    def _make_odds(self) -> QHBoxLayout:
        """ "At least N <category>" and the table of chances by turn, side and mulligans."""
        pick = QHBoxLayout()
        pick.addWidget(QLabel("At least"))
        self.at_least = QSpinBox()
        self.at_least.setRange(1, 10)
        pick.addWidget(self.at_least)
        self.category = QComboBox()
        pick.addWidget(self.category, 1)
        self.summary = QLabel()
        choices = self.rule.choices()
        self.table = QTableWidget(len(TURNS), 2 * len(choices))
        self.table.setHorizontalHeaderLabels(
            [f"{side} {label}" for side in ("Play", "Draw") for _, label in choices]
        )
        self.table.setVerticalHeaderLabels(
            ["Opening hand" if t == 0 else f"Turn {t}" for t in TURNS]
        )
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setToolTip(
            f"The chance of at least that many by the turn's draw step; {self.rule.explained()}"
        )
        return pick

    def _make_hand_buttons(self) -> QHBoxLayout:
        buttons = QHBoxLayout()
        self.new_button = QPushButton("&New hand")
        self.mulligan_button = QPushButton("&Mulligan")
        self.draw_button = QPushButton("&Draw")
        for button in (self.new_button, self.mulligan_button, self.draw_button):
            buttons.addWidget(button)
        self.new_button.clicked.connect(self.new_hand)
        self.mulligan_button.clicked.connect(self.mulligan)
        self.draw_button.clicked.connect(self.draw)
        for keys, slot in (
            ("Ctrl+R", self.new_hand),
            ("Ctrl+M", self.mulligan),
            ("Ctrl+D", self.draw),
        ):
            QShortcut(QKeySequence(keys), self, slot)
        return buttons

    def _fill_categories(self) -> None:
        """The game's roles, then the deck's own categories, then each card of the library (the
        command line's --card: a Riftbound deck has no roles, and the box was empty, every
        chance 0.0%); the game's odds role first shown."""
        session = self.session
        game = session.game
        names = [r.title for r in game.roles]
        names += [
            n
            for n in categories.category_counts(session.deck, game, session.pool)
            if n not in names
        ]
        for name in names:
            self.category.addItem(name, ("category", name))
        cards = sorted(
            {e.card for e, _ in categories.library_cards(session.deck, game, session.pool)},
            key=str.casefold,
        )
        if names and cards:
            self.category.insertSeparator(self.category.count())
        for card in cards:
            self.category.addItem(card, ("card", card))
        first = next((r.title for r in game.roles if r.key == game.odds_role), None)
        if first is not None:
            self.category.setCurrentText(first)

    # --- odds ----------------------------------------------------------------------------------

    def refresh_odds(self) -> None:
        session = self.session
        kind, name = self.category.currentData() or ("category", self.category.currentText())
        size, wanted = categories.library_count(
            session.deck, session.game, session.pool, **{kind: name}
        )
        k = self.at_least.value()
        what = f"{name} ({count(wanted, 'copy')})" if kind == "card" else f"{wanted} {name}"
        self.summary.setText(f"{what} in a library of {size}: the chance of at least {k}")
        for row, turn in enumerate(TURNS):
            for column, (on_draw, choice) in enumerate(
                (d, m) for d in (False, True) for m, _ in self.rule.choices()
            ):
                if self.rule.size + odds.draws_by_turn(turn, on_draw) > size:
                    text = ""
                else:
                    chance = odds.chance_with(self.rule, size, wanted, k, turn, on_draw, choice)
                    text = percent(float(chance))
                item = self.table.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                    self.table.setItem(row, column, item)
                item.setText(text)

    def chance_text(self, turn: int, on_draw: bool = False, mulligans: int = 0) -> str:
        """The shown chance; `mulligans`: the column's place among the rule's choices."""
        per_side = len(self.rule.choices())
        item = self.table.item(TURNS.index(turn), (per_side if on_draw else 0) + mulligans)
        return item.text() if item is not None else ""

    # --- the sample hand -----------------------------------------------------------------------

    def new_hand(self) -> None:
        self.hand.redraw()
        self.show_hand()

    def mulligan(self) -> None:
        try:
            self.hand.mulligan()
        except ValueError as exc:
            self.hand_note.setText(str(exc))
            return
        self.show_hand()

    def draw(self) -> None:
        try:
            self.hand.draw()
        except ValueError as exc:
            self.hand_note.setText(str(exc))
            return
        self.show_hand()

    def _bottom(self, index: int) -> None:
        if self.hand.to_bottom:
            self.hand.bottom(index)
            self.show_hand()

    def show_hand(self) -> None:
        cards = self.hand.hand
        while len(self.slots) < len(cards):
            slot = _CardSlot(self.hand_box)
            i = len(self.slots)
            slot.clicked.connect(lambda _=False, i=i: self._bottom(i))
            self.hand_grid.addWidget(slot, i // 8, i % 8)
            self.slots.append(slot)
        for i, slot in enumerate(self.slots):
            if i < len(cards):
                slot.show_card(cards[i])
                slot.setVisible(True)
                self._ask_picture(slot, cards[i])
            else:
                slot.setVisible(False)
        note = f"Hand {self.hand.seed + 1}"
        if self.hand.mulligans:
            note += f", mulligan {self.hand.mulligans}"
        owed = self.hand.to_bottom
        if owed and self.hand.sets_aside:
            note += (
                f": click up to {owed} card{'s' if owed > 1 else ''} to set aside "
                "(each is replaced from the library), or Draw to keep the hand"
            )
        elif owed:
            note += f": click {owed} card{'s' if owed > 1 else ''} to put on the bottom"
        if self.hand.drawn:
            note += f"; {self.hand.drawn} drawn"
        self.hand_note.setText(note)
        self.draw_button.setEnabled(
            (self.hand.sets_aside or not self.hand.to_bottom) and bool(self.hand.library)
        )

    def _ask_picture(self, slot: _CardSlot, name: str) -> None:
        card = self.session.card(name)
        if self.images is None or card is None:
            slot.set_picture(None)
            return
        self.images.request(
            slot,
            self.session.game,
            card,
            None,
            partial(_picture_for, slot, name),
        )
