"""Render packaging/icons/*.svg to the PNG sizes desktops ask for (run after editing the SVG)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
APP_ID = "org.deckeditor.DeckEditor"


def render(svg: Path, size: int, out: Path) -> None:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(str(svg)).render(painter, QRectF(0, 0, size, size))
    painter.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out)):
        raise SystemExit(f"could not write {out}")


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (keeps Qt alive)
    svg = HERE / "icons" / f"{APP_ID}.svg"
    for size in SIZES:
        render(svg, size, HERE / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png")
    # the window icon the app loads at run time
    render(svg, 256, HERE.parent / "resources" / "icons" / "deckeditor.png")
    (HERE.parent / "resources" / "icons" / "deckeditor.svg").write_bytes(svg.read_bytes())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
