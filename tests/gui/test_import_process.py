"""The window's card import runs in a child process (`carddb.import_process`, issue 17): its
JSON-lines protocol, its errors, and the worker that relays it to the window."""

from __future__ import annotations

import json
import subprocess

import pytest

from deckeditor.carddb import import_process
from deckeditor.carddb.store import CardStore
from deckeditor.paths import AppPaths
from deckeditor.ui import import_child


def forge_folder(tmp_path):
    folder = tmp_path / "cardsfolder" / "z"
    folder.mkdir(parents=True)
    for i in range(3):
        (folder / f"test_drake_{i}.txt").write_text(
            f"Name:Test Drake {i}\nManaCost:2 U\nTypes:Creature Drake\nPT:2/2\nK:Flying\n"
            "Oracle:Flying\n",
            encoding="utf-8",
        )
    return folder.parent


def run_child(args):
    proc = subprocess.run(
        import_child.command(*args),
        capture_output=True,
        text=True,
        env=import_child.child_env(),
        timeout=120,
    )
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()], proc.stderr


def test_the_child_imports_and_reports_progress_then_summaries(tmp_path):
    pytest.importorskip("deckeditor.carddb.sources")
    db = AppPaths.resolve(tmp_path / "home").card_db
    code, docs, err = run_child((str(db), [str(forge_folder(tmp_path))]))
    assert code == 0, err
    assert all("progress" in d or "phase" in d for d in docs[:-1])
    phases = [d["phase"][0] for d in docs if "phase" in d]  # the window names each phase
    assert phases == ["reading", "writing"]
    (summary,) = docs[-1]["done"]
    assert summary["cards"] == 3 and summary["game"] == "mtg"
    assert import_process.summary_from(summary).cards == 3
    with CardStore(db) as store:
        assert {c.name for c in store.load_cards("mtg")} == {f"Test Drake {i}" for i in range(3)}


def test_a_bad_source_is_one_error_line_and_nothing_written(tmp_path):
    db = AppPaths.resolve(tmp_path / "home").card_db
    code, docs, _ = run_child((str(db), [str(tmp_path / "missing.json")]))
    assert code == 1
    assert list(docs[-1]) == ["error"] and "missing.json" in docs[-1]["error"]
    assert not db.exists() or not CardStore(db).exists or CardStore(db).counts() == {}


def test_progress_is_throttled(monkeypatch, capsys, tmp_path):
    """A report per card would flood the window: at most one line per 50 ms, plus the last."""
    from deckeditor.carddb import store

    def fake_import(sources, progress, app_paths, **hooks):
        for i in range(1, 10_001):
            progress(i, 10_000)
        return []

    monkeypatch.setattr(store, "import_sources", fake_import)
    assert import_process.main([str(tmp_path / "db"), "src"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    progress = [d["progress"] for d in lines if "progress" in d]
    assert 1 <= len(progress) < 200 and progress[-1] == [10_000, 10_000, ""]
    assert lines[-1] == {"done": []}


def test_the_worker_relays_a_failure(qtbot, tmp_path):
    from deckeditor.ui.workers import ImportWorker

    worker = ImportWorker([str(tmp_path / "missing.json")], AppPaths.resolve(tmp_path / "home"))
    with qtbot.waitSignal(worker.failed, timeout=60000) as blocker:
        worker.run()
    assert "missing.json" in blocker.args[0] and "Traceback" not in blocker.args[0]


def test_the_window_takes_the_pool_its_worker_loaded(qtbot, tmp_path):
    """After the child's import the worker loads the new pool, so the window only swaps it in
    (no freeze for the load at the end of an import)."""
    pytest.importorskip("deckeditor.carddb.sources")
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow

    make_app()
    win = MainWindow(AppPaths.resolve(tmp_path / "home").ensure(), autosave=False)
    qtbot.addWidget(win)
    worker = win.import_cards([str(forge_folder(tmp_path))])
    with qtbot.waitSignal(win.card_import.worker_thread.finished, timeout=60000):
        pass
    qtbot.waitUntil(lambda: "Imported" in win.last_message, timeout=10000)
    assert win.session.pool is worker.loaded["mtg"]
    assert win.session.pool.get("Test Drake 1") is not None
