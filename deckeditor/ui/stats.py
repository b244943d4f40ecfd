"""Deck statistics: the game's charts (bars drawn with QPainter), its groups and summary. The
values come from the game (`Game.statistics`, Qt-free); the panel makes its widgets once per set
of charts and only changes their values on each edit (product.md: widgets are updated, not
rebuilt). A deck of another game with other charts makes the chart widgets anew, once."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from deckeditor.games.interface import Game, Statistics, Symbol
from deckeditor.ui import theme
from deckeditor.ui.symbols import draw_symbol

_GROUP_COLUMNS = 3


class BarChart(QWidget):
    """Labelled vertical bars; value labels above each bar."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.bars: list[tuple[str, int, QColor]] = []
        self.symbols: dict[str, Symbol] = {}  # bar label -> the game's symbol drawn in its place
        self.setMinimumHeight(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_bars(self, bars: list[tuple[str, int, QColor]]) -> None:
        if bars != self.bars:
            self.bars = bars
            self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
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
            symbol = self.symbols.get(label)
            if symbol is not None:  # the colour's mana symbol under its bar
                size = line
                draw_symbol(
                    p, QRectF(i * width + (width - size) / 2, bottom + 2, size, size), symbol
                )
            else:
                p.drawText(
                    QRectF(i * width, bottom + 2, width, line), Qt.AlignmentFlag.AlignHCenter, label
                )
            if value:
                p.drawText(
                    QRectF(i * width, bottom - h - line, width, line),
                    Qt.AlignmentFlag.AlignHCenter,
                    str(value),
                )
        p.end()


class StatsPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setWordWrap(True)  # the colour sources' line would set the pane's width
        self.symbols: dict[str, Symbol] = {}  # the game's symbols by token (`use_symbols`)
        self._symbols_of: Game | None = None
        self.charts: list[BarChart] = []
        self._chart_keys: tuple[str, ...] = ()
        self._colors: dict[tuple[str, bool], QColor] = {}
        self.chart_box = QVBoxLayout()
        self.types = QGridLayout()
        self._group_labels: list[tuple[QLabel, QLabel]] = []
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(self.chart_box, 1)
        holder = QWidget()
        holder.setLayout(self.types)
        layout.addWidget(holder)

    # the first two charts by their MTG-era names (curve, then colours/domains)
    @property
    def curve(self) -> BarChart | None:
        return self.charts[0] if self.charts else None

    @property
    def pips(self) -> BarChart | None:
        return self.charts[1] if len(self.charts) > 1 else None

    def chart(self, key: str) -> BarChart | None:
        for k, widget in zip(self._chart_keys, self.charts):
            if k == key:
                return widget
        return None

    def use_symbols(self, game: Game) -> None:
        """The symbols a chart may draw under its bars: those of the deck's game."""
        if game is not self._symbols_of:
            self._symbols_of = game
            self.symbols = {s.token: s for s in game.symbols()}

    def _color(self, name: str) -> QColor:
        key = (name, theme.is_dark())
        color = self._colors.get(key)
        if color is None:
            color = QColor(name)
            if key[1] and color.lightness() < 90:  # black mana's bar, seen on a dark background
                color = color.lighter(250)
            self._colors[key] = color
        return color

    def _make_charts(self, stats: Statistics) -> None:
        for widget in self.charts:
            self.chart_box.removeWidget(widget)
            widget.deleteLater()
        self.charts = [BarChart(c.title) for c in stats.charts]
        for widget in self.charts:
            self.chart_box.addWidget(widget, 1)
        self._chart_keys = tuple(c.key for c in stats.charts)

    def _group_row(self, i: int) -> tuple[QLabel, QLabel]:
        while len(self._group_labels) <= i:
            n = len(self._group_labels)
            name, count = QLabel(), QLabel()
            count.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.types.addWidget(name, n // _GROUP_COLUMNS, (n % _GROUP_COLUMNS) * 2)
            self.types.addWidget(count, n // _GROUP_COLUMNS, (n % _GROUP_COLUMNS) * 2 + 1)
            self._group_labels.append((name, count))
        return self._group_labels[i]

    def set_stats(self, stats: Statistics) -> None:
        if tuple(c.key for c in stats.charts) != self._chart_keys:
            self._make_charts(stats)
        for widget, chart in zip(self.charts, stats.charts):
            widget.title = chart.title
            widget.symbols = {
                b.label: self.symbols[b.symbol]
                for b in chart.bars
                if getattr(b, "symbol", "") in self.symbols
            }
            widget.set_bars([(b.label, b.value, self._color(b.color)) for b in chart.bars])
        self.summary.setText(stats.summary)
        for i, (name, n) in enumerate(stats.groups):
            label, count = self._group_row(i)
            label.setText(name)
            count.setText(str(n))
            label.setVisible(True)
            count.setVisible(True)
        for label, count in self._group_labels[len(stats.groups) :]:
            label.setVisible(False)
            count.setVisible(False)
