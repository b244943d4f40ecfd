"""Saves never hurt the player's files (issue 16, points 4 and 5): links are written through,
read-only files, pipes and devices are refused before anything is written, permissions are kept,
an earlier `.bak` survives a failed save, and temp files of killed saves are cleaned up."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from deckeditor.saving import SaveRefused, remove_stale_temps, same_file, save_atomic


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_symlinked_deck_writes_its_target(tmp_path):
    real = tmp_path / "decks" / "real.deck.json"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "link.deck.json"
    link.symlink_to(real)
    save_atomic(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new\n"
    assert (real.parent / "real.deck.json.bak").read_text() == "old\n"
    assert not (tmp_path / "link.deck.json.bak").exists()


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "new.txt")
    save_atomic(link, "x\n")
    assert link.is_symlink() and (tmp_path / "new.txt").read_text() == "x\n"


def test_a_read_only_file_is_refused_and_untouched(tmp_path):
    target = tmp_path / "d.txt"
    target.write_text("mine\n")
    target.chmod(0o444)
    with pytest.raises(SaveRefused, match="read-only"):
        save_atomic(target, "theirs\n")
    assert target.read_text() == "mine\n" and _mode(target) == 0o444
    assert sorted(os.listdir(tmp_path)) == ["d.txt"]


def test_an_existing_file_keeps_its_mode(tmp_path):
    target = tmp_path / "d.txt"
    target.write_text("one\n")
    target.chmod(0o640)
    save_atomic(target, "two\n")
    assert _mode(target) == 0o640
    assert _mode(tmp_path / "d.txt.bak") == 0o640


@pytest.mark.parametrize("umask, expected", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_follows_the_umask(tmp_path, umask, expected):
    old = os.umask(umask)
    try:
        save_atomic(tmp_path / "d.txt", "x\n")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "d.txt") == expected


def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = {}

    def save():
        try:
            save_atomic(fifo, "x\n")
        except SaveRefused as exc:
            result["error"] = str(exc)

    worker = threading.Thread(target=save, daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "saving to a FIFO hung"
    assert "not a regular file" in result["error"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_device_node_is_refused():
    with pytest.raises(SaveRefused, match="not a regular file"):
        save_atomic("/dev/null", "x\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(SaveRefused, match="folder"):
        save_atomic(tmp_path, "x\n")


def test_a_failed_save_keeps_the_earlier_backup(tmp_path, monkeypatch):
    target = tmp_path / "d.txt"
    save_atomic(target, "one\n")
    save_atomic(target, "two\n")
    assert (tmp_path / "d.txt.bak").read_text() == "one\n"
    real_replace = os.replace

    def failing(src, dst):
        if str(dst) == str(target):
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(OSError):
        save_atomic(target, "three\n")
    monkeypatch.undo()
    assert target.read_text() == "two\n"
    assert (tmp_path / "d.txt.bak").read_text() == "one\n"
    assert sorted(os.listdir(tmp_path)) == ["d.txt", "d.txt.bak"]


def test_a_refused_save_keeps_the_earlier_backup(tmp_path):
    target = tmp_path / "d.txt"
    save_atomic(target, "one\n")
    save_atomic(target, "two\n")
    target.chmod(0o444)
    with pytest.raises(SaveRefused):
        save_atomic(target, "three\n")
    assert (tmp_path / "d.txt.bak").read_text() == "one\n"


def test_temp_files_of_a_killed_save_are_removed_on_the_next_save(tmp_path):
    # a real save killed between writing its temp file and renaming it
    script = (
        "import os, sys, deckeditor.saving as s\n"
        "os.replace = lambda a, b: os.kill(os.getpid(), 9)\n"
        "s.save_atomic(sys.argv[1], 'half\\n')\n"
    )
    target = tmp_path / "d.txt"
    target.write_text("old\n")
    run = subprocess.run([sys.executable, "-c", script, str(target)], env=dict(os.environ))
    assert run.returncode == -9
    leftovers = [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
    assert leftovers, "the killed save left no temp file to clean up"
    assert target.read_text() == "old\n"
    old_style = tmp_path / ".other.txt.abcd1234.tmp"  # the pid-less name of earlier versions
    old_style.write_text("x")
    os.utime(old_style, (time.time() - 3600,) * 2)
    fresh = tmp_path / ".other.txt.wxyz5678.tmp"  # may belong to a save running right now
    fresh.write_text("x")
    save_atomic(tmp_path / "e.txt", "e\n")
    assert sorted(os.listdir(tmp_path)) == [".other.txt.wxyz5678.tmp", "d.txt", "e.txt"]


def test_a_running_saves_temp_file_is_left_alone(tmp_path):
    mine = tmp_path / f".d.txt.{os.getppid()}.abcdefgh.tmp"
    mine.write_text("x")
    assert remove_stale_temps(tmp_path) == []


def test_same_file_sees_through_links(tmp_path):
    a = tmp_path / "a.txt"
    a.write_text("x")
    link = tmp_path / "l.txt"
    link.symlink_to(a)
    hard = tmp_path / "h.txt"
    os.link(a, hard)
    assert same_file(a, link) and same_file(a, hard)
    assert not same_file(a, tmp_path / "missing.txt")


def test_a_link_loop_is_refused_in_one_line(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(SaveRefused, match="cannot be written"):
        save_atomic(tmp_path / "a", "x\n")


def test_a_path_through_a_file_is_refused(tmp_path):
    (tmp_path / "f.txt").write_text("keep\n", encoding="utf-8")
    with pytest.raises(SaveRefused, match=r"f\.txt/out\.txt: cannot be written"):
        save_atomic(tmp_path / "f.txt" / "out.txt", "x\n")
    assert (tmp_path / "f.txt").read_text(encoding="utf-8") == "keep\n"


@pytest.mark.parametrize("output", ["loop", "f.txt/out.txt"])
def test_convert_to_an_impossible_path_is_one_line(tmp_path, capsys, output):
    from deckeditor.cli import main

    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    (tmp_path / "f.txt").write_text("keep\n", encoding="utf-8")
    deck = tmp_path / "in.txt"
    deck.write_text("1 Sol Ring\n", encoding="utf-8")
    code = main(["--home", str(tmp_path / "home"), "convert", str(deck), str(tmp_path / output)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"{tmp_path / output}: cannot be written (")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_failed_save_names_the_file_not_its_temp(tmp_path, monkeypatch):
    """A folder the user may not write failed with "[Errno 13] Permission denied:
    '/decks/.k.deck.json.4251.85hrmig1.tmp'": a name the player never chose."""
    import tempfile

    def refused(prefix="", suffix="", dir=None):
        raise PermissionError(
            13, "Permission denied", os.path.join(dir, f"{prefix}x1y2z3w4{suffix}")
        )

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    target = tmp_path / "k.deck.json"
    with pytest.raises(PermissionError) as caught:
        save_atomic(target, "x\n")
    assert caught.value.filename == str(target) and caught.value.strerror == "Permission denied"
    assert ".tmp" not in str(caught.value)
