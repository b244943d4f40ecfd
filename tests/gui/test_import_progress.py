"""Importing cards in the window: the file is named, every phase is shown (reading, writing,
indexing), and Cancel — while reading or while writing — leaves the card database as it was."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from deckeditor.paths import AppPaths

pytestmark = pytest.mark.gui


def forge_folder(tmp_path: Path, name: str = "Zephyr Test Drake") -> Path:
    folder = tmp_path / "cardsfolder" / "z"
    folder.mkdir(parents=True)
    (folder / "card.txt").write_text(
        f"Name:{name}\nManaCost:2 U\nTypes:Creature Drake\nPT:2/2\nK:Flying\nOracle:Flying\n",
        encoding="utf-8",
    )
    return folder.parent


@pytest.fixture
def window(make_window):
    win = make_window()
    win.show()
    return win


def names_in_db(paths: AppPaths) -> set[str]:
    if not paths.card_db.exists():
        return set()
    conn = sqlite3.connect(paths.card_db)
    try:
        return {n for (n,) in conn.execute("SELECT name FROM cards")}
    finally:
        conn.close()


def test_every_phase_is_shown_with_the_file_named(window, qtbot, tmp_path):
    source = forge_folder(tmp_path)
    window.import_cards([str(source)])
    dialog = window.card_import.progress
    qtbot.waitUntil(lambda: "Imported" in window.last_message, timeout=60000)
    labels = dialog.labels
    assert any(label.startswith("Reading cardsfolder") for label in labels), labels
    phases = [
        next(p for p in ("Reading", "Writing", "Indexing") if label.startswith(p))
        for label in labels
    ]
    assert phases.index("Writing") > phases.index("Reading")
    assert phases[-1] == "Indexing"
    assert "cardsfolder" in next(label for label in labels if label.startswith("Writing"))
    assert not dialog.isVisible()
    assert "Zephyr Test Drake" in names_in_db(window.paths)


def test_cancel_while_writing_leaves_no_half_database(window, qtbot, tmp_path, monkeypatch):
    from deckeditor.carddb import store

    # a database with one earlier source
    store.import_sources(
        [str(forge_folder(tmp_path / "old", "Old Test Card"))], app_paths=window.paths
    )
    before = names_in_db(window.paths)
    # hold the write at its snapshot step until the player has pressed Cancel
    real = store.CardStore._write_snapshot
    reached = threading.Event()

    def held(self, conn, game, cards):
        reached.set()
        for _ in range(500):
            if window.card_import.worker._cancel.is_set():
                break
            threading.Event().wait(0.01)
        return real(self, conn, game, cards)

    monkeypatch.setattr(store.CardStore, "_write_snapshot", held)
    # the import in the window's own process (a frozen build's way; the child process of a
    # source install is stopped whole by Cancel, and SQLite rolls its open transaction back)
    monkeypatch.setattr("sys.frozen", True, raising=False)
    window.import_cards([str(forge_folder(tmp_path))])
    dialog = window.card_import.progress
    qtbot.waitUntil(lambda: reached.is_set() and dialog.phase == "writing", timeout=30000)
    assert dialog.labelText().startswith("Writing the card database")
    cancel = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel")
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "cancelled" in window.last_message, timeout=30000)
    assert names_in_db(window.paths) == before  # the write was rolled back whole
    assert window.session.pool.get("Zephyr Test Drake") is None
    assert store.info(window.paths)["sources"][0]["path"].endswith("cardsfolder")
    assert len(store.info(window.paths)["sources"]) == 1


def test_cancel_while_reading_writes_nothing(window, qtbot, tmp_path):
    window.import_cards([str(forge_folder(tmp_path))])
    window.card_import.progress.cancel()  # at once: the reader stops at its first progress report
    qtbot.waitUntil(
        lambda: "cancelled" in window.last_message or "Imported" in window.last_message,
        timeout=30000,
    )
    if "cancelled" in window.last_message:
        assert "Zephyr Test Drake" not in names_in_db(window.paths)


def test_a_stopped_write_is_rolled_back_whole(tmp_path):
    from deckeditor.carddb import store

    paths = AppPaths.resolve(tmp_path / "home").ensure()
    store.import_sources([str(forge_folder(tmp_path / "old", "Old Test Card"))], app_paths=paths)
    before = names_in_db(paths)
    with pytest.raises(store.ImportStopped):
        store.import_sources([str(forge_folder(tmp_path))], app_paths=paths, stop=lambda: True)
    assert names_in_db(paths) == before
    assert len(store.info(paths)["sources"]) == 1
    pool = store.open_pool(paths)
    assert pool.get("Old Test Card") is not None and pool.get("Zephyr Test Drake") is None
