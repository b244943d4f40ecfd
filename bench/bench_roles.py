"""Card roles and the template status (issue 27).

* `bench_roles_pool(repeats)`: every card of the full pool read for its roles, as the import
  does once (`games.mtg.roles.masks_for`); budget <= 2,000 ms. Floor: a bare loop that lower-cases
  every face's Oracle text.
* `bench_template_edit(repeats)`: after a deck edit, what the statistics panel shows (the game's
  statistics, then the categories counted against the Commander template, "Ramp 8/10"), on a
  real 100-card Commander precon; budget <= 16 ms (the edit budget). Floor: a pool lookup of each
  deck line.

    python bench/bench_roles.py [--repeats N]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from bench_rules import _figure, _precon, _timed, real_pool  # noqa: E402


def bench_roles_pool(repeats: int = 3) -> dict:
    from deckeditor.games.mtg import roles

    cards = real_pool().cards

    import statistics
    import time

    cpu = []

    def run(_):
        start = time.process_time()
        roles.masks_for(cards)
        cpu.append((time.process_time() - start) * 1000)

    def floor(_):
        for c in cards:
            for f in c.faces:
                (f.oracle_text or "").casefold()

    figure = _figure(_timed(run, max(1, repeats)), _timed(floor, max(1, repeats)))
    # the process's own time too: on a shared machine the wall clock waits for other work
    figure["cpu_median_ms"] = round(statistics.median(cpu), 3)
    return figure


def bench_template_edit(repeats: int = 30) -> dict:
    from deckeditor.format_catalog import load_format
    from deckeditor.games import categories
    from deckeditor.games.registry import game

    pool = real_pool()
    fmt = load_format("commander")
    mtg = game("mtg")
    deck = _precon(pool)
    deck = deck.with_template(mtg.default_template(fmt))
    spells = [c.name for c in pool.cards if "Instant" in c.faces[0].types][:300]
    mtg.statistics(deck, pool)
    categories.template_status(deck, mtg, fmt, pool)  # warm: the pool's role table
    decks = [deck.add_card("Main", spells[i % 300]) for i in range(repeats)]

    def run(i):
        mtg.statistics(decks[i], pool)
        categories.template_status(decks[i], mtg, fmt, pool)

    entries = [e for _, e in deck.entries()]

    def floor(_):
        for e in entries:
            pool.get(e.card)

    return _figure(_timed(run, repeats), _timed(floor, repeats))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args(argv)
    print(
        json.dumps(
            {
                "roles_pool": bench_roles_pool(min(args.repeats, 5)),
                "template_edit": bench_template_edit(args.repeats),
                "template_panel": bench_template_panel(args.repeats),
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def bench_template_panel(repeats: int = 200) -> dict:
    """The Statistics tab's template rows updated after an edit (one count changes), shown
    offscreen and repainted: `ui.template_panel.TemplatePanel.set_status`. Floor: the same
    statuses made (the Qt-free part alone)."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from deckeditor.games.categories import TargetStatus
    from deckeditor.ui.app import make_app
    from deckeditor.ui.template_panel import TemplatePanel

    make_app()
    panel = TemplatePanel()
    panel.show()
    names = ("Ramp", "Draw", "Removal", "Boardwipes", "Lands")
    targets = (10, 10, 10, 3, 37)
    queries = {n: f"otag:{n.lower()}" for n in names}

    def statuses(i):
        return [
            TargetStatus(n, (i + k) % 12, t, queries[n])
            for k, (n, t) in enumerate(zip(names, targets))
        ]

    from PySide6.QtWidgets import QApplication

    def run(i):
        panel.set_status(statuses(i), queries, True)
        QApplication.processEvents()  # the layout and paint the new texts post
        panel.repaint()

    def floor(i):
        statuses(i)

    run(0)
    return _figure(_timed(run, repeats), _timed(floor, repeats))
