"""Build a Debian package from the one-folder bundle with `dpkg-deb`.

    python packaging/build_deb.py [--bundle dist/deckeditor] [--out dist]
                                  [--maintainer "Name <address>"] [--homepage URL]

Layout: the bundle in /opt/deckeditor, /usr/bin/deckeditor a link to its binary, the desktop
entry, AppStream metainfo, hicolor icons, the shared-mime-info XML that defines the types the
desktop entry's MimeType names (`*.deck.json`, `*.dck`, `*.cod`, `*.dek`), the manual page
written from the command line's help, and /usr/share/doc/deckeditor with the machine-readable
copyright file of everything the bundle holds (packaging/copyright.py) and the changelog made
from the metainfo's releases. dpkg's triggers of desktop-file-utils, shared-mime-info,
hicolor-icon-theme and man-db refresh their caches; no maintainer scripts are needed.

The maintainer is `--maintainer`, else Debian's DEBFULLNAME and DEBEMAIL, else git's user of
this checkout. The project has no public homepage yet: with `--homepage URL` (when it is
published) the control file gets a Homepage and the metainfo its homepage, bug tracker and
screenshot URLs (URL/docs/screenshot.png, the README's picture); without it, none is invented.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from datetime import UTC
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
    # Qt's wayland platform plugin (a Wayland session) loads these from the host
    "libwayland-client0",
    "libwayland-cursor0",
    "libwayland-egl1",
    # the bundled libblkid and libmount (pulled in by GLib) call sensible-pager
    "sensible-utils",
    # Qt's TLS backend loads the host's OpenSSL 3 for card pictures over HTTPS (renamed
    # libssl3t64 in Debian 13 / Ubuntu 24.04)
    "libssl3 | libssl3t64",
]


def _version() -> str:
    sys.path.insert(0, str(ROOT))
    from deckeditor import __version__

    return __version__


def _architecture() -> str:
    return subprocess.run(
        ["dpkg", "--print-architecture"], check=True, capture_output=True, text=True
    ).stdout.strip()


def _size_kib(folder: Path) -> int:
    total = 0
    for base, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(base) / name
            if not path.is_symlink():
                total += path.stat().st_size
    return (total + 1023) // 1024


def _control(stage: Path, version: str, arch: str, maintainer: str, homepage: str | None) -> str:
    fields = [
        f"Package: {PACKAGE}",
        f"Version: {version}",
        f"Architecture: {arch}",
        f"Maintainer: {maintainer}",
        f"Installed-Size: {_size_kib(stage)}",
        f"Depends: {', '.join(DEPENDS)}",
        "Section: utils",  # a deck editor, not a game: it plays no game
        "Priority: optional",
    ]
    if homepage:
        fields.append(f"Homepage: {homepage}")
    fields += [
        "Description: offline deck editor for Magic: The Gathering and Riftbound",
        " Build Commander, Brawl, Oathbreaker, constructed and Riftbound decks.",
        " The catalog shows only the cards a deck may take, as you type a search;",
        " the status bar names every deck-building problem and the cards behind it.",
        " Decks open and save in Forge, Cockatrice, MTG Arena, MTGO and text formats.",
    ]
    return "\n".join(fields) + "\n"


def default_maintainer() -> str:
    """Debian's DEBFULLNAME/DEBEMAIL (what dch and debmake read), else git's user here."""
    name, address = os.environ.get("DEBFULLNAME"), os.environ.get("DEBEMAIL")
    if not (name and address):
        name = name or _git("user.name") or _git_log("%an")
        address = address or _git("user.email") or _git_log("%ae")
    if not (name and address):
        raise SystemExit(
            "no maintainer: pass --maintainer 'Name <address>' or set DEBFULLNAME and DEBEMAIL"
        )
    return email.utils.formataddr((name, address))


def _git(key: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "config", key], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else ""


def _git_log(fmt: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", f"--format={fmt}"], capture_output=True, text=True
    )
    return done.stdout.strip() if done.returncode == 0 else ""


def _metainfo(homepage: str | None) -> bytes:
    """The metainfo as shipped: with the project's URLs only when it has them."""
    import xml.etree.ElementTree as ET

    tree = ET.parse(HERE / f"{APP_ID}.metainfo.xml")
    root = tree.getroot()
    if homepage:
        base = homepage.rstrip("/")
        launchable = root.find("launchable")
        at = list(root).index(launchable) + 1 if launchable is not None else len(root)
        for i, (kind, url) in enumerate(
            (("homepage", f"{base}/"), ("bugtracker", f"{base}/issues"))
        ):
            element = ET.Element("url", type=kind)
            element.text = url
            element.tail = "\n  "
            root.insert(at + i, element)
        shots = ET.SubElement(root, "screenshots")
        shot = ET.SubElement(shots, "screenshot", type="default")
        ET.SubElement(shot, "caption").text = SCREENSHOT_CAPTION
        width, height = _png_size(ROOT / "docs" / "screenshot.png")
        image = ET.SubElement(shot, "image", type="source", width=str(width), height=str(height))
        image.text = f"{base}/docs/screenshot.png"
        ET.indent(root, space="  ")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


