"""Help › Search syntax (F1, or "?" by the search box) and Help › About."""

from __future__ import annotations

import html
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from deckeditor import APP_NAME, __version__
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.store import CardStore
from deckeditor.games.registry import games
from deckeditor.paths import AppPaths


class _TextDialog(QDialog):
    def __init__(
        self,
        title: str,
        html: str,
        parent: QWidget | None = None,
        size: tuple[int, int] = (760, 640),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(html)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(*size)


class SearchHelpDialog(_TextDialog):
    """Not modal: it can stay open beside the catalog while the player types."""

    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        from deckeditor.search.help import help_html  # lazy: only when the dialog opens

        super().__init__("Search syntax", help_html(game), parent)
        self.game = game
        self.setModal(False)


def _date(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone(UTC).strftime("%Y-%m-%d")
    except (TypeError, ValueError):
        return stamp or "?"


def _file_date(path: str) -> str:
    try:
        return datetime.fromtimestamp(os.stat(path).st_mtime, UTC).strftime("%Y-%m-%d")
    except OSError:
        return "no longer on disk"


def _titles() -> list[str]:
    return [g.TITLE for g in games()]


def about_html(paths: AppPaths, pools: dict[str, CardPool[Any]], image_sources: list[str]) -> str:
    rows = []
    store = CardStore(paths.card_db)
    sources = []
    if store.exists:
        try:
            with store:
                sources = store.sources()
        except Exception:  # a damaged database: the About box still opens
            sources = []
    for s in sources:
        rows.append(
            f"<tr><td>{html.escape(s.kind)}</td><td>{html.escape(Path(s.path).name)}</td>"
            f"<td align=right>{s.cards:,}</td><td>{_file_date(s.path)}</td><td>{_date(s.imported_at)}</td></tr>"
        )
    if not rows:
        for game, pool in sorted(pools.items()):
            count = len(getattr(pool, "cards", ()) or ())
            rows.append(
                f"<tr><td>starter pool</td><td>{html.escape(game)}</td><td align=right>{count:,}</td>"
                "<td>shipped with this version</td><td></td></tr>"
            )
    table = (
        "<table cellspacing=0 cellpadding=4 border=1 style='border-collapse:collapse'>"
        "<tr><th>Kind</th><th>Source</th><th>Cards</th><th>File dated</th><th>Imported</th></tr>"
        + "".join(rows)
        + "</table>"
    )
    images = ", ".join(html.escape(s) for s in image_sources)
    return (
        f"<h2>{APP_NAME} {__version__}</h2>"
        f"<p>A fast, offline deck editor for {html.escape(' and '.join(_titles()))}.</p>"
        f"<h4>Card data</h4>{table}"
        f"<p>Card database: {html.escape(str(paths.card_db))}</p>"
        + (f"<p>Card pictures: {images}</p>" if images else "")
        + "<p style='color:#666'>Card names, texts and pictures belong to their publishers. "
        "This program is not produced or endorsed by them.</p>"
    )


class AboutDialog(_TextDialog):
    def __init__(
        self,
        paths: AppPaths,
        pools: dict[str, CardPool[Any]],
        image_sources: list[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            f"About {APP_NAME}", about_html(paths, pools, image_sources), parent, (620, 460)
        )
