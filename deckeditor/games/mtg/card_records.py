"""MTG cards as records (`deckeditor.carddb.records`): the database rows, the starter pool
(`resources/mtg/starter-cards.json`) and own records files.

Records hold every field of `deckeditor.games.mtg.card.Card` as built: identity and the other
derived facts are stored, never recomputed here (recomputing is the importer's job), so a record
round-trips to an equal card. Fields equal to their default are left out to keep files small and
readable; reading fills the defaults back in.
"""

from __future__ import annotations

import re
import sys
from dataclasses import fields, replace
from typing import Any

from deckeditor.carddb.records import RecordError
from deckeditor.games.mtg.card import Card, DeckRuleLine, Face, Layout, PartnerInfo

_FACE_DEFAULTS = {f.name: f.default for f in fields(Face) if f.name != "name"}
_TUPLE_FACE_KEYS = ("supertypes", "types", "subtypes", "keywords")
_PARTNER_SETS = ("with_names", "types")
_PARTNER_FLAGS = (
    "plain",
    "choose_background",
    "doctors_companion",
    "is_background",
    "is_doctor",
)
_CARD_FLAGS = ("commander_text", "creature_in_command_zone", "wild_color", "companion")


def face_to_record(face: Face) -> dict[str, Any]:
    out: dict[str, Any] = {"name": face.name}
    for key, default in _FACE_DEFAULTS.items():
        value = getattr(face, key)
        if value == default and type(value) is type(default):
            continue
        out[key] = list(value) if key in _TUPLE_FACE_KEYS else value
    return out


def face_from_record(rec: dict[str, Any], where: str = "face") -> Face:
    if not isinstance(rec, dict) or not isinstance(rec.get("name"), str):
        raise RecordError(f"{where}: a face needs a string 'name'")
    unknown = set(rec) - set(_FACE_DEFAULTS) - {"name"}
    if unknown:
        raise RecordError(f"{where}: unknown face key {sorted(unknown)[0]!r}")
    kwargs: dict[str, Any] = {"name": rec["name"]}
    for key in _FACE_DEFAULTS:
        if key in rec:
            value = rec[key]
            kwargs[key] = tuple(value) if key in _TUPLE_FACE_KEYS else value
    try:
        return Face(**kwargs)
    except TypeError as exc:  # pragma: no cover - guarded by the key check above
        raise RecordError(f"{where}: {exc}") from None


def partner_to_record(p: PartnerInfo) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in _PARTNER_FLAGS:
        if getattr(p, key):
            out[key] = True
    for key in _PARTNER_SETS:
        value = getattr(p, key)
        if value:
            out[key] = sorted(value)
    return out


def partner_from_record(rec: dict[str, Any], where: str = "partner") -> PartnerInfo:
    if not isinstance(rec, dict):
        raise RecordError(f"{where}: expected an object")
    unknown = set(rec) - set(_PARTNER_FLAGS) - set(_PARTNER_SETS)
    if unknown:
        raise RecordError(f"{where}: unknown partner key {sorted(unknown)[0]!r}")
    kwargs: dict[str, Any] = {key: bool(rec[key]) for key in _PARTNER_FLAGS if key in rec}
    for key in _PARTNER_SETS:
        if key in rec:
            kwargs[key] = frozenset(rec[key])
    return PartnerInfo(**kwargs)


def mtg_to_record(card: Card) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": card.name,
        "layout": card.layout.value,
        "faces": [face_to_record(f) for f in card.faces],
    }
    if card.mana_value != 0.0 or type(card.mana_value) is not float:
        out["mana_value"] = card.mana_value
    if card.identity:
        out["identity"] = card.identity
    if card.keywords:
        out["keywords"] = sorted(card.keywords)
    if card.deck_rule_lines:
        out["deck_rule_lines"] = [{"face": d.face, "text": d.text} for d in card.deck_rule_lines]
    if card.own_copy_limit is not None:
        out["own_copy_limit"] = card.own_copy_limit
    if card.set_color_id:
        out["set_color_id"] = card.set_color_id
    partner = partner_to_record(card.partner)
    if partner:
        out["partner"] = partner
    for key in _CARD_FLAGS:
        if getattr(card, key):
            out[key] = True
    if card.printings:
        out["printings"] = list(card.printings)
    if card.source_identity is not None:
        out["source_identity"] = card.source_identity
    if card.legalities:
        out["legalities"] = card.legalities
    if card.legal_source:
        out["legal_source"] = card.legal_source
    if card.traits:
        out["traits"] = sorted(card.traits)
    if card.released:
        out["released"] = card.released
    if card.extra:
        out["extra"] = card.extra
    return out


