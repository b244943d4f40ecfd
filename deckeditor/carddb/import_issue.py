"""One bad or doubtful record met while importing a card source (the import goes on)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Issue(Protocol):
    """What the card database reads of any reader's issue (a game's own issue classes too)."""

    @property
    def where(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def severity(self) -> str: ...


@dataclass(frozen=True, slots=True)
class ImportIssue:
    """A bad or doubtful record met while importing; the import goes on."""

    source: str  # the file (or archive member) it came from
    where: str  # "line 12", a JSON path such as `data["Fire // Ice"][1].manaCost`, ...
    message: str
    severity: str = "error"  # "error": the record was skipped; "warning": kept

    def __str__(self) -> str:
        return f"{self.source}: {self.where}: {self.severity}: {self.message}"
