"""Window figures of issue 17, on the full pool (../shared/data/mtg/cards.json.xz):

* `bench_edit_to_view(repeats)` — one deck edit in the real window until the view is updated:
  add, move, remove, undo and redo on a 100-card Commander deck (Thrasios/Tymna) over the
  29,521-card pool. Timed from the call (the way the deck pane's and catalog's actions call it)
  until the event loop has handled everything the edit posted (catalog re-filter and reset, deck
  pane, problem list, statistics, status bar, their layouts and repaints). Budget: median
  ≤ 16 ms, worst ≤ 33 ms.
* `bench_soak_rss(repeats)` — `soak_rss_mb`: a scripted 5,000-edit session (the same edit cycle)
  in a fresh process; resident memory (VmRSS) after it, and its growth over the last 2,000
  edits, and the edits' median, p95 and worst, wall clock and this thread's CPU time. Budget:
  ≤ 250 MB, growth < 5 %.
* `bench_peer_keystroke(repeats)` — the way a typical PySide app filters: a
  `QSortFilterProxyModel` over all cards whose Python `filterAcceptsRow` applies the same search
  and legality to each row, for the same keystrokes and deck as `keystroke_filter`; the figure
  is the peer's time, and `ours_ms` / `ratio` say how we compare (the peer is given our search
  result as a bitset, so it pays only the per-row Python calls: a generous peer).
* `bench_window_import(repeats)` — the window's card import (a worker thread, progress bar)
  against `deckeditor cards import` on the same MTGJSON file in fresh homes; `ratio` is
  window / command line, and `stall_ms` the longest the event loop went without answering
  while the window imported (a 10 ms timer ticks throughout).

Floors come from the same run (a bare Python loop over the same cards; a bare Python start),
since these machines are noisy.

    python bench/bench_window.py [--repeats N] [--only NAME...]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
for p in (str(REPO), str(REPO / "bench")):
    if p not in sys.path:
        sys.path.insert(0, p)

import deckeditor.games.registry  # noqa: E402, F401  # the games register with the engines

DECK = REPO / "resources" / "decks" / "thrasios-tymna.deck.json"
SOAK_EDITS = 5000
SOAK_TAIL = 2000


def _window():
    """(app, window) over the full pool with the 100-card deck open, warmed as run_gui does."""
    from bench.procenv import player_screen

    player_screen()
    from bench_db import full_database

    from deckeditor.carddb.store import open_pool
    from deckeditor.paths import AppPaths
    from deckeditor.ui.app import make_app, warm_up
    from deckeditor.ui.main_window import MainWindow

    app = make_app()
    pool = open_pool(full_database())
    scratch = Path(tempfile.mkdtemp(prefix="deckeditor-bench-window-"))
    window = MainWindow(AppPaths.resolve(scratch).ensure(), pools={"mtg": pool}, autosave=False)
    window.confirm_discard = lambda: True
    window.ask_colors = lambda *a, **k: None
    window.warn = lambda *a, **k: None
    window.open_path(str(DECK))
    if os.environ.get("BENCH_TAB") != "card":  # the statistics shown: it is redrawn on each edit
        show_tab(window, window.stats)
    window.show()
    app.processEvents()
    warm_up(window)
    app.processEvents()
    return app, window, pool


def show_tab(window, panel) -> None:
    """Bring up the tab `panel` sits in (the statistics are inside a scrolled holder, so
    `setCurrentWidget(panel)` would leave the Card tab on view), and check it is seen."""
    tabs = window.tabs
    index = next(i for i in range(tabs.count()) if tabs.widget(i).isAncestorOf(panel))
    tabs.setCurrentIndex(index)
    window.show()
    if not panel.isVisible():
        raise RuntimeError(f"{type(panel).__name__} is not on view")


def _candidates(window, count: int = 40) -> list[str]:
    """Cards the catalog shows as legal for the deck, not in it (what a player adds)."""
    session = window.session
    in_deck = {e.card for _, e in session.deck.entries(*session.sections)}
    rows = session.legal_rows("Main")
    names = []
    for row in sorted(rows or ())[::97]:
        name = session.pool[row].name
        if name not in in_deck:
            names.append(name)
        if len(names) == count:
            break
    return names


def _index_of(window, section: str, name: str) -> int:
    entries = window.session.deck.section(section).entries
    return next(i for i, e in enumerate(entries) if e.card == name)


def edit_cycle(window, name: str):
    """The edits of one round, as (label, action) pairs: add to Main, move to Sideboard,
    remove from Sideboard, undo (it is back), redo (removed again)."""
    session = window.session
    return [
        ("add", lambda: window.add_card(name, "Main")),
        ("move", lambda: session.move("Main", _index_of(window, "Main", name), "Sideboard")),
        ("remove", lambda: session.remove("Sideboard", _index_of(window, "Sideboard", name))),
        ("undo", session.undo),
        ("redo", session.redo),
    ]


def _settle(app) -> None:
    """Everything the edit posted: layouts, deferred deletes, update requests -> paints."""
    from PySide6.QtCore import QCoreApplication, QEvent

    app.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()


def bench_edit_to_view(repeats: int = 5) -> dict:
    from bench_db import floor_ms

    app, window, pool = _window()
    names = _candidates(window)
    times: dict[str, list[float]] = {}
    cpu: list[float] = []  # this thread's CPU time: the work without the machine's load
    rounds = max(1, repeats) * 4
    for r in range(rounds + 1):
        for label, action in edit_cycle(window, names[r % len(names)]):
            start, cpu0 = time.perf_counter(), time.thread_time()
            action()
            _settle(app)
            took = (time.perf_counter() - start) * 1000
            if r:  # the first round fills first-use caches: left out
                times.setdefault(label, []).append(took)
                cpu.append((time.thread_time() - cpu0) * 1000)
    every = [t for ts in times.values() for t in ts]
    result = {
        "median_ms": statistics.median(every),
        "worst_ms": max(every),
        "floor_ms": floor_ms(pool.cards, repeats),
        "edits": len(every),
        "cpu_median_ms": round(statistics.median(cpu), 3),
        "cpu_worst_ms": round(max(cpu), 3),
    }
    for label, ts in times.items():
        result[f"{label}_median_ms"] = round(statistics.median(ts), 2)
        result[f"{label}_worst_ms"] = round(max(ts), 2)
    window.close()
    return result


# --- the peer: a QSortFilterProxyModel with a Python filterAcceptsRow -----------------------------


def _peer_view(window):
    """(proxy, view, set_query): the typical PySide catalog over the same pool and deck."""
    from PySide6.QtCore import QSortFilterProxyModel
    from PySide6.QtWidgets import QTableView

    from deckeditor.search.bits import to_flags
    from deckeditor.ui.catalog_model import CatalogModel

    session = window.session
    pool = session.pool
    cards = pool.cards
    source = CatalogModel(pool)
    source.set_rows(list(range(len(cards))))
    searcher = window.catalog.searcher  # the same search engine, for the same results

    class Proxy(QSortFilterProxyModel):
        flags = bytes(len(cards))
        legal = staticmethod(lambda card: True)

        def filterAcceptsRow(self, row, parent):  # noqa: N802 - Qt's name
            return bool(self.flags[row]) and self.legal(cards[row])

    proxy = Proxy()
    proxy.setSourceModel(source)
    view = QTableView()
    view.setModel(proxy)
    view.resize(560, 700)
    view.show()

    def set_query(text: str) -> None:
        state = searcher.search(text)  # our index answers the search: a generous peer
        if state.error:
            return
        bits = state.bits
        Proxy.flags = (
            bytes(len(cards))
            if bits is None and state.text
            else (b"\x01" * len(cards) if bits is None else bytes(to_flags(bits, len(cards))))
        )
        Proxy.legal = staticmethod(session.predicate(window.target()))  # per card, as peers do
        proxy.invalidate()

    return proxy, view, set_query


def _keystrokes() -> list[str]:
    from bench_gui import QUERY
    from bench_search import QUERIES

    return [q[:i] for q in (QUERY, *QUERIES) for i in range(1, len(q) + 1)]


def bench_peer_keystroke(repeats: int = 1) -> dict:
    """The peer's keystroke, and ours over the same keystrokes in the same process and run."""
    from bench_db import floor_ms

    from deckeditor.search.searcher import _COMPILED

    app, window, pool = _window()
    _proxy, view, set_query = _peer_view(window)
    box = window.catalog.search_box
    ours_viewport = window.catalog.table.viewport()
    index = window.catalog.searcher._searcher.index
    ours: list[float] = []
    peer: list[float] = []
    for _ in range(max(1, repeats)):
        for phase in ("ours", "peer"):
            index._leaves.clear()  # typed afresh, both ways
            index.narrowing.clear()
            _COMPILED.clear()
            box.clear()
            app.processEvents()
            for text in _keystrokes():
                start = time.perf_counter()
                if phase == "ours":
                    box.setText(text)
                    ours_viewport.repaint()
                else:
                    set_query(text)
                    view.viewport().repaint()
                (ours if phase == "ours" else peer).append((time.perf_counter() - start) * 1000)
    result = {
        "median_ms": statistics.median(peer),
        "worst_ms": max(peer),
        "floor_ms": floor_ms(pool.cards, 3),
        "ours_median_ms": round(statistics.median(ours), 3),
        "ours_worst_ms": round(max(ours), 3),
        "ratio": round(statistics.median(peer) / statistics.median(ours), 1),
        "keystrokes": len(peer),
    }
    view.close()
    window.close()
    return result


