"""The own deck file's shape as pydantic models (`deck-files.md` §3), read by `deckfile.reading`.

Apart so that the common well-formed file is read without importing pydantic (`deckfile.fast`
checks the same rules in plain Python and hands everything else, errors included, to these
models), which a `check` or a window start would otherwise pay for (~60 ms).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from deckeditor import deck_games
from deckeditor.deck import MAX_COUNT
from deckeditor.deckfile.schema import CODE as _CODE
from deckeditor.deckfile.schema import CONTROL as _CONTROL


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, populate_by_name=True)


class IdsModel(_Model):
    scryfall: str | None = None
    mtgo: int | None = None
    arena: int | None = None
    multiverse: int | None = None


class PrintingModel(_Model):
    set: str | None = None
    number: str | None = None
    finish: Literal["nonfoil", "foil", "etched"] | None = None
    forge_art: int | None = Field(default=None, ge=1, le=99)
    ids: IdsModel | None = None
    code: str | None = None


class ChoicesModel(_Model):
    colors: str | None = None

    @field_validator("colors")
    @classmethod
    def _wubrg(cls, value: str | None) -> str | None:
        if value is None:
            return value
        if not value or "".join(c for c in "WUBRG" if c in value) != value:
            raise ValueError("must be 1 to 5 distinct letters of WUBRG, in WUBRG order")
        return value


class EntryModel(_Model):
    card: str = Field(min_length=1)
    count: int = Field(ge=1, le=MAX_COUNT)
    printing: PrintingModel | None = None
    choices: ChoicesModel | None = None
    tags: list[str] = []
    categories: list[str] | None = None  # the player's categories for the line (absent: its roles)
    flags: dict[str, str] = {}

    @field_validator("categories")
    @classmethod
    def _categories(cls, value: list[str] | None) -> list[str] | None:
        if value is not None:
            _check_categories(value)
        return value


def _check_categories(value: list[str]) -> None:
    if any(not 1 <= len(t) <= 100 or t != t.strip() or _CONTROL.search(t) for t in value):
        raise ValueError(
            "each category must be 1 to 100 characters, without control characters "
            "or surrounding spaces"
        )
    if len(set(value)) != len(value):
        raise ValueError("each category may appear once")


class SectionModel(_Model):
    name: str = Field(min_length=1, max_length=64)
    entries: list[EntryModel]


class UnparsedModel(_Model):
    source: str
    line: int
    text: str
    reason: str


class DeckFileModel(_Model):
    schema_: Literal["deckeditor-deck"] = Field(alias="schema")
    version: int
    game: str  # a declared game (`deck_games`)
    name: str
    format: str | None
    notes: str = Field(default="", max_length=100_000)
    tags: list[str] = []
    bracket: int | None = None  # Commander Brackets target (1-5)
    template: dict[str, int] | None = None  # copies wanted per category
    category_names: dict[str, str] | None = None  # the deck's names for the game's roles
    created: str | None = None
    modified: str | None = None
    sections: list[SectionModel]
    unparsed: list[UnparsedModel] = []
    foreign: dict[str, Any] = {}

    @field_validator("game", mode="before")
    @classmethod
    def _game(cls, value: object) -> object:
        if not deck_games.known(value):
            # worded as pydantic words a Literal of the declared games
            names = [repr(code) for code in deck_games.codes()]
            listed = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            raise ValueError(f"Input should be {listed}")
        return value

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not 1 <= len(value) <= 200 or value != value.strip() or _CONTROL.search(value):
            raise ValueError(
                "must be 1 to 200 characters, without control characters or surrounding spaces"
            )
        return value

    @field_validator("created", "modified")
    @classmethod
    def _timestamp(cls, value: str | None) -> str | None:
        if value is None:
            return value
        try:
            stamp = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError("must be an ISO 8601 date and time") from None
        if stamp.tzinfo is None:
            raise ValueError("must carry a UTC offset (2026-11-29T10:00:00+00:00)")
        return value

    @field_validator("format")
    @classmethod
    def _format(cls, value: str | None) -> str | None:
        if value is not None and not _CODE.match(value):
            raise ValueError("must be a format code (lower-case letters, digits, _ . -) or null")
        return value

    @field_validator("bracket")
    @classmethod
    def _bracket(cls, value: int | None) -> int | None:
        if value is not None and not 1 <= value <= 5:
            raise ValueError("must be a Commander bracket from 1 to 5, or null")
        return value

    @field_validator("template")
    @classmethod
    def _template(cls, value: dict[str, int] | None) -> dict[str, int] | None:
        if value is None:
            return value
        _check_categories(list(value))
        if any(not 0 <= n <= MAX_COUNT for n in value.values()):
            raise ValueError(f"each target must be a number of cards from 0 to {MAX_COUNT}")
        return value

    @field_validator("category_names")
    @classmethod
    def _category_names(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        if value is not None:
            _check_categories(list(value))
            _check_categories(list(value.values()))
        return value

    @field_validator("tags")
    @classmethod
    def _tags(cls, value: list[str]) -> list[str]:
        if any(not 1 <= len(t) <= 100 for t in value):
            raise ValueError("each tag must be 1 to 100 characters")
        if len(set(value)) != len(value):
            raise ValueError("each tag may appear once")
        return value

    @field_validator("sections")
    @classmethod
    def _unique_sections(cls, value: list[SectionModel]) -> list[SectionModel]:
        names = [s.name for s in value]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"section {name!r} appears more than once")
        return value
