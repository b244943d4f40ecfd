"""Reading one card source for the database (an import, a rebuild, a `--cards` source): an
unusable source becomes one clear `CardSourceError`; what a source gave is written as the cards
it holds or, for a source that amends a pool, the cards it settles."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from deckeditor.carddb import issue_lines
from deckeditor.carddb.card_games import Progress, SourceResult
from deckeditor.carddb.source_summary import SourceSummary
from deckeditor.path_kind import Kind, kind_of


class CardSourceError(Exception):
    """A card source that cannot be used; the message is one line naming the source."""


def load_checked(path: str, progress: Progress | None) -> SourceResult:
    """`sources.load_source`, its failures one `CardSourceError` naming the source; a source
    that holds nothing is one too."""
    if kind_of(path)[0] is Kind.MISSING:  # not os.path.exists: False too for a closed folder's file
        raise CardSourceError(f"{path}: no such file or folder")
    # the readers' archive modules (zipfile, tarfile, lzma: ~4 ms) are not needed to open a pool
    from deckeditor.carddb.sources import load_source  # lazy: only a read loads the readers

    try:
        result = load_source(path, progress)
    except (OSError, ValueError, LookupError, EOFError) as exc:
        raise CardSourceError(_naming(path, exc)) from None
    except Exception as exc:  # the readers' own error classes (not a caller's cancel signal)
        module = type(exc).__module__
        if module.startswith("deckeditor.") and not module.startswith("deckeditor.ui"):
            raise CardSourceError(_naming(path, exc)) from None
        raise
    if result.holds_nothing:
        # "imported" with nothing in it would hide a wrong file behind a success message (a
        # supertype file or Commander Spellbook's combos hold no cards of their own)
        issues = result.issues
        why = f"; first problem: {issues[0]}" if issues else ""
        raise CardSourceError(f"{path}: no cards found in this {result.kind} source{why}")
    return result


def _naming(path: str, exc: BaseException) -> str:
    """One line that names the source once (most readers' messages already start with it)."""
    message = str(exc)
    return message if message.startswith(str(path)) else f"{path}: {message}"


class SourceWriter(Protocol):
    """What `store_result` needs of the database (`CardStore`)."""

    def load_cards(self, game: str | None = None) -> list[Any]: ...

    def write_source(
        self,
        path: str,
        kind: str,
        game: str,
        cards: Iterable[Any],
        errors: int = 0,
        note: str = "",
        warnings: int = 0,
        messages: Sequence[str] = (),
        stop: Callable[[], bool] | None = None,
    ) -> SourceSummary: ...


def store_result(
    store: SourceWriter, path: str, result: SourceResult, stop: Callable[[], bool] | None = None
) -> SourceSummary:
    """Write one source (its `SourceSummary`). A source that amends (a supertype file,
    riftbound.md §2.6) holds no cards: it is stored as the cards it settles among those
    already in the database, so later sources still win."""
    cards = result.cards
    if result.amend is not None:
        cards = result.settle(store.load_cards(result.game))
    issues = result.issues
    shown = [i for i in issues if issue_lines.severity(i) in ("warning", "error")]
    return store.write_source(
        path, result.kind, result.game, cards,
        issue_lines.error_count(issues), result.note,
        len(issue_lines.warnings(issues)), [issue_lines.issue_line(i) for i in shown], stop,
    )  # fmt: skip
