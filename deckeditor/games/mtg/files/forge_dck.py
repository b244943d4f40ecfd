"""Forge `.dck` (`deck-files.md` §4): read and write.

Forge reads card segments by position; we classify them by their first character, so files from
other tools (flags without a set) still read. The writer stays positional-safe: flags only after a
set code, and always a count (`1996 World Champion` would otherwise be 1,996 copies).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from deckeditor.carddb.pool import CardPool
from deckeditor.deck import Deck, Entry, Printing
from deckeditor.deckfile_errors import DeckFileError, ImportResult, LineKind
from deckeditor.games.mtg.files.cardlines import CardLines, CardMemo
from deckeditor.games.mtg.files.common import (
    CONTROL,
    KEPT_UNPARSED,
    DeckBuilder,
    bad_line,
    clean_format,
    clean_name,
    clean_tags,
    export_name,
    merged_rows,
    move_one,
    parse_count,
    section_name,
    unprefixed,
    with_foreign,
)
from deckeditor.games.mtg.files.export_losses import (
    cards,
    deck_tag_losses,
    flag_losses,
    fold_sections,
    trimmed_name_losses,
)
from deckeditor.games.mtg.files.forge_request import (
    card_request,
    forge_flags,
    parse_request,
    request_and_losses,
    unwritable,
    written_name,
)
from deckeditor.games.mtg.files.plainline import plain
from deckeditor.games.mtg.format_rules import FORMAT_RULES
from deckeditor.linereader import report_for

KIND = "forge"

_CARD_SECTIONS = {
    "main": "Main",
    "sideboard": "Sideboard",
    "commander": "Commander",
    "maybeboard": "Maybeboard",
    "companion": "Companion",
}
_EXTRA_SECTIONS = {
    n.lower(): n
    for n in ("Avatar", "Planes", "Schemes", "Conspiracy", "Dungeon", "Attractions", "Contraptions")
}
_META_SECTIONS = ("metadata", "general")
_OWN_KEYS = {
    "name",
    "comment",
    "tags",
    "deckeditorformat",
    "deckeditorcompanion",
    "deckeditorbracket",
}

_HEADER = re.compile(r"^\[([^\]]*)\]$")
_KEYVALUE = re.compile(r"^([A-Za-z][A-Za-z0-9 _-]*)=(.*)$")
_CARD = re.compile(r"^(?:(\d+)\s+)?(\S.*)$")
_SIGNED = re.compile(r"^[-+−]\d+\s")  # `-1 Island`: a count, not part of a name
UNPARSED_PREFIX = "# unparsed: "


class _ForgeLines(CardLines):
    """How a Forge line reads (`deck-files.md` §4): headers, `key=value` lines in [metadata],
    card requests; card lines before any header go to Main."""

    trim = False  # the notes (`Comment=`) keep their trailing spaces

    def __init__(self, b: DeckBuilder) -> None:
        super().__init__(b, "Main")
        self.header: str | None = None  # None before any header
        self.meta: list[list[str]] = []
        self.own: dict[str, str] = {}
        self.extra_lines: dict[str, list[str]] = {}
        self.placed: dict[str, str] = {}  # unparsed line number → its section, to write it back

    def classify(self, number: int, text: str, shown: str | None, line: str) -> CardMemo | None:
        in_meta = self.header == "metadata"
        if not in_meta and (got := plain(line)) is not None:
            # `4 Opt`: no segment, flag or foil mark
            return self.plain_card(got[0], got[1])
        b = self.b
        if line.startswith(UNPARSED_PREFIX):  # an earlier export's unparsed line: unparsed again
            self._reject(number, unprefixed(line, UNPARSED_PREFIX), KEPT_UNPARSED)
        elif line[0] in "#;" and not CONTROL.search(line):  # a comment of any length
            b.mark(number, shown, LineKind.COMMENT)
        elif reason := bad_line(line):
            self._reject(number, text, reason)
        elif m := _HEADER.match(line):
            self._enter(m.group(1).strip())
            b.mark(number, shown, LineKind.SECTION)
        elif in_meta:
            self._metadata(number, text, shown, line)
        elif _KEYVALUE.match(line) and "|" not in line and not line[0].isdigit():
            self._key_value(number, text, shown, line)
        else:
            return self._card_line(number, text, line)
        return None

    def _reject(self, number: int, text: str, reason: str) -> None:
        self.b.reject(number, text, reason)
        self.placed[str(number)] = self.header or "Main"

    def _enter(self, key: str) -> None:
        low = key.lower()
        if low in _META_SECTIONS:
            self.header = "metadata"
            self.recall = False  # a card line read before is a `key=value` mistake here
            self.rows = None
            return
        self.header = _CARD_SECTIONS.get(low) or _EXTRA_SECTIONS.get(low) or key
        self.recall = True
        self.enter(self.header)

    def _metadata(self, number: int, text: str, shown: str | None, line: str) -> None:
        kv = _KEYVALUE.match(line)
        if kv is None:
            self._reject(number, text, "not a key=value line in [metadata]")
            return
        key, value = kv.group(1).strip(), kv.group(2).strip()
        if key.lower() == "comment":  # the notes as written, trailing spaces included
            value = text.lstrip().partition("=")[2]
        if key.lower() in _OWN_KEYS:
            self.own[key.lower()] = value
        else:
            self.meta.append([key, value])
        self.b.mark(number, shown, LineKind.METADATA)

    def _key_value(self, number: int, text: str, shown: str | None, line: str) -> None:
        """A `key=value` line outside [metadata]: kept in an extra section, else unparsed."""
        target = self.section
        if target not in _CARD_SECTIONS.values():
            self.extra_lines.setdefault(target, []).append(line)
            self.b.mark(number, shown, LineKind.METADATA)
        else:
            self._reject(number, text, "key=value line outside [metadata]")

    def _card_line(self, number: int, text: str, line: str) -> CardMemo | None:
        if _SIGNED.match(line):
            self._reject(number, text, "count outside 1–9999")
            return None
        m = _CARD.match(line)
        assert m is not None  # (a non-blank line always matches)
        count = 1
        if m.group(1) is not None:
            parsed_count = parse_count(m.group(1))
            if parsed_count is None:
                self._reject(number, text, "count outside 1–9999")
                return None
            count = parsed_count
        parsed = parse_request(m.group(2))
        if isinstance(parsed, str):
            self._reject(number, text, parsed)
            return None
        card_name, foil, seg = parsed
        printing = Printing(
            set=seg.set, number=seg.number, finish="foil" if foil else None, forge_art=seg.art
        )
        prep = self.b.prepare(card_name, printing, seg.colors, flags=seg.flags)
        return self.card(count, prep, warnings=tuple(seg.warnings))


def read(
    lines: str | list[str], pool: CardPool[Any] | None, *, name: str = "Imported deck"
) -> ImportResult:
    # a text is read a chunk of lines at a time, the report cutting each line's text from the
    # source (8 bytes a line, not a string: issue 15)
    b = DeckBuilder(pool, KIND, report_for(lines))
    reader = _ForgeLines(b)
    reader.read(lines)
    reader.done()
    if b.card_lines() == 0 and not reader.meta and not reader.own:
        raise DeckFileError(None, None, None, "no card lines")
    return _deck_of(b, reader, name)


def _deck_of(b: DeckBuilder, reader: _ForgeLines, name: str) -> ImportResult:
    """The deck the lines make: its metadata applied, what Forge alone holds kept in
    `foreign.forge`."""
    own, meta = reader.own, reader.meta
    fmt = clean_format(own.get("deckeditorformat"))
    if own.get("deckeditorformat") and fmt is None:
        meta.append(["DeckEditorFormat", own["deckeditorformat"]])
    deck = b.deck(
        name=clean_name(own.get("name"), name),
        format=fmt,
        notes=own.get("comment", ""),
        tags=clean_tags(t for t in own.get("tags", "").split(",")),
    )
    notes = list(b.notes)
    deck = _bracket(deck, own.get("deckeditorbracket"), notes, meta)
    deck = _companion(deck, b, own.get("deckeditorcompanion"), notes, meta)
    forge: dict[str, object] = {}
    if meta:
        forge["metadata"] = meta
    if reader.extra_lines:
        forge["sections"] = reader.extra_lines
    if reader.placed:
        forge["unparsed_sections"] = reader.placed
    deck = with_foreign(deck, "forge", forge)
    return ImportResult(deck, KIND, b.lines, notes)


def _bracket(deck: Deck, raw: str | None, notes: list[str], meta: list[list[str]]) -> Deck:
    """`DeckEditorBracket=`: the deck's bracket, or kept as written (like an unknown format)."""
    if not raw:
        return deck
    if raw in ("1", "2", "3", "4", "5"):
        return deck.with_bracket(int(raw))
    notes.append(f"DeckEditorBracket={raw}: not a bracket from 1 to 5; kept as is")
    meta.append(["DeckEditorBracket", raw])
    return deck


