"""The window's card import in a child process (issue 17), started as

    python -m deckeditor.ui.import_child CARD_DB SOURCE...

It loads the games first (they register their card sources with the card database), then runs
`deckeditor.carddb.import_process.main`, which speaks the JSON-lines protocol the window reads.
No Qt is imported here: the child is a plain Python process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import deckeditor
from deckeditor.carddb.import_process import main
from deckeditor.games import registry  # noqa: F401 - the games hand their card sources over

MODULE = "deckeditor.ui.import_child"


def command(card_db: str, sources: list[str]) -> list[str]:
    """The child's command line (the same interpreter and code as this process)."""
    return [sys.executable, "-m", MODULE, str(card_db), *sources]


def child_env() -> dict[str, str]:
    """This process's environment, with the folder this `deckeditor` package was imported from
    first on the path: the child runs the same code whatever the working directory."""
    root = str(Path(deckeditor.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    return env


if __name__ == "__main__":
    raise SystemExit(main())
