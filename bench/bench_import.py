"""Card import benchmarks (`product.md`: forge_import, mtgjson_import; budget 10,000 ms each).

    python bench/bench_import.py [--repeats N]

Each figure is the median of N runs, beside a floor measured in the same run: a bare Python loop
over the same input (reading every script's lines; decompressing and json-decoding the MTGJSON
file and walking its entries), because these machines are noisy.
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import statistics
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"
FORGE_TAR = DATA / "forge" / "reeforge-2020-cardsfolder.tar.xz"
MTGJSON = DATA / "mtg" / "cards.json.xz"

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines


def _times(fn, repeats: int) -> list[float]:
    out = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def _figure(work: list[float], floor: list[float]) -> dict:
    return {
        "median_ms": round(statistics.median(work), 1),
        "worst_ms": round(max(work), 1),
        "floor_ms": round(statistics.median(floor), 1),
    }


_EXTRACTED: dict[str, Path] = {}


def forge_folder() -> Path:
    """The 18,294 scripts extracted once per process: a real cardsfolder on disk."""
    if "forge" not in _EXTRACTED:
        tmp = Path(tempfile.mkdtemp(prefix="deckeditor-bench-forge-"))
        atexit.register(shutil.rmtree, tmp, True)
        with tarfile.open(FORGE_TAR) as tf:
            tf.extractall(tmp, filter="data")
        _EXTRACTED["forge"] = tmp
    return _EXTRACTED["forge"]


def bench_forge_import(repeats: int = 3) -> dict:
    from deckeditor.games.mtg.forge_script import iter_script_bytes, load_forge

    folder = forge_folder()

    def work():
        cards, _issues = load_forge(folder)
        assert len(cards) >= 18000

    def floor():
        n = 0
        for _name, data, _total in iter_script_bytes(folder):
            for line in data.decode("utf-8", "replace").splitlines():
                n += len(line)
        assert n

    return _figure(_times(work, repeats), _times(floor, repeats))


def bench_mtgjson_import(repeats: int = 3) -> dict:
    import json

    from deckeditor.games.mtg.mtgjson import load_mtgjson, open_json_bytes

    def work():
        cards, _issues = load_mtgjson(MTGJSON)
        # 29,521 names, less the reversible and other same-Oracle printings folded into their
        # card (one Oracle card, one card)
        assert 29000 < len(cards) <= 29521

    def floor():
        data = json.loads(open_json_bytes(MTGJSON))["data"]
        n = 0
        for _name, faces in data.items():
            for face in faces:
                n += len(face)
        assert n

    return _figure(_times(work, repeats), _times(floor, repeats))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    for name, fn in (
        ("forge_import", bench_forge_import),
        ("mtgjson_import", bench_mtgjson_import),
    ):
        fig = fn(args.repeats)
        ratio = fig["median_ms"] / fig["floor_ms"] if fig["floor_ms"] else float("nan")
        print(
            f"{name:16} median {fig['median_ms']:8.1f} ms  worst {fig['worst_ms']:8.1f} ms  "
            f"floor {fig['floor_ms']:8.1f} ms  ratio {ratio:5.2f}  (budget 10000 ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
