"""Game symbols drawn as pictures (issue 24.6): a symbol of the game interface (`Symbol`) is a disc,
square or diamond in its colour with a glyph of an icon font shipped in `resources/fonts` (the Mana
font's mana symbols, Keyrune's set symbols) or its label; a run of them (a cost) is one picture,
kept per (tokens, height), so a table cell costs one drawPixmap however many symbols it shows."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from deckeditor.games.interface import Symbol
from deckeditor.paths import resources_dir

FONT_FILES = {"mana": "mana.ttf", "keyrune": "keyrune.ttf"}


@cache
def font_family(key: str) -> str | None:
    """One shipped icon font's family, the font loaded when first drawn (~4 ms each: the set
    symbols' font is not on a fresh window's first screen); None when its file is absent."""
    name = FONT_FILES.get(key)
    if name is None:
        return None
    font_id = QFontDatabase.addApplicationFont(str(resources_dir() / "fonts" / name))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    return families[0] if families else None


def font_families() -> dict[str, str]:
    """Every shipped icon font, loaded; font key -> family name (absent when a file is)."""
    return {key: family for key in FONT_FILES if (family := font_family(key)) is not None}


def symbol_font(key: str, pixel_size: int) -> QFont | None:
    family = font_family(key)
    if family is None:
        return None
    font = QFont(family)
    font.setPixelSize(max(1, pixel_size))
    return font


# The smallest digit a player reads at 1x inside a Riftbound energy diamond (a 12 px diamond drew
# its digit at 7 px: a smudge in the deck pane)
LEGIBLE_LABEL_PX = 10
_ONE_LETTER = 0.62  # a lone letter's pixel size to the symbol's


def label_pixels(size: float, label: str) -> int:
    """The pixel size of a symbol's drawn label (a letter or digit, no icon-font glyph)."""
    return max(7, int(size * (_ONE_LETTER if len(label) == 1 else 0.45)))


def legible_row_height(symbols: Iterable[Any]) -> int:
    """The row height a symbol strip needs so that a diamond's digit is drawn at a legible size
    (0: no such symbol; a disc's glyph reads at any row height)."""
    if not any(s.shape == "diamond" and not s.glyph for s in symbols):
        return 0
    return math.ceil(LEGIBLE_LABEL_PX / _ONE_LETTER) + 2  # SymbolStrip draws at height - 2


def draw_symbol(p: QPainter, r: QRectF, symbol: Symbol, ink: QColor | None = None) -> None:
    """One symbol into `r` (a square). A symbol without a colour (a set symbol) is its glyph
    alone, in `ink` (the text colour: it follows a dark theme)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    size = r.width()
    font = symbol_font(symbol.font, int(size * 0.72)) if symbol.font and symbol.glyph else None
    if not symbol.color:
        if font is not None:
            font.setPixelSize(int(size * 0.95))
            p.setFont(font)
            p.setPen(ink or QColor("black"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, symbol.glyph)
        p.restore()
        return
    color = QColor(symbol.color)
    _draw_shape(p, r, symbol, color)
    if ink is not None and _blends_in(color, ink):
        _draw_outline(p, r, symbol, ink)
    _draw_label(p, r, symbol, color, font)
    p.restore()


# How far apart (HSL lightness, 0-255) a symbol's fill and the background it is drawn on must be
# to be seen without an outline: Riftbound's energy diamond (#2b2b2b) vanished on the dark
# theme's base (#2d2d2d), leaving a floating digit
_SEEN_APART = 70


def _blends_in(fill: QColor, ink: QColor) -> bool:
    """Whether the fill is about as light as the background the text colour `ink` is read on
    (a light ink: a dark background, and the reverse)."""
    background = 255 - ink.lightness()
    return abs(fill.lightness() - background) < _SEEN_APART


def _draw_outline(p: QPainter, r: QRectF, symbol: Symbol, ink: QColor) -> None:
    """A ring in the text's colour, softened, so a symbol as dark as the background keeps its
    shape (the fill stays the game's colour)."""
    ring = QColor(ink)
    ring.setAlpha(150)
    pen = QPen(ring, max(1.0, r.width() * 0.07))
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    half = pen.widthF() / 2
    _shape(p, r.adjusted(half, half, -half, -half), symbol.shape)


def _draw_shape(p: QPainter, r: QRectF, symbol: Symbol, color: QColor) -> None:
    """The symbol's disc, square or diamond in its colour (a hybrid disc: two colours)."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    _shape(p, r, symbol.shape)
    if symbol.shape not in ("square", "diamond") and symbol.color2:
        # a hybrid: the lower right half in the second colour
        half = QPainterPath()
        half.moveTo(r.topRight())
        half.lineTo(r.bottomRight())
        half.lineTo(r.bottomLeft())
        half.closeSubpath()
        clip = QPainterPath()
        clip.addEllipse(r)
        p.setBrush(QColor(symbol.color2))
        p.drawPath(clip.intersected(half))


def _shape(p: QPainter, r: QRectF, shape: str) -> None:
    """A disc, rounded square or diamond filling `r`, with the painter's pen and brush."""
    if shape == "square":
        p.drawRoundedRect(r, r.width() * 0.16, r.width() * 0.16)
    elif shape == "diamond":
        c = r.center()
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(c.x(), r.top()),
                    QPointF(r.right(), c.y()),
                    QPointF(c.x(), r.bottom()),
                    QPointF(r.left(), c.y()),
                ]
            )
        )
    else:
        p.drawEllipse(r)


