"""Card pictures for the card view and hover previews, offline first.

Order: a decoded picture kept in memory; the user's pictures folder (Forge `pics/cards`,
Cockatrice `pics`); the disk cache of earlier downloads; then, when downloads are allowed, the
game's image URLs through Qt's network stack. Requests go out at most `RATE` a second (Scryfall's
etiquette), with a User-Agent, and a request whose asker has moved on (another card selected,
the pointer left the row) is dropped before it is sent, so rows scrolled past fetch nothing.
Nothing here blocks: a missing picture, a slow network or an error leaves the text view alone.
Each download is bounded (ui/picture_download.py): its size while it streams, a total deadline,
at most `MAX_REDIRECTS` hops, each hop sent through the same rate as a first request; it is
decoded off the GUI thread. Qt's network module is loaded, and the cache opened, only when a
picture is asked for that no pictures folder holds: a window that shows no picture sends nothing.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QDateTime, QEvent, QObject, QPoint, Qt, QTimer, QUrl
from PySide6.QtGui import QImage, QMouseEvent, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QLabel, QSizePolicy, QWidget

from deckeditor import APP_NAME, __version__
from deckeditor.games.interface import Game
from deckeditor.images import find_picture
from deckeditor.ui.picture_download import (
    MAX_BYTES,
    MAX_REDIRECTS,
    Outcome,
    PictureDownload,
    decode,
)

if TYPE_CHECKING:  # QtNetwork loads only when a picture is not on disk
    from PySide6.QtNetwork import QNetworkAccessManager, QNetworkDiskCache

RATE = 10  # requests a second, at most
IN_FLIGHT = 4  # parallel downloads
CACHE_BYTES = 300 * 1024 * 1024  # the disk cache's bound
MEMORY_PICTURES = 64  # decoded pictures kept for instant re-display
TIMEOUT_MS = 15000
USER_AGENT = f"{APP_NAME.replace(' ', '')}/{__version__} (offline deck editor)"

Done = Callable[[QPixmap | None], None]


@dataclass
class _Job:
    asker: object
    key: str
    urls: list[str]
    done: Done
    tried: list[str] = field(default_factory=list)
    location: str | None = None  # a redirect to follow next, for the URL last tried
    hops: int = 0  # redirects followed for it


class CardImages(QObject):
    """One per window. `request(asker, game, card, printing, done)` calls `done(pixmap)` — at
    once when the picture is on disk or in memory, later when downloaded — or `done(None)` when
    there is none. Each asker (the card view, the hover preview) wants one picture at a time: a
    new request from it supersedes its previous one."""

    def __init__(self, cache_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pictures_folder = ""
        self.downloads = True
        self.cache_dir = cache_dir
        # made on the first look past the pictures folder
        self.net: QNetworkAccessManager | None = None
        self.disk: QNetworkDiskCache | None = None
        self.memory: OrderedDict[str, QPixmap] = OrderedDict()
        self.wanted: dict[int, str] = {}  # id(asker) -> key it waits for
        self.queue: list[_Job] = []
        self.flying = 0
        self.sent = 0  # requests sent, redirect hops included (tests read it)
        self.failures: list[str] = []  # why downloads came to nothing (tests read it)
        self._last = 0.0
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._pump)
        # the disk cache is looked at on the next turn of the event loop: a start that opens a
        # deck paints first, and loads Qt's network module only if a picture is not on disk
        self.lookups: list[_Job] = []
        self.lookup_timer = QTimer(self)
        self.lookup_timer.setSingleShot(True)
        self.lookup_timer.setInterval(0)
        self.lookup_timer.timeout.connect(self._look_up)

    def _network(self) -> tuple[QNetworkAccessManager, QNetworkDiskCache]:
        """Qt's network and its disk cache, made when first needed."""
        if self.net is None or self.disk is None:
            # lazy: QtNetwork loads only when a picture is not in the pictures folder
            from PySide6.QtNetwork import QNetworkAccessManager, QNetworkDiskCache

            net, disk = QNetworkAccessManager(self), QNetworkDiskCache(self)
            disk.setCacheDirectory(str(self.cache_dir))
            disk.setMaximumCacheSize(CACHE_BYTES)
            net.setCache(disk)  # the manager owns it from here
            net.setTransferTimeout(TIMEOUT_MS)
            self.net, self.disk = net, disk
        return self.net, self.disk

    # --- asking ----------------------------------------------------------------------------

    def request(self, asker: object, game: Any, card: Any, printing: Any, done: Done) -> None:
        images = getattr(game, "images", None)
        if card is None or images is None:
            self.forget(asker)
            done(None)
            return
        key = f"{card.name}|{_printing_key(printing)}"
        self.wanted[id(asker)] = key
        pixmap = self.memory.get(key)
        if pixmap is None:
            pixmap = self._from_folder(images, card, printing)
        if pixmap is not None:
            self._remember(key, pixmap)
            done(pixmap)
            return
        urls = images.image_urls(card, printing)
        if not urls:
            done(None)
            return
        self.lookups = [j for j in self.lookups if id(j.asker) != id(asker)]
        self.lookups.append(_Job(asker, key, urls, done))
        self.lookup_timer.start()

    def _look_up(self) -> None:
        """Earlier downloads first (offline), then the network when downloads are allowed."""
        jobs, self.lookups = self.lookups, []
        for job in jobs:
            if self.wanted.get(id(job.asker)) != job.key:
                continue  # the asker moved on
            pixmap = self._from_disk_cache(job.urls)
            if pixmap is not None:
                self._remember(job.key, pixmap)
                job.done(pixmap)
            elif not self.downloads:
                job.done(None)
            else:
                self.queue = [j for j in self.queue if id(j.asker) != id(job.asker)]
                self.queue.append(job)
        self._schedule()

    def forget(self, asker: object) -> None:
        """The asker wants nothing now (pointer left the rows): drop its queued request."""
        self.wanted.pop(id(asker), None)
        self.queue = [j for j in self.queue if id(j.asker) != id(asker)]
        self.lookups = [j for j in self.lookups if id(j.asker) != id(asker)]

    def pending(self) -> int:
        return len(self.lookups) + len(self.queue) + self.flying

    # --- local sources ---------------------------------------------------------------------

    def _from_folder(self, images: Any, card: Any, printing: Any) -> QPixmap | None:
        try:
            path = find_picture(self.pictures_folder, images, card, printing)
        except Exception:  # an odd folder must not break the card view
            return None
        if path is None:
            return None
        image = QImage(str(path))
        return None if image.isNull() else QPixmap.fromImage(image)

    def _from_disk_cache(self, urls: list[str]) -> QPixmap | None:
        _net, disk = self._network()
        for url in urls:
            device = disk.data(QUrl(url))
            if device is None:
                continue
            data = device.read(MAX_BYTES + 1)  # only downloads under the bound are stored
            device.close()
            device.deleteLater()  # the caller owns what data() returns
            image = decode(data) if data.size() <= MAX_BYTES else QImage()
            if not image.isNull():
                return QPixmap.fromImage(image)
        return None

    def _remember(self, key: str, pixmap: QPixmap) -> None:
        self.memory[key] = pixmap
        self.memory.move_to_end(key)
        while len(self.memory) > MEMORY_PICTURES:
            self.memory.popitem(last=False)

    # --- the network -----------------------------------------------------------------------

    def _schedule(self) -> None:
        if self.timer.isActive() or not self.queue:
            return
        wait = self._last + 1.0 / RATE - time.monotonic()
        self.timer.start(max(0, int(wait * 1000) + 1) if wait > 0 else 0)

    def _pump(self) -> None:
        # Drop what nobody waits for any more, then send one request (the rate's slot).
        self.queue = [j for j in self.queue if self.wanted.get(id(j.asker)) == j.key]
        if not self.queue:
            return
        if self.flying >= IN_FLIGHT:
            return  # a finished reply schedules the next one
        job = self.queue.pop(0)
        self._send(job)
        self._schedule()

    def _send(self, job: _Job) -> None:
        from PySide6.QtNetwork import QNetworkRequest  # lazy: see _network

        if job.location is not None:  # the next hop of the URL last tried
            url, origin = job.location, job.tried[-1]
            job.location = None
        else:
            url = origin = job.urls[len(job.tried)]
            job.tried.append(url)
        request = QNetworkRequest(QUrl(url))
        request.setHeader(QNetworkRequest.KnownHeaders.UserAgentHeader, USER_AGENT)
        request.setRawHeader(QByteArray(b"Accept"), QByteArray(b"image/*,*/*;q=0.8"))
        # Stored by hand under the asked URL (below): Scryfall's redirect target differs.
        request.setAttribute(QNetworkRequest.Attribute.CacheSaveControlAttribute, False)
        self._last = time.monotonic()
        self.flying += 1
        self.sent += 1
        download = PictureDownload(self._network()[0], request, self)
        download.finished.connect(lambda outcome: self._finished(outcome, job, origin))
        download.start()

    def _finished(self, outcome: Outcome, job: _Job, url: str) -> None:
        self.flying -= 1
        if outcome.location is not None and job.hops < MAX_REDIRECTS:
            job.hops += 1
            job.location = outcome.location
            self.queue.insert(0, job)  # the hop waits for the rate like any request
        elif outcome.image is not None and outcome.data is not None:
            self._store(url, outcome.data)
            pixmap = QPixmap.fromImage(outcome.image)
            self._remember(job.key, pixmap)
            if self.wanted.get(id(job.asker)) == job.key:
                job.done(pixmap)
        else:
            self.failures.append(f"{url}: {outcome.reason or 'too many redirects'}")
            if len(job.tried) < len(job.urls):  # the next, less exact endpoint
                job.hops = 0
                self.queue.insert(0, job)
            elif self.wanted.get(id(job.asker)) == job.key:
                job.done(None)
        self._schedule()

    def _store(self, url: str, data: QByteArray) -> None:
        from PySide6.QtNetwork import QNetworkCacheMetaData  # lazy: see _network

        meta = QNetworkCacheMetaData()
        meta.setUrl(QUrl(url))
        meta.setSaveToDisk(True)
        meta.setExpirationDate(QDateTime.currentDateTimeUtc().addYears(1))
        # Without a length Qt's disk cache drops small entries silently.
        meta.setRawHeaders([(QByteArray(b"Content-Length"), QByteArray(str(data.size()).encode()))])
        _net, disk = self._network()
        device = disk.prepare(meta)
        if device is None:
            return
        device.write(data)
        disk.insert(device)


