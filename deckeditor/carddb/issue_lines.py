"""An import's issues as the card database stores them: one line each (`severity: where:
message`), counted by kind (`cards info --json`; `issue_words` puts them in a player's words)."""

from __future__ import annotations

from collections.abc import Sequence

from deckeditor.carddb.import_issue import Issue


def severity(issue: Issue) -> str:
    return str(issue.severity).lower()


def error_count(issues: Sequence[Issue]) -> int:
    return sum(1 for i in issues if severity(i) == "error")


def warnings(issues: Sequence[Issue]) -> list[Issue]:
    return [i for i in issues if severity(i) == "warning"]


# What an import issue is about, from its line (first match wins); else its severity.
_ISSUE_KINDS = (
    ("identity", ("colorIdentity", "color_identity", "source says")),
    ("DeckRule", ("DeckRule",)),
    ("duplicate", ("twice", "duplicate")),
)


def issue_kind(line: str) -> str:
    for kind, words in _ISSUE_KINDS:
        if any(w in line for w in words):
            return kind
    return line.split(":", 1)[0].strip() or "warning"


def issue_kinds(lines: Sequence[str]) -> dict[str, int]:
    """Counts by kind, the largest first: {"identity": 43, "error": 2}."""
    counts: dict[str, int] = {}
    for line in lines:
        kind = issue_kind(line)
        counts[kind] = counts.get(kind, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def issue_line(issue: Issue) -> str:
    """One printable line: `warning: cards[17].code: OGN-007 appears twice; …`."""
    where, message = issue.where, issue.message
    return f"{severity(issue)}: {where}: {message}" if where else f"{severity(issue)}: {message}"
