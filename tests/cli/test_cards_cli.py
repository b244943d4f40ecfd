"""`deckeditor cards import|info|search` through the real command-line entry point."""

from __future__ import annotations

import io
import json
import sys
import types
from pathlib import Path

import pytest

from deckeditor.carddb import sources as source_reader
from deckeditor.carddb.card_games import SourceResult
from deckeditor.carddb.records import from_record, to_record
from deckeditor.cli import main
from deckeditor.commands.cards import ProgressReport
from deckeditor.games.mtg.card import Card, Face, Layout


@pytest.fixture
def sources(monkeypatch):
    """Stand-in card source reader: a JSON file {"kind", "game", "cards": [records]}."""

    def load_source(path, progress=None):
        data = json.loads(Path(path).read_text())
        cards = [from_record(r, data["game"]) for r in data["cards"]]
        for i in range(1, len(cards) + 1):
            if progress:
                progress(i, len(cards))
        return SourceResult(data["kind"], data["game"], cards)

    monkeypatch.setattr(source_reader, "load_source", load_source)


def source_file(path: Path, names, kind="forge") -> Path:
    cards = [Card(name=n, layout=Layout.NORMAL, faces=(Face(name=n),)) for n in names]
    path.write_text(
        json.dumps({"kind": kind, "game": "mtg", "cards": [to_record(c) for c in cards]})
    )
    return path


def test_info_json_on_an_empty_home(tmp_path, capsys):
    assert main(["--home", str(tmp_path), "cards", "info", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"sources": [], "games": {"mtg": {"cards": 0}}}


def test_import_then_info(tmp_path, capsys, sources):
    src = source_file(tmp_path / "pool.json", [f"Card {i}" for i in range(25)])
    home = tmp_path / "home"
    assert main(["--home", str(home), "cards", "import", str(src)]) == 0
    out, err = capsys.readouterr()
    assert f"{src.resolve()}: 25 mtg cards (forge)" in out
    # Not a terminal: plain progress lines, no carriage returns.
    assert "\r" not in err
    assert f"reading {src.resolve()}" in err
    assert "25/25 (100%)" in err
    assert (home / "cache" / "cards.sqlite3").is_file()

    assert main(["cards", "info", "--json", "--home", str(home)]) == 0  # --home after it too
    assert json.loads(capsys.readouterr().out) == {
        "sources": [{"path": str(src.resolve()), "kind": "forge", "cards": 25, "errors": 0}],
        "games": {"mtg": {"cards": 25}},
    }
    assert main(["--home", str(home), "cards", "info"]) == 0
    text = capsys.readouterr().out
    assert "forge, 25 cards" in text and "mtg: 25 cards" in text


def test_deckeditor_home_environment(tmp_path, capsys, sources, monkeypatch):
    monkeypatch.setenv("DECKEDITOR_HOME", str(tmp_path / "env"))
    src = source_file(tmp_path / "p.json", ["Alpha"])
    assert main(["cards", "import", str(src)]) == 0
    capsys.readouterr()
    assert (tmp_path / "env" / "cache" / "cards.sqlite3").is_file()
    assert main(["--home", str(tmp_path / "other"), "cards", "info", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sources"] == []


def test_a_missing_source_is_exit_2_with_one_line(tmp_path, capsys, sources):
    code = main(["--home", str(tmp_path), "cards", "import", str(tmp_path / "missing.zip")])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("deckeditor cards import: ")
    assert "missing.zip" in err[-1] and "Traceback" not in "\n".join(err)


def test_a_bad_source_writes_nothing(tmp_path, capsys, sources):
    good = source_file(tmp_path / "good.json", ["Alpha"])
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["--home", str(tmp_path / "h"), "cards", "import", str(good), str(bad)]) == 2
    capsys.readouterr()
    assert main(["--home", str(tmp_path / "h"), "cards", "info", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sources"] == []


def test_cards_without_an_action_is_a_usage_error(capsys):
    assert main(["cards"]) == 2
    assert "import, rebuild, info or search" in capsys.readouterr().err


def test_search_delegates_to_the_search_command(tmp_path, capsys, monkeypatch):
    seen = {}
    module = types.ModuleType("deckeditor.commands.cards_search")

    def run_search(args):
        seen.update(vars(args))
        print("ok")
        return 0

    module.run_search = run_search
    monkeypatch.setitem(sys.modules, "deckeditor.commands.cards_search", module)
    argv = ["--home", str(tmp_path), "cards", "search", "t:instant c:u", "--cards", "a.zip",
            "--cards", "b.json", "--format", "commander", "--on", "2024-09-23", "--json"]  # fmt: skip
    assert main(argv) == 0
    assert capsys.readouterr().out == "ok\n"
    assert seen["query"] == "t:instant c:u"
    assert seen["cards"] == ["a.zip", "b.json"]
    assert (seen["format"], seen["on"], seen["json"]) == ("commander", "2024-09-23", True)
    assert seen["home"] == str(tmp_path)


def test_search_without_the_search_module_is_exit_2(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "deckeditor.commands.cards_search", None)  # import fails
    assert main(["cards", "search", "t:land"]) == 2
    assert "search command is not available" in capsys.readouterr().err


def test_progress_bar_on_a_terminal():
    stream = io.StringIO()
    report = ProgressReport(stream, tty=True)
    report.start("cards.json")
    report(0, 100)
    report(100, 100)
    report.finish()
    text = stream.getvalue()
    assert text.startswith("\rcards.json [")
    assert "[" + "#" * 30 + "] 100/100" in text
    assert text.endswith("\n")


def test_progress_lines_accept_keywords_and_text():
    stream = io.StringIO()
    report = ProgressReport(stream, tty=False)
    report.start("x")
    report(done=5, total=10)
    report(10, 10, "finishing")
    assert stream.getvalue().splitlines() == ["reading x", "x: 5/10 (50%)", "x: 10/10 (100%)"]


def test_import_warnings_reach_the_user(tmp_path, capsys):
    """`cards import` ends with counts by kind and the first few issues (--verbose: all);
    `cards info --json` reports them per source."""
    import json as _json

    from deckeditor.cli import main

    data = {"meta": {"date": "2026-01-03"}, "data": {}}
    for i in range(8):  # the source says black-red; the card shows only black
        data["data"][f"Sword {i}"] = [
            {
                "name": f"Sword {i}",
                "manaCost": "{B}",
                "type": "Creature",
                "types": ["Creature"],
                "colorIdentity": ["B", "R"],
            }
        ]
    src = tmp_path / "atomic.json"
    src.write_text(_json.dumps(data), encoding="utf-8")
    home = tmp_path / "home"
    assert main(["--home", str(home), "cards", "import", str(src)]) == 0
    err = capsys.readouterr().err
    assert "import issues: 8 identity" in err
    assert err.count("source says BR, computed B; using BR") == 5 and "3 more" in err
    assert main(["--home", str(home), "cards", "import", "--verbose", str(src)]) == 0
    assert capsys.readouterr().err.count("using BR") == 8
    assert main(["--home", str(home), "cards", "info", "--json"]) == 0
    (source,) = _json.loads(capsys.readouterr().out)["sources"]
    assert source["issues"]["kinds"] == {"identity": 8}
    assert len(source["issues"]["messages"]) == 8
