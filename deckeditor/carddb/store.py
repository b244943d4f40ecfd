"""The card database as the program uses it: import sources into it (`import_sources`), say what
it holds (`info`) and open the pool a deck is edited against (`open_pool`: the database's, else
the starter pool, with `--cards` sources in front).

The database itself is `deckeditor.carddb.database.CardStore`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from deckeditor.carddb import card_games, derived
from deckeditor.carddb.card_games import Progress
from deckeditor.carddb.database import SCHEMA_VERSION, CardStore, ImportStopped
from deckeditor.carddb.issue_lines import issue_kind, issue_kinds, issue_line
from deckeditor.carddb.pool import CardPool
from deckeditor.carddb.records import game_of
from deckeditor.carddb.source_loading import CardSourceError, load_checked, store_result
from deckeditor.carddb.source_summary import SourceSummary
from deckeditor.carddb.starter import starter_pool
from deckeditor.paths import AppPaths

__all__ = [
    "SCHEMA_VERSION",
    "CardSourceError",
    "CardStore",
    "ImportStopped",
    "SourceSummary",
    "database_cards",
    "game_of",
    "import_sources",
    "info",
    "issue_kind",
    "issue_kinds",
    "issue_line",
    "open_pool",
    "starter_pool",
]


class HasCardDb(Protocol):
    """Where the database is (`AppPaths`, or the import child's stand-in)."""

    @property
    def card_db(self) -> Path: ...


def import_sources(
    paths: Sequence[str | os.PathLike[str]],
    progress: Progress | None = None,
    app_paths: HasCardDb | None = None,
    on_source: Callable[[str], object] | None = None,
    on_store: Callable[[], object] | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[SourceSummary]:
    """Read each source and store its cards (later sources win per name). `on_source(path)` is
    told before each source is read and `on_store()` before the database is written, so a
    progress display can say what it is waiting for. `stop()` true while the database is
    written rolls back the source being written and raises ImportStopped."""
    where = app_paths or AppPaths.resolve()
    results = []
    # Read everything first, so a bad source leaves the database untouched.
    for raw in paths:
        path = str(Path(raw).expanduser().resolve())
        if on_source is not None:
            on_source(path)
        results.append((path, load_checked(path, progress)))
    if on_store is not None:
        on_store()
    with CardStore(where.card_db) as store:
        summaries = [store_result(store, path, result, stop) for path, result in results]
        for game in dict.fromkeys(result.game for _, result in results):
            _derive(store, game)
    return summaries


def _derive(store: CardStore, game: str) -> None:
    """What the game computes once per stored pool (card roles), kept beside the snapshot so
    no start computes it again. A cache only: a failure leaves it to be computed on first use."""
    declared = card_games.find(game)
    if declared is None or declared.derive is None:
        return
    try:
        written = store.written.get(game)
        if written is not None:  # the pool just stored: no need to read its snapshot back
            pool: CardPool[Any] | None = written[0]
            derived.attach(written[0], derived.DerivedCache(store.path, game, written[1], pool))
        else:
            pool = store.load_pool(game)
        if pool is not None:
            declared.derive(pool)
    except Exception:  # noqa: BLE001 - never fails an import that is already stored
        pass


def info(app_paths: AppPaths | None = None, details: bool = False) -> dict[str, Any]:
    where = app_paths or AppPaths.resolve()
    with CardStore(where.card_db) as store:
        return store.info(details)


def database_cards(app_paths: AppPaths, game: str | None = None) -> list[Any]:
    store = CardStore(app_paths.card_db)
    if not store.exists:
        return []
    with store:
        return store.load_cards(game)


def open_pool(
    paths: AppPaths | None = None,
    extra_sources: Sequence[str | os.PathLike[str]] = (),
    game: str | None = None,
    progress: Progress | None = None,
    lazy: bool = False,
) -> CardPool[Any]:
    """The database pool if it holds cards of `game` (None: the default game), else the starter
    pool; then each `--cards` source in front of it, in order (a later source wins for a name).
    `lazy`: the database's cards are decoded when first asked for (a command that reads a few
    of them)."""
    paths = paths or AppPaths.resolve()
    code = game if game is not None else card_games.default_code()
    pool = None
    store = CardStore(paths.card_db)
    combos_path = None
    if store.exists:
        with store:
            pool = store.load_pool(code, lazy=lazy and not extra_sources)
            combos_path = store.combos_path(code)
    if pool is None:
        pool = CardPool(code, starter_pool(code).cards)  # a copy: the cached pool stays as is
    pool.combos_path = combos_path
    for raw in extra_sources:
        result = load_checked(str(Path(raw).expanduser()), progress)
        if result.game != code:
            continue  # a source for another game adds nothing to this pool
        pool.extend(result.settle(pool.cards) if result.amend is not None else result.cards)
        if result.combos is not None:
            pool.combos = result.combos  # Commander Spellbook: combos for the bracket report
    return pool
