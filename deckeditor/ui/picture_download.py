"""One picture download, bounded in bytes, time and redirects, decoded off the GUI thread.

A card picture is a few hundred kilobytes; a server that sends more, sends it a byte at a time,
or redirects in a loop must not hold the window or the machine. So a download is refused as soon
as its announced or received size passes `MAX_BYTES` (it is read as it streams, never buffered
whole), it is ended `DEADLINE_MS` after it was sent whatever its pace (Qt's transfer timeout
only measures silence), and a redirect is not followed here: it is handed back, so the caller
sends the next hop through its own rate limit and counts the hops. The bytes are decoded on
Qt's thread pool with a bound on the decoded size, and only the finished QImage comes back to
the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QObject,
    QRunnable,
    QThreadPool,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import QImage, QImageReader

if TYPE_CHECKING:  # QtNetwork loads only when a picture is downloaded
    from PySide6.QtNetwork import QNetworkAccessManager, QNetworkReply, QNetworkRequest

MAX_BYTES = 16 * 1024 * 1024  # a card scan at print resolution is ~2 MB; 8x that is refused
DEADLINE_MS = 30_000  # from sending to the last byte, whatever the pace
MAX_REDIRECTS = 3  # Scryfall's API answers with one redirect to its image host
MAX_SIDE = 4096  # pixels a side: a card picture is at most ~1500 px high
READ_BUFFER = 256 * 1024  # what Qt may hold unread; the rest waits in the socket


@dataclass(frozen=True)
class Outcome:
    """What a download came to: an image (with the bytes, for the disk cache), a redirect to
    follow (`location`), or nothing (`reason` says why, for tests and logs)."""

    image: QImage | None = None
    data: QByteArray | None = None
    location: str | None = None
    reason: str = ""


def decode(data: QByteArray) -> QImage:
    """The picture in `data`, or a null image when it is none or larger than a card picture
    could be (a small file can claim a huge canvas: refused before any pixel is allocated)."""
    buffer = QBuffer()
    buffer.setData(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAllocationLimit(MAX_SIDE * MAX_SIDE * 4 // (1024 * 1024))  # in MiB
    size = reader.size()
    if size.isValid() and (size.width() > MAX_SIDE or size.height() > MAX_SIDE):
        return QImage()
    image = reader.read()
    buffer.close()
    return image


class _Decoded(QObject):
    done = Signal(QImage)


class _Decode(QRunnable):
    """Runs `decode` on the pool; the result crosses to the GUI thread by a queued signal."""

    def __init__(self, data: QByteArray, target: _Decoded) -> None:
        super().__init__()
        self.data = data
        self.target = target

    def run(self) -> None:
        self.target.done.emit(decode(self.data))


def _close(reply: QNetworkReply) -> None:
    """Abort a reply still receiving (closing its connection stops the server sending) and
    free it; one Qt already freed with its manager is left alone."""
    try:
        if reply.isRunning():
            reply.abort()
        reply.deleteLater()
    except RuntimeError:  # its C++ object is gone
        pass


def safe_redirect(origin: QUrl, target: QUrl) -> bool:
    """Follow only http(s), and never from https down to http (Qt's NoLessSafe policy)."""
    if target.scheme() not in ("http", "https"):
        return False
    return not (origin.scheme() == "https" and target.scheme() == "http")


class PictureDownload(QObject):
    """`start()` sends the request; `finished(Outcome)` fires exactly once."""

    finished = Signal(object)

    def __init__(
        self, net: QNetworkAccessManager, request: QNetworkRequest, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.net = net
        self.request = request
        self.url = request.url()
        self.body = QByteArray()
        self.reply: QNetworkReply | None = None
        self._over = False
        self.deadline = QTimer(self)
        self.deadline.setSingleShot(True)
        self.deadline.timeout.connect(lambda: self._fail(f"no whole answer in {DEADLINE_MS} ms"))
        self.decoded = _Decoded(self)
        self.decoded.done.connect(self._decoded)

    def start(self) -> None:
        from PySide6.QtNetwork import QNetworkRequest  # lazy: QtNetwork only for a download

        self.request.setAttribute(
            QNetworkRequest.Attribute.RedirectPolicyAttribute,
            QNetworkRequest.RedirectPolicy.ManualRedirectPolicy,
        )
        reply = self.reply = self.net.get(self.request)
        reply.setReadBufferSize(READ_BUFFER)
        reply.metaDataChanged.connect(self._headers)
        reply.readyRead.connect(self._read)
        reply.finished.connect(self._finished)
        self.deadline.start(DEADLINE_MS)

    def abort(self) -> None:
        self._fail("aborted")

    def _live(self) -> QNetworkReply:
        """The reply `start` asked for (its signals call the methods below only after it)."""
        assert self.reply is not None, "start() first"
        return self.reply

    # --- while it streams ----------------------------------------------------------------------

    def _headers(self) -> None:
        from PySide6.QtNetwork import QNetworkRequest  # lazy: QtNetwork only for a download

        length = self._live().header(QNetworkRequest.KnownHeaders.ContentLengthHeader)
        if isinstance(length, int) and length > MAX_BYTES:
            self._fail(f"announces {length} bytes, over {MAX_BYTES}")

    def _read(self) -> None:
        if self._over:
            return
        self.body.append(self._live().read(MAX_BYTES + 1 - self.body.size()))
        if self.body.size() > MAX_BYTES:
            self._fail(f"sent over {MAX_BYTES} bytes")

    def _finished(self) -> None:
        # lazy: QtNetwork only for a download
        from PySide6.QtNetwork import QNetworkReply, QNetworkRequest

        if self._over:
            return
        self.deadline.stop()
        reply = self._live()
        status = reply.attribute(QNetworkRequest.Attribute.HttpStatusCodeAttribute)
        location = reply.attribute(QNetworkRequest.Attribute.RedirectionTargetAttribute)
        if isinstance(status, int) and 300 <= status < 400 and location is not None:
            target = self.url.resolved(location if isinstance(location, QUrl) else QUrl(location))
            if safe_redirect(self.url, target):
                self._end(Outcome(location=target.toString()))
            else:
                self._end(Outcome(reason=f"unsafe redirect to {target.toString()}"))
            return
        if reply.error() != QNetworkReply.NetworkError.NoError:
            self._end(Outcome(reason=reply.errorString()))
            return
        self._read()
        if self._over:
            return
        self._over = True
        self._release()
        if self.body.isEmpty():
            self._emit(Outcome(reason="empty answer"))
            return
        QThreadPool.globalInstance().start(_Decode(self.body, self.decoded))

    def _decoded(self, image: QImage) -> None:
        if image.isNull():
            self._emit(Outcome(reason="not a picture"))
        else:
            self._emit(Outcome(image=image, data=self.body))

    # --- endings ---------------------------------------------------------------------------------

    def _fail(self, reason: str) -> None:
        self._end(Outcome(reason=reason))

    def _end(self, outcome: Outcome) -> None:
        if self._over:
            return
        self._over = True
        self._release()
        self._emit(outcome)

    def _release(self) -> None:
        self.deadline.stop()
        reply, self.reply = self.reply, None
        if reply is not None:  # its later signals find `_over` set and do nothing
            # closed on the next turn of the event loop, not inside the reply's own signal
            QTimer.singleShot(0, lambda: _close(reply))

    def _emit(self, outcome: Outcome) -> None:
        self.finished.emit(outcome)
        self.deleteLater()


__all__ = [
    "DEADLINE_MS",
    "MAX_BYTES",
    "MAX_REDIRECTS",
    "Outcome",
    "PictureDownload",
    "decode",
    "safe_redirect",
]
