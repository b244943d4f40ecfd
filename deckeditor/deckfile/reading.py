"""Reading the own deck file (`deck-files.md` §3), layered so every failure names a place: the
JSON text is checked (`strict_json`), then the version (`schema.migrate`: older files migrated,
newer ones refused), and only then the schema, whose errors carry a key path and the line of that
key. The common well-formed file is read in plain Python (`fast`); anything else goes through the
pydantic models (`model`), loaded only then. Unknown keys at any level survive a read and a write
(`extra="allow"`), kept on the deck under `foreign["_json"]`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckeditor.deck import MAX_COUNT, Deck, Entry, Printing, Section, Unparsed
from deckeditor.deckfile.fast import deck_of
from deckeditor.deckfile.report import DeckFileError
from deckeditor.deckfile.schema import EXTRA_KEY, SCHEMA, Document, migrate
from deckeditor.deckfile.strict_json import key_path, load_json, scan

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

    from deckeditor.deckfile.model import DeckFileModel, EntryModel, PrintingModel

_FRIENDLY = {
    "count": f"must be an integer from 1 to {MAX_COUNT}",
    "forge_art": "must be an integer from 1 to 99",
}


def _message(error: ErrorDetails) -> str:
    loc = error["loc"]
    field = next((p for p in reversed(loc) if isinstance(p, str)), "")
    if error["type"] == "missing":
        return "required key is missing"
    if field in _FRIENDLY and loc[-1] == field:
        return _FRIENDLY[field]
    msg = error["msg"]
    return msg.removeprefix("Value error, ")


def _document(text: str, path: str | None) -> tuple[Document, str]:
    """The file's JSON object, pre-validated and migrated to this VERSION; (document, text)."""
    doc, text = load_json(text, path)
    if not isinstance(doc, dict):
        raise DeckFileError(path, 1, None, "not a Deck Editor deck (the file is not a JSON object)")
    if doc.get("schema") != SCHEMA:
        raise DeckFileError(path, 1, None, "not a Deck Editor deck")
    try:
        doc = migrate(doc, path)
    except DeckFileError as exc:
        line = scan(text)[0].get(("version",), 1)
        raise DeckFileError(path, line, None, exc.message) from None
    return doc, text


def _validate(doc: Document, text: str, path: str | None) -> DeckFileModel:
    # lazy: pydantic (~60 ms) loads only for a file the fast path does not take
    from pydantic import ValidationError

    from deckeditor.deckfile.model import DeckFileModel

    try:
        return DeckFileModel.model_validate(doc)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = tuple(p for p in error["loc"] if not str(p).startswith("function-"))
        lines, _ = scan(text)
        line = None
        for cut in range(len(loc), -1, -1):
            if loc[:cut] in lines:
                line = lines[loc[:cut]]
                break
        raise DeckFileError(path, line, None, f"{key_path(loc)}: {_message(error)}") from None


def parse_model(text: str, path: str | None = None) -> DeckFileModel:
    doc, text = _document(text, path)
    return _validate(doc, text, path)


def _printing(model: PrintingModel | None) -> Printing | None:
    if model is None:
        return None
    if model.ids is None:
        from deckeditor.deckfile.model import IdsModel  # lazy: as _validate (a model exists)

        ids = IdsModel()
    else:
        ids = model.ids
    p = Printing(
        set=model.set,
        number=model.number,
        finish=model.finish,
        forge_art=model.forge_art,
        scryfall=ids.scryfall,
        mtgo=ids.mtgo,
        arena=ids.arena,
        multiverse=ids.multiverse,
        code=model.code,
    )
    return None if p.is_empty() and not model.model_extra and not ids.model_extra else p


def _entry_extra(model: EntryModel) -> dict[str, dict[str, Any]]:
    extra: dict[str, dict[str, Any]] = {}
    if model.model_extra:
        extra[""] = dict(model.model_extra)
    if model.printing is not None:
        if model.printing.model_extra:
            extra["printing"] = dict(model.printing.model_extra)
        if model.printing.ids is not None and model.printing.ids.model_extra:
            extra["printing.ids"] = dict(model.printing.ids.model_extra)
    if model.choices is not None and model.choices.model_extra:
        extra["choices"] = dict(model.choices.model_extra)
    return extra


def model_to_deck(model: DeckFileModel) -> Deck:
    sections = []
    extras: dict[str, Any] = {}
    section_extra: dict[str, dict[str, Any]] = {}
    entry_extra: dict[str, list[Any]] = {}
    for sec in model.sections:
        if sec.model_extra:
            section_extra[sec.name] = dict(sec.model_extra)
        entries = []
        for i, e in enumerate(sec.entries):
            entries.append(
                Entry(
                    e.card,
                    e.count,
                    _printing(e.printing),
                    (e.choices.colors or "") if e.choices else "",
                    tuple(e.tags),
                    dict(e.flags),
                    None if e.categories is None else tuple(e.categories),
                )
            )
            if extra := _entry_extra(e):
                entry_extra.setdefault(sec.name, []).append([i, e.card, extra])
        sections.append(Section(sec.name, tuple(entries)))
    if model.model_extra:
        extras["top"] = dict(model.model_extra)
    if section_extra:
        extras["sections"] = section_extra
    if entry_extra:
        extras["entries"] = entry_extra
    unparsed_extra = [
        [i, dict(u.model_extra)] for i, u in enumerate(model.unparsed) if u.model_extra
    ]
    if unparsed_extra:
        extras["unparsed"] = unparsed_extra
    foreign = dict(model.foreign)
    if extras:
        foreign[EXTRA_KEY] = extras
    return Deck(
        game=model.game,
        name=model.name,
        format=model.format,
        notes=model.notes,
        tags=tuple(model.tags),
        sections=tuple(sections),
        unparsed=tuple(Unparsed(u.source, u.line, u.text, u.reason) for u in model.unparsed),
        foreign=foreign,
        created=model.created,
        modified=model.modified,
        bracket=model.bracket,
        template=model.template,
        category_names=model.category_names,
    )


def read_json_deck(text: str, path: str | None = None) -> Deck:
    """The deck of own-file text. The common well-formed file is read in plain Python
    (`deckfile.fast`); anything else (unknown keys, an error) goes through the pydantic models,
    so errors and odd files read exactly as they always did."""
    doc, text = _document(text, path)
    deck = deck_of(doc)
    return deck if deck is not None else model_to_deck(_validate(doc, text, path))
