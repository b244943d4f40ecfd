"""The .deb's `usr/share/doc/deckeditor/copyright` (Debian's machine-readable format 1.0),
written from what the bundle really holds.

The PyInstaller bundle carries three kinds of other people's work: Python packages (their
licence files are in their dist-info folders), the Python runtime and Qt for Python, and shared
libraries copied from the build machine's Debian packages. Every file of the bundle falls under a
stanza naming its holders and licence; a shared library is traced to the Debian package it was
copied from (`dpkg -S`), and that package's own copyright file is shipped beside ours, since it is
the full, maintained statement of that library's licence. Licences Debian keeps in
/usr/share/common-licenses are referred to there, as Debian policy §12.5 allows; any other
licence text is included whole.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
BUNDLED_DOCS = "usr/share/doc/deckeditor/bundled"  # where the libraries' own copyrights go
COMMON = "/usr/share/common-licenses"
_LIB = re.compile(r"^lib.+\.so(\.\d+)*$")
_OURS = ("libQt6", "libpyside6", "libshiboken6", "libpython3")  # traced as Python packages

# The licence short names of the Python packages the app needs (their metadata spells them in
# several ways); a package missing here is `other` with its own licence text.
_PY_LICENCES = {
    "pyside6-essentials": "LGPL-3 or GPL-2 or GPL-3",
    "shiboken6": "LGPL-3 or GPL-2 or GPL-3",
    "pydantic": "Expat",
    "pydantic-core": "Expat",
    "annotated-types": "Expat",
    "typing-inspection": "Expat",
    "platformdirs": "Expat",
    "defusedxml": "PSF-2.0",
    "typing-extensions": "PSF-2.0",
    "tzdata": "Apache-2.0",
}

# Python packages with files of their own beside the bundle's archive
_BESIDE = {
    "pyside6-essentials": ["_internal/PySide6/*", "_internal/libQt6*", "_internal/libpyside6*"],
    "shiboken6": ["_internal/shiboken6/*", "_internal/libshiboken6*"],
    "pydantic": ["_internal/pydantic-*.dist-info/*"],
    "pydantic-core": ["_internal/pydantic_core/*"],
    "tzdata": ["_internal/tzdata/*"],
}

EXPAT = """\
Permission is hereby granted, free of charge, to any person obtaining a copy of this software
and associated documentation files (the "Software"), to deal in the Software without
restriction, including without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""


@dataclass
class Stanza:
    files: list[str]
    copyright: list[str]
    license: str
    text: list[str] | None = None  # the licence text, when not in a paragraph of its own
    comment: str = ""

    def render(self, prefix: str) -> str:
        names = [f if f == "*" else prefix + f for f in self.files]
        lines = [
            "Files: " + "\n ".join(names),
            "Copyright: " + "\n ".join(self.copyright),
            f"License: {self.license}",
        ]
        if self.text:
            lines.append(_body(self.text))
        if self.comment:
            lines.append("Comment: " + self.comment)
        return "\n".join(lines)


def _body(lines: list[str]) -> str:
    """Continuation lines of a field: indented, an empty line written as ` .`."""
    return "\n".join(f" {t}" if t.strip() else " ." for t in lines)


def _common(name: str, file: str) -> list[str]:
    return [f"On Debian systems the full text of the {name} can be found in {COMMON}/{file}."]


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions(root: str = "deckeditor") -> list[metadata.Distribution]:
    """The installed distributions `root` needs to run, dependencies of dependencies included
    (extras left out: the tests and the bundler are not in the bundle)."""
    seen: dict[str, metadata.Distribution] = {}
    todo = [root]
    while todo:
        name = _normal(todo.pop())
        if name in seen:
            continue
        try:
            seen[name] = dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for req in dist.requires or []:
            if "extra ==" not in req:
                todo.append(re.split(r"[\s;<>=!~\[(]", req, maxsplit=1)[0])
    seen.pop(_normal(root), None)
    return sorted(seen.values(), key=lambda d: _normal(d.metadata["Name"]))


def _licence_text(dist: metadata.Distribution) -> list[str]:
    """The licence files a distribution ships in its dist-info, joined (empty if none)."""
    texts = []
    for f in dist.files or []:
        parts = Path(str(f)).parts
        if (
            parts
            and parts[0].endswith(".dist-info")
            and re.match(r"(LICEN[CS]E|COPYING)", Path(str(f)).name, re.I)
        ):
            path = Path(str(dist.locate_file(f)))
            if path.is_file():
                texts.append(path.read_text(encoding="utf-8", errors="replace").rstrip())
    return "\n\n".join(texts).splitlines()


def _holder(dist: metadata.Distribution) -> str:
    """`Holder (package version)`: the holder from the licence file's own notice when it has
    one (the line MIT-style licences ask to keep), else the package's author."""
    label = f"({dist.metadata['Name']} {dist.version})"
    for line in _licence_text(dist)[:40]:
        found = re.match(r"\s*Copyright\s*(?:\(c\)|©)?\s*(.+)", line, re.I)
        if found and re.search(r"\d{4}", found.group(1)):
            return f"{found.group(1).strip()} {label}"
    author = dist.metadata.get("Author") or dist.metadata.get("Author-email") or "its authors"
    return f"{author} {label}"


