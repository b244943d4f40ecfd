"""Picture downloads against a hostile server on 127.0.0.1 (issue 26 point 9): a body far over a
card picture's size (announced or not) is cut off while it streams, a server that trickles a
byte at a time loses the request at its deadline and frees the slot, a redirect loop stops
after a few hops that are sent at the picture rate, a small file claiming a huge canvas is not
decoded, decoding runs off the GUI thread, and a window that shows no picture sends nothing."""

from __future__ import annotations

import itertools
import struct
import threading
import time
import zlib
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QUrl

from tests.gui.test_card_images import _window, png

pytestmark = pytest.mark.gui

SERVE_AT_MOST_S = 20  # every handler stops by itself, whatever the client does


class _Hostile:
    """/huge (announced length), /endless (no length, closes at the end), /trickle (a byte every
    0.2 s), /loop (a redirect to itself), /ok (a small picture). Counts what it sent."""

    def __init__(self) -> None:
        self.requests: list[tuple[float, str]] = []
        self.sent: dict[str, int] = {}
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                outer.requests.append((time.monotonic(), self.path))
                path = self.path.split("?")[0]
                if path == "/ok":
                    body = png("#27ae60")
                    self._head(200, len(body))
                    self.wfile.write(body)
                elif path == "/loop":
                    self.send_response(302)
                    self.send_header("Location", "/loop")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif path in ("/huge", "/endless"):
                    self._head(200, 500 * 1024 * 1024 if path == "/huge" else None)
                    self._stream(path, b"\0" * 65536, pause=0)
                elif path == "/trickle":
                    self._head(200, 10_000)
                    self._stream(path, b"x", pause=0.2)
                else:
                    self._head(404, 0)

            def _head(self, status: int, length: int | None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "image/jpeg")
                if length is None:
                    self.send_header("Connection", "close")
                    self.close_connection = True
                else:
                    self.send_header("Content-Length", str(length))
                self.end_headers()

            def _stream(self, path: str, chunk: bytes, pause: float) -> None:
                stop = time.monotonic() + SERVE_AT_MOST_S
                try:
                    while time.monotonic() < stop:
                        self.wfile.write(chunk)
                        self.wfile.flush()
                        outer.sent[path] = outer.sent.get(path, 0) + len(chunk)
                        if pause:
                            time.sleep(pause)
                except OSError:  # the client hung up: what these tests want
                    pass
                self.close_connection = True

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def hostile(qtbot, owner):
    qtbot.owner = owner
    server = _Hostile()
    yield server
    server.close()


@dataclass
class _Card:
    name: str


class _Images:
    """A game's `images` whose URLs are the hostile server's paths."""

    SET_PARENTS = ()

    def __init__(self, urls: list[str]) -> None:
        self.urls = urls

    def image_urls(self, card, printing) -> list[str]:
        return list(self.urls)

    def picture_candidates(self, card, printing, sets):
        return []


@dataclass
class _Game:
    images: _Images


@pytest.fixture
def owner(qtbot):
    """A widget owning the loaders, as the window does, freed with the test."""
    from PySide6.QtWidgets import QWidget

    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def _fetch(qtbot, tmp_path: Path, urls: list[str], timeout: int = 20000):
    """Ask a fresh loader for one picture; (what `done` got, the loader)."""
    from deckeditor.ui.card_images import CardImages

    loader = CardImages(tmp_path / "cache", qtbot.owner)
    got: list = []
    loader.asker = object()  # kept alive: the loader knows askers by id
    loader.request(loader.asker, _Game(_Images(urls)), _Card("Hostile"), None, got.append)
    qtbot.waitUntil(lambda: bool(got) and loader.pending() == 0, timeout=timeout)
    return got[0], loader


@pytest.fixture
def small_bounds(monkeypatch):
    from deckeditor.ui import card_images, picture_download

    monkeypatch.setattr(picture_download, "MAX_BYTES", 1024 * 1024)
    monkeypatch.setattr(card_images, "MAX_BYTES", 1024 * 1024)


@pytest.fixture
def short_deadline(monkeypatch):
    from deckeditor.ui import picture_download

    monkeypatch.setattr(picture_download, "DEADLINE_MS", 1500)


