"""Every user path, from platformdirs, or all under one folder (`--home` / `DECKEDITOR_HOME`)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from deckeditor import APP_ID

HOME_ENV = "DECKEDITOR_HOME"


class HomeError(ValueError):
    """`--home` / DECKEDITOR_HOME names something that cannot hold the program's folders."""


class FolderError(OSError):
    """One of the program's folders cannot be made; `str()` is one line naming it."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "cannot make a folder"


def _check_home(root: Path, given: str) -> None:
    """The first part of `root` that exists must be a folder (a file there would make every
    later mkdir fail with a traceback)."""
    part = root
    while not part.exists() and part != part.parent:
        part = part.parent
    if not part.is_dir():
        what = "is a file" if part == root else f"is inside {part}, which is a file"
        raise HomeError(f"{given}: {what}, not a folder (--home and {HOME_ENV} name a folder)")


@dataclass(frozen=True, slots=True)
class AppPaths:
    data: Path  # decks, autosave
    cache: Path  # the card database
    config: Path  # settings
    state: Path  # window state, recent files
    # where the Save dialog starts for a deck never saved: the player's documents folder
    # (under --home, a "documents" folder there); not made by `ensure`
    documents: Path | None = None

    @classmethod
    def resolve(cls, home: str | os.PathLike[str] | None = None) -> AppPaths:
        home = home or os.environ.get(HOME_ENV) or None
        if home:
            root = Path(home).expanduser().resolve()
            _check_home(root, str(home))
            return cls(
                root / "data", root / "cache", root / "config", root / "state", root / "documents"
            )
        return cls(
            Path(platformdirs.user_data_dir(APP_ID, appauthor=False)),
            Path(platformdirs.user_cache_dir(APP_ID, appauthor=False)),
            Path(platformdirs.user_config_dir(APP_ID, appauthor=False)),
            Path(platformdirs.user_state_dir(APP_ID, appauthor=False)),
            Path(platformdirs.user_documents_dir()),
        )

    @property
    def card_db(self) -> Path:
        return self.cache / "cards.sqlite3"

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    @property
    def autosave_dir(self) -> Path:
        return self.data / "autosave"

    def ensure(self, settings_optional: bool = False) -> AppPaths:
        """Make the folders (FolderError when one cannot be made). With `settings_optional` (the
        window) the config and state folders may fail: the window runs on default settings and
        says once, on closing, that they could not be saved. The data folder (autosaves) and the
        cache (the card database) it cannot do without."""
        for folder in (self.data, self.cache, self.config, self.state):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                if settings_optional and folder in (self.config, self.state):
                    continue
                raise FolderError(
                    f"{folder}: cannot make this folder ({exc.strerror or exc})"
                ) from None
        return self


def resources_dir() -> Path:
    """`resources/` beside the package (source tree), or inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"