_CARD_KEYS = frozenset(
    {
        "name",
        "layout",
        "faces",
        "mana_value",
        "identity",
        "keywords",
        "deck_rule_lines",
        "own_copy_limit",
        "set_color_id",
        "partner",
        *_CARD_FLAGS,
        "printings",
        "source_identity",
        "legalities",
        "legal_source",
        "traits",
        "released",
        "extra",
        "game",
    }
)


def mtg_from_record(rec: dict[str, Any]) -> Card:
    if not isinstance(rec, dict):
        raise RecordError("a card record must be an object")
    name = rec.get("name")
    if not isinstance(name, str) or not name:
        raise RecordError("card record: 'name' must be a non-empty string")
    where = f"card {name!r}"
    unknown = set(rec) - _CARD_KEYS
    if unknown:
        raise RecordError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    faces_rec = rec.get("faces")
    if not isinstance(faces_rec, list) or not faces_rec:
        raise RecordError(f"{where}: 'faces' must be a non-empty list")
    layout_text = rec.get("layout", "normal")
    try:
        layout = Layout(layout_text)
    except ValueError:
        raise RecordError(f"{where}: unknown layout {layout_text!r}") from None
    try:
        faces = tuple(face_from_record(f, f"{where}: faces[{i}]") for i, f in enumerate(faces_rec))
        return _build_card(rec, name, layout, faces, where)
    except RecordError:
        raise
    except (TypeError, KeyError, ValueError, AttributeError) as exc:
        raise RecordError(f"{where}: malformed record ({type(exc).__name__}: {exc})") from None


def _build_card(
    rec: dict[str, Any], name: str, layout: Layout, faces: tuple[Face, ...], where: str
) -> Card:
    rules = tuple(
        DeckRuleLine(face=d["face"], text=d["text"]) for d in rec.get("deck_rule_lines", ())
    )
    return Card(
        name=name,
        layout=layout,
        faces=faces,
        mana_value=rec.get("mana_value", 0.0),
        identity=rec.get("identity", 0),
        keywords=frozenset(rec.get("keywords", ())),
        deck_rule_lines=rules,
        own_copy_limit=rec.get("own_copy_limit"),
        set_color_id=rec.get("set_color_id", 0),
        partner=partner_from_record(rec.get("partner", {}), f"{where}: partner"),
        commander_text=bool(rec.get("commander_text", False)),
        creature_in_command_zone=bool(rec.get("creature_in_command_zone", False)),
        wild_color=bool(rec.get("wild_color", False)),
        companion=bool(rec.get("companion", False)),
        printings=tuple(rec.get("printings", ())),
        source_identity=rec.get("source_identity"),
        # One shared string per distinct statement, as the importer made it.
        legalities=sys.intern(str(rec.get("legalities", ""))),
        legal_source=sys.intern(str(rec.get("legal_source", ""))),
        traits=frozenset(rec.get("traits", ())),
        released=str(rec.get("released", "")),
        extra=dict(rec.get("extra", {})),
    )


# --- checking a record from outside (an own records file) ----------------------------------------
# The database's own records are what `to_record` wrote; a records *file* is untrusted input:
# a number where text belongs, or 10**30 where a colour mask belongs, would pass `from_record`
# and fail later (the role recognisers, SQLite's 64-bit integers) with a traceback.

_MASK = (0, 1 << 16)  # colour masks with room for the entry marks
_COUNT = (0, 1 << 31)
_VALUE = (-1e9, 1e9)  # mana values: Gleemax's is 1,000,000

