"""The window's card pictures: the picture cache the card view draws from, the hover previews
over the catalog and deck rows, and View › Card images (downloads, previews, pictures folder),
each choice kept in the settings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QWidget

from deckeditor.games import registry
from deckeditor.games.interface import Game
from deckeditor.paths import AppPaths
from deckeditor.session import EditorSession
from deckeditor.ui.card_images import CardImages, HoverPreview
from deckeditor.ui.card_view import CardView
from deckeditor.ui.catalog_view import CatalogPanel
from deckeditor.ui.deck_model import INDEX_ROLE, KIND_ROLE, SECTION_ROLE
from deckeditor.ui.deck_pane import DeckPane
from deckeditor.ui.settings import Settings

CardAt = tuple[Game, object, object] | None  # what a hover preview shows: game, card, printing


class PictureOptions:
    def __init__(
        self,
        parent: QWidget,
        paths: AppPaths,
        settings: Settings,
        views: tuple[CatalogPanel, DeckPane, CardView],
        get_session: Callable[[], EditorSession],
    ) -> None:
        self.parent, self.settings, self.get_session = parent, settings, get_session
        self.catalog, self.deck_pane, self.card_view = views
        self.images = CardImages(paths.cache / "images", parent)
        self.images.pictures_folder = settings.pictures_folder
        self.images.downloads = settings.image_downloads
        self.card_view.images = self.images
        self.catalog_preview = HoverPreview(
            self.images, self.catalog.table, self._catalog_card_at, parent
        )
        self.deck_preview = HoverPreview(
            self.images, self.deck_pane.tree, self._deck_card_at, parent
        )
        for preview in (self.catalog_preview, self.deck_preview):
            preview.enabled = settings.hover_previews
        self.downloads_action: QAction | None = None  # View › Card images › Download…

    def _catalog_card_at(self, pos: QPoint) -> CardAt:
        index = self.catalog.table.indexAt(pos)
        if not index.isValid():
            return None
        card = self.catalog.model.card_at(index.row())
        return (self.get_session().game, card, None) if card is not None else None

    def _deck_card_at(self, pos: QPoint) -> CardAt:
        index = self.deck_pane.tree.indexAt(pos)
        if not index.isValid() or index.data(KIND_ROLE) != "entry":
            return None
        session = self.get_session()
        entry = session.deck.section(index.data(SECTION_ROLE)).entries[index.data(INDEX_ROLE)]
        card = session.card(entry.card)
        return (session.game, card, entry.printing) if card is not None else None

    def name_sources(self) -> None:
        """The tooltip names every game's picture source: written when the menu first opens, so
        a start does not import every game's package for it."""
        action = self.downloads_action
        if action is None or (action.toolTip() and "(" in action.toolTip()):
            return
        sources = ", ".join(g.images.SOURCE_NAME for g in registry.games() if g.images is not None)
        action.setToolTip(f"Fetch pictures the pictures folder lacks ({sources})")

    def set_downloads(self, on: bool) -> None:
        self.settings.image_downloads = self.images.downloads = bool(on)
        if self.downloads_action is not None and self.downloads_action.isChecked() != bool(on):
            self.downloads_action.setChecked(bool(on))
        self.card_view._ask_picture()

    def set_previews(self, on: bool) -> None:
        self.settings.hover_previews = bool(on)
        for preview in (self.catalog_preview, self.deck_preview):
            preview.enabled = bool(on)
            if not on:
                preview.hide()

    def set_folder(self, folder: str) -> None:
        self.settings.pictures_folder = self.images.pictures_folder = folder
        self.images.memory.clear()  # pictures from the old folder must not stay
        self.card_view._ask_picture()

    def choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self.parent,
            "Card pictures folder (Forge pics/cards or Cockatrice pics)",
            self.settings.pictures_folder or str(Path.home()),
        )
        if folder:
            self.set_folder(folder)
