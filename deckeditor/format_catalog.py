"""The one loader of formats that the window and `--format` share (`formats.md` §13.3).

A format is either a built-in code (`resources/formats/<code>.json`, described by
`resources/format_index.json`) or a path to a JSON file in the seed-001 shape. A built-in names
its game and variant in the index; a file's variant is derived from its code (`mtg-rules.md` §4).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from deckeditor.formats import MAX_JSON_BYTES, Format, InvalidDeck, strict_json_loads
from deckeditor.paths import resources_dir

__all__ = [
    "FormatFamily",
    "FormatInfo",
    "FormatLoadError",
    "builtin_codes",
    "declare",
    "default_format_for",
    "load_format",
    "variant_of_code",
]


@dataclass(frozen=True, slots=True)
class FormatFamily:
    """How a game's formats are told apart (`formats.md` §13.3, `mtg-rules.md` §4).

    `variants` are the rule sets a built-in of the game may name in `format_index.json`, whose
    entries may carry `index_keys` besides `game` and `variant`; `modes`, when given, is the
    required `mode` key's choices. `variant_of_word(words, i)` names the variant word `i` of a
    format code implies (the code split on - _ .), None when it names none. A player's format file of the
    game is checked as `file_variant` in `file_mode` when those are set, else as the variant its
    code implies (`fallback_variant` when none)."""

    variants: tuple[str, ...]
    variant_of_word: Callable[[list[str], int], str | None]
    fallback_variant: str
    index_keys: frozenset[str] = frozenset()
    modes: tuple[str, ...] = ()
    file_variant: str | None = None
    file_mode: str | None = None


# each declared game's format family and default format, the default game first; the games'
# registry enters them (`declare`), so the catalog names no game
_FAMILIES: dict[str, tuple[FormatFamily, str]] = {}
_WORD_SPLIT = re.compile(r"[-_.]")
_CODE = re.compile(r"[a-z0-9][a-z0-9_.\-]{0,63}")


class FormatLoadError(ValueError):
    """An unknown code or a bad format file; the message says which and why."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """A loaded format with what the checker needs to pick its rules."""

    code: str
    game: str  # a declared game's code
    variant: str  # a rule set of the game's format family (commander, brawl, ...)
    format: Format
    path: Path | None  # None for a built-in
    title: str
    mode: str | None = None  # for a family with modes ("competitive" or "casual")
    group: str = ""  # how the New deck dialog and the legality overview group built-ins
    sideboard: int | None = None  # the format's own sideboard maximum, over its rule set's


def declare(game: str, family: FormatFamily, default_format: str) -> None:
    """Enter a game's format family (the registry does, in its games' order)."""
    _FAMILIES[game] = (family, default_format)


def withdraw(game: str) -> None:
    _FAMILIES.pop(game, None)


def _games() -> tuple[str, ...]:
    return tuple(_FAMILIES)


def variant_of_code(code: str, *, game: str | None = None) -> str:
    """The rule set a code implies (`mtg-rules.md` §4, amended in docs/spec-notes.md): the first
    word (split on - _ .) that names one in any game's format family decides (commander, edh,
    duel, predh; brawl, standardbrawl; oathbreaker; paupercommander, pdh, or "pauper" before
    commander/edh; riftbound); otherwise the default game's fallback (constructed). With `game`
    (the deck's game is known) only that game's words count."""
    families = [f for code, (f, _) in _FAMILIES.items() if game is None or code == game]
    words = _WORD_SPLIT.split(code.lower())
    for i in range(len(words)):
        for family in families:
            found = family.variant_of_word(words, i)
            if found is not None:
                return found
    return (families[0] if families else _family(_games()[0])).fallback_variant


def game_of_variant(variant: str) -> str:
    """The game whose format family has the rule set (the default game for none)."""
    for code, (family, _) in _FAMILIES.items():
        if variant in family.variants:
            return code
    return _games()[0]


def _family(game: str) -> FormatFamily:
    return _FAMILIES[game][0]


def default_format_for(game: str) -> str:
    """The format code a deck of this game uses when it names none."""
    try:
        return _FAMILIES[game][1]
    except KeyError:
        raise FormatLoadError(f"unknown game {game!r} (known: {_known()})") from None


def _known() -> str:
    return ", ".join(_FAMILIES)


# --- the index --------------------------------------------------------------------------------


def _formats_dir() -> Path:
    return resources_dir() / "formats"


def _index_path() -> Path:
    return resources_dir() / "format_index.json"


def _check_index_entry(code: Any, entry: Any) -> dict[str, Any]:
    where = f"format_index.json: {code!r}"
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise FormatLoadError(f"{where} is not a format code")
    if not isinstance(entry, dict):
        raise FormatLoadError(f"{where}: expected an object")
    game = entry.get("game")
    variant = entry.get("variant")
    family = _family(game) if game in _FAMILIES else None
    keys_of = family or _family(_games()[0])  # an unknown game: the default's keys
    allowed = {"game", "variant"} | keys_of.index_keys | ({"mode"} if keys_of.modes else set())
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise FormatLoadError(f"{where}: unknown key {unknown[0]!r}")
    if family is None:
        raise FormatLoadError(f"{where}.game: {game!r} is not one of {_known()}")
    if variant not in family.variants:
        raise FormatLoadError(
            f"{where}.variant: {variant!r} is not a {game} variant ({', '.join(family.variants)})"
        )
    result: dict[str, Any] = {"game": game, "variant": variant}
    if "group" in entry:
        if not isinstance(entry["group"], str) or not entry["group"].strip():
            raise FormatLoadError(f"{where}.group: must be a non-empty string")
        result["group"] = entry["group"]
    if "sideboard" in entry:
        board = entry["sideboard"]
        if type(board) is not int or not 0 <= board <= 100:
            raise FormatLoadError(f"{where}.sideboard: must be a count from 0 to 100")
        result["sideboard"] = board
    if family.modes:
        mode = entry.get("mode")
        if mode not in family.modes:
            raise FormatLoadError(f"{where}.mode: {mode!r} is not one of {', '.join(family.modes)}")
        result["mode"] = mode
    return result


@lru_cache(maxsize=1)
def _index() -> dict[str, dict[str, Any]]:
    path = _index_path()
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FormatLoadError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        data = strict_json_loads(raw)
    except InvalidDeck as exc:
        raise FormatLoadError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise FormatLoadError(f"{path}: the index is not a JSON object")
    return {code: _check_index_entry(code, entry) for code, entry in data.items()}


def builtin_codes() -> list[str]:
    """The built-in format codes, in the index's order."""
    return list(_index())


# --- loading ----------------------------------------------------------------------------------


def _read_format_file(path: Path) -> Format:
    try:
        with path.open("rb") as handle:
            # One byte more than the limit is enough for from_json to refuse a big file.
            raw = handle.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise FormatLoadError(f"cannot read format file {path}: {exc.strerror or exc}") from None
    try:
        return Format.from_json(raw)
    except InvalidDeck as exc:
        raise FormatLoadError(f"{path}: {exc}") from None


@cache
def _load_builtin(code: str) -> FormatInfo:
    entry = _index()[code]
    path = _formats_dir() / f"{code}.json"
    fmt = _read_format_file(path)
    if fmt.code != code:
        raise FormatLoadError(f"{path}: its code is {fmt.code!r}, not {code!r}")
    return FormatInfo(
        code=code,
        game=entry["game"],
        variant=entry["variant"],
        format=fmt,
        path=None,
        title=fmt.name,
        mode=entry.get("mode"),
        group=entry.get("group", ""),
        sideboard=entry.get("sideboard"),
    )


def _looks_like_path(text: str) -> bool:
    return (
        text.lower().endswith(".json")
        or "/" in text
        or os.sep in text
        or (os.altsep is not None and os.altsep in text)
        or Path(text).is_file()
    )


def load_format(code_or_path: str | os.PathLike[str], game: str | None = None) -> FormatInfo:
    """A built-in format by code, or a player's format file by path.

    A file has no index entry: its game is the deck's (`game`, when the caller knows it), else
    the one its code implies; its variant comes from its code (§13.3), or is the game family's
    `file_variant` (Riftbound's, checked in competitive mode).
    """
    if game is not None and game not in _FAMILIES:
        raise FormatLoadError(f"unknown game {game!r} (known: {_known()})")
    text = os.fspath(code_or_path)
    if not isinstance(code_or_path, os.PathLike) and text in _index():
        return _load_builtin(text)
    if not isinstance(code_or_path, os.PathLike) and not _looks_like_path(text):
        raise FormatLoadError(
            f"unknown format {text!r}: not a built-in ({', '.join(builtin_codes())}) "
            "and not a path to a format file"
        )
    path = Path(text).expanduser()
    if not path.is_file():
        raise FormatLoadError(f"format file {path} does not exist")
    fmt = _read_format_file(path)
    if game is None:
        game = game_of_variant(variant_of_code(fmt.code))
    family = _family(game)
    # A file's variant is its game's words alone: "riftbound" is no MTG word, so an MTG deck's
    # "riftbound-commander" is commander.
    variant = family.file_variant or variant_of_code(fmt.code, game=game)
    mode = family.file_mode
    return FormatInfo(
        code=fmt.code,
        game=game,
        variant=variant,
        format=fmt,
        path=path.resolve(),
        title=fmt.name,
        mode=mode,
    )
