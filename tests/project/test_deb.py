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

ROOT = Path(__file__).resolve().parents[2]
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


DECK_TYPES = {
    "application/x-deckeditor-deck+json": "*.deck.json",
    "application/x-forge-deck": "*.dck",
    "application/x-cockatrice-deck": "*.cod",
    "application/x-mtgo-deck": "*.dek",
}


def test_the_mime_xml_defines_every_type_the_desktop_entry_declares(tmp_path):
    declared = _desktop_value((PACKAGING / f"{APP_ID}.desktop").read_text(), "MimeType")
    declared = {t for t in declared.split(";") if t}
    root = ET.parse(PACKAGING / f"{APP_ID}.mime.xml").getroot()
    defined = {m.get("type") for m in root.iter(f"{MIME_NS}mime-type")}
    assert declared == defined == set(DECK_TYPES)
    provided = {
        m.text for m in ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot().iter("mediatype")
    }
    assert provided == set(DECK_TYPES)
    mime = tmp_path / "mime"
    (mime / "packages").mkdir(parents=True)
    shutil.copyfile(PACKAGING / f"{APP_ID}.mime.xml", mime / "packages" / f"{APP_ID}.xml")
    subprocess.run([_tool("update-mime-database"), str(mime)], check=True)
    globs = (mime / "globs2").read_text()
    for kind, glob in DECK_TYPES.items():
        assert f"{kind}:{glob}" in globs


def test_no_placeholder_address_or_page_is_shipped():
    """The project has no public homepage, bug tracker or mail host: none is invented."""
    shipped = [
        *PACKAGING.rglob("*.py"),
        *PACKAGING.glob("*.xml"),
        *PACKAGING.glob("*.desktop"),
        *(ROOT / "deckeditor").rglob("*.py"),
        ROOT / "README.md",
    ]
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        for placeholder in ("example.org", "@localhost"):
            assert placeholder not in text, f"{path}: {placeholder}"


