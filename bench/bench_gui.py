"""GUI figures of product.md, on the full pool (../shared/data/mtg/cards.json.xz):

* `bench_keystroke_filter_gui(repeats)` — product.md's `keystroke_filter`: one keystroke in the
  catalog search box until the view is updated (search, legality, model reset, synchronous
  repaint of the table) over ~30,000 cards, with a Thrasios/Tymna deck open so the legality
  predicate is real. The queries of bench_search.py are typed one character at a time, each
  repeat with the search's leaf caches emptied (typed afresh, as bench_search does). Also the
  main thread's CPU time per keystroke (`cpu_median_ms`, `cpu_worst_ms`): on a shared machine
  the wall-clock worst is mostly time the scheduler gave to other processes.
* `bench_cold_start(repeats)` — spawning `deckeditor --screenshot` with a prepared DECKEDITOR_HOME
  (the full card database) until the window is interactive: painted for the first time, the
  after-paint work started as in a normal start, and the event loop free to answer input.
* `bench_rss(repeats)` — peak resident memory of that process ({"mb": …}).

Each returns its floor from the same run (a bare Python loop over the same cards; a bare
interpreter start; a bare PySide6 import), since these machines are noisy.

    python bench/bench_gui.py [--repeats N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines

QUERY = "t:instant o:draw mv<=3"
PAINT_ENV = "DECKEDITOR_REPORT_PAINT"


def _home():
    from bench.bench_db import full_database

    return full_database()


DECK_LEAD = "Thrasios, Triton Hero"


def pictures_folder() -> Path:
    """A Forge-layout pictures folder with a picture of the deck's lead (drawn here: no card art
    is downloaded), so the window shows a picture with no network."""
    from PySide6.QtGui import QColor, QImage

    folder = Path(tempfile.mkdtemp(prefix="deckeditor-bench-pics-")) / "cards"
    folder.mkdir(parents=True)
    image = QImage(488, 680, QImage.Format.Format_RGB32)
    image.fill(QColor("#3f8f5a"))
    image.save(str(folder / f"{DECK_LEAD}.full.jpg"), "JPG")
    return folder


def pictures_home(home) -> Path:
    """A scratch home on the bench database (linked, not copied) whose settings show pictures:
    the pictures folder above, downloads on (as a new user has them)."""
    root = Path(tempfile.mkdtemp(prefix="deckeditor-bench-home-"))
    (root / "cache").mkdir()
    (root / "cache" / home.card_db.name).symlink_to(home.card_db)
    (root / "config").mkdir()
    settings = {"pictures_folder": str(pictures_folder()), "image_downloads": True}
    (root / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return root


def _summary(times: list[float], floor: list[float]) -> dict:
    return {
        "median_ms": round(statistics.median(times) * 1000, 3),
        "worst_ms": round(max(times) * 1000, 3),
        "floor_ms": round(statistics.median(floor) * 1000, 3),
    }


# --- keystroke ----------------------------------------------------------------------------------


def bench_keystroke_filter_gui(repeats: int = 5) -> dict:
    from bench.procenv import player_screen

    player_screen()
    from deckeditor.carddb.store import open_pool
    from deckeditor.paths import resources_dir
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow

    app = make_app()
    paths = _home()
    pool = open_pool(paths)
    scratch = Path(tempfile.mkdtemp(prefix="deckeditor-bench-gui-"))
    from deckeditor.paths import AppPaths
    from deckeditor.ui.settings import Settings

    # card pictures on: the lead's picture shown from a pictures folder, downloads allowed
    settings = Settings(pictures_folder=str(pictures_folder()), image_downloads=True)
    window = MainWindow(
        AppPaths.resolve(scratch).ensure(), pools={"mtg": pool}, settings=settings, autosave=False
    )
    window.confirm_discard = lambda: True
    deck = (
        resources_dir() / "decks" / "thrasios-tymna.deck.json"
    )  # both commanders are in the full pool
    if deck.exists():
        window.open_path(str(deck))
    window.show()
    app.processEvents()
    assert window.card_view.picture.has_picture(), "the lead's picture should be on view"
    from deckeditor.ui.app import warm_up

    warm_up(window)  # as run_gui does right after the first paint: search index, heap
    from bench.bench_search import QUERIES
    from deckeditor.search.searcher import _COMPILED

    box = window.catalog.search_box
    viewport = window.catalog.table.viewport()
    index = window.catalog.searcher._searcher.index
    times: list[float] = []
    cpu_times: list[float] = []  # this thread's CPU time: the work without the machine's load
    for _ in range(repeats):
        index._leaves.clear()  # typed afresh: no cached leaf from the last round
        index.narrowing.clear()
        _COMPILED.clear()
        for query in (QUERY, *QUERIES):
            box.clear()
            app.processEvents()
            for i in range(1, len(query) + 1):
                start, cpu = time.perf_counter(), time.thread_time()
                box.setText(query[:i])  # textChanged -> search -> rows -> model reset
                viewport.repaint()  # the view updated, synchronously
                times.append(time.perf_counter() - start)
                cpu_times.append(time.thread_time() - cpu)
    cards = pool.cards
    floor = []
    for _ in range(repeats * 3):
        start = time.perf_counter()
        sum(1 for c in cards if "draw" in c.name)
        floor.append(time.perf_counter() - start)
    result = _summary(times, floor)
    result["cards"] = len(cards)
    result["cpu_median_ms"] = round(statistics.median(cpu_times) * 1000, 3)
    result["cpu_worst_ms"] = round(max(cpu_times) * 1000, 3)
    window.close()
    return result


# --- a spawned window ---------------------------------------------------------------------------


def _spawn_window(home: Path, shot: Path, deck: Path | None = None) -> tuple[float, float, int]:
    """(seconds until the window is interactive, seconds until exit, peak RSS KiB the window
    reported once its search index is built)."""
    from bench.procenv import player_env, player_screen, warm_bytecode

    warm_bytecode()
    env = player_env(DECKEDITOR_HOME=str(home), QT_QPA_PLATFORM=player_screen())
    env[PAINT_ENV] = "1"
    start = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "deckeditor",
            "--screenshot",
            str(shot),
            *([str(deck)] if deck else []),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=REPO,
    )
    painted, ready, rss = None, None, 0
    cpu = None
    for line in proc.stdout:
        if line.startswith("painted") and painted is None:
            painted = time.perf_counter() - start
        elif line.startswith("interactive") and ready is None:
            ready = time.perf_counter() - start
            words = line.split()
            cpu = float(words[1]) / 1000 if len(words) > 1 else None
        elif line.startswith("rss "):
            rss = int(line.split()[1])
    proc.wait()
    total = time.perf_counter() - start
    if ready is None:  # a program that does not say: its first paint
        ready = painted if painted is not None else total
    _spawn_window.last_cpu = cpu  # the child's CPU seconds until interactive, when it said
    return ready, total, rss


def _children_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _cold_start(root: Path, repeats: int, deck: Path | None = None) -> dict:
    shot = Path(tempfile.mkdtemp(prefix="deckeditor-shot-")) / "shot.png"
    _spawn_window(
        root, shot, deck
    )  # not measured: brings a stale snapshot or stored columns up to date
    times, cpu = [], []
    for _ in range(repeats):
        times.append(_spawn_window(root, shot, deck)[0])
        if getattr(_spawn_window, "last_cpu", None) is not None:
            cpu.append(_spawn_window.last_cpu)
    floor, floor_cpu = [], []
    for _ in range(repeats):
        start, used = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        floor.append(time.perf_counter() - start)
        floor_cpu.append(_children_cpu() - used)
    result = _summary(times, floor)
    if cpu:  # the process's CPU time to interactive: start-up without the machine's load
        result["cpu_median_ms"] = round(statistics.median(cpu) * 1000, 1)
        result["cpu_worst_ms"] = round(max(cpu) * 1000, 1)
        result["floor_cpu_ms"] = round(statistics.median(floor_cpu) * 1000, 1)
    return result


def bench_cold_start(repeats: int = 5) -> dict:
    return _cold_start(_home().data.parent, repeats)


def bench_cold_start_pictures(repeats: int = 5) -> dict:
    """cold_start with card pictures on: the deck opened at start, its lead's picture loaded
    from a pictures folder before the first paint (downloads allowed)."""
    from deckeditor.paths import resources_dir

    return _cold_start(
        pictures_home(_home()), repeats, resources_dir() / "decks" / "thrasios-tymna.deck.json"
    )


_FLOOR_RSS = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication(sys.argv)
w = QLabel("floor"); w.show(); app.processEvents()
print([int(l.split()[1]) for l in Path("/proc/self/status").read_text().splitlines() if l.startswith("VmHWM:")][0])
"""


def bench_rss(repeats: int = 1) -> dict:
    """Peak RSS (VmHWM) the window reports once shown with the full pool and its search index
    loaded; the floor is a bare QApplication showing one label."""
    root = _home().data.parent
    shot = Path(tempfile.mkdtemp(prefix="deckeditor-shot-")) / "shot.png"
    values = [_spawn_window(root, shot)[2] for _ in range(max(1, repeats))]
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    floor = subprocess.run(
        [sys.executable, "-c", _FLOOR_RSS], capture_output=True, text=True, env=env, check=True
    )
    return {
        "mb": round(statistics.median(values) / 1024, 1),
        "floor_mb": round(int(floor.stdout.strip().splitlines()[-1]) / 1024, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = {
        "keystroke_filter_gui": bench_keystroke_filter_gui(args.repeats),
        "cold_start": bench_cold_start(args.repeats),
        "cold_start_pictures": bench_cold_start_pictures(args.repeats),
        "rss_mb": bench_rss(1),
    }
    if args.json:
        print(json.dumps(results))
    else:
        for name, value in results.items():
            print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