# --- the window's card import against the command line's ---------------------------------------


def _cli_import(source: Path) -> float:
    home = Path(tempfile.mkdtemp(prefix="deckeditor-bench-cli-import-"))
    from bench.procenv import player_env, warm_bytecode

    warm_bytecode()
    env = player_env(PYTHONPATH=str(REPO))
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "deckeditor", "--home", str(home), "cards", "import", str(source)],
        env=env,
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    return (time.perf_counter() - start) * 1000


def _window_import(app, source: Path) -> tuple[float, float]:
    """(ms until the window shows the imported pool, longest event-loop stall in ms)."""
    from PySide6.QtCore import QTimer

    from deckeditor.paths import AppPaths
    from deckeditor.ui.main_window import MainWindow

    home = AppPaths.resolve(Path(tempfile.mkdtemp(prefix="deckeditor-bench-win-import-"))).ensure()
    window = MainWindow(home, autosave=False)
    window.confirm_discard = lambda: True
    window.warn = lambda title, text: print(f"{title}: {text}", file=sys.stderr)
    window.show()
    app.processEvents()
    done = {"at": None}
    ticks = [time.perf_counter()]
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    start = time.perf_counter()
    worker = window.import_cards([str(source)])
    for signal in (worker.finished, worker.failed, worker.cancelled):
        signal.connect(
            lambda *_: QTimer.singleShot(0, lambda: done.__setitem__("at", time.perf_counter()))
        )
    timer.start()
    while done["at"] is None:
        app.processEvents()
        time.sleep(0.001)
        if time.perf_counter() - start > 600:
            raise RuntimeError("the window's import did not finish in 10 minutes")
    timer.stop()
    took = (done["at"] - start) * 1000
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    window.close()
    return took, max(gaps, default=0.0) * 1000