def _validate_metainfo(path: Path) -> None:
    result = subprocess.run(
        [_tool("appstreamcli"), "validate", "--no-net", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_metainfo_has_no_urls_until_the_project_is_published(tmp_path):
    root = ET.fromstring(build_deb._metainfo(None))
    assert list(root.iter("url")) == [] and root.find("screenshots") is None
    (tmp_path / "m.xml").write_bytes(build_deb._metainfo(None))
    _validate_metainfo(tmp_path / "m.xml")


def test_a_published_metainfo_shows_the_readme_screenshot(tmp_path):
    data = build_deb._metainfo("https://decks.test/")
    root = ET.fromstring(data)
    urls = {u.get("type"): u.text for u in root.iter("url")}
    assert urls == {"homepage": "https://decks.test/", "bugtracker": "https://decks.test/issues"}
    image = root.find("screenshots/screenshot/image")
    assert image.text == "https://decks.test/docs/screenshot.png"
    png = (ROOT / "docs" / "screenshot.png").read_bytes()
    assert (int(image.get("width")), int(image.get("height"))) == (
        int.from_bytes(png[16:20], "big"),
        int.from_bytes(png[20:24], "big"),
    )
    assert root.find("screenshots/screenshot/caption").text
    (tmp_path / "m.xml").write_bytes(data)
    _validate_metainfo(tmp_path / "m.xml")


def test_the_changelog_comes_from_the_metainfo_releases():
    text = build_deb.changelog("A Maintainer <a@maintainer.test>")
    releases = [
        r.get("version")
        for r in ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot().iter("release")
    ]
    assert text.startswith(f"deckeditor ({releases[0]}) unstable; urgency=medium\n")
    assert all(len(line) <= 80 for line in text.splitlines())
    assert " -- A Maintainer <a@maintainer.test>  " in text
    if shutil.which("dpkg-parsechangelog"):
        parsed = subprocess.run(
            ["dpkg-parsechangelog", "-l-", "-SVersion"], input=text, capture_output=True, text=True
        )
        assert parsed.returncode == 0 and parsed.stdout.strip() == releases[0], parsed.stderr


def test_the_manual_page_names_every_command_and_option():
    import manpage

    from deckeditor.cli import build_parser

    page = manpage.build()
    assert page.startswith(".TH DECKEDITOR 1 ")
    for name, sub in manpage._subcommands(build_parser()):
        assert f".SS {manpage.roff_escape(name)}" in page
        for action in sub._actions:
            for option in action.option_strings:
                if action.help != "==SUPPRESS==" and option not in ("-h", "--help"):
                    assert manpage.roff_escape(option) in page, (name, option)


def test_the_manual_page_renders_without_warnings(tmp_path):
    import manpage

    page = tmp_path / "deckeditor.1"
    page.write_text(manpage.build(), encoding="utf-8")
    done = subprocess.run(
        [_tool("man"), "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", str(page)],
        capture_output=True,
        text=True,
        env=dict(os.environ, MANROFFSEQ="", MANWIDTH="80"),
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr


def _minimal_bundle(folder: Path) -> Path:
    """A stand-in for the PyInstaller folder: its binary is a tiny launcher of this checkout."""
    folder.mkdir(parents=True)
    launcher = folder / "deckeditor"
    launcher.write_text(
        f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(ROOT))} exec "
        f'{shlex.quote(sys.executable)} -m deckeditor "$@"\n'
    )
    launcher.chmod(0o755)
    (folder / "_internal").mkdir()
    (folder / "_internal" / "marker.txt").write_text("bundle files go here\n")
    return folder


def _deb822(text: str) -> list[dict[str, str]]:
    """Paragraphs of a deb822 file (Debian's copyright format), continuation lines joined."""
    paragraphs = []
    for block in text.strip("\n").split("\n\n"):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            if line.startswith((" ", "\t")):
                assert key is not None, line
                fields[key] += "\n" + line[1:]
            else:
                key, _, value = line.partition(":")
                assert key and " " not in key, line
                fields[key] = value.strip()
        paragraphs.append(fields)
    return paragraphs


def _check_machine_readable_copyright(text: str) -> None:
    header, *rest = _deb822(text)
    assert header["Format"].startswith(
        "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0"
    )
    files = [p for p in rest if "Files" in p]
    standalone = {p["License"].split("\n")[0] for p in rest if "Files" not in p}
    assert files and files[0]["Files"] == "*" and files[0]["License"] == "GPL-3+"
    for paragraph in files:
        assert paragraph["Copyright"].strip(), paragraph
        first, *text_lines = paragraph["License"].split("\n")
        named = [first] if first in standalone else first.split(" and ")
        assert text_lines or set(named) <= standalone, f"{first}: no licence text anywhere"
    for paragraph in rest:
        if "Files" not in paragraph:
            assert "\n" in paragraph["License"], paragraph  # a standalone licence has a text


def test_the_deb_layout(tmp_path, monkeypatch):
    _tool("dpkg-deb")
    monkeypatch.setenv("DEBFULLNAME", "A Maintainer")
    monkeypatch.setenv("DEBEMAIL", "a@maintainer.test")
    bundle = _minimal_bundle(tmp_path / "bundle")
    libz = next(
        (
            p
            for p in (
                Path("/usr/lib/x86_64-linux-gnu/libz.so.1"),
                Path("/lib/x86_64-linux-gnu/libz.so.1"),
            )
            if p.exists()
        ),
        None,
    )
    if libz is not None:  # a library copied from a Debian package, as PyInstaller does
        shutil.copyfile(libz, bundle / "_internal" / "libz.so.1")
        (bundle / "_internal" / "libz.so.1").chmod(0o755)
    deb = build_deb.build_deb(bundle, tmp_path / "out")
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(deb)], check=True, capture_output=True, text=True
    ).stdout
    for path in (
        "./opt/deckeditor/deckeditor",
        "./opt/deckeditor/_internal/marker.txt",
        "./usr/bin/deckeditor -> /opt/deckeditor/deckeditor",
        f"./usr/share/applications/{APP_ID}.desktop",
        f"./usr/share/metainfo/{APP_ID}.metainfo.xml",
        f"./usr/share/mime/packages/{APP_ID}.xml",
        f"./usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg",
        f"./usr/share/icons/hicolor/256x256/apps/{APP_ID}.png",
        "./usr/share/doc/deckeditor/copyright",
        "./usr/share/doc/deckeditor/changelog.gz",
        "./usr/share/man/man1/deckeditor.1.gz",
    ):
        assert path in listing, path
    assert "root/root" in listing and "-rwxr-xr-x root/root" in listing
    if libz is not None:
        assert "-rw-r--r-- root/root" in next(
            l for l in listing.splitlines() if l.endswith("_internal/libz.so.1")
        )
        assert "./usr/share/doc/deckeditor/bundled/zlib1g.copyright" in listing

    def field(name: str) -> str:
        return subprocess.run(
            ["dpkg-deb", "--field", str(deb), name], check=True, capture_output=True, text=True
        ).stdout.strip()

    assert field("Package") == "deckeditor"
    assert field("Maintainer") == "A Maintainer <a@maintainer.test>"
    assert field("Section") == "utils" and field("Homepage") == ""
    depends = field("Depends")
    for needed in ("libxcb-cursor0", "libc6 (>= 2.35)", "libwayland-cursor0", "libwayland-egl1"):
        assert needed in depends
    description = field("Description").splitlines()
    assert len(description[0]) <= 80 and all(len(line) <= 80 for line in description)
    copyright_text = subprocess.run(
        f"dpkg-deb --fsys-tarfile {shlex.quote(str(deb))} | tar -xO "
        "./usr/share/doc/deckeditor/copyright",
        shell=True,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    _check_machine_readable_copyright(copyright_text)
    assert "Upstream-Contact: A Maintainer <a@maintainer.test>" in copyright_text
    if libz is not None:
        assert "opt/deckeditor/_internal/libz.so.1" in copyright_text
        assert "/usr/share/doc/deckeditor/bundled/zlib1g.copyright" in copyright_text


def test_a_homepage_given_reaches_the_control_file(tmp_path, monkeypatch):
    monkeypatch.setenv("DEBFULLNAME", "A Maintainer")
    monkeypatch.setenv("DEBEMAIL", "a@maintainer.test")
    _tool("dpkg-deb")
    deb = build_deb.build_deb(
        _minimal_bundle(tmp_path / "bundle"), tmp_path / "out", homepage="https://decks.test/"
    )
    homepage = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Homepage"], check=True, capture_output=True, text=True
    ).stdout.strip()
    assert homepage == "https://decks.test/"


