"""Build the one-folder bundle into dist/deckeditor/ and smoke-test it outside the source tree.

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
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
         "--distpath", str(DIST), "--workpath", str(ROOT / "build" / "pyinstaller"),
         str(HERE / "deckeditor.spec")],
        check=True,
        cwd=ROOT,
    )
    return DIST / "deckeditor"


def smoke(bundle: Path) -> Path:
    """Copy the bundle away from the source tree, start it with --screenshot, check the PNG."""
    work = Path(tempfile.mkdtemp(prefix="deckeditor-smoke-"))
    moved = work / "deckeditor"
    shutil.copytree(bundle, moved, symlinks=True)
    shot = work / "shot.png"
    env = dict(os.environ, DECKEDITOR_HOME=str(work / "home"))
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    subprocess.run([str(moved / "deckeditor"), "--screenshot", str(shot)],
                   check=True, cwd=work, env=env, timeout=120)
    data = shot.read_bytes()
    if not data.startswith(b"\x89PNG\r\n\x1a\n") or len(data) < 2000:
        raise SystemExit(f"smoke test: {shot} is not a real PNG screenshot")
    subprocess.run([str(moved / "deckeditor"), "cards", "info", "--json"],
                   check=True, cwd=work, env=env, timeout=60)
    return shot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-smoke", action="store_true", help="build only")
    args = parser.parse_args()
    bundle = build()
    print(f"bundle: {bundle}")
    if not args.no_smoke:
        print(f"smoke test screenshot: {smoke(bundle)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
