"""Every file the program keeps is untrusted input (issue 26 point 4): the card database, its
check stamp and its list of sources, the settings and window-state files, the autosave folder and
its records. Each is garbled three ways (other bytes, JSON of the wrong types, a folder in its
place) and the command line and the window are run on it: no traceback, nothing silently
ignored; the file is set aside as `<name>.damaged-<time>` with its content, made again, and one
line says so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckeditor.carddb import repair
from deckeditor.cli import main
from deckeditor.paths import AppPaths
from tests.gui.test_carddb_repair import _forge_folder

GARBLES = {
    "bytes": lambda path: path.write_bytes(b"\xff\xfe\x00garbage\x80\x81\n"),
    "wrong JSON types": lambda path: path.write_text('[1, {"a": 2}, null]', encoding="utf-8"),
    "a folder": lambda path: (path.mkdir(), (path / "inside").write_text("x")),
}


def garble(path: Path, how: str) -> bytes | None:
    """Garble `path` (removing what is there); the bytes written (None for a folder)."""
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
    GARBLES[how](path)
    return None if path.is_dir() else path.read_bytes()


def set_aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


def assert_set_aside(path: Path, garbled: bytes | None, err: str, what: str) -> None:
    (kept,) = set_aside(path)
    if garbled is None:
        assert kept.is_dir() and (kept / "inside").read_text() == "x"
    else:
        assert kept.read_bytes() == garbled
    lines = [line for line in err.splitlines() if kept.name in line]
    assert len(lines) == 1 and lines[0].startswith(f"deckeditor: {what} {path} could not be used")
    assert "Traceback" not in err


@pytest.fixture
def imported(tmp_path, capsys):
    home = tmp_path / "home"
    folder = _forge_folder(tmp_path)
    assert main(["--home", str(home), "cards", "import", str(folder)]) == 0
    assert main(["--home", str(home), "cards", "info"]) == 0  # the check stamp is written
    capsys.readouterr()
    repair.take_reports()
    return home, folder, AppPaths.resolve(home).card_db


def info(capsys, home):
    code = main(["--home", str(home), "cards", "info", "--json"])
    out = capsys.readouterr()
    return code, json.loads(out.out), out.err


SIDE_FILES = {
    "check stamp": (".checked", "the card database's check stamp"),
    "list of sources": (".sources.json", "the card database's list of sources"),
}


@pytest.mark.parametrize("side", list(SIDE_FILES))
@pytest.mark.parametrize("how", list(GARBLES))
def test_a_garbled_side_file_of_the_card_database_is_set_aside_and_made_again(
    imported, capsys, side, how
):
    home, folder, db = imported
    suffix, what = SIDE_FILES[side]
    path = db.with_name(db.name + suffix)
    garbled = garble(path, how)
    code, got, err = info(capsys, home)
    assert code == 0 and got["games"]["mtg"]["cards"] == 2
    assert_set_aside(path, garbled, err, what)
    assert path.is_file()  # made again, and sound: the next run says nothing
    if side == "list of sources":
        assert json.loads(path.read_text(encoding="utf-8")) == [str(folder)]
    assert info(capsys, home)[2] == ""
    assert any(what in report.text().lower() for report in repair.take_reports())  # window too


def test_a_garbled_list_of_sources_still_rebuilds_a_damaged_database(imported, capsys):
    """Both damaged: the sources come from what the damaged database still says."""
    home, _folder, db = imported
    garble(db.with_name(db.name + ".sources.json"), "wrong JSON types")
    db.write_bytes(db.read_bytes()[:-1024])  # truncated
    code, _got, err = info(capsys, home)
    assert code == 0 and "Traceback" not in err
    assert "list of sources" in err and "was damaged" in err


@pytest.mark.parametrize("how", ["a folder", "wrong JSON types"])
def test_something_else_where_the_database_should_be_is_set_aside_and_rebuilt(
    imported, capsys, how
):
    """A folder (before: silently the starter pool) or a JSON file in the database's place."""
    home, _folder, db = imported
    garble(db, how)
    code, got, err = info(capsys, home)
    assert code == 0 and got["games"]["mtg"]["cards"] == 2  # rebuilt from the recorded source
    (kept,) = set_aside(db)
    assert f"the card database {db} was damaged" in err and str(kept) in err
    assert "rebuilt from 1 source(s), 2 cards" in err and "Traceback" not in err


def test_check_reads_its_deck_over_a_garbled_stamp_and_a_folder_database(
    imported, capsys, tmp_path
):
    home, _, db = imported
    garble(db.with_name(db.name + ".checked"), "bytes")
    deck = tmp_path / "d.txt"
    deck.write_text("1 Zephyr Test Drake\n", encoding="utf-8")
    assert main(["--home", str(home), "check", str(deck), "--format", "vintage"]) in (0, 1)
    err = capsys.readouterr().err
    assert "check stamp" in err and "Traceback" not in err
    garble(db, "a folder")
    assert main(["--home", str(home), "check", str(deck), "--format", "vintage"]) in (0, 1)
    out = capsys.readouterr()
    assert "UNKNOWN_CARD" not in out.out and "was damaged (a folder is in its place)" in out.err


