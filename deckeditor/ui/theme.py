"""Light and dark (issue 24.6): the window follows the system's colour scheme (Qt 6.5+
`QStyleHints.colorScheme`) unless View › Theme says Light or Dark (kept in the settings).

Dark is a palette of its own, set on the application, so it looks the same on every platform and
style. Texts that carry their own colours (the card view's HTML, status words) are written for a
light background; `tone` gives each its counterpart on a dark one."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

THEMES = ("System", "Light", "Dark")

# light-background colour -> its dark-background counterpart (same meaning, readable contrast)
_DARK_TONES = {
    "#555": "#b8b8b8", "#555555": "#b8b8b8", "#444": "#cfcfcf", "#777": "#a8a8a8", "#666": "#acacac",
    "#666666": "#acacac", "#999999": "#8c8c8c", "#ece6d6": "#4a4536", "#8a8170": "#e0d6bf",
    "#20457a": "#9cc0f2", "#eef3fb": "#27324a", "#b00020": "#ff7085", "#146e28": "#6fdc8c",
    "#a05a00": "#f0a850",
}  # fmt: skip
_TONE_RE = re.compile(
    "|".join(sorted((re.escape(k) for k in _DARK_TONES), key=len, reverse=True))
    + r"(?![0-9a-fA-F])"
)

_state: dict[str, Any] = {"dark": False, "choice": "System"}  # the theme now applied


def application() -> QApplication:
    """The running application (the window is made inside one)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        raise RuntimeError("no QApplication is running")
    return app


def system_is_dark() -> bool:
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    return scheme is not None and scheme() == Qt.ColorScheme.Dark


def is_dark() -> bool:
    return bool(_state["dark"])


def dark_palette() -> QPalette:
    p = QPalette()
    window, base, alt, text = (
        QColor("#2b2d31"),
        QColor("#1f2023"),
        QColor("#26282c"),
        QColor("#e6e6e6"),
    )
    roles = {
        QPalette.ColorRole.Window: window, QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base, QPalette.ColorRole.AlternateBase: alt,
        QPalette.ColorRole.ToolTipBase: QColor("#3a3d42"), QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: QColor("#8d8d8d"), QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor("#33363b"), QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor("#ff6b6b"), QPalette.ColorRole.Link: QColor("#7db4ff"),
        QPalette.ColorRole.LinkVisited: QColor("#b59cff"), QPalette.ColorRole.Highlight: QColor("#3d6fb6"),
        QPalette.ColorRole.HighlightedText: QColor("#ffffff"), QPalette.ColorRole.Light: QColor("#45484e"),
        QPalette.ColorRole.Midlight: QColor("#3a3d42"), QPalette.ColorRole.Mid: QColor("#8a8d93"),
        QPalette.ColorRole.Dark: QColor("#17181a"), QPalette.ColorRole.Shadow: QColor("#000000"),
    }  # fmt: skip
    for role, color in roles.items():
        p.setColor(role, color)
    grey = QColor("#7b7e84")
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, grey)
    return p


def apply(app: QGuiApplication, choice: str) -> bool:
    """Set the application's palette for `choice` ("System", "Light", "Dark"); True when dark.
    The light palette is the style's own, as before themes existed."""
    choice = choice if choice in THEMES else "System"
    dark = choice == "Dark" or (choice == "System" and system_is_dark())
    _state.update(dark=dark, choice=choice)
    if dark:
        app.setPalette(dark_palette())
    else:
        standard = app.style().standardPalette() if isinstance(app, QApplication) else QPalette()
        app.setPalette(standard)
    return dark


def follow_system(app: QGuiApplication, changed: Callable[[], object]) -> None:
    """While the choice is System, a change of the system's scheme applies at once."""
    hints = QGuiApplication.styleHints()
    signal = getattr(hints, "colorSchemeChanged", None)
    if signal is None:
        return

    def on_change(_scheme: Qt.ColorScheme) -> None:
        if _state["choice"] == "System":
            apply(app, "System")
            changed()

    signal.connect(on_change)


def tone(text: str) -> str:
    """HTML or a colour written for a light background, as it should read on the current one."""
    if not _state["dark"]:
        return text
    return _TONE_RE.sub(lambda m: _DARK_TONES[m.group(0)], text)
