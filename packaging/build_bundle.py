"""Build the one-folder bundle into dist/deckeditor/ and smoke-test it outside the source tree
(offscreen and on Xvfb with Qt's xcb platform).

    python packaging/build_bundle.py [--no-smoke]

Needs the `bundle` extra (`pip install -e '.[bundle]'`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"


def build() -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--distpath",
            str(DIST),
            "--workpath",
            str(ROOT / "build" / "pyinstaller"),
            str(HERE / "deckeditor.spec"),
        ],
        check=True,
        cwd=ROOT,
    )
    return DIST / "deckeditor"


def missing_host_libraries(bundle: Path) -> list[str]:
    """Libraries Qt's xcb platform plugin needs that neither the bundle nor the host has."""
    internal = bundle / "_internal"
    plugin = internal / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.exists() or shutil.which("ldd") is None:
        return []
    env = dict(os.environ, LD_LIBRARY_PATH=f"{internal}:{internal / 'PySide6' / 'Qt' / 'lib'}")
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, env=env).stdout
    return sorted({line.split()[0] for line in out.splitlines() if "not found" in line})


def _shoot(binary: Path, work: Path, name: str, platform: str, wrap: list[str]) -> Path:
    shot = work / f"shot-{name}.png"
    env = dict(os.environ, DECKEDITOR_HOME=str(work / "home"), QT_QPA_PLATFORM=platform)
    done = subprocess.run(
        [*wrap, str(binary), "--screenshot", str(shot)],
        cwd=work,
        env=env,
        timeout=180,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"smoke test ({name}): exit {done.returncode}\n{done.stderr[-3000:]}")
    data = shot.read_bytes()
    if not data.startswith(b"\x89PNG\r\n\x1a\n") or len(data) < 2000:
        raise SystemExit(f"smoke test ({name}): {shot} is not a real PNG screenshot")
    return shot


# What card pictures need at run time (ui/card_images.py imports QtNetwork lazily, and Scryfall
# is HTTPS): a trimmed bundle without them would start fine and never show a downloaded picture.
NETWORK_PARTS = ("PySide6/QtNetwork.abi3.so", "PySide6/Qt/plugins/tls/libqopensslbackend.so")


def missing_network_parts(bundle: Path) -> list[str]:
    internal = bundle / "_internal"
    return [part for part in NETWORK_PARTS if not (internal / part).exists()]


def smoke(bundle: Path) -> list[Path]:
    """Copy the bundle away from the source tree and start it there: offscreen, then on a real
    X server (Xvfb, Qt's xcb platform, as on a desktop) so a host library the bundle needs and
    does not ship fails the build; then one command-line run."""
    lost = missing_network_parts(bundle)
    if lost:
        raise SystemExit(
            "smoke test: card pictures need "
            + ", ".join(lost)
            + ", which the bundle lacks (packaging/deckeditor.spec)"
        )
    missing = missing_host_libraries(bundle)
    if missing:
        raise SystemExit(
            "smoke test: the xcb platform needs host libraries that are missing: "
            + ", ".join(missing)
            + " (see README, Bundle)"
        )
    work = Path(tempfile.mkdtemp(prefix="deckeditor-smoke-"))
    moved = work / "deckeditor"
    shutil.copytree(bundle, moved, symlinks=True)
    binary = moved / "deckeditor"
    shots = [_shoot(binary, work, "offscreen", "offscreen", [])]
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        raise SystemExit(
            "smoke test: xvfb-run is not installed (apt-get install xvfb), "
            "and the bundle must be started on a real X server"
        )
    shots.append(_shoot(binary, work, "xcb", "xcb", [xvfb, "-a", "-s", "-screen 0 1600x1000x24"]))
    env = dict(os.environ, DECKEDITOR_HOME=str(work / "home"))
    subprocess.run(
        [str(binary), "cards", "info", "--json"],
        check=True,
        cwd=work,
        env=env,
        timeout=60,
        stdout=subprocess.DEVNULL,
    )
    return shots


def size_mb(bundle: Path) -> float:
    total = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    return total / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-smoke", action="store_true", help="build only")
    args = parser.parse_args()
    bundle = build()
    print(f"bundle: {bundle} ({size_mb(bundle):.0f} MB)")
    if not args.no_smoke:
        for shot in smoke(bundle):
            print(f"smoke test screenshot: {shot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
