"""A damaged card database (issue 16 point 7) is found on open, kept aside, rebuilt from its
recorded sources and said in the window and on the command line; `cards rebuild` does it on
demand; `--home` naming a file is one clear line (point 9)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from deckeditor.carddb import repair
from deckeditor.cli import main
from deckeditor.paths import AppPaths


def _forge_folder(root: Path, names=("Zephyr Test Drake", "Quiet Test Owl")) -> Path:
    folder = root / "cardsfolder"
    folder.mkdir(parents=True)
    for name in names:
        (folder / f"{name.lower().replace(' ', '_')}.txt").write_text(
            f"Name:{name}\nManaCost:2 U\nTypes:Creature Bird\nPT:2/2\nK:Flying\nOracle:Flying\n",
            encoding="utf-8",
        )
    return folder


@pytest.fixture
def imported(tmp_path, capsys):
    """A home whose database holds one Forge folder (2 cards)."""
    home = tmp_path / "home"
    folder = _forge_folder(tmp_path)
    assert main(["--home", str(home), "cards", "import", str(folder)]) == 0
    capsys.readouterr()
    repair.take_reports()
    return home, folder, AppPaths.resolve(home).card_db


def _info(capsys, home) -> tuple[int, dict, str]:
    code = main(["--home", str(home), "cards", "info", "--json"])
    out = capsys.readouterr()
    return code, json.loads(out.out) if out.out.strip() else {}, out.err


def _damage_pages(db: Path) -> None:
    """Overwrite every page after the first with noise: the header still says SQLite."""
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for at in range(page, len(data), 7):
        data[at] = (at * 131) % 251
    db.write_bytes(bytes(data))


DAMAGES = {
    "garbage": lambda db: db.write_bytes(b"this is not a database at all\n" * 300),
    "truncated": lambda db: db.write_bytes(db.read_bytes()[: os.path.getsize(db) // 3]),
    "empty": lambda db: db.write_bytes(b""),
    "damaged pages": _damage_pages,
}


@pytest.mark.parametrize("how", list(DAMAGES))
def test_a_damaged_database_is_kept_aside_rebuilt_and_said(imported, capsys, how):
    home, folder, db = imported
    DAMAGES[how](db)
    damaged = db.read_bytes()
    code, info, err = _info(capsys, home)
    assert code == 0 and "Traceback" not in err
    assert info["games"]["mtg"]["cards"] == 2  # rebuilt from the folder, not emptied
    assert [s["path"] for s in info["sources"]] == [str(folder)]
    assert "was damaged" in err and "rebuilt from 1 source(s), 2 cards" in err
    kept = [p for p in db.parent.iterdir() if p.name.startswith("cards.sqlite3.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged and kept[0].name in err
    assert repair.take_reports()  # the window is told too


def test_search_on_damaged_pages_is_no_traceback(imported, capsys):
    home, _, db = imported
    _damage_pages(db)
    code = main(["--home", str(home), "cards", "search", "t:bird"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Zephyr Test Drake" in out.out and "was damaged" in out.err


def test_sources_gone_are_named_and_the_starter_pool_is_used(imported, capsys):
    home, folder, db = imported
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    DAMAGES["garbage"](db)
    code, info, err = _info(capsys, home)
    assert code == 0 and info["sources"] == []
    assert f"not rebuilt: {folder}" in err
    assert any(p.name.startswith("cards.sqlite3.damaged-") for p in db.parent.iterdir())


def test_damage_found_after_the_open_check_repairs_too(imported, capsys):
    """The open check is skipped for a file already checked and unchanged since; a malformed
    page met by a query then repairs instead of a traceback."""
    home, _, db = imported
    assert repair.damage(db) is None  # stamped as checked
    stat = os.stat(db)
    _damage_pages(db)
    os.utime(db, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size, mtime, inode
    assert repair.damage(db) is None  # the cheap check trusts the stamp
    code, info, err = _info(capsys, home)
    assert code == 0 and info["games"]["mtg"]["cards"] == 2 and "was damaged" in err


def test_the_open_check_runs_once_per_change(imported, monkeypatch):
    _, _, db = imported
    calls = []
    real = repair.quick_check
    monkeypatch.setattr(repair, "quick_check", lambda p: calls.append(p) or real(p))
    db.with_name(db.name + ".checked").unlink()
    for _ in range(3):
        assert repair.damage(db) is None
    assert len(calls) == 1


def test_the_window_says_what_was_rebuilt(imported, qtbot):
    from deckeditor.ui.app import make_app, tell_repairs
    from deckeditor.ui.main_window import MainWindow

    home, _, db = imported
    DAMAGES["truncated"](db)
    make_app()
    window = MainWindow(AppPaths.resolve(home), autosave=False)
    qtbot.addWidget(window)
    told = []
    window.warn = lambda title, text: told.append((title, text))
    tell_repairs(window)
    assert len(told) == 1 and "was damaged" in told[0][1] and "2 cards" in told[0][1]
    assert "Zephyr Test Drake" in {c.name for c in window.session.pool.cards}


def test_cards_rebuild_on_demand(imported, capsys):
    home, folder, db = imported
    assert main(["--home", str(home), "cards", "rebuild"]) == 0
    out = capsys.readouterr().out
    assert f"{folder}: 2 cards" in out and "previous database kept as" in out
    assert any(p.name.startswith("cards.sqlite3.before-rebuild-") for p in db.parent.iterdir())
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM cards").fetchone()[0] == 2
    (folder / "quiet_test_owl.txt").unlink()
    (folder / "zephyr_test_drake.txt").unlink()
    folder.rmdir()
    assert main(["--home", str(home), "cards", "rebuild"]) == 0  # kept from the previous file
    assert f"{folder}: no longer on disk; its 2 cards were kept" in capsys.readouterr().err


def test_sources_are_recorded_beside_the_database(imported):
    _, folder, db = imported
    assert json.loads(db.with_name(db.name + ".sources.json").read_text()) == [str(folder)]


# --- --home naming a file ---------------------------------------------------------------------


@pytest.mark.parametrize("args", [["cards", "info"], ["check", "x.txt"], ["convert", "a", "b.txt"]])
def test_home_that_is_a_file_is_one_line_on_the_command_line(tmp_path, capsys, args):
    afile = tmp_path / "afile"
    afile.write_text("x")
    for home in (afile, afile / "below"):
        assert main(["--home", str(home), *args]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not a folder" in err and "Traceback" not in err


def test_home_from_the_environment_that_is_a_file(tmp_path, capsys, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("x")
    monkeypatch.setenv("DECKEDITOR_HOME", str(afile))
    assert main(["cards", "info"]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_home_that_is_a_file_is_a_dialog_in_the_window(tmp_path, qtbot, monkeypatch, capsys):
    from PySide6.QtWidgets import QMessageBox

    from deckeditor.ui import app

    afile = tmp_path / "afile"
    afile.write_text("x")
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    assert app.run_gui(home=str(afile)) == 2
    assert len(shown) == 1 and "not a folder" in shown[0]
    assert app.run_gui(home=str(afile), screenshot=str(tmp_path / "x.png")) == 2
    assert "not a folder" in capsys.readouterr().err


def test_cards_import_on_a_damaged_database_repairs_then_imports(imported, capsys, tmp_path):
    home, folder, db = imported
    _damage_pages(db)
    more = _forge_folder(tmp_path / "more", names=("Later Test Crab",))
    assert main(["--home", str(home), "cards", "import", str(more)]) == 0
    err = capsys.readouterr().err
    assert "was damaged" in err and "Traceback" not in err
    _code, info, _ = _info(capsys, home)
    assert info["games"]["mtg"]["cards"] == 3
    assert [s["path"] for s in info["sources"]] == [str(folder), str(more)]


def test_cards_rebuild_on_a_fresh_home_says_nothing_is_recorded(tmp_path, capsys):
    """Once: `cannot write …/cards.sqlite3: unable to open database file`, exit 2."""
    home = tmp_path / "fresh"
    assert main(["--home", str(home), "cards", "rebuild"]) == 0
    out = capsys.readouterr()
    assert "no card sources recorded" in out.out and out.err == ""


def _damage_some_pages(db: Path) -> None:
    """A few bytes of noise in the middle of some pages (a bad sector, not a wiped file)."""
    data = bytearray(db.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for at in range(page + 8, len(data), page * 2):
        data[at : at + 40] = bytes((at + i) * 37 % 256 for i in range(40))
    db.write_bytes(bytes(data))


def test_page_damage_is_said_on_one_line(tmp_path, capsys):
    """SQLite's integrity report runs over several lines ("*** in database main ***", one line
    a page); the message keeps each of its lines one line."""
    home = tmp_path / "home"
    folder = _forge_folder(tmp_path, names=[f"Test Card {i}" for i in range(400)])
    assert main(["--home", str(home), "cards", "import", str(folder)]) == 0
    db = AppPaths.resolve(home).card_db
    _damage_some_pages(db)
    capsys.readouterr()
    problem = repair.damage(db)
    assert problem and "\n" not in problem and "***" not in problem
    assert main(["--home", str(home), "cards", "info"]) == 0
    err = capsys.readouterr().err
    assert all(line.startswith("deckeditor: ") for line in err.strip().splitlines()), err


def _refuse_set_aside(monkeypatch):
    """A cache folder the user may not write (as root, whom permissions do not stop, by hand)."""
    real = os.replace

    def refused(src, dst):
        if ".damaged-" in str(dst) or ".before-rebuild-" in str(dst):
            raise PermissionError(13, "Permission denied", str(src), None, str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", refused)


def test_a_damaged_database_that_cannot_be_set_aside_is_one_line(imported, capsys, monkeypatch):
    """Before: `cards info` ended in a PermissionError traceback; other commands quoted it."""
    home, _, db = imported
    DAMAGES["garbage"](db)
    _refuse_set_aside(monkeypatch)
    for args in (["cards", "info"], ["cards", "search", "t:bird"], ["cards", "rebuild"]):
        code = main(["--home", str(home), *args])
        err = capsys.readouterr().err
        assert code == 2 and "Traceback" not in err, err
        assert len(err.strip().splitlines()) == 1, err
        assert f"the card database {db}" in err and "cannot be set aside" in err
        assert args[1] == "rebuild" or "is damaged" in err
        assert "Errno" not in err


def test_the_window_says_it_could_not_use_a_damaged_database(imported, qtbot, monkeypatch):
    """Before: the window silently opened on an empty pool."""
    from deckeditor.ui.app import make_app, tell_repairs
    from deckeditor.ui.main_window import MainWindow

    home, _, db = imported
    DAMAGES["garbage"](db)
    _refuse_set_aside(monkeypatch)
    make_app()
    window = MainWindow(AppPaths.resolve(home), autosave=False)
    qtbot.addWidget(window)
    told = []
    window.warn = lambda title, text: told.append(text)
    tell_repairs(window)
    assert len(told) == 1 and "cannot be set aside" in told[0] and "starter pool" in told[0]
    assert len(window.session.pool.cards) > 100  # the starter pool, not an empty one


def test_a_pool_loaded_later_that_cannot_be_read_is_told(tmp_path, qtbot, monkeypatch):
    """Opening another game's deck loads its pool then; a failure there is said too."""
    from deckeditor.carddb import store
    from deckeditor.paths import resources_dir
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow

    make_app()
    window = MainWindow(AppPaths.resolve(tmp_path / "home").ensure(), autosave=False)
    qtbot.addWidget(window)
    told = []
    window.warn = lambda title, text: told.append((title, text))
    window.show()
    real = store.open_pool

    def failing(paths=None, extra_sources=(), game="mtg", progress=None):
        if game != "mtg":
            raise OSError(5, "Input/output error")
        return real(paths, extra_sources, game, progress)

    monkeypatch.setattr(store, "open_pool", failing)
    assert window.open_path(str(resources_dir() / "decks" / "riftbound-sample.deck.json"))
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert told[0][0] == "Card database not read" and "starter pool" in told[0][1]
    assert len(window.session.pool.cards) > 0


