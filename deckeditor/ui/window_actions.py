"""The main window's menus as one declarative table, and the builder that makes them.

Each entry says what the player sees (title, shortcut, checkable) and which of the window's
commands it runs, by its attribute path on the window ("files.save", "catalog.table.setFocus"),
so the table has no code of its own and the window no menu-building code. A name the window
lacks fails when the window is made (every GUI test makes one), not when the item is chosen.
Parts that depend on the open deck or on the machine (the game list of File › New, the recent
files, the game's side sections, the theme group) are "filled": the table says where they go and
which window method fills them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar

from deckeditor import APP_NAME

Shortcut = str | QKeySequence.StandardKey | None


@dataclass(frozen=True)
class Command:
    """An item that runs one of the window's commands (called with no arguments)."""

    title: str
    run: str  # attribute path on the window
    shortcut: Shortcut = None
    name: str = ""  # the window attribute that keeps the QAction ("" none)
    visible: bool = True


@dataclass(frozen=True)
class Toggle:
    """A checkable item: starts as `checked` says, and passes each change to `on_toggle`."""

    title: str
    checked: str  # attribute path of a bool, or of a method returning one
    on_toggle: str
    name: str = ""


@dataclass(frozen=True)
class Existing:
    """An action the window made itself (undo and redo keep their own texts)."""

    path: str


@dataclass(frozen=True)
class Filled:
    """A run of items the window makes: `fill(menu)` is called once the menu is built. With a
    `name`, an invisible marker action is kept at the spot, for a run the window makes again
    (it inserts before the marker: `replace_before`)."""

    fill: str
    name: str = ""


@dataclass(frozen=True)
class Separator:
    pass


@dataclass(frozen=True)
class Menu:
    title: str
    items: tuple[Item, ...]
    name: str = ""  # the window attribute that keeps the QMenu
    on_show: str = ""  # a window method run each time the menu opens
    on_hide: str = ""  # one run as it closes (what on_show disabled, the keys still need)


Item = Command | Toggle | Existing | Filled | Separator | Menu
SEP = Separator()
Std = QKeySequence.StandardKey

MENUS: tuple[Menu, ...] = (
    Menu("&File", (
        Command("New &deck…", "files.new_deck_dialog", Std.New),
        Menu("&New", (Filled("files.fill_new_menu"),)),
        Command("&Open…", "files.open_dialog", Std.Open),
        Menu("Open &Recent", (), name="recent_menu"),
        SEP,
        Command("&Save", "files.save", Std.Save),
        Command("Save &As…", "files.save_as", Std.SaveAs),
        SEP,
        Command("&Import deck…", "files.import_dialog", "Ctrl+I"),
        Command("Import from clip&board", "files.import_from_clipboard", "Ctrl+Shift+V"),
        Command("&Export deck…", "files.export_dialog", "Ctrl+E"),
        SEP,
        Command("Import &cards…", "card_import.choose_source"),
        Command("Import a card &folder…", "card_import.choose_folder"),
        SEP,
        Command("&Quit", "close", Std.Quit),
    )),
    Menu("&Edit", (
        Existing("undo_actions.undo"),
        Existing("undo_actions.redo"),
        SEP,
        Command("Re&name deck…", "edits.rename_deck"),
        SEP,
        # the deck as a text players paste (Arena, MTGO, a deck code): the game's share kinds
        Menu("&Copy deck as", (), name="copy_menu", on_show="files.fill_copy_menu"),
    )),
    Menu("&Deck", (
        Command("Set as &lead card", "edits.selected_lead", "Ctrl+Shift+C", "lead_menu_action"),
        # the line's other lead action ("Set as commander (instead of …)" beside a partner)
        Command("", "edits.selected_second_lead", None, "second_lead_menu_action", False),
        # the catalog's current card through its own lead action ("Add as partner")
        Command("", "edits.catalog_lead", "Ctrl+Shift+P", "catalog_lead_menu_action"),
        Command("Choose &colours…", "edits.selected_colors", "Ctrl+Shift+L"),
        Command("&Remove line", "deck_pane.remove_current"),
        # the deck's format and the day of its lists, as the status bar's choosers set them
        Menu("&Format", (), name="format_menu", on_show="edits.fill_format_menu"),
        SEP,
        # the catalog's current card into one of the game's side sections, whatever "Add to" says
        Filled("edits.fill_side_sections", "side_section_marker"),
        SEP,  # categories, the template and the odds (issue 27)
        Command("Line cate&gories…", "edits.edit_line_categories", "Ctrl+Shift+G"),
        Command("Re&name category…", "edits.rename_category_dialog"),
        Command("&Build to the template", "edits.build_to_template"),
        Command("Draw &odds and sample hand…", "odds_dialog", "Ctrl+Shift+O"),
    ), on_show="edits.name_lead_actions", on_hide="edits.enable_lead_keys"),
    Menu("&View", (
        Toggle("Show &hidden cards", "catalog.show_hidden.isChecked",
               "catalog.show_hidden.setChecked", "show_hidden_action"),
        Menu("&Focus", (
            Command("&Search box", "focus_search", "Alt+1"),
            Command("&Catalog", "catalog.table.setFocus", "Alt+2"),
            Command("&Deck", "deck_pane.tree.setFocus", "Alt+3"),
        )),
        Menu("&Theme", (Filled("fill_theme_menu"),)),  # Alt+V, T, then S/L/D
        Menu("Card &images", (
            Toggle("&Download missing pictures", "settings.image_downloads",
                   "pictures.set_downloads", "downloads_action"),
            Toggle("&Preview on hover", "settings.hover_previews",
                   "pictures.set_previews", "previews_action"),
            Command("Pictures &folder…", "pictures.choose_folder"),
        ), on_show="pictures.name_sources"),
    )),
    Menu("&Help", (
        Command("&Search syntax", "search_help", Std.HelpContents, "search_help_action"),
        Command(f"&About {APP_NAME}", "about"),
    )),
)  # fmt: skip


