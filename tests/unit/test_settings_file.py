"""The window's settings file (ui/settings.py): read without pydantic when every value already
has its field's type (start-up speed, issue 17), through pydantic's validation otherwise."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from deckeditor.paths import AppPaths
from deckeditor.ui.settings import Settings, load_settings, save_settings, state_file

REPO = Path(__file__).resolve().parents[2]


def test_a_written_file_reads_back_equal(tmp_path):
    paths = AppPaths.resolve(tmp_path).ensure()
    settings = Settings(
        recent_files=["/a", "/b"], show_hidden=True, group_by="Mana value", geometry="AAA"
    )
    save_settings(paths, settings)
    assert load_settings(paths) == settings


def test_values_pydantic_can_coerce_are_coerced_and_the_rest_dropped(tmp_path):
    paths = AppPaths.resolve(tmp_path).ensure()
    paths.settings_file.write_text(
        json.dumps({"show_hidden": "true", "sort_by": 5, "extra": 1}), "utf-8"
    )
    state_file(paths).write_text(json.dumps({"recent_files": ["/x", 3]}), "utf-8")
    loaded = load_settings(paths)
    assert loaded.show_hidden is True and loaded.sort_by == "Name" and loaded.recent_files == []


def test_a_well_formed_file_is_read_without_importing_pydantic(tmp_path):
    paths = AppPaths.resolve(tmp_path).ensure()
    save_settings(paths, Settings(recent_files=["/a"], show_hidden=True))
    code = (
        "import sys; from deckeditor.paths import AppPaths; from deckeditor.ui.settings import load_settings; "
        f"s = load_settings(AppPaths.resolve({str(tmp_path)!r})); "
        "print(s.show_hidden, 'pydantic' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={"PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"},
        timeout=60,
    )
    assert out.stdout.split() == ["True", "False"], out.stderr
