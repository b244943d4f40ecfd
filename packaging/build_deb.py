"""Build a Debian package from the one-folder bundle with `dpkg-deb`.

    python packaging/build_deb.py [--bundle dist/deckeditor] [--out dist]

Layout: the bundle in /opt/deckeditor, /usr/bin/deckeditor a link to its binary, the desktop
entry, AppStream metainfo, hicolor icons, and the shared-mime-info XML that defines the types the
desktop entry's MimeType names (`*.deck.json`, `*.dck`). dpkg's triggers of desktop-file-utils,
shared-mime-info and hicolor-icon-theme refresh their caches; no maintainer scripts are needed.
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
APP_ID = "org.deckeditor.DeckEditor"
PACKAGE = "deckeditor"

# What the bundle does not ship and a desktop must have (README, "Bundle"): glibc of the build
# machine or newer, and Qt's xcb platform's X libraries (libxcb-cursor0 is the one most often
# missing). Debian/Ubuntu package names.
DEPENDS = [
    "libc6 (>= 2.35)",
    "libxcb-cursor0",
    "libxkbcommon-x11-0",
    "libxcb-icccm4",
    "libxcb-keysyms1",
    "libxcb-shape0",
    "libxcb-render-util0",
    "libxcb-image0",
    "libegl1",
    "libgl1",
    "libfontconfig1",
    "libdbus-1-3",
    # Qt's TLS backend loads the host's OpenSSL 3 for card pictures over HTTPS (renamed
    # libssl3t64 in Debian 13 / Ubuntu 24.04)
    "libssl3 | libssl3t64",
]


def _version() -> str:
    sys.path.insert(0, str(ROOT))
    from deckeditor import __version__

    return __version__


def _architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], check=True, capture_output=True,
                          text=True).stdout.strip()


def _homepage() -> str:
    import xml.etree.ElementTree as ET

    root = ET.parse(HERE / f"{APP_ID}.metainfo.xml").getroot()
    return next(u.text for u in root.iter("url") if u.get("type") == "homepage")


def _size_kib(folder: Path) -> int:
    total = 0
    for base, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(base) / name
            if not path.is_symlink():
                total += path.stat().st_size
    return (total + 1023) // 1024


def _control(stage: Path, version: str, arch: str) -> str:
    return (
        f"Package: {PACKAGE}\n"
        f"Version: {version}\n"
        f"Architecture: {arch}\n"
        "Maintainer: The Deck Editor developers <deckeditor@localhost>\n"
        f"Installed-Size: {_size_kib(stage)}\n"
        f"Depends: {', '.join(DEPENDS)}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Homepage: {_homepage()}\n"
        "Description: offline deck editor for Magic: The Gathering and Riftbound\n"
        " Build Commander, Brawl, Oathbreaker, constructed and Riftbound decks; the catalog\n"
        " shows only the cards a deck may take and the status bar names every problem.\n"
    )


def stage(bundle: Path, stage_dir: Path) -> Path:
    """Lay the package's files out under `stage_dir` (what dpkg-deb packs)."""
    if not (bundle / "deckeditor").is_file():
        raise SystemExit(f"{bundle}: no deckeditor binary (build the bundle first)")
    opt = stage_dir / "opt" / PACKAGE
    shutil.copytree(bundle, opt, symlinks=True)
    usr_bin = stage_dir / "usr" / "bin"
    usr_bin.mkdir(parents=True)
    (usr_bin / "deckeditor").symlink_to(f"/opt/{PACKAGE}/deckeditor")
    share = stage_dir / "usr" / "share"
    files = {
        HERE / f"{APP_ID}.desktop": share / "applications" / f"{APP_ID}.desktop",
        HERE / f"{APP_ID}.metainfo.xml": share / "metainfo" / f"{APP_ID}.metainfo.xml",
        HERE / f"{APP_ID}.mime.xml": share / "mime" / "packages" / f"{APP_ID}.xml",
        HERE / "icons" / f"{APP_ID}.svg": share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
    }
    for png in sorted((HERE / "icons" / "hicolor").glob(f"*/apps/{APP_ID}.png")):
        files[png] = share / "icons" / "hicolor" / png.parent.parent.name / "apps" / png.name
    for source, target in files.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    for base, dirs, names in os.walk(stage_dir):  # root-owned, world-readable, whatever the umask
        for d in dirs:
            os.chmod(Path(base) / d, 0o755)
        for n in names:
            path = Path(base) / n
            if not path.is_symlink():
                os.chmod(path, 0o755 if os.access(path, os.X_OK) else 0o644)
    return stage_dir


def build_deb(bundle: Path, out: Path) -> Path:
    version, arch = _version(), _architecture()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="deckeditor-deb-") as tmp:
        root = stage(bundle, Path(tmp) / "root")
        (root / "DEBIAN").mkdir(mode=0o755)
        (root / "DEBIAN" / "control").write_text(_control(root, version, arch), encoding="utf-8")
        deb = out / f"{PACKAGE}_{version}_{arch}.deb"
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", str(root), str(deb)],
                       check=True, stdout=subprocess.DEVNULL)
    return deb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "deckeditor")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    print(f"package: {build_deb(args.bundle, args.out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