def _printing_key(printing: Any) -> str:
    if printing is None:
        return ""
    return "/".join(
        str(getattr(printing, f, "") or "") for f in ("set", "number", "forge_art", "code")
    )


# --- widgets ---------------------------------------------------------------------------------


MAX_WIDTH = 320  # the card view's picture: a card at a readable size, the text still in view


class CardPicture(QLabel):
    """The card view's picture: hidden while there is none, so the text view takes the room."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.source: QPixmap | None = None
        self.hide()

    def set_picture(self, pixmap: QPixmap | None) -> None:
        self.source = pixmap
        self._fit()

    def has_picture(self) -> bool:
        return self.source is not None

    def _fit(self) -> None:
        if self.source is None or self.source.isNull():
            self.clear()
            self.hide()
            return
        holder = self.parentWidget()
        width = max(120, min(MAX_WIDTH, (holder.width() if holder else MAX_WIDTH) - 12))
        scaled = self.source.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
        self.setPixmap(scaled)
        self.setFixedHeight(scaled.height() + 6)
        self.show()

    def refit(self) -> None:
        if self.source is not None:
            self._fit()


PREVIEW_WIDTH = 250
HOVER_MS = 350  # the pointer rests this long on a row before its picture is asked for


class HoverPreview(QObject):
    """Shows a row's card picture beside the pointer while it rests on a catalog or deck row.
    `lookup(pos)` gives (game, card, printing) for a viewport position, or None."""

    def __init__(
        self,
        images: CardImages,
        view: QAbstractItemView,
        lookup: Callable[[QPoint], tuple[Game, Any, Any] | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent or view)
        self.images = images
        self.view = view
        self.lookup = lookup
        # a tool-tip window owned by the view: deleted with it (never twice, never leaked)
        self.popup = QLabel(view, Qt.WindowType.ToolTip)
        self.popup.setStyleSheet("background: #222; padding: 3px;")
        self.enabled = True
        self._pos = QPoint()
        self._shown_key: tuple[str, str] | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(HOVER_MS)
        self.timer.timeout.connect(self._ask)
        view.viewport().setMouseTracking(True)
        view.viewport().installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QEvent.Type.MouseMove and isinstance(event, QMouseEvent):
            self._pos = event.position().toPoint()
            if self.popup.isVisible():
                self._place()
            self.timer.start()
        elif kind in (
            QEvent.Type.Leave,
            QEvent.Type.MouseButtonPress,
            QEvent.Type.Wheel,
            QEvent.Type.Hide,
        ):
            self.hide()
        return False

    def hide(self) -> None:
        self.timer.stop()
        self.images.forget(self)
        self._shown_key = None
        self.popup.hide()

    def _ask(self) -> None:
        found = self.lookup(self._pos) if self.enabled else None
        if found is None:
            self.hide()
            return
        game, card, printing = found
        key = (card.name, _printing_key(printing))
        if key == self._shown_key and self.popup.isVisible():
            return
        self._shown_key = key
        self.images.request(self, game, card, printing, self._show)

    def _show(self, pixmap: QPixmap | None) -> None:
        if pixmap is None or not self.view.isVisible():
            self.popup.hide()
            return
        self.popup.setPixmap(
            pixmap.scaledToWidth(PREVIEW_WIDTH, Qt.TransformationMode.SmoothTransformation)
        )
        self.popup.adjustSize()
        self._place()
        self.popup.show()

    def _place(self) -> None:
        at = self.view.viewport().mapToGlobal(self._pos) + QPoint(24, 12)
        screen = self.view.screen().availableGeometry() if self.view.screen() else None
        if screen is not None:
            if at.x() + self.popup.width() > screen.right():
                at.setX(at.x() - self.popup.width() - 48)
            if at.y() + self.popup.height() > screen.bottom():
                at.setY(screen.bottom() - self.popup.height())
        self.popup.move(at)


__all__ = ["USER_AGENT", "CardImages", "CardPicture", "HoverPreview"]
