"""The one loader of formats that the window and `--format` share (`formats.md` §13.3).

A format is either a built-in code (`resources/formats/<code>.json`, described by
`resources/format_index.json`) or a path to a JSON file in the seed-001 shape. A built-in names
its game and variant in the index; a file's variant is derived from its code (`mtg-rules.md` §4).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from deckeditor.formats import MAX_JSON_BYTES, Format, InvalidDeck, strict_json_loads
from deckeditor.paths import resources_dir

__all__ = [
    "FormatInfo",
    "FormatLoadError",
    "builtin_codes",
    "default_format_for",
    "load_format",
    "variant_of_code",
]

GAMES = ("mtg", "riftbound")
MTG_VARIANTS = ("commander", "brawl", "oathbreaker", "constructed", "paupercommander")
# Words of a code that name a rule set (`mtg-rules.md` §4 as amended, docs/spec-notes.md).
_VARIANT_WORDS = {
    "commander": "commander", "edh": "commander", "duel": "commander", "predh": "commander",
    "brawl": "brawl", "standardbrawl": "brawl", "historicbrawl": "brawl",
    "oathbreaker": "oathbreaker", "paupercommander": "paupercommander", "pdh": "paupercommander",
}  # fmt: skip
RIFTBOUND_VARIANT = "riftbound"
RIFTBOUND_MODES = ("competitive", "casual")
_DEFAULTS = {"mtg": "commander", "riftbound": "riftbound"}
_WORD_SPLIT = re.compile(r"[-_.]")
_CODE = re.compile(r"[a-z0-9][a-z0-9_.\-]{0,63}")


class FormatLoadError(ValueError):
    """An unknown code or a bad format file; the message says which and why."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """A loaded format with what the checker needs to pick its rules."""

    code: str
    game: str  # "mtg" or "riftbound"
    variant: str  # commander, brawl, oathbreaker, constructed, paupercommander, or riftbound
    format: Format
    path: Path | None  # None for a built-in
    title: str
    mode: str | None = None  # Riftbound only: "competitive" or "casual"
    group: str = ""  # how the New deck dialog and the legality overview group built-ins
    sideboard: int | None = None  # the format's own sideboard maximum, over its rule set's


def variant_of_code(code: str, *, mtg_only: bool = False) -> str:
    """The rule set a code implies (`mtg-rules.md` §4, amended in docs/spec-notes.md): the first
    word (split on - _ .) that names one decides (commander, edh, duel, predh; brawl,
    standardbrawl; oathbreaker; paupercommander, pdh, or "pauper" before commander/edh;
    riftbound); otherwise constructed. With `mtg_only` (the deck is known to be MTG) the word
    riftbound means nothing."""
    words = _WORD_SPLIT.split(code.lower())
    for i, word in enumerate(words):
        if word == "pauper" and i + 1 < len(words) and words[i + 1] in ("commander", "edh"):
            return "paupercommander"
        if word in _VARIANT_WORDS:
            return _VARIANT_WORDS[word]
        if word == RIFTBOUND_VARIANT and not mtg_only:
            return word
    return "constructed"


def game_of_variant(variant: str) -> str:
    return "riftbound" if variant == RIFTBOUND_VARIANT else "mtg"


def default_format_for(game: str) -> str:
    """The format code a deck of this game uses when it names none."""
    try:
        return _DEFAULTS[game]
    except KeyError:
        raise FormatLoadError(f"unknown game {game!r} (known: {', '.join(GAMES)})") from None


# --- the index --------------------------------------------------------------------------------


def _formats_dir() -> Path:
    return resources_dir() / "formats"


def _index_path() -> Path:
    return resources_dir() / "format_index.json"


def _check_index_entry(code: Any, entry: Any) -> dict[str, str]:
    where = f"format_index.json: {code!r}"
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise FormatLoadError(f"{where} is not a format code")
    if not isinstance(entry, dict):
        raise FormatLoadError(f"{where}: expected an object")
    game = entry.get("game")
    variant = entry.get("variant")
    allowed = (
        {"game", "variant", "mode"}
        if game == "riftbound"
        else {"game", "variant", "group", "sideboard"}
    )
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise FormatLoadError(f"{where}: unknown key {unknown[0]!r}")
    if game not in GAMES:
        raise FormatLoadError(f"{where}.game: {game!r} is not one of {', '.join(GAMES)}")
    variants = (RIFTBOUND_VARIANT,) if game == "riftbound" else MTG_VARIANTS
    if variant not in variants:
        raise FormatLoadError(
            f"{where}.variant: {variant!r} is not a {game} variant ({', '.join(variants)})"
        )
    result = {"game": game, "variant": variant}
    if "group" in entry:
        if not isinstance(entry["group"], str) or not entry["group"].strip():
            raise FormatLoadError(f"{where}.group: must be a non-empty string")
        result["group"] = entry["group"]
    if "sideboard" in entry:
        board = entry["sideboard"]
        if type(board) is not int or not 0 <= board <= 100:
            raise FormatLoadError(f"{where}.sideboard: must be a count from 0 to 100")
        result["sideboard"] = board
    if game == "riftbound":
        mode = entry.get("mode")
        if mode not in RIFTBOUND_MODES:
            raise FormatLoadError(
                f"{where}.mode: {mode!r} is not one of {', '.join(RIFTBOUND_MODES)}"
            )
        result["mode"] = mode
    return result


@lru_cache(maxsize=1)
def _index() -> dict[str, dict[str, str]]:
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
    the one its code implies; its variant comes from its code (§13.3). A Riftbound file is
    checked in competitive mode.
    """
    if game is not None and game not in GAMES:
        raise FormatLoadError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
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
    variant = variant_of_code(fmt.code)
    if game is None:
        game = game_of_variant(variant)
    if game == "riftbound":
        variant, mode = RIFTBOUND_VARIANT, "competitive"
    else:
        # An MTG deck: "riftbound" is no MTG word, so "riftbound-commander" is commander.
        variant, mode = variant_of_code(fmt.code, mtg_only=True), None
    return FormatInfo(
        code=fmt.code,
        game=game,
        variant=variant,
        format=fmt,
        path=path.resolve(),
        title=fmt.name,
        mode=mode,
    )