def test_cards_rebuild_keeps_the_cards_of_a_source_no_longer_on_disk(imported, capsys, tmp_path):
    """An asked-for rebuild of a sound database re-reads what is on disk; a source that is gone
    keeps its cards from the previous database (before: they vanished from the pool)."""
    home, folder, db = imported
    other = _forge_folder(tmp_path / "second", names=("Later Test Heron",))
    assert main(["--home", str(home), "cards", "import", str(other)]) == 0
    for script in folder.iterdir():
        script.unlink()
    folder.rmdir()
    capsys.readouterr()
    assert main(["--home", str(home), "cards", "rebuild"]) == 0
    out = capsys.readouterr()
    assert (
        f"{folder}: no longer on disk; its 2 cards were kept from the previous database" in out.err
    )
    assert f"{other}: 1 cards" in out.out
    with sqlite3.connect(db) as conn:
        names = {n for (n,) in conn.execute("SELECT name FROM cards")}
        order = [p for (p,) in conn.execute("SELECT path FROM sources ORDER BY id")]
    assert names == {"Zephyr Test Drake", "Quiet Test Owl", "Later Test Heron"}
    assert order == [str(folder), str(other)]  # import order kept: a later source still wins
    code, data, _ = _info(capsys, home)
    assert code == 0 and {s["path"] for s in data["sources"]} == {str(folder), str(other)}
