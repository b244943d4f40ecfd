"""bench/run.py: figure discovery, "not available" figures, and the exact --json shape.

The real figures are benchmarks, not tests; here the runner is driven with stand-in figure
modules so its own behaviour is checked quickly.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

RUN = Path(__file__).resolve().parents[2] / "bench" / "run.py"


@pytest.fixture
def runner(monkeypatch):
    spec = importlib.util.spec_from_file_location("bench_run_under_test", RUN)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    # A fixed floor and stand-in figure modules; bench_gui/bench_import are "missing".
    monkeypatch.setattr(module, "floor_cards", lambda: list(range(10)))
    monkeypatch.setattr(module, "measure_floor", lambda cards, repeats: 2.0)
    search = types.ModuleType("bench_search")
    search.bench_keystroke_filter = lambda repeats: [5.0, 7.0, 6.0][:repeats]
    rules = types.ModuleType("bench_rules")
    rules.bench_predicate_renarrow = lambda repeats=3: {
        "median_ms": 9.0,
        "worst_ms": 12.0,
        "floor_ms": 3.0,
    }
    rules.bench_conformance_100 = lambda: 1.25
    db = types.ModuleType("bench_db")
    db.bench_db_load = lambda repeats: {
        "median_ms": 150.0,
        "worst_ms": 180.0,
        "floor_ms": 2.0,
        "cards": 30000,
    }
    gui = types.ModuleType("bench_gui")
    gui.bench_rss = lambda repeats: {"mb": 180.44}
    gui.bench_cold_start = lambda repeats: (_ for _ in ()).throw(RuntimeError("no display"))
    for name, mod in (
        ("bench_search", search),
        ("bench_rules", rules),
        ("bench_db", db),
        ("bench_gui", gui),
    ):
        monkeypatch.setitem(sys.modules, name, mod)
    for missing in ("bench_import", "bench_cli", "bench_window"):  # missing modules
        monkeypatch.setitem(sys.modules, missing, None)
    return module


def test_json_shape(runner, capsys):
    assert runner.main(["--json", "--repeats", "3"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data == {
        "keystroke_filter": {"median_ms": 6.0, "worst_ms": 7.0, "floor_ms": 2.0},
        "predicate_renarrow": {"median_ms": 9.0, "worst_ms": 12.0, "floor_ms": 3.0},
        "conformance_100": {"median_ms": 1.25, "worst_ms": 1.25, "floor_ms": 2.0},
        "db_load": {"median_ms": 150.0, "worst_ms": 180.0, "floor_ms": 2.0},
        "rss_mb": {"mb": 180.4},
    }
    # Missing or failing figures are named on stderr, not in the JSON.
    assert "forge_import: not available" in err
    assert "mtgjson_import: not available" in err
    assert "cold_start: not available: RuntimeError: no display" in err


def test_table_with_ratios(runner, capsys):
    assert runner.main(["--repeats", "3"]) == 0
    out = capsys.readouterr().out
    assert "keystroke_filter" in out and "3.0×" in out  # 6 ms over a 2 ms floor
    assert "rss_mb" in out and "180.4MB" in out
    assert "forge_import" in out and "not available" in out


def test_only_runs_the_named_figures(runner, capsys):
    assert runner.main(["--json", "--only", "conformance_100"]) == 0
    assert list(json.loads(capsys.readouterr().out)) == ["conformance_100"]