# --- the window's files ---------------------------------------------------------------------------


def window_on(qtbot, home: Path):
    from deckeditor.ui.app import make_app, tell_repairs
    from deckeditor.ui.main_window import MainWindow

    make_app()
    paths = AppPaths.resolve(home).ensure(settings_optional=True)
    window = MainWindow(paths, autosave=False)
    window.warnings = []
    window.warn = lambda title, text: window.warnings.append((title, text))
    window.confirm_discard = lambda: True
    qtbot.addWidget(window)
    tell_repairs(window)  # what the window says once it is shown
    return window


SETTINGS = {
    "settings": (lambda paths: paths.settings_file, "the settings file"),
    "window state": (lambda paths: paths.state / "window.json", "the window state file"),
}


@pytest.mark.gui
@pytest.mark.parametrize("which", list(SETTINGS))
@pytest.mark.parametrize("how", list(GARBLES) + ["values of the wrong type"])
def test_garbled_settings_are_set_aside_said_and_written_again(qtbot, tmp_path, capfd, which, how):
    from deckeditor.ui.settings import Settings, save_settings

    home = tmp_path / "home"
    paths = AppPaths.resolve(home).ensure()
    save_settings(paths, Settings(show_hidden=True, recent_files=["/decks/a.deck.json"]))
    file_of, what = SETTINGS[which]
    path = file_of(paths)
    if how == "values of the wrong type":
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc.update({"show_hidden": [1], "recent_files": {"a": 1}})
        path.write_text(json.dumps(doc), encoding="utf-8")
        garbled = path.read_bytes()
    else:
        garbled = garble(path, how)
    window = window_on(qtbot, home)
    err = capfd.readouterr().err
    assert_set_aside(path, garbled, err, what)
    ((title, text),) = window.warnings
    assert title == "Damaged file set aside" and what in text.lower()
    # what the other file held is kept; the damaged one's values are at their defaults
    if which == "settings":
        assert window.settings.recent_files == ["/decks/a.deck.json"]
    else:
        assert window.settings.show_hidden is True
    window.close()
    assert path.is_file() and json.loads(path.read_text(encoding="utf-8"))  # written again
    assert window_on(qtbot, home).warnings == []


@pytest.mark.gui
def test_a_folder_in_an_autosave_records_place_is_set_aside_not_offered(qtbot, tmp_path, capfd):
    from deckeditor.recovery import SUFFIX, leftover_autosaves

    home = tmp_path / "home"
    paths = AppPaths.resolve(home).ensure()
    paths.autosave_dir.mkdir(parents=True, exist_ok=True)
    record = paths.autosave_dir / f"gone-w{SUFFIX}"
    garble(record, "a folder")
    assert leftover_autosaves(paths.autosave_dir) == []
    assert_set_aside(record, None, capfd.readouterr().err, "the autosave")
    repair.take_reports()


@pytest.mark.gui
@pytest.mark.parametrize("how", ["bytes", "wrong JSON types"])
def test_a_garbled_autosave_record_is_offered_as_unreadable_and_discard_removes_it(
    qtbot, tmp_path, how
):
    from deckeditor.recovery import SUFFIX
    from deckeditor.ui.recovery_dialog import DISCARD, offer_recovery

    home = tmp_path / "home"
    paths = AppPaths.resolve(home).ensure()
    paths.autosave_dir.mkdir(parents=True, exist_ok=True)
    record = paths.autosave_dir / f"gone-w{SUFFIX}"
    garble(record, how)
    window = window_on(qtbot, home)
    asked = []
    offer_recovery(window, paths, ask=lambda w, item, n, total: asked.append(item) or DISCARD)
    (item,) = asked
    assert item.deck is None and item.error and not record.exists()


@pytest.mark.gui
def test_a_file_where_the_autosave_folder_should_be_is_set_aside_and_autosave_works(
    qtbot, tmp_path, capfd
):
    from deckeditor.ui.main_window import MainWindow
    from deckeditor.ui.recovery_dialog import offer_recovery

    home = tmp_path / "home"
    paths = AppPaths.resolve(home).ensure()
    paths.autosave_dir.write_bytes(b"\x00not a folder")
    window = MainWindow(paths)
    qtbot.addWidget(window)
    window.confirm_discard = lambda: True
    window.warn = lambda title, text: pytest.fail(text)
    assert offer_recovery(window, paths, ask=lambda *a: pytest.fail("nothing to offer")) == []
    assert_set_aside(
        paths.autosave_dir, b"\x00not a folder", capfd.readouterr().err, "the autosave folder"
    )
    window.session.add_card("Island", "Main")
    qtbot.waitUntil(lambda: window.autosaver.file.exists(), timeout=10000)
    window.autosaver.stop()
    repair.take_reports()