def test_an_announced_huge_body_is_refused_before_it_is_read(
    qtbot, tmp_path, hostile, small_bounds
):
    got, loader = _fetch(qtbot, tmp_path, [f"{hostile.base}/huge"])
    assert got is None and loader.flying == 0
    # refused on its Content-Length; should the first bytes be handed over with the headers on
    # a loaded machine, the streaming bound refuses it just as early
    assert "announces" in loader.failures[-1] or "sent over" in loader.failures[-1], loader.failures
    time.sleep(0.3)
    assert hostile.sent.get("/huge", 0) < 64 * 1024 * 1024  # the connection was closed early


def test_an_unannounced_body_is_cut_off_at_the_bound_while_it_streams(
    qtbot, tmp_path, hostile, small_bounds
):
    got, loader = _fetch(qtbot, tmp_path, [f"{hostile.base}/endless"])
    assert got is None and "over" in loader.failures[-1]
    time.sleep(0.3)
    # cut near the 1 MiB bound (socket buffers hold a few MiB more), not at 20 s of streaming
    assert hostile.sent.get("/endless", 0) < 64 * 1024 * 1024


def test_a_trickling_server_loses_the_request_at_its_deadline(
    qtbot, tmp_path, hostile, short_deadline
):
    start = time.monotonic()
    got, loader = _fetch(qtbot, tmp_path, [f"{hostile.base}/trickle"])
    took = time.monotonic() - start
    assert got is None and "no whole answer" in loader.failures[-1]
    assert loader.flying == 0 and loader.pending() == 0  # the slot is free again
    assert took < SERVE_AT_MOST_S  # ended by the deadline, not by the server giving up


def test_a_redirect_loop_stops_after_a_few_hops_sent_at_the_rate(qtbot, tmp_path, hostile):
    from deckeditor.ui import card_images
    from deckeditor.ui.picture_download import MAX_REDIRECTS

    got, loader = _fetch(qtbot, tmp_path, [f"{hostile.base}/loop", f"{hostile.base}/loop"])
    assert got is None
    times = [t for t, path in hostile.requests if path == "/loop"]
    assert len(times) == 2 * (1 + MAX_REDIRECTS) == loader.sent
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) >= 1.0 / card_images.RATE * 0.8, gaps


def test_a_redirect_is_followed_through_the_loader_and_stored_under_the_asked_url(
    qtbot, tmp_path, hostile
):
    from PySide6.QtNetwork import QNetworkAccessManager  # noqa: F401 (Qt's network module)

    got, loader = _fetch(qtbot, tmp_path, [f"{hostile.base}/ok"])
    assert got is not None and got.toImage().pixelColor(3, 3).name() == "#27ae60"
    assert loader._from_disk_cache([f"{hostile.base}/ok"]) is not None


def test_redirects_never_go_down_from_https_or_off_http():
    from deckeditor.ui.picture_download import safe_redirect

    assert safe_redirect(QUrl("https://a.test/x"), QUrl("https://b.test/y"))
    assert safe_redirect(QUrl("http://a.test/x"), QUrl("https://b.test/y"))
    assert not safe_redirect(QUrl("https://a.test/x"), QUrl("http://a.test/y"))
    assert not safe_redirect(QUrl("https://a.test/x"), QUrl("file:///etc/passwd"))


def _png_claiming(width: int, height: int) -> bytes:
    """A few hundred bytes of PNG whose header claims a `width`×`height` canvas."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 1024))
        + chunk(b"IEND", b"")
    )


def test_a_small_file_claiming_a_huge_canvas_is_not_decoded(qapp):
    from deckeditor.ui.picture_download import decode

    assert decode(QByteArray(_png_claiming(60_000, 60_000))).isNull()
    assert not decode(QByteArray(png("#123456"))).isNull()


def test_pictures_are_decoded_off_the_gui_thread(qtbot, tmp_path, hostile, monkeypatch):
    from deckeditor.ui import picture_download

    threads: list[int] = []
    real = picture_download.decode

    def recording(data):
        threads.append(threading.get_ident())
        return real(data)

    monkeypatch.setattr(picture_download, "decode", recording)
    got, _loader = _fetch(qtbot, tmp_path, [f"{hostile.base}/ok"])
    assert got is not None
    assert threads and threading.main_thread().ident not in threads


def test_a_window_that_shows_no_picture_sends_nothing(qtbot, tmp_path, hostile, monkeypatch):
    from deckeditor.games.mtg import images

    monkeypatch.setattr(images, "SCRYFALL_API", hostile.base)
    win = _window(qtbot, tmp_path / "home")
    qtbot.wait(500)
    assert hostile.requests == [] and win.images.net is None  # Qt's network not even made