def _companion(
    deck: Deck, b: DeckBuilder, companion: str | None, notes: list[str], meta: list[list[str]]
) -> Deck:
    """`DeckEditorCompanion=`: one copy of that card moved from the Sideboard to Companion."""
    if not companion:
        return deck
    card = b.resolve(companion)[0]
    moved = move_one(deck, card, "Sideboard", "Companion")
    if moved is None:
        notes.append(f"companion {companion} is not in the sideboard; left as is")
        meta.append(["DeckEditorCompanion", companion])
        return deck
    notes.append(f"{card} read as companion")
    return moved


# --- writing -------------------------------------------------------------------------------------


def header_reads_as(name: str) -> str:
    """The section a `[name]` header reads back as: the known ones in any case (`[main]` is
    Main, `[planes]` is Planes), others as written, trimmed. A name no header can hold (a `]`
    ends the header; `metadata` and `general` are the metadata) is written with `]` as `)` and,
    for those two, ` cards` added."""
    key = section_name(name.replace("]", ")"))
    low = key.lower()
    if low in _META_SECTIONS:
        return f"{key} cards"
    return _CARD_SECTIONS.get(low) or _EXTRA_SECTIONS.get(low) or key


def write(deck: Deck, pool: CardPool[Any] | None = None) -> str:
    deck, _ = fold_sections(deck, header_reads_as)
    kept = deck.foreign.get("forge")
    forge: dict[str, Any] = kept if isinstance(kept, dict) else {}
    out = _metadata_lines(deck, pool, forge)
    companions = deck.section("Companion").entries
    blocks: list[tuple[str, Sequence[Entry]]] = [
        ("Commander", deck.section("Commander").entries),
        ("Main", deck.section("Main").entries),
        ("Sideboard", tuple(deck.section("Sideboard").entries) + tuple(companions)),
        ("Maybeboard", deck.section("Maybeboard").entries),
    ]
    canon = {"Commander", "Companion", "Main", "Sideboard", "Maybeboard"}
    blocks += [(s.name, s.entries) for s in deck.sections if s.name not in canon]
    extra_lines = forge.get("sections", {})
    extra_lines = extra_lines if isinstance(extra_lines, dict) else {}
    by_section = _unparsed_homes(deck, forge)
    out.extend(by_section.pop("metadata", []))
    for name, entries in blocks:
        out += _section_lines(
            name, entries, extra_lines.get(name, []), by_section.pop(name, []), pool
        )
    for rest in by_section.values():
        out.extend(rest)
    return "\n".join(out) + "\n"


