"""The window's settings: a pydantic model stored as JSON in AppPaths.settings_file.

A missing or damaged file gives the defaults (the window must open whatever is on disk); writes
are atomic so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from deckeditor.paths import AppPaths

MAX_RECENT = 10


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    recent_files: list[str] = Field(default_factory=list)
    geometry: str = ""  # QMainWindow.saveGeometry(), base64
    window_state: str = ""  # QMainWindow.saveState(), base64
    splitter: str = ""
    show_hidden: bool = False
    group_by: str = "Type"
    sort_by: str = "Name"
    last_dir: str = ""

    def add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        self.recent_files = [path] + [p for p in self.recent_files if p != path]
        del self.recent_files[MAX_RECENT:]


def load_settings(paths: AppPaths) -> Settings:
    try:
        raw = paths.settings_file.read_text(encoding="utf-8")
        return Settings.model_validate(json.loads(raw))
    except (OSError, ValueError, ValidationError):
        return Settings()


def save_settings(paths: AppPaths, settings: Settings) -> None:
    target = paths.settings_file
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(settings.model_dump_json(indent=2))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError:
        if os.path.exists(tmp):
            os.unlink(tmp)