def bench_window_import(repeats: int = 1) -> dict:
    from bench.procenv import player_screen

    player_screen()
    from bench_db import DATA

    from deckeditor.ui.app import make_app

    app = make_app()
    cli, win, stalls = [], [], []
    for _ in range(max(1, repeats)):
        cli.append(_cli_import(DATA))
        took, stall = _window_import(app, DATA)
        win.append(took)
        stalls.append(stall)
    floor = statistics.median(_bare_start() for _ in range(3))
    return {
        "median_ms": statistics.median(win),
        "worst_ms": max(win),
        "floor_ms": floor,
        "cli_median_ms": round(statistics.median(cli), 1),
        "ratio": round(statistics.median(win) / statistics.median(cli), 2),
        "stall_ms": round(max(stalls), 1),
    }


def _bare_start() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return (time.perf_counter() - start) * 1000


# --- soak ----------------------------------------------------------------------------------------


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def soak_child(edits: int = SOAK_EDITS) -> dict:
    """Runs in its own process: `edits` edits of the cycle, RSS sampled along the way."""
    app, window, _ = _window()
    names = _candidates(window)
    samples: dict[int, int] = {}
    done, r = 0, 0
    times, cpu = [], []  # wall clock; this thread's CPU time (the work without the load)
    start_all = time.perf_counter()
    while done < edits:
        for _label, action in edit_cycle(window, names[r % len(names)]):
            t0, c0 = time.perf_counter(), time.thread_time()
            action()
            _settle(app)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            done += 1
            if done in (250, edits - SOAK_TAIL, edits) or done % 500 == 0:
                samples[done] = _rss_kb()
            if done == edits:
                break
        r += 1
    window.close()
    return {
        "rss_kb": samples,
        "median_edit_ms": statistics.median(times),
        "p95_edit_ms": sorted(times)[int(len(times) * 0.95)],
        "worst_edit_ms": max(times),
        "cpu_median_edit_ms": statistics.median(cpu),
        "cpu_p95_edit_ms": sorted(cpu)[int(len(cpu) * 0.95)],
        "cpu_worst_edit_ms": max(cpu),
        "seconds": time.perf_counter() - start_all,
    }


