"""Put the Mana and Keyrune icon fonts (Andrew Gioia; npm packages `mana-font` and `keyrune`) into
`resources/fonts/` with their licence, and write the codepoint table the app draws them with
(`resources/fonts/symbols.json`). Issue 24.6.

    mkdir /tmp/fonts && cd /tmp/fonts && npm pack mana-font keyrune
    python tools/make_symbol_fonts.py /tmp/fonts/mana-font-*.tgz /tmp/fonts/keyrune-*.tgz OFL-1.1.txt

Licences, as each package states them: the font files of both are under the SIL Open Font License
1.1 (shipped: `mana.ttf`, `keyrune.ttf`, with `OFL-1.1.txt`, the licence's own text, given as the
last argument); Mana's CSS is MIT, Keyrune's CSS and SVG sources are GPL-3.0. So only the fonts are
shipped, and the table is read from:

* Mana: its MIT CSS (`css/mana.css`): each `.ms-NAME::before { content: "\\eXXX" }` (a symbol's
  glyph) and `.ms-cost.ms-NAME { background-color }` (the disc a cost symbol sits on);
* Keyrune: its font's own glyph table (`fonts/keyrune.svg`, part of the OFL font files): each
  glyph's `glyph-name` (a set code) and `unicode`. Its CSS (GPL) is not read.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tarfile
from pathlib import Path

from defusedxml.ElementTree import fromstring

OUT = Path(__file__).resolve().parent.parent / "resources" / "fonts"
_GLYPH = re.compile(
    r"((?:\.ms-[a-z0-9-]+::before,?\s*)+)\{\s*content:\s*\"\\([0-9a-f]{4})\";", re.S
)
_CLASS = re.compile(r"\.ms-([a-z0-9-]+)::before")
_COST = re.compile(
    r"((?:\.ms-cost\.ms-[a-z0-9]+,?\s*)+)\{\s*background-color:\s*(#[0-9a-f]{3,6});", re.S
)
_COST_CLASS = re.compile(r"\.ms-cost\.ms-([a-z0-9]+)(?=[,\s{])")
_COST_BASE = re.compile(r"\.ms-cost\s*\{[^}]*background-color:\s*(#[0-9a-f]{3,6});", re.S)


def _member(archive: Path, suffix: str) -> bytes:
    with tarfile.open(archive) as tf:
        for member in tf:
            if member.isfile() and member.name.endswith(suffix):
                return tf.extractfile(member).read()
    raise SystemExit(f"{archive}: no member ending in {suffix}")


def _version(archive: Path) -> str:
    return json.loads(_member(archive, "package/package.json"))["version"]


def mana_table(css: str) -> tuple[dict[str, str], dict[str, str]]:
    """(symbol class -> codepoint hex, cost class -> disc colour; "" the default disc)."""
    glyphs: dict[str, str] = {}
    for selectors, code in _GLYPH.findall(css):
        for name in _CLASS.findall(selectors):
            glyphs.setdefault(name, code)
    discs: dict[str, str] = {}
    base = _COST_BASE.search(css)
    if base:
        discs[""] = base.group(1)
    for selectors, colour in _COST.findall(css):
        for name in _COST_CLASS.findall(selectors):
            discs.setdefault(name, colour)
    return dict(sorted(glyphs.items())), dict(sorted(discs.items()))


def keyrune_table(svg: bytes) -> dict[str, str]:
    """Set code (lower case) -> codepoint hex, from the SVG font's glyphs."""
    out: dict[str, str] = {}
    root = fromstring(svg)
    for el in root.iter():
        if el.tag.rsplit("}", 1)[-1] != "glyph":
            continue
        name, char = el.get("glyph-name"), el.get("unicode")
        if name and char and len(char) == 1:
            out.setdefault(name.lower(), f"{ord(char):04x}")
    return dict(sorted(out.items()))


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(__doc__)
        return 2
    mana, keyrune, ofl = Path(argv[1]), Path(argv[2]), Path(argv[3])
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "mana.ttf").write_bytes(_member(mana, "fonts/mana.ttf"))
    (OUT / "keyrune.ttf").write_bytes(_member(keyrune, "fonts/keyrune.ttf"))
    shutil.copyfile(
        ofl, OUT / "OFL-1.1.txt"
    )  # README.md beside them names the fonts (kept by hand)
    glyphs, discs = mana_table(_member(mana, "css/mana.css").decode("utf-8"))
    sets = keyrune_table(_member(keyrune, "fonts/keyrune.svg"))
    doc = {
        "mana": {"version": _version(mana), "glyphs": glyphs, "discs": discs},
        "keyrune": {"version": _version(keyrune), "glyphs": sets},
    }
    (OUT / "symbols.json").write_text(
        json.dumps(doc, indent=0, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(f"mana {doc['mana']['version']}: {len(glyphs)} glyphs, {len(discs)} disc colours")
    print(f"keyrune {doc['keyrune']['version']}: {len(sets)} set glyphs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