def _allowed_lintian_errors() -> set[str]:
    """The error tags packaging/README.md justifies (its lintian table)."""
    table = (PACKAGING / "README.md").read_text(encoding="utf-8").split("## Lintian", 1)[1]
    return {
        m.group(1)
        for m in __import__("re").finditer(
            r"^\| `([a-z0-9-]+)` \| error \|", table, __import__("re").M
        )
    }


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
    done = subprocess.run(
        [
            _tool("xvfb-run"),
            "-a",
            "-s",
            "-screen 0 1600x1000x24",
            "sh",
            "-c",
            watch,
            "watch",
            *args,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout


def _dpkg_install(deb: Path) -> subprocess.CompletedProcess:
    """`dpkg -i`, waiting up to two minutes for another package tool (apt, an unattended
    upgrade) to let go of dpkg's lock rather than failing at once."""
    import time

    for _ in range(60):
        done = subprocess.run(["dpkg", "-i", str(deb)], capture_output=True, text=True)
        if done.returncode == 0 or "lock" not in done.stderr:
            return done
        time.sleep(2)
    return done


@pytest.mark.skipif(
    not BUNDLE_TESTS, reason="builds and installs the bundle: CI=true or DECKEDITOR_BUNDLE_TESTS=1"
)
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
    import debian_copyright

    bundle = build_bundle.build()
    build_bundle.smoke(bundle)  # offscreen and on Xvfb (xcb): a missing host library fails here
    text = debian_copyright.copyright_file(bundle, "A Maintainer <a@maintainer.test>")
    _check_machine_readable_copyright(text)
    assert debian_copyright.uncovered(bundle, text) == []
    deb = build_deb.build_deb(bundle, tmp_path / "out", "A Maintainer <a@maintainer.test>")
    lint = subprocess.run(
        [_tool("lintian"), "--tag-display-limit", "0", str(deb)], capture_output=True, text=True
    )
    errors = {line.split()[2] for line in lint.stdout.splitlines() if line.startswith("E: ")}
    assert errors <= _allowed_lintian_errors(), lint.stdout[-3000:]
    installed = _dpkg_install(deb)
    assert installed.returncode == 0, installed.stdout[-2000:] + installed.stderr[-2000:]
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
