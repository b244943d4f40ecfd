"""The desktop entry and AppStream metainfo validate; the icon set is complete; names agree."""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import deckeditor

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
APP_ID = "org.deckeditor.DeckEditor"
IN_CI = os.environ.get("CI", "").lower() == "true"


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        if IN_CI:
            pytest.fail(f"{name} is not installed; .ci/run installs it")
        pytest.skip(f"{name} is not installed")
    return path


def test_desktop_file_validates():
    result = subprocess.run(
        [_tool("desktop-file-validate"), str(PACKAGING / f"{APP_ID}.desktop")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and "error" not in result.stdout, result.stdout


def test_metainfo_validates():
    result = subprocess.run(
        [_tool("appstreamcli"), "validate", "--no-net", str(PACKAGING / f"{APP_ID}.metainfo.xml")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_names_agree_with_the_app():
    assert deckeditor.DESKTOP_FILE_NAME == APP_ID
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    desktop = (PACKAGING / f"{APP_ID}.desktop").read_text()
    assert f"Icon={APP_ID}" in desktop and "Exec=deckeditor" in desktop


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256, 512])
def test_icon_sizes_are_real_pngs(size):
    png = PACKAGING / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(data[16:20], "big")
    height = int.from_bytes(data[20:24], "big")
    assert (width, height) == (size, size)


def test_svg_icon_is_well_formed():
    root = ET.parse(PACKAGING / "icons" / f"{APP_ID}.svg").getroot()
    assert root.tag.endswith("svg")
