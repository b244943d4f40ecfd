"""A card import in its own process, for the window (issue 17).

Run in a thread of the window's process, an import shares one interpreter lock with the window:
decoding a 30,000-card JSON file holds it for a second or more at a time (the window freezes), and
every progress report makes the two threads hand it back and forth (the import took 1.5–7× the
command line's time). In a child process the import runs as fast as `deckeditor cards import`
and the window only reads its progress lines.

    python -m deckeditor.carddb.import_process CARD_DB SOURCE...

prints JSON lines: `{"phase": ["reading", source]}` before each source and `{"phase": ["writing",
""]}` before the database is written, `{"progress": [done, total, text]}` (at most every 50 ms,
and the last one), then `{"done": [summary, ...]}`, or `{"error": "one line"}` with exit status 1.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

THROTTLE_S = 0.05


def progress_numbers(args: tuple, kwargs: dict) -> tuple[int, int, str]:
    """The importers report progress as (done, total[, text]) or keywords; read what is there."""
    nums = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
    texts = [a for a in args if isinstance(a, str)]
    done = kwargs.get("done", nums[0] if nums else 0)
    total = kwargs.get("total", nums[1] if len(nums) > 1 else 0)
    text = kwargs.get("text", texts[0] if texts else "")
    return int(done or 0), int(total or 0), str(text or "")


def command(card_db: str, sources: list[str]) -> list[str]:
    """The child's command line (the same interpreter and code as this process)."""
    return [sys.executable, "-m", "deckeditor.carddb.import_process", str(card_db), *sources]


def child_env() -> dict[str, str]:
    """This process's environment, with the folder this `deckeditor` package was imported from
    first on the path: the child runs the same code whatever the working directory."""
    import os

    import deckeditor

    root = str(Path(deckeditor.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    return env


def _say(doc: dict) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def summary_from(doc: dict) -> Any:
    from deckeditor.carddb.store import SourceSummary

    names = {f.name for f in dataclasses.fields(SourceSummary)}
    return SourceSummary(**{k: v for k, v in doc.items() if k in names})


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) < 2:
        _say({"error": "usage: import_process CARD_DB SOURCE..."})
        return 2
    from types import SimpleNamespace

    from deckeditor.carddb.store import import_sources

    card_db, sources = Path(argv[0]), argv[1:]
    last = {"at": 0.0, "numbers": None}

    def progress(*args, **kwargs) -> None:
        numbers = progress_numbers(args, kwargs)
        now = time.monotonic()
        finished = numbers[1] and numbers[0] >= numbers[1]
        if (
            now - last["at"] >= THROTTLE_S
            or finished
            or numbers[2] != (last["numbers"] or (0, 0, ""))[2]
        ):
            last["at"] = now
            _say({"progress": list(numbers)})
        last["numbers"] = numbers

    try:
        summaries = import_sources(
            sources,
            progress,
            app_paths=SimpleNamespace(card_db=card_db),
            on_source=lambda path: _say({"phase": ["reading", path]}),
            on_store=lambda: _say({"phase": ["writing", ""]}),
        )
    except Exception as exc:  # shown in the window's dialog; the database is left as it was
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _say({"error": text})
        return 1
    _say({"done": [dataclasses.asdict(s) for s in summaries]})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