def _short_name(dist: metadata.Distribution) -> str:
    return _PY_LICENCES.get(_normal(dist.metadata["Name"]), "other")


def _executable(dists: list[metadata.Distribution]) -> Stanza:
    """The executable: PyInstaller's bootloader, then an archive of Deck Editor's own modules
    and of the pure-Python packages it needs."""
    holders = [
        "2026 The Deck Editor developers",
        "2010-2024 PyInstaller Development Team (the bootloader)",
    ]
    names = ["GPL-3+", "GPL-2+ with PyInstaller-bootloader exception"]
    for dist in dists:
        if _normal(dist.metadata["Name"]) in _BESIDE and _normal(dist.metadata["Name"]) not in (
            "pydantic",
            "tzdata",
        ):
            continue
        holders.append(_holder(dist))
        if _short_name(dist) not in names:
            names.append(_short_name(dist))
    return Stanza(
        ["deckeditor"],
        holders,
        " and ".join(names),
        comment="PyInstaller's bootloader starts an archive of Deck Editor's modules "
        "and of the pure-Python packages named here; the bootloader's licence lets "
        "it start programs under any licence.",
    )


def _python_packages(dists: list[metadata.Distribution]) -> list[Stanza]:
    """Packages with files beside the archive: Qt for Python's libraries and plugins,
    pydantic-core's extension, the time-zone data."""
    stanzas = []
    for dist in dists:
        files = _BESIDE.get(_normal(dist.metadata["Name"]))
        if files:
            short = _short_name(dist)
            stanzas.append(
                Stanza(
                    files,
                    [_holder(dist)],
                    short,
                    text=_licence_text(dist) if short == "other" else None,
                    comment=f"Python package {dist.metadata['Name']} {dist.version}.",
                )
            )
    return stanzas


def _python_runtime() -> Stanza:
    return Stanza(
        ["_internal/base_library.zip", "_internal/python3.*/*", "_internal/libpython3*"],
        ["2001-2024 Python Software Foundation"],
        "PSF-2.0",
        comment=f"The Python {sys.version.split()[0]} interpreter and standard library.",
    )


def _debian_package(library: Path) -> str | None:
    """The installed Debian package a bundled library was copied from, by its file name."""
    for folder in (
        "/usr/lib/x86_64-linux-gnu",
        "/lib/x86_64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
        "/lib/aarch64-linux-gnu",
        "/usr/lib",
        "/lib",
    ):
        candidate = Path(folder) / library.name
        if candidate.exists():
            found = subprocess.run(["dpkg", "-S", str(candidate)], capture_output=True, text=True)
            if found.returncode == 0:
                return found.stdout.split(":", 1)[0].strip()
    return None


def _icu_package() -> str | None:
    """Qt for Python's wheel ships its own ICU (libicu*.so.NN); its licence is the one every
    ICU release carries, which Debian's libicuNN package states in full."""
    for doc in sorted(Path("/usr/share/doc").glob("libicu[0-9]*")):
        if (doc / "copyright").is_file():
            return doc.name
    return None


def _licence_names(copyright_text: str) -> str:
    """The licence short names of a machine-readable Debian copyright file, else `other`."""
    if not copyright_text.startswith("Format:"):
        return "other"
    names: list[str] = []
    for line in copyright_text.splitlines():
        if line.startswith("License:"):
            name = line.split(":", 1)[1].strip()
            if name and name not in names:
                names.append(name)
    return " and ".join(f"({n})" if " or " in n else n for n in names) or "other"


def _system_libraries(bundle: Path, stage_docs: Path | None) -> list[Stanza]:
    owned: dict[str, list[str]] = {}
    wheel_icu: set[str | None] = set()  # packages standing for the wheel's own ICU
    for path in sorted((bundle / "_internal").iterdir()):
        if _LIB.match(path.name) and not path.name.startswith(_OURS):
            package = _debian_package(path)
            if package is None and path.name.startswith("libicu"):
                package = _icu_package()
                wheel_icu.add(package)
            owned.setdefault(package or "", []).append(f"_internal/{path.name}")
    stanzas = []
    for package, files in sorted(owned.items()):
        source = Path("/usr/share/doc") / package / "copyright"
        if not package or not source.is_file():
            stanzas.append(
                Stanza(
                    files,
                    ["unknown"],
                    "other",
                    [
                        "These libraries were found in no installed Debian package of the build "
                        "machine; their licences were not traced."
                    ],
                )
            )
            continue
        if stage_docs is not None:
            stage_docs.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, stage_docs / f"{package}.copyright")
        text = source.read_text(encoding="utf-8", errors="replace")
        origin = (
            f"Qt for Python's own build of ICU; ICU's licence, the same for every "
            f"release, is stated in full in Debian's {package} copyright file, shipped "
            if package in wheel_icu
            else f"Copied from the build machine's Debian package {package}, whose copyright "
            "file is shipped "
        )
        stanzas.append(
            Stanza(
                files,
                [f"see /{BUNDLED_DOCS}/{package}.copyright"],
                f"other-{package}",
                [
                    f"{origin}as /{BUNDLED_DOCS}/{package}.copyright with every licence text in "
                    f"full. It names: {_licence_names(text)}."
                ],
            )
        )
    return stanzas