def _current_database() -> None:
    """Open the full database once here, so a stale snapshot or stored search columns are
    rebuilt by this process, not by the measured one (a rebuild's peak would stay in its RSS)."""
    from bench_db import full_database

    from deckeditor.carddb.store import open_pool
    from deckeditor.search.index import index_for

    index_for(open_pool(full_database()))


def bench_soak_rss(repeats: int = 1, edits: int = SOAK_EDITS) -> dict:
    _current_database()
    from bench.procenv import player_env, player_screen, warm_bytecode

    warm_bytecode()
    env = player_env(PYTHONPATH=str(REPO), QT_QPA_PLATFORM=player_screen())
    proc = subprocess.run(
        [sys.executable, str(Path(__file__)), "--soak-child", str(edits)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
    )
    if proc.returncode:
        raise RuntimeError(
            proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "soak failed"
        )
    child = json.loads(proc.stdout.strip().splitlines()[-1])
    rss = {int(k): v for k, v in child["rss_kb"].items()}
    end, tail_start = rss[edits], rss[edits - SOAK_TAIL]
    return {
        "mb": end / 1024,
        "growth_pct": round((end - tail_start) * 100 / tail_start, 2),
        "rss_mb_at": {k: round(v / 1024, 1) for k, v in sorted(rss.items())},
        "median_edit_ms": round(child["median_edit_ms"], 2),
        "p95_edit_ms": round(child["p95_edit_ms"], 2),
        "worst_edit_ms": round(child["worst_edit_ms"], 2),
        "cpu_median_edit_ms": round(child["cpu_median_edit_ms"], 2),
        "cpu_p95_edit_ms": round(child["cpu_p95_edit_ms"], 2),
        "cpu_worst_edit_ms": round(child["cpu_worst_edit_ms"], 2),
        "seconds": round(child["seconds"], 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--soak-child", type=int, metavar="EDITS", help=argparse.SUPPRESS)
    parser.add_argument("--only", nargs="+", default=[])
    args = parser.parse_args(argv)
    if args.soak_child:
        print(json.dumps(soak_child(args.soak_child)))
        return 0
    figures = {
        "edit_to_view": bench_edit_to_view,
        "soak_rss_mb": bench_soak_rss,
        "peer_keystroke": bench_peer_keystroke,
        "window_import": bench_window_import,
    }
    for name, fn in figures.items():
        if args.only and name not in args.only:
            continue
        print(name, json.dumps(fn(args.repeats)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