_FACE_KINDS = {
    "name": "str",
    "mana_cost": "str",
    "colors": _MASK,
    "color_indicator": ("opt", _MASK),
    "supertypes": "strs",
    "types": "strs",
    "subtypes": "strs",
    "keywords": "strs",
    "power": ("opt", "str"),
    "toughness": ("opt", "str"),
    "loyalty": ("opt", "str"),
    "defense": ("opt", "str"),
    "oracle_text": "str",
    "mana_value": _VALUE,
}
_CARD_KINDS = {
    "name": "str",
    "layout": "str",
    "mana_value": _VALUE,
    "identity": _MASK,
    "keywords": "strs",
    "own_copy_limit": ("opt", _COUNT),
    "set_color_id": _COUNT,
    "printings": "strs",
    "source_identity": ("opt", _MASK),
    "legalities": "str",
    "legal_source": "str",
    "traits": "strs",
    "released": "str",
    "commander_text": "bool",
    "creature_in_command_zone": "bool",
    "wild_color": "bool",
    "companion": "bool",
    "extra": "dict",
    "partner": "dict",
    "faces": "list",
    "deck_rule_lines": "list",
}
_PARTNER_KINDS = {**{k: "bool" for k in _PARTNER_FLAGS}, **{k: "strs" for k in _PARTNER_SETS}}


def _fits(value: Any, kind: Any) -> bool:
    if isinstance(kind, tuple) and kind[0] == "opt":
        return value is None or _fits(value, kind[1])
    if isinstance(kind, tuple):  # a number within bounds (integers for masks and counts)
        low, high = kind
        number = (int, float) if isinstance(low, float) else int
        return (
            isinstance(value, number) and not isinstance(value, bool) and low <= value <= high
        )  # NaN is never within
    if kind == "strs":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return isinstance(value, {"str": str, "bool": bool, "dict": dict, "list": list}[kind])


def _check_keys(rec: dict[str, Any], kinds: dict[str, Any], where: str) -> None:
    for key, value in rec.items():
        kind = kinds.get(key)
        if kind is not None and not _fits(value, kind):
            raise RecordError(f"{where}: {key!r} has the wrong type or range ({_shown(value)})")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_mtg_record(rec: Any) -> None:
    """RecordError naming the card and key of the first value of the wrong type or range."""
    if not isinstance(rec, dict):
        raise RecordError("a card record must be an object")
    name = rec.get("name")
    where = f"card {name!r}" if isinstance(name, str) else "card record"
    _check_keys(rec, _CARD_KINDS, where)
    for i, face in enumerate(rec.get("faces") or ()):
        if isinstance(face, dict):
            _check_keys(face, _FACE_KINDS, f"{where}: faces[{i}]")
    if isinstance(rec.get("partner"), dict):
        _check_keys(rec["partner"], _PARTNER_KINDS, f"{where}: partner")
    for i, line in enumerate(rec.get("deck_rule_lines") or ()):
        if not (
            isinstance(line, dict)
            and isinstance(line.get("face"), str)
            and isinstance(line.get("text"), str)
        ):
            raise RecordError(f"{where}: deck_rule_lines[{i}] needs a string 'face' and 'text'")


def inherit(old: Any, new: Any) -> Any:
    """`new` replacing `old` (a later source, same name) keeps what only `old`'s source knew:
    the printings, release day and legality statement that a Forge script lacks."""
    if not isinstance(old, Card) or not isinstance(new, Card):
        return new
    changes: dict[str, Any] = {}
    if not new.printings and old.printings:
        changes["printings"] = old.printings
    if not new.released and old.released:
        changes["released"] = old.released
    if not new.legal_source and old.legal_source:
        changes["legalities"], changes["legal_source"] = old.legalities, old.legal_source
    if not old.traits <= new.traits:
        changes["traits"] = new.traits | old.traits
    return replace(new, **changes) if changes else new


# A records file of ours names each card's layout and faces; a Scryfall card object says
# "object": "card" and has neither key.
_RECORDS_HEAD = re.compile(r'^\[\s*\{[^{]*?"(?:layout|faces)"\s*:', re.S)


def recognises(head: str) -> bool:
    """A JSON text that starts as a list of MTG card records (not a Scryfall bulk file)."""
    return bool(_RECORDS_HEAD.match(head)) and '"object"' not in head[:2000]


def owns(card: object) -> bool:
    return isinstance(card, Card)


def model_classes() -> list[type]:
    return [Card, Face, PartnerInfo, DeckRuleLine]