class MenuHost(Protocol):
    """What the builder needs of the window besides the attributes the table names."""

    def menuBar(self) -> QMenuBar: ...


def _resolve(host: object, path: str) -> object:
    return attrgetter(path)(host)


def _call(host: object, path: str) -> Callable[..., object]:
    target = _resolve(host, path)
    if not callable(target):
        raise TypeError(f"window menu table: {path} is not callable")
    return target


def _keep(host: object, name: str, value: object) -> None:
    if name:
        setattr(host, name, value)


def _add_command(host: object, menu: QMenu, item: Command) -> None:
    run = _call(host, item.run)
    action = menu.addAction(item.title)
    action.triggered.connect(lambda _checked=False: run())
    if item.shortcut is not None:
        action.setShortcut(QKeySequence(item.shortcut))
    action.setVisible(item.visible)
    _keep(host, item.name, action)


def _add_toggle(host: object, menu: QMenu, item: Toggle) -> None:
    on_toggle = _call(host, item.on_toggle)
    state = _resolve(host, item.checked)
    action = menu.addAction(item.title)
    action.setCheckable(True)
    action.setChecked(bool(state() if callable(state) else state))
    action.toggled.connect(on_toggle)
    _keep(host, item.name, action)


def _add_filled(host: object, menu: QMenu, item: Filled) -> None:
    if item.name:
        marker = QAction(menu)  # an invisible place holder: the filled items go before it
        marker.setVisible(False)
        menu.addAction(marker)
        _keep(host, item.name, marker)
    _call(host, item.fill)(menu)


def add_items(host: object, menu: QMenu, items: tuple[Item, ...]) -> None:
    for item in items:
        if isinstance(item, Separator):
            menu.addSeparator()
        elif isinstance(item, Command):
            _add_command(host, menu, item)
        elif isinstance(item, Toggle):
            _add_toggle(host, menu, item)
        elif isinstance(item, Existing):
            existing = _resolve(host, item.path)
            assert isinstance(existing, QAction), item.path
            menu.addAction(existing)
        elif isinstance(item, Filled):
            _add_filled(host, menu, item)
        else:
            add_menu(host, menu.addMenu(item.title), item)


def add_menu(host: object, menu: QMenu, spec: Menu) -> QMenu:
    _keep(host, spec.name, menu)
    add_items(host, menu, spec.items)
    if spec.on_show:
        on_show = _call(host, spec.on_show)
        menu.aboutToShow.connect(lambda: on_show())
    if spec.on_hide:
        on_hide = _call(host, spec.on_hide)
        menu.aboutToHide.connect(lambda: on_hide())
    return menu


def build_menus(host: MenuHost, menus: tuple[Menu, ...] = MENUS) -> None:
    """The menu bar of `host` as `menus` describes it."""
    bar = host.menuBar()
    for spec in menus:
        add_menu(host, bar.addMenu(spec.title), spec)


def replace_before(marker: QAction, actions: list[QAction], old: list[QAction]) -> list[QAction]:
    """A filled run made again: `old` leaves the marker's menu, `actions` go in before it."""
    menu = marker.parent()
    assert isinstance(menu, QMenu)
    for action in old:
        menu.removeAction(action)
        action.deleteLater()
    menu.insertActions(marker, actions)
    return actions
