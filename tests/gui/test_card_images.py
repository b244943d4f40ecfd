"""Card pictures: pictures folders (Forge, Cockatrice), downloads from a local HTTP server standing
in for Scryfall and the Riftbound gallery, the disk cache, the rate and the off switch, hover
previews, and the text view staying whole when there is no picture."""

from __future__ import annotations

import dataclasses
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent

from deckeditor.deck import Printing
from deckeditor.deck_edits import find_entries
from deckeditor.paths import AppPaths

# (the offscreen platform cannot size or raise the hover popup: pyproject's qt_log_ignore)
pytestmark = pytest.mark.gui


def png(color: str, w: int = 98, h: int = 136) -> bytes:
    image = QImage(w, h, QImage.Format.Format_RGB32)
    image.fill(QColor(color))
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    return bytes(data)


class _Server:
    """Scryfall's image endpoints in miniature: /cards/named?exact=NAME[&set=S]&format=image and
    /cards/SET/NUMBER?format=image redirect to /img/…; names in `missing` are 404; /broken is not
    an image."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str]] = []  # (path, User-Agent)
        self.missing: set[str] = set()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            # keep-alive like the real service (an HTTP/1.0 close races Qt's connection reuse,
            # and Qt then sends the request again)
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                outer.requests.append((self.path, self.headers.get("User-Agent", "")))
                url = urlsplit(self.path)
                query = parse_qs(url.query)
                if url.path.startswith("/img/"):
                    body = png("#c0392b" if "set-" in url.path else "#2e86c1")
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if url.path == "/broken":
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Content-Length", "13")
                    self.end_headers()
                    self.wfile.write(b"not a picture")
                    return
                name = query.get("exact", [""])[0]
                if url.path == "/cards/named" and name and name not in outer.missing:
                    target = f"/img/{'set-' + query['set'][0] if 'set' in query else 'name'}-{len(outer.requests)}.png"
                elif url.path.startswith("/cards/") and url.path.count("/") == 3:
                    target = f"/img/set-{url.path.split('/')[2]}.png"
                else:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(302)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def named(self) -> list[str]:
        return [p for p, _ in self.requests if p.startswith("/cards/")]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch):
    from deckeditor.games.mtg import images

    srv = _Server()
    monkeypatch.setattr(images, "SCRYFALL_API", srv.base)
    yield srv
    srv.close()


def _window(qtbot, home: Path, **settings):
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow
    from deckeditor.ui.settings import Settings

    make_app()
    paths = AppPaths.resolve(home).ensure()
    win = MainWindow(paths, settings=Settings(**settings), autosave=False)
    win.confirm_discard = lambda: True
    qtbot.addWidget(win)
    win.show()
    return win


def select_in_catalog(win, qtbot, name: str) -> None:
    qtbot.keyClicks(win.catalog.search_box, f'!"{name}"')
    qtbot.waitUntil(lambda: win.catalog.model.rowCount() == 1, timeout=30000)
    win.catalog.table.setFocus()
    win.catalog.table.setCurrentIndex(win.catalog.model.index(0, 0))
    assert win.card_view.card.name == name


def picture_color(win) -> str:
    pixmap = win.card_view.picture.source
    return pixmap.toImage().pixelColor(5, 5).name()


# --- pictures folders ---------------------------------------------------------------------------


def _save(path: Path, color: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png(color))


def test_forge_pics_folder_picture_of_the_chosen_printing(qtbot, tmp_path):
    pics = tmp_path / "forge" / "pics" / "cards"
    _save(pics / "2ED" / "Sol Ring.full.jpg", "#111111")
    _save(pics / "AFC" / "Sol Ring.full.jpg", "#222222")
    win = _window(qtbot, tmp_path / "home", pictures_folder=str(pics), image_downloads=False)
    select_in_catalog(win, qtbot, "Sol Ring")
    assert win.card_view.picture.isVisible()
    assert picture_color(win) == "#222222"  # no printing chosen: the newest set on disk
    # as a deck line with a printing: that set's picture
    win.session.add_card("Sol Ring", "Main")
    ((section, index),) = find_entries(win.session.deck, ["Sol Ring"])
    win.session.set_printing(section, index, Printing(set="2ED"))
    win.deck_pane.select_cards(["Sol Ring"])
    assert win.card_view.entry_ref == (section, index)
    assert picture_color(win) == "#111111"
    assert win.card_view.text.toPlainText().startswith("Sol Ring")  # the text stays below


def test_cockatrice_pics_layout_and_the_pics_parent_folder(qtbot, tmp_path):
    pics = tmp_path / "Cockatrice" / "pics"
    _save(pics / "downloadedPics" / "AFC" / "Sol Ring.jpg", "#333333")
    _save(pics / "CUSTOM" / "Counterspell.png", "#444444")
    win = _window(qtbot, tmp_path / "home", pictures_folder=str(pics), image_downloads=False)
    select_in_catalog(win, qtbot, "Sol Ring")
    assert picture_color(win) == "#333333"
    win.catalog.search_box.clear()
    select_in_catalog(win, qtbot, "Counterspell")
    assert picture_color(win) == "#444444"
    # a Forge folder named at `pics` rather than `pics/cards` is read too
    forge = tmp_path / "forge" / "pics"
    _save(forge / "cards" / "2ED" / "Counterspell.full.jpg", "#555555")
    win.set_pictures_folder(str(forge))
    assert picture_color(win) == "#555555"


# --- downloads ----------------------------------------------------------------------------------


def test_download_by_name_with_user_agent_then_offline_from_the_disk_cache(qtbot, tmp_path, server):
    from deckeditor.ui.card_images import USER_AGENT

    win = _window(qtbot, tmp_path / "home")
    select_in_catalog(win, qtbot, "Sol Ring")
    qtbot.waitUntil(lambda: win.card_view.picture.has_picture(), timeout=30000)
    assert picture_color(win) == "#2e86c1"
    first = server.named()
    assert first == ["/cards/named?exact=Sol%20Ring&format=image&version=normal"]
    assert all(agent == USER_AGENT for _, agent in server.requests)
    assert any(p.startswith("/img/") for p, _ in server.requests)  # the redirect was followed
    win.close()
    # a new window (empty memory): the picture comes from the disk cache, nothing is fetched
    server.requests.clear()
    again = _window(qtbot, tmp_path / "home")
    select_in_catalog(again, qtbot, "Sol Ring")
    qtbot.waitUntil(
        lambda: again.card_view.picture.has_picture(), timeout=30000
    )  # the disk cache, next turn
    assert server.requests == []


def test_a_chosen_printing_is_fetched_by_set_and_number(qtbot, tmp_path, server):
    win = _window(qtbot, tmp_path / "home")
    win.session.add_card("Sol Ring", "Main")
    ((section, index),) = find_entries(win.session.deck, ["Sol Ring"])
    win.session.set_printing(section, index, Printing(set="AFC", number="215"))
    win.deck_pane.select_cards(["Sol Ring"])
    qtbot.waitUntil(lambda: win.card_view.picture.has_picture(), timeout=30000)
    assert server.named() == ["/cards/afc/215?format=image&version=normal"]
    assert picture_color(win) == "#c0392b"


def test_downloads_off_fetch_nothing_and_say_so(qtbot, tmp_path, server):
    win = _window(qtbot, tmp_path / "home")
    assert win.downloads_action.isChecked()  # on by default, in the View menu
    win.downloads_action.trigger()
    assert win.settings.image_downloads is False
    select_in_catalog(win, qtbot, "Sol Ring")
    qtbot.wait(300)
    assert server.requests == []
    assert not win.card_view.picture.isVisible()
    assert "downloads are off" in win.card_view.image_note.text()
    assert "Sol Ring" in win.card_view.text.toPlainText()


def test_the_downloads_action_names_every_games_picture_source_once_its_menu_opens(qtbot, tmp_path):
    win = _window(qtbot, tmp_path / "home")
    menu = next(o for o in win.downloads_action.associatedObjects() if hasattr(o, "aboutToShow"))
    menu.aboutToShow.emit()
    menu.aboutToShow.emit()  # written once
    assert win.downloads_action.toolTip() == (
        "Fetch pictures the pictures folder lacks (Scryfall, the Riftbound card gallery)"
    )


def test_missing_or_broken_pictures_leave_the_text_view(qtbot, tmp_path, server, monkeypatch):
    from deckeditor.games.mtg import images

    server.missing.add("Sol Ring")
    win = _window(qtbot, tmp_path / "home")
    select_in_catalog(win, qtbot, "Sol Ring")
    qtbot.waitUntil(lambda: win.images.pending() == 0, timeout=30000)
    assert not win.card_view.picture.isVisible()
    assert "Sol Ring" in win.card_view.text.toPlainText()
    monkeypatch.setattr(images, "image_urls", lambda card, printing: [server.base + "/broken"])
    win.catalog.search_box.clear()
    select_in_catalog(win, qtbot, "Counterspell")
    qtbot.waitUntil(lambda: win.images.pending() == 0, timeout=30000)
    assert not win.card_view.picture.isVisible()
    # a server that does not answer at all: the window stays responsive, no picture
    monkeypatch.setattr(images, "image_urls", lambda card, printing: ["http://127.0.0.1:9/none"])
    win.catalog.search_box.clear()
    select_in_catalog(win, qtbot, "Lightning Bolt")
    qtbot.waitUntil(lambda: win.images.pending() == 0, timeout=30000)
    assert not win.card_view.picture.isVisible()


def test_rows_passed_over_are_not_fetched_and_the_rate_is_kept(qtbot, tmp_path, server):
    import time

    from deckeditor.ui import card_images

    win = _window(qtbot, tmp_path / "home")
    table = win.catalog.table
    table.setFocus()
    table.setCurrentIndex(win.catalog.model.index(0, 0))
    for _ in range(30):  # arrowing down through the catalog faster than the rate
        qtbot.keyClick(table, Qt.Key.Key_Down)
    last = win.card_view.card.name
    qtbot.waitUntil(
        lambda: win.images.pending() == 0 and win.card_view.picture.has_picture(), timeout=30000
    )
    asked = server.named()
    assert len(asked) <= 3, asked  # the first row, perhaps one in flight, and the row it stopped on
    assert asked[-1].startswith("/cards/named?exact=" + quote(last, safe="")), (asked, last)
    # many askers at once: never more than RATE requests a second
    server.requests.clear()
    sent_before = win.images.sent
    cards = win.session.pool.cards[40:65]
    askers = [object() for _ in cards]
    start = time.monotonic()
    for asker, card in zip(askers, cards):
        win.images.request(asker, win.session.game, card, None, lambda p: None)
    qtbot.waitUntil(lambda: win.images.pending() == 0, timeout=30000)
    took = time.monotonic() - start
    # each sent once by the loader, and its one redirect to the image host sent by the loader
    # too, under the same rate (Qt's HTTP layer may repeat a request on a reused connection)
    assert win.images.sent - sent_before == 2 * len(cards)
    for card in cards:
        assert (
            f"/cards/named?exact={quote(card.name, safe='')}&format=image&version=normal"
            in server.named()
        )
    assert took >= (2 * len(cards) - 1) / card_images.RATE * 0.9


def test_hovering_a_catalog_row_previews_its_picture(qtbot, tmp_path):
    pics = tmp_path / "pics"
    _save(pics / "Counterspell.full.jpg", "#666666")
    win = _window(qtbot, tmp_path / "home", pictures_folder=str(pics), image_downloads=False)
    qtbot.keyClicks(win.catalog.search_box, '!"Counterspell"')
    qtbot.waitUntil(lambda: win.catalog.model.rowCount() == 1, timeout=30000)
    table = win.catalog.table
    pos = table.visualRect(win.catalog.model.index(0, 0)).center()
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(table.viewport().mapToGlobal(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    from PySide6.QtWidgets import QApplication

    QApplication.sendEvent(table.viewport(), move)
    qtbot.waitUntil(lambda: win.catalog_preview.popup.isVisible(), timeout=3000)
    assert win.catalog_preview.popup.pixmap().toImage().pixelColor(3, 3).name() == "#666666"
    QApplication.sendEvent(table.viewport(), QEvent(QEvent.Type.Leave))
    assert not win.catalog_preview.popup.isVisible()
    win.previews_action.trigger()  # View › Card images › Preview on hover, off
    QApplication.sendEvent(table.viewport(), move)
    qtbot.wait(HOVER_WAIT)
    assert not win.catalog_preview.popup.isVisible()


HOVER_WAIT = 600


def test_riftbound_pictures_come_from_the_gallery_image_url(qtbot, tmp_path, server):
    from PySide6.QtWidgets import QApplication

    from deckeditor.carddb.starter import starter_pool
    from deckeditor.games.registry import game
    from deckeditor.ui.app import make_app
    from deckeditor.ui.card_images import CardImages

    make_app()
    card = starter_pool("riftbound").cards[0]
    ref = card.reference_printing
    url = f"{server.base}/img/rb-{ref.code}.png"
    card = dataclasses.replace(
        card,
        printings=tuple(
            dataclasses.replace(p, image_url=url if p.code == ref.code else "")
            for p in card.printings
        ),
    )
    images = CardImages(tmp_path / "cache")
    got = []
    images.request(got, game("riftbound"), card, None, got.append)
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    assert got[0] is not None and not got[0].isNull()
    assert server.requests[0][0] == f"/img/rb-{ref.code}.png"
    # deleted the way Qt deletes a window's children (a network manager deleted from Python
    # right after a transfer takes its HTTP thread down with it)
    images.deleteLater()
    QApplication.processEvents()
