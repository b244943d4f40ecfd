"""The system libraries Qt's X11 platform (`xcb`) loads from the host, and the Debian/Ubuntu
packages that hold them (issue 24.9).

On a fresh Debian or Ubuntu a pip-installed PySide6 aborts the start with "xcb-cursor0 or
libxcb-cursor0 is needed to load the Qt xcb platform plugin" and a core dump. The window checks
these libraries before Qt loads and, when one is missing, says which packages to install, in one
apt-get line (README, "Start the app"). The table was read from `ldd` on PySide6's
`plugins/platforms/libqxcb.so` and `lib/libQt6XcbQpa.so.6` (PySide6 6.11), each library mapped to
its package with `dpkg -S` on Debian 12; libraries every desktop has (libc, libstdc++, GLib,
zlib, libX11) are left out. `tests/project/test_host_libs.py` checks the table against `ldd` again.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

# soname -> Debian/Ubuntu package
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
}

# what `python3 -m venv` needs on Debian/Ubuntu besides these (the README's start command)
VENV_PACKAGE = "python3-venv"


def apt_line(packages: list[str] | None = None) -> str:
    """`sudo apt-get install …` for the given packages (default: all of the table)."""
    names = packages if packages is not None else sorted(set(XCB_LIBRARIES.values()))
    return "sudo apt-get install " + " ".join(names)


def _loads(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing(loads: Callable[[str], bool] | None = None) -> list[str]:
    """The packages whose library cannot be loaded, in the table's order, each once."""
    loads = loads or _loads
    out: list[str] = []
    for soname, package in XCB_LIBRARIES.items():
        if package not in out and not loads(soname):
            out.append(package)
    return out


def uses_xcb(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """Will Qt pick its X11 platform? (Linux, not told otherwise, not a Wayland session.)"""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":", 1)[0].split(";", 1)[0] == "xcb"
    return not environ.get("WAYLAND_DISPLAY") and bool(environ.get("DISPLAY"))


def xcb_problem(
    environ: Mapping[str, str] = os.environ,
    platform: str = sys.platform,
    loads: Callable[[str], bool] | None = None,
) -> str | None:
    """What to tell the player when the X11 platform cannot load, else None."""
    if not uses_xcb(environ, platform):
        return None
    lacking = missing(loads)
    if not lacking:
        return None
    return (
        "The window cannot open: Qt's X11 support needs system libraries this computer lacks "
        f"({', '.join(lacking)}). On Debian or Ubuntu install them with:\n  {apt_line(lacking)}"
    )
