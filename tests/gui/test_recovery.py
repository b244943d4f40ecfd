"""Crash recovery and autosave (issue 16 points 1-3, 6): every leftover autosave is offered by
deck and file and none is deleted unless declined; the autosave is written shortly after each edit,
off the edit path; a recovered deck keeps its file and says it is unsaved; a read-only config
folder does not stop the window closing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from deckeditor.deckfile import write_json_deck
from deckeditor.paths import AppPaths
from deckeditor.recovery import SUFFIX, leftover_autosaves, read_autosave

pytestmark = pytest.mark.gui


def _window(qtbot, paths, autosave=True):
    from deckeditor.ui.app import make_app
    from deckeditor.ui.main_window import MainWindow

    make_app()
    win = MainWindow(paths, autosave=autosave)
    win.confirm_discard = lambda: True
    win.warnings = []
    win.warn = lambda title, text: win.warnings.append(text)
    qtbot.addWidget(win)
    win.show()
    return win


@pytest.fixture
def paths(tmp_path):
    return AppPaths.resolve(tmp_path / "home").ensure()


# a window process that wrote its autosave and was then killed (SIGKILL: no clean-up at all)
_KILLED_WINDOW = """
import os, sys
from pathlib import Path
import deckeditor.games.registry  # the games declare themselves, as in every command
from deckeditor.deck import Deck
from deckeditor.deckfile import read_json_deck
from deckeditor.recovery import autosave_name, write_autosave
folder, deck_file, path = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] or None
write_autosave(folder / autosave_name("w"), read_json_deck(deck_file.read_text()), path)
os.kill(os.getpid(), 9)
"""


def _killed_window(paths, tmp_path, name: str, cards: list[str], path: str | None) -> None:
    from deckeditor.deck import new_deck

    deck = new_deck("mtg").renamed(name)
    for card in cards:
        deck = deck.add_card("Main", card)
    source = tmp_path / f"{name}.src.json"
    source.write_text(write_json_deck(deck), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", _KILLED_WINDOW, str(paths.autosave_dir), str(source), path or ""],
        env=dict(os.environ),
    )
    assert run.returncode == -9


def test_two_killed_windows_are_both_offered_and_kept_until_declined(qtbot, paths, tmp_path):
    from deckeditor.ui.recovery_dialog import DISCARD, LATER, RECOVER, offer_recovery

    _killed_window(
        paths, tmp_path, "Korvold", ["Counterspell"], str(tmp_path / "korvold.deck.json")
    )
    _killed_window(paths, tmp_path, "Burn", ["Lightning Bolt", "Lightning Bolt"], None)
    window = _window(qtbot, paths)
    asked = []

    def later(parent, item, number, total):
        asked.append((item.describe(), number, total))
        return LATER

    assert offer_recovery(window, paths, ask=later) == []
    assert len(asked) == 2 and {n for _, n, _ in asked} == {1, 2} and asked[0][2] == 2
    text = " | ".join(d for d, _, _ in asked)
    assert "“Korvold”" in text and str(tmp_path / "korvold.deck.json") in text
    assert "“Burn” (never saved)" in text
    assert len(leftover_autosaves(paths.autosave_dir)) == 2  # "later" deletes nothing

    # decline one, recover the other: only the declined one is gone
    answers = {"Korvold": RECOVER, "Burn": DISCARD}
    used = offer_recovery(window, paths, ask=lambda p, item, n, t: answers[item.deck_name])
    assert used == [window] and window.session.deck.name == "Korvold"
    window.autosaver.flush()
    left = leftover_autosaves(paths.autosave_dir)
    assert [item.deck_name for item in left] == ["Korvold"]  # now this window's own file
    assert left[0].file == window.autosaver.file


def test_every_recovered_deck_gets_a_window(qtbot, paths, tmp_path):
    from deckeditor.ui.recovery_dialog import RECOVER, offer_recovery

    _killed_window(paths, tmp_path, "One", ["Counterspell"], None)
    _killed_window(paths, tmp_path, "Two", ["Lightning Bolt"], None)
    window = _window(qtbot, paths)
    used = offer_recovery(window, paths, ask=lambda *a: RECOVER)
    for other in used[1:]:
        qtbot.addWidget(other)
        other.confirm_discard = lambda: True
    assert len(used) == 2 and used[0] is window
    assert sorted(w.session.deck.name for w in used) == ["One", "Two"]
    assert all(w.session.dirty for w in used)
    for w in used:
        w.autosaver.flush()
    assert sorted(i.deck_name for i in leftover_autosaves(paths.autosave_dir)) == ["One", "Two"]


def test_a_recovered_deck_keeps_its_file_and_says_unsaved(qtbot, paths, tmp_path):
    from deckeditor.ui.recovery_dialog import RECOVER, offer_recovery

    target = tmp_path / "korvold.deck.json"
    _killed_window(paths, tmp_path, "Korvold", ["Counterspell"], str(target))
    window = _window(qtbot, paths)
    offer_recovery(window, paths, ask=lambda *a: RECOVER)
    assert window.current_path == str(target)
    assert window.session.dirty
    title = window.windowTitle()
    assert title.startswith("Korvold*") and "korvold.deck.json" in title
    assert "not saved yet" in window.last_message
    assert window.save()  # straight back to its own file, no dialog
    assert "Counterspell" in target.read_text(encoding="utf-8")
    window.autosaver.flush()
    assert leftover_autosaves(paths.autosave_dir) == []


def test_an_unreadable_autosave_is_offered_not_dropped(qtbot, paths):
    from deckeditor.ui.recovery_dialog import LATER, offer_recovery

    paths.autosave_dir.mkdir(parents=True, exist_ok=True)
    bad = paths.autosave_dir / f"999999-x{SUFFIX}"
    bad.write_text("{half a file", encoding="utf-8")
    window = _window(qtbot, paths)
    seen = []
    offer_recovery(window, paths, ask=lambda p, item, n, t: seen.append(item.describe()) or LATER)
    assert len(seen) == 1 and "cannot be read" in seen[0]
    assert bad.exists()


def test_an_earlier_versions_bare_deck_autosave_still_recovers(qtbot, paths):
    from deckeditor.deck import new_deck
    from deckeditor.ui.recovery_dialog import RECOVER, offer_recovery

    paths.autosave_dir.mkdir(parents=True, exist_ok=True)
    lost = new_deck("mtg").add_card("Main", "Counterspell").renamed("Lost work")
    (paths.autosave_dir / f"999999-dead{SUFFIX}").write_text(
        write_json_deck(lost), encoding="utf-8"
    )
    window = _window(qtbot, paths)
    offer_recovery(window, paths, ask=lambda *a: RECOVER)
    assert window.session.deck.sections == lost.sections and window.session.dirty
    assert window.current_path is None


def test_autosave_follows_each_edit_off_the_edit_path(qtbot, paths, monkeypatch):
    import deckeditor.ui.autosave as autosave

    assert autosave.DEBOUNCE_MS <= 2000  # was a 15 s timer: up to 15 s of edits lost
    threads = []
    real = autosave.write_autosave

    def spy(file, deck, path, kind, disk=None):
        threads.append(threading.current_thread())
        real(file, deck, path, kind, disk)

    monkeypatch.setattr(autosave, "write_autosave", spy)
    window = _window(qtbot, paths)
    saver = window.autosaver
    window.current_path = "/decks/mine.deck.json"
    window.session.add_card("Counterspell", "Main")
    qtbot.waitUntil(lambda: saver.file.exists(), timeout=10000)
    saver.flush()
    assert threads and all(t is not threading.main_thread() for t in threads)
    deck, path = read_autosave(saver.file)[:2]
    assert path == "/decks/mine.deck.json"
    assert deck.sections == window.session.deck.sections
    # a burst of edits is one write, of the last state
    before = len(threads)
    for _ in range(5):
        window.session.add_card("Counterspell", "Main")
    qtbot.waitUntil(lambda: len(threads) > before, timeout=10000)
    saver.flush()
    assert len(threads) == before + 1
    assert read_autosave(saver.file)[0].sections == window.session.deck.sections
    # saved: the autosave is gone
    assert window.save_as(str(paths.data / "mine.deck.json"))
    saver.flush()
    assert not saver.file.exists()


def test_a_clean_close_leaves_no_autosave(qtbot, paths):
    window = _window(qtbot, paths)
    window.session.add_card("Counterspell", "Main")
    window.autosaver.save_now()
    window.autosaver.flush()
    assert window.autosaver.file.exists()
    window.close()  # confirm_discard answers "discard": the user declined the work
    assert leftover_autosaves(paths.autosave_dir) == []


def test_another_running_windows_autosave_is_not_offered(paths):
    paths.autosave_dir.mkdir(parents=True, exist_ok=True)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live = paths.autosave_dir / f"{other.pid}-1{SUFFIX}"
        live.write_text("{}", encoding="utf-8")
        assert leftover_autosaves(paths.autosave_dir) == []
    finally:
        other.kill()
        other.wait()
    assert [item.file for item in leftover_autosaves(paths.autosave_dir)] == [live]


def test_unwritable_settings_still_close_the_window_and_tell_once(qtbot, paths, monkeypatch):
    import deckeditor.ui.settings as settings

    monkeypatch.setattr(settings, "_told", False)
    paths.settings_file.write_text("{}", encoding="utf-8")
    paths.settings_file.chmod(0o444)  # refused even for root, who may write anything
    paths.config.chmod(0o555)
    try:
        first = _window(qtbot, paths)
        second = _window(qtbot, paths)
        for window in (first, second):
            window.session.add_card("Counterspell", "Main")
            window.autosaver.save_now()
            window.autosaver.flush()
            assert window.close()  # before: the OSError left the window open
            assert not window.isVisible()
        assert leftover_autosaves(paths.autosave_dir) == []  # both autosaves handled
        told = first.warnings + second.warnings
        assert len(told) == 1 and "could not be saved" in told[0]
        assert str(paths.config) in told[0] and ".tmp" not in told[0] and "Errno" not in told[0]
    finally:
        paths.config.chmod(0o755)


def test_the_question_names_deck_and_file_and_each_button_answers(qtbot, paths, tmp_path):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from deckeditor.ui.recovery_dialog import DISCARD, LATER, RECOVER, ask_dialog

    target = str(tmp_path / "korvold.deck.json")
    _killed_window(paths, tmp_path, "Korvold", ["Counterspell"], target)
    item = leftover_autosaves(paths.autosave_dir)[0]
    window = _window(qtbot, paths)
    for label, expected in (("Recover", RECOVER), ("Discard", DISCARD), ("Keep for later", LATER)):
        seen = {}

        def click(label=label, seen=seen):
            box = QApplication.activeModalWidget()
            seen["text"] = f"{box.text()} {box.informativeText()}"
            next(b for b in box.buttons() if b.text() == label).click()

        QTimer.singleShot(0, click)
        assert ask_dialog(window, item, 1, 2) == expected
        assert "“Korvold”" in seen["text"] and target in seen["text"] and "(1 of 2)" in seen["text"]
    assert item.file.exists()  # asking deletes nothing; only offer_recovery acts on the answer


def test_a_config_folder_that_cannot_be_made_does_not_stop_the_window(tmp_path):
    """Settings are the one thing the window can do without: it opens, closes, and says once that
    they could not be saved (before: "cannot start" when the config folder could not be made)."""
    home = tmp_path / "home"
    for folder in ("data", "cache"):
        (home / folder).mkdir(parents=True)
    for blocked in ("config", "state"):  # a file where the folder should be: mkdir fails
        (home / blocked).write_text("not a folder\n", encoding="utf-8")
    shot = tmp_path / "shot.png"
    done = subprocess.run(
        [sys.executable, "-m", "deckeditor", "--home", str(home), "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
        },
    )
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 0
    assert done.stderr.count("could not be saved") == 1, done.stderr


def test_a_data_folder_that_cannot_be_made_is_one_clear_line(tmp_path, capsys):
    from deckeditor.ui import app

    home = tmp_path / "home"
    home.mkdir()
    (home / "data").write_text("not a folder\n", encoding="utf-8")
    assert app.run_gui(home=str(home), screenshot=str(tmp_path / "x.png")) == 2
    err = capsys.readouterr().err
    assert err == f"deckeditor: {home / 'data'}: cannot make this folder (File exists)\n"


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="process start times from /proc")
def test_an_autosave_whose_pid_now_belongs_to_a_newer_process_is_offered(paths):
    """After a reboot (or a long day) the killed window's pid may be some other program's: the
    file is older than that process, so its writer is gone (before: never offered while the
    other program ran)."""
    paths.autosave_dir.mkdir(parents=True, exist_ok=True)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        old = paths.autosave_dir / f"{other.pid}-1{SUFFIX}"
        old.write_text("{}", encoding="utf-8")
        hour_ago = os.path.getmtime(old) - 3600
        os.utime(old, (hour_ago, hour_ago))  # written an hour before this process started
        assert [item.file for item in leftover_autosaves(paths.autosave_dir)] == [old]
    finally:
        other.kill()
        other.wait()


def test_an_adopted_autosave_reads_as_this_windows_own(qtbot, paths, tmp_path):
    """The recovered file keeps the dead window's mtime when renamed; it must not then look like
    a file older than the window that holds it (another start would offer it while it is open)."""
    from deckeditor.recovery import SUFFIX as suffix
    from deckeditor.saving import process_alive
    from deckeditor.ui.recovery_dialog import RECOVER, offer_recovery

    _killed_window(paths, tmp_path, "Korvold", ["Counterspell"], None)
    (old,) = paths.autosave_dir.glob(f"*{suffix}")
    hour_ago = os.path.getmtime(old) - 3600
    os.utime(old, (hour_ago, hour_ago))
    window = _window(qtbot, paths)
    offer_recovery(window, paths, ask=lambda *a: RECOVER)
    adopted = window.autosaver.file
    assert adopted.exists() and adopted.name.startswith(f"{os.getpid()}-")
    assert process_alive(os.getpid(), os.path.getmtime(adopted))


def test_an_autosave_keeps_a_relative_deck_path_as_an_absolute_one(tmp_path, monkeypatch):
    """`deckeditor k.dck` opened from a terminal; after the crash the window is started from the
    menu (another folder): a relative path would save the recovered deck in the wrong place, or
    over another file of that name there."""
    from deckeditor.deck import new_deck
    from deckeditor.recovery import write_autosave

    monkeypatch.chdir(tmp_path)
    file = tmp_path / "autosave" / f"1-x{SUFFIX}"
    write_autosave(file, new_deck("mtg").renamed("K"), "decks/k.dck")
    monkeypatch.chdir("/")
    assert read_autosave(file)[1] == str(tmp_path / "decks" / "k.dck")


def test_an_autosave_that_cannot_be_written_is_said_once(qtbot, tmp_path):
    """A full disk or a read-only data folder left the crash protection off without a word."""
    paths = AppPaths.resolve(tmp_path / "home").ensure()
    paths.autosave_dir.write_text("a file where the autosave folder should be\n", encoding="utf-8")
    window = _window(qtbot, paths)
    for card in ("Counterspell", "Brainstorm"):
        window.session.add_card(card, "Main")
        window.autosaver.save_now()
        window.autosaver.flush()
        qtbot.waitUntil(lambda: bool(window.warnings), timeout=5000)
    qtbot.wait(50)
    assert len(window.warnings) == 1, window.warnings
    assert "crash" in window.warnings[0] and "Save the deck" in window.warnings[0]
    assert str(paths.autosave_dir) in window.warnings[0]


def test_a_recovered_forge_deck_is_saved_back_as_forge(qtbot, paths, tmp_path):
    """A recovered .dck came back as "our own file" kind: Save wrote JSON into the .dck, which
    Forge can no longer read."""
    import shutil
    from pathlib import Path

    from deckeditor.ui.recovery_dialog import RECOVER, offer_recovery

    dck = tmp_path / "korvold.dck"
    shutil.copy(Path(__file__).parents[1] / "fixtures" / "decks" / "korvold.dck", dck)
    first = _window(qtbot, paths)
    assert first.open_path(str(dck)) and first.current_kind == "forge"
    first.session.add_card("Swamp", "Main")
    first.autosaver.save_now()
    first.autosaver.flush()
    leftover = first.autosaver.file
    first.autosaver.file = tmp_path / "elsewhere"  # the window "dies": its file stays behind
    window = _window(qtbot, paths)
    offer_recovery(window, paths, ask=lambda *a: RECOVER)
    assert not leftover.exists() or window.autosaver.file == leftover
    assert window.current_path == str(dck) and window.current_kind == "forge"
    window.ask_lossy_save = lambda kind, lost: kind
    assert window.save()
    text = dck.read_text(encoding="utf-8")
    assert text.lstrip().startswith(("#", "[")) and '"schema"' not in text


def test_a_long_run_of_edits_is_still_written_within_seconds(qtbot, paths):
    """The wait restarts with each edit; a player adding cards without pause for a minute must
    not be a minute without an autosave."""
    from deckeditor.ui.autosave import MAX_WAIT_MS

    window = _window(qtbot, paths)
    saver = window.autosaver
    written = []
    real = saver._write
    saver._write = lambda *state: (written.append(state), real(*state))
    for _ in range(int(2.5 * MAX_WAIT_MS / 100)):  # an edit every 100 ms, well inside the wait
        window.session.add_card("Counterspell", "Main")
        qtbot.wait(100)
        if written:
            break
    assert written, "no autosave during a run of edits"


def test_a_deck_opened_at_start_is_not_replaced_by_a_recovered_one(qtbot, paths, tmp_path):
    """`deckeditor other.deck.json` after a crash: the recovered deck gets a window of its own;
    the deck the player asked for stays in the first (before: replaced by the recovered one)."""
    from deckeditor.deck import new_deck
    from deckeditor.ui.recovery_dialog import RECOVER, offer_recovery

    _killed_window(
        paths, tmp_path, "Korvold", ["Counterspell"], str(tmp_path / "korvold.deck.json")
    )
    asked_for = tmp_path / "burn.deck.json"
    asked_for.write_text(write_json_deck(new_deck("mtg").renamed("Burn")), encoding="utf-8")
    window = _window(qtbot, paths)
    assert window.open_path(str(asked_for))
    used = offer_recovery(window, paths, ask=lambda *a: RECOVER)
    for other in used:
        qtbot.addWidget(other)
        other.confirm_discard = lambda: True
    assert window.session.deck.name == "Burn" and window.current_path == str(asked_for)
    assert [w.session.deck.name for w in used] == ["Korvold"] and used[0] is not window


def test_the_recovered_deck_of_the_file_opened_at_start_takes_its_window(qtbot, paths, tmp_path):
    """Reopening the crashed deck's own file: its recovered changes replace it there (one window,
    not two on one file)."""
    from deckeditor.ui.recovery_dialog import RECOVER, offer_recovery

    target = tmp_path / "korvold.deck.json"
    _killed_window(paths, tmp_path, "Korvold", ["Counterspell"], str(target))
    from deckeditor.deck import new_deck

    target.write_text(write_json_deck(new_deck("mtg").renamed("Korvold")), encoding="utf-8")
    window = _window(qtbot, paths)
    assert window.open_path(str(target))
    used = offer_recovery(window, paths, ask=lambda *a: RECOVER)
    assert used == [window] and window.session.dirty
    assert any(e.card == "Counterspell" for _, e in window.session.deck.entries())