def _draw_label(p: QPainter, r: QRectF, symbol: Symbol, color: QColor, font: QFont | None) -> None:
    """The symbol's glyph (two small ones on a hybrid) or, without an icon font, its label."""
    size = r.width()
    dark_ink = (
        QColor("#111111") if color.lightness() >= 80 else QColor("#f2f2f2")
    )  # untap's black disc
    if font is not None and len(symbol.glyph) == 2:  # hybrid halves: two small glyphs
        font.setPixelSize(int(size * 0.42))
        p.setFont(font)
        p.setPen(dark_ink)
        w = size / 2
        p.drawText(
            QRectF(r.left() + w * 0.12, r.top() + w * 0.1, w, w),
            Qt.AlignmentFlag.AlignCenter,
            symbol.glyph[0],
        )
        p.drawText(
            QRectF(r.left() + w * 0.88, r.top() + w * 0.9, w, w),
            Qt.AlignmentFlag.AlignCenter,
            symbol.glyph[1],
        )
    elif font is not None:
        p.setFont(font)
        p.setPen(dark_ink)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, symbol.glyph)
    else:
        label = QFont()
        label.setBold(True)
        label.setPixelSize(label_pixels(size, symbol.label))
        if symbol.shape == "diamond":
            _fit_in_diamond(label, symbol.label, size)
        p.setFont(label)
        p.setPen(QColor("white") if color.lightness() < 170 else QColor("black"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, symbol.label)


def _fit_in_diamond(font: QFont, text: str, size: float) -> None:
    """A smaller font until the text's box fits inside the diamond (a box fits a diamond of
    diagonal `size` when its width and height together are at most `size`): a two-digit energy
    ("10", "12") spilled past the diamond's corners at catalog size."""
    while font.pixelSize() > 5:
        metrics = QFontMetricsF(font)
        if metrics.horizontalAdvance(text) + metrics.capHeight() <= size * 0.96:
            return
        font.setPixelSize(font.pixelSize() - 1)


def symbol_image(symbol: Any, size: int = 16, ink: QColor | None = None) -> QImage:
    """One symbol as a picture, drawn at twice `size` for sharp scaling."""
    image = QImage(size * 2, size * 2, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    draw_symbol(p, QRectF(1, 1, size * 2 - 2, size * 2 - 2), symbol, ink)
    p.end()
    return image


def fitting_height(tokens: tuple[str, ...], width: int, height: int) -> int:
    """The picture height that shows every symbol of `tokens` within `width` (smaller discs for
    a long cost rather than symbols cut off), at most `height` and 20 pixels."""
    units = sum(0.6 if t == "//" else 1.0 for t in tokens) or 1.0
    return max(8, min(height, 20, int(width / units) + 1))


class SymbolStrip:
    """A game's symbols by token, and runs of them (a cost) as pictures of one height, cached:
    a table asks `pixmap(tokens, height)` for each visible cell."""

    def __init__(self, symbols: Iterable[Any], ratio: float = 1.0) -> None:
        self.symbols = {s.token: s for s in symbols}
        self.ratio = ratio  # device pixel ratio of the screen drawn on
        self._cache: dict[tuple[tuple[str, ...], int, int], QPixmap] = {}

    def pixmap(
        self, tokens: tuple[str, ...], height: int, ink: QColor | None = None
    ) -> QPixmap | None:
        if not tokens:
            return None
        key = (tokens, height, ink.rgb() if ink is not None else 0)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 2048:
                self._cache.clear()
            found = self._cache[key] = self._draw(tokens, height, ink)
        return found

    def _draw(self, tokens: tuple[str, ...], height: int, ink: QColor | None) -> QPixmap:
        size = max(8, height - 2)
        step = size + 1
        widths = [size // 2 + 4 if t == "//" else step for t in tokens]
        ratio = self.ratio
        pixmap = QPixmap(int((sum(widths) + 1) * ratio), int(height * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        x = 0.0
        top = (height - size) / 2
        for token, width in zip(tokens, widths):
            symbol = self.symbols.get(token)
            if token == "//":
                p.setPen(ink or QColor("#555555"))
                p.drawText(QRectF(x, 0, width, height), Qt.AlignmentFlag.AlignCenter, "/")
            elif symbol is not None:
                draw_symbol(p, QRectF(x, top, size, size), symbol, ink)
            else:  # a symbol the game does not draw: its letters on a grey disc
                draw_symbol(
                    p,
                    QRectF(x, top, size, size),
                    Symbol(token, token.strip("{}[]"), "#beb9b2", token),
                    ink,
                )
            x += width
        p.end()
        return pixmap


Index = QModelIndex | QPersistentModelIndex


class SymbolDelegate(QStyledItemDelegate):
    """A delegate for one column: `tokens_for(index)` gives the cell's symbol tokens (() draws
    its text as usual), `symbols_for()` the game's symbols (asked again when they change)."""

    def __init__(
        self,
        tokens_for: Callable[[Index], Sequence[str]],
        symbols_for: Callable[[], Iterable[Symbol]],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.tokens_for, self.symbols_for = tokens_for, symbols_for
        self._strips: dict[tuple[int, float], SymbolStrip] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802
        # every row, so the deck pane's uniform rows are all tall enough for its costs
        hint = super().sizeHint(option, index)
        hint.setHeight(max(hint.height(), legible_row_height(self.symbols_for())))
        return hint

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        tokens = self.tokens_for(index)
        if not tokens:
            super().paint(painter, option, index)
            return
        self.initStyleOption(option, index)
        option.text = ""
        style = option.widget.style() if option.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        symbols = self.symbols_for()
        ratio = painter.device().devicePixelRatioF()
        key = (id(symbols), ratio)
        strip = self._strips.get(key)
        if strip is None:
            self._strips.clear()
            strip = self._strips[key] = SymbolStrip(symbols, ratio)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        ink = (
            option.palette.highlightedText().color() if selected else option.palette.text().color()
        )
        rect = option.rect.adjusted(3, 0, -3, 0)
        pixmap = strip.pixmap(
            tuple(tokens), fitting_height(tuple(tokens), rect.width(), rect.height()), ink
        )
        if pixmap is None:
            return
        h = pixmap.height() / pixmap.devicePixelRatio()
        w = min(pixmap.width() / pixmap.devicePixelRatio(), rect.width())
        painter.drawPixmap(
            int(rect.left()),
            int(rect.top() + (rect.height() - h) / 2),
            pixmap,
            0,
            0,
            int(w * pixmap.devicePixelRatio()),
            pixmap.height(),
        )


def symbol_delegate(
    tokens_for: Callable[[Index], Sequence[str]],
    symbols_for: Callable[[], Iterable[Symbol]],
    parent: QObject | None = None,
) -> QStyledItemDelegate:
    """A delegate for one column drawing its cells' symbols (`SymbolDelegate`)."""
    return SymbolDelegate(tokens_for, symbols_for, parent)
