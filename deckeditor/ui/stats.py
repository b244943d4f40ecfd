"""Deck statistics: a mana curve and colour-pip bars (drawn with QPainter), type counts and the
starting library size. The numbers come from `session.deck_stats` (Qt-free)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from deckeditor.session import DeckStats

PIP_COLORS = {"W": "#e9dfa8", "U": "#4f8fd0", "B": "#4a4040", "R": "#d4553a", "G": "#3f9a5a"}


class BarChart(QWidget):
    """Labelled vertical bars; value labels above each bar."""

    def __init__(self, title: str, parent=None) -> None:
        super().__init__(parent)
        self.title = title
        self.bars: list[tuple[str, int, QColor]] = []
        self.setMinimumHeight(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_bars(self, bars: list[tuple[str, int, QColor]]) -> None:
        self.bars = bars
        self.update()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = p.fontMetrics()
        line = fm.height()
        p.setPen(self.palette().windowText().color())
        p.drawText(QRectF(0, 0, self.width(), line), Qt.AlignmentFlag.AlignLeft, self.title)
        if not self.bars:
            return
        top, bottom = line * 2 + 2, self.height() - line - 4
        width = self.width() / len(self.bars)
        peak = max(1, max(v for _, v, _ in self.bars))
        for i, (label, value, color) in enumerate(self.bars):
            x = i * width + width * 0.15
            w = width * 0.7
            h = (bottom - top) * value / peak
            p.fillRect(QRectF(x, bottom - h, w, h), color)
            p.drawText(QRectF(i * width, bottom + 2, width, line), Qt.AlignmentFlag.AlignHCenter, label)
            if value:
                p.drawText(QRectF(i * width, bottom - h - line, width, line), Qt.AlignmentFlag.AlignHCenter, str(value))
        p.end()


class StatsPanel(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.curve = BarChart("Mana curve (library, nonland)")
        self.pips = BarChart("Coloured mana symbols")
        self.summary = QLabel()
        self.types = QGridLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.curve, 1)
        layout.addWidget(self.pips, 1)
        holder = QWidget()
        holder.setLayout(self.types)
        layout.addWidget(holder)

    def set_stats(self, stats: DeckStats) -> None:
        base = QColor("#6b7fa8")
        self.curve.set_bars([
            ("7+" if mv == 7 else str(mv), stats.curve.get(mv, 0), base) for mv in range(8)
        ])
        self.pips.set_bars([(c, stats.pips.get(c, 0), QColor(PIP_COLORS[c])) for c in "WUBRG"])
        self.summary.setText(
            f"<b>Starting library: {stats.library} cards</b> &nbsp; · &nbsp; deck total {stats.total}"
        )
        while self.types.count():
            item = self.types.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        for i, (name, n) in enumerate(sorted(stats.types.items(), key=lambda t: (-t[1], t[0]))):
            self.types.addWidget(QLabel(name), i // 3, (i % 3) * 2)
            count = QLabel(str(n))
            count.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.types.addWidget(count, i // 3, (i % 3) * 2 + 1)
