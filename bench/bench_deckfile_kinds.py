"""Every deck file reader is bounded by its input (issue 15): `deckfile_<kind>_repeat`,
`deckfile_<kind>_distinct` for each kind other than plain text (`bench_deckfile.py` has that one).

    python bench/bench_deckfile_kinds.py [--repeats N] [--kinds forge cod ...] [--no-rss]

For each kind two files just under the 8 MiB cap (`deckfile.MAX_BYTES`), read with
`deckio.read_deck` against the full card pool of the kind's game:

* `repeat`: as many card lines (elements, objects, cards of a deck code) as fit, naming a few real
  cards over and over (about a million lines for the line kinds; an element takes more bytes).
* `distinct`: as many distinct card names as fit, four-character names no pool has (`Aaaa`,
  `Aaab`, …, as `bench_deckfile.distinct_unknown_file`), each line resolved and kept.

A Riftbound deck code is read up to `deckcode.MAX_CARDS` (100,000) cards and refused beyond, so
its two files are the largest codes read (about 0.2 and 0.5 MB), not 8 MiB ones.

The floor of each is bare Python reading the same file in the same run: the bytes read and decoded
and split into lines (text kinds), `json.loads` (JSON kinds), ElementTree's parse (XML kinds), the
base32 decoding of the token (deck codes). Run as a script it also prints the peak RSS of a fresh
process reading each file with the full pool loaded first (budget: 5 s and 300 MB for any file).
"""

from __future__ import annotations

import argparse
import base64
import itertools
import json
import statistics
import string
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
for p in (str(REPO), str(BENCH)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench_deckfile import _folder, fresh_process_rss, pool  # noqa: E402 - the same pool, folder, RSS
from bench_import import _times  # noqa: E402 - the same sampling loop as the import figures

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines

RIFTBOUND_DATA = REPO.parent / "shared" / "data" / "riftbound" / "cards.json"
_RIFTBOUND_POOL = None
_FILES: dict[tuple[str, str], Path] = {}


def riftbound_pool():
    global _RIFTBOUND_POOL
    if _RIFTBOUND_POOL is None:
        from deckeditor.carddb.pool import CardPool
        from deckeditor.games.riftbound.gallery import load_gallery

        _RIFTBOUND_POOL = CardPool("riftbound", load_gallery(RIFTBOUND_DATA).cards)
    return _RIFTBOUND_POOL


def _unknown_names():
    """`Aaaa`, `Aaab`, …: four-character names no card has."""
    rest = string.ascii_letters + string.digits
    for a, b, c, d in itertools.product(string.ascii_letters, rest, rest, rest):
        yield f"{a}{b}{c}{d}"


def _fill(head: str, items, tail: str = "") -> str:
    """`head`, then items while the whole (with `tail`) stays within the cap (ASCII only)."""
    from deckeditor.deckfile import MAX_BYTES

    out, size = [head], len(head) + len(tail)
    for item in items:
        if size + len(item) > MAX_BYTES:
            break
        out.append(item)
        size += len(item)
    out.append(tail)
    return "".join(out)


def _cycle(lines):
    return itertools.cycle(lines)


# --- the files, one generator per kind: (repeat text, distinct text) ----------------------------


def _forge(distinct: bool) -> str:
    head = "[metadata]\nName=Bench\n[Main]\n"
    if distinct:
        return _fill(head, (f"1 {n}\n" for n in _unknown_names()))
    return _fill(head, _cycle(("1 Opt|XLN\n", "2 Shock\n", "1 Island\n", "3 Ox\n")))


def _xmage(distinct: bool) -> str:
    head = "NAME:Bench\n"
    if distinct:
        return _fill(head, (f"1 {n}\n" for n in _unknown_names()))
    return _fill(head, _cycle(("1 [XLN:65] Opt\n", "2 Shock\n", "1 Island\n", "SB: 3 Ox\n")))


def _precon(distinct: bool) -> str:
    head = "// NAME: Bench\n"
    if distinct:
        return _fill(head, (f"1 {n}\n" for n in _unknown_names()))
    return _fill(head, _cycle(("1 Opt [XLN]\n", "2 Shock\n", "1 Island\n", "3 Ox\n")))


def _cod(distinct: bool) -> str:
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
        '<deckname>Bench</deckname>\n<zone name="main">\n'
    )
    tail = "</zone>\n</cockatrice_deck>\n"
    if distinct:
        return _fill(head, (f'<card number="1" name="{n}"/>\n' for n in _unknown_names()), tail)
    return _fill(
        head,
        _cycle(
            (
                '<card number="1" name="Opt"/>\n',
                '<card number="2" name="Shock"/>\n',
                '<card number="1" name="Island"/>\n',
            )
        ),
        tail,
    )