def _metadata_lines(deck: Deck, pool: CardPool[Any] | None, forge: dict[str, Any]) -> list[str]:
    """`[metadata]` and its keys: the deck's own, then the kept ones the deck did not write."""
    out = ["[metadata]", f"Name={deck.name}"]
    if deck.notes:
        out.append("Comment=" + " ".join(deck.notes.splitlines()))
    if deck.tags:
        # as Forge's reader will see them: split at commas, trimmed (reported by `losses`)
        out.append("Tags=" + ",".join(clean_tags(p for t in deck.tags for p in t.split(","))))
    if deck.format:
        out.append(f"DeckEditorFormat={deck.format}")
    if deck.bracket is not None:
        out.append(f"DeckEditorBracket={deck.bracket}")
    companions = deck.section("Companion").entries
    if companions:
        out.append(f"DeckEditorCompanion={export_name(companions[0], pool)}")
    # Own keys come from the deck; one kept raw (a DeckEditorCompanion not in the sideboard,
    # a DeckEditorFormat that is no format code) goes back only when the deck wrote none.
    written = {line.split("=", 1)[0].lower() for line in out[1:]}
    for pair in forge.get("metadata", []):
        if isinstance(pair, (list, tuple)) and len(pair) == 2 and pair[0].lower() not in written:
            out.append(f"{pair[0]}={pair[1]}")
    return out


