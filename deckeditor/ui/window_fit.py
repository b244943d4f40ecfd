"""The main window's size on the screen it opens on (issue 24.4): a first start fits a 1366×768
laptop (the screen's available geometry, i.e. minus its panels, with room left for the window
manager's frame), a remembered geometry is kept but clamped to the available geometry of the
screen it lands on (a layout saved on a bigger monitor)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget

from deckeditor.ui.settings import Settings

PREFERRED = QSize(1400, 860)  # what the three panes like on a large screen
# the window manager's title bar and borders, not known before the window is shown
FRAME = QSize(16, 40)


def available(window: QWidget) -> QRect | None:
    """The available geometry (panels excluded) of the window's screen, or the primary one."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def first_size(area: QRect) -> QSize:
    """The preferred size, or the area less a frame when the area is smaller."""
    return QSize(
        min(PREFERRED.width(), area.width() - FRAME.width()),
        min(PREFERRED.height(), area.height() - FRAME.height()),
    )


def fit_first_start(window: QWidget) -> None:
    """Size and centre the window on its screen's available geometry."""
    area = available(window)
    if area is None:
        window.resize(PREFERRED)
        return
    size = first_size(area)
    window.resize(size)
    window.move(
        area.x() + (area.width() - size.width()) // 2,
        area.y() + (area.height() - size.height()) // 2,
    )


def clamp_to_screen(window: QWidget) -> None:
    """A restored geometry larger than the screen (or off it) shrinks and moves inside the
    available geometry; one that fits is left as the player made it."""
    if window.isMaximized() or window.isFullScreen():
        return
    area = available(window)
    if area is None:
        return
    frame = window.frameGeometry()
    extra = QSize(frame.width() - window.width(), frame.height() - window.height())
    if extra.width() <= 0 and extra.height() <= 0:
        extra = FRAME  # not shown yet: assume a frame
    width = min(window.width(), area.width() - extra.width())
    height = min(window.height(), area.height() - extra.height())
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    x = min(max(window.x(), area.x()), area.right() + 1 - width - extra.width())
    y = min(max(window.y(), area.y()), area.bottom() + 1 - height - extra.height())
    if (x, y) != (window.x(), window.y()):
        window.move(x, y)


def _state(data: QByteArray) -> str:
    return bytes(data.toBase64().data()).decode()


def restore_place(window: QMainWindow, splitter: QSplitter, settings: Settings) -> None:
    """The size, place, docks and pane widths kept in the settings (the first start's fitted
    size otherwise), brought inside this screen when they were saved on a bigger one."""
    if settings.geometry:
        window.restoreGeometry(QByteArray.fromBase64(settings.geometry.encode()))
    if settings.window_state:
        window.restoreState(QByteArray.fromBase64(settings.window_state.encode()))
    if settings.splitter:
        splitter.restoreState(QByteArray.fromBase64(settings.splitter.encode()))
    if settings.geometry:
        clamp_to_screen(window)  # saved on a bigger screen: inside this one


def keep_place(window: QMainWindow, splitter: QSplitter, settings: Settings) -> None:
    """What `restore_place` brings back, into the settings."""
    settings.geometry = _state(window.saveGeometry())
    settings.window_state = _state(window.saveState())
    settings.splitter = _state(splitter.saveState())