def _dek(distinct: bool) -> str:
    head = '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
    tail = "</Deck>\n"
    if distinct:
        return _fill(head, (f'<Cards Quantity="1" Name="{n}"/>\n' for n in _unknown_names()), tail)
    return _fill(
        head,
        _cycle(
            (
                '<Cards Quantity="1" Name="Opt"/>\n',
                '<Cards Quantity="2" Name="Shock" Sideboard="true"/>\n',
                '<Cards Quantity="1" Name="Island"/>\n',
            )
        ),
        tail,
    )


def _mtgjson(distinct: bool) -> str:
    head = '{"meta": {"version": "5"}, "data": {"name": "Bench", "mainBoard": [\n'
    tail = '{"name": "Opt", "count": 1}]}}\n'
    if distinct:
        return _fill(head, (f'{{"name": "{n}"}},\n' for n in _unknown_names()), tail)
    return _fill(
        head,
        _cycle(
            (
                '{"name": "Opt", "setCode": "XLN"},\n',
                '{"name": "Shock", "count": 2},\n',
                '{"name": "Island"},\n',
            )
        ),
        tail,
    )


def _json(distinct: bool) -> str:
    head = (
        '{"schema": "deckeditor-deck", "version": 1, "game": "mtg", "name": "Bench", '
        '"format": null, "sections": [{"name": "Main", "entries": [\n'
    )
    tail = '{"card": "Opt", "count": 1}]}]}\n'
    if distinct:
        return _fill(head, (f'{{"card": "{n}", "count": 1}},\n' for n in _unknown_names()), tail)
    return _fill(
        head,
        _cycle(
            (
                '{"card": "Opt", "count": 1},\n',
                '{"card": "Shock", "count": 2},\n',
                '{"card": "Island", "count": 1},\n',
            )
        ),
        tail,
    )


def _riftbound_names() -> list[str]:
    names = sorted({c.name for c in riftbound_pool().cards}, key=lambda n: (len(n), n))
    return names[:4]


def _riftbound_text(distinct: bool) -> str:
    head = "// Bench\nMainDeck:\n"
    if distinct:
        return _fill(head, (f"1 {n}\n" for n in _unknown_names()))
    return _fill(
        head, _cycle(tuple(f"{i % 3 + 1} {n}\n" for i, n in enumerate(_riftbound_names())))
    )


def _riftbound_code(distinct: bool) -> str:
    """The largest code read: one version-5 code whose main deck is a single group of
    `deckcode.MAX_CARDS` cards (a longer code is refused: no deck has 100,000 cards), card
    numbers 1-4 of Origins over and over, or distinct three-byte numbers (codes no card has)."""
    from deckeditor.games.riftbound.deckcode import MAX_CARDS, b32encode, varint

    if distinct:
        numbers = [varint(n) for n in range(16_384, 16_384 + MAX_CARDS)]
    else:
        numbers = [bytes([1 + i % 4]) for i in range(MAX_CARDS)]
    body = b"".join(numbers)
    data = (
        bytes([0x15, 0])
        + varint(1)
        + varint(1)
        + varint(1)
        + varint(len(numbers))
        + bytes([0, 0])
        + body
        + varint(0)
        + bytes([0])
    )
    return b32encode(data)


KINDS = {
    # kind -> (generator, floor, game)
    "forge": (_forge, "lines", "mtg"),
    "xmage": (_xmage, "lines", "mtg"),
    "precon": (_precon, "lines", "mtg"),
    "cod": (_cod, "xml", "mtg"),
    "dek": (_dek, "xml", "mtg"),
    "mtgjson": (_mtgjson, "json", "mtg"),
    "json": (_json, "json", "mtg"),
    "riftbound_text": (_riftbound_text, "lines", "riftbound"),
    "riftbound_code": (_riftbound_code, "code", "riftbound"),
}


def deck_file(kind: str, shape: str) -> Path:
    key = (kind, shape)
    if key not in _FILES:
        path = _folder() / f"kind-{kind}-{shape}.txt"
        text = KINDS[kind][0](shape == "distinct")
        path.write_bytes(text.encode("ascii"))
        _FILES[key] = path
    return _FILES[key]