def _fonts(bundle: Path) -> list[Stanza]:
    """Fonts under resources/fonts carry their own licence files (SIL OFL)."""
    fonts = bundle / "_internal" / "resources" / "fonts"
    if not fonts.is_dir():
        return []
    body: list[str] = []
    for p in sorted(fonts.rglob("*")):
        if p.is_file() and re.match(r"(LICEN[CS]E|OFL|COPYING)", p.name, re.I):
            body += (
                [f"{p.relative_to(fonts)}:", ""]
                + p.read_text(encoding="utf-8", errors="replace").rstrip().splitlines()
                + [""]
            )
    return [
        Stanza(
            ["_internal/resources/fonts/*"],
            ["their authors (see the licence files)"],
            "OFL-1.1",
            body or ["See the licence files beside the fonts."],
        )
    ]


def _before_full_texts(lines: list[str]) -> list[str]:
    """PyInstaller's COPYING: its own terms (the bootloader exception) without the GPL and
    Apache texts appended to it, which Debian keeps in common-licenses."""
    for i, line in enumerate(lines):
        if re.fullmatch(r"\s*(GNU GENERAL PUBLIC LICENSE|Apache License)\s*", line):
            cut = i
            while cut and (not lines[cut - 1].strip() or set(lines[cut - 1].strip()) <= set("=-")):
                cut -= 1  # the heading's rule and blank lines go with it
            return lines[:cut]
    return lines


def _licence_paragraphs() -> list[str]:
    """The texts of the licences the stanzas name without a text of their own."""
    try:
        boot = _before_full_texts(_licence_text(metadata.distribution("pyinstaller")))
    except metadata.PackageNotFoundError:
        boot = []
    psf = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    texts = {
        "GPL-3+": _common("GNU General Public License version 3", "GPL-3"),
        "GPL-2+ with PyInstaller-bootloader exception": boot
        + [""]
        + _common("GNU General Public License version 2", "GPL-2")
        + _common("Apache License 2.0 (PyInstaller's run-time hooks)", "Apache-2.0"),
        "LGPL-3 or GPL-2 or GPL-3": _common("GNU Lesser General Public License version 3", "LGPL-3")
        + _common("GNU General Public License version 2", "GPL-2")
        + _common("GNU General Public License version 3", "GPL-3"),
        "Apache-2.0": _common("Apache License 2.0", "Apache-2.0"),
        "Expat": EXPAT.rstrip().splitlines(),
        "PSF-2.0": psf.read_text(encoding="utf-8").rstrip().splitlines()
        if psf.is_file()
        else ["See https://docs.python.org/3/license.html"],
    }
    return [f"License: {name}\n{_body(text)}" for name, text in texts.items()]


def copyright_file(
    bundle: Path, maintainer: str, prefix: str = "opt/deckeditor/", stage_docs: Path | None = None
) -> str:
    """The copyright file's text for the bundle at `bundle` installed under `prefix`;
    `stage_docs`, when given, receives the bundled libraries' own copyright files."""
    dists = runtime_distributions()
    header = "\n".join(
        [
            f"Format: {FORMAT}",
            "Upstream-Name: deckeditor",
            f"Upstream-Contact: {maintainer}",
            "Comment: Deck Editor is shipped with the one-folder bundle it runs from: the Python",
            " runtime, Qt for Python, the Python packages it needs and the shared libraries Qt",
            " loads. Each is listed below with its holders and licence.",
        ]
    )
    stanzas = [
        Stanza(["*"], ["2026 The Deck Editor developers"], "GPL-3+"),
        _executable(dists),
        _python_runtime(),
        *_python_packages(dists),
        *_system_libraries(bundle, stage_docs),
        *_fonts(bundle),
    ]
    blocks = [s.render(prefix) for s in stanzas] + _licence_paragraphs()
    return header + "\n\n" + "\n\n".join(blocks) + "\n"


def uncovered(bundle: Path, text: str, prefix: str = "opt/deckeditor/") -> list[str]:
    """Bundle files that only the catch-all `*` stanza names (for the tests): each file of
    other people's work must be named by a stanza of its own."""
    patterns: list[str] = []
    for block in text.split("\n\n"):
        if block.startswith("Files:"):
            value = block.split("\nCopyright:", 1)[0].removeprefix("Files:")
            patterns += [p for p in value.split() if p != "*"]
    return [
        rel
        for rel in (
            prefix + str(p.relative_to(bundle)) for p in sorted(bundle.rglob("*")) if p.is_file()
        )
        if not any(fnmatch.fnmatchcase(rel, pat) for pat in patterns)
        and "/_internal/resources/" not in rel
    ]
