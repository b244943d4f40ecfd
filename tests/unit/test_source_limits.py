"""Card import memory is bounded (issue 16 point 8): a zip bomb and oversized files are refused
with one clear line, memory stays small while refusing; a source with no cards is exit 2."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from deckeditor import readlimits
from deckeditor.cli import main

BOMB_MB = 64  # expands ~1000 times; the was 300 MB from 285 KB


def _zip_bomb(path: Path, member: str = "AtomicCards.json") -> Path:
    chunk = b"a" * (1 << 20)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        with zf.open(member, "w", force_zip64=True) as fh:
            fh.write(b'{"meta": {}, "data": {"x": [{"name": "')
            for _ in range(BOMB_MB):
                fh.write(chunk)
            fh.write(b'"}]}}')
    assert path.stat().st_size < 1 << 20
    return path


def _import(capsys, tmp_path, source) -> tuple[int, str]:
    code = main(["--home", str(tmp_path / "home"), "cards", "import", str(source)])
    return code, capsys.readouterr().err


def test_a_zip_bomb_is_refused_with_one_line(tmp_path, capsys):
    bomb = _zip_bomb(tmp_path / "bomb.zip")
    code, err = _import(capsys, tmp_path, bomb)
    assert code == 2
    assert "zip bomb" in err and "AtomicCards.json" in err and "Traceback" not in err
    assert len([ln for ln in err.splitlines() if ln.startswith("deckeditor cards import:")]) == 1


def test_refusing_a_bomb_keeps_memory_small(tmp_path):
    """In a process of its own, so its peak memory is its own: was 2.6 GB for 300 MB."""
    bomb = _zip_bomb(tmp_path / "bomb.zip")
    script = (
        "import sys\n"
        "from deckeditor.cli import main\n"
        "code = main(['--home', sys.argv[2], 'cards', 'import', sys.argv[1]])\n"
        "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]\n"
        "print(code, peak)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(bomb), str(tmp_path / "h")],
        capture_output=True,
        text=True,
        env=dict(os.environ),
    )
    code, peak_kb = map(int, run.stdout.split())
    assert code == 2
    assert peak_kb < 400_000, f"peak {peak_kb} KB while refusing a {BOMB_MB} MB member"


def test_a_gzip_bomb_is_refused(tmp_path, capsys):
    path = tmp_path / "oracle-cards.json.gz"
    with gzip.open(path, "wb", compresslevel=1) as fh:
        fh.write(b'[{"object": "card", "name": "')
        for _ in range(BOMB_MB):
            fh.write(b"a" * (1 << 20))
        fh.write(b'"}]')
    code, err = _import(capsys, tmp_path, path)
    assert code == 2 and "zip bomb" in err and "Traceback" not in err


def test_an_oversized_file_is_refused_before_reading(tmp_path, capsys):
    big = tmp_path / "oracle-cards.json"
    with open(big, "wb") as fh:  # sparse: no disk used, and never read
        fh.write(b'[{"object": "card", "name": "x"}')
        fh.truncate(readlimits.MAX_BYTES + 1)
    code, err = _import(capsys, tmp_path, big)
    assert code == 2 and "larger than 512 MiB" in err and "Traceback" not in err


def test_an_oversized_forge_script_is_refused(tmp_path, capsys):
    path = tmp_path / "cardsfolder.zip"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr("a/ok.txt", "Name:Ok\nTypes:Creature Bird\nPT:1/1\n")
        zf.writestr("b/huge.txt", "Name:Huge\nOracle:" + "x" * (readlimits.MAX_SCRIPT_BYTES + 1))
    code, err = _import(capsys, tmp_path, path)
    assert code == 2 and "huge.txt" in err and "larger than 4 MiB" in err


def test_real_sizes_are_well_inside_the_limits():
    # the README states these; the real sources: Scryfall oracle-cards ~170 MB, AtomicCards ~120 MB
    assert readlimits.MAX_BYTES >= 3 * 170 * 10**6
    assert readlimits.allowed(12 * 10**6) >= 120 * 10**6  # AtomicCards.json.xz at ~10 times
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "512 MiB" in readme and "100 times" in readme


@pytest.mark.parametrize(
    "content, name",
    [
        ("[]", "oracle-cards.json"),
        ('{"meta": {}, "data": {}}', "AtomicCards.json"),
    ],
)
def test_a_source_with_no_cards_is_exit_2(tmp_path, capsys, content, name):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    code, err = _import(capsys, tmp_path, path)
    assert code == 2 and "no cards found" in err
    assert main(["--home", str(tmp_path / "home"), "cards", "info", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sources"] == []


def test_a_forge_folder_with_no_card_scripts_is_exit_2(tmp_path, capsys):
    folder = tmp_path / "notcards"
    folder.mkdir()
    (folder / "readme.txt").write_text("this folder holds notes, not cards\n", encoding="utf-8")
    code, err = _import(capsys, tmp_path, folder)
    assert code == 2 and "no cards found" in err


def _import_in_subprocess(tmp_path, source) -> subprocess.CompletedProcess:
    """A FIFO read never ends and /dev/zero never runs out: a child, so a hang is a failure."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "deckeditor",
            "--home",
            str(tmp_path / "home"),
            "cards",
            "import",
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )


