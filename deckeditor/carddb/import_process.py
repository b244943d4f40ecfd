"""A card import in its own process, for the window (issue 17).

Run in a thread of the window's process, an import shares one interpreter lock with the window:
decoding a 30,000-card JSON file holds it for a second or more at a time (the window freezes), and
every progress report makes the two threads hand it back and forth (the import took 1.5–7× the
command line's time). In a child process the import runs as fast as `deckeditor cards import`
and the window only reads its progress lines.

    python -m deckeditor.ui.import_child CARD_DB SOURCE...

(that entry loads the games, which register their card sources, then runs `main` here) prints JSON lines: `{"phase": ["reading", source]}` before each source and `{"phase": ["writing",
""]}` before the database is written, `{"progress": [done, total, text]}` (at most every 50 ms,
and the last one), then `{"done": [summary, ...]}`, or `{"error": "one line"}` with exit status 1.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckeditor.carddb.source_summary import SourceSummary

THROTTLE_S = 0.05


def progress_numbers(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> tuple[int, int, str]:
    """The importers report progress as (done, total[, text]) or keywords; read what is there."""
    nums = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
    texts = [a for a in args if isinstance(a, str)]
    done = kwargs.get("done", nums[0] if nums else 0)
    total = kwargs.get("total", nums[1] if len(nums) > 1 else 0)
    text = kwargs.get("text", texts[0] if texts else "")
    return int(done or 0), int(total or 0), str(text or "")


def _say(doc: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def summary_from(doc: Mapping[str, Any]) -> SourceSummary:
    names = {f.name for f in dataclasses.fields(SourceSummary)}
    return SourceSummary(**{k: v for k, v in doc.items() if k in names})


@dataclass(frozen=True, slots=True)
class _Where:
    card_db: Path


class _Throttled:
    """The progress lines the window reads: at most one every `THROTTLE_S`, plus the last one
    and one for each change of the text."""

    def __init__(self) -> None:
        self.at = 0.0
        self.numbers = (0, 0, "")

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        numbers = progress_numbers(args, kwargs)
        now = time.monotonic()
        finished = numbers[1] and numbers[0] >= numbers[1]
        if now - self.at >= THROTTLE_S or finished or numbers[2] != self.numbers[2]:
            self.at = now
            _say({"progress": list(numbers)})
        self.numbers = numbers


def main(argv: list[str] | None = None) -> int:
    """The child's work, once its entry has loaded the games (`deckeditor.ui.import_child`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) < 2:
        _say({"error": "usage: import_process CARD_DB SOURCE..."})
        return 2
    # the window imports this module for its helpers; only the child writes the database
    from deckeditor.carddb import store  # lazy: the window's start needs no store for this

    card_db, sources = Path(argv[0]), argv[1:]
    try:
        summaries = store.import_sources(
            sources,
            _Throttled(),
            app_paths=_Where(card_db),
            on_source=lambda path: _say({"phase": ["reading", path]}),
            on_store=lambda: _say({"phase": ["writing", ""]}),
        )
    except Exception as exc:  # shown in the window's dialog; the database is left as it was
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _say({"error": text})
        return 1
    _say({"done": [dataclasses.asdict(s) for s in summaries]})
    return 0
