"""The window's settings: a dataclass stored as JSON (AppPaths.settings_file, and the window
state and recent files under AppPaths.state), validated by pydantic at the file edge.

A missing file gives the defaults (the window must open whatever is on disk); a damaged one
(other bytes, JSON of another shape, values of the wrong type, a folder in its place) is set
aside as `<name>.damaged-<time>` and said in one line (`deckeditor.kept_files`), its usable values
kept and the rest at their defaults, and written again when the window closes. Writes
are atomic so a crash never leaves half a file; a folder that cannot be written is said once.

Start-up speed (issue 17): importing pydantic costs ~80 ms of CPU, a sixth of the cold-start
budget. A file whose every value already has its field's exact type (what `save_settings`
writes) needs no coercion, so it is read without pydantic; anything else goes through pydantic's
validation of the same dataclass (`TypeAdapter`), field by field when the whole fails.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from deckeditor.kept_files import Damaged, read_json, replace_damaged
from deckeditor.paths import AppPaths
from deckeditor.saving import save_atomic

MAX_RECENT = 10


@dataclass
class Settings:
    recent_files: list[str] = field(default_factory=list)
    geometry: str = ""  # QMainWindow.saveGeometry(), base64
    window_state: str = ""  # QMainWindow.saveState(), base64
    splitter: str = ""
    show_hidden: bool = False
    group_by: str = "Type"
    sort_by: str = "Name"
    last_dir: str = ""
    pictures_folder: str = ""  # Forge pics/cards or Cockatrice pics; "" = none
    image_downloads: bool = True  # fetch pictures the folder lacks (View › Card images)
    hover_previews: bool = True
    new_game: str = ""  # File › New deck…'s last game and format
    new_format: str = ""
    theme: str = "System"  # View › Theme: "System" (follow the desktop), "Light" or "Dark"

    def add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        self.recent_files = [path] + [p for p in self.recent_files if p != path]
        del self.recent_files[MAX_RECENT:]


# product.md: settings live in the config folder, window state and recent files in the state
# folder; one model in memory, two files on disk.
STATE_FIELDS = frozenset({"recent_files", "geometry", "window_state", "splitter", "last_dir"})


def state_file(paths: AppPaths) -> Path:
    return paths.state / "window.json"


SETTINGS_FILE, STATE_FILE = "the settings file", "the window state file"


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Damaged("not a JSON object")
    return value


def _read(path: Path, what: str) -> dict[str, Any]:
    return read_json(path, _object, what) or {}


def load_settings(paths: AppPaths) -> Settings:
    """Defaults for whatever is missing or damaged: the window must open whatever is on disk."""
    merged = {
        k: v for k, v in _read(paths.settings_file, SETTINGS_FILE).items() if k not in STATE_FIELDS
    }
    merged.update(
        {k: v for k, v in _read(state_file(paths), STATE_FILE).items() if k in STATE_FIELDS}
    )
    merged = {k: v for k, v in merged.items() if k in _FIELD_TYPES}  # unknown keys: ignored
    if all(_exact(k, v) for k, v in merged.items()):
        values: dict[str, Any] = {
            k: list(v) if isinstance(v, list) else v for k, v in merged.items()
        }
        return Settings(**values)
    settings, bad = _validated(merged)
    for path, what, keys in (
        (paths.settings_file, SETTINGS_FILE, bad - STATE_FIELDS),
        (state_file(paths), STATE_FILE, bad & STATE_FIELDS),
    ):
        if keys:
            replace_damaged(
                path,
                what,
                f"wrong type of value for {', '.join(sorted(keys))}, whose defaults are used",
            )
    return settings


_FIELD_TYPES = {f.name: str(f.type) for f in fields(Settings)}


def _exact(key: str, value: object) -> bool:
    """`value` is already what the field holds (no coercion to ask pydantic about)."""
    kind = _FIELD_TYPES[key]
    if kind == "bool":
        return type(value) is bool
    if kind == "str":
        return type(value) is str
    if kind == "list[str]":
        return type(value) is list and all(type(v) is str for v in value)
    return False


def _validated(merged: dict[str, Any]) -> tuple[Settings, set[str]]:
    """The settings of every field valid on its own, and the keys that were not."""
    from pydantic import TypeAdapter, ValidationError

    adapter = TypeAdapter(Settings)
    try:
        return adapter.validate_python(merged), set()
    except ValidationError:
        good = {}
        for key, value in merged.items():  # keep every field that is valid on its own
            try:
                adapter.validate_python({key: value})
                good[key] = value
            except ValidationError:
                pass
        return adapter.validate_python(good), set(merged) - set(good)


# told once per run: every window closing on a read-only config folder must not ask again
_told = False


def save_settings(paths: AppPaths, settings: Settings) -> None:
    """Write both files atomically; OSError when they cannot be written."""
    data = asdict(settings)
    config = {k: v for k, v in data.items() if k not in STATE_FIELDS}
    state = {k: v for k, v in data.items() if k in STATE_FIELDS}
    save_atomic(paths.settings_file, json.dumps(config, indent=2) + "\n", backup=False)
    save_atomic(state_file(paths), json.dumps(state, indent=2) + "\n", backup=False)


def save_settings_or_tell(
    paths: AppPaths, settings: Settings, tell: Callable[[str], object]
) -> bool:
    """Save; when that fails, `tell(text)` the user once per run and go on (the window must
    still close and its autosave still be handled)."""
    global _told
    try:
        save_settings(paths, settings)
        return True
    except OSError as exc:
        if not _told:
            _told = True
            # the folder and the reason, not the temp file's name nor an errno
            tell(
                f"Your settings and window layout could not be saved in {paths.config} "
                f"({exc.strerror or exc}). They will be back to their previous state next time."
            )
        return False
