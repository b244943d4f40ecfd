"""A first start on a fresh Debian/Ubuntu (issue 24.9): the README's start section names, in one
apt-get line, every package whose library Qt's X11 platform plugin loads (checked against `ldd`
on the plugin in this venv), and a start that lacks one says which package to install instead of
Qt's abort; with the libraries present the window opens on a real X server (Xvfb)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckeditor import host_libs
from tests.conftest import REPO

# what `ldd` lists that every desktop has, or that PySide6 ships itself
_BASE = re.compile(
    r"^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|libglib-2\.0|libgthread-2\.0|libz|"
    r"libX11|libXau|libXdmcp|libfreetype|libpng16|libexpat|libzstd|libpcre2-8|libbrotli\w*|"
    r"libbsd|libmd|libsystemd|libcap|libgcrypt|libgpg-error|liblzma|liblz4|libGLdispatch|"
    r"libGLX|libicu\w*|libQt6\w*|libpyside6\w*|libshiboken6\w*|ld-linux[-\w]*|linux-vdso)\.so"
)


def _plugin_files() -> list[Path]:
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    files = [qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"]
    return [f for f in files if f.exists()]


def _ldd_names(path: Path) -> set[str]:
    out = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=True).stdout
    return {Path(line.split()[0]).name for line in out.splitlines() if line.strip()}


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not shutil.which("ldd"), reason="ldd on Linux"
)
def test_the_table_covers_every_library_the_xcb_plugin_loads():
    files = _plugin_files()
    if not files:
        pytest.skip("this PySide6 has no xcb plugin")
    needed = set().union(*(_ldd_names(f) for f in files))
    outside = sorted(n for n in needed if not _BASE.match(n) and n not in host_libs.XCB_LIBRARIES)
    assert outside == [], (
        f"libraries the xcb plugin loads that no package of the table holds: {outside}"
    )
    # and the table holds nothing the plugin does not load
    assert set(host_libs.XCB_LIBRARIES) <= needed


def test_the_readme_start_section_names_every_package():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.split("## Start the app", 1)[1].split("\n## ", 1)[0]
    line = next(ln for ln in start.splitlines() if ln.startswith("sudo apt-get install"))
    packages = set(line.split()[3:])
    assert host_libs.VENV_PACKAGE in packages
    assert set(host_libs.XCB_LIBRARIES.values()) <= packages
    assert "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/deckeditor" in start


def test_a_missing_library_is_named_with_its_apt_line(monkeypatch, capsys, tmp_path):
    from deckeditor.cli import main

    monkeypatch.setattr(host_libs, "_loads", lambda soname: soname != "libxcb-cursor.so.0")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(sys, "platform", "linux")
    assert main(["--home", str(tmp_path / "home")]) == 2
    err = capsys.readouterr().err
    assert "libxcb-cursor0" in err and "sudo apt-get install libxcb-cursor0" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "env, xcb",
    [
        ({"DISPLAY": ":0"}, True),
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, False),
        ({"QT_QPA_PLATFORM": "offscreen"}, False),
        ({"QT_QPA_PLATFORM": "xcb"}, True),
        ({}, False),
    ],
)
def test_the_check_runs_only_when_qt_will_use_x11(env, xcb):
    assert host_libs.uses_xcb(env, "linux") is xcb
    assert host_libs.uses_xcb(env, "win32") is False
    assert host_libs.xcb_problem(env, "linux", loads=lambda s: True) is None


@pytest.mark.gui
@pytest.mark.skipif(not shutil.which("xvfb-run"), reason="needs xvfb-run")
def test_the_start_command_opens_the_window_on_a_real_x_server(tmp_path):
    shot = tmp_path / "start.png"
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="xcb",
        PYTHONPATH=str(REPO),
        DECKEDITOR_HOME=str(tmp_path / "home"),
    )
    env.pop("WAYLAND_DISPLAY", None)
    run = subprocess.run(
        [
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1366x768x24",
            sys.executable,
            "-m",
            "deckeditor",
            "--screenshot",
            str(shot),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert shot.stat().st_size > 10_000