def test_a_fifo_source_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "cards.json"
    os.mkfifo(fifo)
    done = _import_in_subprocess(tmp_path, fifo)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines[-1].endswith(
        "is not a regular file or folder (a pipe, socket or device); not read"
    )
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_device_is_refused_not_read(tmp_path):
    """/dev/zero once grew the import to every byte of memory the machine had."""
    done = _import_in_subprocess(tmp_path, "/dev/zero")
    assert done.returncode == 2, done.stderr
    assert "/dev/zero: is not a regular file or folder" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_device_given_with_cards_to_check_is_one_line(tmp_path, capsys):
    deck = tmp_path / "d.txt"
    deck.write_text("1 Sol Ring\n", encoding="utf-8")
    code = main(["--home", str(tmp_path / "home"), "check", str(deck), "--cards", os.devnull])
    err = capsys.readouterr().err
    assert (
        code == 2
        and "is not a regular file or folder" in err
        and len(err.strip().splitlines()) == 1
    )


DEEP = 100_000  # arrays in arrays: far past the JSON parser's recursion limit


@pytest.mark.parametrize(
    "name, content",
    [
        ("oracle-cards.json", "[" * DEEP + "]" * DEEP),  # Scryfall-shaped
        (
            "AtomicCards.json",
            '{"meta": {"version": "5"}, "data": {"Opt": [' + "[" * DEEP + "]" * DEEP + "]}}",
        ),
        ("cards.json", '[{"object": "card", "name": "Opt", "x": ' + "[" * DEEP + "]" * DEEP + "}]"),
    ],
)
def test_a_deeply_nested_json_source_is_one_line_naming_the_file(tmp_path, capsys, name, content):
    """Issue 26.6: `cards import` ended in a RecursionError traceback, `check --cards` gave one
    line without the file's name."""
    source = tmp_path / name
    source.write_text(content, encoding="utf-8")
    code, err = _import(capsys, tmp_path, source)
    assert code == 2 and "Traceback" not in err
    (line,) = [ln for ln in err.splitlines() if ln.startswith("deckeditor cards import:")]
    assert str(source) in line and "nested too deeply" in line
    deck = tmp_path / "d.txt"
    deck.write_text("1 Island\n", encoding="utf-8")
    code = main(["--home", str(tmp_path / "home"), "check", "--cards", str(source), str(deck)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert err.strip().count("\n") == 0 and str(source) in err and "nested too deeply" in err


# --- Forge archives: the members together, and overlapping zip entries (issue 26.7) -----------

BIG_SCRIPT = b"Name:Big\nManaCost:1\nTypes:Artifact\nOracle:" + b"x" * (4 * 2**20 - 64) + b"\n"


def _overlapping_zip(path: Path, entries: int) -> Path:
    """One 4 MiB script stored once and named by `entries` central-directory records that all
    point at it (the 106 KB zip of the issue that took 470 s to import)."""
    import io
    import struct

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("a/bomb.txt", BIG_SCRIPT)
    raw = buf.getvalue()
    end = raw.rindex(b"PK\x05\x06")
    size, offset = struct.unpack("<II", raw[end + 12 : end + 20])
    record = raw[offset : offset + size]
    tail = (
        raw[end : end + 8]
        + struct.pack("<HHII", entries, entries, size * entries, offset)
        + raw[end + 20 :]
    )
    path.write_bytes(raw[:offset] + record * entries + tail)
    return path


def test_overlapping_zip_entries_are_refused(tmp_path, capsys):
    bomb = _overlapping_zip(tmp_path / "cardsfolder.zip", 2000)
    assert bomb.stat().st_size < 200_000
    with zipfile.ZipFile(bomb) as zf:  # what the reader would otherwise unpack: 8 GiB
        assert sum(i.file_size for i in zf.infolist()) > 8 * 10**9
    code, err = _import(capsys, tmp_path, bomb)
    assert code == 2 and "Traceback" not in err
    (line,) = [ln for ln in err.splitlines() if ln.startswith("deckeditor cards import:")]
    assert str(bomb) in line and "overlap" in line


def test_a_zip_of_many_large_scripts_is_refused_by_their_total(tmp_path, capsys):
    """40 scripts of 4 MiB each (every one under the script limit) in a 170 KB zip: the members
    together expand a thousand times (the issue's 1,000 of them took 232 s)."""
    path = tmp_path / "cardsfolder.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("a/ok.txt", "Name:Ok\nTypes:Creature Bird\nPT:1/1\n")
        for i in range(40):
            zf.writestr(f"b/big{i}.txt", BIG_SCRIPT)
    code, err = _import(capsys, tmp_path, path)
    assert code == 2 and "Traceback" not in err
    assert "all members together" in err and "zip bomb" in err


def test_a_tar_is_bounded_by_all_its_members(tmp_path, capsys):
    """A .tar.gz whose one non-script member unpacks to 64 MiB of zeros (every member must be
    unpacked to reach the next)."""
    import io
    import tarfile

    path = tmp_path / "cardsfolder.tar.gz"
    with tarfile.open(path, "w:gz") as tf:
        script = b"Name:Ok\nTypes:Creature Bird\nPT:1/1\n"
        info = tarfile.TarInfo("a/ok.txt")
        info.size = len(script)
        tf.addfile(info, io.BytesIO(script))
        zeros = tarfile.TarInfo("filler.bin")
        zeros.size = 64 * 2**20
        tf.addfile(zeros, io.BytesIO(bytes(zeros.size)))
    assert path.stat().st_size < 200_000
    code, err = _import(capsys, tmp_path, path)
    assert code == 2 and "Traceback" not in err and "all members together" in err


def test_a_real_forge_zip_is_within_the_budget(tmp_path):
    from deckeditor.games.mtg.forge_script import iter_script_bytes
    from deckeditor.readlimits import Budget

    path = tmp_path / "cardsfolder.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for i in range(300):
            zf.writestr(f"c/card_{i}.txt", f"Name:Card {i}\nManaCost:{i % 7} G\nTypes:Creature Elf\n"
                                           f"PT:1/1\nOracle:Card number {i}.\n")  # fmt: skip
    assert len(list(iter_script_bytes(path))) == 300
    budget = Budget("x", 1_300_000)  # the 2020 cardsfolder .tar.xz: 13 MB of scripts in 1.3 MB
    budget.take(13 * 10**6 + 18_294 * 512)  # its scripts and their tar headers


def test_a_source_holds_at_most_a_card_per_256_bytes(tmp_path, capsys):
    """Issue 26.8: a card costs kilobytes whatever its record says; the limit (10,000 and one
    per 256 bytes uncompressed) is far above the real sources (700 bytes to 5 KB a card)."""
    assert readlimits.card_limit(0) == 10_000 and readlimits.card_limit(256 * 1000) == 11_000
    path = tmp_path / "AtomicCards.json"
    records = ", ".join(f'"C{i:06d}": [{{"name": "C{i:06d}"}}]' for i in range(30_000))
    path.write_text('{"meta": {}, "data": {' + records + "}}", encoding="utf-8")
    limit = readlimits.card_limit(path.stat().st_size)
    assert limit < 30_000
    code, err = _import(capsys, tmp_path, path)
    assert code == 2 and "Traceback" not in err
    assert f"holds more than {limit:,} cards" in err and str(path) in err


def test_the_real_sources_are_far_inside_the_card_limit():
    from tests.conftest import shared_data

    for path, cards in ((shared_data("mtg", "cards.json.xz"), 29_521),
                        (shared_data("forge", "reeforge-2020-cardsfolder.tar.xz"), 18_294),
                        (shared_data("riftbound", "cards.json"), 1_178)):  # fmt: skip
        assert readlimits.card_limit(readlimits.source_bytes(path)) > 1.5 * cards