def _unparsed_homes(deck: Deck, forge: dict[str, Any]) -> dict[str, list[str]]:
    """The unparsed lines as comments, by the section they go back to the end of: the one they
    were read in (Forge files only), else "" (the end of the file)."""
    where = forge.get("unparsed_sections", {})
    where = where if isinstance(where, dict) else {}
    by_section: dict[str, list[str]] = {}
    for u in deck.unparsed:
        if not unprefixed(u.text, UNPARSED_PREFIX).strip():
            continue  # an empty line carries nothing, and `# unparsed:` alone reads as a comment
        home = where.get(str(u.line)) if u.source == KIND else None
        line = UNPARSED_PREFIX + unprefixed(u.text, UNPARSED_PREFIX)
        by_section.setdefault(home or "", []).append(line)
    return by_section


def _section_lines(
    name: str,
    entries: Sequence[Entry],
    extra: list[Any],
    tail: list[str],
    pool: CardPool[Any] | None,
) -> list[str]:
    """A section's header, its kept lines, its card lines and its unparsed lines."""
    # a name with a control character cannot be a line at all (reported by `losses`)
    entries = tuple(e for e in entries if not CONTROL.search(written_name(e, pool)))
    if not entries and not extra and not tail:
        return []
    out = [f"[{name}]", *(str(x) for x in extra)]
    # lines Forge cannot tell apart (etched and foil are both `+`) merged, as its reader would
    out.extend(
        f"{n} {body}"
        for n, body in merged_rows(
            (body, e.count, body)
            for e in entries
            if not unwritable(e, pool)
            for body in (card_request(e, pool),)
        )
    )
    # a name no card line can hold is kept as an unparsed line (reported by `losses`), not
    # written as a line that reads back as another card or as a foil
    out.extend(
        f"{UNPARSED_PREFIX}{e.count} {written_name(e, pool)}"
        for e in entries
        if unwritable(e, pool) and not CONTROL.search(written_name(e, pool))
    )
    return out + tail


