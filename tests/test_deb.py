"""The Debian package (issue 16 points 10-12): its layout and metadata (always, around a minimal
launcher), and, on the CI machine, the real bundle built, smoke-tested offscreen and on Xvfb, the
.deb installed with `dpkg -i` and started from its menu entry's Exec line on an X server.

The install test builds the PyInstaller bundle (a minute or two) and installs a package into the
machine, so it runs only where asked: CI=true or DECKEDITOR_BUNDLE_TESTS=1 (.ci/run sets it), as
root, and fails there if a tool it needs is missing."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "org.deckeditor.DeckEditor"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
IN_CI = os.environ.get("CI", "").lower() == "true"
BUNDLE_TESTS = IN_CI or os.environ.get("DECKEDITOR_BUNDLE_TESTS") == "1"

sys.path.insert(0, str(PACKAGING))
import build_deb  # noqa: E402


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        if IN_CI or BUNDLE_TESTS:
            pytest.fail(f"{name} is not installed; .ci/run installs it")
        pytest.skip(f"{name} is not installed")
    return path


def _desktop_value(text: str, key: str) -> str:
    return next(line.split("=", 1)[1] for line in text.splitlines() if line.startswith(f"{key}="))


def test_the_mime_xml_defines_every_type_the_desktop_entry_declares(tmp_path):
    declared = _desktop_value((PACKAGING / f"{APP_ID}.desktop").read_text(), "MimeType")
    declared = {t for t in declared.split(";") if t}
    root = ET.parse(PACKAGING / f"{APP_ID}.mime.xml").getroot()
    defined = {m.get("type") for m in root.iter(f"{MIME_NS}mime-type")}
    assert declared == defined == {"application/x-deckeditor-deck+json", "application/x-forge-deck"}
    mime = tmp_path / "mime"
    (mime / "packages").mkdir(parents=True)
    shutil.copyfile(PACKAGING / f"{APP_ID}.mime.xml", mime / "packages" / f"{APP_ID}.xml")
    subprocess.run([_tool("update-mime-database"), str(mime)], check=True)
    globs = (mime / "globs2").read_text()
    assert "application/x-deckeditor-deck+json:*.deck.json" in globs
    assert "application/x-forge-deck:*.dck" in globs


def test_metainfo_has_a_screenshot_and_urls():
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    urls = {u.get("type"): u.text for u in root.iter("url")}
    assert urls["homepage"].startswith("https://") and urls["bugtracker"].startswith("https://")
    image = root.find("screenshots/screenshot/image")
    assert image is not None and image.text.startswith("https://") and image.text.endswith(".png")
    assert root.find("screenshots/screenshot/caption").text


def _minimal_bundle(folder: Path) -> Path:
    """A stand-in for the PyInstaller folder: its binary is a tiny launcher of this checkout."""
    folder.mkdir(parents=True)
    launcher = folder / "deckeditor"
    launcher.write_text(f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(ROOT))} exec "
                        f"{shlex.quote(sys.executable)} -m deckeditor \"$@\"\n")
    launcher.chmod(0o755)
    (folder / "_internal").mkdir()
    (folder / "_internal" / "marker.txt").write_text("bundle files go here\n")
    return folder


def test_the_deb_layout(tmp_path):
    _tool("dpkg-deb")
    deb = build_deb.build_deb(_minimal_bundle(tmp_path / "bundle"), tmp_path / "out")
    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], check=True,
                             capture_output=True, text=True).stdout
    for path in (
        "./opt/deckeditor/deckeditor",
        "./opt/deckeditor/_internal/marker.txt",
        "./usr/bin/deckeditor -> /opt/deckeditor/deckeditor",
        f"./usr/share/applications/{APP_ID}.desktop",
        f"./usr/share/metainfo/{APP_ID}.metainfo.xml",
        f"./usr/share/mime/packages/{APP_ID}.xml",
        f"./usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg",
        f"./usr/share/icons/hicolor/256x256/apps/{APP_ID}.png",
    ):
        assert path in listing, path
    assert "root/root" in listing and "-rwxr-xr-x root/root" in listing
    field = lambda name: subprocess.run(["dpkg-deb", "--field", str(deb), name], check=True,  # noqa: E731
                                        capture_output=True, text=True).stdout.strip()
    assert field("Package") == "deckeditor"
    assert "libxcb-cursor0" in field("Depends") and "libc6 (>= 2.35)" in field("Depends")
    assert field("Homepage").startswith("https://")


def _start_from_menu_entry(exec_line: str, deck: Path, home: Path) -> str:
    """Run the Exec line (%f = the deck) on Xvfb with the xcb platform; the line of
    `xwininfo -tree` of the X window whose title names the deck file (then the program is
    ended). Qt's 1x1 group leader window is titled "Deck Editor" too, so the file is looked for."""
    args = [a for a in shlex.split(exec_line) if a != "%f"]
    assert "%f" in exec_line
    args.append(str(deck))
    watch = (
        '"$@" & pid=$!\n'
        "for i in $(seq 1 240); do\n"
        '  hit=$(xwininfo -root -tree | grep -F "$WANT" | head -1)\n'
        '  if [ -n "$hit" ]; then echo "WINDOW $hit"; kill $pid; wait $pid; exit 0; fi\n'
        '  kill -0 $pid 2>/dev/null || { wait $pid; echo "EXITED $?"; exit 1; }\n'
        "  sleep 0.5\n"
        "done\n"
        'kill $pid; echo "NO WINDOW"; exit 1\n'
    )
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", DECKEDITOR_HOME=str(home), WANT=deck.name)
    done = subprocess.run([_tool("xvfb-run"), "-a", "-s", "-screen 0 1600x1000x24",
                           "sh", "-c", watch, "watch", *args],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout


@pytest.mark.skipif(not BUNDLE_TESTS, reason="builds and installs the bundle: CI=true or "
                    "DECKEDITOR_BUNDLE_TESTS=1")
def test_the_bundle_builds_installs_with_dpkg_and_starts_from_its_menu_entry(tmp_path):
    if os.geteuid() != 0:
        pytest.fail("dpkg -i needs root (CI runs as root)")
    for tool in ("dpkg", "dpkg-deb", "xvfb-run", "xwininfo"):
        _tool(tool)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        pytest.fail("PyInstaller is not installed; .ci/run installs the bundle extra")
    import build_bundle

    bundle = build_bundle.build()
    build_bundle.smoke(bundle)  # offscreen and on Xvfb (xcb): a missing host library fails here
    deb = build_deb.build_deb(bundle, tmp_path / "out")
    subprocess.run(["dpkg", "-i", str(deb)], check=True, capture_output=True)
    try:
        entry = Path("/usr/share/applications") / f"{APP_ID}.desktop"
        exec_line = _desktop_value(entry.read_text(), "Exec")
        assert shutil.which(shlex.split(exec_line)[0]) == "/usr/bin/deckeditor"
        assert os.path.realpath("/usr/bin/deckeditor") == "/opt/deckeditor/deckeditor"
        deck = tmp_path / "tolabow.deck.json"
        shutil.copyfile(ROOT / "tests" / "fixtures" / "decks" / "tolabow.deck.json", deck)
        seen = _start_from_menu_entry(exec_line, deck, tmp_path / "home")
        assert "WINDOW" in seen and "tolabow.deck.json" in seen and "Deck Editor" in seen, seen
    finally:
        subprocess.run(["dpkg", "--purge", "deckeditor"], capture_output=True)
    assert not Path("/usr/bin/deckeditor").exists()