def _floor(path: Path, how: str):
    def lines():
        n = 0
        for line in path.read_bytes().decode("utf-8").splitlines():
            _count, _, name = line.partition(" ")
            n += len(name)
        assert n

    def as_json():
        assert json.loads(path.read_bytes().decode("utf-8"))

    def as_xml():
        assert len(ET.fromstring(path.read_bytes()))

    def code():
        token = path.read_bytes().decode("utf-8").strip()
        assert base64.b32decode(token + "=" * (-len(token) % 8))

    return {"lines": lines, "json": as_json, "xml": as_xml, "code": code}[how]


def pool_for(kind: str):
    return riftbound_pool() if KINDS[kind][2] == "riftbound" else pool()


def _reader(path: Path, kind: str):
    from deckeditor.deckio import read_deck

    def run():
        result = read_deck(path, pool_for(kind))
        assert result.deck.count() > 0

    return run


def figure(kind: str, shape: str, repeats: int = 3) -> dict:
    path = deck_file(kind, shape)
    pool_for(kind)  # loaded outside the timing
    work = _times(_reader(path, kind), repeats)
    floor = _times(_floor(path, KINDS[kind][1]), max(3, repeats))
    return {
        "median_ms": statistics.median(work),
        "worst_ms": max(work),
        "floor_ms": statistics.median(floor),
    }


# bench/run.py figures: bench_deckfile_<kind>_<shape>(repeats)
for _kind in KINDS:
    for _shape in ("repeat", "distinct"):

        def _fn(repeats: int = 3, _k=_kind, _s=_shape) -> dict:
            return figure(_k, _s, repeats)

        _fn.__name__ = f"bench_deckfile_{_kind}_{_shape}"
        globals()[_fn.__name__] = _fn
del _kind, _shape, _fn


def cod_tags_file() -> Path:
    """A `.cod` just under the cap that is all distinct `<tag>`s (about 520,000; issue 26.5: a
    Forge export of 300,000 tags took over two minutes when each tag was looked up in a list)."""
    path = _folder() / "kind-cod-tags.txt"
    if not path.exists():
        head = '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n<tags>\n'
        tail = '</tags>\n<zone name="main">\n<card number="1" name="Opt"/>\n</zone>\n</cockatrice_deck>\n'
        path.write_bytes(
            _fill(head, (f"<tag>{n}</tag>\n" for n in _unknown_names()), tail).encode("ascii")
        )
    return path


def bench_deckfile_cod_tags(repeats: int = 3) -> dict:
    path = cod_tags_file()
    pool_for("cod")
    work = _times(_reader(path, "cod"), repeats)
    floor = _times(_floor(path, "xml"), max(3, repeats))
    return {
        "median_ms": statistics.median(work),
        "worst_ms": max(work),
        "floor_ms": statistics.median(floor),
    }


def peak_rss_mb(kind: str, shape: str) -> tuple[float, float]:
    """(RSS before reading, peak RSS while reading) in MB of a fresh process that loads the
    kind's full pool and then reads the file (Linux /proc)."""
    return fresh_process_rss(
        deck_file(kind, shape), "from bench_deckfile_kinds import pool_for", f"pool_for({kind!r})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=list(KINDS))
    parser.add_argument(
        "--shapes", nargs="+", default=["repeat", "distinct"], choices=["repeat", "distinct"]
    )
    parser.add_argument("--no-rss", action="store_true", help="times only")
    args = parser.parse_args(argv)
    out = {}
    for kind in args.kinds:
        for shape in args.shapes:
            fig = figure(kind, shape, args.repeats)
            fig["x_floor"] = fig["median_ms"] / fig["floor_ms"]
            fig["mb_file"] = deck_file(kind, shape).stat().st_size / 2**20
            if not args.no_rss:
                before, peak = peak_rss_mb(kind, shape)
                fig.update(rss_before_mb=before, rss_peak_mb=peak, rss_reading_mb=peak - before)
            out[f"deckfile_{kind}_{shape}"] = {k: round(v, 2) for k, v in fig.items()}
            print(
                f"deckfile_{kind}_{shape}",
                json.dumps(out[f"deckfile_{kind}_{shape}"]),
                file=sys.stderr,
                flush=True,
            )
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