def losses(deck: Deck, pool: CardPool[Any] | None = None, *, in_forge: bool = True) -> list[str]:
    """What the file loses of the deck: for Deck Editor reading it back, and (`in_forge`) what
    Forge itself ignores of it (kept in the file for Deck Editor: no loss for a save in place)."""
    deck, out = fold_sections(deck, header_reads_as)
    companions = deck.section("Companion")
    if companions.total > 1:  # DeckEditorCompanion names one card, and moves one copy back
        out.append(
            f"Companion ({cards(companions.total)}): only "
            f"{export_name(companions.entries[0], pool)} is read back as companion; "
            "the rest stays in the sideboard"
        )
    out += deck_tag_losses(deck, split=",")
    for _, e in deck.entries():
        p = e.printing
        if p and p.finish == "etched":
            out.append(f"{e.card}: etched written as foil")
        if p and (p.scryfall or p.mtgo or p.arena or p.multiverse):
            out.append(f"{e.card}: card ids not written")
        if p and p.number and not p.set:
            out.append(f"{e.card}: collector number not written (no set code)")
        if e.tags:
            out.append(f"{e.card}: card tags not written")
        out += flag_losses(e, kept=set(forge_flags(e)))
        if not unwritable(e, pool):
            out += request_and_losses(e, pool)[1]
        out += trimmed_name_losses(e, export_name(e, pool), KIND)
        if CONTROL.search(written_name(e, pool)):
            out.append(f"{e.card}: not written (a control character in the name)")
        elif unwritable(e, pool):
            out.append(
                f"{e.card}: a Forge card line cannot hold this name (`|` or a final "
                "`+`); written as an unparsed line"
            )
    if deck.unparsed:
        out.append(f"{len(deck.unparsed)} unparsed line(s) written as comments")
    return out + forge_ignores(write(deck, pool)) if in_forge else out


# What Forge's own reader takes from a `.dck`: the sections of its `DeckSection` and the keys its
# `DeckFileHeader` reads. Anything else in the file only Deck Editor reads back.
FORGE_SECTIONS = frozenset(
    {
        "avatar",
        "commander",
        "main",
        "sideboard",
        "planes",
        "schemes",
        "conspiracy",
        "dungeon",
        "attractions",
        "contraptions",
    }
)
FORGE_KEYS = frozenset(
    {
        "name",
        "comment",
        "tags",
        "aihints",
        "draftnotes",
        "deck type",
        "player",
        "playertype",
        "custom pool",
    }
)
# Deck Editor's own keys, said as what Forge does with them (the value in a player's words)
_OWN_KEY_LOSSES = {
    "deckeditorformat": "The format ({}) is kept only by Deck Editor; Forge ignores it",
    "deckeditorbracket": "The target bracket ({}) is kept only by Deck Editor; Forge ignores it",
    "deckeditorcompanion": "Forge reads the companion ({}) as a sideboard card; Deck Editor reads "
    "it back as the companion",
}


def _own_value(key: str, value: str) -> str:
    """A format code as its title ("commander" -> Commander); a value that is no code as written."""
    if key == "deckeditorformat":
        rule = FORMAT_RULES.get(value.strip().lower())
        return rule.title if rule is not None else f"“{value}”"
    return value


def forge_ignores(text: str) -> list[str]:
    """What Forge will drop of a file this writer wrote, in a player's words: the sections it has
    none of (the Maybeboard, extra sections), counted in cards, and the metadata keys it does not
    read."""
    cards_in: dict[str, int] = {}
    keys: list[tuple[str, str]] = []
    section = ""
    for line in text.splitlines():
        if line.startswith("#"):  # an unparsed line kept as a comment (counted on its own)
            continue
        if m := _HEADER.match(line):
            section = m.group(1)
            if section.lower() not in FORGE_SECTIONS | set(_META_SECTIONS):
                cards_in.setdefault(section, 0)
        elif section.lower() in _META_SECTIONS:
            key, sep, value = line.partition("=")
            if sep and key.strip().lower() not in FORGE_KEYS:
                keys.append((key.strip(), value))
        elif section in cards_in and (m := _CARD.match(line)) and line[0].isdigit():
            cards_in[section] += int(m.group(1) or 1)
    out = []
    for name, count in cards_in.items():
        where = "the Maybeboard" if name == "Maybeboard" else f"the section {name}"
        out.append(f"Forge ignores {where} ({cards(count)}); Deck Editor reads it back")
    other = []
    for key, value in keys:
        template = _OWN_KEY_LOSSES.get(key.lower())
        if template:
            out.append(template.format(_own_value(key.lower(), value)))
        else:
            other.append(key)
    if other:
        out.append(
            f"Forge ignores the metadata {'key' if len(other) == 1 else 'keys'} "
            f"{', '.join(other)}; Deck Editor keeps {'it' if len(other) == 1 else 'them'}"
        )
    return out