SCREENSHOT_CAPTION = "A Commander deck beside the catalog of cards it may take"


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def changelog(maintainer: str, package: str = PACKAGE) -> str:
    """A Debian changelog from the metainfo's <releases>, newest first (the one list of
    releases the project keeps)."""
    import xml.etree.ElementTree as ET
    from datetime import datetime

    root = ET.parse(HERE / f"{APP_ID}.metainfo.xml").getroot()
    entries = []
    for release in root.iter("release"):
        day = datetime.strptime(release.get("date", "1970-01-01"), "%Y-%m-%d").replace(tzinfo=UTC)
        notes = [" ".join("".join(p.itertext()).split()) for p in release.iter("p")] or [
            f"Release {release.get('version')}."
        ]
        lines = [f"{package} ({release.get('version')}) unstable; urgency=medium", ""]
        for note in notes:  # Debian wants changelog lines under 80 columns
            lines += textwrap.wrap(note, 78, initial_indent="  * ", subsequent_indent="    ")
        lines += ["", f" -- {maintainer}  {email.utils.format_datetime(day)}", ""]
        entries.append("\n".join(lines))
    return "\n".join(entries)


def _gzip(text: str, target: Path) -> None:
    """Compressed as Debian wants documentation: best compression, no name or time stored."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with (
        open(target, "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out,
    ):
        out.write(text.encode("utf-8"))


def stage(bundle: Path, stage_dir: Path, maintainer: str, homepage: str | None = None) -> Path:
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
        HERE / f"{APP_ID}.mime.xml": share / "mime" / "packages" / f"{APP_ID}.xml",
        HERE / "icons" / f"{APP_ID}.svg": share
        / "icons"
        / "hicolor"
        / "scalable"
        / "apps"
        / f"{APP_ID}.svg",
    }
    for png in sorted((HERE / "icons" / "hicolor").glob(f"*/apps/{APP_ID}.png")):
        files[png] = share / "icons" / "hicolor" / png.parent.parent.name / "apps" / png.name
    for source, target in files.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    metainfo = share / "metainfo" / f"{APP_ID}.metainfo.xml"
    metainfo.parent.mkdir(parents=True)
    metainfo.write_bytes(_metainfo(homepage))
    _documentation(bundle, share, maintainer)
    for base, dirs, names in os.walk(stage_dir):  # root-owned, world-readable, whatever the umask
        for d in dirs:
            os.chmod(Path(base) / d, 0o755)
        for n in names:
            path = Path(base) / n
            if not path.is_symlink():
                os.chmod(path, 0o755 if _executable(path) else 0o644)
    return stage_dir


def _executable(path: Path) -> bool:
    """Programs keep their x bit; shared libraries and plugins do not need one (Debian policy
    §8.1): only files that are executable and not `*.so*`."""
    return os.access(path, os.X_OK) and ".so" not in path.name


def _documentation(bundle: Path, share: Path, maintainer: str) -> None:
    """/usr/share/doc/deckeditor (copyright, changelog) and the manual page."""
    import debian_copyright as deb_copyright
    import manpage

    doc = share / "doc" / PACKAGE
    doc.mkdir(parents=True)
    text = deb_copyright.copyright_file(
        bundle, maintainer, stage_docs=share.parent.parent / deb_copyright.BUNDLED_DOCS
    )
    (doc / "copyright").write_text(text, encoding="utf-8")
    _gzip(changelog(maintainer), doc / "changelog.gz")
    _gzip(manpage.build(), share / "man" / "man1" / "deckeditor.1.gz")


def build_deb(
    bundle: Path, out: Path, maintainer: str | None = None, homepage: str | None = None
) -> Path:
    version, arch = _version(), _architecture()
    maintainer = maintainer or default_maintainer()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="deckeditor-deb-") as tmp:
        root = stage(bundle, Path(tmp) / "root", maintainer, homepage)
        (root / "DEBIAN").mkdir(mode=0o755)
        (root / "DEBIAN" / "control").write_text(
            _control(root, version, arch, maintainer, homepage), encoding="utf-8"
        )
        deb = out / f"{PACKAGE}_{version}_{arch}.deb"
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", str(root), str(deb)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return deb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "deckeditor")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--maintainer",
        help='"Name <address>" (default: DEBFULLNAME and DEBEMAIL, else git\'s user)',
    )
    parser.add_argument("--homepage", help="the project's public page, once it has one")
    args = parser.parse_args()
    print(f"package: {build_deb(args.bundle, args.out, args.maintainer, args.homepage)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
